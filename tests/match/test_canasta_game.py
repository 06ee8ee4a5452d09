"""Canasta's game (`mazo match canasta SHEET`): sides to the target, each side's total and its
initial meld minimum for the next hand, from points or from the cards; the end, a tie at the
target, rows after the end, bad sheets; the view, the JSON and the printed planilla."""

from __future__ import annotations

import json
import shutil
import subprocess
import textwrap

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError
from mazo.solver.match.sheet import read_sheet
from mazo.solver.mechanisms.canasta.game import play_sides_game

from tests.commands import mazo

CANASTA = rules_for("canasta")

# Counted by hand below: (points, totals, minimum for the next hand) per hand, Nosotros first.
# The minimums: below 0 → 15, 0 to 1495 → 50, 1500 to 2995 → 90, 3000 and more → 120.
POINTS_GAME = """\
players: [Nosotros, Ellos]
hands:
  - {Nosotros: 1495, Ellos: -120}
  - {Nosotros: 5, Ellos: 1620}
  - {Nosotros: 1495, Ellos: 1495}
  - {Nosotros: 5, Ellos: 5}
  - {Nosotros: 2000, Ellos: 2000}
  - {Nosotros: 300, Ellos: 150}
"""
HAND_COUNT = [
    ({"Nosotros": 1495, "Ellos": -120}, {"Nosotros": 1495, "Ellos": -120}, (50, 15)),
    ({"Nosotros": 5, "Ellos": 1620}, {"Nosotros": 1500, "Ellos": 1500}, (90, 90)),
    ({"Nosotros": 1495, "Ellos": 1495}, {"Nosotros": 2995, "Ellos": 2995}, (90, 90)),
    ({"Nosotros": 5, "Ellos": 5}, {"Nosotros": 3000, "Ellos": 3000}, (120, 120)),
    # 5000 each: a tie at the target, so one more hand is played.
    ({"Nosotros": 2000, "Ellos": 2000}, {"Nosotros": 5000, "Ellos": 5000}, (120, 120)),
    ({"Nosotros": 300, "Ellos": 150}, {"Nosotros": 5300, "Ellos": 5150}, (120, 120)),
]

# Nosotros: 7s (six 7s and a 2: a dirty canasta) 6 × 5 + 20 = 50, kings 30, the canasta 300,
# a red 3 100 (they have a canasta), left in hand 4S and 5D 6D −15: 465.
# Ellos: seven aces, a clean canasta: 7 × 20 = 140 + 500, going out 100: 740.
NOSOTROS_CARDS = """\
      table: "7S 7H 7D 7C 7S 7H 2C; KS KH KD"
      red_threes: 1
      hand: ["4S", "5D 6D"]
"""
ELLOS_CARDS = """\
      table: [AS AH AD AC AS AH AD]
      going_out: out
"""


