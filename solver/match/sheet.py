"""A match sheet (planilla): hands in order → running totals, elimination, reenganche, the winner.

The sheet is CSV or YAML; each hand gives every player still in either their points or their
cards (then the hand is scored with `score_round`, the cutter named). Rules from the spec's
`match` section (rulebooks/NOTES.md, A14, A15):
- a player whose total exceeds `elimination_limit` is out after that hand;
- `reenganche` (off / once / twice): an eliminated player may come back, at the highest total
  among those still in after that hand, computed before any re-entry (so simultaneous
  re-entrants get the same total); the sheet's row says who comes back (`reenter`), and an
  eligible player it does not name has declined and stays out (`could_reenter`);
- a close with effect `win_match` (Conga Limpia) wins outright; otherwise the last player in
  wins, and if nobody is left at or under the limit the lowest total wins (ties share).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mazo.solver.errors import InputError, MazoError, NotationError, quoted
from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.spec.load import RuleSpec, game_names, load_spec
from mazo.solver.spec.read import MAX_POINTS
from mazo.solver.spec.yamlsource import load_yaml
from mazo.solver.words import agree

REENGANCHES = {"off": 0, "once": 1, "twice": 2}
# Columns (CSV) or keys (YAML) of a hand that are not players.
HAND_FIELDS = ("hand", "cutter", "drawn_from_pozo", "reenter", "wins", "upcard")


@dataclass(frozen=True, slots=True)
class SheetHand:
    """One row of the sheet as written: per player an int (points) or a string (cards)."""

    where: str
    entries: dict[str, int | str]
    cutter: str | None = None
    drawn_from_pozo: str | None = None
    reenter: tuple[str, ...] = ()
    wins: str | None = None
    upcard: str | None = None  # Oklahoma: the hand's first upcard


@dataclass(frozen=True, slots=True)
class Sheet:
    players: tuple[str, ...]
    start: dict[str, int]
    hands: tuple[SheetHand, ...]
    where: str = ""  # file:line of the players, for errors about the sheet as a whole
    start_where: str = ""  # file:line of the start totals


@dataclass(frozen=True, slots=True)
class HandLine:
    """One hand of the match as played: points, totals after it, who went past the limit
    (`eliminated`), who of them came back (`reentered`) and who could have but did not."""

    number: int
    points: dict[str, int]
    scored: dict[str, int]
    totals: dict[str, int]
    eliminated: tuple[str, ...]
    reentered: tuple[str, ...]
    could_reenter: tuple[str, ...]
    reference: int | None
    round: RoundScore | None = field(default=None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "points": dict(self.points),
            "totals_before_reenganche": dict(self.scored),
            "totals": dict(self.totals),
            "eliminated": list(self.eliminated),
            "reentered": list(self.reentered),
            "could_reenter": list(self.could_reenter),
            "reenganche_total": self.reference,
            "round": self.round.to_dict() if self.round else None,
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The whole match; its fields are the JSON of `mazo match --json`."""

    game: str
    players: tuple[str, ...]
    limit: int
    reenganche: str
    start: dict[str, int]
    lines: tuple[HandLine, ...]
    still_in: tuple[str, ...]
    winners: tuple[str, ...]
    won_by: str | None

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.lines[-1].totals) if self.lines else dict(self.start)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "elimination_limit": self.limit,
            "reenganche": self.reenganche,
            "start": dict(self.start),
            "hands": [line.to_dict() for line in self.lines],
            "totals": self.totals,
            "still_in": list(self.still_in),
            "finished": bool(self.winners),
            "winners": list(self.winners),
            "won_by": self.won_by,
        }


# --- reading a sheet ---------------------------------------------------------------------------

# Points are written as plain whole numbers: no `10_000`, `1e3`, full-width digits or `true`.
_WHOLE = re.compile(r"[+-]?[0-9]+")
_NUMBERISH = re.compile(r"[+-]?[\d.,_]*\d[\d.,_eE+-]*")
SHEET_KEYS = ("players", "start", "hands")


