"""An elimination match (Conga, Chinchón): a sheet's hands in order → running totals,
elimination, reenganche, the winner.

Each hand gives every player still in either their points or their cards (then the hand is
scored with `score_round`, the cutter named). Rules from the spec's `match` section
(rulebooks/NOTES.md, A14, A15):
- a player whose total exceeds `elimination_limit` is out after that hand;
- `reenganche` (off / once / twice): an eliminated player may come back, at the highest total
  among those still in after that hand, computed before any re-entry (so simultaneous
  re-entrants get the same total); the sheet's row says who comes back (`reenter`), and an
  eligible player it does not name has declined and stays out (`could_reenter`);
- a close with effect `win_match` (Conga Limpia) wins outright; otherwise the last player in
  wins, and if nobody is left at or under the limit the lowest total wins (ties share).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazo.solver.errors import InputError, MazoError
from mazo.solver.match.hand import HandPoints, hand_points
from mazo.solver.match.sheet import (
    ROW_FIELDS,
    Sheet,
    SheetError,
    SheetHand,
    check_players,
    so_far,
)
from mazo.solver.mechanisms.base import SheetGame
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.scoring import RoundScore
from mazo.solver.messages import Said, both_and, said
from mazo.solver.plain import as_json, inserted, plain
from mazo.solver.spec.load import game_names, load_spec
from mazo.solver.spec.rulespec import RuleSpec

REENGANCHES = {"off": 0, "once": 1, "twice": 2}


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand of the match as played: points, totals after it, who went past the limit
    (`eliminated`), who of them came back (`reentered`) and who could have but did not."""

    number: int = field(metadata=as_json("hand"))
    points: dict[str, int]
    scored: dict[str, int] = field(metadata=as_json("totals_before_reenganche"))
    totals: dict[str, int]
    eliminated: tuple[str, ...]
    reentered: tuple[str, ...]
    could_reenter: tuple[str, ...]
    reference: int | None = field(metadata=as_json("reenganche_total"))
    round: RoundScore | None = field(default=None)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The whole match; its fields are the JSON of `mazo match --json`."""

    game: str
    players: tuple[str, ...]
    limit: int = field(metadata=as_json("elimination_limit"))
    reenganche: str
    start: dict[str, int]
    lines: tuple[HandLine, ...] = field(metadata=as_json("hands"))
    still_in: tuple[str, ...]
    winners: tuple[str, ...]
    won_by: str | None

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.lines[-1].totals) if self.lines else dict(self.start)

    def to_dict(self) -> dict[str, Any]:
        found = inserted(plain(self), "hands", "totals", self.totals)
        return inserted(found, "still_in", "finished", bool(self.winners))


@dataclass(frozen=True, slots=True)
class MatchRules:
    limit: int
    reenganche: str

    @classmethod
    def of(cls, spec: RuleSpec) -> MatchRules:
        limit = spec.match.elimination_limit
        if limit is None:
            raise InputError.of("not_elimination", game=spec.game, games=", ".join(_match_games()))
        return cls(limit=limit, reenganche=spec.match.reenganche)


def _match_games() -> list[str]:
    return [
        name
        for name in game_names()
        if (spec := load_spec(name)).match.elimination_limit is not None
        or mechanism_of(spec).sheet_game(spec) is not ELIMINATION
    ]


@dataclass(slots=True)
class _Standing:
    """The match between two hands: totals, who is still in, how often each player has
    re-entered, and its winners once it is won."""

    totals: dict[str, int]
    active: list[str]
    comebacks: dict[str, int]
    winners: tuple[str, ...] = ()
    won_by: str | None = None
    # Who stayed out though they could have come back, and the place of that hand's row: where
    # their `reenter` goes, should the sheet have missed it.
    declined: dict[str, str] = field(default_factory=dict)


def play_match(spec: RuleSpec, sheet: Sheet) -> MatchResult:
    """Run the sheet hand by hand; a row that cannot be played stops with its place named."""
    rules = MatchRules.of(spec)
    check_players(sheet, spec.game, spec.match.min_players, spec.match.max_players)
    start = {p: sheet.start.get(p, 0) for p in sheet.players}
    standing = _Standing(
        totals=dict(start),
        active=[p for p in sheet.players if start[p] <= rules.limit],
        comebacks=dict.fromkeys(sheet.players, 0),
    )
    lines: list[HandLine] = []
    for number, hand in enumerate(sheet.hands, start=1):
        _check_started_out(sheet, rules, start, hand, number)
        try:
            lines.append(_play_hand(spec, rules, sheet, hand, number, standing))
        except MazoError as exc:
            placed = said("at", where=hand.where, error=exc)
            raise SheetError(placed, so_far(sheet, number)) from None
    return MatchResult(
        game=spec.game,
        players=sheet.players,
        limit=rules.limit,
        reenganche=rules.reenganche,
        start=start,
        lines=tuple(lines),
        still_in=tuple(standing.active),
        winners=standing.winners,
        won_by=standing.won_by,
    )


def _check_started_out(
    sheet: Sheet, rules: MatchRules, start: dict[str, int], hand: SheetHand, number: int
) -> None:
    """A player whose start total is over the limit starts out and never plays: their points
    in a hand are the start row's mistake, named there."""
    over = next((p for p in hand.entries if start.get(p, 0) > rules.limit), None)
    if over is not None:
        told = said(
            "start_over_limit",
            where=sheet.start_where,
            player=over,
            total=start[over],
            limit=rules.limit,
            hand=number,
        )
        raise SheetError(told, so_far(sheet, number))