def sheet(tmp_path, text, name="sheet.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def play(path, **variant):
    return play_sides_game(rules_for("canasta", variant=variant), read_sheet(path))


def cards_game(tmp_path, start="", extra=""):
    return sheet(
        tmp_path,
        f"players: [Nosotros, Ellos]\n{start}hands:\n  - Nosotros:\n{NOSOTROS_CARDS}"
        f"    Ellos:\n{ELLOS_CARDS}{extra}",
    )


def test_a_whole_game_from_points_against_the_hand_count(tmp_path):
    game = play(sheet(tmp_path, POINTS_GAME))
    assert [(ln.points, ln.totals) for ln in game.lines] == [(p, t) for p, t, _ in HAND_COUNT]
    assert [tuple(ln.minimum.values()) for ln in game.lines] == [m for _, _, m in HAND_COUNT]
    assert game.winner == "Nosotros" and game.totals == {"Nosotros": 5300, "Ellos": 5150}
    assert game.start_minimum == {"Nosotros": 50, "Ellos": 50}


def test_a_tie_at_the_target_plays_another_hand(tmp_path):
    five = POINTS_GAME[: POINTS_GAME.index("  - {Nosotros: 300")]
    game = play(sheet(tmp_path, five))
    assert game.winner is None and game.tied == ("Nosotros", "Ellos")
    data = game.to_dict()
    assert (data["finished"], data["winner"], data["tied"]) == (False, None, ["Nosotros", "Ellos"])


def test_the_game_ends_with_the_hand_that_reaches_the_target(tmp_path):
    path = sheet(
        tmp_path,
        "players: [Nosotros, Ellos]\nstart: {Nosotros: 4900, Ellos: 3000}\n"
        "hands:\n  - {Nosotros: -200, Ellos: 2100}\n",
    )
    game = play(path)
    assert game.winner == "Ellos" and game.totals == {"Nosotros": 4700, "Ellos": 5100}
    assert game.start_minimum == {"Nosotros": 120, "Ellos": 120}
    # Another target of the option: the same hand leaves the game open.
    assert play(path, target=7000).winner is None


def test_rows_after_the_end_are_refused_in_one_line(tmp_path, capsys, monkeypatch):
    path = sheet(tmp_path, POINTS_GAME + "  - {Nosotros: 10, Ellos: 10}\n")
    with pytest.raises(InputError) as raised:
        play(path)
    assert str(raised.value) == (
        f"{path}:9 (hand 7): the game is over: Nosotros won after hand 6 with 5300 "
        "(target 5000); a row after the end is not played"
    )
    pdf = tmp_path / "planilla.pdf"
    run = mazo(capsys, monkeypatch, "match", "canasta", path, "--pdf", pdf, "--lang", "en")
    assert run.code == 2 and run.err.count("\n") == 1 and "the game is over" in run.err
    assert not pdf.exists()


def test_a_game_from_the_cards_is_scored_as_mazo_score_scores_them(tmp_path, capsys, monkeypatch):
    game = play(cards_game(tmp_path, start="start: {Nosotros: 1100, Ellos: -60}\n"))
    (line,) = game.lines
    assert line.points == {"Nosotros": 465, "Ellos": 740}
    assert line.totals == {"Nosotros": 1565, "Ellos": 680}
    assert line.minimum == {"Nosotros": 90, "Ellos": 50}
    assert game.start_minimum == {"Nosotros": 50, "Ellos": 15}
    scored = mazo(
        capsys, monkeypatch, "score", "canasta", "--json", "--score", "1100",
        *("--table", "7S 7H 7D 7C 7S 7H 2C; KS KH KD", "--red-threes", "1"),
        *("--hand", "4S", "--hand", "5D 6D"),
    )  # fmt: skip
    assert line.counts["Nosotros"].to_dict() == json.loads(scored.out)


def test_points_and_cards_mix_and_cards_sit_under_cards_too(tmp_path):
    path = sheet(
        tmp_path,
        f"players: [Nosotros, Ellos]\nhands:\n  - Ellos: 35\n    cards:\n"
        f"      Nosotros:\n{textwrap.indent(NOSOTROS_CARDS, '  ')}",
    )
    assert play(path).lines[0].points == {"Nosotros": 465, "Ellos": 35}


def test_individual_players_under_players_3(tmp_path):
    path = sheet(
        tmp_path,
        "players: [Ana, Beto, Caro]\nhands:\n  - {Ana: 800, Beto: -30, Caro: 1500}\n"
        "  - Ana: 10\n    Beto: 10\n    Caro: {table: 'KS KH KD', hand: 4S}\n",
    )
    game = play(path, players=3)
    assert game.lines[0].minimum == {"Ana": 50, "Beto": 15, "Caro": 90}
    # Caro's kings make no canasta, so the table counts 0; the 4S left in hand −5.
    assert game.lines[1].points["Caro"] == -5


@pytest.mark.parametrize(
    ("hands", "variant", "message"),
    [
        (
            "  - Nosotros: {table: 'KS KH KD', red_threes: two}\n    Ellos: 0\n",
            {},
            "sheet.yaml:4 (hand 1): Nosotros's red_threes: 'two' is not a whole number",
        ),
        (
            "  - Nosotros:\n      table: KS KH KD\n      red_threes: -1\n    Ellos: 0\n",
            {},
            "sheet.yaml:6 (hand 1): Nosotros's red_threes: -1 is out of range",
        ),
        (
            "  - Nosotros: {tabel: 'KS KH KD'}\n    Ellos: 0\n",
            {},
            "sheet.yaml:4 (hand 1): Nosotros's 'tabel' is not one of table, red_threes, hand, "
            "going_out",
        ),
        (
            "  - Nosotros: {table: 'KS KH KD', going_out: maybe}\n    Ellos: 0\n",
            {},
            "sheet.yaml:4 (hand 1): Nosotros's going_out: 'maybe' is not one of no, out, concealed",
        ),
        (
            "  - Nosotros:\n      table: KS KH KD\n      hand: [4S, 5S]\n    Ellos: 0\n",
            {"players": 2},
            "sheet.yaml:6 (hand 1): Nosotros's hand: one hand per partner, and a side has 1: 2",
        ),
        (
            "  - Nosotros: {table: 'KS KH KX'}\n    Ellos: 0\n",
            {},
            "sheet.yaml:4 (hand 1): Nosotros's cards: ",
        ),
        (
            "  - Nosotros: {table: 'KS KH KD', going_out: out}\n    Ellos: 0\n",
            {},
            "sheet.yaml:4 (hand 1): Nosotros's cards: a partnership cannot go out without a "
            "canasta",
        ),
        ("  - {Nosotros: 12.5, Ellos: 0}\n", {}, "sheet.yaml:4 (hand 1): Nosotros's points 12.5"),
        ("  - {Nosotros: 10}\n", {}, "sheet.yaml:4 (hand 1): no points or cards for Ellos"),
        (
            "  - {Nosotros: 10, Ellos: 5, cutter: Ellos}\n",
            {},
            "sheet.yaml:4 (hand 1): a Canasta hand has no cutter",
        ),
        (
            "  - {Nosotros: KS KH KD, Ellos: 5}\n",
            {},
            "sheet.yaml:4 (hand 1): Nosotros has 'KS KH KD': give the side's points",
        ),
        (
            "  - {Nosotros: 10, Ellos: 5}\n",
            {"players": 3},
            "sheet.yaml:1: Canasta Uruguaya is played here by 3 sides",
        ),
    ],
)
def test_bad_sheets_name_the_file_line_and_field(tmp_path, hands, variant, message):
    path = sheet(tmp_path, "players: [Nosotros, Ellos]\n\nhands:\n" + hands)
    with pytest.raises(InputError) as raised:
        play(path, **variant)
    assert str(raised.value).startswith(f"{tmp_path}/{message}"), str(raised.value)


def test_two_sides_going_out_in_one_hand_is_refused(tmp_path):
    twice = ELLOS_CARDS.replace("AS AH AD AC AS AH AD", "KS KH KD KC KS KH KD")
    path = sheet(
        tmp_path,
        f"players: [Nosotros, Ellos]\nhands:\n  - Nosotros:\n{ELLOS_CARDS}    Ellos:\n{twice}",
    )
    with pytest.raises(InputError, match=r":3 \(hand 1\): only one side goes out in a hand"):
        play(path)


def test_a_rummy_sheet_refuses_a_side_written_as_a_mapping(tmp_path, capsys, monkeypatch):
    path = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: {table: 4S}, B: 3}\n")
    run = mazo(capsys, monkeypatch, "match", "gin", path)
    assert run.code == 2 and 'A has {"table": "4S"}: a mapping of fields is read' in run.err


