"""Rulebooks read back: pages, headings, each game's terms, option values, variants, bytes."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from functools import cache

import pytest
from mazo.cli import main
from mazo.rulebooks.book import build_book
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError, SpecError
from mazo.solver.spec.load import game_names, load_spec
from mazo.templates.fonts import register_fonts
from mazo.templates.markdown import to_markdown
from mazo.templates.pdf import fit_line, write_pdf
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.commands import process as mazo

# Games whose spec carries a rulebook; conquian and canasta join when their specs have prose.
GAMES = [
    g
    for g in ("conga", "chinchon", "gin-rummy", "conquian", "canasta-uruguaya")
    if g in game_names() and rules_for(g).prose is not None
]


@dataclass
class Run:
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run(capsys, monkeypatch):
    """The command in this process (through `main`, its error boundary): fast for many cases."""

    def call(*args) -> Run:
        monkeypatch.setattr(sys, "argv", ["mazo", *args])
        try:
            main()
            code = 0
        except SystemExit as leaving:
            code = leaving.code or 0
        out = capsys.readouterr()
        return Run(code, out.out, out.err)

    return call


@cache
def pdf_bytes(game: str, lang: str, variant: tuple = (), paper: str = "a4") -> bytes:
    spec = rules_for(game, variant=dict(variant))
    out = io.BytesIO()
    write_pdf(build_book(spec, lang), out, paper=paper)
    return out.getvalue()


@cache
def pages(game: str, lang: str, variant: tuple = ()) -> tuple[str, ...]:
    reader = PdfReader(io.BytesIO(pdf_bytes(game, lang, variant)))
    return tuple(page.extract_text() for page in reader.pages)


def text(game, lang, variant=()) -> str:
    # Justified text may break a phrase over a line: compare with whitespace collapsed.
    return re.sub(r"\s+", " ", "\n".join(pages(game, lang, variant)))


# --- every game, both languages -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_no_page_ends_with_a_chapter_heading_or_the_line_before_a_table(game, lang):
    """A heading travels with the whole first block after it, and a line ending in ':' with
    what it introduces: the last words of a page are neither."""
    headings = {f"{n} {s.title[lang]}" for n, s in enumerate(rules_for(game).prose.sections, 1)}
    for number, page in enumerate(pages(game, lang)[2:-1], start=3):
        lines = [line.strip() for line in page.splitlines() if line.strip()]
        last = lines[-2] if lines[-1].isdigit() else lines[-1]  # the page number at the foot
        assert last not in headings and not last.endswith(":"), (number, last)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_rulebook_has_title_contents_and_numbered_chapters(game, lang):
    spec = rules_for(game)
    book = pages(game, lang)
    assert len(book) >= 5
    assert spec.title[lang] in book[0]
    assert ("Índice" if lang == "es" else "Contents") in book[1]
    headings = [s.title[lang] for s in spec.prose.sections]
    body = text(game, lang)
    for number, heading in enumerate(headings, start=1):
        assert f"{number} {heading}" in body, heading
        assert heading in book[1], f"{heading!r} missing from the contents"


@pytest.mark.parametrize("game", GAMES)
def test_running_header_and_page_numbers(game):
    book = pages(game, "es")
    title = rules_for(game).title["es"]
    for number, page in enumerate(book[1:], start=2):
        lines = page.splitlines()
        assert title in page
        assert str(number) in lines, f"page {number} has no page number"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_every_option_and_its_value_is_in_the_book(game, lang):
    spec = rules_for(game)
    body = text(game, lang)
    for option in spec.options:
        assert option.name in body
        assert option.description[lang][:25] in body


@pytest.mark.parametrize("game", GAMES)
def test_only_the_embedded_fonts_are_used(game):
    data = pdf_bytes(game, "es")
    fonts = set(re.findall(rb"/BaseFont /([\w+-]+)", data))
    assert fonts and all(b"DejaVuSans" in f for f in fonts), fonts
    assert b"/FontFile2" in data


# --- the terms of each game ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "lang", "terms"),
    [
        (
            "conga",
            "es",
            [
                "¡Conga Limpia!",
                "acomodar",
                "Acomodo",
                "Reenganche",
                "pierna",
                "escalera",
                "Corte limpio",
                "5 puntos o menos",
                "pozo",
                "¿",
            ],
        ),
        (
            "conga",
            "en",
            ["Conga Limpia", "lay off", "Re-entry", "Clean cut", "run", "set", "5 points or fewer"],
        ),
        ("chinchon", "es", ["¡Chinchón!", "Menos diez", "escalera", "grupo", "3 puntos"]),
        ("chinchon", "en", ["Chinchón", "Minus ten", "run", "set"]),
        ("gin-rummy", "es", ["Gin", "llamar", "escalera", "grupo", "10 puntos"]),
        ("gin-rummy", "en", ["Gin", "knock", "Undercut", "deadwood", "10 points"]),
        ("conquian", "es", ["trinca", "secuencia", "9 cartas bajadas", "Forzar", "pagar"]),
        ("conquian", "en", ["set (trinca)", "run (secuencia)", "9 cards melded", "Force"]),
        ("canasta-uruguaya", "es", ["canasta limpia", "canasta sucia", "120", "3 rojos", "frente"]),
        ("canasta-uruguaya", "en", ["clean canasta", "dirty canasta", "120", "red 3s"]),
    ],
)
def test_game_terms(game, lang, terms):
    if game not in GAMES:
        pytest.skip(f"{game} has no rulebook prose yet")
    body = text(game, lang)
    for term in terms:
        assert term in body, term


# --- variants change text, tables and examples --------------------------------------------


def test_cut_threshold_3_says_3_everywhere():
    variant = (("cut_threshold", "3"),)
    body = text("conga", "es", variant)
    assert "3 puntos o menos" in body
    assert "5 puntos o menos" not in body
    assert "Reglas de la casa: se corta con 3 puntos" in pages("conga", "es", variant)[0]
    assert "Reglas de la casa" in pages("conga", "es", variant)[0]
    assert "se corta con 3 puntos (lo normal: se corta con 5 puntos)" in text(
        "conga", "es", variant
    )
    # The closes table and the five-point example follow the rule, not the default.
    assert "3 puntos sueltos o menos" in body
    assert "No puede cortar: lo mejor es descartar 12b; le quedan sueltos 5 puntos" in body
    default = text("conga", "es")
    assert "Descarta 12b: Corte con puntos; le quedan sueltos 5 puntos" in default
    assert "Reglas de la casa" not in pages("conga", "es")[0]


def test_running_header_names_the_variant():
    variant = (("cut_threshold", "3"), ("reenganche", "off"))
    book = pages("conga", "en", variant)
    assert "Conga Uruguaya — cut with 3 points or fewer; no re-entry" in book[3]
    assert "without re-entry" in text("conga", "en", variant)
    assert "may come back once" not in text("conga", "en", variant)


@pytest.mark.parametrize("game", game_names())
def test_no_option_says_a_zero_as_an_amount(game):
    """A rule at 0 reads as its absence ("sin recargo al cortador pasado"), never as an amount
    of nothing ("recargo de 0"): the cover, the house rules and the running header say it."""
    for option in load_spec(game).options:
        zero = 0 in (option.choices or ()) or option.minimum == 0
        for lang in ("es", "en") if zero else ():
            assert not re.search(r"\b0\b", option.said(0, lang)), (option.name, lang)


LONG_VARIANT = (
    ("figure_values", "face"),
    ("joker_loose_value", "50"),
    ("conga_con_comodin", "none"),
    ("min_naturals", "1"),
    ("pierna_max_jokers", "2"),
)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_variant_name_is_cut_to_the_header_line(paper):
    """The running header stops short of the subtitle with an ellipsis; the title page keeps the
    whole name."""
    spec = rules_for("conga", variant=dict(LONG_VARIANT))
    book = build_book(spec, "es")
    assert len(book.header) > 100
    out = io.BytesIO()
    write_pdf(book, out, paper=paper)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    drawn = []  # (x, text) of the running header's line, in the page's own coordinates

    def visit(text, _cm, tm, _font, size):
        if tm[5] > float(reader.pages[3].mediabox.height) - 60 and text.strip():
            drawn.append((tm[4], size, text))

    reader.pages[3].extract_text(visitor_text=visit)
    header = [t for _, _, t in drawn if t.startswith("Conga Uruguaya")]
    assert header and header[0].rstrip().endswith("…"), drawn
    assert book.header.startswith(header[0].rstrip()[:-1].rstrip())
    assert fit_line(book.header, register_fonts()["regular"], 8, 1000) == book.header
    for room in (60, 200, 300):
        cut = fit_line(book.header, register_fonts()["regular"], 8, room)
        assert cut.endswith(" …") and stringWidth(cut, register_fonts()["regular"], 8) <= room
    whole = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    assert "hasta 2 comodines por pierna (lo normal: un comodín por pierna)" in whole


def test_forty_card_deck_changes_the_deck_table_and_example():
    variant = (("deck_size", "40"),)
    body = text("conga", "en", variant)
    assert "1 2 3 4 5 6 7 10 11 12" in body
    assert "the 10 (the jack, sota) follows the 7" in body
    # Worked example C2: 4-7 and 10-12 of copas are seven in a row only in the 40-card deck.
    assert "Discard 3e: a Conga Limpia (clean conga), which wins the match" in body
    assert "Discard 3e: Clean cut; scores −10" in text("conga", "en")


def test_examples_are_solved_not_copied():
    body = text("conga", "es")
    # Worked examples C1, C4 and C8, worked out by the solver while building the book.
    assert "Con ¡Conga Limpia! gana la partida: descarta 12b." in body
    assert "Descarta 7b: Corte limpio; anota −10" in body
    assert "Tomó 12c del pozo: no puede cortar descartándola" in body


def test_canasta_minimum_opening_table_comes_from_the_spec():
    body = text("canasta-uruguaya", "es")
    for row in ("negativo 15", "0 a 1495 50", "1500 a 2995 90", "3000 o más 120"):
        assert row in body, row
    lowered = text("canasta-uruguaya", "en", (("negative_score_minimum", "0"),))
    assert "below zero 0" in lowered and "3000 or more 120" in lowered


def test_canasta_variant_changes_the_canasta_rule():
    body = text("canasta-uruguaya", "en", (("canasta_min_naturals", "4"), ("max_wild", "2")))
    assert "at least 4 naturals" in body and "at most 2 wild cards" in body
    assert "The most wild cards" not in body  # that example needs three wild cards


def test_conquian_with_the_french_deck_has_french_examples():
    body = text("conquian", "en", (("deck", "french"),))
    assert "A French deck of 40 cards" in body and "A 2 3 4 5 6 7 J Q K" in body
    assert "Example 1" in body and "The J follows the 7" in body
    assert "oros" not in body and "The 10 follows the 7" not in body


# --- output formats, paper, determinism ---------------------------------------------------


def test_same_inputs_same_bytes(tmp_path):
    out = tmp_path / "again.pdf"
    r = mazo("rulebook", "conga", "--lang", "en", "-o", str(out))  # another process
    assert r.returncode == 0, r.stderr
    assert out.read_bytes() == pdf_bytes("conga", "en")
    again = io.BytesIO()
    write_pdf(build_book(rules_for("conga"), "en"), again)
    assert again.getvalue() == pdf_bytes("conga", "en")


def test_letter_paper():
    data = pdf_bytes("conga", "es", (), "letter")
    box = PdfReader(io.BytesIO(data)).pages[0].mediabox
    assert (round(box.width), round(box.height)) == (612, 792)
    box = PdfReader(io.BytesIO(pdf_bytes("conga", "es"))).pages[0].mediabox
    assert (round(box.width), round(box.height)) == (595, 842)


def test_markdown_has_the_same_content():
    spec = rules_for("conga", variant={"cut_threshold": 3})
    md = to_markdown(build_book(spec, "es"))
    assert md.startswith("# Conga Uruguaya")
    assert "## 8 Los cierres" in md and "### 8.1 El acomodo" in md
    assert "| cut_threshold |" in md and "3 puntos o menos" in md
    assert "`1o 2o 3o 4o 5o 6o 7o`" in md


# --- the command --------------------------------------------------------------------------


def test_contract_line_writes_a_pdf(tmp_path):
    out = tmp_path / "x.pdf"
    r = mazo("rulebook", "conga", "--lang", "es", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:5] == b"%PDF-"


def test_markdown_command_and_default_name(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = run("rulebook", "chinchon", "--format", "md", "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "chinchon-en.md").read_text(encoding="utf-8").startswith("# Chinchón")


def test_the_format_follows_the_files_name_unless_named(tmp_path, run, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run("rulebook", "conga", "-o", "book.md").returncode == 0
    assert (tmp_path / "book.md").read_text(encoding="utf-8").startswith("# Conga Uruguaya")
    r = run("rulebook", "conga", "-o", "book.txt", "--lang", "en")  # neither .pdf nor .md
    assert r.returncode == 2 and "'book.txt' is written as a PDF: name a file" in r.stderr
    assert run("rulebook", "conga", "--format", "md", "-o", "book.txt").returncode == 0
    assert (tmp_path / "book.txt").read_text(encoding="utf-8").startswith("# Conga Uruguaya")
    assert run("rulebook", "conga", "-o", "book").returncode == 0
    assert (tmp_path / "book").read_bytes()[:5] == b"%PDF-"  # no suffix, no format: a PDF
    r = run("rulebook", "conga", "--format", "md", "-o", "book.pdf", "--lang", "en")
    assert r.returncode == 2 and "names another format than --format md" in r.stderr
    assert not (tmp_path / "book.pdf").exists()


def test_rules_file_names_the_variant(tmp_path, run):
    rules = tmp_path / "club.yaml"
    rules.write_text("extends: conga\nvariant_name: Club Nacional\nvariant: {cut_threshold: 3}\n")
    out = tmp_path / "club.pdf"
    r = run("rulebook", "conga", "--rules", str(rules), "-o", str(out))
    assert r.returncode == 0, r.stderr
    first = PdfReader(out).pages[0].extract_text()
    assert "Variante: Club Nacional" in first
    assert "Reglas de la casa: se corta con 3 puntos" in first
    assert "club.yaml" not in first and "cut_threshold" not in first  # no code words


def test_a_rule_the_file_changes_directly_is_named_like_an_option(tmp_path, run):
    """A rules file may change the rule data itself: the check and the book's house-rules box
    name that field as they name an option."""
    rules = tmp_path / "club.yaml"
    rules.write_text(
        "extends: conga\n"
        "variant: {cut_threshold: 3}\n"
        # the clean cut's score is the game's own: no change
        "closes: {corte_limpio: {max_jokers: 0, score: -10}}\n"
    )
    checked = run("spec", "check", str(rules), "--lang", "en")
    assert checked.returncode == 0, checked.stderr
    said = " ".join(checked.stdout.split())  # the line as read, its wrapping aside
    assert (
        "house rules: cut with 3 points or fewer; closes.corte_limpio.max_jokers becomes 0" in said
    )
    assert "score" not in checked.stdout
    checked = run("spec", "check", str(rules), "--json")
    assert json.loads(checked.stdout)["rules"] == [
        {"field": "closes.corte_limpio.max_jokers", "value": 0, "default": None}
    ]
    out = tmp_path / "club.pdf"
    r = run("rulebook", "conga", "--rules", str(rules), "--lang", "en", "-o", str(out))
    assert r.returncode == 0, r.stderr
    first = re.sub(r"\s+", " ", PdfReader(out).pages[0].extract_text())
    assert "cut with 3 points or fewer (normally: cut with 5 points or fewer)" in first
    assert "closes.corte_limpio.max_jokers = 0: added by the rules file." in first
    markdown = run("rulebook", "conga", "--rules", str(rules), "--format", "md", "-o", "-")
    assert "closes.corte_limpio.max_jokers** = 0" in markdown.stdout


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["--variant", "cut_threshold=99"], "cut_threshold"),
        (["--variant", "no_such_rule=1"], "no_such_rule"),
        (["--variant", "cut_threshold"], "KEY=VALUE"),
        (["--format", "docx"], "docx"),
        (["--paper", "a3"], "a3"),
        (["--lang", "fr"], "fr"),
    ],
)
def test_bad_input_exits_2_without_a_file(tmp_path, args, culprit, run):
    out = tmp_path / "book.pdf"
    r = run("--lang", "en", "rulebook", "conga", "-o", str(out), *args)
    assert r.returncode == 2
    assert culprit in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_bad_path_exits_2(tmp_path, run):
    r = run("rulebook", "conga", "-o", str(tmp_path / "missing" / "book.pdf"))
    assert r.returncode == 2 and "missing" in r.stderr
    r = run("rulebook", "nonesuch", "-o", str(tmp_path / "b.pdf"))
    assert r.returncode == 2 and "nonesuch" in r.stderr
    assert list(tmp_path.iterdir()) == []
    r = run("rulebook", "conga", "-o", str(tmp_path), "--lang", "en")  # a folder, not a file
    assert r.returncode == 2 and f"'{tmp_path}' names a folder: name a file" in r.stderr
    assert tmp_path.is_dir() and list(tmp_path.iterdir()) == []


def test_unknown_placeholder_is_a_spec_error(tmp_path):
    rules = tmp_path / "bad.yaml"
    rules.write_text(
        "extends: conga\nprose:\n  sections:\n"
        "    - title: {es: Uno, en: One}\n      text:\n        - {es: '{nope}', en: '{nope}'}\n"
    )
    with pytest.raises(SpecError, match="nope"):
        build_book(rules_for("conga", rules=str(rules)), "es")


def test_a_cover_is_codes_or_cards_under_a_condition(tmp_path):
    rules = tmp_path / "club.yaml"
    rules.write_text("extends: conquian\nprose: {cover: ['3o 4o 5o']}\n")
    with pytest.raises(SpecError, match=r"prose\.cover\.0.*expected card codes or"):
        load_spec(None, rules=rules)
    rules.write_text(
        "extends: conquian\nvariant: {deck: french}\nprose:\n  cover:\n"
        "    - {cards: 1o 2o 3o, when: {deck: spanish}}\n"
        "    - {cards: AS 2S 3S, when: {deck: french}}\n"
        "    - {cards: KS QS JS, when: {deck: french}}\n"
    )
    spec = load_spec(None, rules=rules)
    assert list(spec.deck.codes(spec.prose.cover)) == ["AS", "2S", "3S"]


def test_example_with_a_card_outside_the_deck_names_the_example(tmp_path):
    rules = tmp_path / "bad.yaml"
    rules.write_text(
        "extends: conga\nexamples:\n  - {id: odd, hand: 9o 1o 2o 3o 4o 5o 6o 7o}\n"
        "prose:\n  sections:\n    - title: {es: Uno, en: One}\n      examples: [odd]\n"
    )
    # The spec's loader deals the examples that apply, so the file is refused before any book.
    with pytest.raises(InputError, match=r"bad.yaml:3, field 'examples.0.hand'.*'9o'"):
        rules_for("conga", rules=str(rules), variant={"deck_size": 40})


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils not installed")
def test_pages_render(tmp_path):
    path = tmp_path / "conga.pdf"
    path.write_bytes(pdf_bytes("conga", "es"))
    subprocess.run(
        ["pdftoppm", "-png", "-r", "30", "-f", "1", "-l", "3", str(path), str(tmp_path / "p")],
        check=True,
    )
    assert len(list(tmp_path.glob("p-*.png"))) == 3


def test_a_spec_without_prose_still_prints_its_rules_as_tables(tmp_path, run):
    from importlib import resources

    gin = resources.files("mazo.rulebooks").joinpath("specs/gin-rummy.yaml").read_text("utf-8")
    bare = gin[: gin.index("# --- Rulebook")].replace("game: gin-rummy", "game: house-gin")
    rules = tmp_path / "house-gin.yaml"
    rules.write_text(bare.replace("aliases: [gin, gin_rummy, ginrummy]", "aliases: []"))
    out = tmp_path / "house-gin.pdf"
    r = run("rulebook", "--rules", str(rules), "house-gin", "--lang", "en", "-o", str(out))
    assert r.returncode == 0, r.stderr
    body = re.sub(r"\s+", " ", "\n".join(p.extract_text() for p in PdfReader(out).pages))
    for heading in ("1 The deck", "2 Melds", "3 Closes", "4 Options and house rules"):
        assert heading in body
    assert "knock_limit" in body and "10 loose points or fewer" in body


# --- the Practice chapter: the worksheet kinds, generated from the spec ------------------------


def practice_rows(spec, lang: str) -> list[str]:
    """The kinds the book's Practice table lists, in order."""
    text = to_markdown(build_book(spec, lang))
    heading = "Ejercicios" if lang == "es" else "Practice"
    chapter = re.split(rf"^## \d+ {heading}$", text, flags=re.M)[1].split("\n## ")[0]
    return re.findall(r"^\| \*\*([a-z-]+)\*\* \| .+ \|$", chapter, flags=re.M)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_practice_chapter_lists_the_kinds_the_spec_offers(game, lang):
    spec = rules_for(game)
    assert practice_rows(spec, lang) == list(spec.puzzle_kinds)


