"""Planillas for a real night: a close written on a row of points, any elimination limit from 1
to 1000, the sheet's title, date and place, a blank planilla, and mistakes shown after the
valid rows."""

from __future__ import annotations

import json
import textwrap

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError
from mazo.solver.match.elimination import play_match
from mazo.solver.match.sheet import read_sheet

from tests.commands import in_memory

C16 = "{cutter: A, cards: {A: 4o 5o 6o 9c 9e 9b 3e, B: 7o 9o 2c 2e 5e 11c 11e}}"


def sheet(tmp_path, text, name="sheet.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def play(path, **variant):
    return play_match(rules_for("conga", variant=variant), read_sheet(path))


@pytest.fixture
def mazo(monkeypatch):
    """`mazo ARGS` in this process (a fresh one costs seconds): exit code, stdout, stderr."""
    monkeypatch.setenv("COLUMNS", "80")

    def run(*args):
        code, out, err = in_memory(monkeypatch, *map(str, args))
        return code, out.decode(), err

    return run


# --- a close written on a row of points -------------------------------------------------------


@pytest.mark.parametrize(
    "row",
    [
        "  - {B: 20, C: 14, cutter: A, close: conga_limpia}\n",
        "  - {B: 20, C: 14, cutter: A, close: ¡Conga Limpia!}\n",
        "  - {B: 20, C: 14, cutter: A, close: conga-limpia, wins: A}\n",
    ],
)
def test_a_conga_limpia_on_a_points_row_wins_the_match(tmp_path, row):
    path = sheet(tmp_path, "players: [A, B, C]\nhands:\n  - {A: 12, B: 30, C: 0}\n" + row)
    result = play(path)
    assert result.winners == ("A",) and result.won_by == "win_match"
    assert result.totals == {"A": 12, "B": 50, "C": 14}
    # The row after it is refused: the match is over, as after the cards' Conga Limpia.
    with pytest.raises(InputError, match=r"\(hand 3\): the match was already won by A"):
        play(sheet(tmp_path, path.read_text() + "  - {A: 1, B: 1, C: 1}\n"))


def test_a_close_that_does_not_win_leaves_the_match_open(tmp_path):
    path = sheet(
        tmp_path, "players: [A, B]\nhands:\n  - {A: -10, B: 20, cutter: A, close: corte_limpio}\n"
    )
    result = play(path)
    assert result.winners == () and result.totals == {"A": -10, "B": 20}


def test_a_close_in_a_csv_column(tmp_path):
    path = sheet(tmp_path, "hand,A,B,cutter,close\n1,3,4,,\n2,,10,A,conga_limpia\n", "s.csv")
    result = play(path)
    assert result.winners == ("A",) and result.totals == {"A": 3, "B": 14}


@pytest.mark.parametrize(
    "row, message",
    [
        ("{B: 20, cutter: A, close: corte}", "close 'corte' is not one of conga's: conga_limpia, "),
        ("{B: 20, close: conga_limpia}", "close conga_limpia is written without its cutter"),
        (
            "{B: 20, cutter: A, close: conga_limpia, wins: B}",
            "wins the match for its cutter A, not for B",
        ),
        ("{A: 3, B: 20, cutter: A}", "names its cutter only beside its close"),
        ("{A: 3, B: 20, cutter: A, close: 7}", "close is the name of a close, not 7"),
        (
            C16.replace("cutter: A", "cutter: A, close: conga_limpia"),
            "the cards make a corte_con_puntos, not the conga_limpia",
        ),
    ],
)
def test_a_written_close_that_cannot_be(tmp_path, row, message):
    path = sheet(tmp_path, f"players: [A, B]\nhands:\n  - {row}\n")
    with pytest.raises(
        InputError, match=r"sheet.yaml:3 \(hand 1\): .*" + message.replace("(", r"\(")
    ):
        play(path)


def test_canasta_rows_have_no_close(tmp_path, mazo):
    path = sheet(tmp_path, "players: [N, E]\nhands:\n  - {N: 100, E: 50, close: corte}\n")
    code, _, err = mazo("match", "canasta", path)
    assert code == 2 and "a Canasta hand has no close" in err


# --- elimination limits -------------------------------------------------------------------------


def test_a_club_plays_to_120(tmp_path):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: 110, B: 3}\n  - {A: 11, B: 3}\n")
    with pytest.raises(InputError, match="already won by B"):
        play(path)  # past 100 at once
    result = play(path, elimination_limit=120)
    assert result.limit == 120 and result.winners == ("B",)
    assert result.lines[0].eliminated == () and result.lines[1].eliminated == ("A",)


@pytest.mark.parametrize("limit", ["0", "1001", "12.5", "ciento"])
def test_a_limit_outside_1_to_1000_is_refused_in_one_line(tmp_path, mazo, limit):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: 1, B: 3}\n")
    for game in ("conga", "chinchon"):
        code, out, err = mazo("match", game, path, "--variant", f"elimination_limit={limit}")
        assert code == 2 and out == ""
        assert err == (
            f"mazo: error: option 'elimination_limit' does not take '{limit}': "
            "a whole number 1..1000\n"
        )


def test_games_lists_the_limit_as_a_range(mazo):
    assert (
        "elimination_limit=100  a whole number 1..1000"
        in mazo("games", "chinchon", "--lang", "en")[1]
    )
    (game,) = json.loads(mazo("games", "conga", "--json")[1])["games"]
    (option,) = [o for o in game["options"] if o["name"] == "elimination_limit"]
    assert option["allowed"] == "a whole number 1..1000" and option["default"] == 100
