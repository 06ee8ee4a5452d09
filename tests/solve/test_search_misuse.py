"""The compiled table cannot be crashed from Python: every bad input is refused at build with a
Python exception, and a table that was never built, or whose build failed, refuses every call.

Each misuse starts from the arguments search.py passes for Conga and spoils one of them.
"""

from __future__ import annotations

import pytest
from mazo.solver.api import rules_for
from mazo.solver.backends import search
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult
from mazo.solver.melds import candidate_melds

pytestmark = pytest.mark.skipif(not search.available(), reason="the compiled search was not built")

HAND = ["1o", "2o", "*", "5c", "5e", "5b", "5o", "12b"]
# The positions of the table's arguments (see table_init in _search.c).
NCARDS, JOKERS, HAND_SIZE, FORBID, VALUES, THROW, CLOSES, INDEX, CODES = range(9)
RESULT, DISCARD, GAME, VARIANT, MELDS, MELD_CODES, MELD_KINDS = range(9, 16)


@pytest.fixture(scope="module")
def good():
    spec = rules_for("conga")
    deck = search._per_spec(spec).deck
    melds = candidate_melds(spec, spec.deck.parse_hand(HAND))
    rows = [
        (sum(1 << deck.index[c] for c in m.naturals), m.jokers, deck.kinds.index(m.kind))
        for m in melds
    ]
    codes = tuple(tuple(spec.deck.codes(m.cards)) for m in melds)
    return [*deck.args, rows, codes, tuple(m.kind for m in melds)]


def build(args):
    return search._search.Table(*args)


def spoiled(good, at, value):
    args = list(good)
    args[at] = value
    return args


def test_the_good_arguments_build_a_table_that_answers(good):
    (result,) = build(good).solve([HAND])
    assert (result.discard, result.close) == ("12b", "corte_limpio")


def _with_row(good, i, row):
    rows = list(good[MELDS])
    rows[i] = row
    return spoiled(good, MELDS, rows)


def _with_close(good, i, close):
    closes = list(good[CLOSES])
    closes[i] = close
    return spoiled(good, CLOSES, tuple(closes))


def _with_index(good, key, value):
    return spoiled(good, INDEX, {**good[INDEX], key: value})


def _with_value(good, i, value):
    values = list(good[VALUES])
    values[i] = value
    return spoiled(good, VALUES, values)


MISUSES = {
    "mask bit past the deck": lambda g: _with_row(g, 0, (1 << 48, 0, 0)),
    "mask bit 63": lambda g: _with_row(g, 0, (1 << 63, 0, 0)),
    "mask past 64 bits": lambda g: _with_row(g, 0, (1 << 64, 0, 0)),
    "negative mask": lambda g: _with_row(g, 0, (-1, 0, 0)),
    "empty mask": lambda g: _with_row(g, 0, (0, 1, 0)),
    "mask not an int": lambda g: _with_row(g, 0, ("7", 0, 0)),
    "negative meld jokers": lambda g: _with_row(g, 0, (1, -1, 0)),
    "meld jokers past a hand": lambda g: _with_row(g, 0, (1, 17, 0)),
    "negative meld kind": lambda g: _with_row(g, 0, (1, 0, -1)),
    "meld row too short": lambda g: _with_row(g, 0, (1, 0)),
    "meld codes of another length": lambda g: spoiled(g, MELD_CODES, g[MELD_CODES][:-1]),
    "negative deck jokers": lambda g: spoiled(g, JOKERS, -1),
    "no cards": lambda g: spoiled(g, NCARDS, 0),
    "more than 64 cards": lambda g: spoiled(g, NCARDS, 65),
    "negative hand size": lambda g: spoiled(g, HAND_SIZE, -1),
    "huge hand size": lambda g: spoiled(g, HAND_SIZE, 2**31 - 1),
    "index value past the joker": lambda g: _with_index(g, "zz", g[NCARDS] + 1),
    "negative index value": lambda g: _with_index(g, "zz", -1),
    "huge index value": lambda g: _with_index(g, "zz", 2**70),
    "index value not an int": lambda g: _with_index(g, "zz", "3"),
    "value past a C int": lambda g: _with_value(g, 0, 2**32),
    "value past the search's range": lambda g: _with_value(g, 0, search._search.MAX_NUMBER + 1),
    "negative value": lambda g: _with_value(g, 0, -1),
    "one value short": lambda g: spoiled(g, VALUES, g[VALUES][:-1]),
    "throw rank past a C int": lambda g: spoiled(g, THROW, [2**40] * len(g[THROW])),
    "codes of another length": lambda g: spoiled(g, CODES, g[CODES][:-1]),
    "unknown close requirement": lambda g: _with_close(g, 2, ("x", {"max_colour": 1}, False, 0)),
    "close requirement not a name": lambda g: _with_close(g, 2, ("x", {1: 1}, False, 0)),
    "negative close limit": lambda g: _with_close(g, 2, ("x", {"max_deadwood": -5}, False, 0)),
    "close limit past a C int": lambda g: _with_close(g, 2, ("x", {"max_jokers": 2**33}, False, 0)),
    "close not a tuple": lambda g: _with_close(g, 2, ["x", {}, False, 0]),
    "close scoring flag not a bool": lambda g: _with_close(g, 2, ("x", {}, 1, 0)),
    "answer type without slots": lambda g: spoiled(g, RESULT, dict),
    "answer type not a class": lambda g: spoiled(g, DISCARD, 5),
    "answer type of the other kind": lambda g: spoiled(g, RESULT, DiscardOption),
}  # fmt: skip


