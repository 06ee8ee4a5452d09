"""The fast search and CP-SAT are interchangeable: the same answer, byte for byte, for every hand
(solver/backends/ties.py: one rule picks among equally good arrangements).

The default run checks a sample of hands per setup, MAZO_SOAK=1 (tests/soak.py) 2,000, and
MAZO_SOAK=12.5 the long run of 25,000 per setup.
"""

from __future__ import annotations

import json
import random

import pytest
from mazo.solver.api import rules_for, solve_many
from mazo.solver.backends import search
from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError, NotationError, OptionError, SlowPathWarning
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.spec.load import game_names, load_spec

from tests.soak import size
from tests.solve.test_solver_vs_bruteforce import CPSAT_EVERY, random_hand

HANDS = size(150, 2000)
CHUNK = 500
RUMMY_GAMES = [g for g in game_names() if load_spec(g).mechanism == "rummy"]
SETUPS = [(g, ()) for g in RUMMY_GAMES] + [("conga", (("deck_size", 40), ("min_naturals", 1)))]


def answer(result):
    """What `mazo solve --json` prints: melds, loose cards and every discard's, not only points."""
    return json.dumps(result.to_dict())


@pytest.mark.slow
@pytest.mark.parametrize(
    "game, variant, start",
    [(g, v, i) for g, v in SETUPS for i in range(0, HANDS, CHUNK)],
    ids=str,
)
def test_search_and_cpsat_agree(game, variant, start):
    spec = rules_for(game, variant=dict(variant))
    rng = random.Random(f"backends-{game}-{variant}-{start}")
    for _ in range(min(CHUNK, HANDS - start)):
        hand = random_hand(spec, rng)
        fast = solve_hand(spec, hand, backend="search")
        exact = solve_hand(spec, hand, backend="cpsat")
        assert answer(fast) == answer(exact), spec.deck.codes(hand)


def test_larger_hands_agree():
    spec = rules_for("conga")
    rng = random.Random("larger")
    deck = spec.deck.all_cards()
    for cards in (12, 14, 16) * 20:
        hand = rng.sample(deck, cards)
        fast = solve_hand(spec, hand, backend="search")
        exact = solve_hand(spec, hand, backend="cpsat")
        assert answer(fast) == answer(exact), spec.deck.codes(hand)


def test_search_refuses_what_it_cannot_do():
    spec = rules_for("conga")
    with pytest.raises(OptionError):
        solve_hand(spec, spec.deck.all_cards()[:20], backend="search")
    with pytest.raises(OptionError):
        solve_hand(spec, spec.deck.all_cards()[:5], backend="quantum")


BATCH_HANDS = size(search.BATCH + 44, 1000)  # the deck's table answers from BATCH hands on


@pytest.mark.parametrize("game, variant", SETUPS, ids=str)
def test_a_batch_answers_as_each_hand_alone(game, variant):
    """solve_many searches one table of the deck's melds; solve_hand lists each hand's melds.
    Same candidates in the same order, so the answers are identical, melds and all."""
    spec = rules_for(game, variant=dict(variant))
    rng = random.Random(f"batch-{game}-{variant}")
    hands = [random_hand(spec, rng) for _ in range(BATCH_HANDS)]
    batch = solve_many(game, [spec.deck.codes(h) for h in hands], **dict(variant))
    for number, (hand, got) in enumerate(zip(hands, batch, strict=True)):
        assert got == solve_hand(spec, hand, backend="search"), spec.deck.codes(hand)
        if number % CPSAT_EVERY == 0:
            assert answer(got) == answer(solve_hand(spec, hand, backend="cpsat"))


def test_a_batch_with_the_card_taken_from_the_pozo():
    spec = rules_for("conga")
    rng = random.Random("batch-pozo")
    pozo = spec.deck.parse_card("5o")
    others = [c for c in spec.deck.all_cards() if c != pozo]
    hands = [[pozo, *rng.sample(others, spec.hand_size)] for _ in range(search.BATCH)]
    batch = solve_many("conga", [spec.deck.codes(h) for h in hands], drawn_from_pozo="5o")
    for number, (hand, got) in enumerate(zip(hands, batch, strict=True)):
        alone = solve_hand(spec, hand, drawn_from_pozo=pozo, backend="search")
        assert got == alone, hand
        if number % CPSAT_EVERY == 0:
            exact = solve_hand(spec, hand, drawn_from_pozo=pozo, backend="cpsat")
            assert answer(got) == answer(exact)


def test_a_batch_reports_its_first_bad_hand_and_reads_every_spelling():
    good = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "9H", "TH", "KD"]
    spelled = ["as", "2♠", "3s", "4S", "5h", "5♦", "5c", "9H", "10h", "kd"]
    answers = solve_many("gin-rummy", [good, spelled, " ".join(good)] * search.BATCH)
    assert {a.deadwood_points for a in answers} == {29}
    assert answers[1].hand == tuple(good)
    with pytest.raises(IllegalHandError, match="copies of 'AS'"):
        solve_many("gin-rummy", [good] * search.BATCH + [["AS", "AS", "2S"], ["ZZ"]])


def test_without_the_compiled_search_cpsat_answers(monkeypatch):
    monkeypatch.setattr(search, "_Table", None)
    monkeypatch.setattr(search, "_MISSING", "it was not built at install")
    monkeypatch.setattr(search, "_warned", False)  # said once a process: this one says it
    hands = [["AS", "2S", "3S", "4S", "5H", "5D", "5C", "9H", "TH", "KD"]] * 70
    with pytest.warns(SlowPathWarning, match=r"not in use \(it was not built at install"):
        answers = solve_many("gin-rummy", hands)
    assert {(a.deadwood_points, a.proven_optimal) for a in answers} == {(29, True)}
    with pytest.raises(OptionError, match=r"not in use \(it was not built at install"):
        solve_many("gin-rummy", hands[:1], backend="search")


def test_the_deck_table_waits_for_enough_batched_hands():
    spec = rules_for("gin-rummy", variant={"knock_limit": 7})  # a spec no other test batches
    hand = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "9H", "TH", "KD"]
    small = solve_many("gin-rummy", [hand] * 10, knock_limit=7)
    assert search._per_spec(spec).table is None
    large = solve_many("gin-rummy", [hand] * search.BATCH, knock_limit=7)
    assert search._per_spec(spec).table is not None
    assert small[0] == large[0] == large[-1]


def test_a_batch_reads_each_hand_once_and_checks_its_options_as_single_hands_do():
    good = ["AS", "2S", "3S", "4S", "5H", "5D", "5C", "9H", "TH", "KD"]
    with pytest.raises(NotationError, match="'ZZ'"):  # a used-up generator would solve nothing
        solve_many("gin-rummy", [iter(good)] * search.BATCH + [iter([*good[:-1], "ZZ"])])
    conga = ["1o", "2o", "3o", "4o", "5o", "6o", "7o", "12b"]
    with pytest.raises(IllegalHandError, match="not in this deck"):
        solve_many("conga", [conga] * search.BATCH, drawn_from_pozo=Card(8, "o"), deck_size=40)
    for bad in ("soon", -1, 0):
        with pytest.raises(OptionError, match="seconds"):
            solve_many("conga", [conga] * search.BATCH, time_limit=bad)
    assert solve_many("conga", [], drawn_from_pozo="zz") == []
    mixed = solve_many("conga", [[Card(1, "o"), *conga[1:]]] * search.BATCH)
    assert mixed[0] == solve_hand(rules_for("conga"), rules_for("conga").deck.parse_hand(conga))
