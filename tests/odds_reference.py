"""An independent reference for the odds tables, in plain Python and slow: its own meld and cut
check (every split of a hand into runs, sets and loose cards, tried by brute force) and its own
value iteration over every hand (not classes: suits are not merged), for small specs only.

It reads only the rules of tests/odds-small.yaml's kind: runs of one suit (min_len), sets of
distinct suits (min_len..max_len), a close that is one run (one_meld) and one with at most
max_deadwood loose points; and Conga's jokers: each copy a card of its own (JOKER its suit), a
joker anywhere in a run's rank order (never past its ends) and at most set_jokers of them in a
set, every meld with min_naturals natural cards, a loose joker worth joker_value.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

Card = tuple[int, str]  # (rank, suit); a joker is (its copy, JOKER)
JOKER = "*"


class Reference:
    def __init__(
        self,
        ranks,
        suits,
        size,
        values,
        run_min,
        set_min,
        set_max,
        max_deadwood,
        jokers=(0, 0, 0, 0),  # (copies, min_naturals, set_jokers, joker_value)
    ):
        self.ranks, self.suits, self.size = tuple(ranks), tuple(suits), size
        self.values = dict(values)
        self.run_min, self.set_min, self.set_max = run_min, set_min, set_max
        self.max_deadwood = max_deadwood
        copies, self.min_naturals, self.set_jokers, self.joker_value = jokers
        self.deck = tuple((r, s) for s in suits for r in ranks)
        self.deck += tuple((copy, JOKER) for copy in range(1, copies + 1))

    def naturals(self, cards: frozenset[Card]) -> list[Card]:
        """The cards that are not jokers, if there are enough of them for a meld (else [])."""
        natural = [c for c in cards if c[1] != JOKER]
        return natural if len(natural) >= max(1, self.min_naturals) else []

    def is_run(self, cards: frozenset[Card]) -> bool:
        natural = self.naturals(cards)
        if len(cards) < self.run_min or not natural or len({s for _, s in natural}) != 1:
            return False
        places = sorted(self.ranks.index(r) for r, _ in natural)
        # the jokers fill the gaps and go on either end, inside the rank order
        distinct = len(set(places)) == len(places)
        return distinct and places[-1] - places[0] < len(cards) <= len(self.ranks)

    def is_set(self, cards: frozenset[Card]) -> bool:
        natural = self.naturals(cards)
        return (
            self.set_min <= len(cards) <= self.set_max
            and bool(natural)
            and len(cards) - len(natural) <= self.set_jokers
            and len({r for r, _ in natural}) == 1
            and len({s for _, s in natural}) == len(natural)
            and len(cards) <= len(self.suits)
        )

    def value(self, card: Card) -> int:
        return self.joker_value if card[1] == JOKER else self.values[card[0]]

    @cache  # noqa: B019 - one Reference per test module
    def least_loose(self, cards: frozenset[Card]) -> int:
        """The fewest loose points over every split into melds."""
        if not cards:
            return 0
        first = min(cards)
        best = self.value(first) + self.least_loose(cards - {first})
        # a meld with `first` holds only cards of its suit (a run), of its rank (a set) or jokers
        rest = sorted(
            c
            for c in cards - {first}
            if JOKER in (first[1], c[1]) or first[0] == c[0] or first[1] == c[1]
        )
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
