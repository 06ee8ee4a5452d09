"""Game records (JSON Lines, format 1): read into typed events, and written whole.

A record is the game: one JSON object per line, the `game` line first, then each round's deal,
turns, recycles and end, then the `game_end` line. Reading checks the form of every line (JSON,
an object, a known event, each required field of its type, every card a card of the game's
deck) and names the file and line of the first that is wrong; whether the moves are legal and
the scores right is the referee's question (`referee.py`). Extra keys are allowed, and the game
line may leave out options at their defaults.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

from mazo.solver import jsonwhy
from mazo.solver.cards import Card, Deck
from mazo.solver.errors import InputError, MazoError, named, printable, quoted, shown_path
from mazo.solver.files import Unreadable, read_limited, write_atomically
from mazo.solver.messages import Told, said, titled
from mazo.solver.spec.rulespec import RuleSpec
from mazo.words.numbers import counted

FORMAT = 1
# The answers a turn's `draw` holds: none (the mano's opening discard), the stock's top card,
# the pozo's top card, or a refused first upcard.
DRAWS = (None, "stock", "pozo", "pass")
# Lines a record may hold beside the game's events, for the program that wrote them: `mazo play`
# notes each hint asked for, each move taken back, and the draw of a turn not finished. They are
# kept with their line numbers (`Record.notes`) and change nothing in the game.
NOTES = ("hint", "undo", "pending")
# A record is read whole, up to this size; each of its lines up to the second. A long match of
# mazo's writes a few megabytes and lines of a few kilobytes: these only stop a file without
# end (`/dev/zero`) or one that is not a record from filling the memory.
MOST_BYTES = 64 * 2**20
MOST_LINE_BYTES = 2**20
# Characters JSON leaves raw inside strings that many line splitters break lines at.
_LINE_BREAKS = ("\x85", "\u2028", "\u2029")
# The characters no text of a record may hold: the control characters and the line breaks.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class RecordError(InputError):
    """A record that cannot be read as one: names the file and the line."""

    def __init__(self, message: str | Callable[[str], str], *, file: str, line: int | None = None):
        english = message if isinstance(message, str) else message("en")
        self.file, self.line, self.why = file, line, english
        where = shown_path(file) if line is None else f"{named(file)}:{line}"
        super().__init__(f"{where}: {english}")
        if not isinstance(message, str):  # a message by its key: said in any language
            self.said = lambda lang: f"{where}: {message(lang)}"

    @classmethod
    def at(cls, key: str, /, *, file: str, line: int | None = None, **fields: Any) -> Self:
        """The error whose message is the key's in the catalogue, after the file and line (said
        in the command line's language, as `MazoError.of`)."""
        from mazo.solver.messages import said

        why = said(key, **fields)
        error = cls(why("en"), file=file, line=line)
        where = shown_path(file) if line is None else f"{named(file)}:{line}"
        error.said = said("record_at", where=where, why=why)
        return error


class NotARecord(RecordError):
    """Not a game record this mazo reads: not JSON Lines, another format, an unknown game."""


