"""The referee: a game record replayed through the rules, line by line.

Every move is checked as the engine would check it, and every number is computed again by the
code that computes it for `mazo score` and `mazo match`: the deal (the hands, the stock, the
pozo, every card once), each turn (whose it is, the card drawn is the top of its pile, the card
thrown is held, a cut is legal exactly when `solve_hand` says so), each recycle, and each round's
end (the lay-offs, the points, passing the cutter, the totals, eliminations and reenganche).

A record may show any legal choice, not only mazo's: the cutter may lay down any best split of
the kept cards and each rival any best acomodo (`laid.py` judges them against the best); the
round is then scored from the cards as they were laid down. Who comes back in a reenganche is
the player's choice, but only a player the match code says may come back can.

The first wrong line is the verdict: its number and why.
"""

from __future__ import annotations

import copy
import itertools
import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mazo.solver.cards import Card
from mazo.solver.errors import MazoError, named
from mazo.solver.game.engine import next_mano, playable, turn_order
from mazo.solver.game.match import MatchKeeper, keeper_for
from mazo.solver.game.record import Deal, GameEnd, Record, Recycle, RoundEnd, Turn
from mazo.solver.game.table import Table
from mazo.solver.mechanisms.rummy.acomodo import Acomodo
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.mechanisms.rummy.laid import laid_acomodo, laid_split, readings
from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.melds import Meld
from mazo.solver.messages import Told, said
from mazo.solver.plain import as_json, plain
from mazo.solver.spec.rulespec import RuleSpec

