"""The acomodo's choice found by trying every choice, for the small problems of a game's knocks.

The problem is the CP-SAT model's of acomodo.py, read the same way: own melds and at most one
extension per closer's meld, no card used more often than held; the most points melded or laid
off, then for the closer's melds in order the earliest extension (none first). It answers only
when exactly one choice is best: where two tie, which one CP-SAT returns is the solver's own
affair, so the caller asks CP-SAT, as it does when the choices are too many to try here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from mazo.solver.cards import Card
from mazo.solver.melds import Meld
from mazo.solver.spec.rulespec import RuleSpec

# States tried before the search gives up and leaves the problem to CP-SAT. A knock's problem
# takes tens; the budget keeps a hand full of jokers from taking longer than the solver would.
BUDGET = 4000

_Need = tuple[tuple[int, int], ...]  # (card's index, copies used)


class _TooMany(Exception):
    """The budget ran out."""


@dataclass(frozen=True, slots=True)
class Choice:
    """The one best choice: indices of the own melds used, in order, and for each closer's meld
    the index of its extension (-1: none)."""

    own: tuple[int, ...]
    extensions: tuple[int, ...]


class _Search:
    def __init__(
        self,
        spec: RuleSpec,
        cards: Counter[Card],
        own: Sequence[Meld],
        added: Sequence[Sequence[Counter[Card]]],
    ):
        distinct = sorted(cards, key=spec.deck.sort_key)
        self.index = {card: i for i, card in enumerate(distinct)}
        self.held = tuple(cards[c] for c in distinct)
        self.value = spec.value
        self.own = [self._need(m.counts()) for m in own]
        self.added = [[self._need(a) for a in group] for group in added]
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, int, tuple[int, ...]]] = {}
        self.states = 0
        # The best key so far, how many choices reach it (2: more than one) and the choice.
        self.best: tuple[int, ...] | None = None
        self.ties = 0
        self.choice: Choice | None = None

    def _need(self, counts: Counter[Card]) -> tuple[_Need, int]:
        need = tuple(sorted((self.index[c], n) for c, n in counts.items()))
        return need, sum(self.value(c) * n for c, n in counts.items())

    def _tick(self) -> None:
        self.states += 1
        if self.states > BUDGET:
            raise _TooMany

    def pack(self, at: int, left: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
        """The most points own melds from `at` on can meld of the cards left, how many choices
        make them (at most 2) and one of those choices."""
        key = (at, left)
        found = self.memo.get(key)
        if found is not None:
            return found
        self._tick()
        if at == len(self.own):
            answer: tuple[int, int, tuple[int, ...]] = (0, 1, ())
        else:
            answer = self.pack(at + 1, left)
            rest = _take(left, self.own[at][0])
            if rest is not None:
                points, ways, used = self.pack(at + 1, rest)
                points += self.own[at][1]
                if points > answer[0]:
                    answer = (points, ways, (at, *used))
                elif points == answer[0]:
                    answer = (points, min(2, answer[1] + ways), answer[2])
        self.memo[key] = answer
        return answer

    def extend(self, meld: int, left: tuple[int, ...], points: int, picks: tuple[int, ...]) -> None:
        """Every choice of extensions from this closer's meld on, each with its best own melds."""
        self._tick()
        if meld == len(self.added):
            self._weigh(left, points, picks)
            return
        self.extend(meld + 1, left, points, (*picks, -1))
        for k, (need, value) in enumerate(self.added[meld]):
            rest = _take(left, need)
            if rest is not None:
                self.extend(meld + 1, rest, points + value, (*picks, k))

    def _weigh(self, left: tuple[int, ...], points: int, picks: tuple[int, ...]) -> None:
        own, ways, used = self.pack(0, left)
        # The objective read lexicographically: points, then each meld's earliest extension.
        key = (points + own, *(-(k + 1) for k in picks))
        if self.best is None or key > self.best:
            self.best, self.ties, self.choice = key, ways, Choice(used, picks)
        elif key == self.best:
            self.ties = min(2, self.ties + ways)


def _take(left: tuple[int, ...], need: _Need) -> tuple[int, ...] | None:
    """The cards left once these are used; None when they are not all there."""
    rest = list(left)
    for i, n in need:
        if rest[i] < n:
            return None
        rest[i] -= n
    return tuple(rest)


def only_best(
    spec: RuleSpec,
    cards: Counter[Card],
    own: Sequence[Meld],
    added: Sequence[Sequence[Counter[Card]]],
) -> Choice | None:
    """The one best choice of own melds (`own`, each fitting the cards) and extensions (`added`:
    for each closer's meld, the cards each of its extensions adds, in tie order); None when
    several choices are best or the search ran out of budget."""
    search = _Search(spec, cards, own, added)
    try:
        search.extend(0, search.held, 0, ())
    except _TooMany:
        return None
    return search.choice if search.ties == 1 else None
