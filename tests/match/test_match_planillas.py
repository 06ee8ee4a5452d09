"""Planillas for a real night: a close written on a row of points, any elimination limit from 1
to 1000, the sheet's title, date and place, a blank planilla, and mistakes shown after the
valid rows."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError
from mazo.solver.match.elimination import play_match
from mazo.solver.match.sheet import read_sheet
from mazo.templates.scoresheet import LEAST_BLANK_ROWS

from tests.commands import in_memory
from tests.match.test_match import play, sheet


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


def test_the_printed_planilla_names_the_close_that_won(tmp_path, mazo):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {B: 20, cutter: A, close: conga_limpia}\n")
    for lang, said in (("es", "Gana A con ¡Conga Limpia!"), ("en", "A wins with Conga Limpia")):
        pdf = tmp_path / f"{lang}.pdf"
        assert mazo("match", "conga", path, "--pdf", pdf, "--lang", lang)[0] == 0
        text = " ".join(pdf_text(pdf).split())
        assert said in text and "¡Conga Limpia!." not in text and "wins the match" not in text


@pytest.mark.parametrize(
    "game, text",
    [
        ("conga", "hand;Ana;Beto;Caro\n1;5;10;20\n2;12;-10;3\n"),
        ("gin", "hand;Ana;Beto\n1;20;0\n2;0;15\n"),
        ("canasta", "hand;Nos;Ellos\n1;300;150\n2;200;400\n"),
    ],
)
def test_a_filled_sheets_spare_rows_are_numbered_on(tmp_path, mazo, game, text):
    """The rows left to carry on by hand are numbered 3, 4, ... as a blank planilla's are."""
    pdf = tmp_path / "s.pdf"
    code = mazo("match", game, sheet(tmp_path, text, "s.csv"), "--pdf", pdf, "--paper", "letter")
    assert code[0] == 0
    lines = [line.strip() for line in pdf_text(pdf).splitlines()]
    numbers = [int(line) for line in lines if line.isdigit()]
    # The spare rows from 3 on, then the chart's axis (its hands 1 and 2, and its points).
    spare = numbers[numbers.index(3) :]
    spare = spare[: next(i for i, n in enumerate(spare) if n != i + 3)]
    assert len(spare) >= LEAST_BLANK_ROWS


def test_a_long_name_in_the_heading_breaks_only_between_words(tmp_path, mazo):
    pdf = tmp_path / "b.pdf"
    players = "Maximiliano Fernández,Beto,Caro,Dani,Eva,Fede"
    assert mazo("match", "chinchon", "--players", players, "--pdf", pdf)[0] == 0
    lines = [line.strip() for line in pdf_text(pdf).splitlines()]
    assert "Maximiliano" in lines and "Fernández" in lines  # its own line each, not "Maximilia"
    # A name that fits keeps the heading's size.
    assert mazo("match", "chinchon", "--players", "Ana,Beto", "--pdf", pdf)[0] == 0
    assert "Ana" in pdf_text(pdf)


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
        (
            "{B: 20, cutter: A, close: corte}",
            "close 'corte' is not one of conga's; write one of its closes: conga_limpia or ",
        ),
        ("{B: 20, close: corte_limpio}", "close Clean cut is written without its cutter"),
        (
            "{B: 20, cutter: A, close: conga_limpia, wins: B}",
            "wins the match for its cutter A, not for B",
        ),
        ("{A: 3, B: 20, cutter: A}", "names its cutter only beside its close"),
        ("{A: 3, B: 20, cutter: A, close: 7}", "close is the name of a close, not 7"),
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
    code, _, err = mazo("match", "canasta", path, "--lang", "en")
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
            f"mazo: error: la opción 'elimination_limit' no admite '{limit}': "
            "un número entero 1..1000\n"
        )


def test_games_lists_the_limit_as_a_range(mazo):
    assert (
        "elimination_limit=100  a whole number 1..1000"
        in mazo("games", "chinchon", "--lang", "en")[1]
    )
    (game,) = json.loads(mazo("games", "conga", "--json")[1])["games"]
    (option,) = [o for o in game["options"] if o["name"] == "elimination_limit"]
    assert option["allowed"] == "a whole number 1..1000" and option["default"] == 100


# --- the night: title, date, place; the paper -----------------------------------------------

