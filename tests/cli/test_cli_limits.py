"""Limits that match the game, answers that do not mislead, contradictions refused: each fed to
the command line, one line on stderr and nothing written where it is refused."""

from __future__ import annotations

import json
import sys

import pytest

from tests.cli import test_cli_inputs


@pytest.fixture(autouse=True)
def english_views(no_language_chosen, monkeypatch):
    # The messages these tests read are the English views' (the Spanish ones are the languages
    # tests' to check).
    monkeypatch.setenv("MAZO_LANG", "en")


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


# --- contradictions ----------------------------------------------------------------------------

HAND = "1o 2o 3o 4o 5o 6o 7o 12b"


def _conga_renamed(game: str, aliases: str) -> str:
    """The built-in Conga spec as a whole spec under another name and aliases."""
    from importlib.resources import files

    source = (files("mazo.rulebooks") / "specs" / "conga.yaml").read_text(encoding="utf-8")
    lines = [
        f"game: {game}"
        if line.startswith("game:")
        else f"aliases: {aliases}"
        if line.startswith("aliases:")
        else line
        for line in source.splitlines()
    ]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "text, field",
    [
        ("extends: conga\ngame: gin-rummy\n", "a.yaml:2, field 'game'"),
        (_conga_renamed("mine", "[gin, mia]"), "field 'aliases.0'"),
        (_conga_renamed("gin", "[mia]"), "field 'game'"),
    ],
)
def test_a_rules_file_claiming_another_game_is_refused(run, folder, text, field):
    (folder / "a.yaml").write_text(text, encoding="utf-8")
    line = run("spec", "check", "a.yaml").fails_cleanly()
    assert field in line and "gin" in line
    run("solve", "conga", "--rules", "a.yaml", HAND).fails_cleanly()


def test_a_rules_file_may_name_the_game_it_extends(run, folder):
    (folder / "a.yaml").write_text("extends: conga\ngame: Conga\n", encoding="utf-8")
    assert run("spec", "check", "a.yaml").code == 0
    (folder / "b.yaml").write_text(_conga_renamed("mine", "[mia]"), encoding="utf-8")
    assert run("solve", "mine", "--rules", "b.yaml", HAND).code == 0


def test_an_option_given_twice_is_refused(run, folder):
    for again in ("cut_threshold=7", "cut-threshold=3"):
        args = ("--variant", "cut_threshold=3", "--variant", again)
        line = run("solve", "conga", *args, HAND).fails_cleanly()
        assert "given twice" in line
        run("rulebook", "conga", *args, "-o", "a.pdf").fails_cleanly()
    assert listing(folder) == {}


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "conga", HAND, "--lang", "es", "--lang", "en"),
        ("solve", "conga", HAND, "--lang=es", "--lang", "en", "--json"),
        ("puzzles", "conga", "-n", "2", "-n", "3", "-o", "a.pdf"),
        ("rulebook", "conga", "--format", "md", "--format", "pdf", "-o", "a.md"),
        ("match", "conga", "sheet.csv", "--pdf", "a.pdf", "--pdf", "b.pdf"),
        ("solve", "canasta", "AS AD AC KH KD KC QS QD TC 9H 3S", "--score", "1", "--score", "2"),
    ],
)
def test_every_option_given_twice_is_refused_the_same_way(run, folder, args):
    (folder / "sheet.csv").write_text("A,B\n3,4\n", encoding="utf-8")
    line = run(*args).fails_cleanly()
    assert "is given twice" in line
    assert set(listing(folder)) == {"sheet.csv"}  # nothing written


