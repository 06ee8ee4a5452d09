"""The compiled odds module cannot be crashed from Python: a shape, a ranks() or a solve() given
the wrong types, sizes or keywords raises a Python exception, and the ranks' cache it keeps
between calls answers alike from many threads.

Each misuse starts from a good call on the small test deck and spoils one of its arguments.
"""

from __future__ import annotations

import struct
import threading

import numpy as np
import pytest
from mazo.solver.play import kept

pytestmark = pytest.mark.skipif(kept._odds is None, reason="the odds tables were not compiled")

GOOD = {"suits": 2, "ranks": 6, "jokers": 1, "size": 4}
ERRORS = (TypeError, ValueError, OverflowError)


def shape(**changed):
    assert kept._odds is not None
    return kept._odds(**{**GOOD, **changed})


@pytest.fixture(scope="module")
def good():
    """The small deck's shape, its classes and a close flag each (none closes but the first)."""
    found = shape()
    classes = found.classes()
    count = len(classes.keys) // 8
    closes = bytes([1]) + bytes(count - 1)
    return found, {"keys": classes.keys, "hands": classes.hands, "closes": closes, "steps": 1000,
                   "progress": None}  # fmt: skip


SHAPES = {
    "no suits": {"suits": 0},
    "nine suits": {"suits": 9},
    "seventeen ranks": {"ranks": 17},
    "negative jokers": {"jokers": -1},
    "sixteen jokers": {"jokers": 16},
    "no cards": {"size": 0},
    "no card left to draw": {"size": 13},
    "a size past a C int": {"size": 2**40},
    "a count as text": {"suits": "2"},
    "a count as a float": {"ranks": 6.0},
}


@pytest.mark.parametrize("misuse", SHAPES)
def test_a_bad_shape_is_refused(misuse):
    with pytest.raises(ERRORS):
        shape(**SHAPES[misuse])


def test_a_shape_takes_keywords_only_and_each_of_them():
    assert kept._odds is not None
    with pytest.raises(TypeError):
        kept._odds(2, 6, 1, 4)
    with pytest.raises(TypeError, match="size"):
        kept._odds(suits=2, ranks=6, jokers=1)
    with pytest.raises(TypeError):
        kept._odds(**GOOD, colours=2)


def test_the_good_call_builds_a_table(good):
    found, call = good
    built = found.solve(**call)
    turns = np.frombuffer(built.turns, dtype=np.float64)
    assert len(turns) == len(call["keys"]) // 8 and turns[0] == 1.0
    assert built.drawn_classes > 0 and built.max_change < 1e-9


def _short(data: bytes) -> bytes:
    return data[:-8]


SOLVES = {
    "keys as a list": {"keys": [1, 2, 3]},
    "hands as text": {"hands": "many"},
    "keys one class short": {"keys": lambda c: _short(c["keys"])},
    "keys not whole uint64s": {"keys": lambda c: c["keys"] + b"\0"},
    "hands one class short": {"hands": lambda c: _short(c["hands"])},
    "closes one class short": {"closes": lambda c: c["closes"][:-1]},
    "no classes": {"keys": b"", "hands": b"", "closes": b""},
    "no steps": {"steps": 0},
    "too many steps": {"steps": 2**16},
    "steps past a C int": {"steps": 2**40},
    "progress not callable": {"progress": 5},
    "keys that are not this shape's": {"keys": lambda c: bytes(len(c["keys"]))},
    "keys out of their order": {"keys": lambda c: c["keys"][8:16] + c["keys"][:8] + c["keys"][16:]},
    "a key of 63 jokers": {"keys": lambda c: struct.pack("<Q", 63 << 58) + c["keys"][8:]},
}


@pytest.mark.parametrize("misuse", SOLVES)
def test_a_bad_solve_is_refused(good, misuse):
    found, call = good
    spoiled = {k: v(call) if callable(v) else v for k, v in SOLVES[misuse].items()}
    with pytest.raises(ERRORS):
        found.solve(**{**call, **spoiled})


def test_solve_takes_keywords_only_and_each_of_them(good):
    found, call = good
    with pytest.raises(TypeError):
        found.solve(*call.values())
    for missing in call:
        with pytest.raises(TypeError, match="needs"):
            found.solve(**{k: v for k, v in call.items() if k != missing})
    with pytest.raises(TypeError):
        found.solve(**call, turns=3)


def test_a_progress_that_raises_stops_the_build(good):
    found, call = good

    def progress(stage, done):
        raise KeyError(stage)

    with pytest.raises(KeyError, match="listing"):
        found.solve(**{**call, "progress": progress})


RANKS = {
    "keys as text": "abcdefgh",
    "keys as a list": [0],
    "keys not whole uint64s": b"\0" * 9,
    "a key of another shape": struct.pack("<Q", 0b111111 << 6),
}


@pytest.mark.parametrize("misuse", RANKS)
def test_bad_keys_are_refused(misuse):
    with pytest.raises(ERRORS):
        shape().ranks(RANKS[misuse])


def test_ranks_answer_alike_from_many_threads(good):
    """The cache of the last shape's counts is shared: threads asking for different shapes
    in turn each get their own shape's ranks."""
    other = shape(suits=3, ranks=5, size=5)
    keys = {0: good[0].classes().keys, 1: other.classes().keys}
    want = {0: good[0].ranks(keys[0]), 1: other.ranks(keys[1])}
    shapes = {0: good[0], 1: other}
    wrong = []

    def ask(n: int) -> None:
        for i in range(40):
            which = (n + i) % 2
            if shapes[which].ranks(keys[which]) != want[which]:
                wrong.append(which)

    threads = [threading.Thread(target=ask, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong
