"""The game engine for the games whose turn is "draw one, discard one" (Conga, Chinchón, Gin).

It deals a round from the spec's `play` rules, asks each player in turn order for their draw and
discard, checks every answer against the rules (a cut is legal exactly when `mazo solve` says
so for those cards), scores the round with the scoring code (`score_round`) and carries the
match with the match code (elimination and reenganche, or a game to a target). Nothing here
knows a game's name: the spec's data decides.

Every step is told as one event, a dict in the game record's format (`record.py`), so a record
is the game: the simulator writes the events, the referee replays them.

An illegal answer or an exception from a player ends the game as that player's forfeit.

With `MAZO_DEBUG=1` in the environment (`debug`) the engine checks after every step that every
card is in exactly one place (`Table.check`): the check proves the engine, not the players, so a
production run skips it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import MazoError, OptionError, cut, printable
from mazo.solver.game.debug import DEBUG
from mazo.solver.game.match import MatchKeeper, keeper_for
from mazo.solver.game.table import Table
from mazo.solver.game.view import SOURCES, Asked, Player, TableView, View
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.messages import Told, titled
from mazo.solver.spec.rulespec import PlayRules, RuleSpec
from mazo.solver.stopping import STOPS

# A round that has not ended after this many turns is stopped: bots that never cut would
# otherwise recycle the stock for ever.
MAX_TURNS = 600
Event = dict[str, Any]
# A player's exception message is kept in the record to this many characters.
ERROR_AT_MOST = 200


class Forfeit(Exception):
    """A player's answer broke the rules (or the player raised): the game ends there. `why` is
    the message's key and fields, as the record keeps them beside its English text, so that a
    replay says it in either language."""

    def __init__(self, player: str, key: str, **fields: str):
        self.message = Told(key, **fields)
        super().__init__(f"{player}: {self.message}")
        self.player = player
        self.why = {"key": key, **fields}


class Stopped(Exception):
    """The game stops before it is decided (a round that never ends)."""


def playable(spec: RuleSpec) -> PlayRules:
    """The game's rules of play; a game the engine cannot play yet is refused."""
    rules = mechanism_of(spec).play_rules(spec)
    if rules is None:
        raise OptionError.of("play_not_playable", game=titled(spec))
    return rules


class Shuffler:
    """Every order the cards come in, from the seed alone: the same seed deals the same cards
    to the same seats whoever sits there."""

    def __init__(self, seed: int):
        self.seed = seed

    def deal(self, round_number: int, cards: list[Card]) -> list[Card]:
        """The deck as dealt: the first cards to the players, the rest the stock (its top last)."""
        shuffled = list(cards)
        random.Random(f"mazo-deal:{self.seed}:{round_number}").shuffle(shuffled)
        return shuffled

    def recycle(self, round_number: int, times: int, cards: list[Card]) -> list[Card]:
        """The pozo's cards shuffled into a new stock (its top last)."""
        shuffled = list(cards)
        random.Random(f"mazo-recycle:{self.seed}:{round_number}:{times}").shuffle(shuffled)
        return shuffled


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table: the name the record uses, the player, and what sits there (a
    bot's level, or a class's name)."""

    name: str
    player: Player
    label: str


@dataclass(slots=True)
class Outcome:
    """How the game ended: the events (the record), the winner(s) and why."""

    events: list[Event] = field(default_factory=list)
    winners: tuple[str, ...] = ()
    reason: str = ""
    forfeit: str | None = None
    rounds: int = 0


@dataclass(slots=True)
class _Round:
    """The round being played: its number, mano and dealer, the table, and its first upcard."""

    number: int
    mano: str
    dealer: str
    table: Table
    upcard: Card | None
    # The rules a cut is judged by: the spec's, or under Oklahoma the upcard's knock limit.
    cut_spec: RuleSpec
    turns: int = 0
    recycles: int = 0


class Game:
    """One game (a match): rounds until the match is decided, or `max_rounds` are played."""

    def __init__(
        self,
        spec: RuleSpec,
        seats: Sequence[Seat],
        *,
        seed: int = 0,
        rules_file: str | None = None,
        shuffler: Shuffler | None = None,
        max_rounds: int | None = None,
        on_event: Callable[[Event], None] | None = None,
    ):
        self.spec = spec
        self.play_rules = playable(spec)
        self.seats = list(seats)
        self.names = [s.name for s in self.seats]
        self.players = {s.name: s.player for s in self.seats}
        self.seed = seed
        self.rules_file = rules_file
        self.shuffler = shuffler or Shuffler(seed)
        self.max_rounds = max_rounds
        self.on_event = on_event
        self.match: MatchKeeper = keeper_for(spec, self.names)
        self.outcome = Outcome()
        self.ending: Event = {}
        self._check_seats()

    def _check_seats(self) -> None:
        rules = self.spec.match
        count = len(self.names)
        if not rules.min_players <= count <= rules.max_players:
            raise OptionError.of(
                "record_seats",
                game=titled(self.spec),
                least=rules.min_players,
                most=rules.max_players,
                count=count,
            )
        if len(set(self.names)) != count:
            raise OptionError.of("seats_same_name")
        table = self.spec.hand_size * count + self.play_rules.mano_extra + 2
        if table > self.spec.deck.size:
            raise OptionError.of(
                "deck_cannot_deal", size=self.spec.deck.size, count=count, hand=self.spec.hand_size
            )

    # --- the game ---

    def play(self) -> Outcome:
        self._emit(
            {
                "event": "game",
                "format": 1,
                "game": self.spec.game,
                "options": dict(self.spec.chosen),
                "rules_file": self.rules_file,
                "players": list(self.names),
                "seats": {s.name: s.label for s in self.seats},
                "seed": self.seed,
            }
        )
        mano = self.names[0]
        try:
            while True:
                number = self.outcome.rounds + 1
                if self.max_rounds is not None and number > self.max_rounds:
                    raise Stopped
                self.outcome.rounds = number
                mano = self._play_round(number, mano)
                if self.match.decided:
                    self._end(self.match.winners, self.match.reason)
                    break
        except Forfeit as forfeit:
            others = [n for n in self.match.still_in if n != forfeit.player]
            self.outcome.forfeit = forfeit.player
            winners = tuple(others) if len(others) == 1 else ()
            self._end(winners, "forfeit", str(forfeit.message), forfeit.why)
        except Stopped:
            self._end((), "stopped")
        return self.outcome

    def _end(
        self,
        winners: tuple[str, ...],
        reason: str,
        message: str | None = None,
        why: dict[str, str] | None = None,
    ) -> None:
        self.outcome.winners, self.outcome.reason = winners, reason
        event: Event = {
            "event": "game_end",
            "winner": winners[0] if len(winners) == 1 else None,
            "reason": reason,
            "totals": self.match.totals(),
        }
        if len(winners) > 1:
            event["winners"] = list(winners)
        if reason == "forfeit":
            event["forfeit"] = self.outcome.forfeit
            event["error"] = message
            event["why"] = why
        final = self.match.final()
        if final is not None:
            event["final"] = final
        self._emit(event)

    def _emit(self, event: Event) -> None:
        self.outcome.events.append(event)
        if self.on_event is not None:
            self.on_event(event)

    # --- one round ---

    def _play_round(self, number: int, mano: str) -> str:
        """Deal, play the turns, score; the next round's mano."""
        state = self._deal(number, mano)
        score = self._turns(state)
        return self._score(state, score)

    def _deal(self, number: int, mano: str) -> _Round:
        rules, spec = self.play_rules, self.spec
        order = turn_order(self.match.still_in, mano)
        cards = self.shuffler.deal(number, spec.deck.all_cards())
        hands: dict[str, list[Card]] = {}
        at = 0
        for name in order:
            size = spec.hand_size + (rules.mano_extra if name == mano else 0)
            hands[name] = cards[at : at + size]
            at += size
        rest = cards[at:]
        pozo = [rest.pop(0)] if rules.upcard else []
        table = Table(deck=spec.deck, order=order, hands=hands, stock=rest[::-1], pozo=pozo)
        _check(table)
        dealer = order[-1]
        self._emit(
            {
                "event": "deal",
                "round": number,
                "mano": mano,
                "dealer": dealer,
                "hands": {n: spec.deck.codes(hands[n]) for n in order},
                "stock": table.stock_codes(),
                "pozo": spec.deck.codes(pozo),
            }
        )
        upcard = pozo[0] if pozo else None
        cut_spec = spec
        if upcard is not None and oklahoma_on(spec):
            cut_spec, _ = upcard_rules(spec, upcard)
        return _Round(number, mano, dealer, table, upcard, cut_spec)

    def _turns(self, state: _Round) -> RoundScore | None:
        """Every turn of the round until a cut (its score) or a void hand (None)."""
        order = state.table.order
        at, stock_only = 0, False
        if self.play_rules.mano_extra:
            score = self._opening(state)
            if score is not None:
                return score
            at = 1
        elif self.play_rules.upcard_offer:
            at, stock_only, score = self._offer(state)
            if score is not None:
                return score
        while True:
            player = order[at % len(order)]
            score = self._turn(state, player, may_take=not stock_only)
            stock_only = False
            if score is not None:
                return score
            if self._void(state):
                return None
            self._restock(state)
            at += 1

    def _opening(self, state: _Round) -> RoundScore | None:
        """The mano's opening discard, without a draw (the dealt extra card plays the draw)."""
        return self._throw(state, state.mano, None, None)

    def _offer(self, state: _Round) -> tuple[int, bool, RoundScore | None]:
        """The first upcard offered to the mano, then the dealer: who takes it discards and the
        turn goes on from the next player, who may take that discard; when both pass the mano
        draws from the stock. The index in turn order of the next turn's player, whether that
        turn must draw from the stock (both passed), and the score if the taker cut."""
        order = state.table.order
        for player in (order[0], order[-1]):
            if self._ask_draw(state, player, offer=True) == "pozo":
                card = self._take(state, player, "pozo")
                score = self._throw(state, player, "pozo", card)
                return (order.index(player) + 1) % len(order), False, score
            self._emit({"event": "turn", "round": state.number, "player": player, "draw": "pass"})
        return 0, True, None

    def _turn(self, state: _Round, player: str, *, may_take: bool) -> RoundScore | None:
        state.turns += 1
        if state.turns > MAX_TURNS:
            raise Stopped
        source = self._ask_draw(state, player, offer=False, may_take=may_take)
        card = self._take(state, player, source)
        return self._throw(state, player, source, card)

    def _take(self, state: _Round, player: str, source: str) -> Card:
        table = state.table
        return table.take_pozo(player) if source == "pozo" else table.draw_stock(player)

    def _throw(
        self, state: _Round, player: str, source: str | None, card: Card | None
    ) -> RoundScore | None:
        """Ask the discard, check it and play it; the round's score when it cuts."""
        table, deck = state.table, self.spec.deck
        view = self._view(state, player, drawn=None if card is None else (card, source))
        play = self._call(player, "discard", view)
        thrown, cut = self._checked_play(state, player, play, card if source == "pozo" else None)
        event: Event = {"event": "turn", "round": state.number, "player": player, "draw": source}
        if card is not None:
            event["card"] = deck.code(card)
        event["discard"] = None if thrown is None else deck.code(thrown)
        event["cut"] = cut
        if not cut:
            assert thrown is not None  # only a cut may throw nothing
            table.throw(player, thrown)
            _check(table)
            self._emit(event)
            return None
        kept = list(table.hands[player])
        if thrown is not None:
            kept.remove(thrown)
        score = self._scored(state, player, kept, card if source == "pozo" else None)
        event["close"] = score.close
        event["melds"] = [deck.codes(m.cards) for m in score.closer_melds]
        event["loose"] = deck.codes(score.players[0].loose)
        if thrown is not None:
            table.throw(player, thrown)
        _check(table)
        self._emit(event)
        return score

    def _checked_play(
        self, state: _Round, player: str, play: Any, from_pozo: Card | None
    ) -> tuple[Card | None, bool]:
        """The card thrown and whether it cuts, or the player's forfeit."""
        deck, hand = self.spec.deck, state.table.hands[player]
        card_text, cut = getattr(play, "card", None), getattr(play, "cut", None)
        if not isinstance(cut, bool):
            raise Forfeit(player, "forfeit_not_play", got=repr(play))
        if card_text is None:
            if not cut or not _cuts(state.cut_spec, hand, None, from_pozo):
                raise Forfeit(player, "forfeit_no_close")
            return None, True
        try:
            thrown = deck.parse_card(str(card_text))
        except MazoError:
            raise Forfeit(player, "forfeit_not_card", got=repr(card_text)) from None
        if thrown not in hand:
            raise Forfeit(player, "forfeit_not_held", card=deck.code(thrown))
        if cut and not _cuts(state.cut_spec, hand, thrown, from_pozo):
            raise Forfeit(player, "forfeit_no_cut", card=deck.code(thrown))
        return thrown, cut

    def _scored(
        self, state: _Round, cutter: str, kept: list[Card], from_pozo: Card | None
    ) -> RoundScore:
        order = state.table.order
        at = order.index(cutter)
        rivals = [(n, list(state.table.hands[n])) for n in order[at + 1 :] + order[:at]]
        # Under Oklahoma the hand's first upcard sets its knock limit.
        upcard = state.upcard if oklahoma_on(self.spec) else None
        return score_round(self.spec, (cutter, kept), rivals, upcard=upcard)

    def _void(self, state: _Round) -> bool:
        rules = self.play_rules
        return rules.stock_out == "void" and len(state.table.stock) <= rules.void_stock

    def _restock(self, state: _Round) -> None:
        """An empty stock takes the pozo's cards (its top stays face up unless the rules shuffle
        everything)."""
        table = state.table
        if table.stock:
            return
        keep = 1 if self.play_rules.stock_out == "recycle" else 0
        shuffled = table.pozo[: len(table.pozo) - keep]
        if not shuffled:
            raise Stopped
        state.recycles += 1
        table.stock = self.shuffler.recycle(state.number, state.recycles, shuffled)
        table.pozo = table.pozo[len(table.pozo) - keep :]
        _check(table)
        self._emit(
            {
                "event": "recycle",
                "round": state.number,
                "stock": table.stock_codes(),
                "pozo": self.spec.deck.codes(table.pozo),
            }
        )

    # --- the round's end ---

    def _score(self, state: _Round, score: RoundScore | None) -> str:
        """Score the round into the match; the next round's mano."""
        deck = self.spec.deck
        event: Event = {"event": "round_end", "round": state.number}
        if score is None:
            event.update(cutter=None, close="void", layoffs={}, loose={})
            points = dict.fromkeys(state.table.order, 0)
            wins = None
        else:
            rivals = score.players[1:]
            event.update(
                cutter=score.closer,
                close=score.close,
                layoffs={
                    p.name: [{"cards": deck.codes(c), "onto": i} for i, c in p.lay_offs]
                    for p in rivals
                },
                loose={p.name: deck.codes(p.loose) for p in rivals},
            )
            points = score.points()
            wins = score.wins_match
        event.update(
            points=points,
            passed_by=[p.name for p in (score.players[1:] if score else ()) if p.passed_closer],
        )
        # The round's end as far as it is known while the players out are asked back in: a
        # person's table shows it before the question.
        self.ending = dict(event)
        step = self.match.add(points, wins, self._asker(state))
        event.update(
            totals=self.match.totals(),
            eliminated=list(step.eliminated),
            reentered=list(step.reentered),
        )
        self._emit(event)
        return self._next_mano(state, score)

    def _asker(self, state: _Round) -> Callable[[str, dict[str, int]], bool]:
        def ask(player: str, totals: dict[str, int]) -> bool:
            view = self._view(state, player, drawn=None, totals=totals)
            answer = self._call(player, "reenter", view)
            if not isinstance(answer, bool):
                raise Forfeit(player, "forfeit_reenter", got=repr(answer))
            return answer

        return ask

    def _next_mano(self, state: _Round, score: RoundScore | None) -> str:
        points = None if score is None else score.points()
        return next_mano(self.play_rules, self.names, self.match.still_in, state.mano, points)

    # --- asking the players ---

    def _ask_draw(self, state: _Round, player: str, *, offer: bool, may_take: bool = True) -> str:
        view = self._view(state, player, drawn=None, offer=offer, may_take=may_take)
        answer = self._call(player, "draw", view)
        if answer not in SOURCES:
            key = "forfeit_draw_offer" if offer else "forfeit_draw"
            raise Forfeit(player, key, got=repr(answer))
        if offer:
            return "pozo" if answer == "pozo" else "pass"
        if answer == "pass":
            raise Forfeit(player, "forfeit_pass")
        if answer == "pozo" and not state.table.pozo:
            raise Forfeit(player, "forfeit_empty_pozo")
        if answer == "pozo" and not may_take:
            raise Forfeit(player, "forfeit_passed_upcard")
        return answer

    def _call(self, player: str, decision: Asked, view: View) -> Any:
        try:
            return getattr(self.players[player], decision)(view)
        except (Forfeit, *STOPS):  # a stop (Ctrl-C) is the user's and goes on up
            raise
        # Any other failure of a player is its forfeit, a sys.exit() or a BaseException too.
        except BaseException as error:
            raise Forfeit(
                player, "forfeit_raised", decision=decision, error=raised(error)
            ) from None

    def _view(
        self,
        state: _Round,
        player: str,
        *,
        drawn: tuple[Card, str | None] | None,
        offer: bool = False,
        may_take: bool = True,
        totals: dict[str, int] | None = None,
    ) -> View:
        """What `player` sees now; `totals` when they are not the match's yet (after the round,
        before who comes back is known)."""
        table, deck = state.table, self.spec.deck
        totals = self.match.totals() if totals is None else totals
        order = table.order
        if player in order:
            at = order.index(player)
            after = order[at + 1 :] + order[:at]
        else:
            after = list(order)
        return TableView(
            game=self.spec.game,
            me=player,
            hand=table.sorted_hand(player) if player in table.hands else [],
            pozo=deck.codes(table.pozo),
            discards=[dict(d) for d in table.discards],
            drawn=None if drawn is None else {"card": deck.code(drawn[0]), "source": drawn[1]},
            stock_count=len(table.stock),
            rivals=[{"name": n, "cards": len(table.hands[n]), "total": totals[n]} for n in after],
            round=state.number,
            totals=totals,
            offer=offer,
            may_take=may_take and bool(table.pozo),
            mano=state.mano,
            options=dict(self.spec.chosen),
            upcard=None if state.upcard is None else deck.code(state.upcard),
        )


