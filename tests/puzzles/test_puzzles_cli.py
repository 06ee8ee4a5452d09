"""`mazo puzzles`: the JSON contract, PDFs read back with pypdf, reproducible bytes, bad input."""

from __future__ import annotations

import json
import re

import pytest
from mazo.puzzles.pdf import Layout
from mazo.solver.errors import OptionError
from pypdf import PdfReader

from tests.commands import process as mazo


def pages_text(path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def numbers_on(pages: list[str]) -> list[int]:
    """Puzzle numbers as printed at the start of a block ("3.")."""
    return [int(n) for text in pages for n in re.findall(r"(?m)^(\d+)\.$", text)]


def test_contract_best_discard_pdf_and_json(tmp_path):
    out = tmp_path / "sheet.pdf"
    r = mazo(
        "puzzles",
        "conga",
        "--kind",
        "best-discard",
        "-n",
        "4",
        "--seed",
        "1",
        "-o",
        str(out),
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert list(data) == ["game", "kind", "seed", "variant", "puzzles"]
    assert (data["game"], data["kind"], data["seed"], data["variant"]) == (
        "conga",
        "best-discard",
        1,
        {},
    )
    assert len(data["puzzles"]) == 4
    for number, puzzle in enumerate(data["puzzles"], start=1):
        assert list(puzzle) == ["number", "kind", "hand", "difficulty", "answer"]
        assert puzzle["number"] == number and len(puzzle["hand"]) == 8
        assert {"discard", "deadwood_points"} <= set(puzzle["answer"])
    assert out.read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize(
    "game, kind, count, lang, key_word",
    [
        ("conga", "best-discard", 7, "es", "Soluciones"),
        ("chinchon", "can-cut", 5, "es", "Soluciones"),
        ("gin-rummy", "count-deadwood", 6, "en", "Answers"),
    ],
)
def test_pdf_reads_back_with_every_puzzle_and_the_key(tmp_path, game, kind, count, lang, key_word):
    out = tmp_path / "sheet.pdf"
    r = mazo(
        "puzzles",
        game,
        "--kind",
        kind,
        "-n",
        str(count),
        "--seed",
        "3",
        "--lang",
        lang,
        "--per-page",
        "3",
        "-o",
        str(out),
        "--json",
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    pages = pages_text(out)
    sheet = [t for t in pages if key_word not in t]
    key = [t for t in pages if key_word in t]
    assert sheet and key and pages.index(key[0]) == len(sheet)  # the key on its own, last pages
    assert len(sheet) == -(-count // 3)  # --per-page 3
    reprint = f"mazo puzzles {game} --kind {kind} -n {count} --seed 3"
    for text in key:  # the seed and the reprint command on the key's pages only
        assert "seed 3" in text or "semilla 3" in text
        assert reprint in text
    for text in sheet:  # a student with mazo could print the key from them
        assert "seed 3" not in text and "semilla 3" not in text and reprint not in text
    assert numbers_on(sheet) == list(range(1, count + 1))
    assert numbers_on(key) == list(range(1, count + 1))
    for puzzle in data["puzzles"]:  # each solution names its answer
        shown = puzzle["answer"].get("discard") or str(puzzle["answer"]["deadwood_points"])
        assert any(shown in t for t in key)


@pytest.mark.slow
def test_same_options_same_bytes_other_seed_other_sheet(tmp_path):
    runs = []
    for name, seed in (("a", "5"), ("b", "5"), ("c", "6")):
        # the same -o in another folder: the key's reprint line names the file as given
        (tmp_path / name).mkdir()
        out = tmp_path / name / "sheet.pdf"
        r = mazo(
            "puzzles",
            "chinchon",
            "--kind",
            "best-discard",
            "-n",
            "3",
            "--seed",
            seed,
            "-o",
            "sheet.pdf",
            "--json",
            "--variant",
            "close_rule=loose_total",
            cwd=tmp_path / name,
        )
        assert r.returncode == 0, r.stderr
        runs.append((r.stdout, out.read_bytes()))
    assert runs[0] == runs[1]
    assert runs[0][0] != runs[2][0] and runs[0][1] != runs[2][1]
    assert json.loads(runs[0][0])["variant"] == {"close_rule": "loose_total"}


def test_separate_answer_key(tmp_path):
    out = tmp_path / "hoja.pdf"
    r = mazo(
        "puzzles",
        "conga",
        "--kind",
        "count-deadwood",
        "-n",
        "4",
        "--answers",
        "separate",
        "-o",
        str(out),
    )
    assert r.returncode == 0, r.stderr
    key = tmp_path / "hoja-soluciones.pdf"
    assert not any("Soluciones" in t for t in pages_text(out))
    assert all("Soluciones" in t for t in pages_text(key))
    assert numbers_on(pages_text(key)) == [1, 2, 3, 4]


@pytest.mark.parametrize(
    "args, culprit",
    [
        (["conga", "--kind", "nope"], "'nope'"),
        (["conga", "-n", "100000"], "-n"),
        (["conga", "--difficulty", "brutal"], "--difficulty"),
        (["conga", "--per-page", "9"], "--per-page"),
        (["conga", "--answers", "separate"], "--answers separate"),
        (["conga", "--variant", "deck_size=52"], "deck_size"),
        (["bridge"], "bridge"),
        (["conga", "-o", "/no/such/folder/x.pdf"], "/no/such/folder"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args, culprit):
    r = mazo("puzzles", *args, "--json", "--lang", "en")
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert json.loads(r.stdout) == {"error": r.stderr.strip()[13:]}
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and culprit in lines[0] and "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "layout, culprit",
    [
        (Layout(lang="fr"), "--lang"),
        (Layout(per_page=0), "--per-page"),
        (Layout(answers="both"), "--answers"),
    ],
)
def test_layout_options_are_checked(layout, culprit):
    with pytest.raises(OptionError, match=culprit):
        layout.check()


@pytest.mark.parametrize("game", ["canasta", "conquian", "gin"])
def test_the_default_kind_is_the_games_first(game):
    from mazo.solver.spec.load import load_spec

    r = mazo("puzzles", game, "-n", "1", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["kind"] == load_spec(game).puzzle_kinds[0]


@pytest.mark.parametrize(
    "args, per_page",
    [
        (["conga", "-n", "6", "--per-page", "6"], [6]),  # the cards shrink to keep six
        (["conga", "-n", "6", "--per-page", "5"], [3, 3]),  # 3 + 3, not 5 + 1
        (["conga", "-n", "12", "--per-page", "6"], [6, 6]),
        (["conga", "-n", "8", "--per-page", "6"], [4, 4]),  # the --per-page help's example
        (["conquian", "-n", "6", "--per-page", "6"], [6]),
        (["conga", "--kind", "acomodo", "-n", "6", "--per-page", "6"], [6]),
        (["canasta", "--variant", "players=2", "-n", "6", "--per-page", "6"], [6]),
        (["conga", "-n", "3", "--per-page", "1"], [1, 1, 1]),
        # Measured against the room the frame leaves inside its padding: 4 + 4, not 3 + 1 + 4.
        (["conquian", "--kind", "go-out", "-n", "8", "--seed", "1"], [4, 4]),
    ],
)
def test_puzzles_are_spread_evenly_and_fit_their_pages(tmp_path, args, per_page):
    pdf = tmp_path / "sheet.pdf"
    r = mazo("puzzles", *args, "--answers", "separate", "-o", str(pdf))
    assert r.returncode == 0, r.stderr
    pages = [numbers_on([text]) for text in pages_text(pdf)]
    assert [len(numbers) for numbers in pages] == per_page
    assert [n for numbers in pages for n in numbers] == list(range(1, sum(per_page) + 1))


def test_a_long_reprint_command_stays_inside_the_page(tmp_path):
    from mazo.templates.fonts import register_fonts
    from mazo.templates.page import page_setup
    from reportlab.pdfbase.pdfmetrics import stringWidth

    rules = tmp_path / "reglas-del-club-de-los-martes-en-la-sede-social.yaml"
    rules.write_text("extends: conga\n")
    variants = ["--variant", "cut_threshold=3", "--variant", "reenganche=off"]
    pdf = tmp_path / "pr.pdf"
    args = ["conga", "--kind", "best-discard", "--rules", str(rules), *variants, "-n", "1"]
    r = mazo("puzzles", *args, "-o", str(pdf))
    assert r.returncode == 0, r.stderr
    page = PdfReader(str(pdf)).pages[-1]
    setup = page_setup("worksheet")
    right = float(page.mediabox.width) - setup.right
    font = register_fonts()["regular"]
    footer: list[tuple[str, float, float]] = []

    def seen(text, cm, tm, font_dict, size):
        x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
        y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
        if text.strip() and y < setup.bottom:  # below the frame: the footer
            footer.append((text, x, size * tm[0] * cm[0]))

    page.extract_text(visitor_text=seen)
    assert len(footer) >= 2  # folded, not cut
    for text, x, size in footer:
        assert x + stringWidth(text.strip(), font, size) <= right + 0.5, text
    said = " ".join("".join(text for text, _, _ in footer).split())
    assert said.endswith(f"--rules {rules} --variant cut_threshold=3 --variant reenganche=off")


def test_the_key_says_house_rules_in_words_and_reprints_the_same_files(tmp_path):
    """The key's header says the house rules as the sheet's box does (never `cut_threshold=3`),
    a rule no question rests on (how far a match goes) on neither; the reprint line finds the
    rules file from the same folder and writes the same files; the title is not said twice."""
    folder = tmp_path / "mi carpeta ñ"
    folder.mkdir()
    rules = folder / "reglas del club.yaml"
    rules.write_text("extends: conga\nvariant:\n  cut_threshold: 3\n  elimination_limit: 120\n")
    given = "mi carpeta ñ/reglas del club.yaml"
    args = ["conga", "--kind", "best-discard,acomodo", "-n", "2", "--rules", given, "--lang", "es"]
    r = mazo("puzzles", *args, "--answers", "separate", "-o", "hoja del club.pdf", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    first, *more = pages_text(tmp_path / "hoja del club.pdf")
    sheet = " ".join([first, *more])
    key = " ".join(" ".join(pages_text(tmp_path / "hoja del club-soluciones.pdf")).split())
    assert "se corta con 3 puntos" in sheet and "se corta con 3 puntos" in key
    assert "cut_threshold" not in key and "se juega a" not in sheet + key
    assert first.count("Ejercicios") == 1
    again = "--answers separate -o 'hoja del club.pdf' --rules 'mi carpeta ñ/reglas del club.yaml'"
    assert again in key
