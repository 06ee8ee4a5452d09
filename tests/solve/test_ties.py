"""The tie rule (solver/backends/ties.py) as its words state it, checked by brute force: every
split of the hand into disjoint candidate melds is listed, the equally good ones kept, and the
first by the rule's order (each natural card in deck order: 0 loose, else 1 + its meld's place
in the candidate list) is what both back ends must show.

tests/solve/test_backends.py checks the two back ends against each other on whole answers; this file
checks that what they agree on is the rule the README and rulebooks/NOTES.md state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from mazo.solver.api import rules_for
from mazo.solver.mechanisms.rummy.analysis import HandSolver

from tests.soak import size
from tests.solve.test_solver_vs_bruteforce import random_hand

HANDS = size(30, 1000)  # per setup
SETUPS = [("conga", {}), ("chinchon", {}), ("gin-rummy", {})]


def splits(candidates, cards):
    """Every set of disjoint candidates the cards hold, as candidate indices (include or leave
    each candidate in turn: not the back ends' walk by lowest card)."""
    found = []

    def go(at, left, chosen):
        if at == len(candidates):
            found.append(chosen)
            return
        go(at + 1, left, chosen)
        need = candidates[at].counts()
        if all(left[c] >= n for c, n in need.items()):
            go(at + 1, left - need, (*chosen, at))

    go(0, Counter(cards), ())
    return found


def by_the_rule(spec, cards, candidates, max_loose_cards=None):
    """The rule's pick, by brute force (the fewest loose points, then the first in its order),
    and how many splits were as good; None and 0 when no split leaves so few cards loose."""
    naturals = sorted((c for c in cards if not c.is_joker), key=spec.deck.sort_key)

    def loose(chosen):
        used = Counter()
        for i in chosen:
            used += candidates[i].counts()
        return Counter(cards) - used

    def key(chosen):
        place = {c: 1 + i for i in chosen for c in candidates[i].naturals}
        return tuple(place.get(c, 0) for c in naturals)

    allowed = [
        s
        for s in splits(candidates, cards)
        if max_loose_cards is None or sum(loose(s).values()) <= max_loose_cards
    ]
    if not allowed:
        return None, 0
    points = {s: sum(spec.value(c) * n for c, n in loose(s).items()) for s in allowed}
    fewest = min(points.values())
    good = [s for s in allowed if points[s] == fewest]
    return [candidates[i] for i in min(good, key=key)], len(good)


@pytest.mark.parametrize("game, variant", SETUPS, ids=str)
def test_both_back_ends_pick_as_the_rule_says(game, variant):
    spec = rules_for(game, variant=variant)
    rng = random.Random(f"ties-{game}")
    ties = 0
    for number in range(HANDS):
        cards = random_hand(spec, rng)
        limit = (None, 0, 1)[number % 3]
        fast, exact = (HandSolver(spec, cards, backend=b) for b in ("search", "cpsat"))
        want, equally_good = by_the_rule(spec, cards, fast.candidates, limit)
        ties += equally_good > 1
        for solver in (fast, exact):
            got = solver.best(cards, max_loose_cards=limit)
            if want is None:
                assert got is None, spec.deck.codes(cards)
                continue
            assert got is not None
            shown = sorted(want, key=lambda m: [spec.deck.sort_key(c) for c in m.naturals])
            assert list(got.melds) == shown, (spec.deck.codes(cards), limit)
    assert ties, "no hand with equally good splits: the sample proves nothing"
