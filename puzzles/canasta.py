"""Canasta Uruguaya kinds: can the team open at its score, and how many points can the hand meld?

Hands are dealt with a few natural pairs and trios of meldable ranks and sometimes wild cards,
then filled at random; answers come from mazo.solver.mechanisms.canasta.solve.
"""

from __future__ import annotations

from collections import Counter

from mazo.solver.cards import Card
from mazo.solver.mechanisms.canasta.rules import CanastaRules
from mazo.solver.mechanisms.canasta.solve import Play, canasta_rules, solve_canasta
from mazo.solver.spec.rulespec import RuleSpec

from .answers import CanOpenAnswer, CountHandAnswer, Melded
from .kinds import Kind, Measures, Posed, Position
from .sampling import Dealer

# Team scores a can-open puzzle is set at: every row of the minimum table, edges included.
SCORES = (-120, -5, 0, 400, 1200, 1495, 1500, 2200, 2995, 3000, 4100)
# A negative team score: the lowest minimum, so a solve counts what the hand can meld.
NEGATIVE = -5
# A position that melds less than this (the lowest opening minimum) has nothing to count.
LEAST_WORTH_COUNTING = 15
# Points of Canasta's cheapest card: meld points move in these steps.
CARD_STEP = 5
# A hand this far above or below its minimum needs no exact count to answer "can you open?".
FAR_FROM_MINIMUM = 30


def deal_canasta(spec: RuleSpec, dealer: Dealer) -> Position:
    rules, rng = canasta_rules(spec), dealer.rng
    left = Counter(spec.deck.all_cards())
    hand: list[Card] = []
    for rank in rng.sample(rules.meld_ranks, rng.choice((1, 2, 2, 3))):
        naturals = [c for c in left.elements() if c.rank == rank]
        room = spec.hand_size - 2 - len(hand)  # leave room for up to two wild cards
        group = rng.sample(naturals, max(0, min(len(naturals), room, rng.choice((2, 2, 3, 3, 4)))))
        hand += group
        left -= Counter(group)
    wilds = [c for c in left.elements() if rules.is_wild(c)]
    extra = rng.sample(wilds, rng.choice((0, 0, 1, 2)))
    hand += extra
    left -= Counter(extra)
    hand += rng.sample(list(left.elements()), spec.hand_size - len(hand))
    rng.shuffle(hand)
    return Position(tuple(hand), team_score=rng.choice(SCORES))


def _wilds(rules: CanastaRules, hand) -> int:
    return sum(1 for c in hand if rules.is_wild(c))


def _pairs(rules: CanastaRules, hand) -> int:
    """Ranks held as a natural pair: each asks whether a wild card should complete it."""
    counts = Counter(c.rank for c in hand if not rules.is_wild(c) and c.rank in rules.meld_ranks)
    return sum(1 for n in counts.values() if n == 2)


def _melds(play: Play) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(m) for m in play.melds)


def _melded(play: Play | None) -> Melded | None:
    return None if play is None else Melded(melds=_melds(play), points=play.points)


def pose_can_open(spec: RuleSpec, position: Position) -> Posed | None:
    """Can the team make its first meld at this score? The answer says with what, at least."""
    result = solve_canasta(spec, position.hand, score=position.team_score)
    if not result.proven_optimal:
        return None
    most = result.opening_max
    rules = canasta_rules(spec)
    # The most the hand could meld, minimum or not: what a "no" falls short with.
    shown = most if most is not None else _meldable(spec, position.hand)
    # What is hard is a count near the line, either side of it, in steps of the smallest card
    # value; wild cards and pairs to complete are choices to weigh, not a rank above.
    gap = abs((shown.points if shown else 0) - result.required_minimum)
    measures = Measures(
        margin=gap // CARD_STEP,
        melds=len(shown.melds) if shown else 0,
        jokers=0,
        near_misses=_pairs(rules, position.hand) + _wilds(rules, position.hand),
        obvious=gap >= FAR_FROM_MINIMUM,
    )
    assert position.team_score is not None  # every Canasta position is dealt with a score
    answer = CanOpenAnswer(
        can_open=bool(result.can_open),
        score=position.team_score,
        required_minimum=result.required_minimum,
        max_points=shown.points if shown else None,
        opening_fewest=_melded(result.opening_fewest),
        melds=_melds(shown) if shown else (),
        left=tuple(shown.left) if shown else tuple(spec.deck.codes(position.hand)),
        red_threes=tuple(result.red_threes),
    )
    return Posed(answer, measures, category="yes" if result.can_open else "no")


def _meldable(spec: RuleSpec, hand) -> Play | None:
    """The richest melds of the hand under the lowest minimum (a negative score); None when
    even that is out of reach."""
    return solve_canasta(spec, hand, score=NEGATIVE).best


def pose_count_hand(spec: RuleSpec, position: Position) -> Posed | None:
    """The most points the hand can meld in one turn once the team has opened (no minimum)."""
    result = solve_canasta(spec, position.hand, score=NEGATIVE)
    best = result.best
    if not result.proven_optimal or best is None or best.points < LEAST_WORTH_COUNTING:
        return None
    rules = canasta_rules(spec)
    measures = Measures(
        margin=None,
        melds=len(best.melds),
        jokers=_wilds(rules, position.hand),
        near_misses=_pairs(rules, position.hand),
        obvious=_wilds(rules, position.hand) == 0 and len(best.melds) == 1,
    )
    answer = CountHandAnswer(
        meld_points=best.points,
        melds=_melds(best),
        left=tuple(best.left),
        red_threes=tuple(result.red_threes),
    )
    return Posed(answer, measures)


CAN_OPEN = Kind("can-open", deal_canasta, pose_can_open, category_share=0.6)
COUNT_HAND = Kind("count-hand", deal_canasta, pose_count_hand)
