"""The judge of one decision: the answers open there, what each is worth, and the fastest.

A decision is judged by the solitaire model, as the `fastest` bot plays it: the player races to
the cut alone (the rivals are not modelled). Where the rules have an optimal-policy table (Conga,
Chinchón: `mazo odds`) an answer is worth the expected turns to the cut after it, from the
table; elsewhere (Gin Rummy) it is worth the chance to knock by the next turn, from the exact
two-turn odds of `mazo advise --horizon 2`, in points of chance (percentage points). Every
answer is read from the player's own view: their hand, the pozo, the discards seen and who took
them; nothing hidden.

An answer's cost is how much worse it is than the best answer (turns more, or points of chance
fewer), never below 0; the grades are chess analysis's, at the model's thresholds (`Model`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal

from mazo.solver.cards import Card
from mazo.solver.game.bots import make_level
from mazo.solver.game.bots.fastest import Fastest
from mazo.solver.game.bots.reading import Reading, held_by_rivals, read
from mazo.solver.game.view import Player, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.plain import as_json, plain
from mazo.solver.play import odds
from mazo.solver.play.advise import OPTIMAL, advise_with
from mazo.solver.spec.rulespec import RuleSpec

Grade = Literal["inaccuracy", "mistake", "blunder"]
GRADES: tuple[Grade, ...] = ("inaccuracy", "mistake", "blunder")
# Costs are kept, shown and graded to this many decimals: the grade of a cost is the cost shown.
DECIMALS = 2


@dataclass(frozen=True, slots=True)
class Model:
    """What an answer is worth and how a cost is graded: each grade from its threshold up (a
    missed cut is a blunder whatever it costs); an answer within `accurate` of the best counts
    as accurate."""

    # Turns to the cut: fewer is better; the chance to knock by the next turn: more is better.
    measure: Literal["turns_to_cut", "knock_by_next_turn"]
    unit: Literal["turns", "points"]  # points of chance
    inaccuracy: float = field(metadata=as_json(within="thresholds"))
    mistake: float = field(metadata=as_json(within="thresholds"))
    blunder: float = field(metadata=as_json(within="thresholds"))
    accurate: float = field(metadata=as_json(within="thresholds"))

    name = "solitaire"
    description = "the solitaire model: the rivals are not modelled"

    @property
    def fewer_is_better(self) -> bool:
        return self.measure == "turns_to_cut"

    def cost(self, value: float, best: float) -> float:
        lost = value - best if self.fewer_is_better else best - value
        return max(0.0, round(lost, DECIMALS))

    def grade(self, cost: float, missed_cut: bool) -> Grade | None:
        if missed_cut or cost >= self.blunder:
            return "blunder"
        if cost >= self.mistake:
            return "mistake"
        return "inaccuracy" if cost >= self.inaccuracy else None

    def is_accurate(self, cost: float, missed_cut: bool) -> bool:
        return not missed_cut and cost <= self.accurate

    def to_dict(self) -> dict[str, Any]:
        # The model's name and description are the class's, not a field of each model.
        return {"name": self.name, "description": self.description, **plain(self)}


TURNS = Model("turns_to_cut", "turns", 0.2, 0.5, 1.0, 0.05)
CHANCE = Model("knock_by_next_turn", "points", 5.0, 10.0, 20.0, 1.0)


@dataclass(frozen=True, slots=True)
class Options:
    """The answers open at one decision, each with its worth in the model's measure (a draw:
    "stock", "pozo" or "pass"; a discard: the card thrown, None for a close with every card),
    the answers that cut now, and the fastest bot's answer (cutting when it can)."""

    values: dict[str | None, float]
    cutting: frozenset[str | None]
    fastest: str | None

    @property
    def can_cut(self) -> bool:
        return bool(self.cutting)


