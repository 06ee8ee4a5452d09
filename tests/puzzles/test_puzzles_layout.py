"""Worksheet layout: hands inside the page, --per-page kept, the header and rules box, several
kinds and versions on a sheet, the paper, and what the terminal shows."""

from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from tests.commands import mazo as in_process
from tests.commands import process as mazo
from tests.puzzles.test_puzzles_cli import numbers_on, pages_text

WIDEST = [  # the widest hands and drawings each kind puts on a page, on the narrower paper
    ["canasta", "--kind", "can-open", "--variant", "players=2"],  # 15 cards
    ["canasta", "--kind", "count-hand", "--variant", "players=3"],  # 13 cards
    ["gin", "--kind", "take-or-draw"],
    ["conga", "--kind", "acomodo"],
    ["conquian", "--kind", "use-faced-card"],
    ["canasta", "--variant", "players=2", "--paper", "letter"],
]


def sheet(tmp_path, *args: str, name: str = "sheet.pdf"):
    pdf = tmp_path / name
    r = mazo("puzzles", *args, "-o", str(pdf), "--json")
    assert r.returncode == 0, r.stderr
    return pdf, json.loads(r.stdout)


def text_positions(page) -> list[tuple[float, float]]:
    """Where every piece of text starts on the page, in page coordinates: a card's corner
    indices (the lower one at its right edge) mark where the card lies."""
    spots = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            a, b, c, d, e, f = cm
            x, y = tm[4], tm[5]
            spots.append((a * x + c * y + e, b * x + d * y + f))

    page.extract_text(visitor_text=visit)
    return spots


@pytest.mark.slow
@pytest.mark.parametrize("args", WIDEST)
def test_every_card_lies_inside_the_page(tmp_path, args):
    pdf, _ = sheet(tmp_path, *args, "-n", "3")
    margin = 1.6 / 2.54 * 72  # the worksheet's margin (styles.yaml)
    paper = (612, 792) if "letter" in args else (595, 842)
    for page in PdfReader(str(pdf)).pages:
        width = float(page.mediabox.width)
        assert (round(width), round(float(page.mediabox.height))) == paper
        spots = text_positions(page)
        assert spots
        assert all(margin - 1 <= x <= width - margin + 1 for x, _ in spots), max(spots)


def test_header_score_box_and_rules_in_words(tmp_path):
    pdf, _ = sheet(tmp_path, "conga", "-n", "4", "--variant", "cut_threshold=3")
    first = " ".join(pages_text(pdf)[0].split())  # the box's lines wrap
    for word in ("Nombre:", "Fecha:", "Grupo:", "Puntaje", "____ / 4"):
        assert word in first
    assert "Reglas de esta hoja" in first
    # Each value after a colon, a stretch of ranks in words: the numbers never run together.
    assert "del 2 al 9: su número · 10 (sota): 10" in first
    assert "Comodín: 25" in first  # a loose joker's value
    assert "Corte con puntos: 3 puntos sueltos o menos" in first  # the limit in force
    assert "En esta hoja, se corta con 3 puntos (lo habitual: se corta con 5 puntos)." in first
    assert "cut_threshold" not in first  # house rules in words, not as options


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "es",
            [
                "Mínimo de la bajada inicial",
                "0 a 1495: 50",
                "Valor de las cartas: A (as): 20 · 2: 20 · del 3 al 7: 5 · del 8 al 10: 10 · "
                "J (jota): 10 · Q (reina): 10 · K (rey): 10 · Joker: 50",
            ],
        ),
        (
            "en",
            ["Initial meld minimum", "0 to 1495: 50", "2: 20 · 3 to 7: 5", "Joker: 50", "Score"],
        ),
    ],
)
def test_canasta_rules_box_has_the_minimums(tmp_path, lang, words):
    pdf, _ = sheet(tmp_path, "canasta", "-n", "2", "--lang", lang)
    first = " ".join(pages_text(pdf)[0].split())
    for word in words:
        assert word in first