@dataclass(frozen=True, slots=True)
class GameLine:
    line: int
    game: str
    options: dict[str, Any]
    rules_file: str | None
    players: tuple[str, ...]
    seats: dict[str, Any]
    seed: Any
    raw: dict[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Deal:
    line: int
    round: int
    mano: str
    dealer: str | None
    hands: dict[str, tuple[Card, ...]]
    stock: tuple[Card, ...]  # top first, as written
    pozo: tuple[Card, ...]  # bottom to top
    raw: dict[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Turn:
    line: int
    round: int
    player: str
    draw: str | None
    card: Card | None  # the card drawn
    discard: Card | None
    cut: bool
    close: str | None = None
    melds: tuple[tuple[Card, ...], ...] = ()
    loose: tuple[Card, ...] = ()
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Recycle:
    line: int
    round: int
    stock: tuple[Card, ...]  # top first
    pozo: tuple[Card, ...]
    raw: dict[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class LayOff:
    cards: tuple[Card, ...]
    onto: int  # an index into the cutter's melds


@dataclass(frozen=True, slots=True)
class RoundEnd:
    line: int
    round: int
    cutter: str | None
    close: str
    layoffs: dict[str, tuple[LayOff, ...]]
    loose: dict[str, tuple[Card, ...]] | None  # another engine may leave it out
    points: dict[str, int]
    passed_by: tuple[str, ...]
    totals: dict[str, int]
    eliminated: tuple[str, ...]
    reentered: tuple[str, ...]
    raw: dict[str, Any] = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class GameEnd:
    line: int
    winner: str | None
    reason: str
    totals: dict[str, int]
    winners: tuple[str, ...] | None
    forfeit: str | None
    final: dict[str, int] | None
    raw: dict[str, Any] = field(compare=False, repr=False)


Event = Deal | Turn | Recycle | RoundEnd | GameEnd


@dataclass(frozen=True, slots=True)
class Record:
    """A record read: its rules, its game line, its other events in order, and the number of its
    last line (a line missing at the end is named after it); its notes (`NOTES`) apart, each
    with its line number."""

    path: str
    spec: RuleSpec
    game: GameLine
    events: tuple[Event, ...]
    last_line: int
    notes: tuple[tuple[int, dict[str, Any]], ...] = ()


class _Fields:
    """One line's fields, each read with its type; a wrong one is the line's RecordError."""

    def __init__(self, path: str, line: int, data: dict[str, Any], deck: Deck | None):
        self.path, self.line, self.data, self.deck = path, line, data, deck

    def fail(self, message: str | Callable[[str], str]) -> RecordError:
        return RecordError(message, file=self.path, line=self.line)

    def get(self, name: str) -> Any:
        if name not in self.data:
            raise self.fail(said("record_needs", event=self.data["event"], field=name))
        return self.data[name]

    def wrong(self, name: str, value: Any, want: str) -> RecordError:
        """The field's value is not of its type: `want`, the key of what it is, says which."""
        return self.fail(said("record_wrong", field=name, value=quoted(value), want=said(want)))

    def text(self, name: str) -> str:
        value = self.get(name)
        if isinstance(value, str):
            return value
        raise self.wrong(name, value, "want_text")

    def text_or_none(self, name: str, *, optional: bool = False) -> str | None:
        """Text or null; with `optional`, the field may also be left out."""
        value = self.data.get(name) if optional else self.get(name)
        if value is None or isinstance(value, str):
            return value
        raise self.wrong(name, value, "want_text_or_null")

    def whole(self, name: str, value: Any = None) -> int:
        value = self.get(name) if value is None else value
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise self.wrong(name, value, "want_whole")

    def flag(self, name: str) -> bool:
        value = self.get(name)
        if isinstance(value, bool):
            return value
        raise self.wrong(name, value, "want_flag")

    def names(self, name: str) -> tuple[str, ...]:
        value = self.get(name)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        raise self.wrong(name, value, "want_names")

    def mapping(self, name: str, *, optional: bool = False) -> dict[str, Any]:
        """An object; with `optional`, a field left out (or null) is an empty one."""
        value = self.data.get(name) if optional else self.get(name)
        if value is None and optional:
            return {}
        if isinstance(value, dict):
            return value
        raise self.wrong(name, value, "want_object")

    def points(self, name: str) -> dict[str, int]:
        return {p: self.whole(f"{name}.{p}", v) for p, v in self.mapping(name).items()}

    def card(self, name: str, value: Any) -> Card:
        if not isinstance(value, str):
            raise self.wrong(name, value, "want_card")
        assert self.deck is not None  # cards are read after the game line
        try:
            return self.deck.parse_card(value)
        except MazoError as error:
            raise self.fail(said("record_field", field=name, error=error)) from None

    def card_or_none(self, name: str) -> Card | None:
        value = self.get(name)
        return None if value is None else self.card(name, value)

    def cards(self, name: str, value: Any = None) -> tuple[Card, ...]:
        value = self.get(name) if value is None else value
        if not isinstance(value, list):
            raise self.wrong(name, value, "want_cards")
        return tuple(self.card(name, v) for v in value)

    def hands(self, name: str, *, optional: bool = False) -> dict[str, tuple[Card, ...]]:
        found = self.mapping(name, optional=optional)
        return {player: self.cards(f"{name}.{player}", cards) for player, cards in found.items()}


def read_record(path: str | Path, on_game: Callable[[RuleSpec], object] | None = None) -> Record:
    """The record in this file, every line read and typed; the first line that is not a
    well-formed event of format 1 is a RecordError naming it. `on_game` is told the rules as
    soon as the game's line is read (before the lines after it: the command line's language
    follows the game's from then on, in an error of a later line too)."""
    name = str(path)
    lines = iter(_json_lines(name))
    first_number, first = next(lines, (0, None))
    if first is None:
        raise NotARecord(said("record_empty"), file=name)
    game, spec = _game_line(name, first_number, first)
    if on_game is not None:
        on_game(spec)
    events: list[Event] = []
    notes: list[tuple[int, dict[str, Any]]] = []
    last = first_number
    for number, data in lines:
        last = number
        fields = _Fields(name, number, data, spec.deck)
        kind = data["event"]
        if kind == "game":
            raise fields.fail(said("record_second_game"))
        if kind == "undo" and game.raw.get("training") is not True:
            raise fields.fail(said("record_undo_untrained"))
        if kind in NOTES:
            # A note changes nothing in the game, but a review counts it: its fields are checked.
            fields.whole("round")
            fields.text("player")
            if kind != "pending":
                fields.text("decision")
            notes.append((number, data))
        else:
            events.append(_READERS[kind](fields))
    return Record(name, spec, game, tuple(events), last, tuple(notes))


def _json_lines(path: str) -> Iterable[tuple[int, dict[str, Any]]]:
    """Each non-blank line's number and object, with its event checked as one of the known."""
    if path == "-":  # its rules file is looked for beside it, and standard input has no folder
        raise NotARecord(said("record_not_stdin"), file=path)
    try:
        data = read_limited(path, MOST_BYTES)
    except Unreadable as error:
        raise NotARecord(error.said, file=path) from None
    for number, raw in enumerate(data.split(b"\n"), start=1):
        if len(raw) > MOST_LINE_BYTES:
            raise NotARecord(
                said("record_line_long", size=counted(len(raw)), most=counted(MOST_LINE_BYTES)),
                file=path,
                line=number,
            )
        try:
            text = raw.decode("utf-8-sig" if number == 1 else "utf-8").strip()
        except UnicodeDecodeError:
            raise NotARecord(said("record_not_utf8"), file=path, line=number) from None
        if not text:
            continue
        try:
            value = json.loads(text, parse_constant=_no_constant)
        except (RecursionError, ValueError) as error:
            if not isinstance(error, json.JSONDecodeError):  # nested too deep, a number too long
                raise NotARecord(said("record_deep"), file=path, line=number) from None
            why = said("record_not_json", why=jsonwhy.problem(error.msg), column=error.colno)
            raise NotARecord(why, file=path, line=number) from None
        yield number, _event(path, number, value)


def _no_constant(name: str) -> None:
    """NaN and Infinity, which Python's JSON reader takes, are no JSON."""
    raise json.JSONDecodeError("Expecting value", name, 0)


def _event(path: str, number: int, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        kind = type(value).__name__
        why = said(
            "record_not_object",
            kind=said("json_number" if kind in ("int", "float") else f"json_{kind}"),
        )
        raise NotARecord(why, file=path, line=number)
    if "event" not in value:
        raise RecordError(said("record_no_event"), file=path, line=number)
    kind = value["event"]
    where = _control_character(value)
    if where is not None:
        raise RecordError.at("record_control", where=where, file=path, line=number)
    if not isinstance(kind, str) or kind not in ("game", *_READERS, *NOTES):
        known = ", ".join(["game", *_READERS, *NOTES])
        why = said("record_unknown_event", event=quoted(kind), events=known)
        raise RecordError(why, file=path, line=number)
    return value


def _control_character(value: Any, where: str = "") -> Told | None:
    """Where in a line's value a text (a key too) holds a control character, as the field's
    path (`field 'players[1]'`); None when nowhere. A name that held one would move the
    terminal's cursor or break the lines of every view that prints it."""
    if isinstance(value, str):
        return Told("the_field", field=f"'{where}'") if _CONTROL.search(value) else None
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = _control_character(item, f"{where}[{i}]")
            if found is not None:
                return found
    elif isinstance(value, dict):
        for key, item in value.items():
            inner = f"{where}.{key}" if where else key
            if _CONTROL.search(key):
                return Told("record_control_key", field=printable(inner))
            found = _control_character(item, inner)
            if found is not None:
                return found
    return None


def _game_line(path: str, number: int, data: dict[str, Any]) -> tuple[GameLine, RuleSpec]:
    """The game line and the rules it names: its format, game, options and rules file."""
    fields = _Fields(path, number, data, None)
    if data["event"] != "game":
        why = said("record_first_line", event=quoted(data["event"]))
        raise NotARecord(why, file=path, line=number)
    if "format" not in data:
        raise NotARecord(said("record_no_format"), file=path, line=number)
    if data["format"] != FORMAT or isinstance(data["format"], bool):
        why = said("record_format", given=quoted(data["format"]), format=FORMAT)
        raise NotARecord(why, file=path, line=number)
    game = GameLine(
        line=number,
        game=fields.text("game"),
        options=fields.mapping("options", optional=True),
        rules_file=fields.text_or_none("rules_file", optional=True),
        players=fields.names("players"),
        seats=fields.mapping("seats", optional=True),
        seed=data.get("seed"),
        raw=data,
    )
    if not game.players or len(set(game.players)) != len(game.players):
        raise fields.fail(said("record_players"))
    if game.seed is not None and (fields.whole("seed") < 0):
        raise fields.wrong("seed", game.seed, "want_seed")
    return game, _rules(path, number, game)


def _rules(path: str, number: int, game: GameLine) -> RuleSpec:
    """The rules the game was played under: its game, rules file and options."""
    from mazo.solver.api import rules_for
    from mazo.solver.game.engine import playable

    rules = None if game.rules_file is None else _rules_path(path, number, game.rules_file)
    try:
        # A game without an engine is said as such, whatever options its record names.
        playable(rules_for(game.game, rules=rules))
        spec = rules_for(game.game, rules=rules, variant=game.options)
    except InputError as error:
        raise NotARecord(error.said_in, file=path, line=number) from None
    seats = spec.match
    if not seats.min_players <= len(game.players) <= seats.max_players:
        why = said(
            "record_seats",
            game=titled(spec),
            least=seats.min_players,
            most=seats.max_players,
            count=len(game.players),
        )
        raise NotARecord(why, file=path, line=number)
    return spec


def _rules_path(path: str, number: int, rules_file: str) -> str:
    """A rules file named by a record: a relative path is from the record's folder, as mazo
    writes it (`rules_file_for`), never from the current one."""
    found = Path(path).parent / rules_file  # an absolute `rules_file` is itself
    if found.is_file():
        return str(found)
    if found.exists():
        why = said("record_rules_not_file", rules=shown_path(rules_file))
        raise NotARecord(why, file=path, line=number)
    # Where it was looked for, whole: the relative path from the record's folder may read
    # just as the record gives it.
    looked = os.path.abspath(found)
    why = said("record_rules_file", rules=shown_path(rules_file), found=shown_path(looked))
    raise NotARecord(why, file=path, line=number)


def rules_file_for(rules: str | Path | None, folder: str | Path) -> str | None:
    """A rules file's path as a record written into `folder` names it: from that folder, so
    the record and its rules can move together (absolute where no relative path leads there,
    another drive)."""
    if rules is None:
        return None
    target = os.path.abspath(rules)
    try:
        return Path(os.path.relpath(target, os.path.abspath(folder))).as_posix()
    except ValueError:
        return target


def _deal(f: _Fields) -> Deal:
    return Deal(
        line=f.line,
        round=f.whole("round"),
        mano=f.text("mano"),
        dealer=f.text_or_none("dealer", optional=True),
        hands=f.hands("hands"),
        stock=f.cards("stock"),
        pozo=f.cards("pozo"),
        raw=f.data,
    )


def _turn(f: _Fields) -> Turn:
    draw = f.get("draw")
    if draw not in DRAWS:
        raise f.wrong("draw", draw, "want_draw")
    number, player = f.whole("round"), f.text("player")
    if draw == "pass":
        return Turn(f.line, number, player, draw, None, None, False, raw=f.data)
    card = f.card("card", f.get("card")) if draw is not None else None
    discard, cut = f.card_or_none("discard"), f.flag("cut")
    if not cut:
        return Turn(f.line, number, player, draw, card, discard, False, raw=f.data)
    melds = f.get("melds")
    if not isinstance(melds, list):
        raise f.wrong("melds", melds, "want_melds")
    return Turn(
        f.line,
        number,
        player,
        draw,
        card,
        discard,
        True,
        close=f.text("close"),
        melds=tuple(f.cards("melds", m) for m in melds),
        loose=f.cards("loose"),
        raw=f.data,
    )


def _recycle(f: _Fields) -> Recycle:
    return Recycle(f.line, f.whole("round"), f.cards("stock"), f.cards("pozo"), raw=f.data)


def _layoffs(f: _Fields) -> dict[str, tuple[LayOff, ...]]:
    found = {}
    for player, items in f.mapping("layoffs").items():
        where = f"layoffs.{player}"
        if not isinstance(items, list):
            raise f.wrong(where, items, "want_layoffs")
        laid = []
        for item in items:
            if not isinstance(item, dict) or "cards" not in item or "onto" not in item:
                raise f.wrong(where, item, "want_layoff")
            laid.append(LayOff(f.cards(where, item["cards"]), f.whole(where, item["onto"])))
        found[player] = tuple(laid)
    return found


def _round_end(f: _Fields) -> RoundEnd:
    return RoundEnd(
        line=f.line,
        round=f.whole("round"),
        cutter=f.text_or_none("cutter"),
        close=f.text("close"),
        layoffs=_layoffs(f),
        loose=f.hands("loose") if f.data.get("loose") is not None else None,
        points=f.points("points"),
        passed_by=f.names("passed_by"),
        totals=f.points("totals"),
        eliminated=f.names("eliminated"),
        reentered=f.names("reentered"),
        raw=f.data,
    )


def _game_end(f: _Fields) -> GameEnd:
    return GameEnd(
        line=f.line,
        winner=f.text_or_none("winner"),
        reason=f.text("reason"),
        totals=f.points("totals"),
        winners=f.names("winners") if "winners" in f.data else None,
        forfeit=f.text_or_none("forfeit", optional=True),
        final=f.points("final") if f.data.get("final") is not None else None,
        raw=f.data,
    )


_READERS: dict[str, Callable[[_Fields], Event]] = {
    "deal": _deal,
    "turn": _turn,
    "recycle": _recycle,
    "round_end": _round_end,
    "game_end": _game_end,
}


def record_line(event: Mapping[str, Any]) -> str:
    """One event as its line of the record, the newline included."""
    text = json.dumps(event, ensure_ascii=False)
    for mark in _LINE_BREAKS:
        text = text.replace(mark, f"\\u{ord(mark):04x}")
    return text + "\n"


def write_record(path: str | Path, events: Iterable[Mapping[str, Any]]) -> Path:
    """Write a game's events as its record, whole or not at all (`-`: standard output)."""
    text = "".join(record_line(event) for event in events)
    return write_atomically(
        path, lambda target: target.write_text(text, encoding="utf-8"), text=True
    )
