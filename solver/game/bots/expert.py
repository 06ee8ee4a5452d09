"""The expert: the fastest way to a cut, and what wins points against rivals."""

from __future__ import annotations

from mazo.solver.game.bots.fastest import Fastest
from mazo.solver.game.bots.reading import Reading
from mazo.solver.play.advise import OPTIMAL, Keep

# What a loose point is worth, in expected turns to the cut. Measured on duplicate deals of
# the 48-card Conga with jokers against 0.05 to 0.4: 0.15 to 0.25 do best, 0.08 gives back a
# third of the gain.
SHED = 0.15
# Where a defender who matches a knock scores a bonus (Gin's undercut): from this turn of the
# player's on, a knock needs at most LATE_KNOCK loose points. Measured on duplicate Gin hands:
# from the 4th turn or the 7th, at most 2 or 4 points, all gain alike.
LATE_TURN = 7
LATE_KNOCK = 4
# Measured the same way and left out, none gaining more than chance would: taking or drawing
# by the same turns-and-points count; shunning the cards that fit those the next rival took
# from the pozo; in Gin, settling near-equal two-turn chances by the points. Not tried: in
# Conga, holding back a cut that may be passed (one cut in a hundred is, between two players).


class Expert(Fastest):
    """Plays as the fastest player (the take or draw, the cut at the first chance) but for
    two rules that win points against rivals:

    - Where the game has an optimal-policy table (Conga, Chinchón), among the discards that do
      not cut it throws the one with the fewest expected turns to the cut plus 0.15 turns for
      each loose point the discard leaves: a rival who cuts first makes it pay every point
      held, so near-equal ways to the cut are settled by the points (never the card it has just
      taken from the pozo).
    - Where a defender who matches a knock wins a bonus (Gin's undercut), from its 7th turn of
      a hand on it knocks only with 4 loose points or fewer (gin at any time), and otherwise
      throws the same card and plays on: late in a hand the defender holds few points.

    Always comes back when it may."""

    level = "expert"

    def keep(self, reading: Reading) -> tuple[str | None, bool]:
        if self.horizon == OPTIMAL:
            return self._shed(reading)
        kept = self.two_turns(reading)
        if kept.can_cut and kept.discard is not None and self._too_late(reading, kept):
            return kept.discard, False  # the same card, and play on
        return kept.discard, kept.can_cut

    def _shed(self, reading: Reading) -> tuple[str | None, bool]:
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

    @staticmethod
    def _too_late(reading: Reading, knock: Keep) -> bool:
        """A knock with more than LATE_KNOCK loose points, late, where it can be undercut."""
        undercut = reading.spec.scoring.undercut_bonus > 0
        return undercut and reading.turn >= LATE_TURN and knock.deadwood_points > LATE_KNOCK
