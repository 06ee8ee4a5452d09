"""Melds and the list of every meld a hand can make under a spec.

The list is made once per hand, apart from the optimiser: the solver only chooses among these.
A meld is identified by the cards it uses (naturals plus a number of jokers), so a run whose
jokers could sit at either end is listed once. Melds already on a table are read here too, as
a user writes them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import NotationError
from mazo.solver.spec.rulespec import MeldKind, RuleSpec

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

    def __str__(self) -> str:
        """Its cards' codes in table order (`3o * 5o`); repr gives every field, pasteable."""
        return " ".join(map(str, self.cards))


def candidate_melds(spec: RuleSpec, hand: Iterable[Card], kind: str | None = None) -> list[Meld]:
    """Every meld the spec allows that these cards can make, in a fixed order; with `kind`,
    those of that kind only (the same melds, in the same order)."""
    have = Counter(hand)
    jokers = have.pop(JOKER, 0)
    held: dict[str, set[int]] = {}
    for card in have:
        assert card.rank is not None and card.suit is not None  # the jokers are counted apart
        held.setdefault(card.suit, set()).add(spec.deck.rank_index(card.rank))
    found: list[Meld] = []
    for each in spec.melds:
        if kind is not None and each.id != kind:
            continue
        if each.shape == "run":
            found.extend(_runs(spec, each, held, jokers))
        else:
            found.extend(_sets(spec, each, have, jokers))
    return found


def _joker_cap(kind: MeldKind, jokers: int) -> int:
    return jokers if kind.max_jokers is None else min(jokers, kind.max_jokers)


def _runs(spec: RuleSpec, kind: MeldKind, held: dict[str, set[int]], jokers: int) -> Iterator[Meld]:
    ranks = spec.deck.ranks
    cap = _joker_cap(kind, jokers)
    longest = len(ranks) if kind.max_len is None else min(kind.max_len, len(ranks))
    seen: set[tuple[str, frozenset[int], int]] = set()
    for suit in spec.deck.suits:
        present = held.get(suit, set())
        if len(present) < kind.min_naturals:
            continue
        for start in range(max(0, min(present) - cap), max(present) + 1):
            for length in range(kind.min_len, min(longest, len(ranks) - start) + 1):
                window = range(start, start + length)
                inside = [p for p in window if p in present]
                gaps = length - len(inside)
                if gaps > cap:
                    break  # a longer window only has more gaps
                yield from _window_melds(spec, kind, suit, window, inside, cap - gaps, seen)


def _window_melds(
    spec: RuleSpec,
    kind: MeldKind,
    suit: str,
    window: range,
    inside: list[int],
    spare_jokers: int,
    seen: set[tuple[str, frozenset[int], int]],
) -> Iterator[Meld]:
    """The runs filling this window of rank positions, not found before."""
    # A joker may also replace a natural the hand holds, freeing it for another meld.
    for dropped in range(spare_jokers + 1):
        for left_out in combinations(inside, dropped):
            used = frozenset(inside).difference(left_out)
            key = (suit, used, len(window) - len(used))
            if len(used) < kind.min_naturals or key in seen:
                continue
            seen.add(key)
            cards = tuple(Card(spec.deck.ranks[p], suit) for p in window)
            yield Meld(
                kind.id,
                tuple(c if p in used else JOKER for p, c in zip(window, cards, strict=True)),
                tuple(None if p in used else c for p, c in zip(window, cards, strict=True)),
            )


def _sets(spec: RuleSpec, kind: MeldKind, have: Counter, jokers: int) -> Iterator[Meld]:
    cap = _joker_cap(kind, jokers)
    biggest = kind.max_len if kind.max_len is not None else sum(have.values()) + cap
    per_rank: dict[int, list[tuple[Card, int]]] = {}
    for card, count in have.items():
        per_rank.setdefault(card.rank, []).append((card, 1 if kind.distinct_suits else count))
    for rank in spec.deck.ranks:
        if rank not in per_rank:  # no natural of this rank: fewer than min_naturals (at least 1)
            continue
        limits = sorted(per_rank[rank], key=lambda item: spec.deck.sort_key(item[0]))
        if sum(n for _, n in limits) < kind.min_naturals:
            continue
        for picks in product(*(range(n + 1) for _, n in limits)):
            naturals = tuple(
                card for (card, _), k in zip(limits, picks, strict=True) for _ in range(k)
            )
            if len(naturals) < kind.min_naturals:
                continue
            for n_jokers in range(cap + 1):
                if kind.min_len <= len(naturals) + n_jokers <= biggest:
                    yield Meld(
                        kind.id,
                        naturals + (JOKER,) * n_jokers,
                        (None,) * (len(naturals) + n_jokers),
                    )


def parse_groups(spec: RuleSpec, text: str | Sequence[Any] | None) -> list[tuple[Card, ...]]:
    """Melds already on a table, as a user writes them (`"4c 5c 6c; 11o 11c 11e"` or a list):
    each meld's cards, read with the deck's notation; empty groups are skipped."""
    if text is None:
        return []
    if isinstance(text, str):
        groups: list[Any] = text.split(";")
    elif isinstance(text, Sequence):
        groups = list(text)
    else:
        raise NotationError.of("table_melds", value=repr(text))
    found = []
    for group in groups:
        if isinstance(group, str) and not group.strip():
            continue
        found.append(spec.deck.parse_hand(group))
    return found
