"""Scoring one hand of a rummy game: the closer's close, every rival's acomodo, everyone's points.

What differs between games is spec data, not code:
- the close made (closes.*: score, effect, lay_off) decides the closer's points and whether
  rivals may lay off;
- `scoring.method` says how points are shared: `loose_points` (Conga, Chinchón: each player
  scores their own loose points against them) or `difference` (Gin Rummy: the hand's winner
  scores the difference, plus the close's `close_bonus` (gin, big gin) or `undercut_bonus`;
  under Oklahoma the upcard sets the knock limit and may double the hand: upcard.py);
- `match.passing` (A13): a rival whose loose points are at or below the cutter's (`pass_on_tie`)
  passes the cutter: the cutter scores loose + `pass_penalty`, every passer 0.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mazo.solver import closes
from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT
from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError, OptionError
from mazo.solver.mechanisms.rummy.acomodo import Acomodo, acomodo_round, laid_table
from mazo.solver.mechanisms.rummy.analysis import HandSolver, Outcome, solve_hand
from mazo.solver.mechanisms.rummy.laid import laid_split
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.melds import Meld
from mazo.solver.messages import Told, either, said, titled
from mazo.solver.spec.rulespec import Close, RuleSpec


@dataclass(frozen=True, slots=True)
class HandRules:
    """The spec's scoring data for one hand, read once and checked."""

    method: str
    passing: bool
    pass_penalty: int
    pass_on_tie: bool
    close_bonus: dict[str, int]
    undercut_bonus: int
    undercut_on_tie: bool

    @classmethod
    def of(cls, spec: RuleSpec) -> HandRules:
        scoring, match = spec.scoring, spec.match
        return cls(
            method=scoring.method,
            passing=match.passing,
            pass_penalty=match.pass_penalty,
            pass_on_tie=match.pass_on_tie,
            close_bonus=scoring.close_bonus,
            undercut_bonus=scoring.undercut_bonus,
            undercut_on_tie=scoring.undercut_on_tie,
        )


