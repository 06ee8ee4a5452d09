"""Take the pozo's top card or draw blind? Exact chances over every card the stock can hold.

The rules of the decision (stated again in `mazo advise --help` and the README):

- Take: the top card joins the hand; it may be discarded again, but never as the discard that
  cuts (the spec's `cut.forbid_pozo_card`, as `mazo solve --drawn-from-pozo` has it).
- Draw: each unseen card (deck − hand − pozo top − seen, jokers counted per copy) is equally
  likely; after it, the best discard by the game's own ranking (the one `mazo solve` puts first).
- A hand can cut (Gin: knock) when some allowed discard leaves a close of the game.
- Horizon 2: when no cut is possible now, the player keeps the discard that gives the best
  chance of cutting after one more blind draw from the cards still unseen (ties: fewer loose
  points, then the game's ranking); the discard goes to the pozo and cannot be drawn.
- The advice is the option with the higher chance of cutting by the end of the next turn
  (horizon 1: this turn); on a tie, the lower expected loose points after this turn's best
  discard (the fewest any discard leaves, as the blind draw's mean counts them); on a
  further tie, draw, which shows the rivals nothing.
- Horizon optimal: the turns to the cut after this turn, as `mazo odds` counts them for a hand
  after the draw: 0 when some allowed discard cuts now, else the fewest expected turns any
  allowed discard leaves, from the solitaire model's table (whose later draws come from its
  pool, the deck less the hand). Drawing: the mean of the same over this turn's unseen cards.
  The advice is the option with fewer turns; on a tie (within odds.SAME), draw.

Every hand of a card over the resting size the position can lead to is listed first, once, and
answered in one batch (the compiled search when the spec allows it, see search.solve_many): at
horizon 2 that is a few thousand hands, never one Python solve per hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any, Final, Literal

from mazo.solver.api import entry_options, rules_for
from mazo.solver.backends import Backend, search
from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT
from mazo.solver.cards import IN_THE_HAND, Card
from mazo.solver.errors import IllegalHandError, OptionError, quoted
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.messages import said, titled
from mazo.solver.plain import as_json, plain
from mazo.solver.spec.rulespec import RuleSpec
from mazo.words import say
from mazo.words.numbers import percent

# How far ahead advise looks: this turn, by the next turn, or the odds table's turns to the cut.
Horizon = Literal[1, 2, "optimal"]
OPTIMAL: Final = "optimal"
HORIZONS: tuple[Horizon, ...] = (1, 2, OPTIMAL)
# What advise advises: take the pozo's top card, or draw blind.
Option = Literal["take", "draw"]
OPTIONS: tuple[Option, ...] = ("take", "draw")


def _chance(name: str, value: Fraction) -> dict[str, Any]:
    """A probability or mean as JSON: the number, and the exact fraction beside it."""
    return {name: float(value), f"{name}_fraction": str(value)}


def _as_chance(name: str, **shown: Any) -> Mapping[str, Any]:
    """The metadata of a field named `name` holding a probability or mean, written as
    `_chance` writes it."""
    return as_json(convert=lambda value: _chance(name, value), spread=True, **shown)


@dataclass(frozen=True, slots=True)
class Keep:
    """What a player keeps after taking or drawing: the discard and what it leaves (no
    discard: a close made with every card, big gin)."""

    discard: str | None
    deadwood_points: int
    can_cut: bool
    close: str | None
    # Horizon 2: the chance of cutting by the end of the next turn (1 when cutting now).
    cut_by_next_turn: Fraction | None = field(
        metadata=_as_chance("cut_by_next_turn", optional=True, after="equal_discards")
    )
    # The fewest loose points any allowed discard leaves (the discard kept may leave more, for
    # a better chance next turn): what the tie-break and the blind draw's mean are made of.
    fewest_deadwood_points: int
    # The other allowed discards that do exactly as well: the same close (or none) and loose
    # points and, without a cut now, at horizon 2 the same chance, at horizon optimal the same
    # turns; in the deck's order.
    equal_discards: tuple[str, ...]
    # Horizon optimal: the turns to the cut (0 when cutting now; else the discard's).
    turns_to_cut: float | None = field(default=None, metadata=as_json(optional=True))


@dataclass(frozen=True, slots=True)
class Drawn:
    """One unseen card as the blind draw, with its copies still unseen, and what follows it."""

    card: str
    copies: int
    keep: Keep = field(metadata=as_json(spread=True))


@dataclass(frozen=True, slots=True)
class DrawOption:
    """The blind draw, over every unseen card."""

    cut_now: Fraction = field(metadata=_as_chance("cut_now"))
    cut_now_cards: int
    expected_deadwood: Fraction = field(metadata=_as_chance("expected_deadwood"))
    closes: dict[str, int]  # close id -> unseen cards (copies) that make it, every close listed
    cut_by_next_turn: Fraction | None = field(
        metadata=_as_chance("cut_by_next_turn", optional=True)
    )
    by_card: tuple[Drawn, ...] = field(metadata=as_json(after="turns_to_cut"))
    # Horizon optimal: the mean over the unseen cards of each one's turns to the cut.
    turns_to_cut: float | None = field(default=None, metadata=as_json(optional=True))


class Reason(Enum):
    """What decided between taking and drawing (the rules in this module's docstring)."""

    NO_POZO_TOP = "no_pozo_top"  # without a pozo top, drawing is the only option
    CUTS_NOW = "cuts_now"  # taking cuts now, and drawing is not as sure to cut
    CHANCE = "chance"  # the higher chance to cut this turn (horizon 1) or by the next (2)
    FEWER_LOOSE = "fewer_loose"  # equal chances; fewer loose points after the best discard
    SAME_LOOSE = "same_loose"  # equal chances and loose points: draw, which shows nothing
    TURNS = "turns"  # fewer expected turns to the cut (horizon optimal)
    SAME_TURNS = "same_turns"  # equal expected turns: draw


@dataclass(frozen=True, slots=True)
class Why:
    """Why the advice is what it is: the reason, and the figures it compared, taking against
    drawing: chances (CHANCE), loose points (FEWER_LOOSE, SAME_LOOSE, beside the equal chance
    `chance`), or expected turns (TURNS, SAME_TURNS); CUTS_NOW names the cut taking makes."""

    reason: Reason
    horizon: int | str
    taking: Any = None
    drawing: Any = None
    chance: Fraction | None = None
    top: str | None = None
    close: str | None = None
    discard: str | None = None


@dataclass(frozen=True, slots=True)
class Advice:
    """The answer of `mazo advise`; its fields are the JSON contract of `mazo advise --json`."""

    game: str
    hand: tuple[str, ...]
    pozo_top: str | None
    seen: tuple[str, ...]
    unseen: int
    horizon: Horizon
    take: Keep | None
    draw: DrawOption
    advice: Option
    reason: Why = field(metadata=as_json(convert=lambda why: in_english(why)))
    variant: dict[str, Any]

    def chance(self, option: Option) -> Fraction:
        """The chance the decision compares at horizons 1 and 2: cutting by the next turn
        (horizon 1: this turn)."""
        return _compared(self.horizon, self.take, self.draw, option)

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


def _compared(horizon: Horizon, take: Keep | None, draw: DrawOption, option: Option) -> Fraction:
    if horizon == OPTIMAL:
        raise ValueError("the optimal horizon compares turns to the cut, not chances")
    if option == "draw":
        chance = draw.cut_now if horizon == 1 else draw.cut_by_next_turn
    elif take is None:
        raise ValueError("no pozo top was given")
    else:
        chance = Fraction(int(take.can_cut)) if horizon == 1 else take.cut_by_next_turn
    assert chance is not None  # two turns deep fills cut_by_next_turn
    return chance


def advise(
    game: str | None,
    hand: str | Iterable[str] | Iterable[Card],
    *,
    pozo_top: str | Card | None = None,
    seen: str | Iterable[str] | Iterable[Card] | None = None,
    horizon: Horizon = 2,
    **options: Any,
) -> Advice:
    """Take or draw: `advise("conga", "1o 2o 3o 5e 6e 11c 12b", pozo_top="4o")`; `horizon` is
    1, 2 or "optimal". Other keywords are `rules`, `variant`, `backend`, `time_limit` or the
    game's options, as for `solve`."""
    call, variant = entry_options("advise", options, ("backend", "time_limit"))
    spec = rules_for(game, rules=call.pop("rules", None), variant=variant)
    return advise_with(spec, hand, pozo_top=pozo_top, seen=seen, horizon=horizon, **call)


def advise_with(
    spec: RuleSpec,
    hand,
    *,
    pozo_top=None,
    seen=None,
    horizon: Horizon = 2,
    backend: str = Backend.AUTO,
    time_limit: float | None = None,
    progress: Callable[[int], None] | None = None,
    building: Callable[[str, float], None] | None = None,
) -> Advice:
    """The advice under resolved rules (see the module's docstring for the rules). `progress`
    is told how many hands were solved one by one so far (by CP-SAT: the slow path); at horizon
    optimal, `building` how the table's build goes (as `mazo odds` tells it), when not cached."""
    position = _Position.read(spec, hand, pozo_top, seen, horizon)
    if backend not in tuple(Backend):
        raise OptionError.of("unknown_backend", backend=repr(backend), backends=", ".join(Backend))
    limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
    melds = position.melds if position.horizon == 2 else None
    solver = _Solver(spec, Backend(backend), limit, melds=melds, progress=progress)
    turns = _table_turns(spec, building) if position.horizon == OPTIMAL else None
    return _Analysis(position, solver, turns).advice()


# Horizon optimal: the table's turns to the cut of each resting hand given.
Turns = Callable[[Sequence[Sequence[Card]]], list[float]]


def _table_turns(spec: RuleSpec, building: Callable[[str, float], None] | None) -> Turns:
    """The rules set's table as a lookup of resting hands, ready before any hand is solved
    (its build, when not cached, is the one long wait)."""
    from mazo.solver.play import odds

    odds.table(spec, building)

    def turns(hands: Sequence[Sequence[Card]]) -> list[float]:
        return odds.answered(
            spec, lambda found: [odds.turns_to_cut(found, spec, h) for h in hands], building
        )

    return turns


def _next_turn_chance(weighed: list[tuple[int, Drawn]], total: int) -> Fraction:
    """Two turns deep: the chance to cut by the next turn, over the draws as weighed."""
    hits: list[Fraction] = []
    for w, d in weighed:
        assert d.keep.cut_by_next_turn is not None  # two turns deep fills it
        hits.append(w * d.keep.cut_by_next_turn)
    return sum(hits, Fraction(0)) / total


def _mean_turns(weighed: list[tuple[int, Drawn]], total: int) -> float:
    """Horizon optimal: the draws' mean turns to the cut (0 for a draw that cuts now)."""
    return sum(w * (d.keep.turns_to_cut or 0.0) for w, d in weighed) / total


@dataclass(frozen=True)
class _Position:
    spec: RuleSpec
    hand: tuple[Card, ...]
    pozo: Card | None
    seen: tuple[Card, ...]
    unseen: Counter
    horizon: Horizon

    @classmethod
    def read(cls, spec: RuleSpec, hand, pozo_top, seen, horizon) -> _Position:
        _check_game(spec)
        horizon = _horizon(spec, horizon)
        deck = spec.deck
        cards = deck.parse_hand(_codes(deck, hand))
        if len(cards) != spec.hand_size:
            raise IllegalHandError.of("advise_size", size=spec.hand_size, given=len(cards))
        pozo = None
        if pozo_top is not None:
            pozo = deck.parse_card(_code(deck, pozo_top))
        seen_cards: tuple[Card, ...] = ()
        if seen:
            seen_cards = deck.parse_hand(_codes(deck, seen), where=said("among_the_seen"))
        on_pozo = (pozo,) if pozo else ()
        deck.check_supply(
            [
                (IN_THE_HAND, cards),
                (said("on_the_pozo"), on_pozo),
                (said("among_the_seen"), seen_cards),
            ]
        )
        unseen = Counter(deck.all_cards()) - Counter(cards) - Counter(seen_cards) - Counter(on_pozo)
        if not unseen:
            raise IllegalHandError.of("all_seen")
        return cls(spec, cards, pozo, seen_cards, unseen, horizon)

    def melds(self) -> list[Meld]:
        """Every meld a hand this position leads to can hold. Such a hand is the hand, less a
        discard, plus at most two cards from outside it (drawn or taken, then the next blind
        draw): a meld holds at most two outside cards, so (without a joker in the hand) each
        outside natural shares a rank with a hand card, or sits within two ranks of one in its
        suit, the ranks between being outside cards too."""
        spec, hand = self.spec, self.hand
        outside = [*self.unseen.elements(), *([self.pozo] if self.pozo is not None else [])]
        if not any(c.is_joker for c in hand):
            outside = [x for x in outside if x.is_joker or self._near(x)]
        # One copy of each natural (the compiled search's decks): only jokers repeat.
        naturals = set(hand)
        jokers = sum(1 for c in hand if c.is_joker)
        return [
            m
            for m in candidate_melds(spec, [*hand, *outside])
            if sum(1 for c in m.naturals if c not in naturals) + max(0, m.jokers - jokers) <= 2
        ]

    def _near(self, card: Card) -> bool:
        """Whether the card shares a rank with a hand card or sits within two ranks of one in
        its suit."""
        at = self.spec.deck.rank_index
        assert card.rank is not None  # jokers are near everything, and taken before this
        return any(
            h.rank == card.rank
            or (h.suit == card.suit and h.rank is not None and abs(at(h.rank) - at(card.rank)) <= 2)
            for h in self.hand
        )


def _check_game(spec: RuleSpec) -> None:
    if mechanism_of(spec).play_rules(spec) is None:
        raise OptionError.of("advise_turn", game=titled(spec))
    if oklahoma_on(spec):
        raise OptionError.of("advise_oklahoma")


def _horizon(spec: RuleSpec, horizon) -> Horizon:
    if isinstance(horizon, bool) or horizon not in HORIZONS:
        raise OptionError.of("horizon_takes", value=quoted(horizon), option="horizon")
    if horizon != OPTIMAL:
        return 1 if horizon == 1 else 2  # given as any number equal to it (2.0)
    from mazo.solver.play.odds import refusal

    why = refusal(spec)
    if why:
        raise OptionError.of("horizon_table", why=why, option="horizon")
    return OPTIMAL


def default_horizon(spec: RuleSpec) -> Horizon:
    """The horizon `mazo advise` answers at when none is asked for: optimal where the rules can
    have an odds table (built once per rules set, the first time), else 2. The library's
    default stays 2, which never waits for a build."""
    from mazo.solver.play.odds import refusal

    return OPTIMAL if refusal(spec) is None else 2


def _codes(deck, cards):
    """Cards as the deck parses them: a string as given, Card objects as their codes."""
    return cards if isinstance(cards, str) else [_code(deck, c) for c in cards]


def _code(deck, card):
    return deck.code(card) if isinstance(card, Card) else card


class _Solver:
    """Answers batches of hands one card over the resting size, each distinct hand once."""

    def __init__(
        self,
        spec: RuleSpec,
        backend: Backend,
        time_limit: float,
        *,
        melds: Callable[[], list[Meld]] | None = None,
        progress: Callable[[int], None] | None = None,
    ):
        self.spec = spec
        self.progress = progress
        self.solved = 0
        self.backend = backend
        self.time_limit = time_limit
        # Thousands of hands are coming (horizon 2): one table of every meld they can hold,
        # rather than a table per hand or the whole deck's.
        self.melds = melds
        self._table: search.MeldTable | None = None
        # A hand as a number: each distinct card one digit in base (most copies + 1), so adding
        # or removing a card is one addition and equal hands get equal keys.
        deck = spec.deck
        base = max(deck.copies, deck.jokers) + 1
        distinct = sorted(set(deck.all_cards()), key=deck.sort_key)
        self.weight = {card: base**i for i, card in enumerate(distinct)}

    def key(self, cards: Iterable[Card]) -> int:
        return sum(self.weight[c] for c in cards)

    def solve(self, hands: Sequence[Sequence[Card]], pozo: Card | None) -> list[SolveResult]:
        answers: list[SolveResult | None] = [None] * len(hands)
        if self.backend != Backend.CPSAT and search.applies(self.spec, ()):
            if self.melds is not None:
                if self._table is None:
                    self._table = search.MeldTable(self.spec, self.melds())
                answers = self._table.solve(hands, pozo, result=SolveResult, discard=DiscardOption)
            else:
                answers = search.solve_many(
                    self.spec, hands, pozo, result=SolveResult, discard=DiscardOption
                )
        return [
            answer if answer is not None else self._one(hand, pozo)
            for hand, answer in zip(hands, answers, strict=True)
        ]

    def _one(self, hand: Sequence[Card], pozo: Card | None) -> SolveResult:
        """A hand the compiled search does not answer, solved on its own."""
        answer = solve_hand(
            self.spec, hand, drawn_from_pozo=pozo, time_limit=self.time_limit, backend=self.backend
        )
        self.solved += 1
        if self.progress is not None:
            self.progress(self.solved)
        return answer


@dataclass
class _Option:
    """A hand after this turn's draw or take, its allowed discards and the pool of the next
    blind draw."""

    cards: tuple[Card, ...]
    allowed: tuple[DiscardOption, ...]  # best first, by the game's ranking
    pool: Counter
    # A close made with every card and no discard (big gin), ranked above any discard as
    # `mazo solve` ranks it: its id and loose points.
    whole: tuple[str, int] | None = None

    @property
    def can_cut(self) -> bool:
        return self.whole is not None or self.allowed[0].can_cut


class _Analysis:
    def __init__(self, position: _Position, solver: _Solver, turns: Turns | None = None):
        self.pos = position
        self.solver = solver
        self.spec = position.spec
        self.turns = turns

    def advice(self) -> Advice:
        pos, spec = self.pos, self.spec
        deck = spec.deck
        drawn = sorted(pos.unseen, key=deck.sort_key)
        hands = [(*pos.hand, card) for card in drawn]
        draws = [
            self._option(cards, result, None, pos.unseen - Counter([card]))
            for card, cards, result in zip(
                drawn, hands, self.solver.solve(hands, None), strict=True
            )
        ]
        take = None
        if pos.pozo is not None:
            cards = (*pos.hand, pos.pozo)
            result = self.solver.solve([cards], pos.pozo)[0]
            take = self._option(cards, result, pos.pozo, pos.unseen)
            if not take.allowed:  # a hand of nothing but copies of the pozo top
                raise IllegalHandError.of("only_the_pozo_top")
        options = [o for o in (*draws, take) if o is not None]
        chances = self._next_turn(options) if pos.horizon == 2 else self._turns(options)
        draw = self._draw(drawn, draws, chances)
        kept = None if take is None else self._keep(take, chances)
        pozo_top = None if pos.pozo is None else deck.code(pos.pozo)
        choice, reason = _decide(pos.horizon, pozo_top, kept, draw)
        return Advice(
            game=spec.game,
            hand=tuple(deck.codes(pos.hand)),
            pozo_top=pozo_top,
            seen=tuple(deck.codes(pos.seen)),
            unseen=sum(pos.unseen.values()),
            horizon=pos.horizon,
            take=kept,
            draw=draw,
            advice=choice,
            reason=reason,
            variant=spec.changed_options(),
        )

    def _draw(self, drawn: list[Card], draws: list[_Option], chances) -> DrawOption:
        """The blind draw summed over the unseen cards, each weighed by its unseen copies."""
        unseen = self.pos.unseen
        total = sum(unseen.values())
        weights = [unseen[card] for card in drawn]
        by_card = tuple(
            Drawn(self.spec.deck.code(card), unseen[card], self._keep(option, chances))
            for card, option in zip(drawn, draws, strict=True)
        )
        weighed = list(zip(weights, by_card, strict=True))
        cutting = [(w, d) for w, d in weighed if d.keep.can_cut]
        cut_cards = sum(w for w, _ in cutting)
        fewest = sum(w * d.keep.fewest_deadwood_points for w, d in weighed)
        return DrawOption(
            cut_now=Fraction(cut_cards, total),
            cut_now_cards=cut_cards,
            expected_deadwood=Fraction(fewest, total),
            closes={
                c.id: sum(w for w, d in cutting if d.keep.close == c.id) for c in self.spec.closes
            },
            cut_by_next_turn=_next_turn_chance(weighed, total) if self.pos.horizon == 2 else None,
            by_card=by_card,
            turns_to_cut=_mean_turns(weighed, total) if self.pos.horizon == OPTIMAL else None,
        )

    def _option(self, cards, result: SolveResult, pozo: Card | None, pool: Counter) -> _Option:
        # The solve was told the card came from the pozo: a discard of it does not cut.
        allowed = tuple(result.discards)
        whole = None
        if result.discard is None and result.close is not None:
            whole = (result.close, result.deadwood_points)
        return _Option(tuple(cards), allowed, pool, whole)

    def _next_turn(self, options: list[_Option]) -> dict[int, list[tuple[DiscardOption, Fraction]]]:
        """Horizon 2: for each option that cannot cut now, each discard it allows with the
        chance that one more blind draw from the option's pool lets it cut; by option id."""
        hands: dict[int, tuple[Card, ...]] = {}
        plans = [(o, *self._plan(o, hands)) for o in options if not o.can_cut]
        keys = list(hands)
        answers = self.solver.solve([hands[k] for k in keys], None) if keys else []
        cuts = {k: a.can_cut for k, a in zip(keys, answers, strict=True)}
        return {id(option): _chances(kept, pool, cuts) for option, kept, pool in plans}

    def _turns(self, options: list[_Option]) -> dict[int, list[tuple[DiscardOption, float]]]:
        """Horizon optimal: for each option that cannot cut now, each discard it allows with
        the table's turns to the cut from the hand it keeps (within odds.SAME of the fewest:
        the fewest); by option id. Horizon 1: none."""
        if self.turns is None:
            return {}
        waiting = [o for o in options if not o.can_cut]
        kept = [_kept(o.cards, d.card, self.spec) for o in waiting for d in o.allowed]
        # Each distinct hand looked up once: every drawn card thrown back keeps the hand itself.
        keys = [self.solver.key(cards) for cards in kept]
        distinct = dict(zip(keys, kept, strict=True))
        turns = dict(zip(distinct, self.turns(list(distinct.values())), strict=True))
        found = iter(turns[key] for key in keys)
        return {
            id(o): list(zip(o.allowed, _fastest([next(found) for _ in o.allowed]), strict=True))
            for o in waiting
        }

    def _plan(self, option: _Option, hands: dict[int, tuple[Card, ...]]):
        """The option's discards, each with the key of the cards it keeps, and its pool as
        (card's weight, copies) each; every hand one more blind draw makes goes into `hands`
        by key, so the solver meets each distinct hand once over all options."""
        weight = self.solver.weight
        pool = [(weight[card], n, card) for card, n in option.pool.items()]
        whole = self.solver.key(option.cards)
        by_code = {self.spec.deck.code(c): c for c in option.cards}
        kept = []
        for discard in option.allowed:
            thrown = by_code[discard.card]
            key = whole - weight[thrown]
            kept.append((discard, key))
            rest = list(option.cards)
            rest.remove(thrown)
            for w, _, card in pool:
                hands.setdefault(key + w, (*rest, card))
        return kept, [(w, n) for w, n, _ in pool]

    def _keep(self, option: _Option, values: dict[int, list[tuple[DiscardOption, Any]]]) -> Keep:
        """The discard kept and what it leaves; `values` holds what the horizon compares."""
        horizon = self.pos.horizon
        if option.whole is not None:  # every card melds: the hand ends with no discard
            close, points = option.whole
            now = self._cut_now()
            return Keep(
                discard=None,
                deadwood_points=points,
                can_cut=True,
                close=close,
                cut_by_next_turn=now if horizon == 2 else None,
                fewest_deadwood_points=points,
                equal_discards=(),
                turns_to_cut=now if horizon == OPTIMAL else None,
            )
        fewest = min(o.deadwood_points for o in option.allowed)
        ranked: Sequence[tuple[DiscardOption, Any]]
        if horizon == 1 or option.can_cut:
            ranked = [(o, self._cut_now() if option.can_cut else None) for o in option.allowed]
            at = 0
        elif horizon == 2:
            ranked = values[id(option)]
            # Highest chance, then fewer loose points, then the game's ranking (list order).
            at = min(
                range(len(ranked)), key=lambda i: (-ranked[i][1], ranked[i][0].deadwood_points, i)
            )
        else:
            ranked = values[id(option)]
            at = min(range(len(ranked)), key=lambda i: (ranked[i][1], i))  # then the ranking
        discard, value = ranked[at]
        same = (discard.close, discard.deadwood_points, value)
        equal = [
            o.card
            for o, p in ranked
            if o is not discard and (o.close, o.deadwood_points, p) == same
        ]
        deck = self.spec.deck
        return Keep(
            discard=discard.card,
            deadwood_points=discard.deadwood_points,
            can_cut=discard.can_cut,
            close=discard.close,
            cut_by_next_turn=value if horizon == 2 else None,
            fewest_deadwood_points=fewest,
            equal_discards=tuple(sorted(equal, key=lambda c: deck.sort_key(deck.parse_card(c)))),
            turns_to_cut=value if horizon == OPTIMAL else None,
        )

    def _cut_now(self) -> Any:
        """What a cut now counts as at the horizon: a sure chance, or no turns left."""
        return {1: None, 2: Fraction(1), OPTIMAL: 0.0}[self.pos.horizon]


def _kept(cards: Sequence[Card], discard: str, spec: RuleSpec) -> list[Card]:
    """The cards left after a discard."""
    kept = list(cards)
    kept.remove(spec.deck.parse_card(discard))
    return kept


def _fastest(turns: list[float]) -> list[float]:
    """Turns within odds.SAME of the fewest are the fewest: the game's ranking orders them."""
    from mazo.solver.play.odds import SAME

    best = min(turns)
    return [best if t - best < SAME else t for t in turns]


def _chances(kept, pool, cuts: dict[int, bool]) -> list[tuple[DiscardOption, Fraction]]:
    """Each discard with the share of the pool's copies whose draw then lets the hand cut."""
    size = sum(n for _, n in pool)
    return [
        (discard, Fraction(sum(n for w, n in pool if cuts[key + w]), size or 1))
        for discard, key in kept
    ]


def _decide(
    horizon: Horizon, pozo_top: str | None, take: Keep | None, draw: DrawOption
) -> tuple[Option, Why]:
    """take or draw, and why (the views say it in the player's language)."""
    if take is None:
        return "draw", Why(Reason.NO_POZO_TOP, horizon)
    if horizon == OPTIMAL:
        return _decide_by_turns(pozo_top, take, draw)
    p_take = _compared(horizon, take, draw, "take")
    p_draw = _compared(horizon, take, draw, "draw")
    if take.can_cut and p_take > p_draw:
        return "take", _cuts_now(horizon, pozo_top, take)
    if p_take != p_draw:
        choice: Option = "take" if p_take > p_draw else "draw"
        return choice, Why(Reason.CHANCE, horizon, p_take, p_draw)
    # Like with like: the fewest loose points a discard leaves, taking and (on average) drawing.
    taking, drawing = take.fewest_deadwood_points, draw.expected_deadwood
    if taking != drawing:
        choice = "take" if taking < drawing else "draw"
        return choice, Why(Reason.FEWER_LOOSE, horizon, taking, drawing, chance=p_take)
    return "draw", Why(Reason.SAME_LOOSE, horizon, taking, drawing, chance=p_take)


def _cuts_now(horizon: Horizon, pozo_top: str | None, take: Keep) -> Why:
    return Why(Reason.CUTS_NOW, horizon, top=pozo_top, close=take.close, discard=take.discard)


def _decide_by_turns(pozo_top: str | None, take: Keep, draw: DrawOption) -> tuple[Option, Why]:
    """Horizon optimal: fewer turns to the cut; equal turns, draw."""
    from mazo.solver.play.odds import SAME

    taking, drawing = take.turns_to_cut, draw.turns_to_cut
    assert taking is not None and drawing is not None  # the optimal horizon fills both
    if taking < drawing - SAME and take.can_cut:
        return "take", _cuts_now(OPTIMAL, pozo_top, take)
    if abs(taking - drawing) >= SAME:
        return "take" if taking < drawing else "draw", Why(Reason.TURNS, OPTIMAL, taking, drawing)
    return "draw", Why(Reason.SAME_TURNS, OPTIMAL, taking, drawing)


def in_english(why: Why) -> str:
    """The reason as `mazo advise --json` writes it, in English whatever the language: the
    JSON never changes with it."""
    figures: dict[str, Any] = {"top": why.top, "close": why.close, "discard": why.discard}
    if why.reason in (Reason.CHANCE, Reason.FEWER_LOOSE, Reason.SAME_LOOSE):
        figures["when"] = say("en", f"json.advise.when_{why.horizon}")
    if why.reason is Reason.CHANCE:
        figures |= {"taking": _percent(why.taking), "drawing": _percent(why.drawing)}
    elif why.reason in (Reason.FEWER_LOOSE, Reason.SAME_LOOSE):
        assert why.chance is not None  # a tie in chances names the chance
        figures |= {"chance": _percent(why.chance), "taking": why.taking}
        figures["drawing"] = f"{float(why.drawing):.2f}"
        figures["way"] = say(
            "en", f"json.advise.by_{'taking' if why.taking < why.drawing else 'drawing'}"
        )
    elif why.reason in (Reason.TURNS, Reason.SAME_TURNS):
        figures |= {"taking": f"{why.taking:.2f}", "drawing": f"{why.drawing:.2f}"}
    return say("en", f"json.advise.{why.reason.value}", **figures)


def _percent(value: Any) -> str:
    return percent(float(value), "en", 1)