def read_sheet(path: str | Path) -> Sheet:
    """Read a CSV or YAML score sheet; any mistake names the file and the row."""
    if not str(path):
        raise InputError("the sheet's file name is empty")
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the sheet {str(path)!r}: {exc.strerror}") from None
    try:
        # A spreadsheet's CSV export may begin with a byte-order mark.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{path}: the sheet is not UTF-8 text") from None
    if path.suffix.lower() == ".csv":
        return _csv_sheet(text, str(path))
    return _yaml_sheet(text, str(path))


def _csv_sheet(text: str, name: str) -> Sheet:
    # Spreadsheets set to Spanish (and other comma-decimal locales) separate cells with ';'.
    first = next((line for line in text.splitlines() if line.strip()), "")
    separator = ";" if ";" in first and "," not in first else ","
    try:
        read = list(csv.reader(io.StringIO(text), delimiter=separator))
    except csv.Error as exc:
        raise InputError(f"{name}: not a readable CSV sheet: {exc}") from None
    rows = [
        (n, [c.strip() for c in r])
        for n, r in enumerate(read, start=1)
        if any(c.strip() for c in r)
    ]
    if not rows:
        raise InputError(f"{name}: the sheet is empty")
    _, header = rows[0]
    if "" in header:
        raise InputError(f"{name}:1: column {header.index('') + 1} has no name")
    repeated = next((h for h in header if header.count(h) > 1), None)
    if repeated is not None:
        raise InputError(f"{name}:1: the column {quoted(repeated)} appears twice")
    players = tuple(h for h in header if h.lower() not in HAND_FIELDS)
    _check_names(players, f"{name}:1")
    start: dict[str, int] = {}
    start_where = ""
    hands: list[SheetHand] = []
    for number, row in rows[1:]:
        where = f"{name}:{number}"
        if len(row) > len(header):
            raise InputError(f"{where}: {len(row)} cells for {len(header)} columns")
        cells = dict(zip(header, row + [""] * (len(header) - len(row)), strict=True))
        lowered = {k.lower(): v for k, v in cells.items() if k.lower() in HAND_FIELDS}
        entries = {p: _entry(cells[p], p, where) for p in players if cells[p] != ""}
        if lowered.get("hand", "").lower() == "start":
            start, start_where = _points_only(entries, where), where
            continue
        hands.append(
            SheetHand(
                where=f"{where} (hand {len(hands) + 1})",
                entries=entries,
                cutter=lowered.get("cutter") or None,
                drawn_from_pozo=lowered.get("drawn_from_pozo") or None,
                reenter=tuple(lowered.get("reenter", "").replace(",", " ").split()),
                wins=lowered.get("wins") or None,
                upcard=lowered.get("upcard") or None,
            )
        )
    if not hands:
        raise InputError(f"{name}: the sheet has no hands, only its header")
    return Sheet(players, start, tuple(hands), f"{name}:1", start_where)


def _entry(value: Any, player: str, where: str) -> int | str:
    """A player's line in a hand: points (a whole number) or cards (codes, text or a list)."""
    if isinstance(value, str):
        text = value.strip()
        if _WHOLE.fullmatch(text):
            return _bounded(int(text), f"{player}'s points", where)
        if _NUMBERISH.fullmatch(text):
            raise InputError(f"{where}: {player}'s points {quoted(value)} are not a whole number")
        if text:
            return text
    elif isinstance(value, int) and not isinstance(value, bool):
        return _bounded(value, f"{player}'s points", where)
    elif isinstance(value, list) and value and all(isinstance(c, str) for c in value):
        return " ".join(value)
    elif isinstance(value, float):
        raise InputError(f"{where}: {player}'s points {quoted(value)} are not a whole number")
    given = "nothing" if value is None or value == "" else quoted(value)
    raise InputError(f"{where}: {player} has {given}: give points (a whole number) or cards")


def _bounded(points: int, what: str, where: str) -> int:
    if abs(points) > MAX_POINTS:
        shown = str(points) if len(str(points)) <= 12 else f"{str(points)[:11]}…"
        raise InputError(
            f"{where}: {what}: {shown} is out of range (-{MAX_POINTS} to {MAX_POINTS})"
        )
    return points


def _name(value: Any, what: str, where: str) -> str:
    """A player's name as the sheet writes it: a word or a number."""
    if isinstance(value, bool) or not isinstance(value, str | int) or not str(value).strip():
        raise InputError(f"{where}: {what} {quoted(value)} is not a player's name")
    return str(value).strip()


def _yaml_sheet(text: str, name: str) -> Sheet:
    src = load_yaml(text, name)
    data = src.data
    if not isinstance(data, dict):
        raise src.error((), "a sheet is a mapping: players, start (optional), hands")
    unknown = sorted(str(k) for k in data if k not in SHEET_KEYS)
    if unknown:
        raise src.error((unknown[0],), f"unknown key; a sheet has {', '.join(SHEET_KEYS)}")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise src.error(("players",), "expected a list of player names in seating order")
    players = tuple(_name(p, "the player", _where(src, ("players",))) for p in players)
    _check_names(players, _where(src, ("players",)))
    start = data.get("start") or {}
    if not isinstance(start, dict):
        raise src.error(("start",), "expected a mapping of player → starting total")
    start = _points_only({str(k): v for k, v in start.items()}, _where(src, ("start",)))
    unknown = sorted(set(start) - set(players))
    if unknown:
        raise src.error(("start",), f"unknown player {unknown[0]!r}; players: {', '.join(players)}")
    hands_data = data.get("hands")
    if not isinstance(hands_data, list):
        raise src.error(("hands",), "expected a list of hands")
    if not hands_data:
        raise src.error(("hands",), "the list of hands is empty: give one row per hand played")
    hands = []
    for index, row in enumerate(hands_data):
        where = f"{_where(src, ('hands', index))} (hand {index + 1})"
        if not isinstance(row, dict):
            raise InputError(f"{where}: a hand is a mapping of player → points or cards")
        cards = row.get("cards")
        if cards is not None and not isinstance(cards, dict):
            raise InputError(f"{where}: 'cards' is a mapping of player → cards")
        unknown = [str(k) for k in row if k not in (*HAND_FIELDS, "cards", *players)]
        if unknown:
            raise InputError(
                f"{where}: unknown key {unknown[0]!r}: not a player ({', '.join(players)}) "
                f"nor a hand's field (cards, {', '.join(HAND_FIELDS[1:])})"
            )
        entries = {
            str(k): _entry(v, str(k), where)
            for k, v in row.items()
            if k not in (*HAND_FIELDS, "cards")
        }
        for player, hand in (cards or {}).items():
            held = _entry(hand, str(player), where)
            if not isinstance(held, str):
                raise InputError(f"{where}: {player}'s cards are card codes, not {held!r}")
            if str(player) in entries:
                raise InputError(
                    f"{where}: {player} has cards and points: give cards or points, not both"
                )
            entries[str(player)] = held
        drawn = row.get("drawn_from_pozo")
        upcard = row.get("upcard")
        if upcard is not None and not isinstance(upcard, str):
            raise InputError(f"{where}: upcard is one card code, not {quoted(upcard)}")
        if drawn is not None and not isinstance(drawn, str):
            raise InputError(f"{where}: drawn_from_pozo is one card code, not {quoted(drawn)}")
        reenter = row.get("reenter") or []
        hands.append(
            SheetHand(
                where=where,
                entries=entries,
                cutter=_name(row["cutter"], "the cutter", where)
                if row.get("cutter") is not None
                else None,
                drawn_from_pozo=drawn,
                upcard=upcard,
                reenter=tuple(
                    _name(p, "reenter", where)
                    for p in (reenter if isinstance(reenter, list) else [reenter])
                ),
                wins=_name(row["wins"], "wins", where) if row.get("wins") is not None else None,
            )
        )
    start_where = _where(src, ("start",)) if "start" in data else ""
    return Sheet(players, start, tuple(hands), _where(src, ("players",)), start_where)


