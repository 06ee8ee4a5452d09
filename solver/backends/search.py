"""The fast exact back end: the compiled memoised search of solver/backends/_search.c.

Python lists the candidate melds (the same list CP-SAT chooses from, so the rules live in one
place) and describes the deck, the closes and the ranking of discards (as closes.py defines
them) once per spec, by keyword; the compiled table holds the melds as card masks and answers
whole hands, discards ranked, without coming back to Python per discard, in the answer types its
caller names (the mechanism's dataclasses: this back end knows none).

A table is built from one hand's candidates, or, for batches, from every meld the deck can make
(built once per spec, once enough hands have come in batches: see BATCH).
"""

from __future__ import annotations

import threading
import warnings
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from mazo.solver import closes, compiled
from mazo.solver.cards import JOKER_SPELLINGS, Card, Deck
from mazo.solver.errors import SlowPathWarning
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.messages import Told, said
from mazo.solver.spec.rulespec import Close, RuleSpec

if TYPE_CHECKING:
    from mazo.solver.backends._search import CloseData, Table

R = TypeVar("R")


def _compiled() -> type[Table]:
    from mazo.solver.backends._search import Table

    return Table


# Without it (installed without a C compiler) CP-SAT answers everything: available() and
# applies() test for it.
_Table, _MISSING = compiled.load("mazo.solver.backends._search", _compiled)

_warned = False

# The memo holds every subset of the hand's cards.
MAX_CARDS = 16
# Once this many hands have gone through solve_many for a spec, it lists the deck's melds once
# instead of each hand's melds: listing the deck's costs about what this many hands' own lists
# cost, so either choice costs at most twice the other.
BATCH = 256
JOKER = Card.joker()


def available() -> bool:
    return _Table is not None


def missing() -> str:
    """Why the compiled search is not in use ('' when it is)."""
    return _MISSING if _Table is None else ""


def applies(spec: RuleSpec, cards: Sequence[Card]) -> bool:
    """Cards the search takes, under closes whose every rule it tests."""
    if _Table is None:
        if fits(spec, cards):
            _warn_missing()
        return False
    # The spec's part of fits, kept: a game's bots ask this of a hand or two every turn.
    kept = _per_spec(spec)
    return kept.modelled and kept.fits and _hand_fits(spec.deck, cards)


def _warn_missing() -> None:
    """Once a process: hands of playing size go through CP-SAT instead, many times slower."""
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            SlowPathWarning(said("search_slow", why=_MISSING, how=compiled.HOW)),
            stacklevel=3,
        )


def _takes(spec: RuleSpec, cards: Sequence[Card]) -> bool:
    return _Table is not None and fits(spec, cards)


def fits(spec: RuleSpec, cards: Sequence[Card]) -> bool:
    """One copy of each card (in the deck and in the hand), a hand of playing size and melds
    with a natural card each."""
    return _spec_fits(spec) and _hand_fits(spec.deck, cards)


def _spec_fits(spec: RuleSpec) -> bool:
    """fits' part that is the spec's: one copy of each card, a deck of 64 cards at most, and
    melds with a natural card each."""
    deck = spec.deck
    return (
        deck.copies == 1
        and len(deck.ranks) * len(deck.suits) <= 64
        and all(kind.min_naturals >= 1 for kind in spec.melds)
    )


def _hand_fits(deck: Deck, cards: Sequence[Card]) -> bool:
    """fits' part that is the hand's: of playing size, no card twice, the deck's jokers at most."""
    naturals = [c for c in cards if c.rank is not None]  # not jokers (a property is slower)
    return (
        len(cards) <= MAX_CARDS
        and deck.distinct(naturals)
        and len(cards) - len(naturals) <= deck.jokers
    )


def refusal(spec: RuleSpec) -> Told:
    """Why the search does not take a hand that applies refused."""
    if _Table is None:
        return Told("search_not_in_use", why=_MISSING)
    if _takes(spec, ()) and not _per_spec(spec).modelled:
        return Told("search_untested", most=_Table.MAX_NUMBER)
    return Told("search_cards", most=MAX_CARDS)