def test_an_empty_conquian_table_is_not_labelled(tmp_path):
    pdf, data = sheet(tmp_path, "conquian", "--kind", "use-faced-card", "-n", "6")
    tables = [len(p["answer"]["table"]) for p in data["puzzles"]]
    assert 0 in tables  # the sheet has a puzzle with no melds on the table
    text = " ".join(t for t in pages_text(pdf) if "Soluciones" not in t)
    assert 0 < text.count("Mesa") <= sum(tables)


def test_several_kinds_on_one_sheet(tmp_path):
    pdf, data = sheet(
        tmp_path, "conga", "--kind", "best-discard,count-deadwood", "--kind", "acomodo", "-n", "7"
    )
    kinds = [p["kind"] for p in data["puzzles"]]
    assert kinds == ["best-discard"] * 3 + ["count-deadwood"] * 2 + ["acomodo"] * 2
    assert [p["number"] for p in data["puzzles"]] == list(range(1, 8))
    assert data["kind"] == "best-discard,count-deadwood,acomodo"
    text = " ".join(" ".join(pages_text(pdf)).split())
    for ask in ("Marcá la carta que tirás", "Armá los mejores juegos", "Acomodá tus 7"):
        assert text.count(ask) == 1  # each kind's instructions once, before its first puzzle
    assert "--kind best-discard,count-deadwood,acomodo -n 7" in text


@pytest.mark.parametrize(
    "args, culprit",
    [
        (["--kind", "acomodo", "--kind", "acomodo"], "acomodo more than once"),
        (["--kind", "acomodo,nope"], "'nope'"),
        (["--kind", "best-discard,acomodo", "-n", "1"], "-n 1"),
        # every -n out of range said alike, whichever side (it once gave ±100000 past 200)
        (["-n", "-3"], "-n: -3 is out of range (1 to 200)"),
        (["--kind", "best-discard,acomodo", "-n", "0"], "-n: 0 is out of range (1 to 200)"),
        (["-n", "201"], "-n: 201 is out of range (1 to 200)"),
        (["-n", "100001"], "-n: 100001 is out of range (1 to 200)"),
        (["--kind", "best-discard,"], "empty kind"),
        (["--kind", "best-discard", "--kind", ""], "empty kind"),
        (["--kind", " , "], "empty kind"),
        (["--versions", "0"], "--versions"),
        (["--paper", "a3"], "--paper"),
    ],
)
def test_bad_layout_options_are_one_line_and_exit_2(args, culprit):
    r = mazo("puzzles", "conga", *args, "--json", "--lang", "en")
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and culprit in lines[0] and "Traceback" not in r.stderr


def test_positions_depend_on_the_kind(tmp_path):
    hands = {}
    for kind in ("can-open", "count-hand"):
        r = mazo("puzzles", "canasta", "--kind", kind, "-n", "4", "--seed", "1", "--json")
        assert r.returncode == 0, r.stderr
        hands[kind] = {tuple(p["hand"]) for p in json.loads(r.stdout)["puzzles"]}
    assert not hands["can-open"] & hands["count-hand"]


@pytest.mark.slow
def test_class_set_versions_one_key_same_bytes(tmp_path):
    args = ("conga", "--kind", "best-discard,count-deadwood", "-n", "4", "--versions", "3")
    pdf, data = sheet(tmp_path, *args)
    first = pdf.read_bytes()
    # the same command, the same bytes (the key's reprint line names the file -o gave)
    assert sheet(tmp_path, *args)[0].read_bytes() == first
    versions = data["versions"]
    assert [v["version"] for v in versions] == ["A", "B", "C"] and "puzzles" not in data
    hands = [tuple(p["hand"]) for v in versions for p in v["puzzles"]]
    assert len(set(hands)) == len(hands) == 12  # no position twice in the class set
    for v in versions:  # the same kinds on every version
        kinds = [p["kind"] for p in v["puzzles"]]
        assert kinds == ["best-discard"] * 2 + ["count-deadwood"] * 2
    pages = pages_text(pdf)
    sheets = [t for t in pages if "soluciones" not in t]  # a version's key: Hoja A · soluciones
    key = [t for t in pages if "soluciones" in t]
    assert [t.split("·")[0].split("\n")[-1].strip() for t in sheets] == [
        "Hoja A",
        "Hoja B",
        "Hoja C",
    ]
    assert all("página 1" in t for t in sheets)  # each version numbers its own pages
    assert [n for t in sheets for n in numbers_on([t])] == [1, 2, 3, 4] * 3
    joined = " ".join(" ".join(key).split())
    assert all(f"Hoja {v}" in joined for v in "ABC") and "--versions 3" in joined


