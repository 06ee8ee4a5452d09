"""A match sheet: worked example C17, elimination, reenganche (A15), the winner, bad sheets."""

from __future__ import annotations

import json
import textwrap

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError
from mazo.solver.match.elimination import play_match
from mazo.solver.match.sheet import read_sheet

from tests.commands import in_memory, process

C16 = """\
  - cutter: A
    cards:
      A: 4o 5o 6o 9c 9e 9b 3e
      B: 7o 9o 2c 2e 5e 11c 11e
      C: 10e 10c 10o 4b 5b 6b 3c
"""


def sheet(tmp_path, text, name="sheet.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def play(path, **variant):
    return play_match(rules_for("conga", variant=variant), read_sheet(path))


def c17(tmp_path, extra=""):
    head = "players: [A, B, C]\nstart: {A: 92, B: 80, C: 60}\nhands:\n"
    return sheet(tmp_path, head + C16 + extra)


def test_c17_elimination_and_reenganche(tmp_path):
    result = play(c17(tmp_path))
    (line,) = result.lines
    assert line.points == {"A": 13, "B": 29, "C": 0}
    assert line.scored == {"A": 105, "B": 109, "C": 60}
    assert line.eliminated == ("A", "B") and line.reference == 60
    assert line.could_reenter == ("A", "B")
    # If neither re-enters, C wins the match.
    assert result.winners == ("C",) and result.won_by == "last_player_in"


def test_c17_both_reenter_at_the_same_total(tmp_path):
    result = play(c17(tmp_path, "    reenter: [A, B]\n"))
    (line,) = result.lines
    assert line.totals == {"A": 60, "B": 60, "C": 60} and line.reentered == ("A", "B")
    assert result.winners == () and result.still_in == ("A", "B", "C")


def test_c17_had_a_cut_clean_instead(tmp_path):
    path = sheet(
        tmp_path,
        """\
        players: [A, B, C]
        start: {A: 92, B: 80, C: 60}
        hands:
          - cutter: A
            cards:
              A: 11o 11c 11e 2e 3e 4e 5e
              B: 7o 9o 2c 1e 6e 11b 12e
              C: 10e 10c 10o 4b 5b 6b 3c
        """,
    )
    (line,) = play(path).lines
    assert line.totals["A"] == 82 and line.points["A"] == -10


def test_reenganche_only_once_and_off(tmp_path):
    text = """\
    players: [A, B]
    hands:
      - {A: 101, B: 20, reenter: [A]}
      - {A: 90, B: 0, reenter: [A]}
    """
    with pytest.raises(
        InputError, match=r"sheet.yaml:4 \(hand 2\): A has already re-entered once$"
    ):
        play(sheet(tmp_path, text))
    first = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: 101, B: 20, reenter: [A]}\n")
    assert play(first).totals == {"A": 20, "B": 20}
    with pytest.raises(InputError, match="reenganche is off"):
        play(first, reenganche="off")


def test_limit_is_exceeded_not_reached(tmp_path):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: 100, B: 101}\n")
    result = play(path)
    assert result.lines[0].eliminated == ("B",) and result.winners == ("A",)


def test_nobody_left_under_the_limit_lowest_wins(tmp_path):
    path = sheet(tmp_path, "players: [A, B, C]\nhands:\n  - {A: 120, B: 110, C: 110}\n")
    result = play(path)
    assert result.winners == ("B", "C") and result.won_by == "lowest_total"
    assert result.lines[0].could_reenter == ()


def test_conga_limpia_wins_outright(tmp_path):
    path = sheet(
        tmp_path,
        """\
        players: [A, B, C]
        start: {A: 99, B: 0, C: 0}
        hands:
          - cutter: A
            cards:
              A: 1o 2o 3o 4o 5o 6o 7o
              B: 1c 2c 3c 4e 5e 6e 12b
              C: 10e 10c 10o 4b 5b 6b 3b
          - {B: 3, C: 4}
        """,
    )
    with pytest.raises(InputError, match=r"\(hand 2\): the match was already won by A"):
        play(path)
    path.write_text(path.read_text().replace("  - {B: 3, C: 4}\n", ""))
    result = play(path)
    assert result.winners == ("A",) and result.won_by == "win_match"


def test_points_row_win_and_eliminated_players_sit_out(tmp_path):
    path = sheet(
        tmp_path,
        """\
        players: [A, B, C]
        hands:
          - {A: 5, B: 120, C: 7}
          - {A: 2, C: 9}
          - {C: 0, wins: A}
        """,
    )
    result = play(path)
    assert result.lines[1].points == {"A": 2, "C": 9} and result.winners == ("A",)
    path.write_text(path.read_text().replace("{A: 2, C: 9}", "{A: 2, B: 1, C: 9}"))
    with pytest.raises(InputError, match=r"\(hand 2\): B is out of the match"):
        play(path)


