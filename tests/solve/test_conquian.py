"""Conquián: the worked examples Q1-Q14, bad input, and the solver against
the brute-force reference on thousands of seeded random and meld-dense positions.

CP-SAT is this game's back end: the default run checks 500 positions of each kind (random,
meld-dense), MAZO_SOAK=1 (tests/soak.py) 1,500 of each.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import mazo
import pytest
from mazo.solver.api import rules_for, solve_with
from mazo.solver.errors import IllegalHandError, InputError, OptionError

from tests import conquian_reference as ref
from tests.soak import size

POSITIONS = size(500, 1500)
CHUNK = 250


def solve(hand, faced, **position):
    return mazo.solve("conquian", hand, faced=faced, **position)


def test_q1_simple_use():
    r = solve("4o 5o 1c 1e 7b 10b 12c 3e", "6o")
    assert r.can_use and not r.can_go_out
    assert r.melds == (("4o", "5o", "6o"),)
    assert r.cards_on_table == 3 and r.cards_in_hand == 5
    assert r.pay is not None and r.pay not in ("4o", "5o")
    assert r.lay_down == ()  # 1c 1e is only a pair


def test_q2_ten_follows_seven_and_an_extra_hand_meld():
    r = solve("7c 11c 2o 2e 2b 5o 6e 12o", "10c")
    assert sorted(r.melds) == [("2o", "2e", "2b"), ("7c", "10c", "11c")]
    assert len(r.laid) == 5 and r.cards_on_table == 6 and r.cards_in_hand == 2
    assert r.pay in ("5o", "6e", "12o")


def test_q3_ace_is_low_only():
    r = solve("11o 12o 3c 4c 6b 6e 10e 2c", "1o")
    assert not r.can_use and r.pay is None and r.cards_in_hand == 8
    assert r.lay_down == (("2c", "3c", "4c"),)  # from hand, no payment


def test_q4_forcing():
    r = solve("4c 5c 1b 7c 7e 12b 11b 10b", "6e", rival_table="3e 4e 5e")
    assert r.can_force
    rival = solve("1o 2c 7b 10c 11o", "6e", table="3e 4e 5e")
    assert rival.melds == (("3e", "4e", "5e", "6e"),)
    assert rival.cards_on_table == 4 and rival.cards_in_hand == 4
    assert not solve("1o 2c 7b 10c 11o", "6e", rival_table="1b 2b 3b").can_force


def test_q5_cortar_wins_without_paying():
    r = solve("5b 6b", "7b", table="1o 2o 3o; 10c 10e 10b")
    assert r.can_go_out and r.pay is None and r.cards_on_table == 9 and r.cards_in_hand == 0


def test_q6_waiting_with_eight_on_the_table():
    table = "4c 5c 6c 7c; 11o 11c 11e 11b"
    spec = rules_for("conquian")
    winners = []
    for card in spec.deck.all_cards():
        code = spec.deck.code(card)
        if code in table.replace(";", " ").split():
            continue
        r = solve([], code, table=table)
        assert r.can_use == r.can_go_out
        if r.can_go_out:
            winners.append(code)
    assert sorted(winners) == ["10c", "3c"]


def test_q7_rearrangement_needed():
    r = solve("10c 1b 3c 12e", "10b", table="5o 6o 7o 10o")
    assert sorted(r.melds) == [("10o", "10c", "10b"), ("5o", "6o", "7o")]
    assert r.laid == ("10c",) and r.cards_on_table == 6 and r.cards_in_hand == 2


def test_q8_a_single_nine_card_run():
    r = solve("1e 2e 3e 4e 5e 6e 7e 10e", "11e")
    assert r.can_go_out and r.cards_on_table == 9
    assert r.melds == (("1e", "2e", "3e", "4e", "5e", "6e", "7e", "10e", "11e"),)
    assert not solve("1e 2e 3e 4e 5e 6e 7e 10e", "12e").can_use
    assert r.lay_down  # the eight-card run may also go down from hand


def test_q9_paying_the_last_card():
    r = solve("12b", "11c", table="1o 2o 3o; 5c 6c 7c 10c")
    assert r.can_use and not r.can_go_out and r.pay == "12b"
    assert r.cards_on_table == 8 and r.cards_in_hand == 0
    table = "1o 2o 3o; 5c 6c 7c 10c 11c"
    winners = [
        c
        for c in ("4o", "4c", "12c", "12b", "1c", "4e", "5o", "3c", "2c")
        if solve([], c, table=table).can_go_out
    ]
    assert sorted(winners) == ["12c", "4c", "4o"]


def test_q10_cuarteto_plus_run_stuck_with_one_card():
    r = solve("3o 3c 3e 3b 6c 7c 10c 12e", "5c")
    assert r.cards_on_table == 8 and r.pay == "12e" and not r.can_go_out
    table = "3o 3c 3e 3b; 5c 6c 7c 10c"
    assert solve([], "4c", table=table).can_go_out
    assert solve([], "11c", table=table).can_go_out
    assert not solve([], "12e", table=table).can_use


def test_q11_rearranging_a_trinca_into_a_run():
    r = solve("2o 4c 5e 7e 11o", "3c", table="2c 2e 2b")
    assert sorted(r.melds) == [("2c", "3c", "4c"), ("2o", "2e", "2b")]
    assert sorted(r.laid) == ["2o", "4c"] and r.cards_on_table == 6 and r.cards_in_hand == 2


def test_q12_hand_only_layoff_is_option_dependent():
    default = solve("2o 5e 7e 11o 12c", "10b", table="2c 2e 2b")
    assert not default.can_use and default.lay_down == ()
    option = solve("2o 5e 7e 11o 12c", "10b", table="2c 2e 2b", hand_layoff_without_faced=True)
    assert option.lay_down == (("2o", "2c", "2e", "2b"),)


def test_q13_forcing_an_empty_hand_is_suicide():
    # B has 8 on the table and nothing in hand: the forced card is B's ninth, B wins.
    b = solve([], "3c", table="4c 5c 6c 7c; 11o 11c 11e 11b")
    assert b.can_go_out
    a = solve("1o 2o 5b 7e 12e 10o 3b 3e", "3c", rival_table="4c 5c 6c 7c; 11o 11c 11e 11b")
    assert a.can_force


def test_q14_stock_exhausted_fewest_in_hand():
    # Hand + table = 8 for every player, so fewest in hand = most on the table.
    spec = rules_for("conquian")
    assert spec.own.stock_out == "fewest_in_hand"
    assert rules_for("conquian", variant={"stock_out": "draw"}).own.stock_out == "draw"
    r = solve("1o 2o 3o 5b", "4o", table="10c 10e 10b 10o")
    assert r.pay == "5b" and r.cards_on_table + r.cards_in_hand == spec.hand_size


def test_going_out_needs_the_goal_on_the_table():
    # A partial position: the hand empties with 3 on the table, which is no win.
    r = solve("5b 6b", "7b")
    assert r.can_use and r.cards_on_table == 3 and not r.can_go_out and r.pay is None


def test_pay_by_forcing_option():
    assert solve("4b 5b 7o", "6b", rival_table="10o 11o 12o").pay_can_force is None
    r = solve("4b 5b 7o", "6b", rival_table="10o 11o 12o", pay_by_forcing=True)
    assert r.pay == "7o" and r.pay_can_force is True
    r = solve("4b 5b 7o", "6b", rival_table="1c 2c 3c", pay_by_forcing=True)
    assert r.pay == "7o" and r.pay_can_force is False


def test_french_deck_and_bigger_deal():
    r = mazo.solve("conquian", "7S JS 2H 2D 2C 5H 6D QC", faced="QS", deck="french")
    assert ("7S", "JS", "QS") in r.melds
    big = rules_for("conquian", variant={"deal": 10})
    assert big.hand_size == 10 and big.own.goal_table_cards == 11


@pytest.mark.parametrize(
    "hand, position, error, culprit",
    [
        ("4o 5o", {"faced": "4o"}, IllegalHandError, "4o"),
        ("4o 5o", {"faced": "6o", "table": "1o 2c 3c"}, IllegalHandError, "1o 2c 3c"),
        ("4o 5o", {"faced": "8o"}, IllegalHandError, "8o"),
        ("4o 5o", {}, OptionError, "(faced=)"),
        ("4o 5o", {"faced": "6o", "score": 10}, OptionError, "score"),
        ("1o 2o 3o 4o 5o 6o", {"faced": "7o", "table": "1c 2c 3c"}, IllegalHandError, "8"),
    ],
)
def test_bad_input_names_the_culprit(hand, position, error, culprit):
    with pytest.raises(error) as caught:
        solve_with(rules_for("conquian"), hand, **position)
    assert culprit in str(caught.value)
    assert isinstance(caught.value, InputError)


def mazo_cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "mazo", *args], input=stdin, capture_output=True, text=True
    )


@pytest.mark.slow
def test_cli_json_and_batch():
    r = mazo_cli("solve", "conquian", "4o 5o 1c 1e 7b 10b 12c 3e", "--faced", "6o", "--json")
    out = json.loads(r.stdout)
    for field in ("can_use", "can_go_out", "melds", "pay", "cards_on_table", "can_force"):
        assert field in out
    lines = '{"hand": ["5b", "6b"], "faced": "7b", "table": "1o 2o 3o; 10c 10e 10b"}\n'
    r = mazo_cli("solve", "conquian", "-", "--json", stdin=lines)
    assert r.returncode == 0 and json.loads(r.stdout)["can_go_out"] is True
    table = "4c 5c 6c 7c; 11o 11c 11e 11b"
    r = mazo_cli("solve", "conquian", "--faced", "10c", "--table", table, "--json")
    assert json.loads(r.stdout)["can_go_out"] is True  # Q6: an empty hand waits
    r = mazo_cli("solve", "conquian", "4o", "--faced", "4o")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "4o" in r.stderr
    r = mazo_cli("solve", "conquian", "4o 5o", "--faced", "6o", "--table", "1o 1c")
    assert r.returncode == 2 and "1o 1c" in r.stderr and "Traceback" not in r.stderr


# --- against the brute-force reference ---------------------------------------------------------


def _random_meld(rng, free, ranks, suits):
    if rng.random() < 0.5:
        rank = rng.choice(ranks)
        cards = [(rank, s) for s in suits if (rank, s) in free]
        size = rng.choice((3, 4))
        return rng.sample(cards, size) if len(cards) >= size else None
    suit, length = rng.choice(suits), rng.choice((3, 3, 4, 5))
    start = rng.randrange(len(ranks) - length + 1)
    cards = [(ranks[i], suit) for i in range(start, start + length)]
    return cards if all(c in free for c in cards) else None


def _extenders(meld, ranks, suits):
    """Cards that would lengthen a meld: its rank in other suits, or the run's next ranks."""
    if len({r for r, _ in meld}) == 1:
        return [(meld[0][0], s) for s in suits]
    places = sorted(ranks.index(r) for r, _ in meld)
    ends = [p for p in (places[0] - 1, places[-1] + 1) if 0 <= p < len(ranks)]
    return [(ranks[p], meld[0][1]) for p in ends]


