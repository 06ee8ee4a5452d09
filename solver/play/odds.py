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
import hashlib
import json
import os
import struct
import sys
import warnings
import zlib
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from math import comb, factorial
from pathlib import Path
from typing import Any, Protocol

from mazo.solver import closes, compiled
from mazo.solver.backends import search
from mazo.solver.cards import Card
from mazo.solver.errors import CacheWarning, InputError
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.result import SolveResult
from mazo.solver.spec.load import RuleSpec

_odds, MISSING = compiled.load("mazo.solver.play", "_odds")

MODEL = (
    "The solitaire model: the player holds the resting hand; each turn they draw one card, "
    "equally likely any card of the deck not in their hand (the rivals' cards, the stock and "
    "the pozo are unknown and go back into play; each joker copy counts once). If some discard "
    "then leaves a close they cut, and the turn counts; otherwise they discard any card, the "
    "drawn one included. turns_to_cut is the expected number of turns to the cut under the "
    "discard policy that makes it smallest."
)
# Bumped whenever a table's content or file layout changes: older files are rebuilt.
FORMAT = 3
# A Bellman sweep over the finished table must move no value by this much: the values are then
# exact to 1e-9.
TOLERANCE = 1e-11
HORIZON = 20
# A class's chance to cut within n turns is kept to this many steps (four decimals): twenty
# chances a class at full precision would make the tables tens of times larger.
WITHIN_STEPS = 65535
# Hands after the draw, up to suit order, that a table may link: the 48-card deck with two
# jokers needs about 20 million; Gin's 52 cards and ten-card hands, hundreds of millions.
MAX_CLASSES = 30_000_000
# Turns closer than this are the same turns: the game's own ranking orders them.
SAME = 1e-9

Progress = Callable[[str, float], None]


class DamagedTable(ValueError):
    """A cached table's file no longer holds what it was written with: it is built again."""


class Column(Protocol):
    """One value per class (or per row): a numpy array after a build, a Paged read from a file."""

    def __len__(self) -> int: ...

    def __getitem__(self, i: int, /) -> Any: ...


@dataclass(frozen=True, slots=True)
class DealFigures:
    """A random deal under the rules: each class weighted by the deals it stands for."""

    turns_to_cut: float
    quantiles: dict[str, float]
    cut_within: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class OddsTable:
    """turns_to_cut and the chance to cut within 1..HORIZON turns of every resting class, and
    the turns sorted with the share of deals slower than each (for a hand's percentile)."""

    keys: Column  # class keys, ascending
    turns: Column  # turns_to_cut
    within: Column  # HORIZON chances a class, in WITHIN_STEPS
    by_turns: Column  # every class's turns_to_cut, ascending
    slower: Column  # slower[i]: the share of deals whose turns are by_turns[i] or more
    deal: DealFigures
    sweeps: int
    max_change: float
    after_draw: int  # classes of one card more

    @property
    def classes(self) -> int:
        return len(self.keys)


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

    @property
    def args(self) -> tuple[int, int, int, int]:
        return len(self.suits), len(self.ranks), self.jokers, self.size

    def key(self, cards: Sequence[Card]) -> int:
        """The class key of a hand: its suits' rank masks, highest first, then its jokers."""
        masks = dict.fromkeys(self.suits, 0)
        for card in cards:
            if card.suit is not None:  # a natural card; jokers are counted below
                masks[card.suit] |= 1 << self.ranks.index(card.rank)
        key = sum(card.is_joker for card in cards) << _odds.JOKER_SHIFT
        for place, mask in enumerate(sorted(masks.values(), reverse=True)):
            key |= mask << (place * len(self.ranks))
        return key


