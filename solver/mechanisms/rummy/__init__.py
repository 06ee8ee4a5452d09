"""Rummy (Conga, Chinchón, Gin): draw one card, discard one; a hand's best melds and discards."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from mazo.solver.cards import Card
    from mazo.solver.mechanisms.rummy.result import SolveResult
    from mazo.solver.spec.rulespec import RuleSpec


@overload
def position_card(spec: RuleSpec, card: None) -> None: ...
@overload
def position_card(spec: RuleSpec, card: str | Card) -> Card: ...
def position_card(spec: RuleSpec, card: str | Card | None) -> Card | None:
    """A card of the position given as a code or a Card (the card taken from the pozo, the
    upcard), checked against the deck."""
    if card is None:
        return None
    return spec.deck.parse_card(card if isinstance(card, str) else spec.deck.code(card))


def solve_position(
    spec: RuleSpec,
    cards: tuple[Card, ...],
    *,
    time_limit: float,
    backend: str,
    drawn_from_pozo: str | Card | None = None,
    upcard: str | Card | None = None,
) -> SolveResult:
    """The registry's entry: the hand's best arrangement and every discard."""
    # Imported with the first position: the spec loader reaches this package through the
    # registry, and these modules import the spec loader.
    from mazo.solver.mechanisms.rummy.analysis import solve_hand
    from mazo.solver.mechanisms.rummy.result import UpcardSolveResult
    from mazo.solver.mechanisms.rummy.upcard import upcard_rules

    pozo = position_card(spec, drawn_from_pozo)
    if upcard is None:
        return solve_hand(spec, cards, drawn_from_pozo=pozo, time_limit=time_limit, backend=backend)
    # Oklahoma: the hand's knock limit comes from its first upcard.
    card = position_card(spec, upcard)
    ruled, multiplier = upcard_rules(spec, card)
    result = solve_hand(ruled, cards, drawn_from_pozo=pozo, time_limit=time_limit, backend=backend)
    fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
    return UpcardSolveResult(**fields, upcard=spec.deck.code(card), multiplier=multiplier)