def test_a_csv_sheet_of_points(tmp_path):
    path = sheet(tmp_path, "hand,Nosotros,Ellos\nstart,3000,-10\n1,2100,40\n", "sheet.csv")
    game = play(path)
    assert game.winner == "Nosotros" and game.start_minimum == {"Nosotros": 120, "Ellos": 15}


def test_the_view_speaks_spanish_by_default_and_english_on_request(tmp_path, capsys, monkeypatch):
    path = sheet(tmp_path, POINTS_GAME)
    es = mazo(capsys, monkeypatch, "match", "canasta", path)
    assert es.code == 0, es.err
    assert "+1495 → 1495 (mín. 50)" in es.out and "-120 → -120 (mín. 15)" in es.out
    assert "Gana Nosotros, 5300 a 5150" in es.out
    en = mazo(capsys, monkeypatch, "match", "canasta", path, "--lang", "en")
    assert "+5 → 3000 (min 120)" in en.out and "Winner: Nosotros, 5300 to 5150" in en.out
    tied = sheet(tmp_path, POINTS_GAME[: POINTS_GAME.index("  - {Nosotros: 300")], "tie.yaml")
    es = mazo(capsys, monkeypatch, "match", "canasta", tied).out
    assert "Nosotros y Ellos empatan en 5000 (meta 5000): se juega otra mano." in es
    en = mazo(capsys, monkeypatch, "match", "canasta", tied, "--lang", "en").out
    assert "Nosotros and Ellos are tied at 5000 (target 5000): another hand is played." in en