def refusal(spec: RuleSpec) -> str | None:
    """Why this rules set has no table (None: it has one)."""
    if not mechanism_of(spec).draw_then_discard:
        return f"{spec.game}'s turn is not one draw and one discard, which the table models"
    if _odds is None:
        return f"mazo odds needs its compiled tables, and {MISSING}"
    if not search.available():
        return f"mazo odds needs the compiled meld search, and {search.missing()}"
    deck = spec.deck
    naturals = len(deck.ranks) * len(deck.suits)
    after = comb(naturals + deck.jokers, spec.hand_size + 1) // factorial(len(deck.suits))
    if after > MAX_CLASSES:
        resting = comb(naturals + deck.jokers, spec.hand_size) // factorial(len(deck.suits))
        return (
            f"{spec.game} is out of reach of an exact table: about {resting:,} hands of "
            f"{spec.hand_size} cards up to suit order ({after:,} after the draw; a table stops "
            f"at {MAX_CLASSES:,})"
        )
    if deck.copies != 1 or not search.applies(spec, ()):
        return f"the compiled search does not take {spec.game}'s deck or closes"
    if any(close.no_discard for close in closes.reachable(spec)):
        return f"{spec.game} has a close without a discard, which the table does not model"
    return None


def rules_key(spec: RuleSpec) -> str:
    """Everything that changes a cut: deck, jokers, values, melds, closes, sizes, options."""
    cards = spec.deck.all_cards()
    described = {
        "format": FORMAT,
        "suits": spec.deck.suits,
        "ranks": spec.deck.ranks,
        "jokers": spec.deck.jokers,
        "hand_size": spec.hand_size,
        "values": [spec.value(c) for c in cards],
        "melds": repr(spec.melds),
        "closes": [closes.requirements(c) for c in spec.closes],
        "options": spec.changed_options(),
    }
    text = json.dumps(described, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "mazo"


_MEMORY: dict[str, OddsTable] = {}


def table(spec: RuleSpec, progress: Progress | None = None, *, rebuild: bool = False) -> OddsTable:
    """The rules set's table: from memory, from the cache, or built (and cached)."""
    why = refusal(spec)
    if why:
        raise InputError(why)
    key = rules_key(spec)
    if key in _MEMORY and not rebuild:
        return _MEMORY[key]
    use_disk = os.environ.get("MAZO_NO_CACHE") != "1"
    path = cache_dir() / f"odds-{spec.game}-{key}.table"
    found = None if rebuild or not use_disk else _load(path, key)
    if found is None:
        found = build(spec, progress)
        if use_disk:
            try:
                _save(path, key, found)
            except OSError as error:  # the answer is still this table's, built in memory
                reason = error.strerror or error
                note = CacheWarning(f"the table was not kept in {path.parent}: {reason}")
                warnings.warn(note, stacklevel=2)
    _MEMORY[key] = found
    return found


def build(spec: RuleSpec, progress: Progress | None = None) -> OddsTable:
    """Every resting class's value, in the compiled module."""
    import numpy as np  # the build's: a call on a cached table reads a few blocks without it

    shape = _Shape.of(spec)
    keys, hands = _odds.classes(*shape.args)
    if progress:
        progress("closes", 0.0)
    flags = _closes(spec, shape, np.frombuffer(keys, dtype=np.uint64))
    turns, within, reached, sweeps, change, after = _odds.solve(
        *shape.args, keys, hands, flags, WITHIN_STEPS, progress
    )
    if not change < TOLERANCE:
        raise RuntimeError(f"the table does not hold: a Bellman sweep moves it by {change:.3g}")
    hands_of = np.frombuffer(hands, dtype=np.float64)
    dealt = float(hands_of.sum())
    weights = hands_of / dealt
    values = np.frombuffer(turns, dtype=np.float64)
    order = np.argsort(values, kind="stable")
    share = np.cumsum(weights[order])
    last = len(order) - 1
    quantiles = {
        f"{int(q * 100)}": float(values[order[min(int(np.searchsorted(share, q)), last)]])
        for q in (0.1, 0.5, 0.9)
    }
    deal = DealFigures(
        turns_to_cut=float(weights @ values),
        quantiles=quantiles,
        cut_within=tuple(float(p) / dealt for p in np.frombuffer(reached, dtype=np.float64)),
    )
    return OddsTable(
        keys=np.frombuffer(keys, dtype=np.uint64),
        turns=values,
        within=np.frombuffer(within, dtype=np.uint16).reshape(-1, HORIZON),
        by_turns=values[order],
        slower=np.append(np.cumsum(weights[order][::-1])[::-1], 0.0),
        deal=deal,
        sweeps=sweeps,
        max_change=change,
        after_draw=after,
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
        masks |= lookup[((keys >> np.uint64(place * bits)) & np.uint64(every)).astype(np.intp)]
    jokers = (keys >> np.uint64(_odds.JOKER_SHIFT)).astype(np.uint8)
    return search.deck_table(spec).closes(masks.tobytes(), jokers.tobytes())


# A table file: MAGIC, the header's length (8 bytes, little-endian) and checksum (4), the header
# (JSON: the table's figures, each column's type, shape and block checksums), then the columns.
# A call reads the header and the few blocks its lookups touch, each block checked as read.
MAGIC = b"mazo odds table\n"
COLUMNS = {"keys": "Q", "turns": "d", "within": "H", "by_turns": "d", "slower": "d"}
BLOCK = 1 << 16  # bytes


@dataclass(frozen=True, slots=True)
class Paged:
    """A column of a table file, read a block at a time (and kept), each block checked."""

    path: Path
    offset: int
    kind: str  # struct code of one value
    count: int  # values (rows, for width > 1)
    width: int
    block: int  # bytes: whole rows, at most BLOCK
    checksums: tuple[int, ...]
    blocks: dict[int, bytes]

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, i: int, /) -> Any:
        if not 0 <= i < self.count:
            raise IndexError(i)
        row = struct.calcsize(self.kind) * self.width
        block, at = divmod(i, self.block // row)
        if block not in self.blocks:
            with self.path.open("rb") as f:
                f.seek(self.offset + block * self.block)
                data = f.read(self.block)
            if block >= len(self.checksums) or zlib.adler32(data) != self.checksums[block]:
                raise DamagedTable(f"{self.path} is damaged")
            self.blocks[block] = data
        values = struct.unpack_from(f"{self.width}{self.kind}", self.blocks[block], at * row)
        return values[0] if self.width == 1 else values


def _save(path: Path, key: str, found: OddsTable) -> None:
    import numpy as np

    header: dict[str, Any] = {
        "format": FORMAT,
        "key": key,
        "byteorder": sys.byteorder,
        "sweeps": found.sweeps,
        "max_change": found.max_change,
        "after_draw": found.after_draw,
        "deal": asdict(found.deal),
        "columns": {},
    }
    parts = []
    for name, kind in COLUMNS.items():
        column = np.ascontiguousarray(getattr(found, name), dtype=kind)
        row = column.itemsize * (column.shape[1] if column.ndim == 2 else 1)
        block = BLOCK // row * row
        data = column.tobytes()
        data += bytes(-len(data) % block)  # whole blocks: the next column starts on one
        sums = [zlib.adler32(data[at : at + block]) for at in range(0, len(data), block)]
        header["columns"][name] = {"shape": list(column.shape), "block": block, "checksums": sums}
        parts.append(data)
    text = json.dumps(header, sort_keys=True).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(f".{os.getpid()}.part")
    try:
        with partial.open("wb") as out:
            out.write(MAGIC + len(text).to_bytes(8, "little"))
            out.write(zlib.adler32(text).to_bytes(4, "little") + text)
            for data in parts:
                out.write(data)
        partial.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise


def _load(path: Path, key: str) -> OddsTable | None:
    """A cached table, or None when missing, cut short or from another version (then rebuilt);
    a block damaged inside raises DamagedTable when it is read."""
    try:
        with path.open("rb") as f:
            if f.read(len(MAGIC)) != MAGIC:
                return None
            length = int.from_bytes(f.read(8), "little")
            checksum = int.from_bytes(f.read(4), "little")
            text = f.read(length)
            size = f.seek(0, os.SEEK_END)
        if zlib.adler32(text) != checksum:
            return None
        header = json.loads(text)
        if (header["format"], header["key"], header["byteorder"]) != (FORMAT, key, sys.byteorder):
            return None
        columns, offset = {}, len(MAGIC) + 12 + length
        for name, kind in COLUMNS.items():
            shape, block, sums = (
                header["columns"][name][k] for k in ("shape", "block", "checksums")
            )
            width = shape[1] if len(shape) == 2 else 1
            columns[name] = Paged(path, offset, kind, shape[0], width, block, tuple(sums), {})
            offset += len(sums) * block
        deal = header["deal"]
        found = OddsTable(
            **columns,
            deal=DealFigures(
                turns_to_cut=float(deal["turns_to_cut"]),
                quantiles={str(k): float(v) for k, v in deal["quantiles"].items()},
                cut_within=tuple(float(p) for p in deal["cut_within"]),
            ),
            sweeps=int(header["sweeps"]),
            max_change=float(header["max_change"]),
            after_draw=int(header["after_draw"]),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None
    n = found.classes
    lengths = [len(found.turns), len(found.within), len(found.by_turns), len(found.slower)]
    if offset != size or lengths != [n, n, n, n + 1] or len(found.deal.cut_within) != HORIZON:
        return None
    return found


def index(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> int:
    """The class of a resting hand in the table."""
    key = _Shape.of(spec).key(list(cards))
    i = bisect.bisect_left(found.keys, key)
    if i >= found.classes or found.keys[i] != key:
        raise InputError("this hand is not one of the table's resting hands")
    return i


def turns_to_cut(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> float:
    return float(found.turns[index(found, spec, cards)])


@dataclass(frozen=True, slots=True)
class HandOdds:
    """A resting hand: its expected turns to the cut, the chance to cut within 1..HORIZON
    turns, and the share of random deals slower than it."""

    game: str
    hand: tuple[str, ...]
    turns_to_cut: float
    cut_within: tuple[float, ...]
    deal_percentile: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "hand": list(self.hand),
            "turns_to_cut": self.turns_to_cut,
            "cut_within": {str(n): p for n, p in enumerate(self.cut_within, 1)},
            "deal_percentile": self.deal_percentile,
        }


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
        return {
            "game": self.game,
            "hand": list(self.hand),
            "can_cut": self.can_cut,
            "discard": self.discard,
            "turns_to_cut": self.discards[0].turns_to_cut,
            "discards": [
                {
                    "card": d.card,
                    "turns_to_cut": d.turns_to_cut,
                    "deadwood_points": d.deadwood_points,
                    "can_cut": d.can_cut,
                    "close": d.close,
                }
                for d in self.discards
            ],
            "fewest_points_discard": self.fewest_points_discard,
            "fewest_points_turns_to_cut": self.fewest_points_turns,
        }


def hand_odds(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> HandOdds:
    i = index(found, spec, cards)
    turns = float(found.turns[i])
    slower = float(found.slower[bisect.bisect_right(found.by_turns, turns + SAME)])
    return HandOdds(
        game=spec.game,
        hand=tuple(spec.deck.codes(cards)),
        turns_to_cut=turns,
        cut_within=tuple(round(int(p) / WITHIN_STEPS, 4) for p in found.within[i]),
        deal_percentile=round(slower, 6),
    )


def drawn_odds(found: OddsTable, spec: RuleSpec, cards: Sequence[Card]) -> DrawnOdds:
    """Every discard of a hand after the draw, ranked by the turns it leaves, then as `mazo
    solve` ranks them."""
    from mazo.solver.api import solve_with

    solved = solve_with(spec, list(cards))
    assert isinstance(solved, SolveResult)  # refusal() lets only draw-and-discard specs through
    assert solved.discard is not None  # and no close without a discard
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
        raise InputError(why)
    cards = spec.deck.parse_hand(hand)
    if len(cards) not in (spec.hand_size, spec.hand_size + 1):
        raise InputError(
            f"mazo odds takes {spec.hand_size} cards (a resting hand) or {spec.hand_size + 1} "
            f"(after the draw), got {len(cards)}"
        )
    answer = hand_odds if len(cards) == spec.hand_size else drawn_odds
    try:
        return answer(table(spec, progress), spec, cards)
    except DamagedTable:
        return answer(table(spec, progress, rebuild=True), spec, cards)


@dataclass(frozen=True, slots=True)
class DealOdds:
    """A random deal (a resting hand dealt to a player who is not the mano) under the rules in
    force: each class weighted by the deals it stands for; and the table's own figures."""

    game: str
    turns_to_cut: float
    quantiles: dict[str, float]
    cut_within: tuple[float, ...]
    classes: int
    sweeps: int
    max_change: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "turns_to_cut": self.turns_to_cut,
            "quantiles": self.quantiles,
            "cut_within": {str(n): p for n, p in enumerate(self.cut_within, 1)},
            "classes": self.classes,
            "sweeps": self.sweeps,
            "max_change": self.max_change,
        }


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
