"""The odds table by plain value iteration in numpy, for the bench to set beside the compiled build.

It reuses the compiled module's class listing (the classes before and after the draw, with
mazo.solver.play._odds.classes) and the close flags of the resting classes (odds._closes: the
compiled meld search); the linking of draws and discards and the sweeps are numpy:

    E_new(s) = 1 + sum over the pool cards c of 1/N [0 if s+c cuts else min_d E(s+c-d)]

from E = 0 until no value moves by odds.TOLERANCE. One entry per real card: a pool card of each
suit and each joker copy, so the draws of a class are a dense array of N columns and the kept
classes of a hand after the draw one of size+1 columns (equal suits give repeated entries).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
from mazo.solver.play import odds
from mazo.solver.spec.rulespec import RuleSpec

JOKERS = np.uint64(odds._odds.JOKER_SHIFT)


@dataclass(frozen=True)
class Iterated:
    values: Any  # E of every resting class, in the order of the compiled keys
    sweeps: int
    change: float  # the last sweep's largest change
    linking: float  # seconds: listing, flags and numpy linking
    sweeping: float  # seconds: the value iteration


def _split(shape: odds._Shape, keys: Any) -> tuple[Any, Any]:
    """Each key's suit masks (one column a suit place) and its jokers."""
    bits = len(shape.ranks)
    places = np.array([shape.shift(p) for p in range(len(shape.suits))], dtype=np.uint64)
    masks = (keys[:, None] >> places) & np.uint64((1 << bits) - 1)
    return masks, keys >> JOKERS


def _pack(shape: odds._Shape, masks: Any, jokers: Any) -> Any:
    """The class keys of these masks: sorted highest first, packed a suit place at a time."""
    ordered = -np.sort(-masks.astype(np.int64), axis=1)
    key = jokers << JOKERS
    for place in range(len(shape.suits)):
        key = key | ordered[:, place].astype(np.uint64) << np.uint64(shape.shift(place))
    return key


def _moves(shape: odds._Shape, keys: Any, add: bool) -> list[tuple[Any, Any]]:
    """Every card one hand can take (add) or give up: the rows it applies to and the new keys."""
    masks, jokers = _split(shape, keys)
    moves = []
    for place in range(len(shape.suits)):
        for rank in range(len(shape.ranks)):
            bit = np.uint64(1 << rank)
            rows = np.flatnonzero(((masks[:, place] & bit) == 0) == add)
            changed = masks[rows].copy()
            changed[:, place] ^= bit
            moves.append((rows, _pack(shape, changed, jokers[rows])))
    for copy in range(shape.jokers):  # one joker copy each: in the pool (add) or in the hand
        held = jokers < np.uint64(shape.jokers - copy) if add else jokers > np.uint64(copy)
        rows = np.flatnonzero(held)
        one = np.uint64(1)
        moved = jokers[rows] + one if add else jokers[rows] - one
        moves.append((rows, _pack(shape, masks[rows], moved)))
    return moves


def _dense(shape: odds._Shape, keys: Any, into: Any, add: bool, width: int) -> Any:
    """For each key, the classes (indices into the sorted `into`) of its moves: `width` a row."""
    out = np.full((len(keys), width), -1, dtype=np.int32)
    filled = np.zeros(len(keys), dtype=np.int64)
    for rows, moved in _moves(shape, keys, add):
        found = np.searchsorted(into, moved)
        assert (into[found] == moved).all(), "a move leaves the classes"
        out[rows, filled[rows]] = found
        filled[rows] += 1
    assert (filled == width).all()
    return out


def value_iteration(spec: RuleSpec) -> Iterated:
    start = time.perf_counter()
    shape = odds._Shape.of(spec)
    size, pool = shape.size, shape.args[0] * shape.args[1] + shape.jokers - shape.size
    keys7 = np.frombuffer(odds._odds.classes(*shape.args)[0], dtype=np.uint64)
    after = (*shape.args[:3], size + 1)
    keys8 = np.frombuffer(odds._odds.classes(*after)[0], dtype=np.uint64)
    closes = np.frombuffer(odds._closes(spec, shape, keys7), dtype=np.uint8).astype(bool)
    draws = _dense(shape, keys7, keys8, True, pool)
    kept = _dense(shape, keys8, keys7, False, size + 1)
    cuts = closes[kept].any(axis=1)
    linked = time.perf_counter()
    values, sweeps = np.zeros(len(keys7)), 0
    while True:
        best = np.where(cuts, 0.0, values[kept].min(axis=1))
        new = 1 + best[draws].sum(axis=1) / pool
        change, values, sweeps = float(np.abs(new - values).max()), new, sweeps + 1
        if change < odds.TOLERANCE:
            break
    return Iterated(
        values=values,
        sweeps=sweeps,
        change=change,
        linking=linked - start,
        sweeping=time.perf_counter() - linked,
    )
