"""What `mazo solve` says beside a rummy hand's ranking of discards, so that its answer and
`mazo odds`' agree: the discard that cuts soonest when it is not the fewest-points one, and a
cut the pozo card's rule refuses.

The fastest discard comes only from an odds table already built (in memory or in the cache):
a build takes up to a minute, too long for a solve, so a solve never starts one; `mazo odds`
(or `mazo odds GAME --build`) builds it once per rules set, and every later solve under those
rules says it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.mechanisms.rummy.result import SolveResult
from mazo.solver.plain import as_json, plain
from mazo.solver.play import kept
from mazo.solver.spec.rulespec import RuleSpec


@dataclass(frozen=True, slots=True)
class Fastest:
    """The discard that cuts soonest in the solitaire model of `mazo odds` (equal turns: the
    one `mazo solve` ranks first), its expected turns to the cut, and those of the solve's own
    discard (the fewest points)."""

    card: str
    turns_to_cut: float
    discard_turns_to_cut: float


@dataclass(frozen=True, slots=True)
class Refused:
    """A cut the hand would make by throwing back the card just taken from the pozo, which the
    game's rule (cut.forbid_pozo_card) refuses: the card and the close it would make."""

    card: str
    close: str


@dataclass(frozen=True, slots=True)
class Beside:
    """What the solve's view says beside the ranking; `fastest` also goes into its JSON."""

    fastest: Fastest | None = field(
        default=None, metadata=as_json("fastest_discard", optional=True)
    )
    refused: Refused | None = field(default=None, metadata=as_json(omit=True))

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


def beside(spec: RuleSpec, result: Any, call: dict[str, Any] | None = None) -> Beside:
    """What goes beside a solve's answer, given the options of the solve's `call` (solve_with's:
    the card taken from the pozo, the upcard, the back end...): only a rummy hand with a card to
    discard (the resting size and one more) has anything."""
    if not isinstance(result, SolveResult) or len(result.hand) != spec.hand_size + 1:
        return Beside()
    if result.discard is None or not result.proven_optimal:
        return Beside()  # a close with every card, or a ranking not proven: nothing to weigh
    cards = spec.deck.parse_hand(list(result.hand))
    return Beside(_fastest(spec, cards, result), _refused(spec, cards, result, call or {}))


def _fastest(spec: RuleSpec, cards, result: SolveResult) -> Fastest | None:
    own = next(option for option in result.discards if option.card == result.discard)
    if own.can_cut:
        # The answer cuts now: no discard cuts sooner than its 0 turns, and odds.ranked() puts
        # the first discard that cuts first (one that does not cut takes a turn or more), so
        # only whether a table is at hand is asked, from its files' headers. Loaded, odds.py
        # may hold a table in memory; else none is there (a start-up saved, on every solve
        # that cuts, odds.py's import).
        loaded = sys.modules.get("mazo.solver.play.odds")
        if not (kept.at_hand(spec) if loaded is None else loaded.table_at_hand(spec) is not None):
            return None
        first = next(option for option in result.discards if option.can_cut)
        return Fastest(first.card, 0.0, 0.0)
    from mazo.solver.play import odds

    found = odds.table_at_hand(spec)
    if found is None:
        return None
    try:
        ranked = odds.ranked(found, spec, cards, result)
    except odds.DamagedTable:  # changed since it was read: the next `mazo odds` rebuilds it
        return None
    best = ranked.discards[0]
    return Fastest(best.card, best.turns_to_cut, ranked.fewest_points_turns)


def _refused(spec: RuleSpec, cards, result: SolveResult, call: dict[str, Any]) -> Refused | None:
    """The cut the pozo card's rule refuses, when the hand's best discard would otherwise be
    that card and leave a better close or fewer points than the answer's (the same solve, the
    card not taken from the pozo)."""
    pozo = call.get("drawn_from_pozo")
    if pozo is None or not spec.forbid_cut_with_pozo_card:
        return None
    from mazo.solver.api import solve_with

    free = solve_with(spec, list(cards), **{**call, "drawn_from_pozo": None})
    assert isinstance(free, SolveResult)  # the same hand, the same mechanism
    if not free.can_cut or free.discard != spec.deck.code(spec.deck.parse_card(pozo)):
        return None
    if (result.close, result.deadwood_points) == (free.close, free.deadwood_points):
        return None  # another discard does as well
    assert free.close is not None  # free.can_cut
    return Refused(free.discard, free.close)
