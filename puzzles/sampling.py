"""Dealing practice positions: a few real melds, maybe a near miss, then random cards.

Uniformly random hands rarely hold a meld, so a worksheet of them would teach little: every hand
here is built from melds the spec allows (listed once from the whole deck), sometimes a set and a
run crossing on one card, a two-card piece of another meld (a near miss), and filler, all drawn
from one seeded `random.Random`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from mazo.solver.cards import Card
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.spec.rulespec import RuleSpec

# Melds longer than this make positions with nothing to think about.
LONGEST_SEEDED_MELD = 5
# How often a deal starts with a set and a run that want the same card.
CROSSING_SHARE = 0.3


@dataclass
class Dealer:
    """Deals biased positions for one spec; the deck's melds are listed once."""

    spec: RuleSpec
    rng: random.Random
    natural_melds: list[Meld] = field(init=False)
    joker_melds: list[Meld] = field(init=False)

    def __post_init__(self) -> None:
        melds = [
            m
            for m in candidate_melds(self.spec, self.spec.deck.all_cards())
            if len(m) <= LONGEST_SEEDED_MELD
        ]
        self.natural_melds = [m for m in melds if m.jokers == 0]
        self.joker_melds = [m for m in melds if m.jokers > 0]

    def deal(
        self, size: int, *, exclude: Counter | None = None, lures: Sequence[Card] = ()
    ) -> tuple[Card, ...]:
        """`size` cards the deck can deal together (minus `exclude`), in a shuffled order.

        `lures` are cards worth having for the question asked (one that extends a meld on the
        table); one or two of them usually go in first.
        """
        rng = self.rng
        left = Counter(self.spec.deck.all_cards()) - (exclude or Counter())
        hand: list[Card] = []
        lures = [c for c in dict.fromkeys(lures) if left[c]]
        if lures and rng.random() < 0.85:
            self._take(hand, left, rng.sample(lures, min(len(lures), rng.choice((1, 2)))))
        most_melds = 3 if size >= 10 else 2
        if rng.random() < CROSSING_SHARE:
            crossing = self._crossing(left)
            if crossing and len(hand) + len(crossing) <= size:
                self._take(hand, left, crossing)
        for _ in range(rng.choice(range(most_melds + 1))):
            meld = self._pick_meld(left, size - len(hand))
            if meld is not None:
                self._take(hand, left, meld.cards)
        if len(hand) + 2 <= size and rng.random() < 0.6:
            self._take(hand, left, self._near_miss(left, size))
        pool = list(left.elements())
        hand.extend(rng.sample(pool, size - len(hand)))
        rng.shuffle(hand)
        return tuple(hand)

    @staticmethod
    def _take(hand: list[Card], left: Counter, cards: Sequence[Card]) -> None:
        hand.extend(cards)
        left -= Counter(cards)

    def _near_miss(self, left: Counter, size: int) -> list[Card]:
        """Two cards of a meld the hand does not hold: a tempting pair to keep."""
        meld = self._pick_meld(left, size)
        if meld is None or len(meld.naturals) < 2:
            return []
        return self.rng.sample(meld.naturals, 2)

    def table_melds(self, count: int) -> list[Meld]:
        """Up to `count` disjoint melds without jokers, as a player's table might show."""
        left = Counter(self.spec.deck.all_cards())
        found = []
        for _ in range(count):
            meld = self._pick_meld(left, LONGEST_SEEDED_MELD, natural=True)
            if meld is not None:
                found.append(meld)
                left -= meld.counts()
        return found

    def _crossing(self, left: Counter) -> list[Card]:
        """A set and a run sharing one card: the hand must choose where that card goes."""
        sets = [m for m in self.natural_melds if len(m) == 3 and self._shape(m) == "set"]
        if not sets:
            return []
        trio = self.rng.choice(sets)
        shared = self.rng.choice(trio.cards)
        runs = [
            m
            for m in self.natural_melds
            if len(m) == 3 and self._shape(m) == "run" and shared in m.cards
        ]
        if not runs:
            return []
        cards = list(dict.fromkeys([*trio.cards, *self.rng.choice(runs).cards]))
        return cards if all(left[c] >= 1 for c in cards) else []

    def _shape(self, meld: Meld) -> str:
        return self.spec.meld_kind(meld.kind).shape

    def _pick_meld(self, left: Counter, room: int, *, natural: bool = False) -> Meld | None:
        with_joker = (
            not natural and self.joker_melds and left[Card.joker()] and self.rng.random() < 0.25
        )
        melds = self.joker_melds if with_joker else self.natural_melds
        for _ in range(20):
            meld = self.rng.choice(melds)
            if len(meld) <= room and all(left[c] >= n for c, n in meld.counts().items()):
                return meld
        return None
