"""The novice: Neller's simple Gin player, the baseline of the Gin literature."""

from __future__ import annotations

from mazo.solver.cards import Card
from mazo.solver.game.bots.reading import read, tie_breaker
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.analysis import HandSolver, solve_hand
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult
from mazo.solver.spec.rulespec import RuleSpec


class Novice:
    """Takes the pozo's top card only if it ends in a meld of the best arrangement of the hand
    plus that card (of every best one: it leaves fewer loose points melded than loose);
    otherwise draws (and passes the first upcard). Throws, among the cards whose discard leaves
    the fewest loose points, the highest-valued (ties by the seed), never the card it has just
    taken from the pozo. Cuts at the first chance; always comes back when it may."""

    level = "novice"

    def __init__(self, spec: RuleSpec, seed: int = 0):
        self.spec = spec
        self.seed = seed

    def draw(self, view: View) -> str:
        reading = read(self.spec, view, "draw")  # checked, whatever is decided
        if not reading.may_take:
            return "stock"
        assert reading.top is not None  # the pozo has a top
        hand, top = list(reading.hand), reading.top
        solver = HandSolver(reading.spec, [*hand, top])
        # Fewer loose points with the card than without it and its own points: the best
        # arrangement with it melds more points than the hand alone does.
        if solver.melded_points([*hand, top]) > solver.melded_points(hand):
            return "pozo"
        return "pass" if view.offer else "stock"

    def discard(self, view: View) -> Play:
        reading = read(self.spec, view, "discard")
        spec = reading.spec
        result = solve_hand(spec, reading.hand, drawn_from_pozo=reading.taken)
        if result.can_cut:
            return Play(result.discard, True)
        valued = [
            (spec.value(spec.deck.parse_card(o.card)), o.card)
            for o in fewest_points(spec, result, reading.taken)
        ]
        top = max(value for value, _ in valued)
        highest = [card for value, card in valued if value == top]
        if len(highest) == 1:  # no tie to break: the seed's generator would pick it
            return Play(highest[0], False)
        return Play(tie_breaker(self.level, self.seed, view).choice(highest), False)

    def reenter(self, view: View) -> bool:
        return True


def fewest_points(spec: RuleSpec, result: SolveResult, taken: Card | None) -> list[DiscardOption]:
    """The discards that leave the fewest loose points, in the game's ranking, the card just
    taken from the pozo left out (thrown straight back it would undo the turn)."""
    code = None if taken is None else spec.deck.code(taken)
    allowed = [o for o in result.discards if o.card != code]
    fewest = min(o.deadwood_points for o in allowed)
    return [o for o in allowed if o.deadwood_points == fewest]