def _where(src, path) -> str:
    file, line = src.where(path)
    return ":".join(str(p) for p in (file, line) if p is not None)


def _check_names(players: tuple[str, ...], where: str) -> None:
    if len(players) < 2:
        raise InputError(f"{where}: a match needs at least two players")
    repeated = sorted({p for p in players if players.count(p) > 1})
    if repeated:
        raise InputError(f"{where}: player {repeated[0]!r} is listed twice")


def _points_only(entries: dict[str, Any], where: str) -> dict[str, int]:
    for player, value in entries.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError(
                f"{where}: {player}'s starting total {quoted(value)} is not a whole number"
            )
        _bounded(value, f"{player}'s starting total", where)
    return dict(entries)


# --- playing the sheet ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchRules:
    limit: int
    reenganche: str

    @classmethod
    def of(cls, spec: RuleSpec) -> MatchRules:
        limit = spec.match.elimination_limit
        if limit is None:
            raise InputError(
                f"{spec.game} is not played as an elimination match; games with match play: "
                f"{', '.join(_match_games())}"
            )
        return cls(limit, spec.match.reenganche)


def _match_games() -> list[str]:
    return [
        name
        for name in game_names()
        if load_spec(name).match.elimination_limit is not None or plays_to_target(load_spec(name))
    ]


def plays_to_target(spec: RuleSpec) -> bool:
    """A rummy game played to a target score, two players, lines and bonuses (game.py): Gin."""
    return spec.mechanism == "rummy" and spec.match.target is not None


def play_match(spec: RuleSpec, sheet: Sheet) -> MatchResult:
    """Run the sheet hand by hand; a row that cannot be played stops with its place named."""
    rules = MatchRules.of(spec)
    totals = {p: sheet.start.get(p, 0) for p in sheet.players}
    active = [p for p in sheet.players if totals[p] <= rules.limit]
    comebacks = dict.fromkeys(sheet.players, 0)
    lines: list[HandLine] = []
    winners: tuple[str, ...] = ()
    won_by = None
    for number, hand in enumerate(sheet.hands, start=1):
        try:
            if winners:
                raise InputError(f"the match was already won by {' and '.join(winners)}")
            points, round_score, wins = hand_points(spec, sheet, hand, active)
            for player, value in points.items():
                totals[player] += value
            if wins is not None:
                winners, won_by = (wins,), "win_match"
                lines.append(
                    HandLine(
                        number, points, dict(totals), dict(totals), (), (), (), None, round_score
                    )
                )
                continue
            over = [p for p in active if totals[p] > rules.limit]
            still_in = [p for p in active if p not in over]
            reference = max((totals[p] for p in still_in), default=None)
            allowed = REENGANCHES[rules.reenganche]
            eligible = [p for p in over if reference is not None and comebacks[p] < allowed]
            for player in hand.reenter:
                _check_reentry(player, hand.reenter, sheet, over, eligible, comebacks, allowed)
            scored = dict(totals)
            for player in hand.reenter:
                assert reference is not None  # _check_reentry: someone is still in
                totals[player] = reference
                comebacks[player] += 1
            out = tuple(p for p in over if p not in hand.reenter)
            active = [p for p in active if p not in out]
            lines.append(
                HandLine(
                    number,
                    points,
                    scored,
                    dict(totals),
                    tuple(over),  # who went past the limit, whether or not they come back
                    tuple(hand.reenter),
                    tuple(p for p in eligible if p not in hand.reenter),
                    reference,
                    round_score,
                )
            )
            if len(active) == 1:
                winners, won_by = tuple(active), "last_player_in"
            elif not active:
                low = min(totals[p] for p in out)
                winners, won_by = tuple(p for p in out if totals[p] == low), "lowest_total"
        except MazoError as exc:
            raise InputError(f"{hand.where}: {exc}") from None
    return MatchResult(
        spec.game,
        sheet.players,
        rules.limit,
        rules.reenganche,
        {p: sheet.start.get(p, 0) for p in sheet.players},
        tuple(lines),
        tuple(active),
        winners,
        won_by,
    )


