"""The expert: the fastest way to a cut, and what wins points against rivals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mazo.solver.cards import Card
from mazo.solver.game.bots import race
from mazo.solver.game.bots.fastest import Fastest
from mazo.solver.game.bots.reading import Reading, read
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.play import odds
from mazo.solver.play.advise import OPTIMAL, Keep

# What cutting before every rival is worth against the points held when a rival cuts first:
# a discard leaving D loose points and the chance p to cut first counts (1 - p) * D - p * GAIN.
# Measured on duplicate deals against the novice and the greedy player: a larger GAIN gains no
# points and wins fewer deals.
GAIN = 0.0
# Where a defender who matches a knock scores a bonus (Gin's undercut): from this turn of the
# player's on, a knock needs at most LATE_KNOCK loose points. Measured on duplicate Gin hands:
# from the 4th turn or the 7th, at most 2 or 4 points, all gain against knocking at the first
# chance; from the 7th, at most 2 wins more deals than at most 4 against the novice and the
# greedy player, on each set of deals tried.
LATE_TURN = 7
LATE_KNOCK = 2
# Kept, measured on duplicate Chinchón and Conga deals, heads-up and at four seats: taking or
# drawing by the same price as the discard (the least any discard then leaves to pay; after a
# blind draw, the mean over the unseen cards) rather than by the turns alone. It wins more
# deals than it loses against the greedy player, where the fastest's take or draw lost more.
# Measured and left out: weighing the chance to cut first at a half or most of itself (more
# deals equal to the greedy player's, fewer better); a GAIN above 0 with the rule above
# (behind the greedy player); a price in turns for each loose point, to take or draw by or to
# throw by; shunning the cards that fit those the next rival took from the pozo; in Gin,
# settling near-equal two-turn chances by the points; counting turns more for each card a
# rival took from the pozo, or for every rival (nearly the same points in nearly every deal).
# Left out too, in Conga at four seats: holding back a cut with points for a better close next turn,
# when the chance that no rival cuts first times the points a draw saves on average is worth it (a
# cut is passed only rarely there too; held rarely, it changes nothing; held more often, it wins
# fewer deals); weighing the chance to cut first at more than itself; taking the pozo's top only by
# a margin of a point, or also a point short of one; adding to a discard's price the unseen cards
# that fit it (of its rank, or of its suit within two ranks: fewer points, and more deals on one set
# of deals but fewer on another); ranking near-equal discards by the points they leave after the
# next blind draw (as many deals).
# In Gin, measured on duplicate hands against the novice and left out (no more deals better
# than worse): throwing, among the discards within 2 in 100 of the best two-turn chance and no
# more loose points, the card the next rival is least likely to meld (each of its partners
# sure in the rival's hand when it took it from the pozo, out when seen, else at the share of
# the unseen cards it holds); weighing each discard's loose points against its two-turn chance
# more as the hand goes on. The late knock rule pays: a hand it holds back mostly undercuts
# the novice's later knock.


class Expert(Fastest):
    """Plays as the fastest player (the cut at the first chance) but for three rules that win
    points against rivals:

    - Where the game has an optimal-policy table (Conga, Chinchón), it throws, among the
      discards that do not cut, the one that leaves the fewest points to pay when a rival cuts
      first, each loose point weighed by the chance that a rival does: the chance to cut
      before every rival is read from the kept hand's chances to cut within 1..20 turns (`mazo
      odds`) against a random deal's for each rival, given the turns it has played this round
      without cutting (never the card it has just taken from the pozo).
    - There it takes the pozo's top card when the best discard after taking it leaves less to
      pay, counted the same way (nothing for a cut), than the best discard after a blind draw
      leaves on average over the unseen cards (as the greedy player averages its points);
      otherwise draws (and passes the first upcard).
    - Where a defender who matches a knock wins a bonus (Gin's undercut), from its 7th turn of
      a hand on it knocks only with 2 loose points or fewer (gin at any time), and otherwise
      throws the same card and plays on: late in a hand the defender holds few points. In Gin
      it takes or draws as the fastest player.

    Always comes back when it may."""

    level = "expert"
    gain = GAIN

    def take(self, reading: Reading, view: View) -> bool:
        if self.horizon != OPTIMAL:
            return super().take(reading, view)
        return self._takes(reading, race.rival_turns(view))

    def _takes(self, reading: Reading, played: list[int]) -> bool:
        """Whether the best discard after taking pays less than the best after a blind draw
        pays on average over the unseen cards."""
        spec, before, top = reading.spec, reading.before, reading.top
        assert before is not None and top is not None  # a draw with a pozo top
        found = odds.table(spec)
        left = race.rivals_left(found.deal.cut_within, played)
        taking = self._least(found, left, [*before, top], top)
        unseen = Counter(spec.deck.all_cards()) - Counter(before) - Counter(reading.seen)
        unseen -= Counter([top])
        total = sum(unseen.values())
        drawing = sum(
            copies * self._least(found, left, [*before, card], None)
            for card, copies in sorted(unseen.items(), key=lambda kv: spec.deck.sort_key(kv[0]))
        )
        return taking * total < drawing

    def _least(
        self, found: odds.OddsTable, left: tuple[float, ...], hand: list[Card], taken: Card | None
    ) -> float:
        """The least any allowed discard of the hand pays, as the discard weighs it (0: a cut)."""
        spec = self.spec
        solved = solve_hand(spec, hand, drawn_from_pozo=taken)
        if solved.can_cut:
            return 0.0
        code = None if taken is None else spec.deck.code(taken)
        # A hand of one card over the resting size has two discards: one is allowed.
        return min(
            self._paid(found, left, hand, option.card, option.deadwood_points)
            for option in solved.discards
            if option.card != code
        )

    def _paid(
        self,
        found: odds.OddsTable,
        left: tuple[float, ...],
        hand: Sequence[Card],
        card: str,
        points: int,
    ) -> float:
        """What a discard leaves to pay: its loose points when a rival cuts first."""
        spec = self.spec
        kept = list(hand)
        kept.remove(spec.deck.parse_card(card))
        first = race.first(found.within[odds.index(found, spec, kept)], left)
        return (1 - first) * points - first * self.gain

    def discard(self, view: View) -> Play:
        reading = read(self.spec, view, "discard")
        if self.horizon == OPTIMAL:
            card, cut = self._race(reading, race.rival_turns(view))
        else:
            card, cut = self._knock(reading)
        return Play(card, cut)

    def _race(self, reading: Reading, played: list[int]) -> tuple[str | None, bool]:
        options = self.discards(reading)
        if options[0].can_cut:
            return options[0].card, True
        spec = reading.spec
        found = odds.table(spec)
        left = race.rivals_left(found.deal.cut_within, played)
        taken = None if reading.taken is None else spec.deck.code(reading.taken)

        def paid(option: odds.DiscardOdds) -> float:
            return self._paid(found, left, reading.hand, option.card, option.deadwood_points)

        # Fastest first, then the game's ranking: the first of equal counts is the fastest.
        chosen = min((o for o in options if o.card != taken), key=paid)
        return chosen.card, False

    def _knock(self, reading: Reading) -> tuple[str | None, bool]:
        kept = self.two_turns(reading)
        if kept.can_cut and kept.discard is not None and self._too_late(reading, kept):
            return kept.discard, False  # the same card, and play on
        return kept.discard, kept.can_cut

    @staticmethod
    def _too_late(reading: Reading, knock: Keep) -> bool:
        """A knock with more than LATE_KNOCK loose points, late, where it can be undercut."""
        undercut = reading.spec.scoring.undercut_bonus > 0
        return undercut and reading.turn >= LATE_TURN and knock.deadwood_points > LATE_KNOCK