@dataclass(frozen=True)
class _Deck:
    """What every table of a spec shares: cards as indices, values, closes, the ranking of
    discards; the compiled table's keywords before the melds."""

    index: dict[Any, int]  # Card or any spelling of it -> deck index; the joker is last
    kinds: tuple[str, ...]
    naturals: int
    jokers: int
    hand_size: int
    forbid_pozo_cut: bool
    values: tuple[int, ...]  # a card's, by deck index
    throw_ranks: tuple[int, ...]  # closes.throw_ranks
    closes: tuple[CloseData, ...]
    codes: tuple[str, ...]  # a card's canonical code, by deck index
    game: str
    variant: dict[str, Any]

    @classmethod
    def of(cls, spec: RuleSpec) -> _Deck:
        deck = spec.deck
        # The deck's canonical order (one copy of each card: see applies) is the index order.
        naturals = tuple(c for c in deck.all_cards() if not c.is_joker)
        index: dict[Any, int] = {}
        for i, card in enumerate((*naturals, JOKER)):
            index[card] = i
            for token in _spellings(spec, card):
                index[token] = i
        kinds = tuple(kind.id for kind in spec.melds)
        cards = (*naturals, JOKER)
        return cls(
            index=index,
            kinds=kinds,
            naturals=len(naturals),
            jokers=deck.jokers,
            hand_size=spec.hand_size,
            forbid_pozo_cut=spec.forbid_cut_with_pozo_card,
            values=tuple(spec.value(c) for c in cards),
            throw_ranks=tuple(closes.throw_ranks(spec, cards)),
            closes=tuple(_close_data(c, kinds) for c in spec.closes),
            codes=tuple(deck.codes(cards)),
            game=spec.game,
            variant=spec.changed_options(),
        )

    def table(self, spec: RuleSpec, melds: Sequence[Meld]) -> Table:
        """The compiled table of these melds: each as its card mask, jokers and kind index."""
        assert _Table is not None  # applies() said the search is in use
        rows = [
            (sum(1 << self.index[c] for c in m.naturals), m.jokers, self.kinds.index(m.kind))
            for m in melds
        ]
        return _Table(
            naturals=self.naturals,
            jokers=self.jokers,
            hand_size=self.hand_size,
            forbid_pozo_cut=self.forbid_pozo_cut,
            values=self.values,
            throw_ranks=self.throw_ranks,
            closes=self.closes,
            index=self.index,
            codes=self.codes,
            game=self.game,
            variant=self.variant,
            melds=rows,
            meld_codes=tuple(tuple(spec.deck.codes(m.cards)) for m in melds),
            meld_kinds=tuple(m.kind for m in melds),
        )


def _spellings(spec: RuleSpec, card: Card) -> set[str]:
    """Every way the notation lets a player write this card (case-insensitive)."""
    notation = spec.deck.notation
    if card.is_joker:
        return set(JOKER_SPELLINGS)
    ranks = [text for text, rank in notation.rank_aliases.items() if rank == card.rank]
    suits = [text for text, suit in notation.suit_aliases.items() if suit == card.suit]
    return {
        r + s
        for rank in ranks
        for suit in suits
        for r in {rank, rank.lower()}
        for s in {suit, suit.lower()}
    }


def _close_data(close: Close, kinds: Sequence[str]) -> CloseData:
    """A close as the compiled table takes it: its id, its requirements by name (the meld kind
    as an index), and how it scores (closes.score_rule)."""
    tests = closes.requirements(close)
    if "one_meld" in tests:
        tests["one_meld"] = kinds.index(tests["one_meld"])
    return (close.id, tests, *closes.score_rule(close))


def _or_minus(limit: int | None) -> int:
    return -1 if limit is None else limit


def _modelled(spec: RuleSpec) -> bool:
    """Does the compiled search test every rule of the spec's closes, with every number in its
    range? A spec it does not model goes to the general path whole."""
    if _Table is None:
        return False
    numbers = [
        spec.hand_size,
        spec.deck.jokers,
        spec.joker_value,
        *(spec.value(c) for c in spec.deck.all_cards()),
    ]
    for close in spec.closes:
        tests = closes.requirements(close)
        if not set(tests) <= set(_Table.CLOSE_TESTS):
            return False
        numbers += [v for k, v in tests.items() if k != "one_meld"]
    return all(0 <= n <= _Table.MAX_NUMBER for n in numbers)


class _PerSpec:
    """What the search keeps for a spec: its deck as indices, and the deck's table once a batch
    asks for it."""

    def __init__(self, spec: RuleSpec):
        self.fits = _spec_fits(spec)
        self.modelled = _modelled(spec)
        self.deck = _Deck.of(spec)
        self.table: MeldTable | None = None
        self.batched = 0  # hands seen by solve_many
        self.single = 0  # hands seen by hand_table


_PER_SPEC: dict[int, tuple[weakref.ref, _PerSpec]] = {}


