"""A score sheet (planilla), CSV or YAML, read into a `Sheet`: the players in seating order,
their starting totals and each hand as written (per player points or cards, and the hand's
cutter, pozo card, upcard, re-entries and outright winner). Both formats are read through the
spec `Reader`, so each mistake names the file and the line of its row."""

from __future__ import annotations

import csv
import difflib
import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from mazo.solver.errors import InputError, MazoError, named, quoted, shown_path
from mazo.solver.files import reason
from mazo.solver.messages import Told, said
from mazo.solver.spec.reader import WHOLE, Reader, whole_number
from mazo.solver.spec.yamlsource import Sourced, load_yaml
from mazo.solver.words import dated

# Columns (CSV) or keys (YAML) of a hand that are not players.
HAND_FIELDS = ("hand", "cutter", "close", "drawn_from_pozo", "reenter", "wins", "upcard")
# A CSV sheet's column and row words as a spreadsheet in Spanish heads them, each with the word
# it stands for (any case; with or without its accent): a club writes `mano,Ana,Beto` and `inicio`.
SPANISH_WORDS = {
    "mano": "hand",
    "corta": "cutter",
    "cortó": "cutter",
    "corto": "cutter",
    "cortador": "cutter",
    "cierre": "close",
    "del pozo": "drawn_from_pozo",
    "del_pozo": "drawn_from_pozo",
    "vuelve": "reenter",
    "vuelven": "reenter",
    "reengancha": "reenter",
    "gana": "wins",
    "primera carta": "upcard",
    "primera_carta": "upcard",
    "inicio": "start",
    "título": "title",
    "titulo": "title",
    "fecha": "date",
    "lugar": "place",
}
# What a row may hold besides the players, as an unknown key's message names it; a game whose
# rows hold other things names its own (read_sheet's `fields`).
ROW_FIELDS = f"cards, {', '.join(HAND_FIELDS[1:])}"
# What a sheet says of the night it records, printed above its table.
ABOUT = ("title", "date", "place")
SHEET_KEYS = ("players", "start", "hands", *ABOUT)
# Characters in a title, date or place: two lines of the planilla's title at most.
MAX_ABOUT = 80
# Characters in a player's name: as much as a column of a planilla of the most players shows.
MAX_NAME = 24
# Hands on one sheet: a match by elimination or a game to a target runs some tens of hands, so
# this is far past any game played and keeps reading and printing the sheet quick.
MAX_HANDS = 500
TOO_MANY_HANDS = said("too_many_hands", most=MAX_HANDS)
_NUMBERISH = re.compile(r"[+-]?[\d.,_]*\d[\d.,_eE+-]*")


@dataclass(frozen=True, slots=True)
class SideCards:
    """A side's cards written as a mapping of fields (in a game of partnerships: the side's
    melds, its hands, how it went out): each value as written and the `file:line (hand N)` it
    came from, for the game that reads them to name the place of a mistake."""

    where: str
    fields: dict[str, Any]
    places: dict[str, str]


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
    # The close the cutter made, as written (a points row's Conga Limpia wins the match).
    close: str | None = None
    # The sides whose cards are written as a mapping of fields (in no entry).
    sides: dict[str, SideCards] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class About:
    """The sheet's title, date and place, each as written (None: not given)."""

    title: str | None = None
    date: str | None = None
    place: str | None = None

    def said_date(self, lang: str) -> str | None:
        """The date as a reader of the language writes it (05/12/2026), or as written."""
        return None if self.date is None else dated(self.date, lang)

    def line(self, lang: str) -> str:
        """What is given, on one line: `Torneo del club · 05/12/2026 · Club Atenas`."""
        return " · ".join(t for t in (self.title, self.said_date(lang), self.place) if t)


@dataclass(frozen=True, slots=True)
class Sheet:
    players: tuple[str, ...]
    start: dict[str, int]
    hands: tuple[SheetHand, ...]
    where: str = ""  # file:line of the players, for errors about the sheet as a whole
    start_where: str = ""  # file:line of the start totals
    about: About = field(default_factory=About)


class SheetError(InputError):
    """A mistake in a hand of a sheet, read or played: the message names its place, and
    `valid` is the sheet up to the hand before it, its rows read and played without one."""

    def __init__(self, message: str | Callable[[str], str] | MazoError, valid: Sheet):
        told = message.said_in if isinstance(message, MazoError) else message
        super().__init__(told if isinstance(told, str) else told("en"))
        if not isinstance(told, str):
            self.said = told
        self.valid = valid


