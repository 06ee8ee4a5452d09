"""From a hand to an answer: the best arrangement, the close it makes, every discard ranked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from mazo.solver import closes
from mazo.solver.backends import Backend, search, ties
from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT, Packing, best_packing
from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError, OptionError, quoted
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.spec.rulespec import Close, RuleSpec


@dataclass(frozen=True, slots=True)
class Arrangement:
    """Cards split into melds and loose cards (cartas sueltas / deadwood)."""

    melds: tuple[Meld, ...]
    loose: tuple[Card, ...]
    deadwood: int
    optimal: bool
    deadwood_bound: int  # the fewest loose points not ruled out: `deadwood` when optimal


@dataclass(frozen=True, slots=True)
class Outcome:
    """What keeping these cards gives: the close made (None: no cut) and its arrangement."""

    close: Close | None
    arrangement: Arrangement


def _arrange(spec: RuleSpec, cards: Sequence[Card], packing: Packing) -> Arrangement:
    # A list, not Counter arithmetic: the bots arrange a hand or more every turn of a game.
    left = list(cards)
    for meld in packing.melds:
        for card in meld.cards:
            left.remove(card)
    loose = tuple(sorted(left, key=spec.deck.sort_key))
    melds = tuple(sorted(packing.melds, key=lambda m: [spec.deck.sort_key(c) for c in m.naturals]))
    deadwood = sum(spec.value(c) for c in loose)
    return Arrangement(
        melds=melds,
        loose=loose,
        deadwood=deadwood,
        optimal=packing.optimal,
        deadwood_bound=deadwood if packing.optimal else packing.deadwood_bound,
    )


def _proven(melds: tuple[Meld, ...]) -> Packing:
    """The compiled search's packing: exact, so its bound is its own loose points."""
    return Packing(melds=melds, optimal=True, deadwood_bound=0)


# Checked on every solver made: a game's bots make a few a turn, and an enum iterates slowly.
_BACKENDS = tuple(Backend)


class HandSolver:
    """Solves the cards of one hand and the hands its discards leave, with one back end."""

    def __init__(
        self,
        spec: RuleSpec,
        hand: Sequence[Card],
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        backend: str = Backend.AUTO,
    ):
        if backend not in _BACKENDS:
            raise OptionError.of(
                "unknown_backend", backend=quoted(backend), backends=", ".join(Backend)
            )
        # CP-SAT asked for, or a search that is not installed: no note of a slower path.
        wanted = backend == Backend.AUTO or (backend == Backend.SEARCH and search.available())
        fast = wanted and search.applies(spec, hand)
        if backend == Backend.SEARCH and not fast:
            raise OptionError.of("search_refused", why=search.refusal(spec))
        self.spec = spec
        self.hand = tuple(hand)
        self.time_limit = time_limit
        self.fast = fast
        self._table: search.MeldTable | None = None

    @cached_property
    def candidates(self) -> list[Meld]:
        """The melds this hand can make, listed once and reused for each discard."""
        return candidate_melds(self.spec, self.hand)

    @property
    def table(self) -> search.MeldTable:
        # Kept by hand, not a cached_property, which takes a lock at its first read (Python
        # 3.11): a game's bots make a solver or two a turn and read it once each.
        if self._table is None:
            self._table = search.hand_table(self.spec, lambda: self.candidates)
        return self._table

    def best(
        self,
        cards: Sequence[Card],
        *,
        max_deadwood: int | None = None,
        max_loose_cards: int | None = None,
    ) -> Arrangement | None:
        """The fewest loose points these cards can leave within the limits; None if none can."""
        if not self.fast:
            packing = best_packing(
                Counter(cards),
                self.candidates,
                self.spec.value,
                time_limit=self.time_limit,
                max_deadwood=max_deadwood,
                max_loose_cards=max_loose_cards,
            )
            if packing is None:
                return None
            return _arrange(self.spec, cards, self._by_the_rule(cards, packing, max_loose_cards))
        melds = self.table.best(cards, max_loose_cards)
        if melds is None:
            return None
        arrangement = _arrange(self.spec, cards, _proven(melds))
        if max_deadwood is not None and arrangement.deadwood > max_deadwood:
            return None
        return arrangement

    def melded_points(self, cards: Sequence[Card]) -> int:
        """The most points these cards can meld: their points less `best(cards).deadwood`,
        without arranging the cards for a view (a bot weighs hands every turn)."""
        if self.fast:
            return self.table.melded(cards)
        best = self.best(cards)
        assert best is not None  # without limits some arrangement always exists
        return sum(map(self.spec.value, cards)) - best.deadwood

    def _by_the_rule(
        self, cards: Sequence[Card], packing: Packing, max_loose_cards: int | None
    ) -> Packing:
        """Among the packings as good as CP-SAT's, the one ties.py's rule picks, so that either
        back end shows the same melds: on every hand the compiled search could take (the rule
        orders hands that hold each card once); elsewhere, and unproven, CP-SAT's own."""
        if not packing.optimal or not search.fits(self.spec, cards):
            return packing
        value = self.spec.value
        melded = sum(value(c) for m in packing.melds for c in m.cards)
        order = self.spec.deck.sort_key
        melds = ties.first(cards, self.candidates, order, value, melded, max_loose_cards)
        assert melds is not None  # CP-SAT's own packing melds that much
        return Packing(melds=melds, optimal=True, deadwood_bound=packing.deadwood_bound)

    def outcome(self, kept: Sequence[Card], *, may_cut: bool = True) -> Outcome:
        """The best close these kept cards make, by the spec's precedence, or no close."""
        if self.fast:
            at, melds = self.table.outcome(kept, may_cut=may_cut)
            close = self.spec.closes[at] if at >= 0 else None
            arranged = _arrange(self.spec, kept, _proven(melds))
            return Outcome(close=close, arrangement=arranged)
        base = self.best(kept)
        assert base is not None  # without limits some arrangement always exists
        if not may_cut:
            return Outcome(close=None, arrangement=base)
        for close in self.spec.closes:
            if len(kept) != closes.held(self.spec, close):
                continue
            arrangement = self._meets(close, kept, base)
            if arrangement is not None:
                return Outcome(close=close, arrangement=arrangement)
        return Outcome(close=None, arrangement=base)

    def _meets(self, close: Close, kept: Sequence[Card], base: Arrangement) -> Arrangement | None:
        if not closes.jokers_fit(close, sum(1 for c in kept if c.is_joker)):
            return None
        if close.one_meld is not None:
            counts = Counter(kept)
            for meld in (m for m in self.candidates if m.counts() == counts):
                if meld.kind == close.one_meld:
                    return Arrangement(
                        melds=(meld,), loose=(), deadwood=0, optimal=True, deadwood_bound=0
                    )
            return None
        if close.max_deadwood is not None and base.deadwood > close.max_deadwood:
            return None
        if close.max_loose_cards is None or len(base.loose) <= close.max_loose_cards:
            return base
        return self.best(
            kept, max_deadwood=close.max_deadwood, max_loose_cards=close.max_loose_cards
        )


