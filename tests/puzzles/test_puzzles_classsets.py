"""Class sets a teacher hands out: every key page says whose version it is, -n counts one
sheet's puzzles, the PDF by default and the key on the terminal only when asked, --kind all,
--split, and sheets of one level that fill."""

from __future__ import annotations

import json

import pytest
from mazo.commands.puzzles import _kinds
from mazo.puzzles import generate
from mazo.puzzles.classset import make_class_set
from mazo.puzzles.generate import NotEnoughPuzzles, make_sheet
from mazo.puzzles.offer import available_kinds
from mazo.puzzles.pdf import Layout, _part_name, write_key_pdf
from mazo.solver.api import rules_for

from tests.commands import in_memory
from tests.puzzles.test_puzzles_cli import numbers_on, pages_text
from tests.soak import SOAK


@pytest.fixture
def run(monkeypatch, tmp_path):
    """`mazo puzzles ARGS` in an empty working folder: the exit code, stdout and stderr."""
    monkeypatch.chdir(tmp_path)

    def call(*args: str, tty: bool = False) -> tuple[int, str, str]:
        code, out, err = in_memory(monkeypatch, "puzzles", *args, tty=tty)
        return code, out.decode("utf-8", "replace"), err

    return call


def files(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def part(text: str) -> str:
    """What a page's header says it is: `Hoja A`, `Hoja A · soluciones, continúa` …"""
    return text.splitlines()[1].split("  ·  ")[0]


@pytest.fixture(scope="module")
def class_set():
    """Two versions of eight: each version's key takes two pages."""
    spec = rules_for("conga")
    return spec, make_class_set(spec, ["count-deadwood"], 8, seed=1, versions=2)


def test_every_key_page_names_its_version(tmp_path, class_set):
    spec, sheets = class_set
    key = tmp_path / "key.pdf"
    write_key_pdf(spec, sheets, Layout(answers="separate"), key)
    pages = pages_text(key)
    assert [part(t) for t in pages] == [
        "Hoja A · soluciones",
        "Hoja A · soluciones, continúa",
        "Hoja B · soluciones",
        "Hoja B · soluciones, continúa",
    ]
    # Each version's answers start on a page of their own: no page holds two versions.
    assert [n for t in pages for n in numbers_on([t])] == list(range(1, 9)) * 2
    assert numbers_on([pages[2]])[0] == 1


def test_the_key_pages_names_in_english():
    said = [_part_name("en", "answers", "C", page) for page in (1, 2, 3)]
    assert said == ["Sheet C · answers", *["Sheet C · answers, continued"] * 2]
    assert _part_name("en", "sheet", "C", 2) == "Sheet C"
    assert _part_name("en", "answers", "", 2) == "Answers"  # one version: as it always was


def test_n_counts_the_puzzles_of_one_sheet(monkeypatch):
    monkeypatch.setattr(generate, "MAX_PUZZLES", 3)
    sheets = make_class_set(rules_for("conga"), ["count-deadwood"], 3, seed=1, versions=2)
    assert [len(s.puzzles) for s in sheets.sheets] == [3, 3]  # 6 in all: the limit is a sheet's


def test_a_kinds_limit_is_a_sheets(run):
    code, _, err = run(
        "conga", "--kind", "take-or-draw", "-n", "25", "--versions", "2", "--lang", "en"
    )
    assert code == 2 and "got 25" in err and "50" not in err


def test_a_one_level_sheet_draws_more_deals(monkeypatch):
    """A rare level (hard Gin counts: under one deal in two hundred) is found in more deals, and
    the generator does not give up in the first of them."""
    monkeypatch.setattr(generate, "BASE_ATTEMPTS", 100)
    monkeypatch.setattr(generate, "ATTEMPTS_PER_PUZZLE", 0)
    spec = rules_for("gin")
    (puzzle,) = make_sheet(spec, "count-deadwood", 1, seed=4, difficulty="hard").puzzles
    assert puzzle.difficulty == "hard"
    monkeypatch.setattr(generate, "ONE_LEVEL_DEALS", 1)
    with pytest.raises(NotEnoughPuzzles, match="found only 0 of 1 hard"):
        make_sheet(spec, "count-deadwood", 1, seed=4, difficulty="hard")


@pytest.mark.skipif(not SOAK, reason="a dozen rare puzzles: the soak's")
@pytest.mark.parametrize("game, kind", [("gin", "count-deadwood"), ("conga", "acomodo")])
def test_hard_sheets_of_twelve_fill(game, kind):
    sheet = make_sheet(rules_for(game), kind, 12, seed=1, difficulty="hard")
    assert [p.difficulty for p in sheet.puzzles] == ["hard"] * 12


def test_the_pdf_by_default_named_as_the_rulebook_names_its_own(run, tmp_path):
    code, out, err = run("gin", "-n", "1", "--lang", "en")
    assert code == 0, err
    assert files(tmp_path) == ["gin-rummy-best-discard-en.pdf"]
    assert out.strip() == f"wrote {tmp_path / 'gin-rummy-best-discard-en.pdf'}"
    pages = pages_text(tmp_path / "gin-rummy-best-discard-en.pdf")
    assert [part(t) for t in pages] == ["Practice", "Answers"]  # one version: no letter


def test_the_key_on_the_terminal_only_when_asked(run, tmp_path):
    code, out, err = run("conga", "-n", "1", "--key-only")
    assert code == 0 and "Tirar" in out and files(tmp_path) == [], err
    code, out, err = run("conga", "-n", "1", "-o", "-", tty=True)  # on a terminal: the key
    assert code == 0 and "Tirar" in out and files(tmp_path) == [], err
    code, _, err = run("conga", "-n", "1", "--key-only", "-o", "x.pdf")
    assert code == 2 and err.count("\n") == 1 and "--key-only" in err and files(tmp_path) == []


def test_the_key_on_the_terminal_is_titled_with_the_games_and_the_sheets_names(run):
    code, out, err = run("conga", "-n", "1", "--key-only", "--lang", "es")
    assert code == 0 and out.startswith("Conga Uruguaya · ¿Qué carta tirás? · semilla 1\n"), err
    code, out, err = run("gin", "-n", "6", "--kind", "all", "--key-only", "--lang", "en")
    assert code == 0 and out.startswith("Gin Rummy · Practice · seed 1\n"), err


@pytest.mark.slow
def test_one_puzzle_of_each_kind_on_each_of_several_versions(run, tmp_path):
    """A yes-or-no kind's one puzzle a sheet may have the same answer on every version."""
    code, out, err = run("conga", "--kind", "all", "-n", "6", "--versions", "2", "--json")
    assert code == 0, err
    versions = json.loads(out)["versions"]
    kinds = [[p["kind"] for p in version["puzzles"]] for version in versions]
    assert len(kinds) == 2 and all(sorted(k) == sorted(set(kinds[0])) for k in kinds)
    assert len(kinds[0]) == 6


def test_split_writes_one_file_per_version_the_same_bytes_again(run, tmp_path):
    args = ("conga", "--kind", "count-deadwood", "-n", "1", "--versions", "2", "--split")
    args += ("--answers", "separate", "-o", "clase.pdf")
    code, out, err = run(*args, "--json")
    assert code == 0, err
    names = ["clase-A-soluciones.pdf", "clase-A.pdf", "clase-B-soluciones.pdf", "clase-B.pdf"]
    assert files(tmp_path) == names
    first = {n: (tmp_path / n).read_bytes() for n in names}
    for label, version in zip("AB", json.loads(out)["versions"], strict=True):
        sheet = " ".join(pages_text(tmp_path / f"clase-{label}.pdf"))
        key = " ".join(pages_text(tmp_path / f"clase-{label}-soluciones.pdf"))
        assert f"Hoja {label}" in sheet and f"Hoja {label} · soluciones" in key
        other = "B" if label == "A" else "A"
        assert f"Hoja {other}" not in sheet + key
        (puzzle,) = version["puzzles"]
        assert f"{puzzle['answer']['deadwood_points']} puntos sueltos" in key
        assert "--split" in key  # the command that prints the set again
    code, out, err = run(*args)
    assert code == 0 and {n: (tmp_path / n).read_bytes() for n in names} == first, err
    assert sorted(out.splitlines()) == [f"escrito: {n}" for n in names]  # where each went


@pytest.mark.parametrize(
    "args, culprit",
    [
        (("-n", "1", "--split"), "--versions 2"),
        (("-n", "1", "--versions", "2", "--split", "-o", "-"), "--split"),
        (("--kind", "all,best-discard"), "--kind all"),
        (("--kind", "all", "--difficulty", "brutal"), "lleva fácil, media o difícil"),
    ],
)
def test_split_and_all_misused_are_one_line(run, tmp_path, args, culprit):
    code, _, err = run("conga", *args)
    assert code == 2 and err.count("\n") == 1 and culprit in err and files(tmp_path) == []


def test_kind_all_mixes_every_kind_the_game_has(run, tmp_path):
    code, out, err = run("conquian", "--kind", "all", "-n", "2", "--json")
    assert code == 0, err
    data = json.loads(out)
    kinds = available_kinds(rules_for("conquian"))
    assert [p["kind"] for p in data["puzzles"]] == kinds and data["kind"] == ",".join(kinds)
    assert len(kinds) == 2 and files(tmp_path) == []  # the JSON alone writes no file
    # A level some kind never reaches: the others make the sheet.
    conquian = rules_for("conquian")
    assert _kinds(conquian, ["ALL"], "hard") == (["go-out"], "all")
    assert _kinds(conquian, ["all"], None) == (available_kinds(conquian), "all")


@pytest.mark.parametrize("lang, said", [("es", "o all para mezclarlos"), ("en", "or all to mix")])
def test_the_books_practice_chapter_says_what_the_command_writes(lang, said):
    from mazo.rulebooks.tables import puzzle_kinds_table

    intro = puzzle_kinds_table(rules_for("conga"), lang)[0]
    assert "PDF" in intro.text and said in intro.text, intro.text


def test_progress_is_told_on_every_deal_not_only_on_a_find():
    """A hard take-or-draw sheet once sat silent for minutes: the bar, which shows once the
    work has taken a second, was told only when a puzzle was found. Now every deal tells it
    (the same count until the next find), and it ends at the sheets' full count."""
    told: list[int] = []
    sets = make_class_set(
        rules_for("conga"), ["best-discard"], 2, seed=1, versions=2, progress=told.append
    )
    found = sum(len(sheet.puzzles) for sheet in sets.sheets)
    assert told[0] == 0 and told[-1] == found == 4
    assert told == sorted(told) and len(told) > found + 1  # told while nothing new was found