def test_the_json(tmp_path, capsys, monkeypatch):
    run = mazo(capsys, monkeypatch, "match", "canasta", sheet(tmp_path, POINTS_GAME), "--json")
    data = json.loads(run.out)
    assert [h["points"] for h in data["hands"]] == [p for p, _, _ in HAND_COUNT]
    assert [h["totals"] for h in data["hands"]] == [t for _, t, _ in HAND_COUNT]
    assert [tuple(h["minimum"].values()) for h in data["hands"]] == [m for _, _, m in HAND_COUNT]
    assert (data["totals"], data["finished"], data["winner"], data["target"]) == (
        {"Nosotros": 5300, "Ellos": 5150},
        True,
        "Nosotros",
        5000,
    )


def _render(pdf, tmp_path) -> None:
    """The page as an image, to look at (`pdftoppm -png -r 60`)."""
    if shutil.which("pdftoppm") is not None:
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(pdf)[:-4]], check=True)
        assert list(tmp_path.glob(f"{pdf.stem}-*.png"))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "es",
            (
                "Planilla · Canasta Uruguaya",
                "A 5000 puntos · mínimo de la bajada inicial por el total: negativo 15, 0+ 50, "
                "1500+ 90, 3000+ 120",
                "+1495 1495",
                "mín. 15",
                "mín. 120",
                "Gana Nosotros, 5300 a 5150.",
                "Total de cada bando, mano a mano",
                "objetivo 5000",
            ),
        ),
        (
            "en",
            (
                "Score sheet · Canasta Uruguaya",
                "To 5000 points · initial meld minimum by the total: negative 15, 0+ 50, "
                "1500+ 90, 3000+ 120",
                "min 90",
                "Nosotros wins, 5300 to 5150.",
                "Each side's total, hand by hand",
                "target 5000",
            ),
        ),
    ],
)
def test_the_printed_planilla(tmp_path, capsys, monkeypatch, lang, words):
    from pypdf import PdfReader

    path = sheet(tmp_path, POINTS_GAME)
    pdf, again = tmp_path / f"canasta-{lang}.pdf", tmp_path / "again.pdf"
    for out in (pdf, again):
        run = mazo(capsys, monkeypatch, "match", "canasta", path, "--pdf", out, "--lang", lang)
        assert run.code == 0, run.err
    assert pdf.read_bytes() == again.read_bytes()
    (page,) = PdfReader(pdf).pages
    text = page.extract_text()
    for expected in words:
        assert expected in text, expected
    assert ("Planilla" in text) == (lang == "es")
    _render(pdf, tmp_path)


def test_an_open_game_gets_blank_rows_and_the_tie_is_said(tmp_path, capsys, monkeypatch):
    from mazo.templates import scoresheet
    from pypdf import PdfReader

    grids = []
    drawn = scoresheet.grid
    monkeypatch.setattr(scoresheet, "grid", lambda *a, **k: grids.append(k) or drawn(*a, **k))
    tied = sheet(tmp_path, POINTS_GAME[: POINTS_GAME.index("  - {Nosotros: 300")])
    pdf = tmp_path / "open.pdf"
    assert mazo(capsys, monkeypatch, "match", "canasta", tied, "--pdf", pdf).code == 0
    text = PdfReader(pdf).pages[0].extract_text()
    assert "Nosotros y Ellos empatan en 5000 (meta 5000): se juega otra mano." in text
    _render(pdf, tmp_path)
    # Blank rows carry an open game on by hand; a finished one has none.
    finished = tmp_path / "won.pdf"
    won = sheet(tmp_path, POINTS_GAME, "won.yaml")
    assert mazo(capsys, monkeypatch, "match", "canasta", won, "--pdf", finished).code == 0
    assert [g["blank_until"] for g in grids] == [scoresheet.GAME_BLANK_ROWS, 0]


