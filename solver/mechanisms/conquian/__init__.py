"""Conquián: a card is faced and offered; can it go onto the player's table, and what is paid?"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mazo.solver.cards import Card
    from mazo.solver.mechanisms.conquian.solve import ConquianResult
    from mazo.solver.spec.rulespec import RuleSpec


def solve_position(
    spec: RuleSpec, cards: tuple[Card, ...], *, time_limit: float, backend: str, **position: Any
) -> ConquianResult:
    """The registry's entry: one CP-SAT model answers every position, whatever the back end."""
    # Imported with the first position: the spec loader reaches this package through the
    # registry, and the solver imports the spec loader.
    from mazo.solver.mechanisms.conquian.solve import solve_conquian

    return solve_conquian(spec, cards, time_limit=time_limit, **position)
