"""Random rule sets: the compiled search, CP-SAT and the brute force agree on every discard.

Each rule set is a rules file written over Conga's spec (its options removed, so every field
below is the file's own) and read by the normal loader: random decks (suits, ranks, jokers),
card values, meld limits, hand sizes and close tables (one-meld closes, loose-point and
loose-card limits, joker limits on any close, scores). The default run draws a small sample;
MAZO_SOAK=1 (tests/soak.py) runs the full one.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import fields
from importlib.resources import files

import pytest
import yaml
from mazo.solver import closes
from mazo.solver.backends import search
from mazo.solver.errors import OptionError, SpecError
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.spec.load import load_spec
from mazo.solver.spec.rulespec import Close

from tests import reference
from tests.soak import size

RULE_SETS = size(12, 400)
HANDS = size(12, 60)


def random_rules(rng: random.Random) -> dict:
    """A spec's fields, drawn at random; the rest is Conga's."""
    suits = rng.sample(["o", "c", "e", "b"], rng.randint(2, 4))
    ranks = sorted(rng.sample(range(1, 13), rng.randint(4, 12)))
    # Mostly small values; now and then one large enough to test the search's number range.
    values = {r: rng.choice([0, 1, 2, 5, 7, 10, 10, 11, rng.randint(0, 40)]) for r in ranks}
    if rng.random() < 0.1:
        big = search._Table.MAX_NUMBER
        values[rng.choice(ranks)] = rng.choice([10**6, big, big + 1])
    melds = {"escalera": _meld(rng, "run"), "pierna": _meld(rng, "set")}
    hand_size = rng.randint(3, 8)
    return {
        "deck": {"notation": "spanish", "suits": suits, "ranks": ranks, "copies": 1,
                 "jokers": rng.choice([0, 0, 1, 2])},
        "values": {"ranks": values, "joker": rng.choice([0, 5, 25, 50])},
        "melds": melds,
        "hand_size": hand_size,
        "cut": {"forbid_pozo_card": rng.random() < 0.5},
        "closes": {f"c{i}": _close(rng, melds, hand_size) for i in range(rng.randint(1, 4))},
    }  # fmt: skip


def _meld(rng: random.Random, shape: str) -> dict:
    min_len = rng.randint(2, 4)
    kind = {"shape": shape, "name": {"es": shape, "en": shape}, "min_len": min_len}
    kind["min_naturals"] = rng.randint(1, min_len)
    if rng.random() < 0.5:
        kind["max_len"] = min_len + rng.randint(0, 3)
    kind["max_jokers"] = rng.choice([None, 0, 1, 2])
    if shape == "set":
        kind["distinct_suits"] = rng.random() < 0.8
    return kind


def _close(rng: random.Random, melds: dict, hand_size: int) -> dict:
    close: dict = {"name": {"es": "cierre", "en": "close"}}
    if rng.random() < 0.3:
        close["one_meld"] = rng.choice(sorted(melds))
    else:
        close["max_deadwood"] = rng.choice([None, 0, 0, 3, 10, 25])
        close["max_loose_cards"] = rng.choice([None, None, 0, 1, 2, hand_size])
        if close["max_deadwood"] is None and close["max_loose_cards"] is None:
            close["max_deadwood"] = rng.randint(0, 30)
    low = rng.choice([0, 0, 0, 1, 2])
    close["min_jokers"] = low
    close["max_jokers"] = rng.choice([None, None, low, low + 1])
    if rng.random() < 0.15:
        close["effect"] = "win_match"
    else:
        close["score"] = rng.choice(["deadwood", -25, -10, 0, 5])
    close["lay_off"] = rng.random() < 0.5
    if rng.random() < 0.2:
        close["no_discard"] = True
    return close


def load_random_spec(tmp_path, seed):
    rng = random.Random(f"closes-{seed}")
    conga = yaml.safe_load((files("mazo.rulebooks") / "specs" / "conga.yaml").read_text("utf-8"))
    # Without its options and examples the prose's {placeholders} name nothing: no prose either.
    data = {k: v for k, v in conga.items() if k not in ("options", "examples", "prose")}
    data.update(random_rules(rng))
    path = tmp_path / f"rules-{seed}.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    try:
        return load_spec(rules=path), rng
    except SpecError as exc:
        if "values.ranks" not in str(exc):
            raise
    # The loader bounds card values below the search's range: the largest it takes instead.
    ranks = data["values"]["ranks"]
    for rank, value in ranks.items():
        ranks[rank] = min(value, 40)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return load_spec(rules=path), rng


def deal(spec, rng: random.Random) -> list:
    deck = spec.deck.all_cards()
    size = min(len(deck), spec.hand_size + rng.choice((0, 1, 1, 1)))
    if rng.random() < 0.5:  # meld-dense: neighbouring ranks and every joker
        start = rng.randrange(max(1, len(spec.deck.ranks) - 3))
        near = set(spec.deck.ranks[start : start + 4])
        pool = [c for c in deck if c.is_joker or c.rank in near]
        if len(pool) >= size:
            return rng.sample(pool, size)
    return rng.sample(deck, size)


def seen(result):
    """Everything a back end decides: the close, its score, the discards in their ranked order."""
    return (
        result.discard,
        result.close,
        result.close_score,
        result.deadwood_points,
        [(d.card, d.close, d.deadwood_points) for d in result.discards],
    )


def check_against_reference(spec, hand, drawn, result):
    """Every discard's close and loose points as the brute force finds them, each arrangement a
    real split of the kept cards, and the first discard among the best by precedence."""
    if len(hand) != spec.hand_size + 1:
        assert (result.close, result.deadwood_points) == reference.outcome(spec, hand)
        return
    expected = reference.discard_outcomes(spec, hand, drawn)
    got = {spec.deck.parse_card(d.card): (d.close, d.deadwood_points) for d in result.discards}
    assert got == expected
    ranks = [(reference.precedence(spec, d.close), d.deadwood_points) for d in result.discards]
    assert ranks == sorted(ranks)
    whole = reference.closes_without_discard(spec, hand)
    made = {close for close, _ in expected.values()} | {whole}
    assert made - {None} <= {c.id for c in closes.reachable(spec)}  # the book lists each one
    if whole is not None:
        assert (result.discard, result.close) == (None, whole)
    else:
        assert (result.discard, result.close) == (result.discards[0].card, result.discards[0].close)
    for option in result.discards:
        kept = Counter(hand) - Counter([spec.deck.parse_card(option.card)])
        used = Counter()
        for meld in option.melds:
            cards = spec.deck.parse_hand(meld)
            assert reference.meld_kinds_of(spec, cards), meld
            used += Counter(cards)
        loose = Counter(spec.deck.parse_hand(option.deadwood)) if option.deadwood else Counter()
        assert used + loose == kept
        assert sum(spec.value(c) * n for c, n in loose.items()) == option.deadwood_points


@pytest.mark.skipif(not search.available(), reason="the compiled search was not built")
@pytest.mark.parametrize("seed", range(RULE_SETS))
def test_random_rule_sets_agree_on_every_discard(tmp_path, seed):
    spec, rng = load_random_spec(tmp_path, seed)
    for _ in range(HANDS):
        hand = deal(spec, rng)
        drawn = rng.choice(hand) if rng.random() < 0.3 else None
        exact = solve_hand(spec, hand, drawn_from_pozo=drawn, backend="cpsat")
        check_against_reference(spec, hand, drawn, exact)
        if search.applies(spec, hand):
            fast = solve_hand(spec, hand, drawn_from_pozo=drawn, backend="search")
            assert seen(fast) == seen(exact), spec.deck.codes(hand)


@pytest.mark.slow
def test_the_search_answers_most_random_rule_sets(tmp_path):
    """The agreement above is about the search only if it takes most rule sets itself."""
    taken = sum(
        search.applies(spec, ())
        for spec, _ in (load_random_spec(tmp_path, seed) for seed in range(40))
    )
    assert taken >= 30


def test_every_close_field_is_a_requirement_or_an_award():
    """A Close field in neither list would be read by the loader and honoured by no back end."""
    assert {f.name for f in fields(Close)} == {*closes.REQUIREMENTS, *closes.AWARDS}
    assert set(search._Table.CLOSE_TESTS) <= set(closes.REQUIREMENTS)


def test_which_closes_can_happen_weighs_every_requirement():
    assert set(closes._ASKS_NO_MORE) == set(closes.REQUIREMENTS)
    gin = load_spec("gin-rummy")  # big gin takes the whole hand: gin after it still happens
    assert [c.id for c in closes.reachable(gin)] == ["big_gin", "gin", "knock"]


def test_a_close_the_search_cannot_test_goes_to_the_general_path(monkeypatch):
    assert search.applies(load_spec("conga"), ())
    monkeypatch.setattr(search._Table, "CLOSE_TESTS", ("one_meld", "min_jokers", "max_jokers"))
    spec = load_spec("conga")  # a new spec: the search looks at its closes again
    assert not search.applies(spec, ())
    hand = spec.deck.parse_hand(CLEAN_CUT_WITH_A_JOKER)
    assert solve_hand(spec, hand).close == "corte_limpio"  # CP-SAT answered
    with pytest.raises(OptionError, match="does not test every rule"):
        solve_hand(spec, hand, backend="search")


def test_a_value_past_the_search_range_goes_to_the_general_path():
    """The loader bounds card values far below the search's range, so the spec is built past it
    by hand: the search must refuse it whole, and the general path still answers exactly."""
    plain = load_spec("conga")
    big = dataclasses.replace(plain, values={**plain.values, 2: search._Table.MAX_NUMBER + 1})
    assert search.applies(plain, ()) and not search.applies(big, ())
    assert str(search._Table.MAX_NUMBER) in search.refusal(big)
    hand = big.deck.parse_hand("1o 2c 3o 5c 5e 5b 7o 12b")
    result = solve_hand(big, hand)
    # The huge 2c is thrown; 1o, 3o, 7o and 12b stay loose.
    assert (result.discard, result.deadwood_points, result.proven_optimal) == ("2c", 21, True)


CLEAN_CUT_WITH_A_JOKER = "1o 2o * 5c 5e 5b 5o 12b"


@pytest.mark.parametrize("backend", ["search", "cpsat"])
def test_joker_limits_hold_for_a_close_of_several_melds(tmp_path, backend):
    rules = tmp_path / "club.yaml"
    rules.write_text("extends: conga\ncloses:\n  corte_limpio:\n    max_jokers: 0\n")
    spec = load_spec("conga", rules=rules)
    hand = spec.deck.parse_hand(CLEAN_CUT_WITH_A_JOKER)
    result = solve_hand(spec, hand, backend=backend)
    assert (result.discard, result.close, result.deadwood_points) == ("12b", "corte_con_puntos", 0)
    plain = solve_hand(load_spec("conga"), hand, backend=backend)
    assert (plain.discard, plain.close) == ("12b", "corte_limpio")
    rules.write_text("extends: conga\ncloses:\n  corte_con_puntos:\n    min_jokers: 2\n")
    strict = solve_hand(load_spec("conga", rules=rules), hand, backend=backend)
    assert [d.close for d in strict.discards if d.close] == ["corte_limpio"]
