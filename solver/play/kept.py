"""An odds table's files in the user cache: where they are kept, and whether they are whole and
this version's, read from their headers only.

Apart from odds.py (which builds the tables, reads them and answers from them) so that a call
that only asks whether a table is at hand, `mazo solve` of a hand that cuts now, does not import
what a lookup needs: each of odds.py's dataclasses costs a millisecond or more at start-up.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import stat
import zlib
from dataclasses import asdict
from itertools import chain
from math import comb, factorial
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from mazo.solver import closes, compiled
from mazo.solver.backends import search
from mazo.solver.files import xdg_folder
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.messages import Told, titled
from mazo.solver.spec.rulespec import RuleSpec
from mazo.words.numbers import counted

if TYPE_CHECKING:
    from mazo.solver.play._odds import Shape


def _compiled() -> type[Shape]:
    from mazo.solver.play._odds import Shape

    return Shape


# The compiled tables' one class (a deck's shape: its classes, ranks and table), or None.
_odds, MISSING = compiled.load("mazo.solver.play._odds", _compiled)

# Bumped whenever a table's content or file layout changes: older files are rebuilt.
FORMAT = 7
HORIZON = 20
# Hands after the draw, up to suit order, that a table may link: the 48-card deck with two
# jokers needs about 20 million; Gin's 52 cards and ten-card hands, hundreds of millions.
MAX_CLASSES = 30_000_000


class DamagedTable(ValueError):
    """A cached table's file no longer holds what it was written with: it is built again."""


def refusal(spec: RuleSpec) -> str | None:
    """Why this rules set has no table (None: it has one)."""
    if mechanism_of(spec).play_rules(spec) is None:
        return Told("odds_turn", game=titled(spec))
    if _odds is None:
        return Told("odds_needs_tables", why=MISSING, how=compiled.HOW)
    if not search.available():
        return Told("odds_needs_search", why=search.missing(), how=compiled.HOW)
    deck = spec.deck
    naturals = len(deck.ranks) * len(deck.suits)
    after = comb(naturals + deck.jokers, spec.hand_size + 1) // factorial(len(deck.suits))
    if after > MAX_CLASSES:
        resting = comb(naturals + deck.jokers, spec.hand_size) // factorial(len(deck.suits))
        return Told(
            "odds_reach",
            game=titled(spec),
            resting=counted(resting),
            size=spec.hand_size,
            after=counted(after),
            most=counted(MAX_CLASSES),
        )
    if deck.copies != 1 or not search.applies(spec, ()):
        return Told("odds_deck", game=titled(spec))
    if any(close.no_discard for close in closes.reachable(spec)):
        return Told("odds_no_discard", game=titled(spec))
    return None


def rules_key(spec: RuleSpec) -> str:
    """Everything that changes a cut: deck, jokers, values, melds, closes, sizes. An option or a
    rules file changes a cut only through these, so rules that differ only in the match (the
    elimination limit, reenganche) share one table; and so do values that differ only above the
    most loose points any close allows (a card worth more is never left loose by a cut, whatever
    its worth), and a deck without jokers shares one table whatever melds and closes ask of
    jokers (a close that needs one is no close there)."""
    limits = [c.max_deadwood for c in closes.reachable(spec) if c.max_deadwood is not None]
    too_many = max(limits, default=-1) + 1  # -1: no close counts the loose points
    cards = spec.deck.all_cards()
    described = {
        "format": FORMAT,
        "suits": spec.deck.suits,
        "ranks": spec.deck.ranks,
        "jokers": spec.deck.jokers,
        "hand_size": spec.hand_size,
        "values": [min(spec.value(c), too_many) for c in cards],
        "melds": [_without_jokers(asdict(m), spec) for m in spec.melds],
        "closes": [_without_jokers(closes.requirements(c), spec) for c in closes.reachable(spec)],
    }
    import json  # here: a solve with no table in the cache does without

    text = json.dumps(described, sort_keys=True, default=str)
    return _sha256(text.encode()).hexdigest()[:24]


def _sha256(data: bytes) -> Any:
    """hashlib's sha256, from the module hashlib itself falls back on: the same digest, without
    loading OpenSSL's library (milliseconds at every solve's start)."""
    for name in ("_sha2", "_sha256"):  # Python 3.12 on, 3.11
        with contextlib.suppress(ImportError, AttributeError):
            return importlib.import_module(name).sha256(data)
    import hashlib  # a build without them

    return hashlib.sha256(data)


