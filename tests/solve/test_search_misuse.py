"""The compiled table cannot be crashed from Python: every bad input is refused at build with a
Python exception, and a table that was never built, or whose build failed, refuses every call;
answer types that are not dataclasses of the fields it fills are refused by solve.

Each misuse starts from the keywords search.py passes for Conga and spoils one of them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import pytest
from mazo.solver.api import rules_for
from mazo.solver.backends import search
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult
from mazo.solver.melds import candidate_melds

pytestmark = pytest.mark.skipif(not search.available(), reason="the compiled search was not built")

HAND = ["1o", "2o", "*", "5c", "5e", "5b", "5o", "12b"]
ANSWERS = {"result": SolveResult, "discard": DiscardOption}


@pytest.fixture(scope="module")
def good():
    """The table's keywords for Conga and this hand's melds (see _Deck.table in search.py)."""
    spec = rules_for("conga")
    deck = search._per_spec(spec).deck
    melds = candidate_melds(spec, spec.deck.parse_hand(HAND))
    rows = [
        (sum(1 << deck.index[c] for c in m.naturals), m.jokers, deck.kinds.index(m.kind))
        for m in melds
    ]
    shared = {f.name: getattr(deck, f.name) for f in fields(deck) if f.name != "kinds"}
    return {
        **shared,
        "melds": rows,
        "meld_codes": tuple(tuple(spec.deck.codes(m.cards)) for m in melds),
        "meld_kinds": tuple(m.kind for m in melds),
    }


def build(keywords):
    return search._Table(**keywords)


def spoiled(good, name, value):
    return {**good, name: value}


def test_the_good_keywords_build_a_table_that_answers(good):
    (result,) = build(good).solve([HAND], **ANSWERS)
    assert (result.discard, result.close) == ("12b", "corte_limpio")


def _with_row(good, i, row):
    rows = list(good["melds"])
    rows[i] = row
    return spoiled(good, "melds", rows)


def _with_close(good, i, close):
    closes = list(good["closes"])
    closes[i] = close
    return spoiled(good, "closes", tuple(closes))


def _with_index(good, key, value):
    return spoiled(good, "index", {**good["index"], key: value})


def _with_value(good, i, value):
    values = list(good["values"])
    values[i] = value
    return spoiled(good, "values", values)


def _without(good, name):
    return {k: v for k, v in good.items() if k != name}


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
    "meld codes of another length": lambda g: spoiled(g, "meld_codes", g["meld_codes"][:-1]),
    "negative deck jokers": lambda g: spoiled(g, "jokers", -1),
    "no cards": lambda g: spoiled(g, "naturals", 0),
    "more than 64 cards": lambda g: spoiled(g, "naturals", 65),
    "card count as text": lambda g: spoiled(g, "naturals", "40"),
    "negative hand size": lambda g: spoiled(g, "hand_size", -1),
    "huge hand size": lambda g: spoiled(g, "hand_size", 2**31 - 1),
    "forbid flag not a bool": lambda g: spoiled(g, "forbid_pozo_cut", 1),
    "game not a str": lambda g: spoiled(g, "game", None),
    "variant not a dict": lambda g: spoiled(g, "variant", []),
    "index value past the joker": lambda g: _with_index(g, "zz", g["naturals"] + 1),
    "negative index value": lambda g: _with_index(g, "zz", -1),
    "huge index value": lambda g: _with_index(g, "zz", 2**70),
    "index value not an int": lambda g: _with_index(g, "zz", "3"),
    "value past a C int": lambda g: _with_value(g, 0, 2**32),
    "value past the search's range": lambda g: _with_value(g, 0, search._Table.MAX_NUMBER + 1),
    "negative value": lambda g: _with_value(g, 0, -1),
    "one value short": lambda g: spoiled(g, "values", g["values"][:-1]),
    "throw rank past a C int": lambda g: spoiled(g, "throw_ranks", [2**40] * len(g["throw_ranks"])),
    "codes of another length": lambda g: spoiled(g, "codes", g["codes"][:-1]),
    "unknown close requirement": lambda g: _with_close(g, 2, ("x", {"max_colour": 1}, False, 0)),
    "close requirement not a name": lambda g: _with_close(g, 2, ("x", {1: 1}, False, 0)),
    "negative close limit": lambda g: _with_close(g, 2, ("x", {"max_deadwood": -5}, False, 0)),
    "close limit past a C int": lambda g: _with_close(g, 2, ("x", {"max_jokers": 2**33}, False, 0)),
    "close not a tuple": lambda g: _with_close(g, 2, ["x", {}, False, 0]),
    "close scoring flag not a bool": lambda g: _with_close(g, 2, ("x", {}, 1, 0)),
    "a keyword missing": lambda g: _without(g, "throw_ranks"),
    "an unknown keyword": lambda g: {**g, "colours": 4},
}  # fmt: skip


@pytest.mark.parametrize("misuse", MISUSES)
def test_each_misuse_is_refused_at_build_and_leaves_no_usable_table(good, misuse):
    args = MISUSES[misuse](good)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        build(args)
    table = search._Table.__new__(search._Table)
    with pytest.raises((ValueError, TypeError, OverflowError)):
        table.__init__(**args)
    for call in (lambda: table.solve([HAND], **ANSWERS), lambda: table.outcome(HAND, True)):
        with pytest.raises(RuntimeError, match="not built"):
            call()
    with pytest.raises(RuntimeError, match="built once"):
        table.__init__(**good)  # a failed build is not retried on the same table


def test_the_keywords_are_keywords(good):
    with pytest.raises(TypeError):
        search._Table(*good.values())


@dataclass(frozen=True, slots=True)
class Narrow:
    """SolveResult's fields but one."""

    game: str