NIGHT = """\
title: Torneo de los viernes
date: 2026-12-05
place: Club Atenas
players: [Ana, Beto]
hands:
  - {Ana: 12, Beto: 30}
"""


def pdf_text(path) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def pdf_size(path) -> tuple[int, int]:
    from pypdf import PdfReader

    box = PdfReader(path).pages[0].mediabox
    return round(float(box.width)), round(float(box.height))


def test_title_date_and_place_head_the_planilla_and_the_view(tmp_path, mazo):
    path, pdf = sheet(tmp_path, NIGHT), tmp_path / "n.pdf"
    code, out, _ = mazo("match", "conga", path, "--pdf", pdf, "--lang", "en")
    assert code == 0
    assert out.splitlines()[:2] == [
        "Torneo de los viernes · 5 December 2026 · Club Atenas",
        "Conga Uruguaya: limit 100",
    ]
    text = pdf_text(pdf)
    assert (
        "Torneo de los viernes" in text
        and "Score sheet · Conga Uruguaya · 5 December 2026 · Club Atenas" in text
    )
    # Not in the JSON, which is the match's, nor among the players.
    code, out, _ = mazo("match", "conga", path, "--json")
    assert "Atenas" not in out and json.loads(out)["players"] == ["Ana", "Beto"]


@pytest.mark.parametrize(
    ("written", "es", "en"),
    [
        ("2026-12-05", "05/12/2026", "5 December 2026"),
        ("2027-01-31", "31/01/2027", "31 January 2027"),
        ("viernes 5", "viernes 5", "viernes 5"),
        ("2026-02-30", "2026-02-30", "2026-02-30"),  # no such day: as written
        ("20261205", "20261205", "20261205"),
    ],
)
def test_a_date_is_written_as_a_reader_of_the_language_writes_it(written, es, en):
    from mazo.solver.words import dated

    assert (dated(written, "es"), dated(written, "en")) == (es, en)


def test_the_spanish_planilla_writes_the_date_day_first(tmp_path, mazo):
    path, pdf = sheet(tmp_path, NIGHT), tmp_path / "n.pdf"
    code, out, _ = mazo("match", "conga", path, "--pdf", pdf, "--lang", "es")
    assert code == 0 and out.splitlines()[0] == "Torneo de los viernes · 05/12/2026 · Club Atenas"
    assert "Planilla · Conga Uruguaya · 05/12/2026 · Club Atenas" in pdf_text(pdf)


def test_a_long_title_date_and_place_wrap_within_80_columns(tmp_path, mazo):
    long = NIGHT.replace("Torneo de los viernes", "Campeonato de Conga del Club Social " * 2)
    code, out, _ = mazo("match", "conga", sheet(tmp_path, long), "--lang", "es")
    lines = out.splitlines()
    assert code == 0 and max(len(line) for line in lines[:3]) <= 80
    assert lines[2] == "Conga Uruguaya: límite 100"


def test_a_csv_sheet_says_its_title_in_rows_as_it_says_its_start(tmp_path, mazo):
    path = sheet(
        tmp_path,
        "hand,Ana,Beto\ntitle,Final del club\nplace,Sede, Montevideo\nstart,10,0\n1,3,4\n",
        "s.csv",
    )
    assert read_sheet(path).about.line("es") == "Final del club · Sede, Montevideo"
    assert play(path).totals == {"Ana": 13, "Beto": 4}


@pytest.mark.parametrize(
    "line, message",
    [
        ("title: [1]", "title is text, not [1]"),
        ('place: "a\\tb"', "the place 'a\\tb' is not text on one line"),
        ("date: " + "x" * 81, "the date is 81 characters long; it has at most 80"),
    ],
)
def test_a_title_date_or_place_that_is_not_one_line_of_text(tmp_path, line, message):
    path = sheet(tmp_path, line + "\nplayers: [A, B]\n")
    with pytest.raises(InputError) as caught:
        read_sheet(path)
    assert str(caught.value) == f"{path}:1: {message}"


