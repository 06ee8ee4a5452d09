"""The fast exact back end: a memoised search over disjoint melds, for hands of playing size.

It chooses among the same candidate melds as CP-SAT and answers the same question (the packing
with the most melded value, within the close's limits), so the two are interchangeable. The
search branches on the lowest card not yet decided: it is either loose, or in one of the melds
that contain it. Natural cards are bits of a mask; jokers are a count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

from .cards import Card
from .cpsat import Packing, fits
from .melds import Meld

# Above this many cards the number of search states can grow past what is quick in Python.
MAX_CARDS = 16


def applies(cards: Counter[Card]) -> bool:
    """One copy of each natural card and a hand of playing size: the masks below are exact."""
    return sum(cards.values()) <= MAX_CARDS and all(
        n == 1 for card, n in cards.items() if not card.is_joker
    )


def best_split(
    cards: Counter[Card],
    candidates: Sequence[Meld],
    value: Callable[[Card], int],
    *,
    max_deadwood: int | None = None,
    max_loose_cards: int | None = None,
) -> Packing | None:
    """The melds leaving the fewest loose points within the limits; None if none can."""
    naturals = sorted((c for c in cards if not c.is_joker), key=lambda c: (c.suit, c.rank))
    bit = {card: 1 << i for i, card in enumerate(naturals)}
    jokers = cards[Card.joker()]
    usable = [m for m in candidates if fits(m, cards)]
    masks = [sum(bit[c] for c in m.naturals) for m in usable]
    worth = [sum(value(c) for c in m.cards) for m in usable]
    # melds by their lowest natural card: the only ones that can cover that card when it is next
    starting: list[list[int]] = [[] for _ in naturals]
    for index, mask in enumerate(masks):
        starting[(mask & -mask).bit_length() - 1].append(index)
    full = (1 << len(naturals)) - 1
    total = sum(value(c) * n for c, n in cards.items())

    if max_loose_cards is None:
        best = _best_value(full, jokers, starting, masks, usable, worth)
        melded, chosen = best(0, 0)
        if max_deadwood is not None and total - melded > max_deadwood:
            return None
        return Packing(tuple(usable[i] for i in chosen), True)

    frontier = _frontier(full, jokers, starting, masks, usable, worth)
    fitting = [
        (melded, chosen)
        for loose, (melded, chosen) in sorted(frontier(0, 0).items())
        if loose <= max_loose_cards and (max_deadwood is None or total - melded <= max_deadwood)
    ]
    if not fitting:
        return None
    melded, chosen = max(fitting, key=lambda item: item[0])
    return Packing(tuple(usable[i] for i in chosen), True)


def _lowest_open(full: int, covered: int) -> int:
    open_ = full & ~covered
    return (open_ & -open_).bit_length() - 1


def _best_value(full, jokers, starting, masks, usable, worth):
    @cache
    def best(covered: int, used: int) -> tuple[int, tuple[int, ...]]:
        if covered == full:
            return (0, ())
        low = _lowest_open(full, covered)
        result = best(covered | (1 << low), used)  # the lowest open card stays loose
        for index in starting[low]:
            need = usable[index].jokers
            if masks[index] & covered or used + need > jokers:
                continue
            rest, chosen = best(covered | masks[index], used + need)
            if rest + worth[index] > result[0]:
                result = (rest + worth[index], (index, *chosen))
        return result

    return best


def _frontier(full, jokers, starting, masks, usable, worth):
    """Loose-card count → the best (melded value, melds) with exactly that many loose cards."""

    @cache
    def frontier(covered: int, used: int) -> dict[int, tuple[int, tuple[int, ...]]]:
        if covered == full:
            return {jokers - used: (0, ())}
        low = _lowest_open(full, covered)
        result = {n + 1: v for n, v in frontier(covered | (1 << low), used).items()}
        for index in starting[low]:
            need = usable[index].jokers
            if masks[index] & covered or used + need > jokers:
                continue
            for n, (rest, chosen) in frontier(covered | masks[index], used + need).items():
                if n not in result or rest + worth[index] > result[n][0]:
                    result[n] = (rest + worth[index], (index, *chosen))
        return result

    return frontier