@pytest.mark.parametrize("hands", [2, 11, 30])
def test_an_open_game_has_rows_to_write_on_however_long(hands):
    from mazo.templates import scoresheet

    filled = [["", "A", "B"]] + [["1", "5", "10"]] * hands  # the heading row, then the hands
    table = scoresheet.grid(filled, 3, blank_until=scoresheet.GAME_BLANK_ROWS)
    empty = len(table._cellvalues) - len(filled)
    assert empty == max(scoresheet.LEAST_BLANK_ROWS, scoresheet.GAME_BLANK_ROWS - len(filled))
    assert len(scoresheet.grid(filled, 3, blank_until=0)._cellvalues) == len(filled)


@pytest.mark.parametrize(
    ("lang", "rows", "verdict"),
    [
        (
            "es",
            "| Inicio | 1380 (mín. 50) | 2950 (mín. 90) |\n"
            "| 1 | +1620 → 3000 (mín. 120) | +35 → 2985 (mín. 90) |\n",
            "*Gana Ellos, 5185 a 5085.*",
        ),
        (
            "en",
            "| Start | 1380 (min 50) | 2950 (min 90) |\n"
            "| 1 | +1620 → 3000 (min 120) | +35 → 2985 (min 90) |\n",
            "*Ellos wins, 5185 to 5085.*",
        ),
    ],
)
def test_the_rulebooks_short_game_is_played_by_this_code(
    tmp_path, capsys, monkeypatch, lang, rows, verdict
):
    worked = CANASTA.prose.game
    start = dict(zip(worked.players, worked.start, strict=True))
    hands = "".join(
        f"  - {dict(zip(worked.players, points, strict=True))}\n" for points in worked.hands
    )
    starts = f"start: {start}\n"
    game = play(sheet(tmp_path, f"players: {list(worked.players)}\n{starts}hands:\n{hands}"))
    assert game.winner == "Ellos" and len(game.lines) == 3
    book = tmp_path / "book.md"
    run = mazo(
        capsys, monkeypatch, "rulebook", "canasta", "--format", "md", "--lang", lang, "-o", book
    )
    assert run.code == 0, run.err
    text = book.read_text(encoding="utf-8")
    assert rows in text and verdict in text
    # Under another target the same hands leave the game open.
    run = mazo(
        capsys, monkeypatch, "rulebook", "canasta", "--format", "md", "--lang", lang,
        "--variant", "target=7000", "-o", book,
    )  # fmt: skip
    assert "7000" in book.read_text(encoding="utf-8") and verdict not in book.read_text("utf-8")


def test_the_worked_games_start_is_two_whole_numbers(tmp_path, capsys, monkeypatch):
    rules = tmp_path / "club.yaml"
    game = "extends: canasta\nprose:\n  game:\n    players: [A, B]\n    hands: [[1, 2]]\n"
    rules.write_text(game + "    start: [1]\n", encoding="utf-8")
    run = mazo(capsys, monkeypatch, "spec", "check", rules)
    assert run.code == 2 and "club.yaml:6, field 'prose.game.start': expected each" in run.err
    rules.write_text(game + "    start: [10, -20]\n", encoding="utf-8")
    assert mazo(capsys, monkeypatch, "spec", "check", rules).code == 0


@pytest.mark.parametrize(
    ("a_table", "b_table", "message"),
    [
        (
            "AS AS AH AH AD AD AC",
            "AS AH AH AD AD AC AC",
            "3 copies of 'AS' (2 on A's table, 1 on B's table); the deck",
        ),
        (
            "KS KH KD KC KS KH 2C",
            "AS AH AD AC AS AH AD",
            "6 red 3s laid down (3 by A, 3 by B); the deck has 4",
        ),
    ],
)
def test_one_hands_cards_come_from_one_deck(
    tmp_path, capsys, monkeypatch, a_table, b_table, message
):
    path = sheet(
        tmp_path,
        f"players: [A, B]\nhands:\n  - A: {{table: '{a_table}', red_threes: 3}}\n"
        f"    B: {{table: '{b_table}', going_out: out, red_threes: 3, hand: ['KD', '']}}\n",
    )
    run = mazo(capsys, monkeypatch, "match", "canasta", path, "--lang", "en")
    assert run.code == 2 and run.out == ""
    assert run.err.startswith(f"mazo: error: {path}:3 (hand 1): {message}")
    assert run.err.count("\n") == 1