@pytest.mark.parametrize("misuse", MISUSES)
def test_each_misuse_is_refused_at_build_and_leaves_no_usable_table(good, misuse):
    args = MISUSES[misuse](good)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        build(args)
    table = search._search.Table.__new__(search._search.Table)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        table.__init__(*args)
    for call in (lambda: table.solve([HAND]), lambda: table.outcome(HAND, True)):
        with pytest.raises(RuntimeError, match="not built"):
            call()
    with pytest.raises(RuntimeError, match="built once"):
        table.__init__(*good)  # a failed build is not retried on the same table


def test_a_slot_of_another_class_is_not_written_through(good):
    class Small:
        __slots__ = ()
        __dataclass_fields__ = dict.fromkeys(range(14))

    for name in ("game", "hand", "melds", "meld_kinds", "deadwood", "deadwood_points",
                 "discard", "discards", "can_cut", "close", "close_score", "proven_optimal",
                 "variant", "deadwood_bound"):  # fmt: skip
        setattr(Small, name, SolveResult.__dict__[name])
    with pytest.raises(TypeError, match="not a slot"):
        build(spoiled(good, RESULT, Small))


def test_a_table_never_built_or_built_twice_refuses(good):
    table = search._search.Table.__new__(search._search.Table)
    with pytest.raises(RuntimeError, match="not built"):
        table.best(HAND, -1)
    built = build(good)
    with pytest.raises(RuntimeError, match="built once"):
        built.__init__(*good)
    assert built.solve([HAND])[0].close == "corte_limpio"  # still the first build's table


def test_the_table_keeps_its_own_copy_of_the_index(good):
    index = dict(good[INDEX])
    table = build(spoiled(good, INDEX, index))
    index["5c"] = 10**9  # would be read as a deck index
    index["zz"] = -7
    (result,) = table.solve([HAND])
    assert result.close == "corte_limpio"
    assert table.solve([["zz", "1o"]]) == [None]


def test_a_call_back_into_a_busy_table_is_refused(good):
    table = build(good)
    seen = []

    class Sneaky(str):
        __slots__ = ()

        def __hash__(self):
            return str.__hash__(self)

        def __eq__(self, other):
            try:
                table.solve([["1o", "2o", "3o"]])
            except RuntimeError as exc:
                seen.append(str(exc))
            return str.__eq__(self, other)

    # A spelling the index does not hold as such: the lookup compares it with a key.
    (result,) = table.solve([[Sneaky("1o"), *HAND[1:]]])
    assert result is not None and result.close == "corte_limpio"
    assert seen and all("already solving" in s for s in seen)


def test_bad_calls_on_a_built_table_raise(good):
    table = build(good)
    with pytest.raises(ValueError):
        table.best(HAND, -2)
    with pytest.raises(KeyError):
        table.solve([HAND], "zz")
    with pytest.raises(ValueError, match="not for the search"):
        table.outcome(["1o", "1o"], True)
    text = ["1o 1o", "1o zz", " ".join(["1o"] * 40), "1o 2o\x00", "1o ♠"]
    assert table.solve([["1o"] * 40, *text, [None], 5]) == [None] * 8
    as_text, as_codes = table.solve(["1o,2o\t*  5c", ["1o", "2o", "*", "5c"]])
    assert as_text is not None and as_text == as_codes
