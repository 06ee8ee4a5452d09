"""Running `mazo` commands in this process, and one small position per command for any spec."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from mazo.cli import main
from mazo.solver.spec import RuleSpec
from mazo.solver.upcard import oklahoma_on


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
    if spec.puzzle_kinds:
        lines["puzzles"] = [
            *("puzzles", game, *rules, "--kind", spec.puzzle_kinds[0]),
            *("-n", "2", "--seed", "1", "--json"),
        ]
    return lines