class Borrowed:
    """SolveResult's field names, its descriptors and its dataclass fields, on another class."""

    __slots__ = ()
    __dataclass_fields__ = SolveResult.__dataclass_fields__


for _name in SolveResult.__dataclass_fields__:
    setattr(Borrowed, _name, SolveResult.__dict__[_name])


class Tuple(tuple):
    __slots__ = ()
    __dataclass_fields__ = SolveResult.__dataclass_fields__


class TupleWithFields(Tuple):
    __slots__ = ()


for _name in SolveResult.__dataclass_fields__:
    setattr(TupleWithFields, _name, SolveResult.__dict__[_name])


ANSWER_MISUSES = {
    "result not a class": {"result": 5},
    "result not a dataclass": {"result": dict},
    "result of the other kind": {"result": DiscardOption},
    "discard of the other kind": {"discard": SolveResult},
    "result with a field short": {"result": Narrow},
    "another class's descriptors": {"result": Borrowed},
    "a tuple posing as the result": {"result": Tuple},
    "a tuple with the result's descriptors": {"result": TupleWithFields},
}


@pytest.mark.parametrize("misuse", ANSWER_MISUSES)
def test_answer_types_that_do_not_fit_are_refused_and_the_table_still_answers(good, misuse):
    table = build(good)
    with pytest.raises(TypeError):
        table.solve([HAND], **{**ANSWERS, **ANSWER_MISUSES[misuse]})
    for given in ({}, {"result": SolveResult}, {"discard": DiscardOption}):
        with pytest.raises(TypeError, match="answer types"):
            table.solve([HAND], **given)
    (result,) = table.solve([HAND], **ANSWERS)
    assert type(result) is SolveResult and result.close == "corte_limpio"
    assert all(type(option) is DiscardOption for option in result.discards)


def test_a_table_never_built_or_built_twice_refuses(good):
    table = search._Table.__new__(search._Table)
    with pytest.raises(RuntimeError, match="not built"):
        table.best(HAND, -1)
    built = build(good)
    with pytest.raises(RuntimeError, match="built once"):
        built.__init__(**good)
    assert built.solve([HAND], **ANSWERS)[0].close == "corte_limpio"  # the first build's table


def test_the_table_keeps_its_own_copy_of_the_index(good):
    index = dict(good["index"])
    table = build(spoiled(good, "index", index))
    index["5c"] = 10**9  # would be read as a deck index
    index["zz"] = -7
    (result,) = table.solve([HAND], **ANSWERS)
    assert result.close == "corte_limpio"
    assert table.solve([["zz", "1o"]], **ANSWERS) == [None]


def test_a_call_back_into_a_busy_table_is_refused(good):
    table = build(good)
    seen = []

    class Sneaky(str):
        __slots__ = ()

        def __hash__(self):
            return str.__hash__(self)

        def __eq__(self, other):
            try:
                table.solve([["1o", "2o", "3o"]], **ANSWERS)
            except RuntimeError as exc:
                seen.append(str(exc))
            return str.__eq__(self, other)

    # A spelling the index does not hold as such: the lookup compares it with a key.
    (result,) = table.solve([[Sneaky("1o"), *HAND[1:]]], **ANSWERS)
    assert result is not None and result.close == "corte_limpio"
    assert seen and all("already solving" in s for s in seen)


def test_bad_calls_on_a_built_table_raise(good):
    table = build(good)
    with pytest.raises(ValueError):
        table.best(HAND, -2)
    with pytest.raises(KeyError):
        table.solve([HAND], "zz", **ANSWERS)
    with pytest.raises(ValueError, match="not for the search"):
        table.outcome(["1o", "1o"], True)
    text = ["1o 1o", "1o zz", " ".join(["1o"] * 40), "1o 2o\x00", "1o ♠"]
    assert table.solve([["1o"] * 40, *text, [None], 5], **ANSWERS) == [None] * 8
    as_text, as_codes = table.solve(["1o,2o\t*  5c", ["1o", "2o", "*", "5c"]], **ANSWERS)
    assert as_text is not None and as_text == as_codes
