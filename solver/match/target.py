"""A game to a target score (Gin Rummy): hands in order until a player reaches the target, then
the lines, the game bonus and the shutout.

The sheet is the one `mazo match` reads (sheet.read_sheet): each hand gives both players' points
or cards. Rules from the spec's `match` section (rulebooks/NOTES.md, G1-G4):
- a hand's winner is the one player who scores in it (a hand nobody scores is void); each hand
  won is a line (a box) on the sheet;
- the first player whose total reaches `target` wins the game;
- at the end each player adds `line_bonus` per line, the winner adds `game_bonus`, and with
  `shutout` on, the winner's whole score is doubled when the loser won no hand;
- the game's result is each player's final score and what the winner wins: the difference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazo.solver.cards import printed
from mazo.solver.errors import InputError, MazoError, OptionError
from mazo.solver.match.hand import hand_points
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
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on
from mazo.solver.messages import said, titled
from mazo.solver.plain import as_json, inserted, plain
from mazo.solver.spec.rulespec import RuleSpec

BOX = "■"  # a line: how the sheets and the book mark each hand won


@dataclass(frozen=True, slots=True)
class GameLine:
    """One hand: the points each player scored, the totals after it, and who won it."""

    number: int = field(metadata=as_json("hand"))
    points: dict[str, int]
    totals: dict[str, int]
    winner: str | None = field(metadata=as_json("won_by"))
    round: RoundScore | None = field(default=None)


@dataclass(frozen=True, slots=True)
class FinalScore:
    """One player's score at the end: hand points, lines, bonuses, the shutout, the total."""

    points: int
    lines: int
    line_points: int
    game_bonus: int
    shutout: bool
    total: int


@dataclass(frozen=True, slots=True)
class GameResult:
    """The whole game; its fields are the JSON of `mazo match --json` for a game to a target."""

    game: str
    players: tuple[str, ...]
    target: int
    line_bonus: int
    game_bonus: int
    shutout_doubles: bool
    start: dict[str, int]
    lines: tuple[GameLine, ...] = field(metadata=as_json("hands"))
    winner: str | None
    final: dict[str, FinalScore]
    # Each hand's upcard set its knock limit (and a spade doubled it).
    oklahoma: bool = field(default=False, metadata=as_json(after="shutout_doubles"))

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.lines[-1].totals) if self.lines else dict(self.start)

    @property
    def boxes(self) -> dict[str, int]:
        return hands_won(self.players, self.lines)

    @property
    def margin(self) -> int | None:
        """What the winner wins: their final score less the loser's."""
        if self.winner is None:
            return None
        (loser,) = (p for p in self.players if p != self.winner)
        return self.final[self.winner].total - self.final[loser].total

    def to_dict(self) -> dict[str, Any]:
        found = inserted(plain(self), "hands", "totals", self.totals)
        found = inserted(found, "totals", "lines", self.boxes)
        found = inserted(found, "lines", "finished", self.winner is not None)
        return {**found, "margin": self.margin}


def plays_to_target(spec: RuleSpec) -> bool:
    """A rummy game played to a target score, two players, lines and bonuses: Gin."""
    return mechanism_of(spec).sheet_game(spec) is TO_TARGET


def play_game(spec: RuleSpec, sheet: Sheet) -> GameResult:
    """Run the sheet hand by hand to the target; a row that cannot be played stops with its
    place named."""
    _check_game(spec, sheet)
    rules = spec.match
    assert rules.target is not None  # _check_game: plays_to_target
    totals = {p: sheet.start.get(p, 0) for p in sheet.players}
    lines: list[GameLine] = []
    winner = _reached(totals, rules.target)
    for number, hand in enumerate(sheet.hands, start=1):
        try:
            if winner is not None:
                raise InputError.of("game_won", winner=winner)
            lines.append(_play_hand(spec, sheet, hand, number, totals))
            winner = _reached(totals, rules.target)
        except MazoError as exc:
            placed = said("at", where=hand.where, error=exc)
            raise SheetError(placed, so_far(sheet, number)) from None
    boxes = hands_won(sheet.players, lines)
    return GameResult(
        game=spec.game,
        players=sheet.players,
        target=rules.target,
        line_bonus=rules.line_bonus,
        game_bonus=rules.game_bonus,
        shutout_doubles=rules.shutout,
        start={p: sheet.start.get(p, 0) for p in sheet.players},
        lines=tuple(lines),
        winner=winner,
        final={p: _final(spec, p, totals[p], boxes, winner) for p in sheet.players},
        oklahoma=oklahoma_on(spec),
    )


def _check_game(spec: RuleSpec, sheet: Sheet) -> None:
    if not plays_to_target(spec) or spec.scoring.method != "difference":
        raise OptionError.of("not_to_target", game=titled(spec))
    # Only two: lines and the shutout are one player's against the other's.
    check_players(sheet, spec.game, 2, 2)
    if any(sheet.start.values()):
        # Lines and the shutout come from the hands won, which a starting total does not hold.
        raise InputError.of("target_no_start", where=sheet.start_where)


def _play_hand(
    spec: RuleSpec, sheet: Sheet, hand: SheetHand, number: int, totals: dict[str, int]
) -> GameLine:
    """One hand played: its points added to `totals`, and its line."""
    if hand.reenter or hand.wins is not None:
        raise InputError.of("target_no_reentry")
    scored = hand_points(spec, sheet, hand, list(sheet.players))
    points = scored.points
    scorers = [p for p, v in points.items() if v != 0]
    if any(v < 0 for v in points.values()) or len(scorers) > 1:
        raise InputError.of("winner_only", points=", ".join(f"{p} {v}" for p, v in points.items()))
    for player, value in points.items():
        totals[player] += value
    return GameLine(
        number=number,
        points=points,
        totals=dict(totals),
        winner=scorers[0] if scorers else None,
        round=scored.round,
    )


def hands_won(players, lines) -> dict[str, int]:
    """Each player's lines (boxes): the hands they won."""
    return {p: sum(1 for line in lines if line.winner == p) for p in players}


def _reached(totals: dict[str, int], target: int) -> str | None:
    """The player at or past the target (only a hand's winner scores, so one at most)."""
    return next((p for p, total in totals.items() if total >= target), None)


def _final(spec: RuleSpec, player: str, points: int, boxes: dict[str, int], winner) -> FinalScore:
    rules = spec.match
    won = winner == player
    shutout = won and rules.shutout and all(n == 0 for p, n in boxes.items() if p != player)
    line_points = boxes[player] * rules.line_bonus
    game_bonus = rules.game_bonus if won else 0
    total = (points + line_points + game_bonus) * (2 if shutout else 1)
    return FinalScore(
        points=points,
        lines=boxes[player],
        line_points=line_points,
        game_bonus=game_bonus,
        shutout=shutout,
        total=total,
    )


def upcard_mark(line: GameLine) -> str:
    """A hand's Oklahoma upcard as the sheets mark it beside its line: ' · 3♠ ×2'."""
    if line.round is None or line.round.upcard is None:
        return ""
    upcard = line.round.upcard
    doubled = f" ×{line.round.multiplier}" if line.round.multiplier != 1 else ""
    return f" · {printed(line.round.spec.deck.code(upcard))}{doubled}"


# A sheet played to the target: its rows are those of an elimination match.
TO_TARGET = SheetGame("target", ROW_FIELDS, play_game)
