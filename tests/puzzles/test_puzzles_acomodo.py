"""Acomodo worksheets re-checked by brute force: every way to lay the hand's cards on the cutter's
melds, every partition of the rest; the loose cards the sheet gives must be the only best ones."""

from __future__ import annotations

import pytest
from mazo.puzzles.generate import make_sheet
from mazo.solver.api import rules_for

from tests.acomodo_reference import best_loose, jokers_stand_for, reference_layoff, right_layoffs
from tests.puzzles.test_puzzles import SEEDS
from tests.reference import is_meld

ACOMODO_SHEET = 8


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", ["conga", "chinchon", "gin-rummy"])
def test_acomodo_answer_is_the_unique_best(game, seed):
    spec = rules_for(game)
    allow_joker = spec.scoring.acomodo.allow_joker
    sheet = make_sheet(spec, "acomodo", ACOMODO_SHEET, seed=seed).to_dict()
    assert len(sheet["puzzles"]) == ACOMODO_SHEET
    for puzzle in sheet["puzzles"]:
        answer = puzzle["answer"]
        hand = spec.deck.parse_hand(puzzle["hand"])
        table = [spec.deck.parse_hand(m) for m in answer["cutter_melds"]]
        assert len(hand) == spec.hand_size and all(is_meld(spec, m) for m in table)
        points, winners = reference_layoff(spec, hand, table, allow_joker)
        assert answer["deadwood_points"] == points, puzzle
        assert winners == {tuple(sorted(answer["deadwood"]))}, (puzzle, winners)
        # The lay-off the key gives is the only right one.
        key = tuple((lay["meld"], tuple(sorted(lay["cards"]))) for lay in answer["laid_off"])
        assert right_layoffs(spec, hand, table, allow_joker) == {key}, puzzle
        # The solver's own lay-offs and melds are legal and use the hand exactly.
        used = list(answer["deadwood"])
        for lay in answer["laid_off"]:
            grown = spec.deck.parse_hand(lay["makes"])
            base = table[lay["meld"] - 1]
            assert sorted(spec.deck.codes(grown)) == sorted(spec.deck.codes(base) + lay["cards"])
            assert is_meld(spec, grown)
            # No table joker moves: each stands for the card it stood for before.
            assert jokers_stand_for(spec, grown) == jokers_stand_for(spec, base), puzzle
            used += lay["cards"]
        for meld in answer["melds"]:
            assert is_meld(spec, spec.deck.parse_hand(meld))
            used += meld
        assert sorted(used) == sorted(puzzle["hand"])
        assert answer["points_without_acomodo"] == best_loose(spec, hand)[0]