def test_the_planilla_prints_on_letter_paper(tmp_path, mazo):
    path, a4, letter = sheet(tmp_path, NIGHT), tmp_path / "a4.pdf", tmp_path / "letter.pdf"
    assert mazo("match", "conga", path, "--pdf", a4)[0] == 0
    assert mazo("match", "conga", path, "--pdf", letter, "--paper", "LETTER")[0] == 0
    assert pdf_size(a4) == (595, 842) and pdf_size(letter) == (612, 792)
    assert "Torneo de los viernes" in pdf_text(letter)
    code, out, err = mazo("match", "conga", path, "--pdf", tmp_path / "x.pdf", "--paper", "a5")
    assert (code, out, err) == (2, "", "mazo: error: --paper lleva a4 o letter, no 'a5'\n")


# --- a blank planilla -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, args, words",
    [
        (
            "conga",
            ["--players", "Ana, Beto;Caro"],
            ["Planilla · Conga Uruguaya", "Límite 100", "Fecha: ___", "Gana: ___"],
        ),
        (
            "chinchon",
            ["--players", "Ana,Beto", "--variant", "elimination_limit=120"],
            ["Límite 120"],
        ),
        (
            "gin",
            ["--players", "Ana,Beto", "--lang", "en"],
            ["To 100 points", "Lines", "Total", "Winner: ___"],
        ),
        ("canasta", ["--players", "Nosotros,Ellos"], ["A 5000 puntos", "Gana: ___"]),
    ],
)
def test_a_blank_planilla_from_the_players(tmp_path, mazo, game, args, words):
    pdf = tmp_path / "blank.pdf"
    code, _, err = mazo("match", game, *args, "--pdf", pdf)
    assert code == 0, err
    text = pdf_text(pdf)
    from pypdf import PdfReader

    assert len(PdfReader(pdf).pages) == 1
    for said in words:
        assert said in text, said
    # The hands numbered from 1 to the foot of the page, ready to fill in.
    numbers = [int(w) for w in text.split() if w.isdigit() and int(w) < 40]
    assert numbers[numbers.index(1) : numbers.index(1) + 16] == list(range(1, 17))


def test_a_sheet_with_only_players_is_a_blank_planilla_as_players_is(tmp_path, mazo):
    for name, text in (("h.yaml", "players: [Ana, Beto]\nhands: []\n"), ("s.csv", "Ana,Beto\n")):
        blank = play(sheet(tmp_path, text, name))
        assert blank.lines == () and blank.players == ("Ana", "Beto") and not blank.winners
    written, given = tmp_path / "written.pdf", tmp_path / "given.pdf"
    path = sheet(tmp_path, "players: [Ana, Beto]\n")
    assert mazo("match", "conga", path, "--pdf", written)[0] == 0
    assert mazo("match", "conga", "--players", "Ana,Beto", "--pdf", given)[0] == 0
    assert written.read_bytes() == given.read_bytes()


@pytest.mark.parametrize(
    "args, message",
    [
        ([], "give the score sheet (a file, or - for stdin) or --players for a blank planilla"),
        (["s.yaml", "--players", "A,B"], "give the score sheet or --players, not both"),
        (["--players", "Ana"], "--players: a match needs at least two players"),
        (["--players", "Ana,,Beto"], "--players: the player '' is not a player's name"),
        (
            ["--players", "A,B,C,D,E"],
            "--players: conga is a game for 2 to 4 players: the sheet lists 5 players",
        ),
    ],
)
def test_players_refused_in_one_line(mazo, args, message):
    code, out, err = mazo("match", "conga", *args, "--lang", "en")
    assert (code, out, err) == (2, "", f"mazo: error: {message}\n")


# --- a mistake after rows written right -----------------------------------------------------

WRONG_ROW = """\
players: [Ana, Beto, Caro]
hands:
  - {Ana: 12, Beto: 30, Caro: 0}
  - {Ana: 95, Beto: 20, Caro: 14}
"""


