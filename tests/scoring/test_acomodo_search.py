"""The acomodo's exact search (acomodo_search.py) gives CP-SAT's answer, melds and all, wherever it
answers, on seeded random knocks of every game with lay-offs; and it answers most of them."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from mazo.solver.api import rules_for
from mazo.solver.mechanisms.rummy import acomodo_search
from mazo.solver.mechanisms.rummy.acomodo import Problem, cpsat_acomodo, searched_acomodo
from mazo.solver.melds import Meld

from tests.scoring.test_acomodo_bruteforce import random_round
from tests.soak import size

CASES = size(40, 3000)  # per game; CP-SAT takes a few milliseconds a case


def cases(game: str, seed: int):
    """Each rival of a random round against the cutter's melds, with jokers allowed or not."""
    spec = rules_for(game)
    rng = random.Random(f"acomodo-search-{game}-{seed}")
    while True:
        _, outcome, rivals = random_round(spec, rng)
        for rival in rivals:
            yield spec, rival, outcome.arrangement.melds, rng.random() < 0.8


@pytest.mark.parametrize("game", ["conga", "chinchon", "gin-rummy"])
def test_the_search_gives_cpsats_acomodo(game):
    answered = laid = 0
    source = cases(game, 1)
    for number in range(CASES):
        spec, hand, table, allow_joker = next(source)
        problem = Problem.of(spec, hand, table, allow_joker)
        found = searched_acomodo(spec, problem)
        exact = cpsat_acomodo(spec, problem, 10.0)
        assert exact.optimal
        if found is not None:
            where = f"case {number}: {spec.deck.codes(hand)} onto {[str(m) for m in table]}"
            assert found == exact, where
            answered += 1
            laid += bool(found.lay_offs)
    # Ties are the exception: the search answers nearly every knock, lay-offs included.
    assert answered > CASES * 0.8 and laid > CASES // 10


def test_a_tie_is_left_to_cpsat():
    """Two own melds of the same points from the same cards: 5o 6o 7o or 6o 6c 6e."""
    spec = rules_for("conga")
    hand = spec.deck.parse_hand("5o 6o 7o 6c 6e 1b 2e")
    assert searched_acomodo(spec, Problem.of(spec, hand, (), True)) is None
    single = spec.deck.parse_hand("5o 6o 7o 6c 1b 2e 9e")
    found = searched_acomodo(spec, Problem.of(spec, single, (), True))
    assert found is not None and found.loose == spec.deck.parse_hand("6c 2e 9e 1b")


def test_the_budget_leaves_big_problems_to_cpsat(monkeypatch):
    spec = rules_for("gin-rummy")
    hand = spec.deck.parse_hand("2S 3S 4S 5S 7H 8H 9D KD KC 2H")
    table = [Meld("run", spec.deck.parse_hand("JS QS KS"), (None, None, None))]
    problem = Problem.of(spec, hand, table, True)
    found = searched_acomodo(spec, problem)
    assert found is not None and found == cpsat_acomodo(spec, problem, 10.0)
    monkeypatch.setattr(acomodo_search, "BUDGET", 3)
    assert searched_acomodo(spec, problem) is None
    assert Counter(hand) == problem.cards
