"""A brute-force Conquián reference, independent of the CP-SAT model and of candidate_melds.

Cards are (rank, suit) pairs; `ranks` is the deck's rank order (10 follows 7 in the 40-card
Spanish deck). Meld rules as rulebooks/NOTES.md states them: a trinca is 3-4 cards of one rank in
different suits; a secuencia is 3+ cards of one suit, consecutive in the rank order, no wrap.
Every subset of the hand is tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations


def is_meld(cards, ranks) -> bool:
    cards = list(cards)
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len({r for r, _ in cards}) == 1:
        return len(cards) <= 4 and len({s for _, s in cards}) == len(cards)
    if len({s for _, s in cards}) == 1:
        places = sorted(ranks.index(r) for r, _ in cards)
        return places == list(range(places[0], places[0] + len(places)))
    return False


def can_partition(cards: frozenset, ranks: tuple) -> bool:
    """Can these cards be split, every one of them, into valid melds?"""
    return _partition(cards, ranks)


@lru_cache(maxsize=200_000)
def _partition(cards: frozenset, ranks: tuple) -> bool:
    if not cards:
        return True
    first = min(cards, key=lambda c: (ranks.index(c[0]), c[1]))
    rest = cards - {first}
    # Every meld holding `first`: a subset of others of its rank, or a window of its suit.
    same_rank = [c for c in rest if c[0] == first[0]]
    for size in (2, 3):
        for others in combinations(same_rank, size):
            if is_meld((first, *others), ranks) and _partition(rest - set(others), ranks):
                return True
    start = ranks.index(first[0])
    for low in range(start + 1):
        for high in range(max(start, low + 2), len(ranks)):
            window = {(ranks[i], first[1]) for i in range(low, high + 1)}
            if window <= cards and _partition(cards - window, ranks):
                return True
    return False


def partners(card, others, ranks) -> int:
    return sum(
        1
        for o in others
        if o != card
        and (
            o[0] == card[0]
            or (o[1] == card[1] and abs(ranks.index(o[0]) - ranks.index(card[0])) <= 2)
        )
    )


def largest_plays(hand, faced, table, ranks) -> tuple[int | None, list[set]]:
    """The most hand cards that go down with the table and the faced card (exact partitions into
    melds) and every set of that many; None and no sets when the faced card cannot be used."""
    ranks = tuple(ranks)
    fixed = frozenset(table) | {faced}
    for size in range(len(hand), -1, -1):
        plays = [
            set(subset)
            for subset in combinations(hand, size)
            if can_partition(fixed | set(subset), ranks)
        ]
        if plays:
            return size, plays
    return None, []


@dataclass(frozen=True)
class Expected:
    can_use: bool
    laid: int  # hand cards laid in the best play; -1 if the faced card cannot be used
    can_go_out: bool
    pay: tuple | None
    can_force: bool
    lay_down: int  # hand cards laid without the faced card


def expected(
    hand, faced, table, rival, ranks, suits, *, goal=9, layoff_without_faced=False
) -> Expected:
    ranks = tuple(ranks)
    hand = list(hand)
    largest, plays = largest_plays(hand, faced, table, ranks)
    best = -1 if largest is None else largest
    can_use = best >= 0
    pay = None
    if can_use and best < len(hand):
        payable = {c for c in hand if any(c not in p for p in plays)}
        everything = [*hand, *table, faced]
        pay = min(
            payable,
            key=lambda c: (partners(c, everything, ranks), -ranks.index(c[0]), suits.index(c[1])),
        )
    if layoff_without_faced and table:
        base = frozenset(table)
        lay = max(
            (
                s
                for s in range(len(hand) + 1)
                for sub in combinations(hand, s)
                if can_partition(base | set(sub), ranks)
            ),
            default=0,
        )
    else:
        lay = max(
            (
                s
                for s in range(len(hand) + 1)
                for sub in combinations(hand, s)
                if can_partition(frozenset(sub), ranks)
            ),
            default=0,
        )
    force = bool(rival) and can_partition(frozenset(rival) | {faced}, ranks)
    out = can_use and best == len(hand) and len(table) + 1 + best >= goal
    return Expected(can_use, best, out, pay, force, lay)
