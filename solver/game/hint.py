"""A hint at one of the person's decisions: what the `expert` bot would answer and what the
`fastest` would, each with the expected turns to the cut it leaves.

The bots are asked with the person's own view, so a hint knows nothing the person does not.
The turns are the solitaire model's (`mazo odds`: the rivals are not modelled), where the rules
have an optimal-policy table (Conga, Chinchón); Gin has none, and its hint at a draw gives the
exact two-turn chances of `mazo advise` instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.game.bots.fastest import has_table
from mazo.solver.game.bots.reading import held_by_rivals
from mazo.solver.game.person import Answer, Prompt, as_json
from mazo.solver.game.view import Play, Player, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.play import odds
from mazo.solver.play.advise import OPTIMAL, Advice, Horizon, advise_with
from mazo.solver.spec.rulespec import RuleSpec

# The two players a hint asks, by level.
LEVELS = ("expert", "fastest")


@dataclass(frozen=True, slots=True)
class Hint:
    """The expert's and the fastest's answers to one decision, and what each leaves."""

    decision: str
    answers: dict[str, Answer]  # by level (LEVELS)
    # The expected turns to the cut after each level's answer (0: it cuts now); None where the
    # rules have no odds table, and at a reenganche question.
    turns: dict[str, float] | None
    # At a discard: the loose points each level's discard leaves.
    loose: dict[str, int] | None
    # At a draw with a card on the pozo: take or draw, and why, as `mazo advise` says it.
    advice: Advice | None

    def line(self, round_number: int, player: str) -> dict[str, Any]:
        """The record's `hint` line."""
        return {
            "event": "hint",
            "round": round_number,
            "player": player,
            "decision": self.decision,
            "expert": as_json(self.answers["expert"]),
            "fastest": as_json(self.answers["fastest"]),
            "turns": None if self.turns is None else dict(self.turns),
        }


def hint(spec: RuleSpec, prompt: Prompt, bot: Callable[[str], Player]) -> Hint:
    """The hint at this prompt; `bot(level)` makes a player of that level."""
    view = prompt.view
    answers = {level: _asked(bot(level), prompt.decision, view) for level in LEVELS}
    if prompt.decision == "draw":
        advice = _advice(spec, view)
        turns = None
        if advice is not None and advice.horizon == OPTIMAL:
            turns = {level: _draw_turns(advice, answers[level]) for level in LEVELS}
        return Hint("draw", answers, turns, None, advice)
    if prompt.decision == "discard":
        loose, turns = _discard_figures(spec, prompt, answers)
        return Hint("discard", answers, turns, loose, None)
    return Hint(prompt.decision, answers, None, None, None)


def _asked(player: Player, decision: str, view: View) -> Answer:
    if decision == "draw":
        return player.draw(view)
    if decision == "discard":
        return player.discard(view)
    return player.reenter(view)


def _advice(spec: RuleSpec, view: View) -> Advice | None:
    """`mazo advise` on the position: the hand, the pozo's top, and the cards seen (the pozo
    under its top, the cards the rivals took from it and hold)."""
    if not view.pozo:
        return None
    deck = spec.deck
    seen = [*view.pozo[:-1], *held_by_rivals(view)]
    horizon: Horizon = OPTIMAL if has_table(spec) else 2
    return advise_with(
        spec,
        [deck.parse_card(c) for c in view.hand],
        pozo_top=deck.parse_card(view.pozo[-1]),
        seen=[deck.parse_card(c) for c in seen],
        horizon=horizon,
    )


def _draw_turns(advice: Advice, answer: Answer) -> float:
    option = advice.take if answer == "pozo" else None
    turns = advice.draw.turns_to_cut if option is None else option.turns_to_cut
    assert turns is not None  # the optimal horizon fills both
    return turns


def _discard_figures(
    spec: RuleSpec, prompt: Prompt, answers: dict[str, Answer]
) -> tuple[dict[str, int], dict[str, float] | None]:
    """The loose points and (with a table) the turns each level's discard leaves."""
    deck = spec.deck
    hand = [deck.parse_card(c) for c in prompt.view.hand]
    pozo = prompt.from_pozo
    result = solve_hand(spec, hand, drawn_from_pozo=None if pozo is None else deck.parse_card(pozo))
    points = {o.card: o.deadwood_points for o in result.discards}
    table = has_table(spec)
    loose, turns = {}, {}
    for level, answer in answers.items():
        assert isinstance(answer, Play)  # asked at a discard
        cuts = answer.cut and (answer.card is None or answer.card in prompt.can_cut)
        loose[level] = 0 if answer.card is None else points[answer.card]
        if table:
            turns[level] = 0.0 if cuts else _turns_after(spec, hand, answer.card)
    return loose, (turns if table else None)


def _turns_after(spec: RuleSpec, hand: list[Card], card: str | None) -> float:
    """The table's expected turns to the cut of the hand kept after this discard."""
    kept = list(hand)
    if card is not None:
        kept.remove(spec.deck.parse_card(card))
    return odds.answered(spec, lambda table: odds.turns_to_cut(table, spec, kept))