def test_csv_sheet_with_cards_and_points(tmp_path):
    path = sheet(
        tmp_path,
        """\
        hand,A,B,C,cutter,reenter
        start,92,80,60,,
        1,4o 5o 6o 9c 9e 9b 3e,7o 9o 2c 2e 5e 11c 11e,10e 10c 10o 4b 5b 6b 3c,A,A B
        2,5,12,-10,,
        """,
        "sheet.csv",
    )
    result = play(path)
    assert result.lines[0].scored == {"A": 105, "B": 109, "C": 60}
    assert result.totals == {"A": 65, "B": 72, "C": 50}


@pytest.mark.parametrize(
    "rows, message",
    [
        (
            "  - {A: 3, B: 4, D: 5}\n",
            r"sheet.yaml:3 \(hand 1\): unknown key 'D': not a player \(A, B\)",
        ),
        ("  - {A: 3, B: 4}\n  - {A: 3}\n", r"sheet.yaml:4 \(hand 2\): no points or cards for B"),
        (
            "  - cutter: A\n    cards: {A: 4o 5o 6o 9c 9e 9b 3e, B: 7o 9o 2c 2e 5e 11c}\n",
            r"sheet.yaml:3 \(hand 1\): B has 6 cards; Conga Uruguaya needs 7",
        ),
        ("  - cards: {A: 4o 5o 6o 9c 9e 9b 3e, B: 7o 9o 2c 2e 5e 11c 1b}\n", "needs its cutter"),
        ("  - {A: 3, B: many}\n", r"\(hand 1\)"),
        ("  - {A: 3, B: 4}\n  - {A: 3, B: 4, C: 1}\n", r"\(hand 2\): unknown key 'C'"),
    ],
)
def test_bad_sheets_name_the_row(tmp_path, rows, message):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n" + rows)
    with pytest.raises(InputError, match=message):
        play(path)


def mazo(*args):
    return process(*args, columns=200)


@pytest.mark.parametrize(
    "csv, culprit",
    [
        ("hand,A,B\n1,3,4\n2,5,\n", "sheet.csv:3 (hand 2): no points or cards for B"),
        (
            "hand,A,B,cutter\n1,4o 5o 6o 9c 9e 9b 3e,7o 9o,A\n",
            "sheet.csv:2 (hand 1): B has 2 cards",
        ),
        ("hand,A,B,cutter\n1,3,4,Z\n", "sheet.csv:2 (hand 1): unknown player 'Z'"),
    ],
)
def test_cli_bad_sheet_exit_2_and_no_pdf(tmp_path, csv, culprit):
    path = sheet(tmp_path, csv, "sheet.csv")
    pdf = tmp_path / "planilla.pdf"
    r = mazo("match", "conga", str(path), "--pdf", str(pdf), "--json", "--lang", "en")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert json.loads(r.stdout) == {"error": r.stderr.strip()[13:]}
    assert culprit in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == [path]  # no PDF, not even a temporary file


def test_cli_match_json_and_planilla_pdf(tmp_path):
    from pypdf import PdfReader

    path = c17(tmp_path, "    reenter: [A]\n  - {A: 4, C: 0}\n")
    pdf, again = tmp_path / "planilla.pdf", tmp_path / "again.pdf"
    r = mazo("match", "conga", str(path), "--json", "--pdf", str(pdf))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["hands"][0]["eliminated"] == ["A", "B"] and out["hands"][0]["reentered"] == ["A"]
    assert out["totals"] == {"A": 64, "B": 109, "C": 60} and out["winners"] == []
    text = PdfReader(pdf).pages[0].extract_text()
    for words in (
        "Planilla",
        "Conga Uruguaya",
        "Límite 100",
        "105",
        "reengancha en 60",
        "fuera",
        "64",
    ):
        assert words in text
    assert mazo("match", "conga", str(path), "--pdf", str(again)).returncode == 0
    assert pdf.read_bytes() == again.read_bytes()


def test_cli_match_table(tmp_path):
    r = mazo("match", "conga", str(c17(tmp_path)), "--lang", "en")
    assert r.returncode == 0 and "C wins: the last player left in." in r.stdout
    assert "did not re-enter at 60" in r.stdout


def test_a_player_not_named_in_reenter_declined_and_the_last_one_in_wins(tmp_path):
    """The row records the decision: text and JSON both say A stayed out and B won."""
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: 105, B: 3}\n")
    r = mazo("match", "conga", str(path), "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert "did not re-enter at 3" in r.stdout and "B wins: the last player left in." in r.stdout
    assert "could re-enter" not in r.stdout
    out = json.loads(mazo("match", "conga", str(path), "--json").stdout)
    (hand,) = out["hands"]
    assert hand["eliminated"] == ["A"] and hand["could_reenter"] == ["A"]
    assert out["finished"] and out["winners"] == ["B"] and out["still_in"] == ["B"]


def test_a_player_who_reenters_is_still_reported_as_out_that_hand(tmp_path):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: 105, B: 3, reenter: [A]}\n")
    out = json.loads(mazo("match", "conga", str(path), "--json").stdout)
    (hand,) = out["hands"]
    assert hand["eliminated"] == ["A"] and hand["reentered"] == ["A"]
    assert hand["could_reenter"] == [] and not out["finished"] and out["still_in"] == ["A", "B"]
    text = mazo("match", "conga", str(path), "--lang", "en").stdout
    assert "out, back at 3" in text


