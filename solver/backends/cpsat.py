"""The exact back end: choose disjoint melds with OR-Tools CP-SAT.

One boolean per candidate meld, one capacity constraint per card, and the objective is the value
of the cards melded (so the loose points are as low as they can be). Also what every CP-SAT model
here shares: `lexicographic`, the one way an objective with tie-breaks is stated, and `run`.
OR-Tools is imported here only, when a hand is first solved.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import SolverError
from mazo.solver.melds import Meld
from mazo.words.numbers import in_lang

DEFAULT_TIME_LIMIT = 10.0
# How long the waiting thread sleeps between looks for Ctrl-C, in seconds.
_WAIT = 0.05


@dataclass(frozen=True, slots=True)
class Packing:
    """The melds chosen, whether CP-SAT proved no better choice exists, and the fewest loose
    points it could not rule out (the answer's own when proven)."""

    melds: tuple[Meld, ...]
    optimal: bool
    deadwood_bound: int


def fits(meld: Meld, cards: Counter[Card]) -> bool:
    return all(cards[card] >= n for card, n in meld.counts().items())


@dataclass(frozen=True, slots=True)
class Term:
    """One level of a lexicographic objective: an expression to maximize (or minimize) whose
    values lie in 0..bound."""

    name: str
    expr: Any
    bound: int
    maximize: bool = True


def lexicographic(model: Any, terms: Sequence[Term]) -> None:
    """Set the model's objective to the terms in order of importance, each outweighing all after it.

    The weights are a mixed-radix number read from the bounds: a term weighs the product of
    (bound + 1) over the terms after it, so one step in a term is worth more than any change in
    the later ones. The model takes the first term's sense; a later term of the other sense
    enters negated. Every model here breaks its ties this way and no other.
    """
    weights = []
    weight = 1
    for term in reversed(terms):
        weights.append(weight)
        weight *= term.bound + 1
    weights.reverse()
    sense = terms[0].maximize
    objective = sum(
        (w if term.maximize == sense else -w) * term.expr
        for w, term in zip(weights, terms, strict=True)
    )
    if sense:
        model.maximize(objective)
    else:
        model.minimize(objective)


def best_packing(
    cards: Counter[Card],
    candidates: Sequence[Meld],
    value: Callable[[Card], int],
    *,
    max_deadwood: int | None = None,
    max_loose_cards: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Packing | None:
    """The melds leaving the fewest loose points, within the limits given; None if none can.

    The search starts from a greedy packing, and a time limit that stops it early answers with
    the better of the two: never worse than the obvious arrangement, with the bound left open.
    """
    usable = [m for m in candidates if fits(m, cards)]
    limits = _Limits(max_deadwood, max_loose_cards)
    model, chosen, total = _packing_model(cards, usable, value, limits)
    greedy = tuple(_greedy(cards, usable, value))
    hinted = set(map(id, greedy))
    for x, meld in zip(chosen, usable, strict=True):
        model.add_hint(x, id(meld) in hinted)
    greedy_loose = total - _points(greedy, value)
    greedy_fits = limits.hold(greedy_loose, sum(cards.values()) - sum(len(m) for m in greedy))
    try:
        solved = run(model, time_limit)
    except SolverError:
        if greedy_fits:  # a packing with nothing loose is optimal, whoever found it
            return Packing(melds=greedy, optimal=not greedy_loose, deadwood_bound=0)
        raise
    if solved is None:
        return None
    solver, optimal = solved
    picked = tuple(m for x, m in zip(chosen, usable, strict=True) if solver.boolean_value(x))
    loose = total - _points(picked, value)
    if greedy_fits and greedy_loose < loose:
        picked, loose = greedy, greedy_loose
    bound = loose if optimal else max(0, total - math.floor(solver.best_objective_bound))
    # Reaching the bound is a proof too, whoever found the packing.
    return Packing(melds=picked, optimal=loose <= bound, deadwood_bound=min(bound, loose))


def _points(melds: Sequence[Meld], value: Callable[[Card], int]) -> int:
    return sum(value(c) for m in melds for c in m.cards)


@dataclass(frozen=True, slots=True)
class _Limits:
    """What a packing may leave loose: points and cards (None: any)."""

    deadwood: int | None
    loose_cards: int | None

    def hold(self, loose_points: int, loose_cards: int) -> bool:
        return (self.deadwood is None or loose_points <= self.deadwood) and (
            self.loose_cards is None or loose_cards <= self.loose_cards
        )


def _packing_model(
    cards: Counter[Card], usable: list[Meld], value: Callable[[Card], int], limits: _Limits
) -> tuple[Any, list, int]:
    """The model choosing melds: each card used at most as often as held, the limits, the most
    points melded. Returns it, its choice variables and the hand's total points."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    chosen = [model.new_bool_var(f"meld_{i}") for i in range(len(usable))]
    _card_capacities(model, cards, chosen, usable)
    total = sum(value(card) * n for card, n in cards.items())
    melded = sum(sum(value(c) for c in m.cards) * x for x, m in zip(chosen, usable, strict=True))
    # Implied by the capacities, but stated, CP-SAT proves an all-melded hand optimal at once.
    model.add(melded <= total)
    if limits.deadwood is not None:
        model.add(total - melded <= limits.deadwood)
    if limits.loose_cards is not None:
        _loose_cards_limit(model, cards, chosen, usable, limits.loose_cards)
    lexicographic(model, [Term("melded points", melded, total)])
    return model, chosen, total


def _greedy(
    cards: Counter[Card], usable: Sequence[Meld], value: Callable[[Card], int]
) -> list[Meld]:
    """Melds taken richest first while their cards are left: the arrangement a player sees at
    a glance, where CP-SAT starts and what a stopped search never falls below."""
    left = Counter(cards)
    taken = []
    for meld in sorted(usable, key=lambda m: (-sum(value(c) for c in m.cards), -len(m))):
        if fits(meld, left):
            left -= meld.counts()
            taken.append(meld)
    return taken


def _card_capacities(model: Any, cards: Counter[Card], chosen: list, usable: list[Meld]) -> None:
    """No card is used more often than the hand holds it (stated only where it could be)."""
    for card, count in sorted(cards.items(), key=lambda item: repr(item[0])):
        users = [
            (x, m.counts()[card]) for x, m in zip(chosen, usable, strict=True) if card in m.counts()
        ]
        if sum(n for _, n in users) > count:
            model.add(sum(n * x for x, n in users) <= count)


def _loose_cards_limit(
    model: Any, cards: Counter[Card], chosen: list, usable: list[Meld], limit: int
) -> None:
    melded_cards = sum(len(m) * x for x, m in zip(chosen, usable, strict=True))
    model.add(sum(cards.values()) - melded_cards <= limit)


def run(model, time_limit: float):
    """Solve a model with one worker, so the same input always gets the same answer.

    Returns None when the model is infeasible, else the solver (to read values from) and
    whether the answer is proven optimal; raises SolverError when the time limit stopped the
    search before any answer.

    Left to itself CP-SAT catches Ctrl-C, ends the search early and reports the best answer so
    far as if nothing had happened. So it is told not to: the search runs in a worker thread
    (the solve releases the GIL) while this thread waits in short sleeps, where the signal's
    exception arrives; the search is then stopped and the exception goes on, never an answer.
    """
    import threading

    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    solver.parameters.catch_sigint_signal = False
    outcome: list = []
    done = threading.Event()

    def solve() -> None:
        try:
            outcome.append(solver.solve(model))
        except Exception as error:  # handed to the waiting thread, which raises it
            outcome.append(error)
        finally:
            done.set()

    # Waiting on an Event, not Thread.join: a join interrupted by Ctrl-C may take a thread
    # that still runs for ended, and one left inside the solver aborts the exit.
    worker = threading.Thread(target=solve, daemon=True)
    try:
        worker.start()  # inside: Ctrl-C may come while it waits for the thread to begin
        while not done.wait(_WAIT):
            pass
    except BaseException:
        while not done.is_set():  # the search may not have begun when first told to stop
            solver.stop_search()
            done.wait(_WAIT)
        raise
    finally:
        worker.join()
    status = outcome[0]
    if isinstance(status, Exception):
        raise status
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        shown = f"{time_limit:g}"
        raise SolverError.of(
            "cpsat_stopped",
            seconds=lambda lang: in_lang(shown, lang),
            status=solver.status_name(status),
        )
    return solver, status == cp_model.OPTIMAL
