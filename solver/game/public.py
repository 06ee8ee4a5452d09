"""What the person at the table sees of each event, and a round's end as the table shows it.

The engine's events are the record's: the deal holds every hand and the stock's order, and a
draw from the stock names its card. The person sees their own cards and the public ones:
`public` writes an event as they see it. `Watch` follows a round's cards through the events (the
record is the game) to know which cards each player took from the pozo, and to score the round
again at its end exactly as the engine scored it, so every hand is shown arranged, as the hands
are laid face up at a real table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.spec.rulespec import RuleSpec

Event = dict[str, Any]


def public(event: Event, person: str) -> Event:
    """The event as `person` sees it: their own hand, the other hands' and the stock's counts
    (never their cards), a rival's draw from the stock without its card, the game without its
    seed."""
    kind = event["event"]
    if kind == "deal":
        hands = event["hands"]
        return {
            "event": "deal",
            "round": event["round"],
            "mano": event["mano"],
            "dealer": event.get("dealer"),
            "hands": {person: list(hands[person])} if person in hands else {},
            "cards": {name: len(cards) for name, cards in hands.items()},
            "stock_count": len(event["stock"]),
            "pozo": list(event["pozo"]),
        }
    if kind == "recycle":
        return {
            "event": "recycle",
            "round": event["round"],
            "stock_count": len(event["stock"]),
            "pozo": list(event["pozo"]),
        }
    if kind == "turn" and event["player"] != person and event.get("draw") == "stock":
        return {k: v for k, v in event.items() if k != "card"}
    if kind == "game":  # the seed deals every card: whoever knows it sees the stock
        return {k: v for k, v in event.items() if k != "seed"}
    return dict(event)


@dataclass(frozen=True)  # not slotted: the score is worked out once, when first shown
class RoundCards:
    """A round's cards at its end, as they were laid face up: every hand (the cutter's after
    the discard), in turn order; who cut, and the first upcard."""

    spec: RuleSpec
    hands: dict[str, tuple[str, ...]]
    cutter: str | None
    upcard: str | None

    @cached_property
    def score(self) -> RoundScore | None:
        """The round's score, as the engine computes it from the same cards (None: no cut)."""
        if self.cutter is None:
            return None
        deck, order = self.spec.deck, list(self.hands)
        at = order.index(self.cutter)
        rivals = [
            (name, [deck.parse_card(c) for c in self.hands[name]])
            for name in order[at + 1 :] + order[:at]
        ]
        kept = [deck.parse_card(c) for c in self.hands[self.cutter]]
        upcard = None
        if self.upcard is not None and oklahoma_on(self.spec):
            upcard = deck.parse_card(self.upcard)
        return score_round(self.spec, (self.cutter, kept), rivals, upcard=upcard)


@dataclass(slots=True)
class Watch:
    """One round's cards, followed through the events."""

    spec: RuleSpec
    hands: dict[str, list[str]] = field(default_factory=dict)  # in turn order, the mano first
    # The cards each player took from the pozo this round (the first upcard too) and still
    # holds: they were shown when taken.
    taken: dict[str, list[str]] = field(default_factory=dict)
    upcard: str | None = None
    cutter: str | None = None

    def see(self, event: Event) -> None:
        kind = event["event"]
        if kind == "deal":
            self.hands = {name: list(cards) for name, cards in event["hands"].items()}
            self.taken = {name: [] for name in self.hands}
            self.upcard = event["pozo"][0] if event["pozo"] else None
            self.cutter = None
        elif kind == "turn":
            self._turn(event)

    def _turn(self, event: Event) -> None:
        player, hand = event["player"], self.hands[event["player"]]
        if event.get("draw") in ("stock", "pozo"):
            hand.append(event["card"])
            if event["draw"] == "pozo":
                self.taken[player].append(event["card"])
        if event.get("discard") is not None:
            hand.remove(event["discard"])
            if event["discard"] in self.taken[player]:
                self.taken[player].remove(event["discard"])
        if event.get("cut"):
            self.cutter = player

    def cards(self) -> RoundCards:
        hands = {name: tuple(cards) for name, cards in self.hands.items()}
        return RoundCards(self.spec, hands, self.cutter, self.upcard)

    def cut_spec(self) -> RuleSpec:
        """The rules a cut is judged by this round: the spec's, or under Oklahoma the
        upcard's knock limit."""
        if self.upcard is None or not oklahoma_on(self.spec):
            return self.spec
        return upcard_rules(self.spec, self.spec.deck.parse_card(self.upcard))[0]

    def taken_now(self) -> dict[str, tuple[str, ...]]:
        return {name: tuple(cards) for name, cards in self.taken.items()}
