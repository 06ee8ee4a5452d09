"""mazo's players: each level a class with `draw`, `discard` and `reenter` (a `Player`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mazo.solver.cards import Card
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.analysis import HandSolver, solve_hand
from mazo.solver.spec.rules import RuleSpec


class Novice:
    """The baseline of the Gin literature (Neller's simple player): takes the pozo card only if
    it ends in a meld of the best arrangement of the hand plus that card; throws, among the
    cards whose discard leaves the fewest loose points, the highest-valued (ties by the seed);
    cuts at the first chance; always comes back when it may."""

    level = "novice"

    def __init__(self, spec: RuleSpec, seed: int = 0):
        self.spec = spec
        self.random = random.Random(f"mazo-novice:{seed}")

    def _cards(self, codes: Sequence[str]) -> list[Card]:
        return [self.spec.deck.parse_card(c) for c in codes]

    def draw(self, view: View) -> str:
        if not view.pozo:
            return "stock"
        top = self.spec.deck.parse_card(view.pozo[-1])
        cards = [*self._cards(view.hand), top]
        best = HandSolver(self.spec, cards).best(cards)
        if best is not None and any(top in m.cards for m in best.melds):
            return "pozo"
        return "pass" if view.offer else "stock"

    def discard(self, view: View) -> Play:
        deck = self.spec.deck
        cards = self._cards(view.hand)
        taken = None
        if view.drawn is not None and view.drawn["source"] == "pozo":
            taken = deck.parse_card(view.drawn["card"])
        result = solve_hand(self.spec, cards, drawn_from_pozo=taken)
        if result.can_cut:
            return Play(result.discard, True)
        allowed = [o for o in result.discards if taken is None or o.card != deck.code(taken)]
        fewest = min(o.deadwood_points for o in allowed)
        fewest_options = [o for o in allowed if o.deadwood_points == fewest]
        top = max(self.spec.value(deck.parse_card(o.card)) for o in fewest_options)
        highest = sorted(
            o.card for o in fewest_options if self.spec.value(deck.parse_card(o.card)) == top
        )
        return Play(self.random.choice(highest), False)

    def reenter(self, view: View) -> bool:
        return True