def test_a_mistake_prints_the_hands_before_it_with_their_totals(tmp_path, mazo):
    path = sheet(tmp_path, WRONG_ROW + "  - {Ana: 5, Beto: 20, Caro: 14}\n")
    code, out, err = mazo("match", "conga", path, "--lang", "en", "--pdf", tmp_path / "p.pdf")
    assert code == 2 and not (tmp_path / "p.pdf").exists()
    assert err == (
        f"mazo: error: {path}:5 (hand 3): Ana is out of the match since {path}:4 (hand 2) and "
        "cannot play this hand; if Ana came back then, name Ana in that row's reenter\n"
    )
    code, _, err = mazo("match", "conga", path, "--lang", "es")
    assert err.endswith("nombrá a Ana en la columna vuelve (o reenter) de esa fila\n")
    lines = out.splitlines()
    assert lines[0] == "The hands written right, before the mistake:"
    assert "+30 → 30" in out and "+95 → 107" in out and "+20 → 50" in out
    assert lines[-1] == "Still in: Beto, Caro"
    assert all(len(line) <= 80 for line in lines if line[0] in "┏┃┡│└")
    spanish = mazo("match", "conga", path)[1]
    assert spanish.startswith("Las manos bien anotadas, antes del error:\n")
    # JSON stays the one error; a mistake in the first hand has no rows to show.
    code, out, err = mazo("match", "conga", path, "--json", "--lang", "en")
    assert json.loads(out) == {"error": err.strip()[13:]}
    first = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: x, B: 1}\n", "first.yaml")
    assert mazo("match", "conga", first)[1] == ""


def test_a_mistake_in_reading_a_row_shows_the_rows_before_it_too(tmp_path, mazo):
    path = sheet(tmp_path, "hand,A,B\n1,3,4\n2,5,tres\n", "s.csv")
    code, out, err = mazo("match", "conga", path, "--lang", "en")
    assert code == 2 and "s.csv:3 (hand 2): B has 'tres'" in err
    assert "+3 → 3" in out and "Still in: A, B" in out


def test_reenter_on_a_later_row_names_the_row_it_goes_in(tmp_path, mazo):
    path = sheet(tmp_path, WRONG_ROW + "  - {Beto: 20, Caro: 14, reenter: [Ana]}\n")
    with pytest.raises(InputError) as caught:
        play(path)
    assert str(caught.value) == (
        f"{path}:5 (hand 3): Ana was not eliminated in this hand, so cannot re-enter: "
        f"Ana went out at {path}:4 (hand 2); name Ana in that row's reenter"
    )
    # Moved there, the sheet plays: Ana back at 50, the highest total still in.
    fixed = sheet(
        tmp_path,
        WRONG_ROW.replace("Caro: 14}", "Caro: 14, reenter: [Ana]}")
        + "  - {Ana: 1, Beto: 20, Caro: 14}\n",
    )
    assert play(fixed).totals == {"Ana": 51, "Beto": 70, "Caro": 28}


def test_reenter_on_an_earlier_row_says_the_player_is_still_in(tmp_path):
    path = sheet(tmp_path, WRONG_ROW.replace("Caro: 0}", "Caro: 0, reenter: [Ana]}"))
    with pytest.raises(
        InputError,
        match=r"\(hand 1\): .*: Ana is in, at 12; reenter goes in the row of the hand in "
        "which Ana goes past the limit$",
    ):
        play(path)


def test_a_row_read_right_that_does_not_play_is_the_first_mistake(tmp_path, mazo):
    rows = "  - {A: 3, B: 4}\n  - {A: 3, B: 4, cutter: A}\n  - {A: x, B: 4}\n"
    path = sheet(tmp_path, "players: [A, B]\nhands:\n" + rows)
    code, out, err = mazo("match", "conga", path, "--lang", "en")
    assert code == 2 and f"{path}:4 (hand 2): a cutter is named" in err
    assert "+3 → 3" in out and out.count("→") == 2  # hand 1 only


def test_a_blank_planilla_with_a_long_header_stays_on_one_page(tmp_path, mazo):
    from pypdf import PdfReader

    long = (
        f"title: {'Campeonato Interclubes ' * 3}\ndate: {'sábado 5 de diciembre ' * 3}\n"
        f"place: {'Club Social y Deportivo ' * 3}\nplayers: [Ana María Fernández, Beto, Caro]\n"
        "start: {Caro: 10}\n"
    )
    pdf = tmp_path / "long.pdf"
    assert (
        mazo("match", "chinchon", sheet(tmp_path, long), "--pdf", pdf, "--paper", "letter")[0] == 0
    )
    (page,) = PdfReader(pdf).pages
    numbers = [int(w) for w in page.extract_text().split() if w.isdigit() and int(w) < 40]
    assert max(numbers) >= 12  # fewer rows than under a short title, all on the page