# The readings of the cutter's melds tried together when some could be read two ways (a run or
# a set of jokers): a handful at most, in any real hand one.
MOST_READINGS = 16


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether every line of a record is right, how many rounds were replayed, and the first
    wrong line with why: `why` in English (the JSON's), `said` in any language."""

    ok: bool
    rounds: int
    line: int | None = None
    why: str | None = None
    said: Callable[[str], str] | None = field(
        default=None, compare=False, repr=False, metadata=as_json(omit=True)
    )

    def to_dict(self) -> dict[str, Any]:
        return plain(self)

    def why_in(self, lang: str) -> str | None:
        """Why the line is wrong, in `lang`."""
        return self.why if self.said is None else self.said(lang)


class IllegalRecord(MazoError):
    """A record with a move that breaks the rules or a score that is wrong: names the file,
    the first wrong line and why."""

    def __init__(self, verdict: Verdict, path: str):
        where = f"{named(path)}:{verdict.line}"
        super().__init__(f"{where}: {verdict.why}")
        self.said = said("record_at", where=where, why=verdict.why_in)
        self.verdict = verdict


class Wrong(Exception):
    """A line of the record breaks the rules: why, by its key in the catalogue and its fields
    (or a message already said), in English as `why`."""

    def __init__(self, line: int, key: str | Callable[[str], str], /, **fields: Any):
        self.said = key if callable(key) else said(key, **fields)
        self.line, self.why = line, self.said("en")
        super().__init__(f"line {line}: {self.why}")


@dataclass(frozen=True, slots=True)
class Moment:
    """One decision of a turn, as the referee reaches it: the turn's line, the decision about
    to be made ("draw" before the card is drawn or the upcard passed, "discard" once the card
    drawn is in hand), and the round as it stands then. `table` is the referee's own: a watcher
    reads what it needs at once and changes nothing."""

    turn: Turn
    decision: str
    round: int
    mano: str
    upcard: Card | None
    offer: bool  # the first upcard is being offered (its take-or-pass)
    # The pozo's top may be taken, if there is one (not after both passed the first upcard).
    may_take: bool
    table: Table
    totals: dict[str, int]


Watch = Callable[[Moment], None]


def referee(record: Record, watch: Watch | None = None) -> Verdict:
    """Replay the record through the rules: ok, or the first wrong line and why. `watch` is
    told each decision of every turn as it is reached (a review rebuilds what the player saw);
    a turn found wrong after it was told stops the replay there as any other."""
    judge = _Referee(record, watch)
    try:
        judge.run()
    except Wrong as wrong:
        return Verdict(False, judge.rounds, wrong.line, wrong.why, wrong.said)
    return Verdict(True, judge.rounds)


@dataclass(frozen=True, slots=True)
class _Cut:
    """A cut as recorded and checked, waiting for the round's end to be scored."""

    player: str
    close: str
    cards: list[Card]  # the cards the close is judged on: those kept, or the whole hand
    from_pozo: Card | None
    readings: list[tuple[Meld, ...]]  # each recorded meld's readings as a valid meld


# Where a round stands: the mano's opening discard, the first upcard's offer, the turns; then
# cut or void once the round is over.
Stage = Literal["opening", "offer", "play", "cut", "void"]


@dataclass(slots=True)
class _Round:
    number: int
    mano: str
    order: list[str]
    table: Table
    upcard: Card | None
    cut_spec: RuleSpec  # the spec's rules, or under Oklahoma the upcard's knock limit
    stage: Stage
    at: int = 0  # the next regular turn's player, an index into order
    offered: int = 0  # the players who have answered the first upcard's offer
    stock_only: bool = False  # both passed the first upcard: the mano draws from the stock
    cut: _Cut | None = None


@dataclass(slots=True)
class _Referee:
    record: Record
    watch: Watch | None = None
    rounds: int = 0
    round: _Round | None = None
    mano: str | None = None  # the next round's mano; None: the first round, anyone's
    over: bool = False
    keeper: MatchKeeper = field(init=False)

    def __post_init__(self) -> None:
        self.keeper = keeper_for(self.spec, list(self.record.game.players))

    @property
    def spec(self) -> RuleSpec:
        return self.record.spec

    def code(self, card: Card) -> str:
        return self.spec.deck.code(card)

    def close_said(self, close: str | None) -> Callable[[str], str]:
        """A close in words of each language, its id beside them (the record writes the id); an
        id these rules do not know, as written."""
        found = next((c for c in self.spec.closes if c.id == close), None)
        if found is None:
            return lambda _: str(close)
        return lambda lang: f"{found.names[lang]} ({close})"

    def codes(self, cards) -> str:
        return " ".join(self.spec.deck.codes(cards)) or Told("none")

    def run(self) -> None:
        for event in self.record.events:
            if self.over:
                raise Wrong(event.line, "ref_after_game_end")
            match event:
                case Deal():
                    self.deal(event)
                case Turn():
                    self.turn(event)
                case Recycle():
                    self.recycle(event)
                case RoundEnd():
                    self.round_end(event)
                case GameEnd():
                    self.game_end(event)
        if not self.over:
            raise Wrong(self.record.last_line + 1, "ref_no_game_end")

    # --- the deal ---

    def deal(self, deal: Deal) -> None:
        if self.round is not None:
            raise Wrong(deal.line, "ref_deal_in_round", round=self.round.number)
        if self.keeper.decided:
            raise Wrong(deal.line, "ref_deal_after_won")
        if deal.round != self.rounds + 1:
            raise Wrong(deal.line, "ref_deal_round", given=deal.round, round=self.rounds + 1)
        still_in = self.keeper.still_in
        if deal.mano not in still_in:
            raise Wrong(deal.line, "ref_mano_out", mano=deal.mano)
        if self.mano is not None and deal.mano != self.mano:
            raise Wrong(deal.line, "ref_wrong_mano", given=deal.mano, mano=self.mano)
        order = turn_order(still_in, deal.mano)
        if deal.dealer is not None and deal.dealer != order[-1]:
            raise Wrong(deal.line, "ref_wrong_dealer", given=deal.dealer, dealer=order[-1])
        self._check_hands(deal, order)
        self._check_deck(deal)
        rules = playable(self.spec)
        upcard = deal.pozo[0] if deal.pozo else None
        cut_spec = self.spec
        if upcard is not None and oklahoma_on(self.spec):
            cut_spec, _ = upcard_rules(self.spec, upcard)
        table = Table(
            deck=self.spec.deck,
            order=order,
            hands={name: list(deal.hands[name]) for name in order},
            stock=list(reversed(deal.stock)),
            pozo=list(deal.pozo),
        )
        stage: Stage = "opening" if rules.mano_extra else "offer" if rules.upcard_offer else "play"
        self.round = _Round(deal.round, deal.mano, order, table, upcard, cut_spec, stage)

    def _check_hands(self, deal: Deal, order: list[str]) -> None:
        rules = playable(self.spec)
        for name in deal.hands:
            if name not in order:
                raise Wrong(deal.line, "ref_hand_not_playing", name=name)
        for name in order:
            if name not in deal.hands:
                raise Wrong(deal.line, "ref_no_hand", name=name)
            size = self.spec.hand_size + (rules.mano_extra if name == deal.mano else 0)
            if len(deal.hands[name]) != size:
                held = len(deal.hands[name])
                raise Wrong(deal.line, "ref_hand_size", name=name, held=held, size=size)
        upcards = 1 if rules.upcard else 0
        if len(deal.pozo) != upcards:
            raise Wrong(deal.line, "ref_pozo_start", count=len(deal.pozo), upcards=upcards)

    def _check_deck(self, deal: Deal) -> None:
        dealt = Counter(deal.stock) + Counter(deal.pozo)
        for cards in deal.hands.values():
            dealt += Counter(cards)
        deck = Counter(self.spec.deck.all_cards())
        twice = sorted((dealt - deck).elements(), key=self.spec.deck.sort_key)
        if twice:
            raise Wrong(deal.line, "ref_dealt_twice", cards=self.codes(twice))
        missing = sorted((deck - dealt).elements(), key=self.spec.deck.sort_key)
        if missing:
            raise Wrong(deal.line, "ref_not_dealt", cards=self.codes(missing))

    # --- the turns ---

    def _playing(self, event: Turn | Recycle | RoundEnd) -> _Round:
        state = self.round
        if state is None:
            raise Wrong(event.line, "ref_no_round")
        if event.round != state.number:
            raise Wrong(event.line, "ref_other_round", given=event.round, round=state.number)
        return state

    def turn(self, turn: Turn) -> None:
        state = self._playing(turn)
        if state.stage in ("cut", "void"):
            raise Wrong(turn.line, "ref_turn_after_end")
        player = self._whose_turn(state, turn)
        if player != turn.player:
            raise Wrong(turn.line, "ref_not_their_turn", player=turn.player, turn=player)
        if turn.draw is not None:  # the mano's opening discard follows no draw
            self._tell(state, turn, "draw")
        if turn.draw == "pass":
            state.offered += 1
            if state.offered == 2:  # both passed: the mano draws from the stock
                state.stage, state.at, state.stock_only = "play", 0, True
            return
        from_pozo = self._draw(state, turn)
        self._tell(state, turn, "discard")
        thrown = turn.discard
        if thrown is None and not turn.cut:
            raise Wrong(turn.line, "ref_no_throw")
        if thrown is not None and thrown not in state.table.hands[turn.player]:
            raise Wrong(turn.line, "ref_throw_not_held", card=self.code(thrown))
        if turn.cut:
            self._cut(state, turn, from_pozo)
        else:
            assert thrown is not None  # just checked
            state.table.throw(turn.player, thrown)
            self._next_turn(state, turn.player)
        state.table.check()

    def _tell(self, state: _Round, turn: Turn, decision: str) -> None:
        if self.watch is not None:
            offer = state.stage == "offer"
            totals = self.keeper.totals()
            self.watch(
                Moment(
                    turn,
                    decision,
                    state.number,
                    state.mano,
                    state.upcard,
                    offer,
                    not state.stock_only,
                    state.table,
                    totals,
                )
            )

    def _whose_turn(self, state: _Round, turn: Turn) -> str:
        """The player whose turn it is, once the draw is one this stage allows."""
        if state.stage == "opening":
            if turn.draw is not None:
                raise Wrong(turn.line, "ref_opening_draw")
            return state.order[0]
        if state.stage == "offer":
            if turn.draw not in ("pass", "pozo"):
                raise Wrong(turn.line, "ref_offer")
            return (state.order[0], state.order[-1])[state.offered]
        if turn.draw is None:
            raise Wrong(turn.line, "ref_no_draw")
        if turn.draw == "pass":
            raise Wrong(turn.line, "ref_pass")
        return state.order[state.at % len(state.order)]

    def _draw(self, state: _Round, turn: Turn) -> Card | None:
        """Take the card drawn; the card taken from the pozo, if it was."""
        table = state.table
        if turn.draw is None:
            return None
        assert turn.card is not None  # the record's reader asks for it
        if turn.draw == "pozo" and state.stock_only:
            raise Wrong(turn.line, "ref_upcard_passed")
        state.stock_only = False
        pile = table.stock if turn.draw == "stock" else table.pozo
        name = Told("ref_the_stock" if turn.draw == "stock" else "ref_the_pozo")
        if not pile:
            raise Wrong(turn.line, "ref_pile_empty", pile=name)
        if pile[-1] != turn.card:
            top = self.code(pile[-1])
            raise Wrong(turn.line, "ref_not_top", card=self.code(turn.card), pile=name, top=top)
        if turn.draw == "stock":
            table.draw_stock(turn.player)
            return None
        return table.take_pozo(turn.player)

    def _next_turn(self, state: _Round, player: str) -> None:
        """Who plays next after a turn without a cut; a void hand when the stock runs down."""
        rules = playable(self.spec)
        if state.stage == "opening":
            state.stage, state.at = "play", 1
        elif state.stage == "offer":  # who took the upcard played: the next player goes on
            state.stage, state.at = "play", state.order.index(player) + 1
        else:
            state.at += 1
            if rules.stock_out == "void" and len(state.table.stock) <= rules.void_stock:
                state.stage = "void"

    def _cut(self, state: _Round, turn: Turn, from_pozo: Card | None) -> None:
        """A cut: legal for these cards, its close the one they make, its melds a best split."""
        spec, hand, thrown = state.cut_spec, list(state.table.hands[turn.player]), turn.discard
        if thrown is not None and thrown == from_pozo and spec.forbid_cut_with_pozo_card:
            raise Wrong(turn.line, "ref_cut_pozo_card", card=self.code(thrown))
        result = solve_hand(spec, hand, drawn_from_pozo=from_pozo)
        if thrown is None:
            close = result.close if result.discard is None else None
            fewest = result.deadwood_points
        else:
            option = next(o for o in result.discards if o.card == self.code(thrown))
            close, fewest = option.close, option.deadwood_points
        if close is None:
            how = (
                Told("ref_without_discard")
                if thrown is None
                else Told("ref_throwing", card=self.code(thrown))
            )
            raise Wrong(turn.line, "ref_no_close", how=how)
        if turn.close != close:
            given = self.close_said(turn.close)
            raise Wrong(turn.line, "ref_close_is", close=self.close_said(close), given=given)
        kept = list(hand)
        if thrown is not None:
            kept.remove(thrown)
        found = self._melds(turn, kept, spec, fewest)
        if thrown is not None:
            state.table.throw(turn.player, thrown)
        state.cut = _Cut(turn.player, close, kept, from_pozo, found)
        state.stage = "cut"

    def _melds(
        self, turn: Turn, kept: list[Card], spec: RuleSpec, fewest: int
    ) -> list[tuple[Meld, ...]]:
        """The recorded melds' readings, once they are a best split of the kept cards."""
        found = []
        for meld in turn.melds:
            read = readings(spec, meld)
            if not read:
                raise Wrong(turn.line, "ref_not_meld", cards=self.codes(meld))
            found.append(read)
        try:
            split = laid_split(spec, kept, [r[0] for r in found], fewest)
        except MazoError as error:
            raise Wrong(turn.line, error.said_in) from None
        if Counter(turn.loose) != Counter(split.loose):
            loose, given = self.codes(split.loose), self.codes(turn.loose)
            raise Wrong(turn.line, "ref_loose", loose=loose, given=given)
        return found

    def recycle(self, recycle: Recycle) -> None:
        """The pozo shuffled into a new stock, in any order, once the stock is empty."""
        state = self._playing(recycle)
        table, rules = state.table, playable(self.spec)
        if rules.stock_out not in ("recycle", "recycle_all"):
            raise Wrong(recycle.line, "ref_no_recycle")
        if state.stage != "play" or table.stock:
            raise Wrong(recycle.line, "ref_recycle_early")
        keep = 1 if rules.stock_out == "recycle" else 0
        kept, shuffled = table.pozo[len(table.pozo) - keep :], table.pozo[: len(table.pozo) - keep]
        if list(recycle.pozo) != kept:
            given = self.codes(recycle.pozo)
            raise Wrong(recycle.line, "ref_recycle_keeps", kept=self.codes(kept), given=given)
        new, old = Counter(recycle.stock), Counter(shuffled)
        if new - old:
            raise Wrong(recycle.line, "ref_recycle_extra", cards=self.codes((new - old).elements()))
        if old - new:
            missing = self.codes((old - new).elements())
            raise Wrong(recycle.line, "ref_recycle_missing", cards=missing)
        table.stock = list(reversed(recycle.stock))
        table.pozo = list(kept)
        table.check()

    # --- the round's end ---

    def round_end(self, end: RoundEnd) -> None:
        state = self._playing(end)
        passed: tuple[str, ...] = ()
        if state.stage == "void":
            points, wins = self._void(state, end), None
            score = None
        elif state.stage == "cut":
            score = self._scored(state, end)
            points, wins = score.points(), score.wins_match
            passed = tuple(p.name for p in score.players[1:] if p.passed_closer)
        else:
            raise Wrong(end.line, "ref_end_no_cut")
        if wins is not None and end.points == dict.fromkeys(points, 0):
            # A close that wins the match at once ends it: the round's points (mazo writes each
            # rival's loose points) decide nothing, and a record may write them as 0.
            points = dict(end.points)
        if end.points != points:
            raise Wrong(end.line, "ref_points", points=_shown(points), given=_shown(end.points))
        if sorted(end.passed_by) != sorted(passed):
            raise Wrong(
                end.line, "ref_passed_by", passed=_names(passed), given=_names(end.passed_by)
            )
        self._match(end, points, wins)
        self.mano = next_mano(
            playable(self.spec),
            list(self.record.game.players),
            self.keeper.still_in,
            state.mano,
            None if score is None else points,
        )
        self.rounds += 1
        self.round = None

    def _void(self, state: _Round, end: RoundEnd) -> dict[str, int]:
        if end.close != "void" or end.cutter is not None:
            raise Wrong(end.line, "ref_void")
        if any(end.layoffs.values()) or any((end.loose or {}).values()):
            raise Wrong(end.line, "ref_void_layoffs")
        return dict.fromkeys(state.order, 0)

    def _scored(self, state: _Round, end: RoundEnd) -> RoundScore:
        """The round's score from the cards as laid down: the cutter's melds as recorded, each
        rival's lay-offs as recorded, checked to be as good as the best."""
        cut = state.cut
        assert cut is not None  # the cut stage
        if end.cutter != cut.player or end.close != cut.close:
            raise Wrong(
                end.line, "ref_cut_with", player=cut.player, close=self.close_said(cut.close)
            )
        at = state.order.index(cut.player)
        rivals = state.order[at + 1 :] + state.order[:at]
        for name in [*end.layoffs, *(end.loose or {})]:
            if name not in rivals:
                raise Wrong(end.line, "ref_not_rival", name=name)
        laid_down, answers = self._acomodos(state, end, rivals)
        upcard = state.upcard if oklahoma_on(self.spec) else None
        try:
            return score_round(
                self.spec,
                (cut.player, cut.cards),
                [(name, state.table.hands[name]) for name in rivals],
                drawn_from_pozo=cut.from_pozo,
                upcard=upcard,
                closer_melds=laid_down,
                answers=answers,
            )
        except MazoError as error:
            raise Wrong(end.line, error.said_in) from None

    def _acomodos(
        self, state: _Round, end: RoundEnd, rivals: list[str]
    ) -> tuple[tuple[Meld, ...], list[Acomodo]]:
        """Each rival's acomodo as recorded, checked in turn order against the best one on the
        melds as that rival found them; the cutter's melds as read for it."""
        cut = state.cut
        assert cut is not None  # the cut stage
        lays = self.spec.scoring.acomodo
        close = state.cut_spec.close(cut.close)
        if not close.lay_off and any(end.layoffs.values()):
            raise Wrong(end.line, "ref_no_layoff", close=self.close_said(cut.close))
        # Each way of reading the cutter's melds: as laid down, as they now lie, the answers.
        chains: list[tuple[tuple[Meld, ...], tuple[Meld, ...], list[Acomodo]]] = [
            (melds, melds, [])
            for melds in itertools.islice(itertools.product(*cut.readings), MOST_READINGS)
        ]
        for name in rivals:
            laid = [(lay.onto, lay.cards) for lay in end.layoffs.get(name, ())]
            loose = None if end.loose is None else end.loose.get(name)
            hand = state.table.hands[name]
            went_on: list[tuple[tuple[Meld, ...], tuple[Meld, ...], list[Acomodo]]] = []
            error: MazoError | None = None
            for laid_down, table, answers in chains:
                try:
                    answer = laid_acomodo(
                        self.spec, hand, table if close.lay_off else (), laid, loose
                    )
                except MazoError as wrong:
                    error = error or wrong
                    continue
                after = answer.table_after(table) if lays.cumulative else table
                went_on.append((laid_down, after, [*answers, answer]))
            if not went_on:
                raise Wrong(end.line, "ref_rival", name=name, error=error)
            chains = went_on
        laid_down, _, answers = chains[0]
        return laid_down, answers

    def _match(self, end: RoundEnd, points: dict[str, int], wins: str | None) -> None:
        """The round's points into the match: totals, who is out, who comes back."""
        step = self.keeper.add(points, wins, lambda name, _: name in end.reentered)
        not_allowed = [n for n in end.reentered if n not in step.reentered]
        if not_allowed:
            raise Wrong(end.line, "ref_no_comeback", names=", ".join(not_allowed))
        if sorted(end.eliminated) != sorted(step.eliminated):
            out = _names(step.eliminated)
            raise Wrong(end.line, "ref_eliminated", out=out, given=_names(end.eliminated))
        totals = self.keeper.totals()
        if end.totals != totals:
            raise Wrong(end.line, "ref_totals", totals=_shown(totals), given=_shown(end.totals))

    # --- the game's end ---

    def game_end(self, end: GameEnd) -> None:
        keeper = self.keeper
        winners: Sequence[str] = ()
        if keeper.decided:
            winners = keeper.winners
            if end.reason != keeper.reason:
                raise Wrong(end.line, "ref_won_reason", reason=keeper.reason, given=end.reason)
        elif end.reason == "forfeit":
            winners = self._forfeit(end)
        elif end.reason != "stopped":
            raise Wrong(end.line, "ref_not_decided", reason=end.reason)
        if self.round is not None and end.reason not in ("stopped", "forfeit"):
            raise Wrong(end.line, "ref_ends_in_round", round=self.round.number)
        winner = winners[0] if len(winners) == 1 else None
        if end.winner != winner:
            raise Wrong(
                end.line,
                "ref_winner",
                winner=winner or Told("ref_no_one"),
                given=end.winner or Told("ref_no_one"),
            )
        if len(winners) > 1 and set(end.winners or ()) != set(winners):
            raise Wrong(end.line, "ref_winners", names=", ".join(winners))
        totals = keeper.totals()
        if end.totals != totals:
            raise Wrong(end.line, "ref_totals", totals=_shown(totals), given=_shown(end.totals))
        final = keeper.final()
        if end.final is not None and end.final != final:
            raise Wrong(end.line, "ref_final", final=_shown(final or {}), given=_shown(end.final))
        self.over = True

    def _forfeit(self, end: GameEnd) -> Sequence[str]:
        """A forfeit: the one player left wins (the illegal answer itself is not recorded)."""
        still_in = self.keeper.still_in
        if end.forfeit is None:  # who forfeited is not said: any player still in may have won
            return (end.winner,) if end.winner in still_in else ()
        if end.forfeit not in still_in:
            raise Wrong(end.line, "ref_forfeit_out", player=end.forfeit)
        asked = self._asked()
        if end.forfeit not in asked:
            asked_said = ", ".join(asked)
            raise Wrong(end.line, "ref_forfeit_asked", player=end.forfeit, asked=asked_said)
        others = [n for n in still_in if n != end.forfeit]
        return others if len(others) == 1 else ()

    def _asked(self) -> tuple[str, ...]:
        """Who the game was waiting on after the last line: the next turn's player, or, once a
        round has ended, those the match asks whether they come back. Between rounds no one
        (the next deal is told before anyone is asked)."""
        state = self.round
        if state is None:
            return ()
        if state.stage == "opening":
            return (state.order[0],)
        if state.stage == "offer":
            return ((state.order[0], state.order[-1])[state.offered],)
        if state.stage == "play":
            return (state.order[state.at % len(state.order)],)
        points, wins = dict.fromkeys(state.order, 0), None
        if state.cut is not None:
            score = self._best_score(state, state.cut)
            points, wins = score.points(), score.wins_match
        asked: list[str] = []

        def ask(name: str, _: dict[str, int]) -> bool:
            asked.append(name)
            return False

        # The match as it would go on, the spec shared (it is never changed).
        trial = copy.deepcopy(self.keeper, {id(self.spec): self.spec})
        trial.add(points, wins, ask)
        return tuple(asked)

    def _best_score(self, state: _Round, cut: _Cut) -> RoundScore:
        """The round's score with every acomodo the best (each best one scores the same)."""
        at = state.order.index(cut.player)
        rivals = state.order[at + 1 :] + state.order[:at]
        return score_round(
            self.spec,
            (cut.player, cut.cards),
            [(name, state.table.hands[name]) for name in rivals],
            drawn_from_pozo=cut.from_pozo,
            upcard=state.upcard if oklahoma_on(self.spec) else None,
        )


def _shown(points: dict[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in points.items()) or Told("ref_no_points")


def _names(names: Sequence[str]) -> str:
    """A list of names as the record's field holds it: `["Ana", "Beto"]`."""
    return json.dumps(list(names), ensure_ascii=False)
