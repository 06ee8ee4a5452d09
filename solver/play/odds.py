"""Play to cut soonest: the exact optimal discard policy of the solitaire model.

The solitaire model: the player holds the resting hand. Each turn they draw one card, equally
likely any card of the deck not in their hand (the pool: the rivals' cards, the stock and the
pozo are unknown to them and go back into play, so the pool is always the deck less the hand;
each joker copy counts once). With the drawn card, if some discard leaves a close of the game,
they cut and the turn counts. Otherwise they discard any of their cards (the drawn one
included) and play on. turns_to_cut(h) is the expected number of turns until the cut from hand h
under the discard policy that makes it smallest:

    E(h) = 1 + sum_c w(c)/N * [0 if h+c can cut else min_d E(h+c-d)]

A stochastic shortest-path problem with unit costs: value iteration from 0 rises to its unique
solution. Suits are interchangeable, so the table holds one value per order of a hand's suits.

Which resting hands are closes comes from the compiled meld search (closes.py's one definition);
the compiled module _odds lists the classes, links them and iterates. A table is built once per
rules set and kept in the user cache.
"""

from __future__ import annotations

import bisect
import contextlib
import functools
import json
import os
import struct
import warnings
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from mazo.solver.backends import search
from mazo.solver.cards import Card
from mazo.solver.errors import CacheWarning, InputError
from mazo.solver.files import reason
from mazo.solver.mechanisms.rummy.result import SolveResult
from mazo.solver.messages import Said, Told, said
from mazo.solver.plain import as_json, inserted, plain
from mazo.solver.play import kept, mapped
from mazo.solver.play.kept import (
    FILES,
    FORMAT,
    HORIZON,
    MAGIC,
    Column,
    DamagedTable,
    _odds,
    refusal,
    rules_key,
)
from mazo.solver.spec.rulespec import RuleSpec

if TYPE_CHECKING:
    from mazo.solver.play._odds import Shape as CompiledShape

MODEL = (
    "The solitaire model: the player holds the resting hand; each turn they draw one card, "
    "equally likely any card of the deck not in their hand (the rivals' cards, the stock and "
    "the pozo are unknown and go back into play; each joker copy counts once). If some discard "
    "then leaves a close they cut, and the turn counts; otherwise they discard any card, the "
    "drawn one included. The turns it takes are the expected number of turns to the cut under "
    "the discard policy that makes it smallest (turns_to_cut in the JSON)."
)
# A Bellman sweep over the finished table must move no value by this much: the values are then
# exact to 1e-9.
TOLERANCE = 1e-11
# A class's chance to cut within n turns is kept to this many steps (three decimals, the
# nearest, but only a certain cut kept as 1 and only an impossible one as 0): twenty chances a
# class are most of a table's size, and each decimal more adds half of it again.
WITHIN_STEPS = 1000
# turns_to_cut is kept in fixed point, 32 bits after the point: 2**-33 from the value, well
# inside 1e-9, and 5 bytes a class while every value is under 256 turns (8 bytes would make the
# largest tables half as large again).
POINT = 32
# A hand's percentile is read between this many points of the deals' distribution, the share
# of deals slower than each known exactly: to 1/BREAKS of the deals, four decimals.
BREAKS = 1 << 16
CHUNK = 1 << 18  # classes a build rounds at a time
# Turns closer than this are the same turns: the game's own ranking orders them.
SAME = 1e-9

Progress = Callable[[str, float], None]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class DealFigures:
    """A random deal under the rules: each class weighted by the deals it stands for."""

    turns_to_cut: float
    quantiles: dict[str, float]
    cut_within: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class OddsTable:
    """turns_to_cut and the chance to cut within 1..HORIZON turns of every resting class, at
    the class's rank (the compiled module's ranks), and points of the deals' distribution of
    the turns (for a hand's percentile). A built table and its files hold the same rows."""

    turns: Rows  # turns_to_cut
    within: Rows  # HORIZON chances a class, in WITHIN_STEPS, each at least the one before
    by_turns: Rows  # ascending turns_to_cut, at points of the deals' distribution
    slower: Rows  # slower[i]: the share of deals whose turns are by_turns[i] or more
    deal: DealFigures
    sweeps: int
    max_change: float
    after_draw: int  # classes of one card more

    @property
    def classes(self) -> int:
        return len(self.turns)