# --- the layout of a printed sheet -------------------------------------------------------------

LONG_NAMES = (
    "Ana María Rodríguez",
    "Beto Fernández Silva",
    "Carolina Pérez",
    "Daniel Suárez Gómez",
)


def test_the_empty_rows_under_written_hands_have_a_line_between_the_players():
    from mazo.templates.scoresheet import grid

    rows = [["Mano", "A", "B", "C"], ["1", "3", "4", "5"], ["2", "1", "1", "1"]]
    table = grid(rows, 4)
    between = [(c[1], c[2]) for c in table._linecmds if c[0] == "LINEAFTER" and c[1][0] == 1]
    # from the first empty row (the heading and two hands above it) to the last, every player
    # column but the last; the written hands keep their bands alone
    assert between == [((1, 3), (-2, -1))] and len(table._cellvalues) == 3 + 13


def test_long_names_keep_the_chart_on_the_page_of_the_table(tmp_path, mazo):
    from pypdf import PdfReader

    # a title, notes under two hands (out, re-enters, did not) and names on two lines: rows
    # taller than the planilla's count of empty rows allows for, on letter paper
    a, b, c, d = (f'"{n}"' for n in LONG_NAMES)
    hands = [(12, 30, 0, 7), (5, 20, 14, 9), (8, 40, 8, 11), (15, 24, 22, 3), (2, 12, 6, 18),
             (9, 7, 10, 5), (30, 3, 25, 12), (20, 20, 20, 20)]  # fmt: skip
    text = "title: Noche de conga en lo de la abuela\nplace: Montevideo\n"
    text += f"players: [{a}, {b}, {c}, {d}]\nhands:\n"
    for n, points in enumerate(hands):
        row = ", ".join(f"{who}: {p}" for who, p in zip((a, b, c, d), points, strict=True))
        text += f"  - {{{row}{', reenter: [' + b + ']' if n == 3 else ''}}}\n"
    text += "".join(f"  - {{{b}: 2, {d}: 3}}\n" for _ in range(4))
    pdf = tmp_path / "long.pdf"
    assert mazo("match", "conga", sheet(tmp_path, text), "--pdf", pdf, "--paper", "letter")[0] == 0
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages]
    assert len(pages) == 1 and "Total de cada jugador" in pages[0] and "límite 100" in pages[0]


@pytest.mark.parametrize("width", [300, 510])
def test_the_chart_legend_stays_within_its_width_and_names_the_line_clear_of_the_plot(width):
    from mazo.templates import document as doc
    from mazo.templates.chart import totals_chart
    from reportlab.graphics.shapes import PolyLine, String

    names = (*LONG_NAMES, "Eugenia de los Santos Villanueva y Otero")
    chart = doc.Chart(
        title="t",
        players=names,
        paths={n: [(0, 0), (1, 40 + 15 * i), (2, 100)] for i, n in enumerate(names)},
        hands=2,
        line_value=100,
        line_label="límite 100",
        line_colour="out",
        start_label="inicio",
    )
    drawing = totals_chart(chart, width, 150, font="Helvetica")
    left, _, right, top = drawing.getBounds()
    assert left >= 0 and right <= width and top <= 150
    (label,) = [s for s in drawing.contents if isinstance(s, String) and s.text == "límite 100"]
    # right of every player's line and of the axis' top, where the lines run to 100
    lines = [x for p in drawing.contents if isinstance(p, PolyLine) for x in p.points[::2]]
    assert label.x > max(lines)


# --- a Spanish spreadsheet's words, a close's fixed score, a start over the limit --------------


def test_a_spanish_csv_sheet_reads_as_the_english_one(tmp_path):
    spanish = "Mano;Ana;Beto;Caro;Cortó;Cierre;Vuelve\nTítulo;Noche\nInicio;10;0;5\n"
    spanish += "1;-10;20;3;Ana;Corte_limpio;\n2;5;90;9;;;Beto\n"
    english = spanish.replace("Mano;", "hand;").replace(
        "Cortó;Cierre;Vuelve", "cutter;close;reenter"
    )
    english = english.replace("Título", "title").replace("Inicio", "start")
    es, en = (
        read_sheet(sheet(tmp_path, t, f"{n}.csv")) for n, t in (("es", spanish), ("en", english))
    )
    assert (es.players, es.start, es.about) == (en.players, en.start, en.about)
    assert [replace(h, where="") for h in es.hands] == [replace(h, where="") for h in en.hands]
    assert es.players == ("Ana", "Beto", "Caro") and es.about.title == "Noche"
    assert es.start == {"Ana": 10, "Beto": 0, "Caro": 5}
    assert [h.cutter for h in es.hands] == ["Ana", None] and es.hands[1].reenter == ("Beto",)
    assert play(sheet(tmp_path, spanish, "es.csv")).lines[1].reentered == ("Beto",)


