"""Take-or-draw worksheets: each answer is the brute force's, clear by the sheet's margin, the
rules of thumb judged as the key says; the PDF reads back and prints the same bytes again."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from mazo.puzzles.classset import ClassSet
from mazo.puzzles.generate import make_sheet
from mazo.puzzles.kinds import Position
from mazo.puzzles.pdf import Layout, write_sheet_pdf
from mazo.puzzles.take_or_draw import MARGIN, pose_take_or_draw, thumbs
from mazo.solver.api import rules_for
from mazo.solver.plain import data
from mazo.solver.play.advise import advise_with
from pypdf import PdfReader

from tests import reference
from tests.advise_reference import ReferenceAdvisor

GAMES = ["conga", "chinchon", "gin-rummy"]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_answers_are_the_brute_forces_and_clear(game):
    spec = rules_for(game)
    sheet = make_sheet(spec, "take-or-draw", 2, seed=7)
    advisor = ReferenceAdvisor(spec)
    deck = spec.deck
    for puzzle in sheet.puzzles:
        answer = data(puzzle.answer)
        hand = deck.parse_hand(puzzle.hand)
        seen = deck.parse_hand(answer["seen"]) if answer["seen"] else ()
        expected = advisor.advise(hand, deck.parse_card(answer["pozo_top"]), seen, 2)
        assert answer["advice"] == expected["advice"]
        assert answer["take"] == expected["take"]
        if answer["advice"] == "take":
            assert answer["take"]["equal_discards"] == []  # one right card to throw
        p_take = Fraction(answer["take"]["cut_by_next_turn_fraction"])
        p_draw = Fraction(answer["draw"]["cut_by_next_turn_fraction"])
        # Decided by the chance to cut, the sheet's goal, even when taking cuts now: never
        # by loose points, which score a clean cut or gin as nothing.
        assert abs(p_take - p_draw) >= MARGIN
        top = deck.parse_card(answer["pozo_top"])
        melds = any(
            reference.meld_kinds_of(spec, [top, *others])
            for size in range(2, 7)
            for others in combinations(hand, size)
        )
        after = min(
            reference.min_deadwood(spec, [*hand[:i], *hand[i + 1 :], top])
            for i, card in enumerate(hand)
            if card != top  # the taken card is not thrown back, nor a copy of it
        )
        lowers = after < reference.min_deadwood(spec, hand)
        said = {"meld": "take" if melds else "draw", "points": "take" if lowers else "draw"}
        assert answer["thumbs"] == said
        wrong = [t for t, said in answer["thumbs"].items() if said != answer["advice"]]
        assert sorted(answer["thumbs_wrong"]) == sorted(wrong)
        if wrong:
            assert puzzle.difficulty != "easy"


@pytest.mark.parametrize(
    ("hand", "top", "seen", "equal"),
    [
        # Taking the 2C knocks with 10 loose points throwing the TS or the QS alike.
        ("2H 4C TS 3C 7C 5C QS 3H AH 6C", "2C", "6H TH 9H QC", ["QS"]),
        ("4S 7S 7C 8D 7D 6S 8S JS 5S QS", "KS", "8C QC 6D 3S", ["8D"]),
        ("5S JH TS 6C 6D 5C 5D 9S QS 8S", "6H", "", ["JH"]),
    ],
)
def test_taking_with_two_right_discards_is_no_puzzle(hand, top, seen, equal):
    spec = rules_for("gin")
    deck = spec.deck
    position = Position(
        deck.parse_hand(hand), faced=deck.parse_card(top), seen=deck.parse_hand(seen)
    )
    advice = advise_with(spec, position.hand, pozo_top=position.faced, seen=position.seen)
    assert advice.advice == "take" and list(advice.take.equal_discards) == equal
    assert pose_take_or_draw(spec, position) is None


def test_the_points_thumb_counts_the_fewest_loose_points_after_taking():
    # Taking 4c and throwing 9b leaves 13 loose points, fewer than the 18 now, so the thumb
    # says take; the discard kept for the next turn's chance (1c) would leave 21.
    spec = rules_for("conga")
    deck = spec.deck
    position = Position(
        deck.parse_hand("8o 7c 7b 9b 7o 7e 1c"), faced=deck.parse_card("4c"), seen=()
    )
    advice = advise_with(spec, position.hand, pozo_top=position.faced)
    assert advice.take.fewest_deadwood_points == 13 < reference.min_deadwood(spec, position.hand)
    assert thumbs(spec, position, advice)["points"] == "take"


def test_pdf_reads_back_and_repeats_byte_for_byte(tmp_path):
    spec = rules_for("conga")
    sheet = make_sheet(spec, "take-or-draw", 3, seed=2)
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for path in (first, second):
        write_sheet_pdf(spec, ClassSet((sheet,)), Layout(lang="es"), path)
    assert first.read_bytes() == second.read_bytes()
    text = " ".join(page.extract_text() for page in PdfReader(first).pages)
    assert "¿Levantás o robás?" in text and "pozo" in text
    for puzzle in sheet.puzzles:
        verb = "Levantá" if puzzle.answer.advice == "take" else "Robá"
        assert verb in text


@pytest.mark.parametrize(
    ("hand", "top"),
    [("3C 5H 8S 3H 7H 4H 6H 8H 3S 3D", "5C"), ("2H JC 2S JD JH 3C 2D 4C 8H 5C", "5D")],
)
def test_a_position_where_every_draw_also_knocks_is_no_puzzle(hand, top):
    # Taking knocks now, and so does every blind draw: which knock scores better is a
    # question of the game's score, not of the chance to knock the sheet asks about.
    spec = rules_for("gin")
    deck = spec.deck
    position = Position(deck.parse_hand(hand), faced=deck.parse_card(top), seen=())
    advice = advise_with(spec, position.hand, pozo_top=position.faced)
    assert advice.take.can_cut and advice.draw.cut_now == 1
    assert pose_take_or_draw(spec, position) is None
