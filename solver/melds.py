"""Melds and the list of every meld a hand can make under a spec.

The list is made once per hand, apart from the optimiser: the solver only chooses among these.
A meld is identified by the cards it uses (naturals plus a number of jokers), so a run whose
jokers could sit at either end is listed once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations, product

from .cards import Card
from .spec import MeldKind, RuleSpec

JOKER = Card.joker()


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld: its kind, its cards in table order, and what each joker stands for."""

    kind: str
    cards: tuple[Card, ...]
    stands_for: tuple[Card | None, ...]

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.is_joker)

    def counts(self) -> Counter[Card]:
        return Counter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)


def candidate_melds(spec: RuleSpec, hand: Iterable[Card]) -> list[Meld]:
    """Every meld the spec allows that these cards can make, in a fixed order."""
    have = Counter(hand)
    jokers = have[JOKER]
    found: list[Meld] = []
    for kind in spec.melds:
        if kind.shape == "run":
            found.extend(_runs(spec, kind, have, jokers))
        else:
            found.extend(_sets(spec, kind, have, jokers))
    return found


def _joker_cap(kind: MeldKind, jokers: int) -> int:
    return jokers if kind.max_jokers is None else min(jokers, kind.max_jokers)


def _runs(spec: RuleSpec, kind: MeldKind, have: Counter, jokers: int) -> Iterator[Meld]:
    ranks = spec.deck.ranks
    cap = _joker_cap(kind, jokers)
    longest = len(ranks) if kind.max_len is None else min(kind.max_len, len(ranks))
    seen: set[tuple[frozenset[int], int]] = set()
    for suit in spec.deck.suits:
        present = [have[Card(rank, suit)] > 0 for rank in ranks]
        for start in range(len(ranks)):
            for length in range(kind.min_len, longest - start + 1):
                window = range(start, start + length)
                held = [p for p in window if present[p]]
                gaps = length - len(held)
                if gaps > cap:
                    break  # a longer window only has more gaps
                # A joker may also replace a natural the hand holds, freeing it for another meld.
                for dropped in range(cap - gaps + 1):
                    for left_out in combinations(held, dropped):
                        used = [p for p in held if p not in left_out]
                        n_jokers = length - len(used)
                        if len(used) < kind.min_naturals or n_jokers > cap:
                            continue
                        key = (frozenset((suit, p) for p in used), n_jokers)
                        if key in seen:
                            continue
                        seen.add(key)
                        cards, stands = [], []
                        for p in window:
                            card = Card(ranks[p], suit)
                            if p in used:
                                cards.append(card)
                                stands.append(None)
                            else:
                                cards.append(JOKER)
                                stands.append(card)
                        yield Meld(kind.id, tuple(cards), tuple(stands))


def _sets(spec: RuleSpec, kind: MeldKind, have: Counter, jokers: int) -> Iterator[Meld]:
    cap = _joker_cap(kind, jokers)
    biggest = kind.max_len if kind.max_len is not None else 10**6
    for rank in spec.deck.ranks:
        limits = [
            (suit, min(have[Card(rank, suit)], 1 if kind.distinct_suits else 10**6))
            for suit in spec.deck.suits
        ]
        limits = [(s, n) for s, n in limits if n > 0]
        for picks in product(*(range(n + 1) for _, n in limits)):
            naturals = [
                Card(rank, s) for (s, _), k in zip(limits, picks, strict=True) for _ in range(k)
            ]
            if len(naturals) < kind.min_naturals:
                continue
            for n_jokers in range(cap + 1):
                size = len(naturals) + n_jokers
                if kind.min_len <= size <= biggest:
                    yield Meld(
                        kind.id,
                        tuple(naturals) + (JOKER,) * n_jokers,
                        (None,) * len(naturals) + (None,) * n_jokers,
                    )
