"""The styles and page set-ups as data: every colour named once, every set-up readable."""

from __future__ import annotations

import pytest
from mazo.templates.page import PAPERS, page_setup
from mazo.templates.styles import colour, length, load_styles, player_colours, styles_data
from reportlab.lib.units import cm, mm


def test_every_colour_a_style_or_page_names_is_in_the_palette():
    data = styles_data()
    palette = data["colours"]
    named = [s["textColor"] for s in data["styles"].values() if "textColor" in s]
    named += [v for k, v in data["page"].items() if isinstance(v, str)]
    named += data["players"]
    assert named and all(name in palette for name in named), set(named) - set(palette)
    assert len(player_colours()) == len(set(data["players"]))


def test_every_style_builds_and_inherits_from_its_parent():
    styles = load_styles()
    assert styles["sheet_why"].fontName == styles["sheet_body"].fontName
    assert styles["score_first"].fontName == styles["score_head"].fontName != "Helvetica"
    assert styles["sheet_fill"].leftIndent == 1.35 * cm


@pytest.mark.parametrize("name", ["book", "worksheet", "scoresheet"])
def test_every_page_setup_fits_its_paper(name):
    setup = page_setup(name)
    assert setup.paper == PAPERS["a4"]
    assert 0 < setup.frame_width < setup.paper[0] and 0 < setup.frame_height < setup.paper[1]
    assert setup.template_options()["invariant"] == 1


def test_a_score_sheet_is_as_wide_as_a4_less_two_margins_of_20mm():
    assert page_setup("scoresheet").frame_width == PAPERS["a4"][0] - 40 * mm
    assert page_setup("book", paper="letter").paper == PAPERS["letter"]


def test_lengths_are_points_or_carry_their_unit():
    assert length(56) == 56 and length("20mm") == 20 * mm and length("1.6cm") == 1.6 * cm
    with pytest.raises(ValueError, match="'2 in'"):
        length("2 in")
    assert colour("white").rgb() == (1, 1, 1)


def test_a_long_tables_caption_stays_on_the_page_of_its_last_rows(tmp_path):
    """However many rows a captioned table has, where the page breaks, its caption is printed
    on the page of its last row: never alone at the top of the next page."""
    from mazo.templates import document as doc
    from mazo.templates.pdf import write_pdf
    from pypdf import PdfReader

    for rows in range(39, 44):  # around the count whose caption a page break left alone
        table = doc.Table(
            ("n", "what"),
            tuple((f"row{n:02d}", "a row of the table") for n in range(1, rows + 1)),
            caption="THE-CAPTION of the table",
        )
        document = doc.Document("T", "", "en", "T", "", contents=False, blocks=(table,))
        path = tmp_path / f"t{rows}.pdf"
        write_pdf(document, str(path))
        pages = [page.extract_text() for page in PdfReader(path).pages]
        (where,) = [text for text in pages if "THE-CAPTION" in text]
        assert f"row{rows:02d}" in where, rows


def test_a_book_never_ends_with_its_last_block_alone_on_a_page(tmp_path):
    """Wherever the last page breaks, the book's last question travels with the one before."""
    from mazo.templates import document as doc
    from mazo.templates.pdf import write_pdf
    from pypdf import PdfReader

    for count in range(18, 30):  # past the count whose last question starts a page
        blocks = [doc.Heading(1, "Questions")]
        blocks += [doc.Question(f"Q{n:02d} asks?", "An answer " * 12) for n in range(count)]
        document = doc.Document("T", "", "en", "T", "", contents=False, blocks=tuple(blocks))
        path = tmp_path / f"q{count}.pdf"
        write_pdf(document, str(path))
        pages = [page.extract_text() for page in PdfReader(path).pages]
        assert len(pages) == 1 or pages[-1].count("asks?") >= 2, count
