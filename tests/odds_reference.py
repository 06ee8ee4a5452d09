"""An independent reference for the odds tables, in plain Python and slow: its own meld and cut
check (every split of a hand into runs, sets and loose cards, tried by brute force) and its own
value iteration over every hand (not classes: suits are not merged), for small specs only.

It reads only the rules of tests/odds-small.yaml's kind: runs of one suit (min_len, jokers none),
sets of distinct suits (min_len..max_len), a close that is one run (one_meld) and one with at most
max_deadwood loose points.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

Card = tuple[int, str]  # (rank, suit)


class Reference:
    def __init__(self, ranks, suits, size, values, run_min, set_min, set_max, max_deadwood):
        self.ranks, self.suits, self.size = tuple(ranks), tuple(suits), size
        self.values = dict(values)
        self.run_min, self.set_min, self.set_max = run_min, set_min, set_max
        self.max_deadwood = max_deadwood
        self.deck = tuple((r, s) for s in suits for r in ranks)

    def is_run(self, cards: frozenset[Card]) -> bool:
        if len(cards) < self.run_min or len({s for _, s in cards}) != 1:
            return False
        places = sorted(self.ranks.index(r) for r, _ in cards)
        return places == list(range(places[0], places[0] + len(places)))

    def is_set(self, cards: frozenset[Card]) -> bool:
        return (
            self.set_min <= len(cards) <= self.set_max
            and len({r for r, _ in cards}) == 1
            and len({s for _, s in cards}) == len(cards)
        )

    @cache  # noqa: B019 - one Reference per test module
    def least_loose(self, cards: frozenset[Card]) -> int:
        """The fewest loose points over every split into melds."""
        if not cards:
            return 0
        first = min(cards)
        best = self.values[first[0]] + self.least_loose(cards - {first})
        rest = sorted(cards - {first})
        for n in range(1, len(rest) + 1):
            for others in combinations(rest, n):
                meld = frozenset((first, *others))
                if self.is_run(meld) or self.is_set(meld):
                    best = min(best, self.least_loose(cards - meld))
        return best

    def closes(self, kept: frozenset[Card]) -> bool:
        return self.is_run(kept) or self.least_loose(kept) <= self.max_deadwood

    def after_draw(self, hands) -> dict[frozenset[Card], list | None]:
        """Every hand after the draw: None if it can cut, else the hands each discard keeps."""
        after = {}
        for h in hands:
            for c in self.deck:
                t = h | {c}
                if c not in h and t not in after:
                    kept = [t - {d} for d in t]
                    after[t] = None if any(self.closes(k) for k in kept) else kept
        return after

    def table(self, tolerance: float = 1e-13) -> dict[frozenset[Card], float]:
        """E of every resting hand, by plain value iteration from 0."""
        hands = [frozenset(h) for h in combinations(self.deck, self.size)]
        pool = len(self.deck) - self.size
        after = self.after_draw(hands)
        E = dict.fromkeys(hands, 0.0)
        while True:
            new = {}
            for h in hands:
                total = 0.0
                for c in self.deck:
                    if c not in h:
                        kept = after[h | {c}]
                        total += 0.0 if kept is None else min(E[k] for k in kept)
                new[h] = 1 + total / pool
            change = max(abs(new[h] - E[h]) for h in hands)
            E = new
            if change < tolerance:
                return E