@dataclass(frozen=True, slots=True)
class _Shape:
    """A spec's deck as the compiled module sees it: suits of ranks, jokers, the resting size."""

    suits: tuple[str, ...]
    ranks: tuple[int, ...]
    jokers: int
    size: int

    @classmethod
    def of(cls, spec: RuleSpec) -> _Shape:
        deck = spec.deck
        return cls(deck.suits, deck.ranks, deck.jokers, spec.hand_size)

    def compiled(self) -> CompiledShape:
        """The same shape in the compiled module."""
        return _compiled_shape(len(self.suits), len(self.ranks), self.jokers, self.size)

    def shift(self, place: int) -> int:
        """Where a key holds its suit place's mask: the highest mask in the highest bits, so
        keys in ascending order are the classes in their ranks' order."""
        return (len(self.suits) - 1 - place) * len(self.ranks)

    def key(self, cards: Sequence[Card]) -> int:
        """The class key of a hand: its suits' rank masks, highest first, then its jokers."""
        masks = dict.fromkeys(self.suits, 0)
        for card in cards:
            if card.suit is not None:  # a natural card; jokers are counted below
                masks[card.suit] |= 1 << self.ranks.index(card.rank)
        assert _odds is not None  # refusal() said the tables are compiled
        key = sum(card.is_joker for card in cards) << _odds.JOKER_SHIFT
        for place, mask in enumerate(sorted(masks.values(), reverse=True)):
            key |= mask << self.shift(place)
        return key


@functools.cache
def _compiled_shape(suits: int, ranks: int, jokers: int, size: int) -> CompiledShape:
    """Made once a shape: a lookup asks for one at every hand."""
    assert _odds is not None  # refusal() said the tables are compiled
    return _odds(suits=suits, ranks=ranks, jokers=jokers, size=size)


_MEMORY: dict[str, OddsTable] = {}


def table(spec: RuleSpec, progress: Progress | None = None, *, rebuild: bool = False) -> OddsTable:
    """The rules set's table: from memory, from the cache, or built (and cached)."""
    why = refusal(spec)
    if why:
        raise InputError.of(why) if isinstance(why, Told) else InputError(why)
    key = rules_key(spec)
    if key in _MEMORY and not rebuild:
        return _MEMORY[key]
    found: OddsTable | None
    if os.environ.get("MAZO_NO_CACHE") == "1":
        found = build(spec, progress)
    else:
        path = kept.path(spec, key)
        found = None if rebuild else _load(path, key)
        if found is None:
            with _one_build(path, progress):
                # another call may have built and kept it meanwhile (this one waited for it)
                found = None if rebuild else _load(path, key)
                if found is None:
                    found = _built_and_kept(spec, path, key, progress)
    _MEMORY[key] = found
    return found


def shared(spec: RuleSpec) -> OddsTable | None:
    """The rules set's table in memory, its rows now mapped read-only from their plain copy in
    the cache (written from the table's files the first time): for the processes of one
    simulation, which then read the same pages where each would decompress its own. None, the
    table left as it is, when no table of the rules is in memory (no seat plays by one), it was
    built in memory only, or the copy cannot be written or read (each process then reads its
    own, as one process does)."""
    if refusal(spec) is not None:
        return None
    key = rules_key(spec)
    found = _MEMORY.get(key)
    if found is None or isinstance(found.within.read, mapped.Mapped):
        return found
    if not isinstance(found.within.read, _Stored):  # built in memory: nothing to copy from
        return None
    path = kept.path(spec, key)
    columns = {name: getattr(found, name) for names in FILES.values() for name in names}
    per_block = {name: rows.per_block for name, rows in columns.items()}
    rows = mapped.mapped(path, key, per_block)
    if rows is None:
        plain = {name: _plain(column) for name, column in columns.items()}
        try:
            mapped.write(path, key, plain)
        except (OSError, DamagedTable):
            return None
        rows = mapped.mapped(path, key, per_block)
        if rows is None:
            return None
    found = replace(
        found,
        **{name: replace(column, read=rows[name]) for name, column in columns.items()},
    )
    _MEMORY[key] = found
    return found


def _plain(rows: Rows) -> mapped.Plain:
    """A stored column's blocks of rows, each read as it is written, none kept."""
    stored = rows.read
    assert isinstance(stored, _Stored)
    return mapped.Plain(rows.count, rows.size, map(stored.fresh, range(rows.blocks)))


