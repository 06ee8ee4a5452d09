"""Both back ends (auto = the fast search, and CP-SAT) against the brute-force reference, on seeded
random hands: each reference answer is computed once and every back end checked against it.

Hands of playing size are the fast search's: it answers every hand, CP-SAT a sample (every one in
a soak); larger hands are CP-SAT's, checked on their own. Each chunk is its own test so the run
spreads over the CI's cores; MAZO_SOAK (tests/soak.py) runs the long soak.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from mazo.solver.api import rules_for
from mazo.solver.backends import search
from mazo.solver.mechanisms.rummy.analysis import solve_hand

from tests import reference
from tests.soak import SOAK, size

HANDS = size(400, 5000)  # per setup
CHUNK = 200
# CP-SAT is checked on one hand in CPSAT_EVERY (of playing size: where it is not the default).
CPSAT_EVERY = 1 if SOAK > 0 else 10

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


def compare(spec, hand, drawn=None, backends=("auto",)):
    """The reference answer, once, against each back end's."""
    if len(hand) != spec.hand_size + 1:
        close, points = reference.outcome(spec, hand)
        for backend in backends:
            result = solve_hand(spec, hand, drawn_from_pozo=drawn, backend=backend)
            assert result.proven_optimal
            assert (result.close, result.deadwood_points) == (close, points), hand
            check_arrangement(spec, Counter(hand), result.melds, result.deadwood, points)
            assert result.discards == ()
        return
    expected = reference.discard_outcomes(spec, hand, drawn)
    for backend in backends:
        result = solve_hand(spec, hand, drawn_from_pozo=drawn, backend=backend)
        assert result.proven_optimal
        check_discards(spec, hand, expected, result)


def check_discards(spec, hand, expected, result):
    got = {spec.deck.parse_card(d.card): (d.close, d.deadwood_points) for d in result.discards}
    assert got == expected, spec.deck.codes(hand)
    best = min((reference.precedence(spec, c), p) for c, p in expected.values())
    top = result.discards[0]
    assert (reference.precedence(spec, top.close), top.deadwood_points) == best
    whole = reference.closes_without_discard(spec, hand)
    if whole is not None:  # big gin: the hand ends with no discard
        assert (result.discard, result.close, result.deadwood_points) == (None, whole, 0)
        check_arrangement(spec, Counter(hand), result.melds, result.deadwood, 0)
    else:
        assert result.discard == top.card and result.close == top.close
        kept = Counter(hand) - Counter([spec.deck.parse_card(top.card)])
        check_arrangement(spec, kept, result.melds, result.deadwood, result.deadwood_points)
    for option in result.discards:
        kept = Counter(hand) - Counter([spec.deck.parse_card(option.card)])
        check_arrangement(spec, kept, option.melds, option.deadwood, option.deadwood_points)


def chunks(setups, total):
    return [(game, variant, i) for game, variant in setups for i in range(0, total, CHUNK)]


def backends_for(number: int) -> tuple[str, ...]:
    return ("auto", "cpsat") if number % CPSAT_EVERY == 0 else ("auto",)


@pytest.mark.slow
@pytest.mark.parametrize("game, variant, start", chunks(SETUPS, HANDS), ids=str)
def test_random_hands_match_bruteforce(game, variant, start):
    spec = rules_for(game, variant=dict(variant))
    rng = random.Random(f"{game}-{variant}-{start}")
    for number in range(min(CHUNK, HANDS - start)):
        hand = random_hand(spec, rng)
        drawn = rng.choice(hand) if len(hand) == spec.hand_size + 1 and rng.random() < 0.2 else None
        compare(spec, hand, drawn, backends_for(number))


VARIANT_HANDS = size(100, 500)


@pytest.mark.slow
@pytest.mark.parametrize("game, variant, start", chunks(VARIANT_SETUPS, VARIANT_HANDS), ids=str)
def test_rule_variants_match_bruteforce(game, variant, start):
    spec = rules_for(game, variant=dict(variant))
    rng = random.Random(f"variant-{game}-{variant}-{start}")
    for number in range(min(CHUNK, VARIANT_HANDS - start)):
        compare(spec, random_hand(spec, rng), backends=backends_for(number))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["conga", "gin-rummy"])
def test_hands_beyond_the_search_match_bruteforce(game):
    """Past the compiled search's 16 cards CP-SAT is the default back end."""
    spec = rules_for(game)
    rng = random.Random(f"large-{game}")
    deck = spec.deck.all_cards()
    for _ in range(size(4, 40)):
        hand = rng.sample(deck, rng.choice((17, 18)))
        assert not search.applies(spec, hand)
        compare(spec, hand)