def so_far(sheet: Sheet, number: int) -> Sheet:
    """The sheet up to the hand before hand `number` (counted from 1)."""
    return replace(sheet, hands=sheet.hands[: number - 1])


def read_sheet(path: str | Path, fields: str = ROW_FIELDS) -> Sheet:
    """Read a CSV or YAML score sheet; any mistake names the file and the row (an unknown key
    of a row, with the `fields` the game's rows have)."""
    if not str(path):
        raise InputError.of("sheet_unnamed")
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError.of("sheet_unreadable", path=shown_path(path), why=reason(exc)) from None
    return parse_sheet(raw, str(path), fields, csv=path.suffix.lower() == ".csv")


def parse_sheet(raw: bytes, name: str, fields: str = ROW_FIELDS, *, csv: bool | None) -> Sheet:
    """A sheet's bytes, CSV or YAML (None: CSV when its first line other than a comment is a
    row of names, with a comma or a semicolon and no colon, as a YAML sheet's never is); `name`
    in its errors."""
    try:
        # A spreadsheet's CSV export may begin with a byte-order mark.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError.of("sheet_not_utf8", name=name) from None
    if csv is None:
        # A YAML comment may say anything, commas too; a CSV header of players is no comment
        # (were it one, the row after it, of points, says CSV as well).
        lines = (line.strip() for line in text.splitlines())
        first = next((line for line in lines if line and not line.startswith("#")), "")
        csv = ("," in first or ";" in first) and ":" not in first
    if csv:
        return _csv_sheet(SheetReader(csv_source(text, name)), name)
    return _yaml_sheet(SheetReader(load_yaml(text, name)), fields)


class SheetReader(Reader):
    """The spec Reader over a sheet's data, with the words a sheet's errors use."""

    def place(self, path) -> str:
        """`file:line` of a path in the sheet."""
        file, line = self.src.where(tuple(path))
        return ":".join(named(str(p)) for p in (file, line) if p is not None)

    def hand(
        self,
        where: str,
        entries: dict[str, int | str],
        row: dict[str, Any],
        sides: dict[str, SideCards] | None = None,
    ) -> SheetHand:
        """A hand from its players' entries and its other fields as written."""
        drawn = row.get("drawn_from_pozo")
        upcard = row.get("upcard")
        if upcard is not None and not isinstance(upcard, str):
            raise InputError.of("one_card_code", where=where, what="upcard", value=quoted(upcard))
        if drawn is not None and not isinstance(drawn, str):
            raise InputError.of(
                "one_card_code", where=where, what="drawn_from_pozo", value=quoted(drawn)
            )
        close = row.get("close")
        if close is not None and not isinstance(close, str):
            raise InputError.of("close_name", where=where, value=quoted(close))
        reenter = row.get("reenter") or []
        return SheetHand(
            where=where,
            entries=entries,
            cutter=_name(row["cutter"], said("the_cutter"), where)
            if row.get("cutter") is not None
            else None,
            drawn_from_pozo=drawn,
            upcard=upcard,
            close=close,
            reenter=tuple(
                _name(p, "reenter", where)
                for p in (reenter if isinstance(reenter, list) else [reenter])
            ),
            wins=_name(row["wins"], "wins", where) if row.get("wins") is not None else None,
            sides=sides or {},
        )

    def side_cards(self, path: tuple[Any, ...], hand: int) -> SideCards:
        """A side's cards written as a mapping at `path`; `hand` is the row's number."""
        written = self.get(path)
        return SideCards(
            where=Told("hand_at", place=self.place(path), n=hand),
            fields={str(k): v for k, v in written.items()},
            places={str(k): Told("hand_at", place=self.place((*path, k)), n=hand) for k in written},
        )


