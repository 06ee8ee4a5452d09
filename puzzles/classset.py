"""A class set: one or more kinds on a sheet, and `versions` different sheets of them.

Each kind's puzzles for every version are found together (so no two versions share a position)
and dealt out in turn, easy first, so every version climbs through the same levels.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mazo.solver.errors import OptionError
from mazo.solver.spec.rulespec import RuleSpec

from .generate import Puzzle, Sheet, make_sheet

MAX_VERSIONS = 10
# Each version is printed with its letter: Hoja A, Hoja B …
VERSION_LETTERS = string.ascii_uppercase[:MAX_VERSIONS]


@dataclass(frozen=True, slots=True)
class ClassSet:
    """The versions of a sheet, in order; one version is an ordinary sheet."""

    sheets: tuple[Sheet, ...]
    # The letters of a version taken out of its set (`split`), which keeps its own.
    letters: tuple[str, ...] = ()

    @property
    def labels(self) -> tuple[str, ...]:
        """Each sheet's letter, or none when there is only one."""
        if self.letters:
            return self.letters
        if len(self.sheets) == 1:
            return ("",)
        return tuple(VERSION_LETTERS[: len(self.sheets)])

    def split(self) -> tuple[ClassSet, ...]:
        """Each version alone, still called by its letter: one file per version."""
        return tuple(
            ClassSet((sheet,), (label,))
            for sheet, label in zip(self.sheets, self.labels, strict=True)
        )

    def to_dict(self) -> dict[str, Any]:
        """One sheet as `Sheet.to_dict`; several with their puzzles under `versions`."""
        first = self.sheets[0].to_dict()
        if len(self.sheets) == 1:
            return first
        del first["puzzles"]
        first["versions"] = [
            {"version": label, "puzzles": sheet.to_dict()["puzzles"]}
            for label, sheet in zip(self.labels, self.sheets, strict=True)
        ]
        return first


def read_kinds(values: Sequence[str]) -> list[str]:
    """`--kind a,b --kind c` as [a, b, c]; a kind named twice, or an empty name, is refused, not
    dropped."""
    kinds = [k.strip().lower() for value in values for k in value.split(",")]
    if "" in kinds:  # "--kind a," or --kind "": a kind left out by mistake, never skipped
        raise OptionError.of("kind_empty", kinds=", ".join(map(repr, values)))
    twice = sorted({k for k in kinds if kinds.count(k) > 1})
    if twice:
        raise OptionError.of("kind_twice", kinds=", ".join(twice))
    return kinds


def shares(count: int, parts: int) -> list[int]:
    """`count` puzzles split among `parts` kinds as evenly as can be, the first kinds first."""
    return [count // parts + (i < count % parts) for i in range(parts)]


def make_class_set(
    spec: RuleSpec,
    kinds: Sequence[str],
    count: int,
    *,
    seed: int,
    difficulty: str | None = None,
    versions: int = 1,
    progress: Callable[[int], None] | None = None,
) -> ClassSet:
    """`versions` sheets of `count` puzzles each, the kinds in the order given."""
    if not 1 <= versions <= MAX_VERSIONS:
        raise OptionError.of("versions_range", most=MAX_VERSIONS, value=versions)
    if count < 1:  # before the kinds: "-n -3 is fewer than the 1 kinds" would miss the point
        raise OptionError.of("n_at_least", value=count)
    if count < len(kinds):  # so two kinds or more: "kinds" always agrees
        raise OptionError.of("n_fewer", n=count, kinds=len(kinds))
    per_version: list[list[Puzzle]] = [[] for _ in range(versions)]
    done = 0
    for kind, share in zip(kinds, shares(count, len(kinds)), strict=True):

        def shown(found: int, before: int = done) -> None:
            if progress is not None:
                progress(before + found)

        sheet = make_sheet(
            spec,
            kind,
            share,
            seed=seed,
            difficulty=difficulty,
            versions=versions,
            progress=shown,
        )
        for i, puzzle in enumerate(sheet.puzzles):
            per_version[i % versions].append(puzzle)
        done += len(sheet.puzzles)
    return ClassSet(
        tuple(
            Sheet(
                game=spec.game,
                kind=",".join(kinds),
                seed=seed,
                variant=spec.changed_options(),
                puzzles=tuple(
                    replace(puzzle, number=number) for number, puzzle in enumerate(puzzles, 1)
                ),
            )
            for puzzles in per_version
        )
    )
