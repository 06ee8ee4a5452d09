"""The match around the rounds the engine plays, kept by the match code `mazo match` runs.

Each round's points go onto a score sheet of points rows, and the sheet is played again by
`play_match` (elimination, reenganche, a close that wins the match) or `play_game` (a game to a
target, lines and bonuses): no rule of the match is written twice. Which one is the spec's
data: a match with an elimination limit, or one with a target.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from mazo.solver.errors import OptionError
from mazo.solver.match.elimination import MatchResult, play_match
from mazo.solver.match.sheet import Sheet, SheetHand
from mazo.solver.match.target import GameResult, play_game, plays_to_target
from mazo.solver.messages import titled
from mazo.solver.spec.rulespec import RuleSpec

# Who may come back is asked of each player by name, with the totals after the round that put
# them out (what a player sees when asked): True when they re-enter.
Ask = Callable[[str, dict[str, int]], bool]

# The record's words for how a match was won, by the match code's.
REASONS = {
    "last_player_in": "last_player",
    "win_match": "win_match",
    "lowest_total": "lowest_total",
}


@dataclass(frozen=True, slots=True)
class Step:
    """What one round did to the match beyond its points."""

    eliminated: tuple[str, ...] = ()
    reentered: tuple[str, ...] = ()


class MatchKeeper(Protocol):
    still_in: list[str]
    decided: bool
    winners: tuple[str, ...]
    reason: str

    def add(self, points: dict[str, int], wins: str | None, ask: Ask) -> Step: ...

    def totals(self) -> dict[str, int]: ...

    def final(self) -> dict[str, int] | None: ...


def keeper_for(spec: RuleSpec, players: list[str]) -> MatchKeeper:
    if spec.match.elimination_limit is not None:
        return Elimination(spec, players)
    if plays_to_target(spec):
        return Target(spec, players)
    raise OptionError.of("no_match_to_play", game=titled(spec))


def _row(number: int, points: dict[str, int], **more) -> SheetHand:
    return SheetHand(where=f"round {number}", entries=dict(points), **more)


class Elimination:
    """Conga, Chinchón: totals, elimination past the limit, reenganche, an outright win."""

    def __init__(self, spec: RuleSpec, players: list[str]):
        self.spec = spec
        self.players = tuple(players)
        self.rows: list[SheetHand] = []
        self.result: MatchResult = self._played()
        # The match with the round being scored, before anyone out is asked back in.
        self.scored: MatchResult = self.result
        self.still_in = list(players)
        self.decided = False
        self.winners: tuple[str, ...] = ()
        self.reason = ""

    def _played(self, rows: list[SheetHand] | None = None) -> MatchResult:
        hands = tuple(self.rows if rows is None else rows)
        sheet = Sheet(players=self.players, start={}, hands=hands)
        return play_match(self.spec, sheet)

    def add(self, points: dict[str, int], wins: str | None, ask: Ask) -> Step:
        number = len(self.rows) + 1
        row = _row(number, points, wins=wins)
        trial = self._played([*self.rows, row])
        line = trial.lines[-1]
        self.scored = trial
        back = tuple(p for p in line.could_reenter if ask(p, dict(trial.totals)))
        if back:
            row = _row(number, points, wins=wins, reenter=back)
            trial = self._played([*self.rows, row])
            line = trial.lines[-1]
        self.rows.append(row)
        self.result = trial
        self.still_in = list(trial.still_in)
        self.winners = trial.winners
        self.decided = bool(trial.winners)
        self.reason = REASONS.get(trial.won_by or "", trial.won_by or "")
        return Step(eliminated=line.eliminated, reentered=line.reentered)

    def totals(self) -> dict[str, int]:
        return self.result.totals

    def final(self) -> dict[str, int] | None:
        return None


class Target:
    """Gin: hands to the target score, then lines, the game bonus and the shutout."""

    def __init__(self, spec: RuleSpec, players: list[str]):
        self.spec = spec
        self.players = tuple(players)
        self.rows: list[SheetHand] = []
        self.result: GameResult = self._played()
        self.still_in = list(players)
        self.decided = False
        self.winners: tuple[str, ...] = ()
        self.reason = ""

    def _played(self) -> GameResult:
        sheet = Sheet(players=self.players, start={}, hands=tuple(self.rows))
        return play_game(self.spec, sheet)

    def add(self, points: dict[str, int], wins: str | None, ask: Ask) -> Step:
        self.rows.append(_row(len(self.rows) + 1, points))
        self.result = self._played()
        if self.result.winner is not None:
            self.decided, self.winners, self.reason = True, (self.result.winner,), "target"
        return Step()

    def totals(self) -> dict[str, int]:
        return self.result.totals

    def final(self) -> dict[str, int] | None:
        if self.result.winner is None:
            return None
        return {p: f.total for p, f in self.result.final.items()}