def position(rng, dense: bool, spec):
    """A deal: own table melds, the rest of the 8 in hand, a faced card, maybe a rival table.
    Meld-dense positions draw the hand from a few ranks and suits, so melds abound, lay more
    melds on the tables and often face a card that extends one of them."""
    ranks, suits = list(spec.deck.ranks), list(spec.deck.suits)
    free = {(r, s) for r in ranks for s in suits}
    table = []
    for _ in range(rng.choice((1, 2, 2, 3) if dense else (0, 0, 1, 1, 2))):
        meld = _random_meld(rng, free, ranks, suits)
        if meld and sum(map(len, table)) + len(meld) <= spec.hand_size:
            table.append(meld)
            free -= set(meld)
    pool = sorted(free)
    if dense:
        start = rng.randrange(len(ranks) - 5)
        near = set(ranks[start : start + 6])
        chosen = set(rng.sample(suits, 3))
        pool = [c for c in pool if c[0] in near and c[1] in chosen] or pool
    size = spec.hand_size - sum(map(len, table))
    size = min(size, len(pool) - 1)
    picked = rng.sample(pool, size + 1)
    hand, faced = picked[:-1], picked[-1]
    free -= set(picked)
    rival = []
    for _ in range(rng.choice((0, 1, 2))):
        meld = _random_meld(rng, free, ranks, suits)
        if meld:
            rival.append(meld)
            free -= set(meld)
    fitting = sorted(
        {c for m in [*table, *rival] for c in _extenders(m, ranks, suits)} & (free | {faced})
    )
    if dense and fitting and rng.random() < 0.5:
        faced = rng.choice(fitting)
    return hand, faced, table, rival


