"""A player's decisions in a game record, each judged as chess analysis judges moves.

The record is replayed by the referee (`referee.py`: the rules, once); at each of the player's
decisions it tells the table as it stands, and the review rebuilds from it the `View` the player
had then, exactly as the engine shows it to a seat: their hand, the pozo, the discards and who
took them, the rivals' counts; nothing hidden. Each decision (take or draw, the first upcard's
pass, the discard, cutting or not) is then judged from that view alone (`judge.py`): the fastest
answer, the expert's, and the cost of the answer given; a missed cut is always a blunder.

The summaries, per round and for the match: how many decisions, the share judged accurate, the
cost summed, the grades counted, the three costliest moments; and the hints asked and the moves
taken back, from the record's notes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from mazo.solver.errors import InputError, named, quoted
from mazo.solver.game.judge import DECIMALS, GRADES, Grade, Judge, Model
from mazo.solver.game.record import Deal, Record, RoundEnd
from mazo.solver.game.referee import Moment, referee
from mazo.solver.game.view import TableView, View
from mazo.solver.plain import as_json, plain
from mazo.solver.spec.rulespec import RuleSpec

# What a record's "seats" holds for a person's seat (`mazo play` writes "human").
PEOPLE = ("human", "person")
# The costliest moments a summary names.
WORST = 3
# What a decision was: the draw (or the first upcard's pass), a discard, or a chance to cut.
Kind = Literal["draw", "discard", "cut"]
# What a summary says of each: where, what was played and what was best, the cost and grade.
MOMENT = ("round", "turn", "kind", "played", "best", "cost", "grade")


class NotReviewable(InputError):
    """A record that cannot be reviewed for this player: one line, naming the file."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the player's, judged.

    `kind` is "draw" (take the pozo's top, draw from the stock, or pass the first upcard),
    "discard", or "cut" when the cards could cut (whether the player cut or not). `played` and
    `best` are the answers ("stock", "pozo", "pass", or the card thrown; None: a close with every
    card); `best` is the fastest bot's, `expert` the expert bot's. `cost` is in the model's unit.
    """

    round: int
    turn: int  # the player's turn in the round, from 1
    line: int = field(metadata=as_json(after="pozo_top"))  # the record's line of that turn
    kind: Kind
    played: str | None
    best: str | None
    expert: str | None = field(metadata=as_json(after="grade"))
    played_value: float = field(metadata=as_json(after="missed_cut"))
    best_value: float = field(metadata=as_json(after="played_value"))
    cost: float
    grade: Grade | None
    missed_cut: bool
    hand: tuple[str, ...]  # the hand at the decision: resting at a draw, with the card drawn after
    pozo_top: str | None  # at a draw, the card it could take


@dataclass(frozen=True, slots=True)
class Summary:
    """Decisions counted: how many, the share accurate (None without any), the cost summed, the
    grades, and the costliest (at most WORST, each costing something), costliest first."""

    decisions: int
    accuracy: float | None
    cost: float
    inaccuracies: int
    mistakes: int
    blunders: int
    worst: tuple[Decision, ...] = field(
        metadata=as_json(convert=lambda worst: [_moment(d) for d in worst])
    )


@dataclass(frozen=True, slots=True)
class RoundReview:
    round: int
    summary: Summary = field(metadata=as_json(spread=True))
    # False: the record stops inside this round.
    ended: bool = field(default=True, metadata=as_json(omit=True))


def _game(spec: RuleSpec) -> dict[str, Any]:
    """The rules reviewed under, as the JSON names them: the game and the options changed."""
    return {"game": spec.game, "variant": spec.changed_options()}


@dataclass(frozen=True, slots=True)
class Review:
    """A player's game reviewed: each decision judged, each round's summary and the match's;
    the hints asked and the undos, from the record's notes; whether the record reaches the
    game's end."""

    path: str = field(metadata=as_json(omit=True))
    spec: RuleSpec = field(metadata=as_json(convert=_game, spread=True, after="rounds"))
    player: str
    # What the record says sits there: a bot's level, the person's mark.
    seat: Any = field(metadata=as_json(after="spec"))
    model: Model
    decisions: tuple[Decision, ...]
    rounds: tuple[RoundReview, ...]
    summary: Summary = field(metadata=as_json(within="summary", spread=True, after="decisions"))
    hints: int = field(metadata=as_json(within="summary"))
    undos: int = field(metadata=as_json(within="summary"))
    finished: bool

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


def reviewed_player(record: Record, asked: str | None) -> str:
    """The player to review: the one asked for (by name, any case), or the record's only person."""
    names = record.game.players
    listed = ", ".join(names)
    if asked is not None:
        if asked in names:
            return asked
        same = [n for n in names if n.casefold() == asked.strip().casefold()]
        if len(same) == 1:
            return same[0]
        raise NotReviewable.of(
            "review_not_player", file=named(record.path), player=quoted(asked), players=listed
        )
    people = [n for n in names if record.game.seats.get(n) in PEOPLE]
    if len(people) == 1:
        return people[0]
    raise NotReviewable.of("review_which_player", file=named(record.path), players=listed)


@dataclass(frozen=True, slots=True)
class Met:
    """A decision as the player met it: their view, and the answer the record gives."""

    round: int
    turn: int
    line: int
    decision: str  # "draw" or "discard"
    view: View
    played: str | None
    cut: bool


def review(
    record: Record,
    player: str,
    *,
    judge: Judge | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Every decision of `player` in the record, judged; `progress` is told (done, total) as
    decisions are judged (a Gin game takes a while)."""
    if player not in record.game.players:
        raise NotReviewable(f"{named(record.path)}: {quoted(player)} did not play in this game")
    found, finished = met(record, player)
    judge = judge or Judge(record.spec)
    weighed = []
    for done, decision in enumerate(found):
        if progress is not None:
            progress(done, len(found))
        weighed.append(judged(judge, decision))
    decisions = tuple(weighed)
    dealt = [e.round for e in record.events if isinstance(e, Deal) and player in e.hands]
    ended = {e.round for e in record.events if isinstance(e, RoundEnd)}
    rounds = tuple(
        RoundReview(n, summarize([d for d in decisions if d.round == n], judge.model), n in ended)
        for n in dealt
    )
    notes = [note for _, note in record.notes if note.get("player") == player]
    return Review(
        path=record.path,
        spec=record.spec,
        player=player,
        seat=record.game.seats.get(player),
        model=judge.model,
        decisions=decisions,
        rounds=rounds,
        summary=summarize(decisions, judge.model),
        hints=sum(note["event"] == "hint" for note in notes),
        undos=sum(note["event"] == "undo" for note in notes),
        finished=finished,
    )


def met(record: Record, player: str) -> tuple[list[Met], bool]:
    """The player's decisions with their views, as the referee replays the record; whether the
    record reaches the game's end. A record with a wrong line is refused: it is not a game."""
    spec = record.spec
    found: list[Met] = []
    turns: dict[int, list[int]] = {}  # by round, the lines of the player's turns

    def watch(moment: Moment) -> None:
        turn = moment.turn
        if turn.player != player:
            return
        lines = turns.setdefault(moment.round, [])
        if turn.line not in lines:
            lines.append(turn.line)
        view = view_at(spec, moment)
        if moment.decision == "draw" and not view.may_take:
            return  # nothing to take (or the upcard both passed): the stock is the only draw
        if moment.decision == "draw":
            played = turn.draw
        else:
            played = None if turn.discard is None else spec.deck.code(turn.discard)
        found.append(
            Met(
                moment.round,
                len(lines),
                turn.line,
                moment.decision,
                view,
                played,
                turn.cut,
            )
        )

    verdict = referee(record, watch)
    if verdict.ok:
        return found, True
    if verdict.line == record.last_line + 1:  # a game not finished: every line there is right
        return found, False
    where = f"{named(record.path)}:{verdict.line}"
    raise NotReviewable.of("review_illegal", where=where, why=verdict.why_in)


def view_at(spec: RuleSpec, moment: Moment) -> View:
    """The view the player had at this moment, as the engine shows it to a seat."""
    table, deck, player = moment.table, spec.deck, moment.turn.player
    order = table.order
    at = order.index(player)
    drawn = None
    if moment.decision == "discard" and moment.turn.card is not None:
        drawn = {"card": deck.code(moment.turn.card), "source": moment.turn.draw}
    return TableView(
        game=spec.game,
        me=player,
        hand=table.sorted_hand(player),
        pozo=deck.codes(table.pozo),
        discards=[dict(d) for d in table.discards],
        drawn=drawn,
        stock_count=len(table.stock),
        rivals=[
            {"name": n, "cards": len(table.hands[n]), "total": moment.totals[n]}
            for n in order[at + 1 :] + order[:at]
        ],
        round=moment.round,
        totals=dict(moment.totals),
        offer=moment.offer and moment.decision == "draw",
        may_take=moment.may_take and bool(table.pozo),
        mano=moment.mano,
        options=dict(spec.chosen),
        upcard=None if moment.upcard is None else deck.code(moment.upcard),
    )


def judged(judge: Judge, met: Met) -> Decision:
    view, model = met.view, judge.model
    options = judge.options(view, met.decision)
    best = options.values[options.fastest]
    played = met.played
    if played not in options.values:
        raise AssertionError(f"{played!r} is not among the answers judged: {options.values}")
    missed = options.can_cut and not met.cut
    value = options.values[played]
    if missed and played is not None:  # the card thrown would have cut: the cards kept rest
        value = judge.kept_value(view, played)
    cost = model.cost(value, best)
    kind: Kind = "draw" if met.decision == "draw" else "cut" if options.can_cut else "discard"
    expert = judge.expert_answer(view, met.decision)
    top = view.pozo[-1] if met.decision == "draw" and view.pozo else None
    return Decision(
        round=met.round,
        turn=met.turn,
        line=met.line,
        kind=kind,
        played=played,
        best=options.fastest,
        expert=expert,
        played_value=round(value, DECIMALS + 2),
        best_value=round(best, DECIMALS + 2),
        cost=cost,
        grade=model.grade(cost, missed),
        missed_cut=missed,
        hand=tuple(view.hand),
        pozo_top=top,
    )


def summarize(decisions: list[Decision] | tuple[Decision, ...], model: Model) -> Summary:
    grades = [d.grade for d in decisions]
    accurate = sum(model.is_accurate(d.cost, d.missed_cut) for d in decisions)
    costly = [d for d in decisions if d.cost > 0 or d.missed_cut]
    worst = sorted(costly, key=lambda d: -d.cost)[:WORST]  # stable: the earlier first on a tie
    return Summary(
        decisions=len(decisions),
        accuracy=round(accurate / len(decisions), 4) if decisions else None,
        cost=round(sum(d.cost for d in decisions), DECIMALS),
        inaccuracies=grades.count(GRADES[0]),
        mistakes=grades.count(GRADES[1]),
        blunders=grades.count(GRADES[2]),
        worst=tuple(worst),
    )


def _moment(decision: Decision) -> dict[str, Any]:
    """A costly moment as a summary names it: the decision's keys that say what it cost."""
    written = plain(decision)
    return {key: written[key] for key in MOMENT}