class Judge:
    """Judges the decisions of one rules set; the bots and the odds it asks are built once.
    Under Oklahoma a hand's cut is judged by its upcard's knock limit, and so are its answers."""

    def __init__(self, spec: RuleSpec):
        self.spec = spec
        self.fastest = Fastest(spec)
        self.expert: Player = make_level(spec, "expert")
        self.model = TURNS if self.fastest.horizon == OPTIMAL else CHANCE
        self._by_upcard: dict[str, _Rules] = {}

    def options(self, view: View, decision: str) -> Options:
        """The fastest answer and every answer's worth at this decision ("draw": take, draw or
        pass; "discard": the card thrown once the card drawn is in hand)."""
        rules = self._rules(view)
        if decision == "draw":
            return self._draw(rules, view)
        return self._discard(rules, view)

    def expert_answer(self, view: View, decision: str) -> str | None:
        expert = self._rules(view).expert
        if decision == "draw":
            return expert.draw(view)
        return expert.discard(view).card

    def kept_value(self, view: View, card: str) -> float:
        """The worth of throwing `card` without cutting, though it cuts: the cards kept as a
        resting hand."""
        spec = self._rules(view).spec
        kept = list(read(spec, view, "discard").hand)
        kept.remove(spec.deck.parse_card(card))
        if self.model is TURNS:
            return odds.answered(spec, lambda found: odds.turns_to_cut(found, spec, kept))
        return _chance_after(spec, kept, card, view)

    def _rules(self, view: View) -> _Rules:
        """The rules a cut is judged by at this view, and the bots that play them."""
        if view.upcard is None or not oklahoma_on(self.spec):
            return _Rules(self.spec, self.fastest, self.expert)
        if view.upcard not in self._by_upcard:
            ruled, _ = upcard_rules(self.spec, self.spec.deck.parse_card(view.upcard))
            # The upcard's limit is now in the closes; the bots and `mazo advise` play the
            # hand without Oklahoma, which only scores it.
            rules = replace(ruled, scoring=replace(ruled.scoring, oklahoma=None))
            found = _Rules(rules, Fastest(rules), make_level(rules, "expert"))
            self._by_upcard[view.upcard] = found
        return self._by_upcard[view.upcard]

    def _draw(self, rules: _Rules, view: View) -> Options:
        bot, reading = rules.fastest, read(rules.spec, view, "draw")
        answer = bot.draw(view)
        assert reading.before is not None  # a draw follows a resting hand
        advice = bot.advice(reading, reading.before)
        assert advice.take is not None  # a draw is judged only with a card on the pozo
        blind = "pass" if view.offer else "stock"
        if self.model is TURNS:
            take, draw = advice.take.turns_to_cut, advice.draw.turns_to_cut
        else:
            take, draw = (
                _points(advice.take.cut_by_next_turn),
                _points(advice.draw.cut_by_next_turn),
            )
        assert take is not None and draw is not None  # the bot's horizon fills them
        return Options({"pozo": take, blind: draw}, frozenset(), answer)

    def _discard(self, rules: _Rules, view: View) -> Options:
        bot, reading = rules.fastest, read(rules.spec, view, "discard")
        answer = bot.discard(view).card
        if self.model is TURNS:
            ranked = bot.discards(reading)
            values: dict[str | None, float] = {d.card: d.turns_to_cut for d in ranked}
            cutting = frozenset(d.card for d in ranked if d.can_cut)
            return Options(values, cutting, answer)
        return _two_turns(rules.spec, view, reading, answer)


@dataclass(frozen=True, slots=True)
class _Rules:
    spec: RuleSpec
    fastest: Fastest
    expert: Player


def _two_turns(spec: RuleSpec, view: View, reading: Reading, answer: str | None) -> Options:
    """Gin: each discard's chance to knock by the next turn (a knock now is sure)."""
    result = solve_hand(spec, list(reading.hand), drawn_from_pozo=reading.taken)
    values: dict[str | None, float] = {}
    cutting: set[str | None] = set()
    if result.discard is None and result.close is not None:  # every card melds: big gin
        values[None] = 100.0
        cutting.add(None)
    for option in result.discards:
        if option.can_cut:
            values[option.card] = 100.0
            cutting.add(option.card)
        else:
            kept = list(reading.hand)
            kept.remove(spec.deck.parse_card(option.card))
            values[option.card] = _chance_after(spec, kept, option.card, view)
    return Options(values, frozenset(cutting), answer)


def _chance_after(spec: RuleSpec, kept: list[Card], card: str, view: View) -> float:
    """The chance, in points, that one blind draw lets these cards knock: the draw is from the
    cards this player has not seen (the card thrown now lies on the pozo)."""
    deck = spec.deck
    seen = [deck.parse_card(c) for c in (card, *view.pozo, *held_by_rivals(view))]
    advice = advise_with(spec, kept, seen=seen, horizon=1)
    return _points(advice.draw.cut_now)


def _points(chance: Fraction | None) -> float:
    assert chance is not None  # two turns deep fills every chance
    return float(chance * 100)