def hand_points(spec, sheet: Sheet, hand: SheetHand, active: list[str]):
    """A hand's points per player, its round when given as cards, and who won the match
    outright (`wins`, or a close that wins it)."""
    for player in [*hand.entries, *([hand.cutter] if hand.cutter else []), *hand.reenter]:
        if player not in sheet.players:
            raise InputError(f"unknown player {player!r}; players: {', '.join(sheet.players)}")
    for player in hand.entries:
        if player not in active:
            raise InputError(f"{player} is out of the match and cannot play this hand")
    missing = [p for p in active if p not in hand.entries and p != hand.wins]
    if missing:
        raise InputError(f"no points or cards for {', '.join(missing)}")
    card_rows = [p for p, v in hand.entries.items() if isinstance(v, str)]
    if not card_rows:
        if hand.cutter is not None:
            raise InputError("a cutter is named but the hand gives points, not cards")
        if hand.upcard is not None:
            raise InputError("an upcard is given but the hand gives points, not cards")
        if hand.wins is not None and hand.wins not in active:
            raise InputError(f"{hand.wins} is out of the match and cannot win it")
        points = {p: hand.entries.get(p, 0) for p in active}
        return points, None, hand.wins
    if len(card_rows) != len(hand.entries):
        for player in card_rows:  # a word that is not cards is a mistake, not a mix
            given = hand.entries[player]
            try:
                spec.deck.parse_hand(given)
            except NotationError as error:
                raise InputError(
                    f"{player} has {quoted(given)}: neither points (a whole number) nor cards "
                    f"({error})"
                ) from None
        pointed = [p for p in hand.entries if p not in card_rows]
        raise InputError(
            "give every player's cards, or every player's points, not a mix "
            f"(cards: {', '.join(card_rows)}; points: {', '.join(pointed)})"
        )
    if hand.cutter is None:
        raise InputError("a hand given as cards needs its cutter")
    if hand.cutter not in active:
        raise InputError(f"the cutter {hand.cutter} is out of the match")
    seat = active.index(hand.cutter)
    order = active[seat + 1 :] + active[:seat]
    result = score_round(
        spec,
        (hand.cutter, spec.deck.parse_hand(hand.entries[hand.cutter])),
        [(p, spec.deck.parse_hand(hand.entries[p])) for p in order],
        drawn_from_pozo=spec.deck.parse_card(hand.drawn_from_pozo)
        if hand.drawn_from_pozo
        else None,
        upcard=spec.deck.parse_card(hand.upcard) if hand.upcard else None,
    )
    return result.points(), result, result.wins_match


def _check_reentry(player, reentering, sheet, over, eligible, comebacks, allowed) -> None:
    if player not in sheet.players:
        raise InputError(f"unknown player {player!r} in reenter")
    if reentering.count(player) > 1:
        raise InputError(f"{player} is named twice in reenter")
    if player not in over:
        raise InputError(f"{player} was not eliminated in this hand, so cannot re-enter")
    if allowed == 0:
        raise InputError("reenganche is off for this match")
    if player not in eligible:
        if comebacks[player] >= allowed:
            times = agree(comebacks[player], "once", "{n} times")
            raise InputError(f"{player} has already re-entered {times}")
        raise InputError(f"{player} cannot re-enter: nobody is left at or under the limit")