@pytest.mark.parametrize(
    "args",
    [
        ("conga", "--kind", "best-discard,count-deadwood", "-n", "6", "--versions", "3"),
        ("conquian", "--kind", "go-out", "-n", "3", "--versions", "2", "--seed", "4"),
    ],
)
def test_every_version_climbs_through_the_same_levels(args):
    r = mazo("puzzles", *args, "--json")
    assert r.returncode == 0, r.stderr
    levels = [
        [(p["kind"], p["difficulty"]) for p in v["puzzles"]]
        for v in json.loads(r.stdout)["versions"]
    ]
    assert all(version == levels[0] for version in levels), levels


def test_a_written_sheet_prints_no_key_on_the_terminal(tmp_path):
    pdf = tmp_path / "hoja.pdf"
    r = mazo("puzzles", "conga", "-n", "2", "-o", str(pdf))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"escrito: {pdf}"  # the game's language, Spanish
    shown = mazo("puzzles", "conga", "-n", "2", "--key-only")  # no file: the answers' table
    assert "Tirar" in shown.stdout


@pytest.mark.parametrize(
    "players, lang, said, unsaid",
    [
        (
            "2",
            "es",
            ["Tu bando todavía", "Tu bando ya abrió", "Puntos de tu bando", "del bando"],
            "pareja",
        ),
        (
            "3",
            "en",
            [
                "Your side has not",
                "Your side has already",
                "Score of your side",
                "by the side's score",
            ],
            "partnership",
        ),
        (
            "4",
            "es",
            ["Tu pareja todavía", "Tu pareja ya abrió", "Puntos de tu pareja", "de la pareja"],
            "bando",
        ),
    ],
)
def test_canasta_sheets_name_the_side_as_the_rulebook_does(tmp_path, players, lang, said, unsaid):
    pdf = tmp_path / "canasta.pdf"
    kinds = ["--kind", "can-open,count-hand", "-n", "2", "--lang", lang]
    r = mazo("puzzles", "canasta", *kinds, "--variant", f"players={players}", "-o", str(pdf))
    assert r.returncode == 0, r.stderr
    text = " ".join(" ".join(pages_text(pdf)).split())
    assert all(words in text for words in said), text
    # The house rule's own words for the players may say "parejas"; nothing else does.
    assert unsaid not in text.replace("cuatro en parejas", "").replace("in partnerships", "")


def test_the_terminal_key_spells_ten_as_the_sheet_draws_it():
    r = mazo("puzzles", "gin", "-n", "6", "--seed", "1", "--key-only")
    assert r.returncode == 0, r.stderr
    assert "10" in r.stdout and not re.search(r"\bT[♥♦♠♣]", r.stdout), r.stdout


@pytest.mark.parametrize(("spanish", "level"), [("Fácil", "easy"), ("medio", "medium")])
def test_difficulty_in_spanish_gives_the_same_sheet(capsys, monkeypatch, spanish, level):
    """The Spanish help says `fácil, media o difícil`: those words (and as typed without
    accents) ask for the same sheet, its JSON in English as always."""
    args = ["puzzles", "conga", "-n", "2", "--json", "--difficulty"]
    asked = in_process(capsys, monkeypatch, *args, spanish)
    assert asked.code == 0, asked.err
    assert asked.out == in_process(capsys, monkeypatch, *args, level).out
