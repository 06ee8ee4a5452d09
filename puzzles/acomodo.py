"""The `acomodo` kind: a rival has cut with points; lay your cards off on their melds and count.

The cutter's melds come from a dealt hand the solver finds cutting with a close that allows
lay-offs; the player's hand is dealt from the rest of the deck, usually with a card or two that
fit the cutter's melds. The answer is the solver's (mazo.solver.mechanisms.rummy.acomodo): the
loose points left and which cards stay loose. A position is kept only when those loose cards are
the only optimal ones: leaving any other card loose must cost points.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from mazo.solver.cards import Card
from mazo.solver.mechanisms.rummy.acomodo import Acomodo, Extension, best_acomodo, extensions
from mazo.solver.mechanisms.rummy.analysis import HandSolver
from mazo.solver.melds import Meld
from mazo.solver.spec.rulespec import RuleSpec

from .answers import AcomodoAnswer, LayOff
from .kinds import Kind, Measures, Posed, Position
from .sampling import Dealer

# Deals tried for a cutter before this attempt is given up (the generator then deals again).
CUTTER_TRIES = 30


def _cutters_melds(spec: RuleSpec, dealer: Dealer) -> tuple[tuple[Card, ...], tuple[Meld, ...]]:
    """A kept hand that cuts with a close allowing lay-offs, and its melds."""
    for _ in range(CUTTER_TRIES):
        kept = dealer.deal(spec.hand_size)
        outcome = HandSolver(spec, kept).outcome(kept)
        if outcome.close is not None and outcome.close.lay_off and outcome.arrangement.melds:
            return kept, outcome.arrangement.melds
    return (), ()


def _fitting(spec: RuleSpec, table: tuple[Meld, ...], cards, allow_joker: bool) -> set[Card]:
    """Cards that alone extend one of the table's melds."""
    return {
        ext.added[0]
        for meld in table
        for ext in extensions(spec, meld, list(cards), allow_joker=allow_joker)
        if len(ext.added) == 1
    }


def deal_acomodo(spec: RuleSpec, dealer: Dealer) -> Position:
    kept, table = _cutters_melds(spec, dealer)
    if not table:
        return Position((), ())
    rest = Counter(spec.deck.all_cards()) - Counter(kept)
    near = [
        c
        for c in rest
        if any(c.is_joker or c.suit in {n.suit for n in m.naturals} for m in table)
        or any(c.rank in {n.rank for n in m.naturals} for m in table)
    ]
    allow_joker = spec.scoring.acomodo.allow_joker
    lures = sorted(_fitting(spec, table, near, allow_joker), key=spec.deck.sort_key)
    hand = dealer.deal(spec.hand_size, exclude=Counter(kept), lures=lures)
    return Position(hand, table)


def _runner_up_gap(spec: RuleSpec, hand: list[Card], table: tuple[Meld, ...], best) -> int | None:
    """How many more loose points the nearest other answer leaves (some card the answer melds
    or lays off left loose instead); None when one leaves no more, or is unproven."""
    allow_joker = spec.scoring.acomodo.allow_joker
    loose = Counter(best.loose)
    gaps = []
    for card in sorted(set(hand), key=spec.deck.sort_key):
        if Counter(hand)[card] == loose[card]:
            continue
        rest = list(hand)
        rest.remove(card)
        forced = best_acomodo(spec, rest, table, allow_joker=allow_joker)
        gap = forced.deadwood + spec.value(card) - best.deadwood
        if not forced.optimal or gap == 0:
            return None
        gaps.append(gap)
    return min(gaps, default=None)


def _right_lay_offs(
    spec: RuleSpec, solver: HandSolver, table: tuple[Meld, ...], deadwood: int
) -> list[tuple[tuple[int, Extension], ...]]:
    """Every lay-off (cards per cutter's meld) after which the rest of the hand, melded as
    well as it can be, leaves the fewest loose points: the answers a student may give."""
    hand = Counter(solver.hand)
    allow_joker = spec.scoring.acomodo.allow_joker
    options = [
        [None, *extensions(spec, meld, list(solver.hand), allow_joker=allow_joker)]
        for meld in table
    ]
    right = []
    for choice in product(*options):
        laid = tuple((i, ext) for i, ext in enumerate(choice) if ext is not None)
        used = Counter(c for _, ext in laid for c in ext.added)
        if used - hand:
            continue
        rest = list((hand - used).elements())
        left = solver.best(rest) if rest else None
        if (left.deadwood if left is not None else 0) == deadwood:
            right.append(laid)
    return right


def _stood_for(meld: Meld) -> Counter[Card | None]:
    return Counter(s for c, s in zip(meld.cards, meld.stands_for, strict=True) if c.is_joker)


def _moves_a_joker(table: tuple[Meld, ...], laid: tuple[tuple[int, Extension], ...]) -> bool:
    """A table joker stands for another card once the meld grows (a natural laid where it is
    drawn, or a gap it must fill): the key names the cutter's meld as it lies and the card
    laid, and could not show where the joker went."""
    return any(_stood_for(ext.meld) != _stood_for(table[index]) for index, ext in laid)


def pose_acomodo(spec: RuleSpec, position: Position) -> Posed | None:
    if not position.table:
        return None
    hand, table = list(position.hand), position.table
    allow_joker = spec.scoring.acomodo.allow_joker
    best = best_acomodo(spec, hand, table, allow_joker=allow_joker)
    if not best.optimal or not best.lay_offs:
        return None
    solver = HandSolver(spec, hand)
    # One right lay-off, moving no joker, and one set of loose cards.
    right = _right_lay_offs(spec, solver, table, best.deadwood)
    if len(right) != 1 or _moves_a_joker(table, right[0]):
        return None
    gap = _runner_up_gap(spec, hand, table, best)
    if gap is None:
        return None
    without = solver.best(hand)
    assert without is not None  # without limits some arrangement always exists
    laid = Counter(c for _, ext in best.lay_offs for c in ext.added)
    fitting = _fitting(spec, table, hand, allow_joker)
    decoys = fitting - set(laid)
    # Cards both the table and a meld of the hand's own want: where to put them is the puzzle.
    wanted = {c for m in solver.candidates for c in m.naturals} & fitting
    measures = Measures(
        margin=gap,
        melds=len(best.melds) + len(best.lay_offs),
        jokers=sum(1 for c in hand if c.is_joker),
        near_misses=len(decoys) + len(wanted),
        obvious=not best.melds and not decoys,
    )
    return Posed(_answer(spec, table, best, without.deadwood), measures)


def _answer(
    spec: RuleSpec, table: tuple[Meld, ...], best: Acomodo, points_without: int
) -> AcomodoAnswer:
    """The key's answer: the best acomodo, as codes, beside the points without it."""
    codes = spec.deck.codes
    return AcomodoAnswer(
        deadwood_points=best.deadwood,
        deadwood=tuple(codes(best.loose)),
        laid_off=tuple(
            LayOff(
                meld=index + 1, cards=tuple(codes(ext.added)), makes=tuple(codes(ext.meld.cards))
            )
            for index, ext in best.lay_offs
        ),
        melds=tuple(tuple(codes(m.cards)) for m in best.melds),
        cutter_melds=tuple(tuple(codes(m.cards)) for m in table),
        points_without_acomodo=points_without,
    )


ACOMODO = Kind("acomodo", deal=deal_acomodo, pose=pose_acomodo)
