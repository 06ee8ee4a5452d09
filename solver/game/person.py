"""The person's decisions at the table: what they are asked (a `Prompt`), the answers they may
give, and why an answer is refused (a `Refusal`).

A bot's illegal answer is its forfeit; a person's is a slip of the hand. So every answer of the
person is checked here, against the same rules the engine judges by (a cut is legal exactly when
`mazo solve` says so for those cards), and a refused one is asked again: the person never
forfeits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import MazoError
from mazo.solver.game.public import RoundCards
from mazo.solver.game.view import SOURCES, Asked, Play, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.plain import as_json as json_field
from mazo.solver.plain import plain
from mazo.solver.spec.rulespec import RuleSpec

DECISIONS: tuple[Asked, ...] = ("draw", "discard", "reenter")
# An answer: the draw's source ("stock", "pozo", "pass"), a discard, or whether to re-enter.
Answer = str | Play | bool

# Why an answer is refused; each is said in words by the client (the reason is the JSON's).
REASONS = (
    "not_now",  # an answer to another decision: a discard when it is time to draw
    "offer",  # the first upcard is taken or passed, not drawn over
    "no_offer",  # passing is an answer only to the first upcard's offer
    "empty_pozo",
    "upcard_passed",  # the first upcard both players passed: the mano draws from the stock
    "not_held",  # a card not in the hand
    "no_close",  # a cut whose cards make no close
    "pozo_card",  # a cut with the card just taken from the pozo
    "needs_card",  # a cut without a discard, where the close needs one
    "not_training",  # undo, in a game not played for training
    "nothing_to_undo",
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """An answer refused: why (one of `REASONS`), and the card it names, if any."""

    reason: str
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Prompt:
    """One decision of the person: what is asked, their view, and what is public beyond it."""

    decision: Asked
    view: View
    # The cards whose discard cuts now (at a discard), as `mazo solve` lists them.
    can_cut: tuple[str, ...] = ()
    # A close that needs no discard (Gin's big gin) is open now.
    cut_alone: bool = field(default=False, metadata=json_field(omit=True))
    # The cards each player took from the pozo this round and still holds (`public.Watch`).
    taken: dict[str, tuple[str, ...]] = field(default_factory=dict, metadata=json_field(omit=True))
    # At the reenganche question: the round just cut, every hand face up. The engine asks it
    # before it tells the round's end, and the person answers knowing the round's points.
    cards: RoundCards | None = field(default=None, metadata=json_field(omit=True))
    # The person's decision's number in the game, from 1: a prompt asked again keeps it, and a
    # resumed game numbers its decisions as the game played straight.
    number: int = field(default=0, metadata=json_field("id", before="decision"))
    # At the reenganche question: the round's end as the record will have it, as far as it is
    # known before the answers (the totals before anyone comes back, no one back yet).
    ending: dict[str, Any] | None = field(default=None, metadata=json_field(omit=True))

    def to_dict(self) -> dict[str, Any]:
        # The protocol's event name, and the round's points once the cards are face up.
        found = {"event": "prompt", **plain(self)}
        score = None if self.cards is None else self.cards.score
        if score is not None:
            found["points"] = score.points()
        return found

    @property
    def from_pozo(self) -> str | None:
        """The card this turn took from the pozo."""
        return _from_pozo(self.view)


def prompt_for(
    decision: Asked,
    view: View,
    cut_spec: RuleSpec,
    taken: dict[str, tuple[str, ...]],
    cards: RoundCards | None = None,
    *,
    number: int = 0,
    ending: dict[str, Any] | None = None,
) -> Prompt:
    """The prompt of the person's decision `number`; at a discard, with the cuts open now under
    `cut_spec` (the rules a cut is judged by: the spec's, or under Oklahoma the upcard's knock
    limit); at the reenganche question, with the round's `cards` and its `ending` so far."""
    if decision == "reenter":
        return Prompt(decision, view, taken=taken, cards=cards, number=number, ending=ending)
    if decision != "discard":
        return Prompt(decision, view, taken=taken, number=number)
    deck = cut_spec.deck
    hand = [deck.parse_card(c) for c in view.hand]
    pozo_card = _from_pozo(view)
    taken_card = None if pozo_card is None else deck.parse_card(pozo_card)
    result = solve_hand(cut_spec, hand, drawn_from_pozo=taken_card)
    can_cut = tuple(o.card for o in result.discards if o.can_cut)
    alone = result.can_cut and result.discard is None
    return Prompt(decision, view, can_cut=can_cut, cut_alone=alone, taken=taken, number=number)


def _from_pozo(view: View) -> str | None:
    drawn = view.drawn
    return drawn["card"] if drawn is not None and drawn["source"] == "pozo" else None


def refusal(prompt: Prompt, answer: Answer, spec: RuleSpec) -> Refusal | None:
    """Why this answer cannot be given now; None when it can."""
    if prompt.decision == "draw":
        return _draw_refusal(prompt, answer)
    if prompt.decision == "discard":
        if not isinstance(answer, Play):
            return Refusal("not_now")
        return _discard_refusal(prompt, answer, spec)
    return None if isinstance(answer, bool) else Refusal("not_now")


def _draw_refusal(prompt: Prompt, answer: Answer) -> Refusal | None:
    if not isinstance(answer, str) or answer not in SOURCES:
        return Refusal("not_now")
    if prompt.view.offer:
        return None if answer in ("pozo", "pass") else Refusal("offer")
    if answer == "pass":
        return Refusal("no_offer")
    if answer == "pozo" and not prompt.view.pozo:
        return Refusal("empty_pozo")
    if answer == "pozo" and not prompt.view.may_take:
        return Refusal("upcard_passed")
    return None


def _discard_refusal(prompt: Prompt, play: Play, spec: RuleSpec) -> Refusal | None:
    if play.card is None:
        return None if play.cut and prompt.cut_alone else Refusal("needs_card")
    card = _card(spec, play.card)
    if card is None or card not in prompt.view.hand:
        return Refusal("not_held", card or play.card)
    if play.cut and card not in prompt.can_cut:
        if card == prompt.from_pozo and spec.forbid_cut_with_pozo_card:
            return Refusal("pozo_card", card)
        return Refusal("no_close", card)
    return None


def _card(spec: RuleSpec, text: str) -> str | None:
    """A card as the deck writes it; None when the text is no card of the deck."""
    try:
        card: Card = spec.deck.parse_card(text)
    except MazoError:
        return None
    return spec.deck.code(card)


def normal(spec: RuleSpec, answer: Answer) -> Answer:
    """An answer with its card written as the deck writes it (the engine's and the record's
    way), so `12B` and `12b` are one answer."""
    if isinstance(answer, Play) and answer.card is not None:
        return Play(_card(spec, answer.card) or answer.card, answer.cut)
    return answer


def as_json(answer: Answer) -> Any:
    """An answer as a record's line writes it: the source, {"card", "cut"}, or true/false."""
    if isinstance(answer, Play):
        return {"card": answer.card, "cut": answer.cut}
    return answer