def entry(value: Any, player: str, where: str) -> int | str:
    """A player's line in a hand: points (a whole number) or cards (codes, text or a list)."""
    if isinstance(value, str):
        text = value.strip()
        if WHOLE.fullmatch(text):
            return whole_number(text, Told("points_of", where=where, player=player))
        if _NUMBERISH.fullmatch(text):
            raise InputError.of("points_not_whole", where=where, player=player, value=quoted(value))
        if text:
            return text
    elif isinstance(value, int) and not isinstance(value, bool):
        return whole_number(value, Told("points_of", where=where, player=player))
    elif isinstance(value, list) and value and all(isinstance(c, str) for c in value):
        return " ".join(value)
    elif isinstance(value, float):
        raise InputError.of("points_not_whole", where=where, player=player, value=quoted(value))
    given = said("nothing") if value is None or value == "" else quoted(value)
    raise InputError.of("entry_neither", where=where, player=player, given=given)


def _name(value: Any, what: str | Callable[[str], str], where: str) -> str:
    """A player's name as the sheet writes it: a word or a number, short enough for a column."""
    if isinstance(value, bool) or not isinstance(value, str | int) or not str(value).strip():
        raise InputError.of("not_a_name", where=where, what=what, value=quoted(value))
    name = str(value).strip()
    if len(name) > MAX_NAME:
        raise InputError.of(
            "name_too_long",
            where=where,
            what=what,
            name=quoted(name),
            length=len(name),
            most=MAX_NAME,
        )
    return name


def players_only(text: str, where: str) -> Sheet:
    """A sheet of only its players, named in seating order and separated by commas (a
    semicolon too, as a spreadsheet set to Spanish writes): a match about to start."""
    names = tuple(_name(p, said("the_player"), where) for p in re.split(r"[,;]", text))
    _check_names(names, where)
    return Sheet(players=names, start={}, hands=(), where=where)


def check_players(sheet: Sheet, game: str, least: int, most: int) -> None:
    """A sheet lists as many players as the game seats (its spec's `match:` players)."""
    count = len(sheet.players)
    if least <= count <= most:
        return
    seats = said("for_two") if least == most == 2 else said("for_players", least=least, most=most)
    raise InputError.of("seats", where=sheet.where, game=game, seats=seats, count=count)


def one_line_name(name: str, where: str = "") -> str:
    """A player's name, refused when it does not print on one line: a line break in it would
    break every message, row and view that names the player."""
    if not name.isprintable():
        raise InputError.of("name_lines", where=where, name=quoted(name))
    return name


def _check_names(players: tuple[str, ...], where: str) -> None:
    if len(players) < 2:
        raise InputError.of("two_players", where=where)
    for player in players:
        one_line_name(player, Told("at", where=where, error=""))
    repeated = sorted({p for p in players if players.count(p) > 1})
    if repeated:
        raise InputError.of("listed_twice", where=where, player=repr(repeated[0]))


def _points_only(entries: dict[str, Any], where: str) -> dict[str, int]:
    for player, value in entries.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise InputError.of("start_not_whole", where=where, player=player, value=quoted(value))
        whole_number(value, Told("start_of", where=where, player=player))
    return dict(entries)


# --- YAML ----------------------------------------------------------------------------------------


def _yaml_sheet(r: SheetReader, fields: str) -> Sheet:
    if not isinstance(r.data, dict):
        raise r.fail((), said("sheet_mapping"))
    unknown = sorted(str(k) for k in r.data if k not in SHEET_KEYS)
    if unknown:
        raise r.fail((unknown[0],), said("sheet_key", keys=", ".join(SHEET_KEYS)))
    players = _yaml_players(r)
    start = _yaml_start(r, players)
    # No hands yet: a match about to start, its planilla to be filled in by hand.
    rows = r.data.get("hands") or []
    if not isinstance(rows, list):
        raise r.fail(("hands",), said("hands_list"))
    if len(rows) > MAX_HANDS:
        raise r.fail(("hands", MAX_HANDS), TOO_MANY_HANDS)
    sheet = Sheet(
        players=players,
        start=start,
        hands=(),
        where=r.place(("players",)),
        start_where=r.place(("start",)) if "start" in r.data else "",
        about=About(
            **{key: _about(r.data[key], key, r.place((key,))) for key in ABOUT if key in r.data}
        ),
    )
    hands: list[SheetHand] = []
    for index in range(len(rows)):
        try:
            hands.append(_yaml_hand(r, index, players, fields))
        except InputError as exc:
            raise SheetError(exc, replace(sheet, hands=tuple(hands))) from None
    return replace(sheet, hands=tuple(hands))


