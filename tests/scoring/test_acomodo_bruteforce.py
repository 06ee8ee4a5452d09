"""The acomodo optimiser (CP-SAT) against the plain-Python enumeration of
tests/acomodo_reference.py on seeded random rounds."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from mazo.solver.api import rules_for
from mazo.solver.mechanisms.rummy.analysis import HandSolver
from mazo.solver.mechanisms.rummy.scoring import score_round

from tests.acomodo_reference import reference_acomodo, reference_round
from tests.soak import size as sample_size

ROUNDS = sample_size(400, 2000)
CHUNKS = 4  # the rounds run as four seeded batches, so `pytest -n 2` shares them out


def near(spec, card, melds) -> bool:
    if card.is_joker:
        return True
    for meld in melds:
        naturals = meld.naturals
        if spec.meld_kind(meld.kind).shape == "set" and card.rank == naturals[0].rank:
            return True
        if spec.meld_kind(meld.kind).shape == "run" and card.suit == naturals[0].suit:
            return True
    return False


def random_round(spec, rng):
    """A corte con puntos and 1-3 rivals dealt mostly near the cutter's melds (lay-offs happen)."""
    deck = spec.deck.all_cards()
    while True:
        low = rng.randint(0, len(spec.deck.ranks) - 5)
        window = [c for c in deck if c.is_joker or low <= spec.deck.rank_index(c.rank) < low + 5]
        kept = rng.sample(window, spec.hand_size)
        outcome = HandSolver(spec, kept).outcome(kept)
        if outcome.close is not None and outcome.close.lay_off:
            break
    rest = list((Counter(deck) - Counter(kept)).elements())
    melds = outcome.arrangement.melds
    weight = {id(c): rng.random() - (0.6 if near(spec, c, melds) else 0) for c in rest}
    rest.sort(key=lambda c: weight[id(c)])
    rivals = [rest[i * spec.hand_size : (i + 1) * spec.hand_size] for i in range(rng.randint(1, 3))]
    return kept, outcome, rivals


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_acomodo_agrees_with_brute_force_on_random_rounds(chunk):
    spec = rules_for("conga")
    rng = random.Random(20261129 + chunk)
    rounds = -(-ROUNDS // CHUNKS)
    laid = passed = chained = 0
    for number in range(rounds):
        kept, outcome, rivals = random_round(spec, rng)
        names = [f"R{i}" for i in range(len(rivals))]
        result = score_round(spec, ("cutter", kept), list(zip(names, rivals, strict=True)))
        answers, closer_points, points = reference_round(
            spec, result.closer_melds, outcome.arrangement.deadwood, rivals
        )
        got = result.players[1:]
        where = f"round {number}: cutter {spec.deck.codes(kept)} rivals {rivals}"
        for player, (loose, added) in zip(got, answers, strict=True):
            assert player.loose_points == loose, where
            mine = dict(player.lay_offs)
            assert [mine.get(i, ()) for i in range(len(added))] == list(added), where
        assert [p.points for p in got] == points, where
        assert result.players[0].points == closer_points, where
        laid += any(p.lay_offs for p in got)
        passed += result.passed
        chained += any(
            i in dict(a.lay_offs) and i in dict(b.lay_offs)
            for a, b in combinations(got, 2)
            for i in range(len(result.closer_melds))
        )
    # The random rounds must exercise what they test, not only hands with nothing to lay off.
    assert laid > rounds // 3 and passed > rounds // 20 and chained > rounds // 50


@pytest.mark.parametrize("cumulative, allow_joker", [(False, True), (True, False)])
def test_acomodo_switches_agree_with_brute_force(tmp_path, cumulative, allow_joker):
    rules = tmp_path / "rules.yaml"
    rules.write_text(
        "extends: conga\nscoring:\n  acomodo: "
        f"{{cumulative: {str(cumulative).lower()}, allow_joker: {str(allow_joker).lower()}}}\n"
    )
    spec = rules_for(None, rules=rules)
    rng = random.Random(7 + cumulative)
    for number in range(max(ROUNDS // 10, 50)):
        kept, outcome, rivals = random_round(spec, rng)
        names = [f"R{i}" for i in range(len(rivals))]
        result = score_round(spec, ("cutter", kept), list(zip(names, rivals, strict=True)))
        answers, _, _ = reference_round(
            spec,
            result.closer_melds,
            outcome.arrangement.deadwood,
            rivals,
            cumulative=cumulative,
            allow_joker=allow_joker,
        )
        for player, (loose, _) in zip(result.players[1:], answers, strict=True):
            assert player.loose_points == loose, f"round {number}"
        # The table after lay-offs shows every rival's lay-offs, whether or not they chain.
        for i, meld in enumerate(result.table):
            added = Counter()
            for player in result.players[1:]:
                added.update(dict(player.lay_offs).get(i, ()))
            assert meld.counts() == result.closer_melds[i].counts() + added, f"round {number}"


def test_gin_knocks_agree_with_brute_force():
    """Gin: one defender, no jokers, lay-offs onto the knocker's melds, undercut on a tie."""
    spec = rules_for("gin-rummy")
    rng = random.Random(1729)
    laid = undercut = 0
    for number in range(max(ROUNDS // 10, 50)):
        kept, outcome, rivals = random_round(spec, rng)
        defender = rivals[0]
        result = score_round(spec, ("knocker", kept), [("defender", defender)])
        table = [list(m.cards) for m in result.closer_melds]
        kinds = [spec.meld_kind(m.kind) for m in result.closer_melds]
        loose, added = reference_acomodo(spec, defender, table, kinds, allow_joker=False)
        mine = outcome.arrangement.deadwood
        expected = (
            {"knocker": 0, "defender": mine - loose + 25}
            if loose <= mine
            else {"knocker": loose - mine, "defender": 0}
        )
        where = f"round {number}: knocker {spec.deck.codes(kept)} defender {defender}"
        player = result.players[1]
        assert player.loose_points == loose, where
        assert [dict(player.lay_offs).get(i, ()) for i in range(len(added))] == list(added), where
        assert result.points() == expected, where
        laid += bool(player.lay_offs)
        undercut += result.undercut
    assert laid and undercut