@pytest.mark.parametrize(
    "text, column, near",
    [
        ("mnao,Ana,Beto\n1,12,30\n2,1,1\n", "mnao", "mano"),
        ("Hnad,A,B\nstart,1,2\n", "Hnad", "hand"),
    ],
)
def test_a_misspelt_hand_column_is_named_not_made_a_player(tmp_path, mazo, text, column, near):
    path = sheet(tmp_path, text, "s.csv")
    code, out, err = mazo("match", "conga", path, "--lang", "en")
    assert (code, out) == (2, "")
    assert (
        err == f"mazo: error: {path}:1: the column '{column}' looks like {near} misspelt, "
        f"its rows being hands: head it {near}\n"
    )


def test_a_player_named_like_the_hand_column_is_still_a_player(tmp_path):
    path = sheet(tmp_path, "Manu,Ana\n30,12\n4,2\n", "s.csv")
    assert play(path).totals == {"Manu": 34, "Ana": 14}


@pytest.mark.parametrize(
    "game, row, message",
    [
        (
            "conga",
            "{A: 5, B: 29, cutter: A, close: conga_limpia}",
            "A scores 5, but the Conga Limpia (clean conga) scores its cutter 0",
        ),
        (
            "conga",
            "{A: -10, B: 29, cutter: A, close: conga_con_comodin}",
            "A scores -10, but the Conga with a joker scores its cutter -25",
        ),
        (
            "chinchon",
            "{A: 3, B: 29, cutter: A, close: chinchon}",
            "A scores 3, but the Chinchón scores its cutter 0",
        ),
        (
            "chinchon",
            "{A: -5, B: 29, cutter: A, close: menos_diez}",
            "A scores -5, but the Minus ten scores its cutter -10",
        ),
    ],
)
def test_a_points_row_that_contradicts_its_close(tmp_path, mazo, game, row, message):
    path = sheet(tmp_path, f"players: [A, B]\nhands:\n  - {row}\n")
    code, out, err = mazo("match", game, path, "--lang", "en")
    assert (code, out) == (2, "") and err == f"mazo: error: {path}:3 (hand 1): {message}\n"
    code, _, err = mazo("match", game, path, "--lang", "es")
    assert code == 2 and "pero el cierre" in err and "al que cortó" in err


# What a Spanish error says of a close: the book's name where it explains, and what to type, with
# the Spanish column word a CSV may head it by, where it asks for something.
@pytest.mark.parametrize(
    "game, row, said",
    [
        (
            "conga",
            "2;-5;20;Ana;corte_limpio",
            "Ana anota -5, pero el cierre Corte limpio le da -10",
        ),
        ("chinchon", "2;5;20;Ana;chinchon", "Ana anota 5, pero el cierre ¡Chinchón! le da 0 al"),
        (
            "conga",
            "2;-10;20;;Corte limpio",
            "el cierre Corte limpio está sin el que cortó: agregá cutter (o cortó): NOMBRE\n",
        ),
        (
            "conga",
            "2;-10;20;Ana;corte limpo",
            "el cierre 'corte limpo' no es de conga; escribí uno de sus cierres: conga_limpia o "
            "¡Conga Limpia!, conga_con_comodin o Conga con comodín, corte_limpio o Corte limpio, "
            "corte_con_puntos o Corte con puntos\n",
        ),
    ],
)
def test_a_spanish_close_error_names_the_close_as_the_book(tmp_path, mazo, game, row, said):
    path = sheet(tmp_path, f"mano;Ana;Beto;cortó;cierre\n1;5;10;;\n{row}\n", "s.csv")
    code, _, err = mazo("match", game, path, "--lang", "es")
    assert code == 2 and err.startswith(f"mazo: error: {path}:3 (mano 2): {said}")