# Tables read by table_at_hand: their blocks are checked only as a lookup reads them, so they
# are kept apart from those `table` answers with (checked whole when read).
_AT_HAND: dict[str, OddsTable] = {}


def table_at_hand(spec: RuleSpec) -> OddsTable | None:
    """The rules set's table when it is already built (in memory or in the cache), never built
    here (a build takes up to a minute): None when it is not, or the rules have none. A lookup
    in a block damaged on disk raises DamagedTable (a few lookups read a few blocks: the whole
    file of a large table takes longer to check than a solve)."""
    if refusal(spec) is not None:
        return None
    key = rules_key(spec)
    if key in _MEMORY:
        return _MEMORY[key]
    if key not in _AT_HAND and os.environ.get("MAZO_NO_CACHE") != "1":
        found = _load(kept.path(spec, key), key, whole=False)
        if found is not None:
            _AT_HAND[key] = found
    return _AT_HAND.get(key)


def _built_and_kept(spec: RuleSpec, path: Path, key: str, progress: Progress | None) -> OddsTable:
    """The table built, and kept in its files when the cache can take them."""
    _clear_parts(path.parent)
    found = build(spec, progress)
    try:
        _save(path, key, found)
    except OSError as error:  # the answer is still this table's, built in memory
        note = CacheWarning(said("table_not_kept", why=_not_kept(error, path)))
        warnings.warn(note, stacklevel=3)
    else:
        _prune(path.parent)
    return found


@contextlib.contextmanager
def _one_build(path: Path, progress: Progress | None) -> Iterator[None]:
    """While a rules set's table is built and kept, a second call for it waits (a build takes
    up to a minute and a gigabyte), then finds the table the first kept. The lock file goes
    when its holder is done: whoever takes a lock looks for the table first, so a call that
    locks a new file after that builds nothing twice. Without POSIX file locks, or a cache to
    put the lock in, calls build side by side."""
    named = kept.named(path, ".lock")
    try:
        import fcntl

        path.parent.mkdir(parents=True, exist_ok=True)
        lock = named.open("a+b")
    except (ImportError, OSError):
        yield
        return
    with lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if progress:
                progress("waiting", 0.0)
            fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            with contextlib.suppress(OSError):  # only its own: a later call's may be there
                if os.path.samestat(os.stat(named), os.fstat(lock.fileno())):
                    named.unlink()


def _not_kept(error: OSError, path: Path) -> Said:
    """Why a table's file could not be written, naming what stood in the way."""
    for place in (path, *path.parents):
        if place.exists() and not place.is_dir() and place != path:
            return said("cache_file_in_way", place=str(place))
    return said("file_failed", path=str(error.filename or path), why=reason(error))


