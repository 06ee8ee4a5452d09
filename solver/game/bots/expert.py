"""The expert: the fastest way to a cut, and what wins points against rivals."""

from __future__ import annotations

from mazo.solver.game.bots.fastest import Fastest
from mazo.solver.game.bots.reading import Reading
from mazo.solver.play.advise import OPTIMAL

# What a loose point is worth, in expected turns to the cut. Measured on duplicate deals of
# the 48-card Conga with jokers against 0.05 to 0.4: 0.15 to 0.25 do best, 0.08 gives back a
# third of the gain.
SHED = 0.15


class Expert(Fastest):
    """Plays as the fastest player (the take or draw, the cut at the first chance, and in Gin
    every decision), but where the game has an optimal-policy table it throws, among the
    discards that do not cut, the one with the fewest expected turns to the cut plus 0.15 turns
    for each loose point the discard leaves: a rival who cuts first makes it pay them all, so
    near-equal ways to the cut are settled by the points held meanwhile (never the card it
    has just taken from the pozo, as the cheaper discard that undoes the take). Always comes
    back when it may.

    What it does not do, measured on duplicate deals and found to gain nothing the deals could
    tell from chance (README): taking or drawing by the same turns-and-points count, shunning
    the cards that fit those the next rival took from the pozo, and in Conga weighing the risk
    of being passed (a cut is passed in about one round in a hundred)."""

    level = "expert"

    def keep(self, reading: Reading) -> tuple[str | None, bool]:
        if self.horizon != OPTIMAL:
            return super().keep(reading)
        options = self.discards(reading)
        if options[0].can_cut:
            return options[0].card, True
        taken = None if reading.taken is None else reading.spec.deck.code(reading.taken)
        # Fastest first, then the game's ranking: the first of equal counts is the fastest.
        chosen = min(
            (o for o in options if o.card != taken),
            key=lambda o: o.turns_to_cut + SHED * o.deadwood_points,
        )
        return chosen.card, False