def test_the_pdf_is_named_as_rulebook_and_puzzles_name_theirs(tmp_path):
    pdf = tmp_path / "planilla.pdf"
    r = mazo("match", "conga", str(c17(tmp_path)), "--pdf", str(pdf))
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == f"escrito: {pdf}"
    assert (
        "wrote"
        not in mazo("match", "conga", str(c17(tmp_path)), "--pdf", str(pdf), "--json").stdout
    )


def test_planilla_in_english_with_the_totals_chart(tmp_path):
    from mazo.views.score_sheets import total_paths
    from pypdf import PdfReader

    path = c17(tmp_path, "    reenter: [A]\n  - {A: 4, C: 0}\n")
    pdf = tmp_path / "sheet.pdf"
    r = mazo("match", "conga", str(path), "--pdf", str(pdf), "--lang", "en")
    assert r.returncode == 0, r.stderr
    text = PdfReader(pdf).pages[0].extract_text()
    for words in ("Score sheet", "Limit 100", "re-enters at 60", "out", "Still in: A, C."):
        assert words in text, words
    # The chart under the table: its title, the elimination line's label, a legend per player.
    assert "Each player's total, hand by hand" in text and "limit 100" in text
    assert "Límite" not in text and "fuera" not in text
    # A's line climbs to 105, drops to the 60 it re-entered at, then adds 4; B stops when out.
    paths = total_paths(play(path))
    assert paths["A"] == [(0, 92), (1, 105), (1, 60), (2, 64)]
    assert paths["B"] == [(0, 80), (1, 109)]
    assert paths["C"] == [(0, 60), (1, 60), (2, 60)]


def test_planilla_language_must_be_es_or_en(tmp_path):
    pdf = tmp_path / "sheet.pdf"
    r = mazo("match", "conga", str(c17(tmp_path)), "--pdf", str(pdf), "--lang", "fr")
    # said in the game's own language, a --lang it cannot read passed over
    assert r.returncode == 2 and "--lang lleva es o en, no 'fr'" in r.stderr
    assert not pdf.exists()


@pytest.mark.parametrize(
    ("game", "text", "totals"),
    [
        (
            "conga",
            "players: [1, 2, 3]\nstart: {2: 10}\nhands:\n  - {1: 105, 2: 3, 3: 0, reenter: [1]}\n",
            {"1": 13, "2": 13, "3": 0},
        ),
        ("gin", "players: [1, 2]\nhands:\n  - {1: 25, 2: 0}\n", {"1": 25, "2": 0}),
        (
            "canasta",
            "players: [1, 2]\nhands:\n  - {1: {table: 'KS KH KD KC KS KH KD'}, 2: 5}\n",
            {"1": 570, "2": 5},
        ),
    ],
)
def test_players_named_by_numbers_are_matched_in_every_row(tmp_path, game, text, totals):
    r = mazo("match", game, str(sheet(tmp_path, text)), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["totals"] == totals


@pytest.mark.parametrize(
    "text",
    [
        "players: [A, B]\nhands:\n  - {A: 30, B: 5}\n  - {A: 80, B: 7}\n",
        "hand,A,B\n1,30,5\n2,80,7\n",
        "hand;A;B\n1;30;5\n2;80;7\n",
    ],
)
def test_a_sheet_piped_on_stdin_reads_as_its_file_does(tmp_path, text):
    """`-`: YAML or CSV (a first line of names), each the same match as from its file."""
    suffix = ".yaml" if text.startswith("players") else ".csv"
    path = tmp_path / f"sheet{suffix}"
    path.write_text(text)
    from_file = process("match", "conga", path, "--json")
    piped = process("match", "conga", "-", "--json", stdin=text)
    assert piped.returncode == from_file.returncode == 0, piped.stderr
    assert json.loads(piped.stdout) == json.loads(from_file.stdout)
    bad = process("match", "conga", "-", stdin=text.replace("30", "thirty"))
    assert bad.returncode == 2 and bad.stderr.startswith("mazo: error: <stdin>:")


@pytest.mark.parametrize(
    ("text", "as_csv"),
    [
        ("# El sábado, en lo de Ana\nplayers: [A, B]\nhands:\n  - {A: 30, B: 5}\n", False),
        (
            "\n  # comas, y más; y punto y coma\n\n# otra, más\n"
            "players: [A, B]\nhands: [{A: 3, B: 0}]\n",
            False,
        ),
        ("#1,#2\n30,5\n", True),  # players named with a '#': a CSV header, not a comment
    ],
)
def test_a_sheet_on_stdin_opening_with_a_comment_reads_by_its_first_other_line(
    monkeypatch, text, as_csv
):
    from mazo.solver.match.sheet import parse_sheet

    raw = text.encode()
    assert parse_sheet(raw, "<stdin>", csv=None) == parse_sheet(raw, "<stdin>", csv=as_csv)
    code, out, err = in_memory(monkeypatch, "match", "conga", "-", "--json", stdin=raw)
    assert code == 0, err
    assert json.loads(out)["players"] == (["#1", "#2"] if as_csv else ["A", "B"])