def test_a_batch_line_giving_an_option_twice_is_answered_in_its_place(run):
    good = json.dumps({"hand": HAND})
    lines = [
        good,
        json.dumps({"hand": HAND, "cut_threshold": 3, "variant": {"cut_threshold": 7}}),
        '{"hand": "1o 2o 3o 4o 5o 6o 7o 12b", "cut_threshold": 3, "cut_threshold": 7}',
        json.dumps({"hand": HAND, "cut_threshold": 3, "cut-threshold": 7}),
        good,
    ]
    result = run("solve", "conga", "-", "--json", stdin="\n".join(lines).encode())
    answers = [json.loads(line) for line in result.text.splitlines()]
    assert result.code == 2 and len(answers) == 5
    assert [a.get("line") for a in answers] == [None, 2, 3, 4, None]
    assert all("twice" in a["error"] for a in answers[1:4])
    assert answers[0]["close"] == answers[4]["close"] == "conga_limpia"


# --- numbers -----------------------------------------------------------------------------------

CANASTA = "AS AD AC KH KD KC QS QD TC 9H 3S"


@pytest.mark.parametrize("number", ["1_0", "３", "+3", "1e1", "999999999999999999999999999999"])
def test_every_number_is_read_one_way(run, folder, number):
    for args in (
        ("solve", "conga", "--variant", f"cut_threshold={number}", HAND),
        ("solve", "canasta", CANASTA, "--score", number),
        ("advise", "conga", "3o 4o 6o 11c 11e 11b 12b", "--horizon", number),
        ("puzzles", "conga", "-n", number, "-o", "a.pdf"),
        ("puzzles", "conga", "--seed", number, "-o", "a.pdf"),
        ("solve", "conga", HAND, "--time-limit", number),
    ):
        assert number in run(*args).fails_cleanly() or "…" in run(*args).fails_cleanly()
    lines = [json.dumps({"hand": CANASTA, "score": number}), json.dumps({"hand": CANASTA})]
    result = run("solve", "canasta", "-", "--json", stdin="\n".join(lines).encode())
    first, second = (json.loads(line) for line in result.text.splitlines())
    assert result.code == 2 and first["line"] == 1 and "can_open" in second
    assert listing(folder) == {}


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        ("99999999999999999999999999", "99999999999999999999999…"),
        ("-123456789012345678901234", "-1234567890123456789012…"),
        ("1" * 1500, "11111111111111111111111…"),
        ("1000000000000", "1000000000000"),
    ],
)
def test_a_long_number_in_a_sheet_is_shown_by_its_first_digits(run, folder, number, shown):
    (folder / "s.yaml").write_text(f"players: [A, B]\nhands:\n  - {{A: {number}, B: 0}}\n")
    line = run("match", "canasta", "s.yaml").fails_cleanly()
    assert line.endswith(f"A's points: {shown} is out of range (-100000 to 100000)"), line
    assert listing(folder) == {"s.yaml": (folder / "s.yaml").read_bytes()}


# --- names that would break the one line -------------------------------------------------------


@pytest.mark.parametrize(
    "name, shown", [("a\nb.yaml", r"'a\nb.yaml'"), ("a\udcffb.yaml", r"'a\xffb.yaml'")]
)
def test_a_file_name_that_would_break_the_line_is_quoted(run, folder, name, shown):
    assert shown in run("spec", "check", name).fails_cleanly()
    (folder / name).write_text("extends: conga\nbogus: 1\n", encoding="utf-8")
    assert run("spec", "check", name).fails_cleanly().startswith(f"mazo: error: {shown}:2")


def test_a_player_name_with_a_line_break_is_refused_on_one_line(run, folder):
    (folder / "p.yaml").write_text('players: ["A\\nB", C]\nhands:\n  - {C: 5}\n', encoding="utf-8")
    line = run("match", "conga", "p.yaml", "--pdf", "p.pdf").fails_cleanly()
    assert r"'A\nB'" in line and "one line" in line
    cutter = ("--cutter", "4o 5o 6o 9c 9e 9b 3e")
    rival = "B=7o 9o 2c 2e 5e 11c 11e"
    assert (
        r"'A\nB'"
        in run("score", "conga", *cutter, "--cutter-name", "A\nB", "--rival", rival).fails_cleanly()
    )
    assert (
        r"'B\xff'"
        in run("score", "conga", *cutter, "--rival", "B\udcff" + rival[1:]).fails_cleanly()
    )
    assert sorted(listing(folder)) == ["p.yaml"]


