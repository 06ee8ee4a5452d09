"""Canasta Uruguaya's worksheets: can the team open at its score, and how many points can the
hand meld? Their puzzles on the page, their answers drawn and explained, and the opening
minimums in the sheet's rules box.

Hands are dealt with a few natural pairs and trios of meldable ranks and sometimes wild cards,
then filled at random; answers come from mazo.solver.mechanisms.canasta.solve.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from mazo import words
from mazo.puzzles.answers import CanOpenAnswer, CountHandAnswer, Melded
from mazo.puzzles.kinds import Kind, Measures, Posed, Position
from mazo.puzzles.parts import Drawing, Parts, cards, table_rows
from mazo.puzzles.sampling import Dealer
from mazo.puzzles.wording import say, spelt
from mazo.solver.cards import Card
from mazo.solver.mechanisms.canasta.book import minimum_opening_table
from mazo.solver.mechanisms.canasta.rules import CanastaRules
from mazo.solver.mechanisms.canasta.solve import Play, canasta_rules, solve_canasta
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words.numbers import signed

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


def _sides(spec: RuleSpec, lang: str) -> dict[str, str]:
    """Who scores together, as the rulebooks say it: a partnership, or in Canasta of two or
    three a side of one player (the rulebook's "bando")."""
    alone = ".alone" if canasta_rules(spec).partners == 1 else ""
    side = words.word(lang, f"canasta.your_side{alone}")
    return {
        "your_side": side,
        "Your_side": side[:1].upper() + side[1:],
        "of_the_side": words.word(lang, f"canasta.of_the_side{alone}"),
    }


def _body(spec: RuleSpec, puzzle, lang: str) -> doc.PuzzleBody:
    """The team's score, which sets the minimum, above the hand."""
    score = say(spec, lang, "canasta.team_score", score=signed(puzzle.answer.score))
    return (doc.Note(score), cards([puzzle.hand]))


def _drawn(spec: RuleSpec, answer: CanOpenAnswer | CountHandAnswer, hand, lang: str) -> Drawing:
    """The melds put down, and what stays in hand."""
    kind = spec.melds[0].names[lang]
    labels = [kind] * len(answer.melds) + [words.word(lang, "canasta.in_hand")]
    return Drawing(groups=[*answer.melds, answer.left], labels=labels)


def _red_threes(red: Sequence[str], lang: str) -> str:
    key = "canasta.red_three_aside" if len(red) == 1 else "canasta.red_threes_aside"
    return words.say(lang, key, cards=spelt(red)) if red else ""


def _explain_count_hand(spec: RuleSpec, answer: CountHandAnswer, lang: str) -> str:
    shown = ", ".join(spelt(m) for m in answer.melds)
    line = say(spec, lang, "canasta.count-hand.why", points=answer.meld_points, melds=shown)
    if answer.left:
        key = "canasta.count-hand.one_left" if len(answer.left) == 1 else "canasta.count-hand.left"
        line += say(spec, lang, key, left=spelt(answer.left))
    return line + _red_threes(answer.red_threes, lang)


def _explain_can_open(spec: RuleSpec, answer: CanOpenAnswer, lang: str) -> str:
    common = {
        "score": signed(answer.score),
        "minimum": answer.required_minimum,
        "most": answer.max_points,
    }
    bonus = _red_threes(answer.red_threes, lang)
    if answer.can_open and answer.opening_fewest is not None:
        fewest = ", ".join(spelt(m) for m in answer.opening_fewest.melds)
        points = answer.opening_fewest.points
        return (
            say(spec, lang, "canasta.can-open.yes", fewest=fewest, fewest_points=points, **common)
            + bonus
        )
    verdict = "canasta.can-open.no" if answer.max_points is not None else "canasta.can-open.none"
    return say(spec, lang, verdict, **common) + bonus


def _rules_lines(spec: RuleSpec, lang: str) -> list[str]:
    """The initial meld's minimum at each score."""
    steps = " · ".join(f"{span}: {v}" for span, v in table_rows(minimum_opening_table(spec, lang)))
    return [say(spec, lang, "canasta.opening_line", steps=steps)]


CAN_OPEN = Kind("can-open", deal_canasta, pose_can_open, category_share=0.6)
COUNT_HAND = Kind("count-hand", deal_canasta, pose_count_hand)
PARTS = Parts(
    kinds=(CAN_OPEN, COUNT_HAND),
    words="canasta",
    bodies={CanOpenAnswer: _body},
    drawings={CanOpenAnswer: _drawn, CountHandAnswer: _drawn},
    explained={CanOpenAnswer: _explain_can_open, CountHandAnswer: _explain_count_hand},
    # Meld points decide the opening: the sheet says what each card is worth.
    counts_points=True,
    rules_lines=_rules_lines,
    fields=_sides,
)
