"""Canasta Uruguaya: the worked examples K1-K11 and K14's minimum table (rules B5), bad
input, and the solver against the brute-force reference on random and meld-dense hands.

The exact search (solver/mechanisms/canasta/search.py) is this game's solver: the default run
checks 500 positions of each kind (random, meld-dense), MAZO_SOAK=1 (tests/soak.py) 1,500 of each.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter

import mazo
import pytest
from mazo.solver.api import rules_for, solve_with
from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError, InputError, OptionError

from tests import canasta_reference as ref
from tests.commands import in_memory
from tests.soak import size

POSITIONS = size(500, 1500)
CHUNK = 250


def solve(hand, **position):
    return mazo.solve("canasta-uruguaya", hand, **position)


def same(melds, *expected: str) -> bool:
    """The melds hold these cards, whatever the order."""
    return sorted(sorted(m) for m in melds) == sorted(sorted(e.split()) for e in expected)


def test_k1_first_hand():
    r = solve("AS AH AD KS KH 7C 7D 7H 2C 5S 9D", score=0)
    assert r.required_minimum == 50 and r.can_open
    assert same(r.opening_fewest.melds, "AS AH AD") and r.opening_fewest.points == 60
    assert r.opening_max.points == 115 and r.opening_max.cards == 9
    assert sorted(r.opening_max.left) == ["5S", "9D"]
    assert not r.can_go_out


def test_k2_score_1600_needs_90():
    r = solve("KS KH KD QS QH 2D * 6C 6D 6S 4H", score=1600)
    assert r.required_minimum == 90 and r.can_open
    fewest = r.opening_fewest
    assert (fewest.cards, fewest.points) == (4, 90) and fewest.wilds == 2
    assert same(fewest.melds, "QS QH 2D *") or same(fewest.melds, "KS KH 2D *")
    assert r.opening_max.points == 135 and r.opening_max.left == ("4H",)
    # Without wild cards KKK + 666 = 45 is not enough.
    assert not solve("KS KH KD 6C 6D 6S 4H 9C", score=1600).can_open


def test_k3_negative_score_needs_15():
    r = solve("5H 5D 5S 8C 9H JD QS KC AC 3S 4D", score=-120)
    assert r.required_minimum == 15 and r.can_open
    assert same(r.opening_max.melds, "5H 5D 5S") and r.opening_max.points == 15
    assert "3S" in r.opening_max.left  # a black 3 never melds


def test_k4_score_3000_from_hand_versus_the_pozo():
    hand = "AS AD AC KH KD KC QS QD TC 9H 3S"
    r = solve(hand, score=3000)
    assert r.required_minimum == 120 and not r.can_open
    r = solve(hand, score=3000, pozo_top="QH", pozo="KS KS 2H")
    assert r.pozo_frozen and r.can_take_pozo and r.pozo_play.points == 120
    assert same(r.pozo_play.melds, "AS AD AC", "KH KD KC", "QS QH QD")
    # The other pile cards (two more kings) may not count toward the 120.
    assert not solve("AS AD AC KH KD QS QD TC 9H 3S 5C", score=3000, pozo_top="QH").can_take_pozo


def test_k5_frozen_pile_needs_a_natural_pair():
    r = solve("8S * 5C 6D 9H", score=0, pozo_top="8H")
    assert r.pozo_frozen and not r.can_take_pozo
    opened = solve("8S * 5C 6D 9H", table="KS KH KD", pozo_top="8H", pozo="4C 5D")
    assert not opened.pozo_frozen and opened.can_take_pozo


def test_k6_unfrozen_pile_natural_and_wild():
    r = solve("TS * 5C 6D 9H", table="KS KH KD", pozo_top="TH", pozo="4C")
    assert r.can_take_pozo and same(r.pozo_play.melds, "TS TH *")
    with_tens = solve("5C 6D 9H", table="TS TD TC", pozo_top="TH", pozo="4C")
    assert with_tens.can_take_pozo and with_tens.pozo_play.cards == 0
    frozen = solve("TS * 5C 6D 9H", table="KS KH KD", pozo_top="TH", pozo="4C 2S")
    assert frozen.pozo_frozen and not frozen.can_take_pozo
    pair = solve("TS TD * 5C 6D 9H", table="KS KH KD", pozo_top="TH", pozo="4C 2S")
    assert pair.can_take_pozo


def test_k7_duplicate_rank():
    r = solve("7C 7D 2H 9S", table="7S 7H 7D")
    assert r.opened and same(r.best.melds, "7S 7H 7D 7D 7C 2H")
    assert r.best.cards == 3
    with pytest.raises(IllegalHandError, match="one per rank"):
        solve("9S", table="7S 7H 7D; 7C 7D 2H")


def test_k8_canasta_or_not():
    meld = "9S 9H 9D 9C 2S 2D *"
    r = solve("5C 6D", table=meld)
    assert r.best.canastas == () and not r.can_go_out
    r = solve("9H 6D", table=meld)
    [(cards, kind)] = r.best.canastas
    assert kind == "sucia" and same([cards], "9S 9H 9H 9D 9C 2S 2D *")
    assert not solve("5C", table=meld).can_go_out
    # Classic option: 4 naturals make it a canasta sucia, so the last card may go.
    classic = solve("5C", table=meld, canasta_min_naturals=4)
    assert classic.can_go_out and classic.go_out.left == ("5C",)


def test_k9_max_wild_cards():
    hand = "* * 2S 2H AH AD KS QH JD 9C 5S"
    r = solve(hand, score=0)
    assert same(r.opening_fewest.melds, "AH AD 2S") and r.opening_fewest.points == 60
    assert r.opening_max.points == 160 and r.opening_max.cards == 5
    assert r.opening_max.wilds == 3
    high = solve(hand, score=3000)
    assert high.required_minimum == 120
    assert same(high.opening_fewest.melds, "AH AD * *")
    assert high.opening_fewest.points == 140


def test_k10_cierre_directo_waives_the_minimum():
    hand = "8S 8H 8D 8C 8S 8H 8D 4S 4H 4D 4C 9C"
    r = solve(hand, score=3200)
    assert r.required_minimum == 120 and r.can_go_out and r.concealed
    assert r.go_out.points == 90 and r.go_out.left == ("9C",)
    [(cards, kind)] = r.go_out.canastas
    assert kind == "limpia" and same([cards], "8S 8S 8H 8H 8D 8D 8C")
    assert r.can_open  # the concealed going out is the opening


def test_k11_cierre_directo_after_the_pozo_must_meet_the_minimum():
    r = solve("8S 8H 8D 8C 8S 8H 4S 4H 4D 4C 9C", score=3200, pozo_top="8D", pozo="KH KD 5S")
    assert r.pozo_frozen and not r.can_take_pozo


@pytest.mark.parametrize(
    "score, minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)]
)
def test_k14_minimum_table(score, minimum):
    assert solve("4S", score=score).required_minimum == minimum


def test_options_change_the_answer():
    assert solve("4S", score=-5, negative_score_minimum=0).required_minimum == 0
    two = solve("AH AD * * 2S KS QH JD 9C 5S", score=0, max_wild=2)
    assert two.opening_max.wilds == 2
    hand = "AS AH AD KS KH KD 5C 9D 7H"
    assert solve(hand, score=1600).opening_fewest.points == 90  # AAA + KKK
    assert not solve(hand, score=1600, initial_meld_single_meld_only=True).can_open
    frozen = solve("TS * 5C 6D 9H", table="KS KH KD", pozo_top="TH", frozen_always=True)
    assert frozen.pozo_frozen and not frozen.can_take_pozo


def test_black_threes_meld_only_when_going_out_with_the_option():
    hand, table = "3S 3S 3C 5H 5D 5S 5C 5H 5D 5S 9C", "KS KH KD KC KS KH KD"
    assert not solve(hand, table=table).can_go_out
    r = solve(hand, table=table, black3="meldable_going_out")
    assert r.can_go_out and same(r.go_out.melds, "5S 5S 5H 5H 5D 5D 5C", "3S 3S 3C")
    assert "3S" not in [c for m in r.best.melds for c in m] or r.best.left == ("9C",)


def test_red_threes_are_laid_aside():
    r = solve("3H 3D AS AH AD 5C 9D", score=0)
    assert r.red_threes == ("3H", "3D") and r.can_open
    assert "3H" not in r.opening_max.left


@pytest.mark.parametrize(
    "hand, position, error, culprit",
    [
        ("AS AS AS", {}, IllegalHandError, "AS"),
        ("AS", {"score": "many"}, OptionError, "many"),
        ("AS", {"table": "KS KH"}, IllegalHandError, "KS KH"),
        ("AS", {"table": "3S 3C 3S"}, IllegalHandError, "3S 3C 3S"),
        ("AS", {"table": "KS * * 2S 2H"}, IllegalHandError, "KS"),
        ("AS AS", {"pozo_top": "AS", "pozo": "AH"}, IllegalHandError, "AS"),
        ("AS", {"pozo_top": "ZZ"}, InputError, "ZZ"),
        ("AS", {"faced": "AH"}, OptionError, "faced"),
        ("AS", {"wild_canasta": True}, OptionError, "wild_canasta"),
    ],
)
def test_bad_input_names_the_culprit(hand, position, error, culprit):
    with pytest.raises(error) as caught:
        mazo.solve("canasta", hand, **position)
    assert culprit in str(caught.value)


def mazo_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "mazo", *args], input=stdin, capture_output=True, text=True
    )


def test_cli_json_and_batch():
    r = mazo_cli("solve", "canasta", "* * 2S 2H AH AD KS QH JD 9C 5S", "--score", "0", "--json")
    out = json.loads(r.stdout)
    for field in (
        "required_minimum",
        "can_open",
        "meld_points",
        "melds",
        "can_take_pozo",
        "canastas",
        "can_go_out",
        "opening_fewest",
        "opening_max",
        "proven_optimal",
    ):
        assert field in out
    assert out["meld_points"] == 160
    line = '{"hand": "AS AD AC KH KD KC QS QD TC 9H 3S", "score": 3000, "pozo_top": "QH"}\n'
    r = mazo_cli("solve", "canasta", "-", "--json", stdin=line)
    assert r.returncode == 0 and json.loads(r.stdout)["can_take_pozo"] is True
    r = mazo_cli("solve", "canasta", "AS", "--score", "x1")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "x1" in r.stderr


# --- against the brute-force reference ---------------------------------------------------------

DECK = [(r, s) for r in range(1, 14) for s in "SHDC" for _ in range(2)] + [(None, None)] * 4
SCORES = (-100, 0, 700, 1495, 1500, 2995, 3000, 4000)
SETUPS = [
    ({}, ref.Rules()),
    ({"canasta_min_naturals": 4}, ref.Rules(canasta_naturals=4)),
    ({"max_wild": 2}, ref.Rules(max_wild=2)),
    ({"initial_meld_single_meld_only": True}, ref.Rules(single_meld_only=True)),
    ({"frozen_always": True}, ref.Rules(frozen_always=True)),
    ({"negative_score_minimum": 0}, ref.Rules(negative_minimum=0)),
    ({"black3": "meldable_going_out"}, ref.Rules(black3_going_out=True)),
]


def _take(pool, cards):
    for c in cards:
        pool.remove(c)
    return cards


def position(rng, dense, rules):
    pool = DECK[:]
    rng.shuffle(pool)
    table = []
    for rank in rng.sample(ref.MELD_RANKS, rng.choice((0, 0, 1, 2))):
        naturals = [c for c in pool if c[0] == rank][: rng.randint(2, 6)]
        wilds = [c for c in pool if ref.is_wild(c)][: rng.randint(0, rules.max_wild)]
        meld = naturals + wilds
        if len(naturals) >= 2 and len(meld) >= 3:
            table.append(_take(pool, meld))
    if dense:
        ranks = set(rng.sample(ref.MELD_RANKS, rng.choice((2, 3, 4))))
        threes = []
        if rules.black3_going_out and rng.random() < 0.5:
            threes = _take(pool, [c for c in pool if c[0] == 3 and c[1] in "SC"][:3])
        near = [c for c in pool if c[0] in ranks or ref.is_wild(c) or c[0] == 3]
        size = rng.choice((11, 12)) - len(threes)
        hand = threes + _take(pool, rng.sample(near, min(len(near), size)))
    else:
        hand = _take(pool, pool[: rng.choice((11, 12))])
    top, pile = None, []
    if rng.random() < 0.6:
        candidates = [c for c in pool if not (c[0] == 3 and c[1] in "HD")]
        if dense and rng.random() < 0.7:
            candidates = [c for c in candidates if any(c[0] == h[0] for h in hand)] or candidates
        top = _take(pool, [rng.choice(candidates)])[0]
        pile = _take(pool, pool[: rng.randint(0, 4)])
    return hand, table, rng.choice(SCORES), top, pile


def _code(card):
    return "*" if card[0] is None else "A23456789TJQK"[card[0] - 1] + card[1]


def _pair(code):
    card = Card.parse(code, rules_for("canasta").deck.notation)
    return (card.rank, card.suit)


def check_play(play, hand, table, top, rules):
    """A reported play is real: valid frentes, cards from the hand, points as claimed."""
    melds = [[_pair(c) for c in m] for m in play.melds]
    assert all(
        ref.is_frente(m, rules) or (rules.black3_going_out and ref.is_black3_meld(m)) for m in melds
    )
    from_table = Counter(c for m in table for c in m)
    touched = Counter(c for m in melds for c in m)
    table_ranks = {next(c[0] for c in m if not ref.is_wild(c)) for m in melds}
    old = Counter(
        c for m in table for c in m if next(x[0] for x in m if not ref.is_wild(x)) in table_ranks
    )
    assert old <= from_table
    laid = touched - old - Counter([top] if top and top in touched else [])
    assert laid <= Counter(hand)
    assert sum(laid.values()) == play.cards
    assert (
        sum(ref.value(c) for c in laid.elements())
        + (ref.value(top) if top and top in touched else 0)
        == play.points
    )
    assert Counter(_pair(c) for c in play.left) + laid == Counter(
        c for c in hand if not (c[0] == 3 and c[1] in "HD")
    )


def solve_drawn(spec, hand, table, score, top, pile):
    """Solve a position drawn by `position`, its cards given as the solver reads them."""
    return solve_with(
        spec,
        [_code(c) for c in hand],
        score=score,
        table="; ".join(" ".join(_code(c) for c in m) for m in table) or None,
        pozo_top=_code(top) if top else None,
        pozo=" ".join(_code(c) for c in pile) if top else None,
    )


def check(setup, hand, table, score, top, pile):
    variant, rules = setup
    spec = rules_for("canasta", variant=variant)
    result = solve_drawn(spec, hand, table, score, top, pile)
    want = ref.expected(hand, table, score, rules, top=top, pile=pile)
    where = f"hand {hand} table {table} score {score} top {top} pile {pile} {variant}"
    assert result.required_minimum == want.required_minimum, where
    assert result.can_open == want.can_open, where
    fewest = result.opening_fewest
    got = (fewest.cards, fewest.wilds, fewest.points) if fewest else None
    assert got == want.fewest, where
    assert (result.best.points if result.best else None) == want.most, where
    assert result.can_go_out == want.can_go_out, where
    assert result.can_take_pozo == want.can_take_pozo, where
    assert result.pozo_frozen == want.frozen, where
    assert (result.pozo_play.points if result.pozo_play else None) == want.pozo_most, where
    assert result.proven_optimal
    for play in (result.opening_fewest, result.best, result.go_out):
        if play is not None:
            check_play(play, hand, table, None, rules)
    if result.pozo_play is not None:
        check_play(result.pozo_play, hand, table, top, rules)


@pytest.mark.parametrize("dense", [False, True], ids=["random", "dense"])
@pytest.mark.parametrize("start", range(0, POSITIONS, CHUNK))
def test_solver_matches_brute_force(dense, start):
    for seed in range(start, min(start + CHUNK, POSITIONS)):
        setup = SETUPS[seed % len(SETUPS)]
        rng = random.Random(f"canasta-{dense}-{seed}")
        check(setup, *position(rng, dense, setup[1]))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_big_canasta_hand_is_shown_within_80_columns(monkeypatch, lang):
    """Two players' hands after taking a pozo: the plays break between cards, under the label's
    column; a line that fits is left whole."""
    hand = "AS AD AC KH KD KC QS QD QC JH JD JS 9H 9D 9C 8S 8H 8D 7S 7H 7D 6S 6H 6D 5S"
    args = ["solve", "canasta", hand, "--pozo-top", "9S", "--pozo", "4H 5H", "--score", "3000"]
    code, out, err = in_memory(monkeypatch, *args, "--variant", "players=2", "--lang", lang)
    lines = out.decode().splitlines()
    assert (code, err) == (0, "")
    assert max(len(line) for line in lines) == 80  # the longest lines fill the width
    assert lines[1].startswith(" " * 9 + "5♠")  # the hand's last card, under the cards
    assert lines[2].startswith(("Bajada", "Opening"))
    # hand, opening, fewest, most, pozo and going out; the rest carries them on
    assert sum(not line.startswith(" ") for line in lines) == 6