def _about(value: Any, key: str, where: str) -> str | None:
    """A title, date or place as written: text (a number too) on one line, not too long."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise InputError.of("about_text", where=where, key=key, value=quoted(value))
    text = str(value).strip()
    if not text.isprintable():
        raise InputError.of("about_lines", where=where, key=key, value=quoted(text))
    if len(text) > MAX_ABOUT:
        raise InputError.of("about_long", where=where, key=key, length=len(text), most=MAX_ABOUT)
    return text


def _yaml_players(r: SheetReader) -> tuple[str, ...]:
    players = r.data.get("players")
    if not isinstance(players, list) or not players:
        raise r.fail(("players",), said("players_list"))
    where = r.place(("players",))
    names = tuple(_name(p, said("the_player"), where) for p in players)
    _check_names(names, where)
    return names


def _yaml_start(r: SheetReader, players: tuple[str, ...]) -> dict[str, int]:
    start = r.data.get("start") or {}
    if not isinstance(start, dict):
        raise r.fail(("start",), said("start_mapping"))
    start = _points_only({str(k): v for k, v in start.items()}, r.place(("start",)))
    unknown = sorted(set(start) - set(players))
    if unknown:
        raise r.fail(
            ("start",), said("unknown_player", player=repr(unknown[0]), players=", ".join(players))
        )
    return start


def _yaml_hand(r: SheetReader, index: int, players: tuple[str, ...], fields: str) -> SheetHand:
    where = Told("hand_at", place=r.place(("hands", index)), n=index + 1)
    row = r.data["hands"][index]
    if not isinstance(row, dict):
        raise InputError.of("hand_mapping", where=where)
    cards = row.get("cards")
    if cards is not None and not isinstance(cards, dict):
        raise InputError.of("cards_mapping", where=where)
    _check_row_keys(row, players, fields, where)
    given = {k: v for k, v in row.items() if k not in (*HAND_FIELDS, "cards")}
    sides = {
        str(k): r.side_cards(("hands", index, k), index + 1)
        for k, v in given.items()
        if isinstance(v, dict)
    }
    sides |= {
        str(k): r.side_cards(("hands", index, "cards", k), index + 1)
        for k, v in (cards or {}).items()
        if isinstance(v, dict)
    }
    entries = {str(k): entry(v, str(k), where) for k, v in given.items() if str(k) not in sides}
    _add_cards_given_apart(entries, cards or {}, given, sides, where)
    return r.hand(where, entries, row, sides)


def _check_row_keys(row: dict, players: tuple[str, ...], fields: str, where: str) -> None:
    # A name written as a number (`1:`) is the player listed as 1, as `players: [1, 2]` lists it.
    unknown = [str(k) for k in row if str(k) not in (*HAND_FIELDS, "cards", *players)]
    if unknown:
        raise InputError.of(
            "row_key", where=where, key=repr(unknown[0]), players=", ".join(players), fields=fields
        )


def _add_cards_given_apart(
    entries: dict[str, Any], cards: dict, given: dict, sides: dict, where: str
) -> None:
    """The players whose cards the row gives under `cards:`: each once, and cards, not points."""
    for player, hand in cards.items():
        if str(player) in sides:
            if str(player) in entries or player in given:
                raise InputError.of("cards_twice", where=where, player=player)
            continue
        held = entry(hand, str(player), where)
        if not isinstance(held, str):
            raise InputError.of("points_under_cards", where=where, player=player, held=held)
        if str(player) in entries:
            raise InputError.of("cards_and_points", where=where, player=player)
        entries[str(player)] = held


# --- CSV -----------------------------------------------------------------------------------------


def csv_source(text: str, name: str) -> Sourced:
    """A CSV sheet as data: its header, then its rows that hold anything, each cell stripped and
    each row knowing its line."""
    # Spreadsheets set to Spanish (and other comma-decimal locales) separate cells with ';'.
    header = next((line for line in text.splitlines() if line.strip()), "")
    separator = ";" if ";" in header and "," not in header else ","
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=separator))
    except csv.Error as exc:
        raise InputError.of("csv_unreadable", name=name, why=str(exc)) from None
    kept = [
        (number, [c.strip() for c in row])
        for number, row in enumerate(rows, start=1)
        if any(c.strip() for c in row)
    ]
    lines = {(i,): (name, number) for i, (number, _) in enumerate(kept)}
    return Sourced([row for _, row in kept], lines)


def _csv_sheet(r: SheetReader, name: str) -> Sheet:
    if not r.data:
        raise InputError.of("sheet_empty", name=name)
    _check_hand_column(r.data, name)
    sheet = Sheet(players=_csv_players(r.data[0], name), start={}, hands=(), where=f"{name}:1")
    for index in range(1, len(r.data)):
        try:
            sheet = _csv_row(r, index, sheet)
        except InputError as exc:
            raise SheetError(exc, sheet) from None
    return sheet


def _csv_row(r: SheetReader, index: int, sheet: Sheet) -> Sheet:
    """The sheet with its row `index` read: its title, date or place, its start totals, or a
    hand."""
    where = r.place((index,))
    cells = _csv_cells(r.data[0], r.data[index], where)
    said = _csv_about(cells, where)
    if said is not None:
        return replace(sheet, about=replace(sheet.about, **{said[0]: said[1]}))
    entries = {p: entry(cells[p], p, where) for p in sheet.players if cells[p] != ""}
    lowered = {csv_word(k): v for k, v in cells.items() if csv_word(k) in HAND_FIELDS}
    # An empty cell gives nothing; `reenter` becomes a list of names below.
    fields: dict[str, Any] = {k: v for k, v in lowered.items() if v}
    if csv_word(fields.get("hand", "")) == "start":
        return replace(sheet, start=_points_only(entries, where), start_where=where)
    if "reenter" in fields:
        fields["reenter"] = fields["reenter"].replace(",", " ").split()
    if len(sheet.hands) == MAX_HANDS:
        raise InputError.of("at", where=where, error=TOO_MANY_HANDS)
    hand = r.hand(Told("hand_at", place=where, n=len(sheet.hands) + 1), entries, fields)
    return replace(sheet, hands=(*sheet.hands, hand))


def _csv_about(cells: dict[str, str], where: str) -> tuple[str, str | None] | None:
    """A row that says the sheet's title, date or place (`title` in its `hand` cell, as the
    start totals' row says `start`): the key and the row's other cells, joined as written."""
    key = next((csv_word(v) for k, v in cells.items() if csv_word(k) == "hand"), "")
    if key not in ABOUT:
        return None
    text = ", ".join(v for k, v in cells.items() if csv_word(k) != "hand" and v)
    return key, _about(text, key, where)


def csv_word(cell: str) -> str:
    """A CSV column or row word as the sheet's keys say it: `Mano` is `hand`, `Inicio` `start`."""
    word = cell.strip().lower()
    return SPANISH_WORDS.get(word, word)