@dataclass(frozen=True, slots=True)
class PlayerScore:
    """One player's hand at the end: melds, cards laid off on the closer, loose cards, points."""

    name: str
    cards: tuple[Card, ...]
    melds: tuple[Meld, ...]
    lay_offs: tuple[tuple[int, tuple[Card, ...]], ...]
    loose: tuple[Card, ...]
    loose_points: int
    points: int
    passed_closer: bool = False


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The score of one hand: its fields are the JSON of `mazo score --json`."""

    spec: RuleSpec
    closer: str
    discard: Card | None
    close: str
    close_score: int | str
    lay_off: bool
    closer_melds: tuple[Meld, ...]
    table: tuple[Meld, ...]
    players: tuple[PlayerScore, ...]
    passed: bool
    undercut: bool
    wins_match: str | None
    proven_optimal: bool
    upcard: Card | None = None
    multiplier: int = 1

    def points(self) -> dict[str, int]:
        return {p.name: p.points for p in self.players}

    def to_dict(self) -> dict[str, Any]:
        # Not `plain`: every card is written in the codes of the spec's deck, a field's value
        # alone cannot say them.
        codes = self.spec.deck.codes
        return {
            "game": self.spec.game,
            "closer": self.closer,
            "discard": self.spec.deck.code(self.discard) if self.discard else None,
            "close": self.close,
            "close_score": self.close_score,
            "lay_off_allowed": self.lay_off,
            "closer_melds": [codes(m.cards) for m in self.closer_melds],
            "table_after_lay_offs": [codes(m.cards) for m in self.table],
            "players": [
                {
                    "name": p.name,
                    "cards": codes(p.cards),
                    "melds": [codes(m.cards) for m in p.melds],
                    "lay_offs": [{"onto": i, "cards": codes(cards)} for i, cards in p.lay_offs],
                    "loose": codes(p.loose),
                    "loose_points": p.loose_points,
                    "points": p.points,
                    "passed_closer": p.passed_closer,
                }
                for p in self.players
            ],
            "passed": self.passed,
            "undercut": self.undercut,
            "wins_match": self.wins_match,
            "points": self.points(),
            "proven_optimal": self.proven_optimal,
            "upcard": self.spec.deck.code(self.upcard) if self.upcard else None,
            "multiplier": self.multiplier,
            "variant": self.spec.changed_options(),
        }


def score_round(
    spec: RuleSpec,
    closer: tuple[str, Sequence[Card]],
    rivals: Sequence[tuple[str, Sequence[Card]]],
    *,
    drawn_from_pozo: Card | None = None,
    upcard: Card | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    closer_melds: Sequence[Meld] | None = None,
    answers: Sequence[Acomodo] | None = None,
) -> RoundScore:
    """Score a hand from the closer's cards (kept, or with the discard) and the rivals' cards.

    Rivals are listed in turn order, starting with the player after the closer. An upcard
    (Oklahoma) sets the hand's knock limit and may double its points.

    A hand as it was played (a game record) gives the melds the closer laid down, a best split
    of the kept cards (`closer_melds`), and each rival's acomodo as laid (`answers`, in the
    rivals' order, each checked by `laid.laid_acomodo`); without them the best are found.
    """
    if not spec.closes:  # a game whose hand ends another way: by going out, with no cut
        raise OptionError.of("no_closes", game=titled(spec))
    multiplier = 1
    if upcard is not None:
        spec, multiplier = upcard_rules(spec, upcard)
    elif oklahoma_on(spec):
        raise OptionError.of("oklahoma_upcard")
    rules = HandRules.of(spec)
    closer_name, closer_cards = closer
    _check_players(spec, closer, rivals, rules)
    discard, outcome = _closer_outcome(spec, closer_name, closer_cards, drawn_from_pozo, time_limit)
    close = outcome.close
    assert close is not None  # _closer_outcome refuses cards that do not close
    if closer_melds is not None:
        kept = list(closer_cards)
        if discard is not None:
            kept.remove(discard)
        fewest = outcome.arrangement.deadwood
        outcome = Outcome(close, laid_split(spec, kept, closer_melds, fewest))
    melds = outcome.arrangement.melds
    closer_loose = outcome.arrangement.deadwood

    if answers is not None:
        if len(answers) != len(rivals):
            raise OptionError.of("acomodos_for", answers=len(answers), rivals=len(rivals))
        answers = tuple(answers)
        table = laid_table(spec, melds, answers) if close.lay_off else melds
    elif close.lay_off:
        answers, table = acomodo_round(
            spec, melds, [cards for _, cards in rivals], time_limit=time_limit
        )
    else:
        answers = tuple(_no_acomodo(spec, cards, time_limit) for _, cards in rivals)
        table = melds
    optimal = outcome.arrangement.optimal and all(a.optimal for a in answers)
    close_score = closes.score(close, closer_loose)
    assert close_score is not None  # a close scores points or has an effect

    hand = _Counted(
        spec=spec,
        rules=rules,
        closer=(closer_name, tuple(closer_cards)),
        rivals=tuple((name, tuple(cards)) for name, cards in rivals),
        discard=discard,
        outcome=outcome,
        answers=tuple(answers),
        table=tuple(table),
        close_score=close_score,
        optimal=optimal,
    )
    if rules.method == "difference":
        return _multiplied(_difference(hand), upcard, multiplier)
    return _loose_points(hand)


@dataclass(frozen=True, slots=True)
class _Counted:
    """A hand ready to be scored: the closer's close, every rival's acomodo, the table after."""

    spec: RuleSpec
    rules: HandRules
    closer: tuple[str, tuple[Card, ...]]
    rivals: tuple[tuple[str, tuple[Card, ...]], ...]
    discard: Card | None
    outcome: Outcome
    answers: tuple[Acomodo, ...]
    table: tuple[Meld, ...]
    close_score: int | str
    optimal: bool

    def closer_score(self, points: int) -> PlayerScore:
        arrangement = self.outcome.arrangement
        return PlayerScore(
            name=self.closer[0],
            cards=self.closer[1],
            melds=arrangement.melds,
            lay_offs=(),
            loose=arrangement.loose,
            loose_points=arrangement.deadwood,
            points=points,
        )

    def round_score(
        self, players: tuple[PlayerScore, ...], *, passed: bool, undercut: bool
    ) -> RoundScore:
        close = self.outcome.close
        assert close is not None  # _closer_outcome refuses cards that make no close
        return RoundScore(
            spec=self.spec,
            closer=self.closer[0],
            discard=self.discard,
            close=close.id,
            close_score=self.close_score,
            lay_off=close.lay_off,
            closer_melds=self.outcome.arrangement.melds,
            table=self.table,
            players=players,
            passed=passed,
            undercut=undercut,
            wins_match=self.closer[0] if close.effect == "win_match" else None,
            proven_optimal=self.optimal,
        )


def fixed_closer_points(spec: RuleSpec, close: Close) -> int | None:
    """What a close scores its closer whatever the cards (`_loose_points`: its fixed score, or
    0 for a close that wins the match); None when the cards decide it (the closer's loose
    points, a pass, a difference of deadwood)."""
    rules = HandRules.of(spec)
    if rules.method != "loose_points" or (rules.passing and close.lay_off):
        return None
    loose, fixed = closes.score_rule(close)
    if loose:
        return None
    return fixed if isinstance(fixed, int) else 0


def _loose_points(hand: _Counted) -> RoundScore:
    """Conga, Chinchón: each player scores their own loose points; passers score 0 and make
    the cutter pay the penalty."""
    rules, close_score = hand.rules, hand.close_score
    close = hand.outcome.close
    assert close is not None  # _closer_outcome refuses cards that make no close
    closer_loose = hand.outcome.arrangement.deadwood
    closer_points = close_score if isinstance(close_score, int) else 0
    passers = set()
    if rules.passing and close.lay_off:
        passers = {
            i
            for i, a in enumerate(hand.answers)
            if a.deadwood < closer_loose or (rules.pass_on_tie and a.deadwood == closer_loose)
        }
        if passers:
            closer_points = closer_loose + rules.pass_penalty
    players = [hand.closer_score(closer_points)]
    for i, ((name, cards), answer) in enumerate(zip(hand.rivals, hand.answers, strict=True)):
        players.append(
            _player(name, cards, answer, 0 if i in passers else answer.deadwood, i in passers)
        )
    return hand.round_score(tuple(players), passed=bool(passers), undercut=False)


def _difference(hand: _Counted) -> RoundScore:
    """Gin Rummy: the hand's winner scores the difference in loose points, plus any bonus."""
    rules = hand.rules
    ((rival_name, rival_cards),) = hand.rivals
    (answer,) = hand.answers
    mine, theirs = hand.outcome.arrangement.deadwood, answer.deadwood
    close = hand.outcome.close
    assert close is not None  # _closer_outcome refuses cards that make no close
    undercut = close.lay_off and (theirs < mine or (rules.undercut_on_tie and theirs == mine))
    if undercut:
        closer_points, rival_points = 0, mine - theirs + rules.undercut_bonus
    else:
        bonus = rules.close_bonus.get(close.id, 0)
        closer_points, rival_points = theirs - mine + bonus, 0
    players = (
        hand.closer_score(closer_points),
        _player(rival_name, rival_cards, answer, rival_points, undercut),
    )
    return hand.round_score(players, passed=False, undercut=undercut)