@pytest.mark.parametrize(
    "close, cards",
    [("Conga con comodín", "-25"), ("CORTE-LIMPIO", "-10"), ("clean cut", "-10")],
)
def test_a_close_is_written_by_its_name_too(tmp_path, close, cards):
    path = sheet(tmp_path, f"hand;A;B;cutter;close\n1;{cards};20;A;{close}\n", "s.csv")
    assert play(path).totals == {"A": int(cards), "B": 20}


@pytest.mark.parametrize("game, close", [("conga", "corte_con_puntos"), ("chinchon", "cierre")])
def test_a_close_scored_by_the_cards_takes_any_points(tmp_path, game, close):
    path = sheet(
        tmp_path, f"players: [A, B]\nhands:\n  - {{A: 7, B: 29, cutter: A, close: {close}}}\n"
    )
    result = play_match(rules_for(game), read_sheet(path))
    assert result.totals == {"A": 7, "B": 29}


@pytest.mark.parametrize(
    "lang, said",
    [
        (
            "en",
            "{path}:2: A's start total 120 is over the limit (100), so A starts out and cannot "
            "play hand 1",
        ),
        (
            "es",
            "{path}:2: el total inicial de A, 120, pasa el límite (100): A empieza afuera y no "
            "puede jugar la mano 1",
        ),
    ],
)
def test_a_start_total_over_the_limit_names_the_start_row(tmp_path, mazo, lang, said):
    path = sheet(tmp_path, "hand,A,B,C\nstart,120,0,5\n1,5,29,3\n", "s.csv")
    code, out, err = mazo("match", "conga", path, "--lang", lang)
    assert (code, out) == (2, "") and err == "mazo: error: " + said.format(path=path) + "\n"
    # Out from the start and never playing is a match carried on: B and C play it.
    assert play(sheet(tmp_path, "hand,A,B,C\nstart,120,0,5\n1,,29,3\n", "t.csv")).still_in == (
        "B",
        "C",
    )


@pytest.mark.parametrize(
    "lang, note",
    [
        ("es", "* Ana no se reenganchó: volvía con 85 (mano 2)."),
        ("en", "* Ana did not re-enter at 85 (hand 2)."),
    ],
)
def test_a_player_who_stays_out_is_noted_under_the_table(tmp_path, mazo, lang, note):
    rows = (
        "  - {Ana: 12, Beto: 30, Caro: 1, Dario: 5}\n  - {Ana: 95, Beto: 30, Caro: 84, Dario: 5}\n"
    )
    path = sheet(tmp_path, "players: [Ana, Beto, Caro, Dario]\nhands:\n" + rows)
    code, out, _ = mazo("match", "conga", path, "--lang", lang)
    lines = out.splitlines()
    # The cell keeps only a mark: the column is as wide as its total and the word out.
    table = [line for line in lines if line.startswith("│")]
    assert code == 0 and note in lines and max(len(line) for line in table) <= 80
    assert all(len(cell) < 22 for line in table for cell in line.split("│"))
    assert any(cell.strip().endswith("*") for line in table for cell in line.split("│"))
    # The note on the reenter column fits 80 columns and names the key as typed, in both forms.
    assert max(len(line) for line in lines) <= 80 and "`" not in out
    flat = " ".join(out.split())
    key = "la columna vuelve (o reenter) de una fila" if lang == "es" else "a row's reenter column"
    assert key in flat


def test_the_spanish_reenter_column_the_note_names_is_read(tmp_path, mazo):
    path = sheet(tmp_path, "mano,A,B,C\n1,5,101,3\n2,5,,3\n", "s.csv")
    both = sheet(tmp_path, "mano,A,B,C,vuelve\n1,5,101,3,B\n2,5,10,3,\n", "t.csv")
    assert play(path).still_in == ("A", "C") and play(both).still_in == ("A", "B", "C")


@pytest.mark.parametrize("lang, words", [("en", "hand or mano"), ("es", "mano o hand")])
def test_match_help_says_a_csv_takes_spanish_words(mazo, lang, words):
    code, out, _ = mazo("match", "--help", "--lang", lang)
    assert code == 0 and words in " ".join(out.replace("│", " ").split())