# --- limits that match the game ----------------------------------------------------------------


@pytest.mark.parametrize("game, count", [("conga", 5), ("conga", 9), ("chinchon", 7), ("gin", 3)])
def test_a_sheet_seats_the_players_the_game_has(run, folder, game, count):
    names = [f"P{i}" for i in range(count)]
    rows = "\n".join(f"{','.join(['1'] * count)}" for _ in range(2))
    (folder / "s.csv").write_text(",".join(names) + "\n" + rows + "\n", encoding="utf-8")
    line = run("match", game, "s.csv", "--pdf", "s.pdf").fails_cleanly()
    assert "s.csv:1: " in line and f"the sheet lists {count} players" in line
    assert sorted(listing(folder)) == ["s.csv"]


def test_a_sheet_holds_one_match(run, folder):
    (folder / "s.csv").write_text("A,B\n" + "0,0\n" * 501, encoding="utf-8")
    line = run("match", "conga", "s.csv", "--pdf", "s.pdf").fails_cleanly()
    assert "s.csv:502: more than 500 hands" in line
    assert sorted(listing(folder)) == ["s.csv"]


@pytest.mark.parametrize(
    "text, where",
    [
        ("extends: conga\nvariant_name: " + "x" * 81 + "\n", "a.yaml:2, field 'variant_name'"),
        (
            "extends: conga\nvariant_name: x\nprose: {es: [{title: " + "y" * 2001 + "}]}\n",
            "a.yaml:3",
        ),
    ],
)
def test_a_text_too_long_to_print_is_refused(run, folder, text, where):
    (folder / "a.yaml").write_text(text, encoding="utf-8")
    assert where in run("rulebook", "conga", "--rules", "a.yaml", "-o", "a.pdf").fails_cleanly()
    assert sorted(listing(folder)) == ["a.yaml"]


def test_advise_through_cp_sat_shows_its_progress_on_a_terminal(run, monkeypatch):
    from mazo import progress
    from rich.console import Console

    seen = "1o 2o 7o 8o 9o 10o 11o 12o 1c 2c 3c 4c 5c 6c 7c 8c 9c 10c 12c 1e 2e 3e 4e 5e 6e 7e"
    args = ("advise", "conga", "3o 4o 6o 11c 11e 11b 12b", "--pozo-top", "5o", "--seen", seen)
    quick = run(*args, "--horizon", "1", "--backend", "cpsat", "--json")
    assert quick.code == 0 and quick.err == ""  # not a terminal: no bar
    monkeypatch.setattr(progress, "PROGRESS_AFTER_SECONDS", -1.0)
    monkeypatch.setattr(
        progress, "console", lambda stderr: Console(file=sys.stderr, force_terminal=True)
    )
    for lang, words in (("es", "manos resueltas"), ("en", "hands solved")):
        shown = run(*args, "--horizon", "1", "--backend", "cpsat", "--lang", lang)
        assert shown.code == 0 and words in shown.err


def test_take_or_draw_sheets_stay_quick(run, folder):
    line = run(
        "puzzles", "conga", "--kind", "take-or-draw", "-n", "25", "-o", "a.pdf"
    ).fails_cleanly()
    assert "between 1 and 24 for take-or-draw" in line
    assert listing(folder) == {}


def test_a_batch_line_may_not_change_a_rule_the_command_line_gave(run):
    line = json.dumps({"hand": HAND, "cut_threshold": 7})
    r = run(
        "solve",
        "conga",
        "--variant",
        "cut_threshold=3",
        "-",
        "--json",
        stdin=(line + "\n").encode(),
    )
    assert r.code == 2 and "given both on the command line and in the line" in r.text


def test_versions_is_read_as_every_number_is(run):
    run("puzzles", "conga", "-n", "2", "--versions", "1_0").fails_cleanly()


def test_a_file_name_is_shown_with_its_escapes(run):
    line = run("match", "conga", "q\udcff.csv").fails_cleanly()
    assert "'q\\xff.csv'" in line
