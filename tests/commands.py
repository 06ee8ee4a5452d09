"""Running `mazo` commands in this process, and one small position per command for any spec."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from mazo.cli import main
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on
from mazo.solver.spec.rulespec import RuleSpec


@dataclass
class Run:
    code: int
    out: str
    err: str


def mazo(capsys, monkeypatch, *args) -> Run:
    """The command through `main`, its error boundary, as a user would run it."""
    monkeypatch.setattr(sys, "argv", ["mazo", *map(str, args)])
    try:
        main()
        code = 0
    except SystemExit as leaving:
        code = leaving.code if isinstance(leaving.code, int) else 1
    out = capsys.readouterr()
    return Run(code, out.out, out.err)


class _Bytes(io.BytesIO):
    def __init__(self, data: bytes, tty: bool):
        super().__init__(data)
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


class _Stream(io.TextIOWrapper):
    """A standard stream in memory, a terminal or not."""

    def __init__(self, data: bytes = b"", tty: bool = False):
        super().__init__(_Bytes(data, tty), encoding="utf-8", write_through=True)


def in_memory(
    monkeypatch, *args: str, stdin: bytes | None = b"", tty: bool = False
) -> tuple[int, bytes, str]:
    """`mazo ARGS` through its error boundary with its standard streams in memory (stdin None:
    closed): the exit code, stdout's bytes and stderr's text."""
    out, err = _Stream(tty=tty), _Stream()
    monkeypatch.setattr(sys, "argv", ["mazo", *args])
    monkeypatch.setattr(sys, "stdin", None if stdin is None else _Stream(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    try:
        main()
        code = 0
    except SystemExit as leaving:
        code = leaving.code or 0
    return code, out.buffer.getvalue(), err.buffer.getvalue().decode("utf-8")


def process(*args, stdin=None, cwd=None, columns=None) -> subprocess.CompletedProcess:
    """The real command in a fresh process: the installed entry point, its exit code and bytes."""
    env = None if columns is None else {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run(
        [sys.executable, "-m", "mazo", *map(str, args)],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        env=env,
    )


def command_lines(spec: RuleSpec, rules: list[str], folder: Path) -> dict[str, list[str]]:
    """Each command on a position dealt from the spec's own deck, under `rules` (the flags that
    choose the rules: --variant or --rules)."""
    game = spec.game
    cards = spec.deck.codes(spec.deck.all_cards())
    lines = {
        "rulebook": ["rulebook", game, *rules, "--format", "md", "-o", folder / "book.md"],
    }
    if spec.mechanism == "rummy":
        size = spec.hand_size
        lines["solve"] = ["solve", game, *rules, " ".join(cards[: size + 1])]
        cutter, rival = cards[:size], cards[size : 2 * size]
        # Under Oklahoma every hand has an upcard: the next card of the deck.
        upcard = cards[2 * size] if oklahoma_on(spec) else None
        lines["score"] = [
            *("score", game, *rules),
            *("--cutter", " ".join(cutter), "--rival", f"B={' '.join(rival)}"),
            *(("--upcard", upcard) if upcard else ()),
        ]
        if spec.match.elimination_limit is not None or spec.match.target is not None:
            sheet = folder / "sheet.yaml"
            sheet.write_text(
                "players: [A, B]\nhands:\n  - cutter: A\n"
                + (f"    upcard: {upcard}\n" if upcard else "")
                + "    cards:\n"
                f"      A: {' '.join(cutter)}\n      B: {' '.join(rival)}\n",
                encoding="utf-8",
            )
            lines["match"] = ["match", game, sheet, *rules]
    elif spec.mechanism == "conquian":
        lines["solve"] = ["solve", game, *rules, " ".join(cards[:2]), "--faced", cards[2]]
    else:
        lines["solve"] = ["solve", game, *rules, " ".join(cards[: spec.hand_size]), "--score", "0"]
        lines["score"] = ["score", game, *rules, "--table", " ".join(cards[:3])]
        sides = [f"S{n}" for n in range(1, spec.own.sides + 1)]
        sheet = folder / "sheet.yaml"
        sheet.write_text(
            f"players: [{', '.join(sides)}]\nhands:\n"
            f"  - {{{', '.join(f'{s}: {n * 5}' for n, s in enumerate(sides))}}}\n"
            f"  - {sides[0]}: {{table: {' '.join(cards[:3])}}}\n"
            + "".join(f"    {s}: 0\n" for s in sides[1:]),
            encoding="utf-8",
        )
        lines["match"] = ["match", game, sheet, *rules]
    if spec.puzzle_kinds:
        lines["puzzles"] = [
            *("puzzles", game, *rules, "--kind", spec.puzzle_kinds[0]),
            *("-n", "2", "--seed", "1", "--json"),
        ]
    return lines
