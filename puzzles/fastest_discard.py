"""The `fastest-discard` kind: which discard gets you to a cut soonest? The answer is mazo odds'.

A position is a hand after the draw that cannot cut yet. Its discards are ranked by the turns
to the cut they leave in the solitaire model (solver/play/odds.py: each turn one unknown card is
drawn), and a position is kept only when the fastest discard beats the one that leaves the
fewest loose points by at least GAIN turns (so the sheet teaches something points do not) and
no other discard comes within MARGIN of it (so there is one right answer). Its difficulty comes
from how near the other discards come, how many loose points the answer costs, and whether the
rule of thumb (throw the costliest card no meld could use) already finds it.
"""

from __future__ import annotations

from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.play import odds
from mazo.solver.play.odds import SAME, DiscardOdds, DrawnOdds
from mazo.solver.spec.rulespec import RuleSpec

from .answers import Choice, FastestDiscardAnswer
from .kinds import Kind, Measures, Posed, Position, meld_codes, rule_of_thumb
from .sampling import Dealer

# The fewest turns the fastest discard saves over the fewest-points discard.
GAIN = 0.5
# The fewest turns between the fastest discard and any other: nearer, two answers would do.
MARGIN = 0.1
# Another discard this near the fastest is a tempting wrong answer.
TEMPTING = 0.5
# Deals tried for a hand that cannot cut yet.
DEALS = 8
# A saving over the fewest-points discard under this many turns is easy to miss.
NARROW = 1.0


def deal_fastest_discard(spec: RuleSpec, dealer: Dealer) -> Position:
    """A hand after the draw that cannot cut: the dealer's hands often can (it seeds melds),
    and a hand that cuts now has no question to ask. A few deals are tried, the last kept."""
    for _ in range(DEALS):
        hand = dealer.deal(spec.hand_size + 1)
        if not solve_hand(spec, hand).can_cut:
            break
    return Position(hand)


def _ranked(spec: RuleSpec, position: Position) -> DrawnOdds:
    """Every discard by its turns to the cut; a damaged cached table is built again."""
    try:
        return odds.drawn_odds(odds.table(spec), spec, position.hand)
    except odds.DamagedTable:
        return odds.drawn_odds(odds.table(spec, rebuild=True), spec, position.hand)


def clear(ranked: DrawnOdds) -> bool:
    """One right answer that points alone would miss: the fastest discard saves GAIN turns over
    the fewest-points discard (over each, when several leave as few points: a student who
    counts points may throw any of them), and every other discard takes MARGIN turns more.
    Turns within SAME are equal: a saving of exactly half a turn is not lost to rounding."""
    best, *others = ranked.discards
    if ranked.can_cut:
        return False
    fewest = min(d.deadwood_points for d in ranked.discards)
    if any(
        best.turns_to_cut > d.turns_to_cut - GAIN + SAME
        for d in ranked.discards
        if d.deadwood_points == fewest
    ):
        return False
    return all(d.turns_to_cut >= best.turns_to_cut + MARGIN - SAME for d in others)


def _traps(ranked: DrawnOdds, fewest: DiscardOdds) -> int:
    """What pulls a student away from the answer: each other discard within TEMPTING turns of
    it; the loose points it keeps over the fewest (2 or more, and again 4 or more: the more it
    costs, the less it looks right); and how little it saves over the fewest-points discard
    (under NARROW turns, and again under NARROW - 0.25)."""
    best = ranked.discards[0]
    tempting = sum(1 for d in ranked.discards[1:] if d.turns_to_cut - best.turns_to_cut < TEMPTING)
    cost = best.deadwood_points - fewest.deadwood_points
    saved = fewest.turns_to_cut - best.turns_to_cut
    return tempting + (cost >= 2) + (cost >= 4) + (saved < NARROW) + (saved < NARROW - 0.25)


def fewest_points(ranked: DrawnOdds) -> DiscardOdds:
    """The fewest-points discard the key names: of the discards that leave the fewest points,
    the fastest (the ranking is fastest first), so no twin of it leaving as few is faster."""
    fewest = min(d.deadwood_points for d in ranked.discards)
    return next(d for d in ranked.discards if d.deadwood_points == fewest)


def _printed(turns: float) -> str:
    """Turns as the key prints them, to one decimal: two choices never read the same."""
    return f"{turns:.1f}"


def choices(ranked: DrawnOdds, hand: list[str]) -> tuple[Choice, ...]:
    """What the sheet offers: the fastest discard, the fewest-points one, and the fastest of
    the others that takes GAIN turns more (a wrong answer a student can tell apart by hand,
    unlike the runner-up, which may be MARGIN away), in the order the hand shows them. The
    third neither leaves as few points as the fewest-points one (two "fewest-points" discards
    would leave the student two answers to rule out for one reason) nor prints the same turns
    as another choice."""
    best = ranked.discards[0]
    fewest = fewest_points(ranked)
    shown = {_printed(best.turns_to_cut), _printed(fewest.turns_to_cut)}
    third = next(
        (
            d
            for d in ranked.discards[1:]
            if d.card != fewest.card
            and d.deadwood_points != fewest.deadwood_points
            and _printed(d.turns_to_cut) not in shown
            and d.turns_to_cut >= best.turns_to_cut + GAIN - SAME
        ),
        None,
    )
    offered = [d for d in ranked.discards if d in (best, fewest, third)]
    return tuple(
        Choice(d.card, d.turns_to_cut, d.deadwood_points)
        for d in sorted(offered, key=lambda d: hand.index(d.card))
    )


def pose_fastest_discard(spec: RuleSpec, position: Position) -> Posed | None:
    ranked = _ranked(spec, position)
    if not clear(ranked):
        return None
    best, runner_up = ranked.discards[0], ranked.discards[1]
    fewest = fewest_points(ranked)
    solved = solve_hand(spec, position.hand)
    kept = next(d for d in solved.discards if d.card == best.card)
    measures = Measures(
        margin=round((runner_up.turns_to_cut - best.turns_to_cut) * 10),  # tenths of a turn
        melds=len(kept.melds),
        jokers=sum(1 for c in position.hand if c.is_joker),
        near_misses=_traps(ranked, fewest),
        obvious=rule_of_thumb(spec, solved) == best.card,
    )
    answer = FastestDiscardAnswer(
        discard=best.card,
        turns_to_cut=best.turns_to_cut,
        deadwood_points=best.deadwood_points,
        melds=meld_codes(kept),
        deadwood=tuple(kept.deadwood),
        fewest_points_discard=fewest.card,
        fewest_points_turns_to_cut=fewest.turns_to_cut,
        fewest_points_deadwood_points=fewest.deadwood_points,
        runner_up=runner_up.card,
        runner_up_turns_to_cut=runner_up.turns_to_cut,
        choices=choices(ranked, spec.deck.codes(position.hand)),
    )
    return Posed(answer, measures)


FASTEST_DISCARD = Kind(
    "fastest-discard",
    deal=deal_fastest_discard,
    pose=pose_fastest_discard,
    reads_odds_table=True,
)
