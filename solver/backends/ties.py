"""The one rule that picks among equally good arrangements, whichever back end found them.

THE RULE. Among the arrangements that are equally good (the fewest loose points, within the
close's limits), the one shown is decided card by card: take the hand's natural cards in the
deck's order (spec.deck.sort_key); the first card not yet placed stays loose if some equally good
arrangement leaves it loose (with what is already placed); otherwise it goes into the first meld,
in the order candidate_melds lists them, that some equally good arrangement puts it in. Then the
next card not yet placed, until none is left; the jokers no meld took stay loose.

The compiled search (_search.c) follows it by construction: it branches on the lowest card left,
loose first and then its melds in the list's order, and keeps an option only when it is strictly
better. CP-SAT finds the best value, by any arrangement; `first` then looks for the arrangement
this rule picks, in the same order, knowing how much it must meld. So `mazo solve`, the puzzles'
keys and the books' examples do not depend on which back end answered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.melds import Meld


def first(
    cards: Sequence[Card],
    candidates: Sequence[Meld],
    order: Callable[[Card], Any],
    value: Callable[[Card], int],
    melded: int,
    max_loose_cards: int | None = None,
) -> tuple[Meld, ...] | None:
    """The melds the rule picks among those melding `melded` points (the most these cards can
    meld within max_loose_cards), lowest card first; None if no arrangement melds that much.

    The cards hold each natural card once. A depth-first walk in the rule's order, cut where
    the cards left cannot make up what is still to meld; the first arrangement reaching `melded`
    is the rule's (none melds more).
    """
    naturals = sorted((c for c in cards if not c.is_joker), key=order)
    bit = {card: 1 << i for i, card in enumerate(naturals)}
    assert len(bit) == len(naturals), "the rule orders hands that hold each card once"
    jokers = len(cards) - len(naturals)
    joker_value = value(Card.joker())
    worths = [value(c) for c in naturals]
    by_low: list[list[tuple[int, int, int, Meld]]] = [[] for _ in naturals]
    for meld in candidates:
        if meld.jokers > jokers or any(c not in bit for c in meld.naturals):
            continue
        mask = sum(bit[c] for c in meld.naturals)
        worth = sum(value(c) for c in meld.cards)
        by_low[(mask & -mask).bit_length() - 1].append((mask, meld.jokers, worth, meld))
    # The most a state (cards left, jokers left, loose cards still allowed) can meld, where a
    # walk found it short: it is walked again only for less.
    most: dict[tuple[int, int, int], int] = {}

    def points(mask: int, j: int) -> int:
        return j * joker_value + sum(w for i, w in enumerate(worths) if mask >> i & 1)

    def walk(mask: int, j: int, budget: int, need: int) -> list[Meld] | None:
        if not mask:
            return [] if need <= 0 and (budget < 0 or j <= budget) else None
        state = (mask, j, budget)
        if need > points(mask, j) or need > most.get(state, need):
            return None
        low = (mask & -mask).bit_length() - 1
        if budget != 0:
            found = walk(mask & (mask - 1), j, budget - 1 if budget > 0 else budget, need)
            if found is not None:
                return found
        for meld_mask, meld_jokers, worth, meld in by_low[low]:
            if meld_mask & ~mask or meld_jokers > j:
                continue
            found = walk(mask & ~meld_mask, j - meld_jokers, budget, need - worth)
            if found is not None:
                return [meld, *found]
        most[state] = need - 1
        return None

    budget = -1 if max_loose_cards is None else max_loose_cards
    found = walk((1 << len(naturals)) - 1, jokers, budget, melded)
    return None if found is None else tuple(found)