def solve_hand(
    spec: RuleSpec,
    hand: Sequence[Card],
    *,
    drawn_from_pozo: Card | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    backend: str = Backend.AUTO,
) -> SolveResult:
    """Best arrangement of the hand; with one card over the resting size, every discard ranked."""
    solver = HandSolver(spec, hand, time_limit=time_limit, backend=backend)
    if drawn_from_pozo is not None and drawn_from_pozo not in hand:
        raise IllegalHandError.of("pozo_card_not_held", card=repr(spec.deck.code(drawn_from_pozo)))
    if solver.fast:
        answer = solver.table.solve(
            [hand], drawn_from_pozo, result=SolveResult, discard=DiscardOption
        )[0]
        assert answer is not None  # fast: the table takes this hand
        return answer
    options: list[tuple[tuple, Card, Outcome]] = []
    if len(hand) == spec.hand_size + 1:
        options = _discard_options(spec, solver, hand, drawn_from_pozo)
    best_card, best = _chosen(spec, solver, hand, options)
    codes = spec.deck.codes
    arrangement = best.arrangement
    return SolveResult(
        game=spec.game,
        hand=tuple(codes(hand)),
        melds=_shown(spec, arrangement.melds),
        meld_kinds=tuple(m.kind for m in arrangement.melds),
        deadwood=tuple(codes(arrangement.loose)),
        deadwood_points=arrangement.deadwood,
        discard=spec.deck.code(best_card) if best_card is not None else None,
        discards=tuple(_discard(spec, card, out) for _, card, out in options),
        can_cut=best.close is not None,
        close=best.close.id if best.close else None,
        close_score=closes.score(best.close, arrangement.deadwood),
        proven_optimal=all(o.arrangement.optimal for _, _, o in options) and arrangement.optimal,
        deadwood_bound=arrangement.deadwood_bound,
        variant=spec.changed_options(),
    )


def _chosen(
    spec: RuleSpec,
    solver: HandSolver,
    hand: Sequence[Card],
    options: list[tuple[tuple, Card, Outcome]],
) -> tuple[Card | None, Outcome]:
    """The discard to make and what it leaves: none for a hand of resting size, nor when the
    whole hand closes without one (big gin)."""
    if not options:
        return None, solver.outcome(hand)
    _, card, best = options[0]
    whole = solver.outcome(hand) if any(c.no_discard for c in spec.closes) else None
    if whole is not None and whole.close is not None:
        return None, whole
    return card, best


def _discard_options(
    spec: RuleSpec, solver: HandSolver, hand: Sequence[Card], drawn_from_pozo: Card | None
) -> list[tuple[tuple, Card, Outcome]]:
    """What each discard leaves, best first (closes.discard_key)."""
    options = []
    for card in sorted(set(hand), key=spec.deck.sort_key):
        kept = list(hand)
        kept.remove(card)
        may_cut = not (spec.forbid_cut_with_pozo_card and card == drawn_from_pozo)
        outcome = solver.outcome(kept, may_cut=may_cut)
        key = closes.discard_key(spec, card, outcome.close, outcome.arrangement.deadwood)
        options.append((key, card, outcome))
    options.sort(key=lambda item: item[0])
    return options


def _discard(spec: RuleSpec, card: Card, out: Outcome) -> DiscardOption:
    return DiscardOption(
        card=spec.deck.code(card),
        deadwood_points=out.arrangement.deadwood,
        can_cut=out.close is not None,
        close=out.close.id if out.close else None,
        melds=_shown(spec, out.arrangement.melds),
        deadwood=tuple(spec.deck.codes(out.arrangement.loose)),
    )


def _shown(spec: RuleSpec, melds: Sequence[Meld]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(spec.deck.codes(m.cards)) for m in melds)
