"""Every option value `mazo games` lists works in every command: solve, score, match, rulebook,
puzzles and spec check (one small position each, run in this process)."""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass

import pytest
from mazo.cli import main
from mazo.solver.api import rules_for


@dataclass
class Run:
    code: int
    out: str
    err: str


def mazo(capsys, monkeypatch, *args) -> Run:
    monkeypatch.setattr(sys, "argv", ["mazo", *map(str, args)])
    try:
        main()
        code = 0
    except SystemExit as leaving:
        code = leaving.code or 0
    out = capsys.readouterr()
    return Run(code, out.out, out.err)


def listed_values(option: dict) -> list[str]:
    """The values an option's `allowed` text names: each choice, or a range's ends."""
    allowed = option["allowed"]
    if allowed.startswith("one of "):
        return allowed[len("one of ") :].split(", ")
    if allowed == "true or false":
        return ["true", "false"]
    ends = re.fullmatch(r"a whole number (-?\d+)\.\.(-?\d+)", allowed)
    assert ends, f"option {option['name']}: cannot read {allowed!r}"
    return list(ends.groups())


def cases() -> list[tuple[str, str, str]]:
    """(game, option, value) for every value `mazo games --json` lists, read once."""
    import subprocess

    listing = subprocess.run(
        [sys.executable, "-m", "mazo", "games", "--json"], capture_output=True, text=True
    )
    found = []
    for game in json.loads(listing.stdout)["games"]:
        for option in game["options"]:
            found += [(game["game"], option["name"], v) for v in listed_values(option)]
    return found


CASES = cases()


def test_the_listing_covers_every_game_and_option():
    assert {g for g, _, _ in CASES} == {
        "conga",
        "chinchon",
        "gin-rummy",
        "conquian",
        "canasta-uruguaya",
    }
    assert ("conga", "pass_penalty", "0") in CASES and ("conga", "jokers", "0") in CASES


@pytest.mark.parametrize("game, option, value", CASES)
def test_every_option_value_in_every_command(game, option, value, tmp_path, capsys, monkeypatch):
    def run(*args):
        result = mazo(capsys, monkeypatch, *args)
        assert result.code == 0, f"mazo {' '.join(map(str, args))}: {result.err}"
        return result

    flag = ("--variant", f"{option}={value}")
    spec = rules_for(game, variant={option: value})
    cards = spec.deck.codes(spec.deck.all_cards())
    rules = tmp_path / "club.yaml"
    rules.write_text(f"extends: {game}\nvariant: {{{option}: {value}}}\n", encoding="utf-8")
    run("spec", "check", rules)
    run("rulebook", game, *flag, "--format", "md", "-o", tmp_path / "book.md")
    run("rulebook", game, "--rules", rules, "--format", "md", "-o", tmp_path / "club.md")
    if spec.mechanism == "rummy":
        size = spec.hand_size
        run("solve", game, *flag, " ".join(cards[: size + 1]))
        cutter, rival = cards[:size], cards[size : 2 * size]
        run("score", game, *flag, "--cutter", " ".join(cutter), "--rival", f"B={' '.join(rival)}")
        if spec.match.elimination_limit is not None:
            sheet = tmp_path / "sheet.yaml"
            sheet.write_text(
                "players: [A, B]\nhands:\n  - cutter: A\n    cards:\n"
                f"      A: {' '.join(cutter)}\n      B: {' '.join(rival)}\n",
                encoding="utf-8",
            )
            run("match", game, sheet, *flag)
    elif spec.mechanism == "conquian":
        run("solve", game, *flag, " ".join(cards[:2]), "--faced", cards[2])
    else:
        run("solve", game, *flag, " ".join(cards[: spec.hand_size]), "--score", "0")
        frente = [c for c in cards if c.startswith("K")][:3]
        run("score", game, *flag, "--table", " ".join(frente), "--hand", cards[0])
    kind = spec.puzzle_kinds[0]
    run("puzzles", game, *flag, "--kind", kind, "-n", "1", "--json")
