"""Canasta's exact search against its CP-SAT model (tests/canasta_cpsat.py), position by position:
the whole answer, every play in it (the fewest-cards opening, the richest play, going out, taking
the pozo), card for card, so the same best worth under each goal and the same play among equals.

The positions are test_canasta's: random and meld-dense hands, with and without a table, a pozo
frozen or not, every score bracket, under the rule sets there (black 3s melded going out, the
classic canasta, fewer wild cards, one meld to open, a pozo always frozen, no negative minimum).
The default run checks 50 positions of each kind (random, meld-dense, near going out with a
table and without); MAZO_SOAK=1 (tests/soak.py) 1,500 of each.
"""

from __future__ import annotations

import random

import pytest
from mazo.solver.api import rules_for
from mazo.solver.mechanisms.canasta import solve

from tests import canasta_reference as ref
from tests.canasta_cpsat import reference_search
from tests.soak import size
from tests.solve.test_canasta import DECK, SCORES, SETUPS, _take, position, solve_drawn

POSITIONS = size(50, 1500)
CHUNK = 50


def near_out(rng, on_table, rules):
    """A position close to going out: on the table (or for a concealed going out, in the hand)
    frentes of up to 7 cards; in the hand their naturals, wild cards, black 3s where the rules
    meld them, a few other cards; often a pozo whose top card is of their rank."""
    pool = DECK[:]
    rng.shuffle(pool)
    ranks = rng.sample(ref.MELD_RANKS, rng.choice((1, 2, 3)))
    table, hand = [], []
    for rank in ranks[:2]:
        naturals = _take(pool, [c for c in pool if c[0] == rank][: rng.randint(3, 7)])
        wilds = _take(pool, [c for c in pool if ref.is_wild(c)][: rng.randint(0, 2)])
        if on_table and len(naturals + wilds) >= 3:
            table.append(naturals + wilds)
        else:
            hand += naturals + wilds
    if rules.black3_going_out and rng.random() < 0.7:
        hand += _take(pool, [c for c in pool if c[0] == 3 and c[1] in "SC"][: rng.randint(3, 4)])
    near = [c for c in pool if c[0] in ranks or ref.is_wild(c) or c[0] == 3]
    hand += _take(pool, rng.sample(near, min(len(near), rng.randint(1, 4))))
    top, pile = None, []
    if rng.random() < 0.5:
        top = _take(pool, [rng.choice([c for c in pool if c[0] in ranks] or pool)])[0]
        pile = _take(pool, pool[: rng.randint(0, 3)])
    return hand, table, rng.choice(SCORES), top, pile


KINDS = {"random": (position, False), "dense": (position, True), "near-out": (near_out, True)}
KINDS["near-out-concealed"] = (near_out, False)


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("start", range(0, POSITIONS, CHUNK))
def test_search_gives_the_cpsat_models_answer(monkeypatch, kind, start):
    draw, dense = KINDS[kind]
    specs, out = {}, 0
    for seed in range(start, min(start + CHUNK, POSITIONS)):
        variant, rules = SETUPS[seed % len(SETUPS)]
        spec = specs.setdefault(seed % len(SETUPS), rules_for("canasta", variant=variant))
        drawn = draw(random.Random(f"canasta-search-{kind}-{seed}"), dense, rules)
        found = solve_drawn(spec, *drawn).to_dict()
        out += found["can_go_out"]
        with monkeypatch.context() as patched:
            patched.setattr(solve, "_search", reference_search)
            assert found == solve_drawn(spec, *drawn).to_dict(), (drawn, variant)
    assert out or not kind.startswith("near-out")  # the near-out positions do reach going out
