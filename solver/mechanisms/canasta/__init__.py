"""Canasta Uruguaya: the initial meld, taking the pozo and going out, for one hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mazo.solver.cards import Card
    from mazo.solver.mechanisms.canasta.solve import CanastaResult
    from mazo.solver.spec.rulespec import RuleSpec


def solve_position(
    spec: RuleSpec, cards: tuple[Card, ...], *, time_limit: float, backend: str, **position: Any
) -> CanastaResult:
    """The registry's entry: one exact search answers every position, whatever the back end, in
    far less than any time limit (search.py), so the limit is not passed on."""
    # Imported with the first position: the spec loader reaches this package through the
    # registry, and the solver imports the spec loader.
    from mazo.solver.mechanisms.canasta.solve import solve_canasta

    return solve_canasta(spec, cards, **position)
