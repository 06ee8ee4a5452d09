"""What `mazo solve` answers for a rummy hand: the JSON contract of `mazo solve --json`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mazo.solver.plain import plain


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One possible discard and what the kept cards then give."""

    card: str
    deadwood_points: int
    can_cut: bool
    close: str | None
    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer for one hand; its fields are the JSON contract of `mazo solve --json`."""

    game: str
    hand: tuple[str, ...]
    melds: tuple[tuple[str, ...], ...]
    meld_kinds: tuple[str, ...]
    deadwood: tuple[str, ...]
    deadwood_points: int
    discard: str | None
    discards: tuple[DiscardOption, ...]
    can_cut: bool
    close: str | None
    close_score: int | str | None
    proven_optimal: bool
    # The fewest loose points the search could not rule out: deadwood_points when proven.
    deadwood_bound: int
    variant: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(frozen=True, slots=True)
class UpcardSolveResult(SolveResult):
    """A hand solved under Oklahoma: the answer, and the upcard that set its knock limit (a
    class of its own, as the compiled search fills exactly SolveResult's fields)."""

    upcard: str = ""
    multiplier: int = 1  # what the hand's points are multiplied by (a spade: 2)
