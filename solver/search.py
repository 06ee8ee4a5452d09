"""The fast exact back end: a memoised search over disjoint melds, for hands of playing size.

A hand's candidate melds (the same list CP-SAT chooses from, so the rules live in one place)
become bitmasks of natural cards plus a number of jokers. Cards are a mask; the search branches
on the lowest card: loose, or in one of the melds whose lowest card it is. Results are memoised
by (cards left, jokers left), so the hands left by each discard share their work.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import Card
from .cpsat import Packing
from .melds import Meld
from .spec import RuleSpec

# Above this many cards the number of search states can grow past what is quick in Python.
MAX_CARDS = 16
JOKER = Card.joker()


def applies(spec: RuleSpec, cards: Counter[Card]) -> bool:
    """One copy of each card in the deck and a hand of playing size: the masks are exact."""
    return spec.deck.copies == 1 and sum(cards.values()) <= MAX_CARDS


@dataclass(frozen=True, slots=True)
class _Entry:
    mask: int
    jokers: int
    worth: int  # the loose points the meld saves
    meld: Meld


class MeldTable:
    """A hand's candidate melds as masks, with the memoised search over them."""

    def __init__(self, spec: RuleSpec, candidates: Sequence[Meld]):
        naturals = sorted(
            {c for m in candidates for c in m.naturals}, key=lambda c: (c.suit, c.rank)
        )
        self.bit = {card: 1 << i for i, card in enumerate(naturals)}
        self.by_low: list[list[_Entry]] = [[] for _ in naturals]
        self.whole: dict[tuple[int, int], list[Meld]] = {}
        for meld in candidates:
            mask = sum(self.bit[c] for c in meld.naturals)
            worth = sum(spec.value(c) for c in meld.cards)
            entry = _Entry(mask, meld.jokers, worth, meld)
            self.by_low[(mask & -mask).bit_length() - 1].append(entry)
            self.whole.setdefault((mask, meld.jokers), []).append(meld)
        self._best: dict[tuple[int, int], tuple[int, tuple[Meld, ...]]] = {}
        self._frontier: dict[tuple[int, int], dict[int, tuple[int, tuple[Meld, ...]]]] = {}

    def encode(self, cards: Counter[Card]) -> tuple[int, int]:
        """Cards no meld can use are left out: they are loose whatever the search does."""
        return sum(self.bit.get(c, 0) for c in cards if not c.is_joker), cards[JOKER]

    def best(self, mask: int, jokers: int) -> tuple[int, tuple[Meld, ...]]:
        """The most loose points melds can save from these cards, and those melds."""
        key = (mask, jokers)
        found = self._best.get(key)
        if found is not None:
            return found
        if not mask:
            found = (0, ())
        else:
            low = mask & -mask
            found = self.best(mask ^ low, jokers)  # the lowest card stays loose
            for entry in self.by_low[low.bit_length() - 1]:
                if entry.mask & ~mask or entry.jokers > jokers:
                    continue
                saved, melds = self.best(mask ^ entry.mask, jokers - entry.jokers)
                if saved + entry.worth > found[0]:
                    found = (saved + entry.worth, (entry.meld, *melds))
        self._best[key] = found
        return found

    def frontier(self, mask: int, jokers: int) -> dict[int, tuple[int, tuple[Meld, ...]]]:
        """Loose-card count → the most points saved (and the melds) leaving that many loose."""
        key = (mask, jokers)
        found = self._frontier.get(key)
        if found is not None:
            return found
        if not mask:
            found = {jokers: (0, ())}
        else:
            low = mask & -mask
            found = {n + 1: v for n, v in self.frontier(mask ^ low, jokers).items()}
            for entry in self.by_low[low.bit_length() - 1]:
                if entry.mask & ~mask or entry.jokers > jokers:
                    continue
                rest = self.frontier(mask ^ entry.mask, jokers - entry.jokers)
                for n, (saved, melds) in rest.items():
                    if n not in found or saved + entry.worth > found[n][0]:
                        found[n] = (saved + entry.worth, (entry.meld, *melds))
        self._frontier[key] = found
        return found


def best_split(
    table: MeldTable,
    cards: Counter[Card],
    value: Callable[[Card], int],
    *,
    max_deadwood: int | None = None,
    max_loose_cards: int | None = None,
) -> Packing | None:
    """The melds leaving the fewest loose points within the limits; None if none can."""
    mask, jokers = table.encode(cards)
    total = sum(value(c) * n for c, n in cards.items())
    if max_loose_cards is None:
        saved, melds = table.best(mask, jokers)
        if max_deadwood is not None and total - saved > max_deadwood:
            return None
        return Packing(melds, True)
    # Cards outside every meld are loose in any split: count them beside the frontier.
    unusable = sum(n for c, n in cards.items() if not c.is_joker and c not in table.bit)
    fitting = [
        (saved, melds)
        for loose, (saved, melds) in sorted(table.frontier(mask, jokers).items())
        if loose + unusable <= max_loose_cards
        and (max_deadwood is None or total - saved <= max_deadwood)
    ]
    if not fitting:
        return None
    return Packing(max(fitting, key=lambda item: item[0])[1], True)


def single_melds(table: MeldTable, cards: Counter[Card]) -> Sequence[Meld]:
    """The melds made of exactly these cards."""
    mask, jokers = table.encode(cards)
    found = table.whole.get((mask, jokers), ())
    return [m for m in found if m.counts() == cards]
