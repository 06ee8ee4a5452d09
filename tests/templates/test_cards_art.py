"""The card art: every card of each deck draws, the text on it reads back, fonts are embedded."""

from __future__ import annotations

import io

import pytest
from mazo.solver.cards import FRENCH, SPANISH, Card
from mazo.templates.cards import CARD_RATIO, CardFlowable, HandFlowable
from pypdf import PdfReader
from reportlab.platypus import SimpleDocTemplate


def _pdf(story) -> bytes:
    out = io.BytesIO()
    SimpleDocTemplate(out, invariant=1).build(story)
    return out.getvalue()


def _text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_spanish_figures_are_named_and_ranks_numbered():
    hand = HandFlowable([[f"{r}{s}" for r in range(1, 13)] for s in "oceb"], "spanish")
    text = _text(_pdf([hand]))
    for word in ("sota", "caballo", "rey", "12", "9", "1"):
        assert word in text


def test_french_cards_show_suit_glyphs_and_letters():
    hands = [HandFlowable([[f"{r}{s}" for r in "A23456789TJQK"]], "french") for s in "SHDC"]
    text = _text(_pdf([*hands, CardFlowable("QC", "french")]))
    for glyph in ("♠", "♥", "♦", "♣", "A", "K", "Q", "J", "10"):
        assert glyph in text


@pytest.mark.parametrize(("lang", "word"), [("es", "COMODÍN"), ("en", "JOKER")])
def test_joker_word_follows_the_language(lang, word):
    assert word in _text(_pdf([CardFlowable("*", "spanish", lang=lang)]))


def test_the_embedded_font_is_in_the_file():
    data = _pdf([CardFlowable("1o", "spanish")])
    assert b"DejaVuSans" in data and b"/FontFile2" in data


def test_discard_is_marked_with_its_caption_and_groups_with_theirs():
    hand = HandFlowable(
        [["1o", "2o", "3o"], ["12b"]],
        "spanish",
        labels=["escalera", "sueltas: 10 puntos"],
        discard="7c",
        discard_label="descarte",
    )
    text = _text(_pdf([hand]))
    assert "escalera" in text and "sueltas: 10 puntos" in text and "descarte" in text


def test_hand_size_grows_with_cards_captions_and_discard():
    plain = HandFlowable([["1o", "2o", "3o"]], "spanish", width=30)
    width, height = plain.wrap(500, 500)
    assert width == pytest.approx(30 * 1.04 * 2 + 30)
    assert height >= 30 * CARD_RATIO
    with_discard = HandFlowable([["1o", "2o", "3o"]], "spanish", width=30, discard="4o")
    assert with_discard.wrap(500, 500)[0] > width
    captioned = HandFlowable([["1o"]], "spanish", labels=["a very long caption indeed"])
    assert captioned.wrap(500, 500)[0] > 30


@pytest.mark.parametrize(("card", "notation"), [(Card(12, "e"), SPANISH), (Card(10, "H"), FRENCH)])
def test_a_card_is_drawn_from_the_code_the_solver_writes(card, notation):
    face = CardFlowable(card.code(notation), notation.name).card
    assert (face.rank, face.suit) == (notation.rank_code(card.rank), card.suit)


@pytest.mark.parametrize(
    ("code", "notation"), [("13o", "spanish"), ("12e", "french"), ("1S", "french")]
)
def test_a_code_the_deck_lacks_is_a_program_error(code, notation):
    with pytest.raises(ValueError, match=code):
        CardFlowable(code, notation)


def test_same_cards_same_bytes():
    def build():
        return _pdf([HandFlowable([["1o", "*", "3o"]], "spanish", discard="5c")])

    assert build() == build()


def _strokes(code: str, notation: str) -> int:
    """Straight strokes drawn on one card: a line-to followed by a stroke in its content."""
    page = PdfReader(io.BytesIO(_pdf([CardFlowable(code, notation)]))).pages[0]
    return page.get_contents().get_data().decode("latin-1").count(" l S")


@pytest.mark.parametrize(
    ("turns", "plain", "notation"),
    [
        ("6o", "5o", "spanish"),
        ("9b", "7b", "spanish"),
        ("6H", "5H", "french"),
        ("9S", "8S", "french"),
    ],
)
def test_six_and_nine_are_underlined_in_both_corners(turns, plain, notation):
    # Turned round, an index 6 reads 9: the mark tells them apart in the lower corner too.
    assert _strokes(turns, notation) == _strokes(plain, notation) + 2
