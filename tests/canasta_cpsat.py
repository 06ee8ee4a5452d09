"""The CP-SAT model of one Canasta play: the reference the exact search (solver/mechanisms/
canasta/search.py) is checked against, as mazo solved Canasta before that search.

Integer variables per rank: the naturals added (a) and the wild cards added per value (w); a
boolean per rank that its frente is on the table, one that it is a canasta; the black 3s melded
when going out. The goal's terms are those mazo's CP-SAT model always had (cpsat.lexicographic,
with the bounds search.py keeps); then the rule among equal plays is followed in the rule's order
(the black 3s, then per rank from the last back: the naturals, then the wild cards of each value
from the lowest up), each variable raised as far as the best plays allow before the next.
Only `_by_the_rule` and `_solved` are new: the constraints are the ones mazo solved with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mazo.solver.backends.cpsat import Term, lexicographic
from mazo.solver.cards import Card
from mazo.solver.mechanisms.canasta.search import COUNT_BOUND, POINTS_BOUND, Goal
from mazo.solver.mechanisms.canasta.solve import Play, _play, _supply


@dataclass(frozen=True)
class _Vars:
    """The model's variables: per rank the naturals added (a), the wild cards added per value
    (w), whether the rank is on the table and makes a canasta; and the sums the goals read."""

    a: dict[int, Any]
    w: dict[tuple[int, int], Any]
    melded: dict[int, Any]
    canasta: dict[int, Any]
    points: list[Any]
    used: list[Any]
    wild_used: list[Any]


def _frentes(model: Any, pos: Any, supply: Any) -> _Vars:
    """A frente per rank within the spec's limits, and no more wild cards than the hand holds.

    Each rank's variables are made together with its constraints, not all variables first: a
    constraint that holds anyway (a rank with no wild cards to add) makes CP-SAT add a fixed
    variable where it is stated, and moving it would renumber the model, which may change
    which of two equally good plays the search finds."""
    rules = pos.rules
    found = _Vars(a={}, w={}, melded={}, canasta={}, points=[], used=[], wild_used=[])
    for r in rules.meld_ranks:
        _frente(model, pos, supply, found, r)
    for v in supply.values:
        model.add(sum(found.w[r, v] for r in rules.meld_ranks) <= len(supply.by_value[v]))
    return found


def _frente(model: Any, pos: Any, supply: Any, found: _Vars, r: int) -> None:
    rules, values = pos.rules, supply.values
    a = found.a[r] = model.new_int_var(0, supply.naturals[r], f"a_{r}")
    for v in values:
        found.w[r, v] = model.new_int_var(
            0, min(len(supply.by_value[v]), rules.max_wild), f"w_{r}_{v}"
        )
    melded = found.melded[r] = model.new_bool_var(f"m_{r}")
    canasta = found.canasta[r] = model.new_bool_var(f"c_{r}")
    old = pos.table.get(r)
    nat = a + (old.naturals if old else 0) + (1 if r == supply.top_rank else 0)
    wild = sum(found.w[r, v] for v in values) + (old.wilds if old else 0)
    model.add(wild <= rules.max_wild)
    if old is not None or r == supply.top_rank:
        model.add(melded == 1)
    if old is None:
        model.add(wild <= rules.max_wild * melded)
        model.add(nat >= rules.min_naturals * melded)
        model.add(a <= supply.naturals[r] * melded)
        model.add(nat + wild >= rules.min_len * melded)
    model.add(nat + wild >= rules.canasta_len).only_enforce_if(canasta)
    model.add(nat >= rules.canasta_naturals).only_enforce_if(canasta)
    model.add(canasta <= melded)
    found.points.append(pos.spec.value(Card(r, None)) * a if supply.naturals[r] else 0)
    found.points.extend(v * found.w[r, v] for v in values)
    found.used.append(a)
    found.wild_used.extend(found.w[r, v] for v in values)


def _black_threes(
    model: Any, pos: Any, supply: Any, found: _Vars, has_canasta: Any
) -> tuple[Any, Any]:
    """Option black3 = meldable_going_out: 3 or 4 black 3s, no wilds, as part of going out.
    The count of black 3s melded, and the boolean that they are (None when they cannot be)."""
    rules, threes = pos.rules, supply.threes
    black3 = model.new_int_var(0, 0, "black3")
    if not (rules.black3_meldable_going_out and len(threes) >= rules.min_len):
        return black3, None
    black3 = model.new_int_var(0, len(threes), "black3")
    melds_threes = model.new_bool_var("melds_threes")
    model.add(black3 >= rules.min_len * melds_threes)
    model.add(black3 <= len(threes) * melds_threes)
    model.add(has_canasta == 1).only_enforce_if(melds_threes)
    found.points.append(pos.spec.value(threes[0]) * black3)
    found.used.append(black3)
    return black3, melds_threes


def _opening(
    model: Any, pos: Any, found: _Vars, take_top: bool, sums: tuple[Any, Any, Any, Any]
) -> None:
    """An opening melds something, in one frente where the spec says so, and reaches the
    minimum, unless it is a concealed going out (cierre directo) from the hand."""
    total_points, cards_used, left, has_canasta = sums
    model.add(cards_used + (1 if take_top else 0) >= 1)
    if pos.rules.single_meld_only:
        model.add(sum(found.melded.values()) <= 1)
    if take_top:
        model.add(total_points >= pos.minimum)
        return
    concealed = model.new_bool_var("concealed")
    model.add(total_points >= pos.minimum).only_enforce_if(concealed.Not())
    model.add(left <= 1).only_enforce_if(concealed)
    model.add(has_canasta == 1).only_enforce_if(concealed)


def _goal(goal: Goal, found: _Vars, total_points: Any, cards_used: Any) -> list[Term]:
    if goal is Goal.FEWEST:
        return [
            Term("cards", cards_used, COUNT_BOUND, maximize=False),
            Term("wild cards", sum(found.wild_used), POINTS_BOUND, maximize=False),
            Term("points", total_points, POINTS_BOUND, maximize=False),
        ]
    return [
        Term("points", total_points, POINTS_BOUND),
        Term("canastas", sum(found.canasta.values()), COUNT_BOUND),
        Term("cards", cards_used, COUNT_BOUND, maximize=False),
    ]


def reference_search(pos: Any, *, take_top: bool, goal: Goal, going_out: bool) -> Play | None:
    """The play CP-SAT finds best under the goal, by the rule among equals; None if none.
    Stands in for solve._search (same arguments and answer)."""
    from ortools.sat.python import cp_model

    supply = _supply(pos, take_top)
    top_rank = supply.top_rank
    if top_rank is not None and top_rank not in pos.rules.meld_ranks:
        return None

    model = cp_model.CpModel()
    found = _frentes(model, pos, supply)
    if top_rank is not None:
        if pos.frozen:
            model.add(found.a[top_rank] >= pos.rules.min_naturals)
        found.points.append(pos.spec.value(pos.top))
    has_canasta = model.new_bool_var("has_canasta")
    model.add_max_equality(has_canasta, list(found.canasta.values()))
    black3, melds_threes = _black_threes(model, pos, supply, found, has_canasta)
    total_points = sum(found.points)
    cards_used = sum(found.used) + sum(found.wild_used)
    left = len(pos.hand) - cards_used + (pos.pile_rest if take_top else 0)
    if melds_threes is not None:
        model.add(left <= 1).only_enforce_if(melds_threes)
    model.add(left + has_canasta >= 1)  # a card to discard, unless the team can go out
    if going_out:
        model.add(left <= 1)
        model.add(has_canasta == 1)
    if not pos.table:
        _opening(model, pos, found, take_top, (total_points, cards_used, left, has_canasta))
    order = [black3]
    for r in reversed(pos.rules.meld_ranks):
        order.append(found.a[r])
        order.extend(found.w[r, v] for v in reversed(supply.values))
    solver = _by_the_rule(model, _goal(goal, found, total_points, cards_used), order)
    if solver is None:
        return None
    counts = {r: solver.value(found.a[r]) for r in pos.rules.meld_ranks}
    wild_counts = {k: solver.value(x) for k, x in found.w.items()}
    threes_used = supply.threes[: solver.value(black3)]
    return _play(pos, counts, wild_counts, supply.by_value, top_rank, threes_used)


def _by_the_rule(model: Any, goal: list[Term], order: list[Any]) -> Any:
    """The best plays under the goal, then among them the variables in `order` raised each as far
    as it goes before the next: the last solver (to read values from), or None if no play.

    cpsat.lexicographic states it: the goal's terms, then the variables, each term outweighing
    all after it. The variables go a few at a time, in groups whose weights keep the objective
    well inside CP-SAT's integers; the goal goes with the first group, and each group's values
    are held before the next is raised."""
    groups: list[list[Term]] = [[]]
    weight = 1
    for x in order:
        bound = list(x.proto.domain)[-1]
        if not bound:
            continue
        if weight * (bound + 1) > (_FIRST_WEIGHT if len(groups) == 1 else _MOST_WEIGHT):
            groups.append([])
            weight = 1
        groups[-1].append(Term(str(x), x, bound))
        weight *= bound + 1
    solver = None
    for i, group in enumerate(groups):
        model.clear_objective()
        lexicographic(model, [*goal, *group] if i == 0 else group)
        solver = _solved(model)
        if solver is None:
            return None
        held = goal + group if i == 0 else group
        for term in held:
            model.add(term.expr == solver.value(term.expr))
    return solver


# The weight a group of variables may reach. The objective stays within 2**53, where CP-SAT's
# floating-point bounds still tell every integer apart: past it a play one step short of the
# best was taken for the best. The first group shares the objective with the goal, whose own
# weights reach 10**8 (search.py's bounds).
_FIRST_WEIGHT = 2**20
_MOST_WEIGHT = 2**44


def _solved(model: Any) -> Any:
    """The solver after an optimal solve, or None if the model has no solution: one worker, as
    cpsat.run solves, but in this thread (starting one per solve would double the test's time)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return None
    assert status == cp_model.OPTIMAL, solver.status_name(status)
    return solver