def _per_spec(spec: RuleSpec) -> _PerSpec:
    key = id(spec)
    found = _PER_SPEC.get(key)
    if found is None or found[0]() is not spec:
        found = (weakref.ref(spec, lambda _: _PER_SPEC.pop(key, None)), _PerSpec(spec))
        _PER_SPEC[key] = found
    return found[1]


class MeldTable:
    """Candidate melds as deck masks, with the compiled search over them."""

    def __init__(self, spec: RuleSpec, melds: Sequence[Meld]):
        # A meld longer than the longest hand the search takes never fits one.
        self.melds = tuple(m for m in melds if len(m) <= MAX_CARDS)
        # Each meld's points, counted once: a bot asks how much a hand melds every turn.
        self.points = tuple(sum(map(spec.value, m.cards)) for m in self.melds)
        # The compiled table keeps the hand it is solving in itself: one caller at a time.
        self._lock = threading.Lock()
        self._engine = _per_spec(spec).deck.table(spec, self.melds)

    def solve(
        self,
        hands: Sequence[Sequence[Any]],
        pozo: Card | None,
        *,
        result: type[R],
        discard: type,
    ) -> list[R | None]:
        """The answer for each hand (cards, their codes, or the codes in one string), as the
        caller's dataclasses `result` and `discard` (the discards' answers); None where the hand
        is not one this table can answer (a spelling it does not know, a card twice, too many
        cards, the card taken from the pozo missing): the general path then answers or reports
        it."""
        with self._lock:
            return self._engine.solve(hands, pozo, result=result, discard=discard)

    def outcome(self, cards: Sequence[Card], *, may_cut: bool) -> tuple[int, tuple[Meld, ...]]:
        """The index of the best close these cards make (-1: none) and its melds."""
        with self._lock:
            close, ids = self._engine.outcome(cards, may_cut)
        return close, tuple(self.melds[i] for i in ids)

    def closes(self, masks: bytes, jokers: bytes) -> bytes:
        """One byte per hand, 1 where it makes a close: hands as uint64 masks of deck_index
        bits and one byte of jokers each."""
        with self._lock:
            return self._engine.closes(masks, jokers)

    def best(self, cards: Sequence[Card], max_loose_cards: int | None) -> tuple[Meld, ...] | None:
        """The melds leaving the fewest loose points, at most max_loose_cards of them loose."""
        with self._lock:
            ids = self._engine.best(cards, _or_minus(max_loose_cards))
        return None if ids is None else tuple(self.melds[i] for i in ids)

    def melded(self, cards: Sequence[Card]) -> int:
        """The most points these cards can meld: best's melds (no limit), counted."""
        with self._lock:
            ids = self._engine.best(cards, _or_minus(None))
        assert ids is not None  # with no limit on loose cards some packing always exists
        return sum(self.points[i] for i in ids)


def deck_index(spec: RuleSpec) -> dict[Any, int]:
    """Each card's (and each spelling's) bit in the compiled table's deck masks."""
    return _per_spec(spec).deck.index


def deck_table(spec: RuleSpec) -> MeldTable:
    """Every meld the deck can make, listed once per spec."""
    kept = _per_spec(spec)
    if kept.table is None:
        kept.table = MeldTable(spec, candidate_melds(spec, spec.deck.all_cards()))
    return kept.table


def hand_table(spec: RuleSpec, candidates: Callable[[], Sequence[Meld]]) -> MeldTable:
    """A table that answers this hand: its own melds' (`candidates` lists them), or the deck's
    once BATCH hands of the spec have come through here or a batch built it. Both answer alike
    (the same melds in the same order: see solve_many), and a game's bots solve a hand or more
    a turn, where listing each hand's melds costs more than the search itself."""
    kept = _per_spec(spec)
    kept.single += 1
    if kept.table is None and kept.single < BATCH:
        return MeldTable(spec, candidates())
    return deck_table(spec)


def solve_many(
    spec: RuleSpec,
    hands: Sequence[str | Sequence[str | Card]],
    pozo: Card | None,
    *,
    result: type[R],
    discard: type,
) -> list[R | None]:
    """Answers for a batch of hands as given (MeldTable.solve's), None where MeldTable.solve
    leaves one to the general path (which also answers small batches, where listing each hand's
    melds is cheaper)."""
    kept = _per_spec(spec)
    kept.batched += len(hands)
    if kept.batched < BATCH and kept.table is None:
        return [None] * len(hands)
    return deck_table(spec).solve(hands, pozo, result=result, discard=discard)
