"""Both back ends (CP-SAT, and auto = the fast search) against the brute-force reference, on
thousands of seeded random hands.

Each chunk is its own test so the run spreads over the CI's cores. MAZO_BRUTE_HANDS raises the
count per game and deck for a longer soak.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from mazo.solver.analysis import solve_hand
from mazo.solver.api import rules_for

from tests import reference

HANDS = int(os.environ.get("MAZO_BRUTE_HANDS", "5000"))
CHUNK = 250

# (game, variant): Conga on both deck sizes, Chinchón and Gin, plus rule variants whose
# limits the solver must respect (min naturals, jokers per pierna, conga con comodín, threshold).
SETUPS = [
    ("conga", ()),
    ("conga", (("deck_size", 40),)),
    ("chinchon", ()),
    ("gin-rummy", ()),
]
VARIANT_SETUPS = [
    ("conga", (("cut_threshold", 3), ("conga_con_comodin", "one_joker"))),
    ("chinchon", (("close_rule", "loose_total"), ("deck_size", 40))),
    ("gin-rummy", (("knock_limit", 5),)),
]


def random_hand(spec, rng: random.Random) -> list:
    """Half plain deals, half meld-dense hands drawn from a few neighbouring ranks plus jokers."""
    size = spec.hand_size + rng.choice((0, 1, 1))
    deck = spec.deck.all_cards()
    if rng.random() < 0.5:
        return rng.sample(deck, size)
    ranks = spec.deck.ranks
    start = rng.randrange(len(ranks) - 3)
    near = set(ranks[start : start + rng.choice((3, 4, 5))])
    suits = set(rng.sample(spec.deck.suits, rng.choice((2, 3, 4))))
    pool = [c for c in deck if c.is_joker or (c.rank in near and c.suit in suits)]
    if len(pool) < size:
        pool += rng.sample([c for c in deck if c not in pool], size - len(pool))
    return rng.sample(pool, size)


def check_arrangement(spec, kept: Counter, result_melds, loose, points):
    """The solver's own answer must be a real split of the kept cards into valid melds."""
    used = Counter()
    for meld in result_melds:
        cards = spec.deck.parse_hand(meld)
        assert reference.meld_kinds_of(spec, cards), f"invalid meld {meld}"
        used += Counter(cards)
    loose_cards = Counter(spec.deck.parse_hand(loose)) if loose else Counter()
    assert used + loose_cards == kept
    assert sum(spec.value(c) * n for c, n in loose_cards.items()) == points


def compare(spec, hand, drawn=None, backend="auto"):
    result = solve_hand(spec, hand, drawn_from_pozo=drawn, backend=backend)
    assert result.proven_optimal
    if len(hand) != spec.hand_size + 1:
        close, points = reference.outcome(spec, hand)
        assert (result.close, result.deadwood_points) == (close, points), hand
        check_arrangement(spec, Counter(hand), result.melds, result.deadwood, points)
        assert result.discards == ()
        return
    expected = reference.discard_outcomes(spec, hand, drawn)
    got = {spec.deck.parse_card(d.card): (d.close, d.deadwood_points) for d in result.discards}
    assert got == expected, spec.deck.codes(hand)
    best = min((reference.precedence(spec, c), p) for c, p in expected.values())
    top = result.discards[0]
    assert (reference.precedence(spec, top.close), top.deadwood_points) == best
    assert result.discard == top.card and result.close == top.close
    kept = Counter(hand) - Counter([spec.deck.parse_card(top.card)])
    check_arrangement(spec, kept, result.melds, result.deadwood, result.deadwood_points)
    for option in result.discards:
        kept = Counter(hand) - Counter([spec.deck.parse_card(option.card)])
        check_arrangement(spec, kept, option.melds, option.deadwood, option.deadwood_points)


def chunks(setups, total):
    return [
        (backend, game, variant, i)
        for backend in ("cpsat", "auto")
        for game, variant in setups
        for i in range(0, total, CHUNK)
    ]


@pytest.mark.parametrize("backend, game, variant, start", chunks(SETUPS, HANDS), ids=str)
def test_random_hands_match_bruteforce(backend, game, variant, start):
    spec = rules_for(game, variant=dict(variant))
    rng = random.Random(f"{game}-{variant}-{start}")
    for _ in range(min(CHUNK, HANDS - start)):
        hand = random_hand(spec, rng)
        drawn = rng.choice(hand) if len(hand) == spec.hand_size + 1 and rng.random() < 0.2 else None
        compare(spec, hand, drawn, backend)


@pytest.mark.parametrize("backend, game, variant, start", chunks(VARIANT_SETUPS, 500), ids=str)
def test_rule_variants_match_bruteforce(backend, game, variant, start):
    spec = rules_for(game, variant=dict(variant))
    rng = random.Random(f"variant-{game}-{variant}-{start}")
    for _ in range(CHUNK):
        compare(spec, random_hand(spec, rng), backend=backend)
