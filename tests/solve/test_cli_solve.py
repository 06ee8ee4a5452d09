import io
import json
import os
import random
import re
import subprocess
import sys

import pytest
from mazo import solve
from mazo.commands.solve import view
from mazo.output import Lines
from mazo.solver.api import rules_for
from mazo.solver.backends import search
from rich.console import Console

from tests.commands import process as mazo


def test_solve_json_fields():
    r = mazo("solve", "conga", "1o 2o 3o 4o 5o 6o 7o 12b", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["discard"] == "12b" and out["close"] == "conga_limpia"
    for field in (
        "game",
        "hand",
        "melds",
        "deadwood",
        "deadwood_points",
        "discard",
        "discards",
        "can_cut",
        "close",
        "proven_optimal",
    ):
        assert field in out


@pytest.mark.parametrize(
    "args, culprit",
    [
        (["solve", "conga", "13o", "1o"], "13o"),
        (["solve", "conga", "--variant", "deck_size=40", "8o", "1o"], "8o"),
        (["solve", "conga", "1o", "1o"], "1o"),
        (["solve", "conga", "*", "*", "*"], "jokers"),
        (["solve", "truco", "1o"], "truco"),
        (["solve", "conga", "--variant", "cut_treshold=3", "1o"], "cut_treshold"),
        (["solve", "conga", "--variant", "cut_threshold=many", "1o"], "many"),
        (["solve", "conga", "--variant", "cut_threshold", "1o"], "KEY=VALUE"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, culprit):
    r = mazo("--lang", "en", *args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert culprit in r.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "conga", "zz"],
        ["solve", "conga", "1o 2o 3o 4o 5o 6o 7o 13b"],
        ["solve", "conga", "1o 2o 3o 4o 5o 6o 7o 12b", "--no-such-flag"],
        ["advise", "gin", "AS"],
        ["games", "bridge"],
    ],
)
def test_bad_input_under_json_is_one_json_error_on_stdout(args):
    r = mazo("--lang", "en", *args, "--json")  # the JSON's English, said on stderr alike
    line = r.stderr.strip()
    assert r.returncode == 2 and len(line.splitlines()) == 1 and line.startswith("mazo: error: ")
    assert json.loads(r.stdout) == {"error": line.removeprefix("mazo: error: ")}


def test_bad_input_without_json_leaves_stdout_empty():
    r = mazo("solve", "conga", "zz")
    assert r.returncode == 2 and r.stdout == ""


def test_batch_answers_every_line_in_order():
    stdin = (
        "1o 2o 3o 4o 5o 6o 7o 12b\n1o 2o zz\n"
        '{"hand": ["4o","5o","6o","10c","10e","10b","5c","12b"], "cut_threshold": 3}\n'
    )
    r = mazo("solve", "conga", "--json", "-", stdin=stdin)
    lines = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 2
    assert lines[0]["close"] == "conga_limpia"
    assert "zz" in lines[1]["error"]
    assert lines[2]["deadwood_points"] == 5 and lines[2]["can_cut"] is False


def test_terminal_view_groups_melds():
    r = mazo("solve", "conga", "4o", "5o", "6o", "10c", "10e", "10b", "5c", "12b", "--lang", "en")
    assert r.returncode == 0
    assert "Meld" in r.stdout and "Cut with points" in r.stdout


def test_a_long_batch_answers_as_each_hand_alone():
    """Past search.BATCH lines the batch goes through the deck's meld table."""
    rng = random.Random("cli-batch")
    deck = [r + s for s in "SHDC" for r in "A23456789TJQK"]
    hands = [" ".join(rng.sample(deck, rng.choice((10, 11)))) for _ in range(search.BATCH + 30)]
    r = mazo("solve", "gin", "--json", "-", stdin="\n".join(hands) + "\n")
    assert r.returncode == 0, r.stderr
    alone = [json.loads(json.dumps(solve("gin-rummy", h).to_dict())) for h in hands]
    assert [json.loads(line) for line in r.stdout.splitlines()] == alone
    text = mazo("solve", "gin", "-", stdin="\n".join(hands[-2:]) + "\n")
    views = [mazo("solve", "gin", h).stdout for h in hands[-2:]]
    assert text.stdout == "\n".join(views) and "Every discard" in text.stdout  # blank line between


@pytest.mark.parametrize(
    "game, hand, position",
    [
        ("conga", "1o 2o * 4o 5o 6o 7o 12b", {}),
        ("gin-rummy", "AS 2S 3S 7H 7D 7C KD QC 9H 4D 5D", {}),
        ("conquian", "4c 5c 1b 7c 7e 12b 11b 10b", {"faced": "6e", "rival_table": "3e 4e 5e"}),
        ("canasta", "AS AD AC KH KD KC QS QD TC 9H 3S", {"score": 3000, "pozo_top": "QH"}),
    ],
)
def test_the_plain_view_is_what_rich_prints_without_its_colours(game, hand, position):
    """Where rich would print no styles, the view writes its text itself (rich's Text costs more
    than the solve); with colours, rich prints it. The two hold the same characters."""
    result = solve(game, hand, **position)
    spec = rules_for(game)
    plain, styled = io.StringIO(), io.StringIO()
    settings = {"highlight": False, "soft_wrap": True, "markup": False, "emoji": False}
    Lines(Console(file=plain, **settings)).show(view(result, spec, spec.lang))
    Lines(Console(file=styled, force_terminal=True, color_system="standard", **settings)).show(
        view(result, spec, spec.lang)
    )
    assert "\x1b[" in styled.getvalue()
    assert plain.getvalue() == re.sub(r"\x1b\[[0-9;]*m", "", styled.getvalue())


def test_a_piped_solve_starts_without_rich_console():
    """A pipe gets the plain text without importing rich.console, a large part of a call's
    start; FORCE_COLOR still gets rich's colours."""
    code = (
        "import sys\n"
        "from mazo.cli import main\n"
        "sys.argv = ['mazo', 'solve', 'conga', '1o', '2o', '3o', '4o', '5o', '6o', '7o', '12b']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "sys.stderr.write(f'rich.console loaded: {\"rich.console\" in sys.modules}')\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    piped = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert piped.stderr == "rich.console loaded: False", piped.stderr
    assert "12b" in piped.stdout and "\x1b[" not in piped.stdout
    forced = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={**env, "FORCE_COLOR": "1"},
    )
    assert forced.stderr == "rich.console loaded: True", forced.stderr
    assert "\x1b[" in forced.stdout
    assert re.sub(r"\x1b\[[0-9;]*m", "", forced.stdout) == piped.stdout


def test_the_collector_is_off_while_mazo_starts_and_on_for_the_command():
    """`mazo` starts with the collector off (its modules and command tree live as long as the
    program) and runs the command with it on, so that a long command frees its cycles, the
    start-up's objects frozen out of its scans; a call in a process that keeps the collector on
    (a test's) freezes nothing."""
    code = (
        "import gc, sys\n"
        "import mazo.cli, mazo.entry\n"
        "import mazo.commands.solve as solve\n"
        "seen = []\n"
        "registered, answered = mazo.cli._register, solve._solve_one\n"
        "def register(argv):\n"
        "    seen.append(('start', gc.isenabled(), gc.get_freeze_count() > 0))\n"
        "    registered(argv)\n"
        "def answer(*args):\n"
        "    seen.append(('command', gc.isenabled(), gc.get_freeze_count() > 0))\n"
        "    return answered(*args)\n"
        "mazo.cli._register, solve._solve_one = register, answer\n"
        "sys.argv = ['mazo', 'solve', 'conga', '1o', '2o', '3o', '4o', '5o', '6o', '7o', '12b']\n"
        "for main in (mazo.cli.main, mazo.entry.main):\n"
        "    try:\n        main()\n    except SystemExit:\n        pass\n"
        "sys.stderr.write(repr(seen))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert "12b" in done.stdout
    in_a_test = [("start", True, False), ("command", True, False)]
    started = [("start", False, False), ("command", True, True)]
    assert done.stderr == repr(in_a_test + started), done.stderr


def test_games_lists_options():
    r = mazo("games", "--json")
    games = {g["game"]: g for g in json.loads(r.stdout)["games"]}
    assert {"conga", "chinchon", "gin-rummy"} <= set(games)
    names = {o["name"] for o in games["conga"]["options"]}
    assert {
        "deck_size",
        "jokers",
        "cut_threshold",
        "joker_loose_value",
        "conga_con_comodin",
        "elimination_limit",
        "reenganche",
    } <= names


@pytest.mark.parametrize("backend", ["auto", "search", "cpsat"])
def test_every_backend_from_the_command_line(backend):
    r = mazo("solve", "conga", "--backend", backend, "--json", "4o 5o 6o 10c 10e 10b 5c 12b")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["deadwood_points"] == 5


def test_an_unknown_backend_is_a_usage_error():
    r = mazo("solve", "conga", "--backend", "quantum", "1o 2o 3o 4o 5o 6o 7o")
    assert r.returncode == 2 and "quantum" in r.stderr
