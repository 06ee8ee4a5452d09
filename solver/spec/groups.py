"""Melds already on a table, as a user writes them: `"4c 5c 6c; 11o 11c 11e"` or a list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import NotationError
from mazo.solver.spec.load import RuleSpec


def parse_groups(spec: RuleSpec, text: str | Sequence[Any] | None) -> list[tuple[Card, ...]]:
    """Each meld's cards, read with the deck's notation; empty groups are skipped."""
    if text is None:
        return []
    if isinstance(text, str):
        groups: list[Any] = text.split(";")
    elif isinstance(text, Sequence):
        groups = list(text)
    else:
        raise NotationError.of("table_melds", value=repr(text))
    found = []
    for group in groups:
        if isinstance(group, str) and not group.strip():
            continue
        found.append(spec.deck.parse_hand(group))
    return found