def _clear_parts(folder: Path) -> None:
    """The parts of files left by builds that were killed while writing them (a build that
    fails removes its own): each part is named after its writer's process, gone if it no longer
    runs. Where a process cannot be asked after without a signal (Windows), parts stay."""
    if os.name != "posix":
        return
    for part in folder.glob("odds-*.part"):
        writer = part.suffixes[-2].lstrip(".") if len(part.suffixes) > 1 else ""
        if not writer.isdigit() or int(writer) == os.getpid():
            continue
        try:
            os.kill(int(writer), 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                part.unlink()
        except (OSError, OverflowError):  # another user's process, or no process number
            continue


def _prune(folder: Path) -> None:
    """Tables of another FORMAT are never read by this version: they go when it keeps one."""
    for old in folder.glob("odds-*"):
        if old.suffix in (*FILES, mapped.SUFFIX, ".lock") and f"-v{FORMAT}-" not in old.name:
            with contextlib.suppress(OSError):
                old.unlink()


def build(spec: RuleSpec, progress: Progress | None = None) -> OddsTable:
    """Every resting class's value, in the compiled module."""
    import numpy as np  # the build's: a call on a cached table reads a few blocks without it

    shape = _Shape.of(spec)
    compiled = shape.compiled()
    resting = compiled.classes()
    if progress:
        progress("closes", 0.0)
    flags = _closes(spec, shape, np.frombuffer(resting.keys, dtype=np.uint64))
    built = compiled.solve(
        keys=resting.keys,
        hands=resting.hands,
        closes=flags,
        steps=WITHIN_STEPS,
        progress=progress,
    )
    change = built.max_change
    if not change < TOLERANCE:
        raise RuntimeError(f"the table does not hold: a Bellman sweep moves it by {change:.3g}")
    hands_of = np.frombuffer(resting.hands, dtype=np.float64)
    dealt = float(hands_of.sum())
    weights = hands_of / dealt
    values = np.frombuffer(built.turns, dtype=np.float64)
    order = np.argsort(values, kind="stable")
    share = np.cumsum(weights[order])

    def at_shares(shares: Any) -> Any:
        """The places in turns order where the deals' share first reaches each of `shares`."""
        return np.searchsorted(share, shares).clip(0, len(order) - 1)

    quantiles = {f"{int(q * 100)}": float(values[order[at_shares(q)]]) for q in (0.1, 0.5, 0.9)}
    deal = DealFigures(
        turns_to_cut=float(weights @ values),
        quantiles=quantiles,
        cut_within=tuple(
            float(p) / dealt for p in np.frombuffer(built.deal_within, dtype=np.float64)
        ),
    )
    # the classes come in their ranks' order, the file's
    fixed = np.rint(values * 2.0**POINT).astype("<u8")
    chances = np.frombuffer(built.within, dtype=np.uint16).reshape(-1, HORIZON)
    steps = np.empty(chances.shape, dtype="<u2")
    for at in range(0, len(steps), CHUNK):  # a slice at a time: the largest table's peak
        part = np.maximum.accumulate(chances[at : at + CHUNK], axis=1)
        # each chance at least the one before, so the steps between them are never negative
        # and stay in the chances' own type
        step = part.copy()
        step[:, 1:] -= part[:, :-1]
        steps[at : at + CHUNK] = step
    slower = np.append(np.cumsum(weights[order][::-1])[::-1], 0.0)
    points = np.unique(at_shares(np.linspace(0, 1, BREAKS + 1)))
    width = max(5, -(-(int(fixed.max()).bit_length()) // 8))
    columns = {
        "turns": np.ascontiguousarray(fixed.view(np.uint8).reshape(-1, 8)[:, :width]),
        "within": steps,
        "by_turns": values[order][points],
        "slower": slower[points],
    }
    return OddsTable(
        **{name: Rows.of(name, data) for name, data in columns.items()},
        deal=deal,
        sweeps=built.sweeps,
        max_change=change,
        after_draw=built.drawn_classes,
    )


def _closes(spec: RuleSpec, shape: _Shape, keys: Any) -> bytes:
    """One byte per resting class: does its representative hand make a close of the game? The
    compiled meld search says, so the closes live in one place."""
    import numpy as np

    index = search.deck_index(spec)
    bits = len(shape.ranks)
    every = (1 << bits) - 1
    masks = np.zeros(len(keys), dtype=np.uint64)
    for place, suit in enumerate(shape.suits):
        # the deck mask of each of the 2**ranks rank masks this suit's place can hold
        lookup = np.zeros(1 << bits, dtype=np.uint64)
        for r, rank in enumerate(shape.ranks):
            card = np.uint64(1 << index[Card(rank, suit)])
            lookup[(np.arange(1 << bits) >> r) & 1 == 1] |= card
        held = (keys >> np.uint64(shape.shift(place))) & np.uint64(every)
        masks |= lookup[held.astype(np.intp)]
    assert _odds is not None  # refusal() said the tables are compiled
    jokers = (keys >> np.uint64(_odds.JOKER_SHIFT)).astype(np.uint8)
    return search.deck_table(spec).closes(masks.tobytes(), jokers.tobytes())


IN_PLANES = FILES[".table"]
# Bytes of rows in a block, before compression: the table's small, as a call decompresses a
# block for each of its lookups (some hundreds for an advice); the chances' large, as they
# compress better so and a call reads one block of them.
BLOCK = {
    name: 1 << 14 if name in IN_PLANES else 1 << 16 for names in FILES.values() for name in names
}


def _float(data: bytes | memoryview) -> float:
    return struct.unpack("<d", data)[0]


def _turns(data: bytes | memoryview) -> float:
    return int.from_bytes(data, "little") / 2.0**POINT


def _chances(data: bytes | memoryview) -> tuple[int, ...]:
    return tuple(accumulate(struct.unpack(f"<{HORIZON}H", data)))


def _planes_of(name: str, size: int) -> int:
    """The planes of a column's blocks: a byte of each row in each, or all rows in one."""
    return size if name in IN_PLANES else 1


def _planes(rows: bytes | memoryview, size: int) -> bytes:
    """A block's rows of `size` bytes, byte by byte: each row's first byte, then each second..."""
    data = bytes(rows)
    return b"".join(data[k::size] for k in range(size))


def _rows(planes: bytes, size: int) -> bytes:
    """The rows of a block kept in planes."""
    count = len(planes) // size
    data = bytearray(len(planes))
    for k in range(size):
        data[k::size] = planes[k * count : (k + 1) * count]
    return bytes(data)


# How each column's rows read: turns in fixed point, the chances as steps from the one before.
DECODE: dict[str, Callable[[bytes | memoryview], Any]] = {
    "turns": _turns,
    "within": _chances,
    "by_turns": _float,
    "slower": _float,
}


@dataclass(frozen=True, slots=True)
class Rows:
    """A column: `count` rows of `size` bytes, `per_block` rows a block; read(k) is block k."""

    count: int
    size: int
    per_block: int
    read: Callable[[int], bytes | memoryview]
    decode: Callable[[bytes | memoryview], Any]

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: int, /) -> Any:
        if not 0 <= i < self.count:
            raise IndexError(i)
        block, at = divmod(i, self.per_block)
        return self.decode(self.read(block)[at * self.size : (at + 1) * self.size])

    @property
    def blocks(self) -> int:
        return -(-self.count // self.per_block)

    @classmethod
    def of(cls, name: str, array: Any) -> Rows:
        """A built column (a numpy array, one row a class or point), in blocks in memory."""
        import numpy as np

        data = np.ascontiguousarray(array, array.dtype.newbyteorder("<")).data.cast("B")
        size = len(data) // len(array)
        per_block = max(1, BLOCK[name] // size)
        step = per_block * size
        return cls(
            len(array), size, per_block, lambda k: data[k * step : (k + 1) * step], DECODE[name]
        )


@dataclass(frozen=True, slots=True)
class _Stored:
    """A column's blocks in a table file: where each starts, its length and its checksum."""

    path: Path
    start: int  # where the blocks start in the file (after its header)
    places: list[tuple[int, ...]]  # each block's offset from `start`, length, checksum
    planes: int  # a block's rows in planes of this many bytes (1: row by row)
    read: dict[int, bytes]

    def __call__(self, block: int) -> bytes:
        if block not in self.read:
            self.read[block] = self.fresh(block)
        return self.read[block]

    def fresh(self, block: int) -> bytes:
        """The block's rows read from the file, not kept."""
        offset, length, checksum = self.places[block]
        try:
            with kept.opened(self.path) as f:
                f.seek(self.start + offset)
                data = f.read(length)
            if len(data) != length or zlib.adler32(data) != checksum:
                raise zlib.error
            planes = zlib.decompress(data)
            if len(planes) % self.planes:
                raise zlib.error
            return _rows(planes, self.planes)
        except (OSError, zlib.error):  # gone, replaced or cut short since it was opened
            raise DamagedTable(f"{self.path} is damaged") from None


def _save(path: Path, key: str, found: OddsTable) -> None:
    """The table's files, `path` and a suffix each: the table's last (FILES names it first), so
    that a table file on disk always has the chances beside it."""
    figures = {
        "sweeps": found.sweeps,
        "max_change": found.max_change,
        "after_draw": found.after_draw,
        "deal": asdict(found.deal),
    }
    for suffix in reversed(FILES):
        header = figures if suffix == ".table" else {}
        columns = {name: getattr(found, name) for name in FILES[suffix]}
        _write(kept.named(path, suffix), key, header, columns)


def _write(path: Path, key: str, figures: dict[str, Any], columns: dict[str, Rows]) -> None:
    header: dict[str, Any] = {"format": FORMAT, "key": key, **figures, "columns": {}}
    parts, offset = [], 0
    for name, rows in columns.items():
        places = []
        for k in range(rows.blocks):
            data = zlib.compress(_planes(rows.read(k), _planes_of(name, rows.size)), 6)
            places.append([offset, len(data), zlib.adler32(data)])
            parts.append(data)
            offset += len(data)
        header["columns"][name] = {
            "count": rows.count,
            "size": rows.size,
            "per_block": rows.per_block,
            "blocks": places,
        }
    text = json.dumps(header, sort_keys=True).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = kept.named(path, f".{os.getpid()}.part")
    try:
        with partial.open("wb") as out:
            out.write(MAGIC + len(text).to_bytes(8, "little"))
            out.write(zlib.adler32(text).to_bytes(4, "little") + text)
            for data in parts:
                out.write(data)
        partial.replace(path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            partial.unlink()
        if isinstance(error, OSError):
            # The note names the file that was to be kept: the part is gone, and what stood in
            # the way is the file's place (a folder there, a full disk, a folder not writable).
            raise OSError(error.errno, error.strerror or str(error), str(path)) from error
        raise


def _load(path: Path, key: str, *, whole: bool = True) -> OddsTable | None:
    """A cached table (kept.load's), its rows read from its files as lookups ask for them."""
    found = kept.load(path, key, whole=whole)
    if found is None:
        return None
    figures, columns = found
    return OddsTable(
        **{name: _stored_rows(name, column) for name, column in columns.items()},
        deal=DealFigures(**figures["deal"]),
        sweeps=figures["sweeps"],
        max_change=figures["max_change"],
        after_draw=figures["after_draw"],
    )


def _stored_rows(name: str, column: Column) -> Rows:
    file, start, count, size, per_block, blocks = column
    stored = _Stored(file, start, blocks, _planes_of(name, size), {})
    return Rows(count, size, per_block, stored, DECODE[name])


def index(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> int:
    """The class of a resting hand in the table: its rank."""
    shape = _Shape.of(spec)
    try:
        (rank,) = struct.unpack("<I", shape.compiled().ranks(struct.pack("<Q", shape.key(cards))))
    except ValueError:
        rank = found.classes
    if rank >= found.classes:
        raise InputError.of("not_resting")
    return rank


def turns_to_cut(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> float:
    return float(found.turns[index(found, spec, cards)])


def _by_turn(chances: tuple[float, ...]) -> dict[str, float]:
    """The chance to cut within 1, 2, ... turns, keyed by the turn."""
    return {str(n): p for n, p in enumerate(chances, 1)}


@dataclass(frozen=True, slots=True)
class HandOdds:
    """A resting hand: its expected turns to the cut, the chance to cut within 1..HORIZON
    turns, and the share of random deals slower than it."""

    game: str
    hand: tuple[str, ...]
    turns_to_cut: float
    cut_within: tuple[float, ...] = field(metadata=as_json(convert=_by_turn))
    deal_percentile: float

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(frozen=True, slots=True)
class DiscardOdds:
    """One discard: the turns to the cut it leaves (0 if it cuts now) and what it keeps."""

    card: str
    turns_to_cut: float
    deadwood_points: int
    can_cut: bool
    close: str | None


@dataclass(frozen=True, slots=True)
class DrawnOdds:
    """A hand of one card more: every discard, fastest first (ties: the game's ranking), and
    the fewest-points discard `mazo solve` would throw, with its turns."""

    game: str
    hand: tuple[str, ...]
    can_cut: bool
    discards: tuple[DiscardOdds, ...]
    fewest_points_discard: str

    @property
    def discard(self) -> str:
        return self.discards[0].card

    @property
    def fewest_points_turns(self) -> float:
        return next(d.turns_to_cut for d in self.discards if d.card == self.fewest_points_discard)

    def to_dict(self) -> dict[str, Any]:
        # The fastest discard and its turns, and the fewest-points discard's turns: read from
        # the discards, beside the fields they go with.
        found = inserted(plain(self), "can_cut", "discard", self.discard)
        found = inserted(found, "discard", "turns_to_cut", self.discards[0].turns_to_cut)
        return {**found, "fewest_points_turns_to_cut": self.fewest_points_turns}


def hand_odds(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> HandOdds:
    i = index(found, spec, cards)
    turns = float(found.turns[i])
    slower = _slower_share(found, turns + SAME)
    return HandOdds(
        game=spec.game,
        hand=tuple(spec.deck.codes(cards)),
        turns_to_cut=turns,
        cut_within=tuple(p / WITHIN_STEPS for p in found.within[i]),
        deal_percentile=round(slower, 4),
    )


def _slower_share(found: OddsTable, turns: float) -> float:
    """The share of deals slower than `turns`: the share at the table's first point past it,
    exact when no class lies between that point and the one before, and short by at most the
    1/BREAKS of the deals between two points otherwise."""
    after = bisect.bisect_right(found.by_turns, turns)
    return float(found.slower[after]) if after < len(found.slower) else 0.0


def drawn_odds(
    found: OddsTable, spec: RuleSpec, cards: Sequence[Card], *, drawn_from_pozo: Card | None = None
) -> DrawnOdds:
    """Every discard of a hand after the draw, ranked by the turns it leaves, then as `mazo
    solve` ranks them; with the card taken from the pozo, as `mazo solve --drawn-from-pozo`
    has it (thrown back, it does not cut)."""
    from mazo.solver.api import solve_with

    solved = solve_with(spec, list(cards), drawn_from_pozo=drawn_from_pozo)
    assert isinstance(solved, SolveResult)  # refusal() lets only draw-and-discard specs through
    return ranked(found, spec, cards, solved)


def ranked(
    found: OddsTable, spec: RuleSpec, cards: Sequence[Card], solved: SolveResult
) -> DrawnOdds:
    """drawn_odds from the hand's solve (`mazo solve`'s answer for the same cards)."""
    assert solved.discard is not None  # refusal() lets no close without a discard through
    options = []
    for option in solved.discards:
        kept = list(cards)
        kept.remove(spec.deck.parse_card(option.card))
        turns = 0.0 if option.can_cut else turns_to_cut(found, spec, kept)
        options.append(
            DiscardOdds(
                card=option.card,
                turns_to_cut=turns,
                deadwood_points=option.deadwood_points,
                can_cut=option.can_cut,
                close=option.close,
            )
        )
    best = min(d.turns_to_cut for d in options)
    fastest = sorted(options, key=lambda d: round((d.turns_to_cut - best) / SAME))
    return DrawnOdds(
        game=spec.game,
        hand=tuple(spec.deck.codes(cards)),
        can_cut=solved.can_cut,
        discards=tuple(fastest),
        fewest_points_discard=solved.discard,
    )


def odds(
    game: str | None,
    hand: str | Sequence[str],
    *,
    rules: str | None = None,
    variant: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> HandOdds | DrawnOdds:
    """The entry point: a resting hand's odds, or the discards of a hand after the draw."""
    from mazo.solver.api import rules_for

    spec = rules_for(game, rules=rules, variant=variant)
    why = refusal(spec)
    if why:
        raise InputError.of(why) if isinstance(why, Told) else InputError(why)
    cards = spec.deck.parse_hand(hand)
    if len(cards) not in (spec.hand_size, spec.hand_size + 1):
        raise InputError.of(
            "odds_size", size=spec.hand_size, more=spec.hand_size + 1, given=len(cards)
        )
    answer = hand_odds if len(cards) == spec.hand_size else drawn_odds
    return answered(spec, lambda found: answer(found, spec, cards), progress)


def answered(
    spec: RuleSpec, answer: Callable[[OddsTable], T], progress: Progress | None = None
) -> T:
    """answer(the rules set's table); if a block of its file turns out damaged on the way, the
    table is built again and asked again."""
    try:
        return answer(table(spec, progress))
    except DamagedTable:
        return answer(table(spec, progress, rebuild=True))


@dataclass(frozen=True, slots=True)
class DealOdds:
    """A random deal (a resting hand dealt to a player who is not the mano) under the rules in
    force: each class weighted by the deals it stands for; and the table's own figures."""

    game: str
    turns_to_cut: float
    quantiles: dict[str, float]
    cut_within: tuple[float, ...] = field(metadata=as_json(convert=_by_turn))
    classes: int
    sweeps: int
    max_change: float

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


def deal_odds(found: OddsTable, spec: RuleSpec) -> DealOdds:
    return DealOdds(
        game=spec.game,
        turns_to_cut=found.deal.turns_to_cut,
        quantiles=found.deal.quantiles,
        cut_within=tuple(round(p, 6) for p in found.deal.cut_within),
        classes=found.classes,
        sweeps=found.sweeps,
        max_change=found.max_change,
    )


def deal(
    game: str | None,
    *,
    rules: str | None = None,
    variant: dict[str, Any] | None = None,
    progress: Progress | None = None,
    rebuild: bool = False,
) -> DealOdds:
    """The figures of a random deal (and, with rebuild, the table built again first)."""
    from mazo.solver.api import rules_for

    spec = rules_for(game, rules=rules, variant=variant)
    return deal_odds(table(spec, progress, rebuild=rebuild), spec)