def _multiplied(counted: RoundScore, upcard: Card | None, multiplier: int) -> RoundScore:
    """The hand's points, bonuses included, times the upcard's multiplier."""
    players = tuple(dataclasses.replace(p, points=p.points * multiplier) for p in counted.players)
    return dataclasses.replace(counted, players=players, upcard=upcard, multiplier=multiplier)


def _player(name, cards, answer: Acomodo, points: int, passed: bool) -> PlayerScore:
    lay_offs = tuple((i, ext.added) for i, ext in answer.lay_offs)
    return PlayerScore(
        name=name,
        cards=tuple(cards),
        melds=answer.melds,
        lay_offs=lay_offs,
        loose=answer.loose,
        loose_points=answer.deadwood,
        points=points,
        passed_closer=passed,
    )


def _no_acomodo(spec: RuleSpec, cards: Sequence[Card], time_limit: float) -> Acomodo:
    best = HandSolver(spec, cards, time_limit=time_limit).best(cards)
    assert best is not None  # without limits some arrangement always exists
    return Acomodo(
        melds=best.melds,
        lay_offs=(),
        loose=best.loose,
        deadwood=best.deadwood,
        optimal=best.optimal,
    )


def _closer_outcome(spec, name, cards, drawn_from_pozo, time_limit) -> tuple[Card | None, Outcome]:
    """The close the closer's cards make: 7 kept cards, or 8 with the best discard chosen."""
    cards = list(cards)
    discard = None
    may_cut = True
    if len(cards) == spec.hand_size + 1:
        result = solve_hand(spec, cards, drawn_from_pozo=drawn_from_pozo, time_limit=time_limit)
        if not result.can_cut and drawn_from_pozo is not None:
            unbound = solve_hand(spec, cards, time_limit=time_limit)
            if unbound.can_cut:  # the one cutting discard is the card the rule forbids
                raise IllegalHandError.of("close_only_by", name=name, card=repr(unbound.discard))
        if result.discard is not None:  # else a close without a discard: big gin
            discard = spec.deck.parse_card(result.discard)
            cards.remove(discard)
        may_cut = result.can_cut
    elif (
        drawn_from_pozo is not None
        and spec.forbid_cut_with_pozo_card
        and drawn_from_pozo not in cards
    ):
        card = repr(spec.deck.code(drawn_from_pozo))
        raise IllegalHandError.of("cannot_close_by", name=name, card=card)
    outcome = HandSolver(spec, cards, time_limit=time_limit).outcome(cards, may_cut=may_cut)
    if outcome.close is None:
        limits = [c.max_deadwood for c in spec.closes if c.max_deadwood is not None]
        most = said("most_allowed", most=max(limits)) if limits else ""
        # Gin's players knock and count deadwood.
        key = "no_knock" if spec.puzzle_deadwood else "no_close"
        raise IllegalHandError.of(key, name=name, points=outcome.arrangement.deadwood, most=most)
    return discard, outcome


def _check_players(spec, closer, rivals, rules: HandRules) -> None:
    names = [closer[0], *(name for name, _ in rivals)]
    if not rivals:
        raise OptionError.of("one_rival")
    if rules.method == "difference" and len(rivals) != 1:
        raise OptionError.of("exactly_one_rival", game=titled(spec))
    if any(not str(n).strip() for n in names):
        raise OptionError.of("empty_name")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise OptionError.of("named_twice", player=repr(repeated[0]))
    for index, (name, cards) in enumerate([closer, *rivals]):
        allowed = (spec.hand_size, spec.hand_size + 1) if index == 0 else (spec.hand_size,)
        if len(cards) not in allowed:
            want = either(allowed)
            raise IllegalHandError.of(
                "has_cards", name=name, count=len(cards), game=titled(spec), want=want
            )
    spec.deck.check_supply(
        (Told("dealt_to", name=name), cards) for name, cards in [closer, *rivals]
    )