def check(spec, hand, faced, table, rival, layoff):
    code = lambda c: spec.deck.code(_card(c))  # noqa: E731
    result = solve_with(
        spec,
        [code(c) for c in hand],
        faced=code(faced),
        table="; ".join(" ".join(code(c) for c in m) for m in table),
        rival_table="; ".join(" ".join(code(c) for c in m) for m in rival),
    )
    flat = [c for m in table for c in m]
    want = ref.expected(
        hand,
        faced,
        flat,
        [c for m in rival for c in m],
        spec.deck.ranks,
        list(spec.deck.suits),
        goal=spec.hand_size + 1,
        layoff_without_faced=layoff,
    )
    where = f"hand {hand} faced {faced} table {table} rival {rival}"
    assert result.can_use == want.can_use, where
    assert result.can_force == want.can_force, where
    assert result.can_go_out == want.can_go_out, where
    assert result.pay == (code(want.pay) if want.pay else None), where
    assert result.proven_optimal
    codes = {code(c): c for c in [*hand, *flat, faced]}
    if want.can_use:
        melds = [[codes[c] for c in m] for m in result.melds]
        assert all(ref.is_meld(m, spec.deck.ranks) for m in melds), where
        on_table = sorted(c for m in melds for c in m)
        laid = [c for c in on_table if c in hand]
        assert sorted([*flat, faced, *laid]) == on_table, where
        assert len(laid) == want.laid == len(result.laid), where
        assert result.pay not in result.laid
        assert result.cards_on_table == len(on_table)
    laid_down = [c for m in result.lay_down for c in m if c in result.hand]
    assert len(laid_down) == want.lay_down, where


