"""The `take-or-draw` kind: take the pozo's top card or draw blind? The answer is mazo.advise's.

A position is the hand at resting size, the pozo top (usually a card that looks useful) and a
few cards already seen. The sheet's goal is to cut by the next turn, and a position is kept only
when the two options' chances of that differ by at least MARGIN: never one decided on loose
points, which count a clean cut or gin as nothing. Its difficulty comes
from that margin and from the two common rules of thumb ("take it only if it makes a meld",
"take any card that lowers your loose points"): a position where one of them goes wrong is
harder, and the key says so.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.melds import candidate_melds
from mazo.solver.play.advise import Advice, advise_with
from mazo.solver.spec.rulespec import RuleSpec

from .answers import TakeOrDrawAnswer
from .kinds import Kind, Measures, Posed, Position
from .sampling import Dealer

# The smallest difference in the chance of cutting by the next turn that makes a clear answer.
MARGIN = Fraction(5, 100)
# How often the pozo top is a card near the hand (same suit or rank), as a real pozo tempts.
LURE_SHARE = 0.75
MOST_SEEN = 4
THUMBS = ("meld", "points")


def deal_take_or_draw(spec: RuleSpec, dealer: Dealer) -> Position:
    rng = dealer.rng
    hand = dealer.deal(spec.hand_size)
    rest = list((Counter(spec.deck.all_cards()) - Counter(hand)).elements())
    near = [c for c in rest if any(c.suit == h.suit or c.rank == h.rank for h in hand)]
    top = rng.choice(near if near and rng.random() < LURE_SHARE else rest)
    rest.remove(top)
    seen = tuple(rng.sample(rest, rng.randrange(MOST_SEEN + 1)))
    return Position(hand, faced=top, seen=seen)


def thumbs(spec: RuleSpec, position: Position, advice: Advice) -> dict[str, str]:
    """What each rule of thumb says: take only if the card makes a meld with the hand; take
    any card that lowers the loose points, judged by the fewest loose points any discard after
    taking leaves (not the discard kept for the next turn's chance)."""
    top = position.faced
    assert top is not None and advice.take is not None  # these puzzles show a pozo top
    with_top = [*position.hand, top]
    makes_meld = any(top in m.cards for m in candidate_melds(spec, with_top))
    now = solve_hand(spec, position.hand).deadwood_points
    lowers = advice.take.fewest_deadwood_points < now
    return {"meld": "take" if makes_meld else "draw", "points": "take" if lowers else "draw"}


def _clear(advice: Advice) -> bool:
    """One right answer by the sheet's goal, to cut by the next turn: the chances differ by
    MARGIN (even when taking cuts now, drawing may cut as surely, and which of two cuts scores
    better is no question of chances); and a take names one card to throw."""
    assert advice.take is not None  # every position here offers a pozo top
    if abs(advice.chance("take") - advice.chance("draw")) < MARGIN:
        return False
    return not (advice.advice == "take" and advice.take.equal_discards)


def pose_take_or_draw(spec: RuleSpec, position: Position) -> Posed | None:
    if position.faced is None:
        return None
    advice = advise_with(spec, position.hand, pozo_top=position.faced, seen=position.seen)
    if not _clear(advice):
        return None
    said = thumbs(spec, position, advice)
    wrong = tuple(name for name in THUMBS if said[name] != advice.advice)
    margin = round(abs(advice.chance("take") - advice.chance("draw")) * 100)
    take = advice.take
    assert take is not None  # the position offers a pozo top
    cuts_now = advice.advice == "take" and take.can_cut
    measures = Measures(
        margin=margin,
        melds=len(solve_hand(spec, position.hand).melds),
        jokers=sum(1 for c in position.hand if c.is_joker),
        near_misses=4 * len(wrong) + (margin < 15),
        obvious=not wrong and (cuts_now or margin >= 25),
    )
    answer = TakeOrDrawAnswer(
        advice=advice.advice,
        pozo_top=spec.deck.code(position.faced),
        seen=tuple(spec.deck.codes(position.seen)),
        unseen=advice.unseen,
        take=take,
        draw=advice.draw,
        margin_points=margin,
        thumbs=said,
        thumbs_wrong=wrong,
    )
    return Posed(answer, measures, category=advice.advice)


# A sheet's worth or two: some seven positions are dealt and analysed for each one kept.
MOST = 24
TAKE_OR_DRAW = Kind(
    "take-or-draw",
    deal=deal_take_or_draw,
    pose=pose_take_or_draw,
    category_share=0.7,
    most=MOST,
)