def _check_hand_column(rows: list[list[str]], name: str) -> None:
    """A first column headed by a misspelt `hand` (`hnad`, `mnao`) is refused, not read as a
    player, when its rows say it is the hands' column: a row word (`start`, `title`) in it, or
    the hands numbered from 1."""
    first = csv_word(rows[0][0])
    words = ["hand", *(word for word, key in SPANISH_WORDS.items() if key == "hand")]
    near = difflib.get_close_matches(first, words, n=1, cutoff=0.7)
    if first == "hand" or not near:
        return
    cells = [row[0] for row in rows[1:] if row]
    worded = any(csv_word(c) in ("start", *ABOUT) for c in cells)
    numbered = [c for c in cells if csv_word(c) not in ("start", *ABOUT)]
    counted = bool(numbered) and numbered == [str(n) for n in range(1, len(numbered) + 1)]
    if worded or counted:
        raise InputError.of("column_misspelt", name=name, column=quoted(rows[0][0]), near=near[0])


def _csv_players(header: list[str], name: str) -> tuple[str, ...]:
    """The columns that are players: those not named like a hand's field."""
    if "" in header:
        raise InputError.of("column_unnamed", name=name, n=header.index("") + 1)
    repeated = next((h for h in header if header.count(h) > 1), None)
    if repeated is not None:
        raise InputError.of("column_twice", name=name, column=quoted(repeated))
    where = f"{name}:1"
    players = tuple(
        _name(h, said("the_player"), where) for h in header if csv_word(h) not in HAND_FIELDS
    )
    _check_names(players, where)
    return players


def _csv_cells(header: list[str], row: list[str], where: str) -> dict[str, str]:
    if len(row) > len(header):
        raise InputError.of("too_many_cells", where=where, cells=len(row), columns=len(header))
    return dict(zip(header, row + [""] * (len(header) - len(row)), strict=True))