def _card(pair):
    from mazo.solver.cards import Card

    return Card(*pair)


SETUPS = [
    ((), False),
    ((("hand_layoff_without_faced", True),), True),
    ((("deck", "french"),), False),
]


@pytest.mark.slow
@pytest.mark.parametrize("dense", [False, True], ids=["random", "dense"])
@pytest.mark.parametrize("start", range(0, POSITIONS, CHUNK))
def test_solver_matches_brute_force(dense, start):
    for seed in range(start, min(start + CHUNK, POSITIONS)):
        variant, layoff = SETUPS[seed % len(SETUPS)]
        spec = rules_for("conquian", variant=dict(variant))
        rng = random.Random(f"conquian-{dense}-{seed}")
        check(spec, *position(rng, dense, spec), layoff)


def test_the_payment_counts_partners_on_the_players_own_melds():
    """11c is two steps from 7c of the player's own meld, 2b has no partner anywhere: 2b is paid,
    though with the hand alone both are unconnected and the higher card, 11c, would go."""
    r = solve("11c 2b", "4c", table="5c 6c 7c")
    assert r.can_use and r.pay == "2b"
    r = solve("11c 2b", "4o", table="5o 6o 7o")
    assert r.can_use and r.pay == "11c"


@pytest.mark.parametrize("table", [None, "4c 5c 6c", "4c 5c 6c 7c; 11o 11c 11e"])
def test_an_empty_hand_without_all_eight_on_the_table_is_refused(table):
    with pytest.raises(IllegalHandError, match="no cards in hand has all 8"):
        solve([], "12e", table=table)


def test_a_partial_position_is_analysed_with_the_cards_given():
    # Five cards and no table: the worked example of Q4 asks only whether 6e can be forced.
    assert not solve("1o 2c 7b 10c 11o", "6e", rival_table="1b 2b 3b").can_force
    assert solve([], "3c", table="4c 5c 6c 7c; 11o 11c 11e 11b").can_go_out
