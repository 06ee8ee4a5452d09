"""Limits that match the game, answers that do not mislead, contradictions refused: each fed to
the command line, one line on stderr and nothing written where it is refused."""

from __future__ import annotations

import json

from tests import test_cli_inputs

run = test_cli_inputs.run
folder = test_cli_inputs.folder
listing = test_cli_inputs.listing

# Four runs and a 7 of bastos: the obvious packing (the longest runs first) leaves the 7b loose,
# the best one groups it with 7o and 7c and leaves nothing.
RUNS = (
    "1o 2o 3o 4o 5o 6o 7o 8o 9o 10o 11o 12o 1c 2c 3c 4c 5c 6c 7c 8c 9c 10c 11c 12c 1e 2e 3e 4e 5e"
)


def test_a_stopped_search_is_never_worse_than_the_obvious_packing(run):
    out = json.loads(run("solve", "conga", RUNS, "7b", "--time-limit", "0.001", "--json").text)
    assert out["deadwood_points"] <= 7 and out["melds"]
    assert out["proven_optimal"] is False and out["deadwood_bound"] == 0
    shown = run("solve", "conga", RUNS, "7b", "--time-limit", "0.001")
    assert "leaves 0 to 7 loose points" in shown.text


def test_a_search_given_time_proves_its_answer(run):
    out = json.loads(run("solve", "conga", RUNS, "7b", "--backend", "cpsat", "--json").text)
    assert (out["deadwood_points"], out["proven_optimal"], out["deadwood_bound"]) == (0, True, 0)
    out = json.loads(run("solve", "conga", "1o 2o 3o 4o 5o 6o 7o 12b", "--json").text)
    assert (out["deadwood_points"], out["deadwood_bound"]) == (0, 0)