def _without_jokers(fields: dict[str, Any], spec: RuleSpec) -> dict[str, Any]:
    """A meld's or a close's fields as they bear on a cut (names are no part of it). In a deck
    without jokers, what they ask of jokers is nothing, and a meld's fewest natural cards is
    its fewest cards."""
    fields = {k: v for k, v in fields.items() if k != "names"}
    if spec.deck.jokers:
        return fields
    if "min_naturals" in fields:
        fields["min_len"] = max(fields["min_len"], fields.pop("min_naturals"))
    return {k: v for k, v in fields.items() if k not in ("max_jokers", "min_jokers")}


def cache_dir() -> Path:
    return xdg_folder("XDG_CACHE_HOME", ".cache") / "mazo"


def path(spec: RuleSpec, key: str) -> Path:
    """Where the rules set's table is kept (its files add a suffix each)."""
    return cache_dir() / f"odds-{spec.game}-v{FORMAT}-{key}"


def named(path: Path, suffix: str) -> Path:
    """One of the files at `path`: the table's, the chances', a lock or a part being written."""
    return path.with_name(path.name + suffix)


# A rules set's files: the table (turns_to_cut of every resting class and the deals'
# distribution: all that a hand after the draw, the advice and a deal read) and beside it the
# chances to cut within 1..HORIZON turns, which only a resting hand reads: twenty numbers a class,
# most of the bytes, whose blocks a call for the others never reads. Each file: MAGIC, the header's
# length (8 bytes, little-endian) and checksum (4), the header (JSON: the file's figures and each
# column's rows and blocks), then the columns' blocks, each compressed on its own. The table's
# blocks hold their rows' bytes in planes (every row's first byte, then every second ...): the
# high bytes of neighbouring rows repeat, which the compression finds only side by side; a
# class's twenty chances compress better as they are, row by row. A call reads the headers,
# checks every block of the table, and decompresses the few blocks its lookups touch; a block of
# the chances is checked as it is read. Every number is little-endian, on any machine.
FILES = {".table": ("turns", "by_turns", "slower"), ".chances": ("within",)}
MAGIC = b"mazo odds table\n"


# Whatever a file can make its reading raise: it is damaged, and built again. A header is
# checked against its checksum before it is believed, but a checksum is no proof, so each of its
# numbers is bounded by the file's size before it is used.
DAMAGED = (
    OSError,
    ValueError,
    LookupError,
    TypeError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)


