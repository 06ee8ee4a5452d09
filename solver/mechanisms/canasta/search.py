"""The exact search for one Canasta play: per rank, how many naturals and wild cards go down.

A play is, per meld rank, the naturals added and the wild cards added of each value (cards of
equal value are interchangeable), and the black 3s melded when going out. Points, cards and
wild cards add up rank by rank; what couples the ranks is little: the wild cards the hand holds,
whether some frente is a canasta, how many new frentes an opening makes, and the cards and
points that the discard, going out and the opening minimum look at. So a walk over the ranks
keeps, per such state, only the best part-play found, and is exact (rulebooks/NOTES.md, B2-B7,
B11-B12, B18). tests/canasta_cpsat.py states the same play as a CP-SAT model, the reference.

THE GOALS are one number each, weighed as a mixed-radix number (a step in a term outweighs any
change in the later ones while the terms keep within their bounds): FEWEST, the fewest cards,
then the fewest wild cards, then the fewest points; MOST, the most points, then the most
canastas, then the fewest cards.

THE RULE among plays equally good under the goal: the one melding the most black 3s; then,
rank by rank from the last meld rank back to the first (K, Q, ..., 4, A), the most naturals of
that rank, then the most wild cards on it of each value, the lowest value first. The walk takes
the ranks in that order and keeps a part-play only when it is better, or as good and first by the
rule: two part-plays in one state end alike, so the rule's choice among them is the rule's
choice of any play through that state.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from itertools import product
from typing import TYPE_CHECKING

from mazo.solver.cards import Card

if TYPE_CHECKING:
    from mazo.solver.mechanisms.canasta.solve import _Position, _Supply


class Goal(Enum):
    """What a play is chosen for (the module's docstring weighs each)."""

    FEWEST = "fewest"
    MOST = "most"


# The bounds the goals' weights are read from, fixed, so the weights stay the powers of ten the
# answers were settled with: a play's points stay under 1000 (wild cards are given the same three
# digits), its cards and canastas under 100.
POINTS_BOUND = 999
COUNT_BOUND = 99


def worth(goal: Goal, *, points: int, cards: int, wilds: int, canastas: int) -> int:
    """The goal's one number for a play, larger better: the terms weighed as the module says."""
    if goal is Goal.FEWEST:
        step = POINTS_BOUND + 1
        return -(cards * step * step + wilds * step + points)
    step = COUNT_BOUND + 1
    return points * step * step + canastas * step - cards


@dataclass(frozen=True, slots=True)
class Choice:
    """The play found: naturals added per rank, wild cards added per (rank, value), black 3s."""

    naturals: dict[int, int]
    wilds: dict[tuple[int, int], int]
    threes: int


@dataclass(frozen=True, slots=True)
class _Move:
    """What one rank adds: its naturals and its wild cards per value (the supply's order, highest
    first), and what that adds to the play."""

    rank: int
    naturals: int
    wilds: tuple[int, ...]
    worth: int
    cards: int
    points: int
    canasta: bool
    new: bool
    rule: int  # the rule's key for this rank (its digits: naturals, wilds lowest value first)
    shift: int  # what a path's key is multiplied by before this key is added


# A walk's state: wild cards used per value, a canasta made, new frentes (counted only where the
# opening allows one), cards used, points (counted only up to the opening minimum it must reach).
_State = tuple[tuple[int, ...], bool, int, int, int]


@dataclass(frozen=True, slots=True)
class _Path:
    """The best part-play reaching a state: its worth, its key under the rule (the moves' keys
    as the digits of one number, so two paths compare in one step), and its last move after the
    path before it (None at the start)."""

    worth: int
    rule: int
    before: _Path | None
    move: _Move | None

    def moves(self) -> list[_Move]:
        found, path = [], self
        while path.move is not None and path.before is not None:
            found.append(path.move)
            path = path.before
        return found[::-1]


def search(
    pos: _Position, supply: _Supply, *, take_top: bool, goal: Goal, going_out: bool
) -> Choice | None:
    """The best play under the goal, by the rule among equals; None if the position has none."""
    top_points = pos.spec.value(pos.top) if supply.top_rank is not None and pos.top else 0
    start: _State = (tuple(0 for _ in supply.values), False, 0, 0, _capped(pos, top_points))
    states = {start: _Path(0, 0, None, None)}
    # Every digit of a move's key is below this base: a count of naturals or of wild cards.
    base = 1 + max([*supply.naturals.values(), *map(len, supply.by_value.values()), 0])
    for rank in reversed(pos.rules.meld_ranks):
        states = _step(pos, supply, states, _moves(pos, supply, rank, goal, base))
    found: tuple[tuple[int, int, int], _Path] | None = None
    three = pos.spec.value(supply.threes[0]) if supply.threes else 0
    for state, path in states.items():
        for threes in _threes_options(pos, supply):
            if _legal(pos, state, threes, three, take_top=take_top, going_out=going_out):
                gain = worth(goal, points=three * threes, cards=threes, wilds=0, canastas=0)
                key = (path.worth + gain, threes, path.rule)
                if found is None or key > found[0]:
                    found = (key, path)
    if found is None:
        return None
    (_, threes, _), path = found
    moves = path.moves()
    return Choice(
        naturals={m.rank: m.naturals for m in moves},
        wilds={(m.rank, v): n for m in moves for v, n in zip(supply.values, m.wilds, strict=True)},
        threes=threes,
    )


def _capped(pos: _Position, points: int) -> int:
    """Points as a state holds them: only an opening looks at them, and only up to its minimum."""
    return min(points, pos.minimum) if not pos.table else 0


def _step(
    pos: _Position, supply: _Supply, states: dict[_State, _Path], moves: list[_Move]
) -> dict[_State, _Path]:
    """The states after one more rank, each with its best part-play (by worth, then the rule)."""
    held = [len(supply.by_value[v]) for v in supply.values]
    counts_new = pos.rules.single_meld_only and not pos.table
    by_wilds: dict[tuple[int, ...], list[_Move]] = {}
    for move in moves:
        by_wilds.setdefault(move.wilds, []).append(move)
    shift = moves[0].shift if moves else 1
    after: dict[_State, _Path] = {}
    # Wild cards used after a move, by those used before and the move's (None: more than held);
    # many states share the wild cards used, so each sum is made once.
    sums: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...] | None] = {}
    for (used, canasta, new, cards, points), path in states.items():
        for wilds, alike in by_wilds.items():
            if (used, wilds) not in sums:
                sums[used, wilds] = _added(used, wilds, held)
            now = sums[used, wilds]
            if now is None:
                continue
            for move in alike:
                state = (
                    now,
                    canasta or move.canasta,
                    min(new + move.new, 2) if counts_new else 0,
                    cards + move.cards,
                    _capped(pos, points + move.points),
                )
                value = path.worth + move.worth
                rule = path.rule * shift + move.rule
                old = after.get(state)
                if old is None or (value, rule) > (old.worth, old.rule):
                    after[state] = _Path(value, rule, path, move)
    return after


