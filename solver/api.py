"""The library entry points: `solve` one hand, `solve_many` hands under the same rules."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from .analysis import SolveResult, solve_hand
from .cards import Card
from .cpsat import DEFAULT_TIME_LIMIT
from .spec import RuleSpec, load_spec

# Options of the solve call itself; every other keyword is a rule option of the game.
CALL_OPTIONS = ("rules", "drawn_from_pozo", "time_limit", "variant")


@lru_cache(maxsize=64)
def _cached_spec(game: str | None, rules: str | None, variant: tuple[tuple[str, Any], ...]):
    return load_spec(game, rules=rules, variant=dict(variant))


def rules_for(
    game: str | None, *, rules: str | Path | None = None, variant: dict[str, Any] | None = None
) -> RuleSpec:
    """The resolved spec, cached: batch solving loads a game's rules once."""
    key = tuple(
        sorted((str(k).replace("-", "_"), _hashable(v)) for k, v in (variant or {}).items())
    )
    return _cached_spec(game, str(rules) if rules is not None else None, key)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Separate the call's own options from the game's rule options (the variant)."""
    call = {
        k.replace("-", "_"): v for k, v in options.items() if k.replace("-", "_") in CALL_OPTIONS
    }
    variant = dict(call.pop("variant", None) or {})
    variant.update({k: v for k, v in options.items() if k.replace("-", "_") not in CALL_OPTIONS})
    return call, variant


def solve(
    game: str | None, hand: str | Iterable[str] | Iterable[Card], **options: Any
) -> SolveResult:
    """Solve one hand: `solve("conga", "1o 2o 3o 4o 5o 6o 7o 12b", cut_threshold=3)`."""
    call, variant = split_options(options)
    spec = rules_for(game, rules=call.get("rules"), variant=variant)
    return solve_with(
        spec, hand, drawn_from_pozo=call.get("drawn_from_pozo"), time_limit=call.get("time_limit")
    )


def solve_many(
    game: str | None, hands: Iterable[str | Iterable[str]], **options: Any
) -> list[SolveResult]:
    """Solve many hands under the same rules and options."""
    call, variant = split_options(options)
    spec = rules_for(game, rules=call.get("rules"), variant=variant)
    return [
        solve_with(
            spec,
            hand,
            drawn_from_pozo=call.get("drawn_from_pozo"),
            time_limit=call.get("time_limit"),
        )
        for hand in hands
    ]


def solve_with(spec: RuleSpec, hand, *, drawn_from_pozo=None, time_limit=None) -> SolveResult:
    cards = _cards(spec, hand)
    pozo = (
        spec.deck.parse_card(drawn_from_pozo)
        if isinstance(drawn_from_pozo, str)
        else drawn_from_pozo
    )
    return solve_hand(
        spec,
        cards,
        drawn_from_pozo=pozo,
        time_limit=DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit),
    )


def _cards(spec: RuleSpec, hand) -> tuple[Card, ...]:
    if not isinstance(hand, str):
        hand = list(hand)
        if hand and all(isinstance(c, Card) for c in hand):
            return spec.deck.parse_hand([spec.deck.code(c) for c in hand])
    return spec.deck.parse_hand(hand)