def opened(path: Path) -> BinaryIO:
    """A cached file open for reading; DamagedTable when it is not a regular file. A FIFO would
    block the read until some writer came, a device would never end: neither is waited on, so
    the file is opened without blocking and looked at before a byte is read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DamagedTable(f"{path} is not a regular file")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


# A column as its file's header describes it, every number checked: the file, where its blocks
# start (after the header), its rows' count, size and rows a block, and each block's offset from
# that start, length and checksum. A plain tuple: odds.py makes its rows of it.
Column = tuple[Path, int, int, int, int, list[tuple[int, ...]]]


def load(
    path: Path, key: str, *, whole: bool = True
) -> tuple[dict[str, Any], dict[str, Column]] | None:
    """A cached table's figures (the table file's header, its numbers read as odds.py keeps
    them) and its columns; None when a file is missing, cut short, damaged in the table's
    blocks or from another version (then it is rebuilt). Not `whole`: the table's blocks too
    are left to be checked as they are read (a call of a few lookups then reads a few blocks,
    not the whole file)."""
    try:
        columns: dict[str, Column] = {}
        headers = {}
        for suffix, names in FILES.items():
            header = _read(named(path, suffix), key, names, columns, whole=whole)
            if header is None:
                return None
            headers[suffix] = header
        figures = headers[".table"]
        deal = figures["deal"]
        kept = {
            "deal": {
                "turns_to_cut": float(deal["turns_to_cut"]),
                "quantiles": {str(k): float(v) for k, v in deal["quantiles"].items()},
                "cut_within": tuple(float(p) for p in deal["cut_within"]),
            },
            "sweeps": int(figures["sweeps"]),
            "max_change": float(figures["max_change"]),
            "after_draw": int(figures["after_draw"]),
        }
    except DAMAGED:
        return None
    return (kept, columns) if _fits_together(kept, columns) else None


def _read(
    path: Path, key: str, names: tuple[str, ...], columns: dict[str, Column], *, whole: bool = True
) -> dict[str, Any] | None:
    """One file's header, its columns added to `columns`; None when the file is not whole or
    not this version's, or (the table's file, which every call reads: its blocks' checksums
    cost a few milliseconds; not `whole`, each block is checked as it is read) when a block is
    damaged. One of DAMAGED when it cannot be read as one. No read goes past the file's size,
    whatever its header says."""
    with opened(path) as f:
        size = os.fstat(f.fileno()).st_size
        if f.read(len(MAGIC)) != MAGIC:
            return None
        length = int.from_bytes(f.read(8), "little")
        start = len(MAGIC) + 12 + length
        if start > size:
            return None
        checksum = int.from_bytes(f.read(4), "little")
        text = f.read(length)
        if zlib.adler32(text) != checksum:
            return None
        import json

        header = json.loads(text)
        if (header["format"], header["key"]) != (FORMAT, key):
            return None
        blocks = f.read(size - start) if whole and names == FILES[".table"] else None
    described = header["columns"]
    for name in names:
        columns[name] = _column(path, start, described[name], name)
    places = [place for name in names for place in described[name]["blocks"]]
    if not _inside(places, size - start):
        return None
    if blocks is not None:
        read = memoryview(blocks)
        if any(zlib.adler32(read[o : o + n]) != c for o, n, c in places):
            return None
    return header


def _inside(places: list[tuple[int, int, int]], size: int) -> bool:
    """Whether the blocks lie in the file's `size` bytes after its header, the last at its end."""
    ends = [o + n for o, n, _ in places if o >= 0 and n >= 0 and o + n <= size]
    return len(ends) == len(places) and max(ends, default=0) == size


def _column(path: Path, start: int, column: dict[str, Any], name: str) -> Column:
    """A column as its file's header describes it; ValueError if the header cannot be so."""
    numbers = [column["count"], column["size"], column["per_block"]]
    blocks = list(map(tuple, column["blocks"]))
    # map(type, ...) in C: a large table has thousands of blocks, and every solve reads them
    if {*map(type, numbers), *map(type, chain.from_iterable(blocks))} - {int}:
        raise ValueError(f"{name}: a number of the header is not a whole number")
    count, size, per_block = numbers
    if count < 0 or size < 1 or per_block < 1:
        raise ValueError(f"{name}: no rows can be so")
    if {*map(len, blocks)} - {3}:
        raise ValueError(f"{name}: a block is not its offset, length and checksum")
    if -(-count // per_block) != len(blocks):
        raise ValueError(f"{name}: blocks and rows do not agree")
    return (path, start, count, size, per_block, blocks)


def _fits_together(figures: dict[str, Any], columns: dict[str, Column]) -> bool:
    count, size = (
        {name: column[2] for name, column in columns.items()},
        {name: column[3] for name, column in columns.items()},
    )
    return (
        (size["within"], size["by_turns"], size["slower"]) == (2 * HORIZON, 8, 8)
        and len(figures["deal"]["cut_within"]) == HORIZON
        and count["within"] == count["turns"]
        and count["by_turns"] == count["slower"]
    )


# Whether each rules key's table is kept whole in the cache, as at_hand found it.
_SEEN: dict[str, bool] = {}


def at_hand(spec: RuleSpec) -> bool:
    """Whether the rules set's table is kept in the cache (its headers whole and this
    version's), as odds.table_at_hand would find it in a new process."""
    if refusal(spec) is not None or os.environ.get("MAZO_NO_CACHE") == "1":
        return False
    try:  # no file of the game's tables, the usual case: no key to work out, no header to read
        names = os.listdir(cache_dir())
    except OSError:
        return False
    if not any(n.startswith(f"odds-{spec.game}-v{FORMAT}-") for n in names):
        return False
    key = rules_key(spec)
    if key not in _SEEN:
        _SEEN[key] = load(path(spec, key), key, whole=False) is not None
    return _SEEN[key]
