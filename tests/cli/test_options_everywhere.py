"""Every option value `mazo games` lists works in every command: solve, score, match, rulebook,
puzzles and spec check (one small position each, run in this process)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from mazo.solver.api import rules_for

from tests.commands import command_lines, mazo


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
    spec = rules_for(game, variant={option: value})
    rules = tmp_path / "club.yaml"
    rules.write_text(f"extends: {game}\nvariant: {{{option}: {value}}}\n", encoding="utf-8")
    lines = {
        "spec check": ["spec", "check", rules],
        **command_lines(spec, ["--variant", f"{option}={value}"], tmp_path),
        "rulebook --rules": [
            *("rulebook", game, "--rules", rules),
            *("--format", "md", "-o", tmp_path / "club.md"),
        ],
    }
    assert {"solve", "rulebook", "puzzles"} <= set(lines)  # score: every game with points
    for name, args in lines.items():
        result = mazo(capsys, monkeypatch, *args)
        assert result.code == 0, f"{name}: mazo {' '.join(map(str, args))}: {result.err}"
