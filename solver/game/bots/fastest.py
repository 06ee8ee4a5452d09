"""The fastest player: every decision the one that cuts soonest, as `mazo advise` and `mazo odds`
decide it."""

from __future__ import annotations

from collections.abc import Sequence

from mazo.solver.cards import Card
from mazo.solver.game.bots.reading import Reading, read
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on
from mazo.solver.play import odds
from mazo.solver.play.advise import OPTIMAL, Advice, Horizon, Keep, advise_with
from mazo.solver.spec.rulespec import RuleSpec

# The positions a player remembers: the draw's advice serves the discard that follows it.
REMEMBERED = 4


def has_table(spec: RuleSpec) -> bool:
    """Whether the rules have an optimal-policy table (`mazo odds`)."""
    return not oklahoma_on(spec) and odds.refusal(spec) is None


class Fastest:
    """Plays to cut soonest. Where the game has an optimal-policy table (Conga, Chinchón: `mazo
    odds`, built once per rules set and kept in the user's cache), takes or draws as `mazo
    advise --horizon optimal` advises and throws the discard `mazo odds` puts first (the fewest
    expected turns to the cut; ties: the game's ranking). Elsewhere (Gin) both come from the
    exact two-turn chances of `mazo advise --horizon 2`: the best chance to cut by the next
    turn, then fewer loose points. The first upcard is taken when the advice is to take it.
    The unseen cards are `mazo advise`'s, with the pozo under its top and the cards the rivals
    took from it as seen. Cuts at the first chance; always comes back when it may."""

    level = "fastest"

    def __init__(self, spec: RuleSpec, seed: int = 0):
        self.spec = spec
        self.seed = seed
        self.horizon: Horizon = OPTIMAL if has_table(spec) else 2
        if self.horizon == OPTIMAL:
            odds.table(spec)  # built now, once, rather than in the first turn
        self._advice: dict[tuple, Advice] = {}

    def draw(self, view: View) -> str:
        reading = read(self.spec, view, "draw")  # checked, whatever is decided
        if not reading.may_take:
            return "stock"
        if self.take(reading, view):
            return "pozo"
        return "pass" if view.offer else "stock"

    def take(self, reading: Reading, view: View) -> bool:
        """Whether to take the pozo's top (there is one); `view` for what the rivals did, which
        this level does not weigh."""
        assert reading.before is not None  # a draw follows a resting hand
        return self.advice(reading, reading.before).advice == "take"

    def discard(self, view: View) -> Play:
        card, cut = self.keep(read(self.spec, view, "discard"))
        return Play(card, cut)

    def keep(self, reading: Reading) -> tuple[str | None, bool]:
        """The discard and whether it cuts."""
        if self.horizon == OPTIMAL:
            best = self.discards(reading)[0]
            return best.card, best.can_cut
        kept = self.two_turns(reading)
        return kept.discard, kept.can_cut

    def discards(self, reading: Reading) -> Sequence[odds.DiscardOdds]:
        """Every allowed discard with the turns to the cut it leaves, fastest first, as `mazo
        odds` ranks them (the card just taken from the pozo does not cut)."""
        spec, hand, taken = reading.spec, reading.hand, reading.taken
        return odds.answered(
            spec, lambda found: odds.drawn_odds(found, spec, hand, drawn_from_pozo=taken)
        ).discards

    def two_turns(self, reading: Reading) -> Keep:
        """What `mazo advise --horizon 2` keeps after this turn's take or draw."""
        before, drawn = reading.before, reading.drawn
        if before is None or drawn is None:  # the opening: as if any of its cards were drawn
            drawn = reading.hand[-1]
            before = reading.hand[:-1]
        advice = self.advice(reading, before)
        if reading.taken is not None:
            assert advice.take is not None  # the card taken was the top
            return advice.take
        code = reading.spec.deck.code(drawn)
        return next(d.keep for d in advice.draw.by_card if d.card == code)

    def advice(self, reading: Reading, before: Sequence[Card]) -> Advice:
        """`mazo advise` at this level's horizon for the turn's start (the hand `before` the
        draw, the pozo's top then, the seen cards), remembered for the few positions a turn
        reads."""
        spec, top, seen = reading.spec, reading.top, reading.seen
        deck = spec.deck
        key = (
            tuple((c.id, c.max_deadwood) for c in spec.closes),  # Oklahoma's knock limit
            tuple(sorted(deck.codes(before))),
            None if top is None else deck.code(top),
            tuple(sorted(deck.codes(seen))),
        )
        if key not in self._advice:
            if len(self._advice) >= REMEMBERED:
                del self._advice[next(iter(self._advice))]
            self._advice[key] = advise_with(
                spec, before, pozo_top=top, seen=seen, horizon=self.horizon
            )
        return self._advice[key]

    def reenter(self, view: View) -> bool:
        return True