def _added(
    used: tuple[int, ...], wilds: tuple[int, ...], held: list[int]
) -> tuple[int, ...] | None:
    now = tuple(u + w for u, w in zip(used, wilds, strict=True))
    return None if any(n > most for n, most in zip(now, held, strict=True)) else now


def _moves(pos: _Position, supply: _Supply, rank: int, goal: Goal, base: int) -> list[_Move]:
    """What this rank may add within a frente's limits (B2): nothing, where it may stay off the
    table, or naturals and wild cards making or growing its frente."""
    rules = pos.rules
    old = pos.table.get(rank)
    takes_top = rank == supply.top_rank
    kept = old is not None or takes_top  # the rank is on the table after the play
    had_naturals = (old.naturals if old else 0) + (1 if takes_top else 0)
    had_wilds = old.wilds if old else 0
    # A frozen pozo is taken only with a natural pair of its top card (B6).
    fewest = rules.min_naturals if takes_top and pos.frozen else 0
    value = pos.spec.value(Card(rank, None))
    moves = []
    for naturals in range(fewest, supply.naturals[rank] + 1):
        for wilds in _spreads(supply, rules.max_wild - had_wilds):
            added = naturals + sum(wilds)
            melded = kept or added > 0
            nat, wild = had_naturals + naturals, had_wilds + sum(wilds)
            if old is None and melded and (nat < rules.min_naturals or nat + wild < rules.min_len):
                continue
            points = value * naturals + sum(
                v * n for v, n in zip(supply.values, wilds, strict=True)
            )
            canasta = melded and rules.is_canasta(nat, wild)
            gain = worth(goal, points=points, cards=added, wilds=sum(wilds), canastas=int(canasta))
            moves.append(
                _Move(
                    rank=rank,
                    naturals=naturals,
                    wilds=wilds,
                    worth=gain,
                    cards=added,
                    points=points,
                    canasta=canasta,
                    new=old is None and melded,
                    rule=_digits((naturals, *reversed(wilds)), base),
                    shift=base ** (1 + len(wilds)),
                )
            )
    return moves


def _digits(digits: tuple[int, ...], base: int) -> int:
    number = 0
    for digit in digits:
        number = number * base + digit
    return number


def _spreads(supply: _Supply, room: int) -> Iterator[tuple[int, ...]]:
    """The wild cards one frente may take per value, at most `room` in all."""
    held = [min(len(supply.by_value[v]), room) for v in supply.values]
    for wilds in product(*(range(n + 1) for n in held)):
        if sum(wilds) <= room:
            yield wilds


def _threes_options(pos: _Position, supply: _Supply) -> list[int]:
    """How many black 3s may go down: none, or min_len or more where the spec melds them (B18)."""
    count = len(supply.threes)
    if not (pos.rules.black3_meldable_going_out and count >= pos.rules.min_len):
        return [0]
    return [0, *range(pos.rules.min_len, count + 1)]


def _legal(
    pos: _Position,
    state: _State,
    threes: int,
    three: int,
    *,
    take_top: bool,
    going_out: bool,
) -> bool:
    """Whether a play ending in this state (with these black 3s) may be made (B4-B5, B11-B12)."""
    _, canasta, new, cards, points = state
    cards += threes
    left = len(pos.hand) - cards + (pos.pile_rest if take_top else 0)
    out = left <= 1 and canasta
    if (threes and not out) or (left < 1 and not canasta) or (going_out and not out):
        return False
    if pos.table:
        return True
    if cards + take_top < 1 or new > 1:
        return False
    reaches = points + three * threes >= pos.minimum
    # Only a concealed going out, from the hand, waives the minimum (B12).
    return reaches or (out and not take_top)
