"""Acomodo worksheets re-checked by brute force: every way to lay the hand's cards on the cutter's
melds, every partition of the rest; the loose cards the sheet gives must be the only best ones."""

from __future__ import annotations

from functools import cache
from itertools import product

import pytest
from mazo.puzzles.generate import make_sheet
from mazo.solver.api import rules_for

from tests import reference
from tests.test_puzzles import SEEDS, is_meld

ACOMODO_SHEET = 8


def best_loose(spec, codes: tuple[str, ...]) -> tuple[int, frozenset[tuple[str, ...]]]:
    """Fewest loose points of these cards and every loose multiset (sorted codes) that gets it."""
    return _best_loose(spec.game, tuple(sorted(spec.chosen.items())), codes)


@cache
def _best_loose(game, variant, codes):
    spec = rules_for(game, variant=dict(variant))
    cards = spec.deck.parse_hand(list(codes)) if codes else ()
    n = len(cards)
    melds = [
        mask
        for mask in range(1, 1 << n)
        if mask.bit_count() >= 3 and is_meld(spec, [cards[i] for i in range(n) if mask >> i & 1])
    ]

    @cache
    def rest(mask):
        if mask == 0:
            return 0, frozenset({()})
        low = mask & -mask
        i = low.bit_length() - 1
        d, tails = rest(mask & ~low)
        best = d + spec.value(cards[i])
        found = {tuple(sorted((codes[i], *t))) for t in tails}
        for meld in melds:
            if meld & low and meld & mask == meld:
                d, tails = rest(mask & ~meld)
                if d < best:
                    best, found = d, set(tails)
                elif d == best:
                    found |= tails
        return best, frozenset(found)

    return rest((1 << n) - 1)


def reference_layoff(spec, hand, table, allow_joker):
    """(fewest loose points, every loose multiset achieving it) over all lay-offs and partitions."""
    kinds = [reference.meld_kinds_of(spec, list(m)) for m in table]
    # A card can only go onto a meld it shares a suit or rank with (or any, if a joker).
    targets = [
        [0]
        + [
            j + 1
            for j, meld in enumerate(table)
            if (card.is_joker and allow_joker)
            or any(not c.is_joker and (c.suit == card.suit or c.rank == card.rank) for c in meld)
        ]
        for card in hand
    ]
    best, winners = None, set()
    for choice in product(*targets):
        valid = True
        for j, meld in enumerate(table):
            added = [c for c, t in zip(hand, choice, strict=True) if t == j + 1]
            if added and not any(
                reference.is_valid(spec, spec.meld_kind(k), [*meld, *added]) for k in kinds[j]
            ):
                valid = False
                break
        if not valid:
            continue
        kept = tuple(sorted(spec.deck.code(c) for c, t in zip(hand, choice, strict=True) if t == 0))
        d, loose = best_loose(spec, kept)
        if best is None or d < best:
            best, winners = d, set(loose)
        elif d == best:
            winners |= loose
    return best, winners


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
        # The solver's own lay-offs and melds are legal and use the hand exactly.
        used = list(answer["deadwood"])
        for lay in answer["laid_off"]:
            grown = spec.deck.parse_hand(lay["makes"])
            base = table[lay["meld"] - 1]
            assert sorted(spec.deck.codes(grown)) == sorted(spec.deck.codes(base) + lay["cards"])
            assert is_meld(spec, grown)
            used += lay["cards"]
        for meld in answer["melds"]:
            assert is_meld(spec, spec.deck.parse_hand(meld))
            used += meld
        assert sorted(used) == sorted(puzzle["hand"])
        assert (
            answer["points_without_acomodo"] == best_loose(spec, tuple(sorted(puzzle["hand"])))[0]
        )