def test_the_practice_chapter_follows_the_rules_in_force(tmp_path):
    from mazo.puzzles.generate import kind_for

    rules = tmp_path / "club.yaml"
    rules.write_text("extends: gin\npuzzles: {kinds: [take-or-draw, can-cut]}\n")
    assert practice_rows(rules_for("gin-rummy", rules=str(rules)), "en") == [
        "take-or-draw",
        "can-cut",
    ]
    rules.write_text("extends: gin\npuzzles: {kinds: []}\n")
    book = to_markdown(build_book(rules_for("gin-rummy", rules=str(rules)), "en"))
    assert "no practice sheets" in book and "| Kind |" not in book
    # No cut with points: every cut is clean, rivals never lay off, so no acomodo sheets.
    spec = rules_for("conga", variant={"cut_threshold": 0})
    listed = practice_rows(spec, "es")
    assert "acomodo" not in listed and "take-or-draw" in listed
    for kind in spec.puzzle_kinds:
        if kind in listed:
            kind_for(spec, kind)
        else:
            with pytest.raises(InputError, match="under these rules"):
                kind_for(spec, kind)


def test_every_puzzle_kind_says_what_it_asks_in_both_languages():
    from mazo.puzzles.generate import KINDS
    from mazo.puzzles.wording import about

    for game in GAMES:
        spec = rules_for(game)
        for kind in KINDS:
            for lang in ("es", "en"):
                assert about(spec, kind, lang).endswith(("?", ".)"))


def test_a_table_of_another_game_is_refused_at_load(tmp_path):
    rules = tmp_path / "club.yaml"
    rules.write_text(
        "extends: gin\nprose:\n  sections:\n    - {title: T, tables: [minimum_opening]}\n"
    )
    with pytest.raises(
        SpecError, match=r"club.yaml:4, field 'prose.sections.0.tables.0': .*Canasta's"
    ):
        rules_for("gin-rummy", rules=str(rules))


def test_a_home_that_is_a_file_does_not_stop_the_pdf(tmp_path):
    """reportlab runs ~/.reportlab_mods as it is imported; a HOME that is a file holds none, and
    the book is written as with any HOME (a process of its own: this one has reportlab loaded)."""
    home = tmp_path / "home"
    home.write_text("not a folder")
    out = tmp_path / "book.pdf"
    env = {**os.environ, "HOME": str(home)}
    args = [sys.executable, "-m", "mazo", "rulebook", "conga", "-o", str(out)]
    r = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0 and "error" not in r.stderr, r.stderr
    assert len(PdfReader(out).pages) > 1
