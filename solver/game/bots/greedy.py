"""The greedy player: the table player's rule of thumb, fewer loose points now."""

from __future__ import annotations

from mazo.solver.game.bots.novice import fewest_points
from mazo.solver.game.bots.reading import read
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.play.advise import advise_with
from mazo.solver.spec.rulespec import RuleSpec


class Greedy:
    """Takes the pozo's top card when some discard then leaves fewer loose points than the
    best discard after a blind draw leaves on average, over the unseen cards (the deck less the
    hand, the pozo and the cards the rivals took from it and hold: `mazo advise`'s unseen cards
    with those as --seen); otherwise draws (and passes the first upcard). Throws the card whose
    discard leaves the fewest loose points (ties: the game's ranking, the costlier card first),
    never the card it has just taken from the pozo. Cuts at the first chance; always comes back
    when it may."""

    level = "greedy"

    def __init__(self, spec: RuleSpec, seed: int = 0):
        self.spec = spec
        self.seed = seed

    def draw(self, view: View) -> str:
        reading = read(self.spec, view, "draw")  # checked, whatever is decided
        if not reading.may_take:
            return "stock"
        advice = advise_with(
            reading.spec, reading.hand, pozo_top=reading.top, seen=reading.seen, horizon=1
        )
        assert advice.take is not None  # the pozo has a top
        if advice.take.fewest_deadwood_points < advice.draw.expected_deadwood:
            return "pozo"
        return "pass" if view.offer else "stock"

    def discard(self, view: View) -> Play:
        reading = read(self.spec, view, "discard")
        result = solve_hand(reading.spec, reading.hand, drawn_from_pozo=reading.taken)
        if result.can_cut:
            return Play(result.discard, True)
        return Play(fewest_points(reading.spec, result, reading.taken)[0].card, False)

    def reenter(self, view: View) -> bool:
        return True