def _play_hand(
    spec: RuleSpec, rules: MatchRules, sheet: Sheet, hand: SheetHand, number: int, s: _Standing
) -> HandLine:
    if s.winners:
        raise InputError.of("match_won", winners=both_and(s.winners))
    late = next((p for p in hand.entries if p not in s.active and p in s.declined), None)
    if late is not None:
        raise InputError.of("out_since", player=late, where=s.declined[late])
    scored = hand_points(spec, sheet, hand, s.active)
    for player, value in scored.points.items():
        s.totals[player] += value
    if scored.wins is None:
        return _eliminate(rules, sheet, hand, number, scored, s)
    s.winners, s.won_by = (scored.wins,), "win_match"
    return HandLine(
        number=number,
        points=scored.points,
        scored=dict(s.totals),
        totals=dict(s.totals),
        eliminated=(),
        reentered=(),
        could_reenter=(),
        reference=None,
        round=scored.round,
    )


def _eliminate(
    rules: MatchRules, sheet: Sheet, hand: SheetHand, number: int, scored: HandPoints, s: _Standing
) -> HandLine:
    """Who went past the limit, who of them comes back and at what total, and who is left."""
    over = [p for p in s.active if s.totals[p] > rules.limit]
    still_in = [p for p in s.active if p not in over]
    reference = max((s.totals[p] for p in still_in), default=None)
    eligible = _reenter(rules, sheet, hand.reenter, over, reference, s)
    before = dict(s.totals)
    for player in hand.reenter:
        assert reference is not None  # _reenter refuses a comeback with nobody still in
        s.totals[player] = reference
        s.comebacks[player] += 1
    out = tuple(p for p in over if p not in hand.reenter)
    s.declined |= {p: hand.where for p in eligible if p in out}
    s.active = [p for p in s.active if p not in out]
    _decide(s, out)
    return HandLine(
        number=number,
        points=scored.points,
        scored=before,
        totals=dict(s.totals),
        eliminated=tuple(over),  # who went past the limit, whether or not they come back
        reentered=tuple(hand.reenter),
        could_reenter=tuple(p for p in eligible if p not in hand.reenter),
        reference=reference,
        round=scored.round,
    )


def _reenter(
    rules: MatchRules,
    sheet: Sheet,
    reentering: tuple[str, ...],
    over: list[str],
    reference: int | None,
    s: _Standing,
) -> list[str]:
    """Who may come back (there is a total to come back at, and re-entries left); the sheet's
    `reenter` must name only them."""
    allowed = REENGANCHES[rules.reenganche]
    eligible = [p for p in over if reference is not None and s.comebacks[p] < allowed]
    for player in reentering:
        _check_reentry(player, reentering, sheet, over, eligible, s, allowed)
    return eligible


def _decide(s: _Standing, out: tuple[str, ...]) -> None:
    """The last one in wins; with nobody left, the lowest total of those just out."""
    if len(s.active) == 1:
        s.winners, s.won_by = tuple(s.active), "last_player_in"
    elif not s.active:
        low = min(s.totals[p] for p in out)
        s.winners, s.won_by = tuple(p for p in out if s.totals[p] == low), "lowest_total"


def _not_out_here(player: str, s: _Standing) -> Said:
    """Why a player named in reenter cannot come back in this hand, and which row names them."""
    if player in s.declined:
        return said("reenter_went_out", player=player, where=s.declined[player])
    if player in s.active:
        return said("reenter_is_in", player=player, total=s.totals[player])
    return said("reenter_not_out", player=player)


def _check_reentry(player, reentering, sheet, over, eligible, s: _Standing, allowed) -> None:
    comebacks = s.comebacks
    if player not in sheet.players:
        raise InputError.of("reenter_unknown", player=repr(player))
    if reentering.count(player) > 1:
        raise InputError.of("reenter_twice", player=player)
    if player not in over:
        raise InputError.of(_not_out_here(player, s))
    if allowed == 0:
        raise InputError.of("reenganche_off")
    if player not in eligible:
        if comebacks[player] >= allowed:
            times = said("once") if comebacks[player] == 1 else said("times", n=comebacks[player])
            raise InputError.of("reentered", player=player, times=times)
        raise InputError.of("nobody_left", player=player)


ELIMINATION = SheetGame("elimination", ROW_FIELDS, play_match)
