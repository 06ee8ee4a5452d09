"""What `mazo solve` answers for a rummy hand: the JSON contract of `mazo solve --json`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One possible discard and what the kept cards then give."""

    card: str
    deadwood_points: int
    can_cut: bool
    close: str | None
    melds: tuple[tuple[str, ...], ...]
    deadwood: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "deadwood_points": self.deadwood_points,
            "can_cut": self.can_cut,
            "close": self.close,
            "melds": [list(m) for m in self.melds],
            "deadwood": list(self.deadwood),
        }


@dataclass(frozen=True, slots=True)
class SolveResult:
    """The answer for one hand; its fields are the JSON contract of `mazo solve --json`."""

    game: str
    hand: tuple[str, ...]
    melds: tuple[tuple[str, ...], ...]
    meld_kinds: tuple[str, ...]
    deadwood: tuple[str, ...]
    deadwood_points: int
    discard: str | None
    discards: tuple[DiscardOption, ...]
    can_cut: bool
    close: str | None
    close_score: int | str | None
    proven_optimal: bool
    variant: dict[str, Any]
    # The fewest loose points the search could not rule out: deadwood_points when proven.
    deadwood_bound: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "hand": list(self.hand),
            "melds": [list(m) for m in self.melds],
            "meld_kinds": list(self.meld_kinds),
            "deadwood": list(self.deadwood),
            "deadwood_points": self.deadwood_points,
            "discard": self.discard,
            "discards": [d.to_dict() for d in self.discards],
            "can_cut": self.can_cut,
            "close": self.close,
            "close_score": self.close_score,
            "proven_optimal": self.proven_optimal,
            "deadwood_bound": self.deadwood_bound,
            "variant": dict(self.variant),
        }


@dataclass(frozen=True, slots=True)
class UpcardSolveResult(SolveResult):
    """A hand solved under Oklahoma: the answer, and the upcard that set its knock limit (a
    class of its own, as the compiled search fills SolveResult's fields in order)."""

    upcard: str = ""
    multiplier: int = 1  # what the hand's points are multiplied by (a spade: 2)

    def to_dict(self) -> dict[str, Any]:
        return {**SolveResult.to_dict(self), "upcard": self.upcard, "multiplier": self.multiplier}