def raised(error: BaseException) -> str:
    """A player's exception in a few words on one line: its class and its message, any control
    character escaped (a record's text prints as it is)."""
    message = printable(" ".join(str(error).split()))
    name = type(error).__name__
    return f"{name}: {cut(message, ERROR_AT_MOST)}" if message else name


def _cuts(spec: RuleSpec, hand: list[Card], thrown: Card | None, from_pozo: Card | None) -> bool:
    """Whether throwing this card (None: no card) closes, exactly as `mazo solve` says."""
    result = solve_hand(spec, hand, drawn_from_pozo=from_pozo)
    if thrown is None:
        return result.can_cut and result.discard is None
    code = spec.deck.code(thrown)
    return any(o.card == code and o.can_cut for o in result.discards)


def _check(table: Table) -> None:
    """Every card in exactly one place, under MAZO_DEBUG=1 (an EngineError if not)."""
    if DEBUG:
        table.check()


def turn_order(still_in: list[str], mano: str) -> list[str]:
    """The players of a round in turn order: the mano first, then the others still in."""
    start = still_in.index(mano)
    return still_in[start:] + still_in[:start]


def next_mano(
    rules: Any, names: list[str], still_in: list[str], mano: str, points: dict[str, int] | None
) -> str:
    """The next round's mano, from the round's points in scoring order (None: a void hand)."""
    if rules.next_dealer == "rotate" or len(still_in) != 2:
        return _after(names, mano, still_in)
    if points is None:
        return mano  # a void hand: the same dealer deals again
    winner = next((name for name, p in points.items() if p > 0), None)
    if winner is None:
        return mano
    dealer = winner if rules.next_dealer == "winner" else _other(still_in, winner)
    return _other(still_in, dealer)


def _after(names: list[str], mano: str, still_in: list[str]) -> str:
    """The next player still in after `mano`, in seat order."""
    at = names.index(mano)
    for step in range(1, len(names) + 1):
        name = names[(at + step) % len(names)]
        if name in still_in:
            return name
    return mano


def _other(pair: list[str], name: str) -> str:
    return next(p for p in pair if p != name)