def test_a_card_in_one_sides_hand_and_the_others_table_is_counted_once_each(
    tmp_path, capsys, monkeypatch
):
    path = sheet(
        tmp_path,
        "players: [A, B]\nhands:\n  - A: {table: 'AS AS AH AH AD AD AC', hand: ['', '']}\n"
        "    B: {table: 'KS KH KD KC KS KH 2C', going_out: out, hand: ['AC AC', '']}\n",
    )
    run = mazo(capsys, monkeypatch, "match", "canasta", path, "--lang", "en")
    assert run.code == 2
    assert "3 copies of 'AC' (1 on A's table, 2 in B's hand); the deck" in run.err


@pytest.mark.parametrize(
    ("second", "lang", "said"),
    [
        ("KS KH KD KC KS KH 2C", "es", "canastas (1 limpia, 1 sucia)"),
        ("KS KH KD KC KS KH KD", "es", "canastas (2 limpias, 0 sucias)"),
        ("KS KH KD KC KS KH 2C", "en", "canastas (1 clean, 1 dirty)"),
    ],
)
def test_the_canastas_line_agrees_with_its_numbers(capsys, monkeypatch, second, lang, said):
    table = f"AS AH AD AC AS AH AD; {second}"
    run = mazo(capsys, monkeypatch, "score", "canasta", "--table", table, "--lang", lang)
    assert run.code == 0 and said in run.out, run.out


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            "{A: 10, B: 0, C: 5}",
            "unknown key 'C': not a player (A, B) nor a hand's field (cards; a side's cards are "
            "a mapping of table, red_threes, hand, going_out)",
        ),
        (
            "{cards: {A: {table: 'KS KH KD'}, B: 0}}",
            "B has points (0) under 'cards', which holds cards: give the points beside it (B: 0)",
        ),
    ],
)
def test_a_stray_key_or_points_under_cards_say_what_a_canasta_row_holds(
    tmp_path, capsys, monkeypatch, row, message
):
    path = sheet(tmp_path, f"players: [A, B]\nhands:\n  - {row}\n")
    run = mazo(capsys, monkeypatch, "match", "canasta", path, "--lang", "en")
    assert run.code == 2 and run.err == f"mazo: error: {path}:3 (hand 1): {message}\n", run.err


def test_points_beside_cards_and_sides_under_cards_are_played(tmp_path, capsys, monkeypatch):
    beside = sheet(tmp_path, "players: [A, B]\nhands:\n  - {A: {table: 'KS KH KD'}, B: 0}\n")
    both = "players: [A, B]\nhands:\n  - cards: {A: {table: 'KS KH KD'}, B: {table: 'QS QH QD'}}\n"
    for path in (beside, sheet(tmp_path, both, "both.yaml")):
        assert mazo(capsys, monkeypatch, "match", "canasta", path).code == 0


@pytest.mark.parametrize(
    "lang, players, told, named",
    [
        (
            "es",
            "Ana,Beto,Caro,Dani",
            "con sus compañeros en un solo nombre: ",
            "Ana y Beto,Caro y Dani",
        ),
        ("en", "Ana,Beto,Caro", "its partners in one name: ", "Ana and Beto,Caro and Dani"),
    ],
)
def test_players_for_two_sides_are_told_how_to_name_the_sides(
    capsys, monkeypatch, lang, players, told, named
):
    run = mazo(capsys, monkeypatch, "match", "canasta", "--players", players, "--lang", lang)
    assert run.code == 2 and run.err.endswith(f'{told}--players "{named}"\n'), run.err
    # As told, it reads: a blank sheet of the two sides, with no legend over its empty table.
    run = mazo(capsys, monkeypatch, "match", "canasta", "--players", named, "--lang", lang)
    assert run.code == 0 and named.split(",")[1] in run.out
    assert "(mín. N)" not in run.out and "(min N)" not in run.out


def test_players_on_their_own_are_not_told_of_partners(capsys, monkeypatch):
    args = ("match", "canasta", "--players", "A,B", "--variant", "players=3", "--lang", "en")
    run = mazo(capsys, monkeypatch, *args)
    assert run.code == 2 and run.err.endswith("the sheet lists 2\n")
