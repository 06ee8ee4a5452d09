"""What Canasta's rulebook shows that no other game's does: a solved example drawn as the
initial meld, the minimum table by the side's score, and the short game kept side against side.

Imported by the rulebook (`Mechanism.book`) and by the worksheets that print the minimums, only
when one is written.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from mazo.rulebooks.examples import Drawn, points_text
from mazo.rulebooks.tables import worked_game
from mazo.rulebooks.values import show
from mazo.solver.mechanisms.canasta.solve import CanastaResult, canasta_rules
from mazo.solver.spec.prose import Example
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import columns, say


def draw(spec: RuleSpec, example: Example, result: CanastaResult, lang: str) -> tuple[Drawn, str]:
    """A hand and the side's score: the minimum in force and the largest first meld the hand
    makes, drawn meld by meld with each one's points, and what stays in hand."""
    best = result.opening_max
    melds = best.melds if best else ()
    groups = [*melds, _in_hand_order(result.hand, best.left) if best else result.hand]
    captions = [points_text(_meld_points(spec, m), lang) for m in melds] + [
        say(lang, "canasta.book.kept_caption")
    ]
    drawn = Drawn(tuple(tuple(g) for g in groups), tuple(captions))
    if not result.can_open:
        text = say(
            lang,
            "canasta.book.opening_short",
            score=show(result.score, lang),
            min=result.required_minimum,
        )
        return drawn, text
    assert best is not None and result.opening_fewest is not None  # the hand can open
    text = say(
        lang,
        "canasta.book.opening",
        score=show(result.score, lang),
        min=result.required_minimum,
        fewest=result.opening_fewest.points,
        most=best.points,
    )
    return drawn, text


def _in_hand_order(hand, cards) -> tuple[str, ...]:
    """`cards` (a sub-multiset of the hand: two packs repeat codes) in the order of the hand."""
    left = Counter(cards)
    out = []
    for code in hand:
        if left[code]:
            left[code] -= 1
            out.append(code)
    return tuple(out)


def _meld_points(spec: RuleSpec, codes) -> int:
    cards = spec.deck.parse_hand(list(codes))
    return sum(spec.value(c) for c in cards)


def minimum_opening_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """The initial-meld minimum by the side's score (`canasta.initial_meld`)."""
    rules = canasta_rules(spec)
    steps = rules.minimums
    rows = [(say(lang, "canasta.book.negative_score"), show(rules.negative_minimum, lang))]
    for (start, minimum), following in zip(steps, [*steps[1:], None], strict=True):
        if following is None:
            span = say(lang, "book.at_least", lo=start)
        else:
            span = say(lang, "book.from_to", lo=start, hi=following[0] - 5)
        rows.append((span, show(minimum, lang)))
    return [doc.Table(columns(lang, "canasta.book.opening_table"), tuple(rows))]


def game_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """The book's short game played as `mazo match` plays a Canasta sheet: after each hand
    each side's points, its total and the initial meld minimum that total sets for the next."""
    from mazo.solver.match.sheet import Sheet, SheetHand
    from mazo.solver.mechanisms.canasta.game import play_sides_game

    worked = worked_game(spec)
    sides = worked.players
    if len(sides) != canasta_rules(spec).sides:
        return []  # the book's game is one of two sides; the prose says how three keep score
    start = dict(zip(sides, worked.start, strict=True))
    hands: list[SheetHand] = []
    for number, points in enumerate(worked.hands, start=1):
        hands.append(SheetHand(f"prose.game hand {number}", dict(zip(sides, points, strict=True))))
        result = play_sides_game(spec, Sheet(sides, start, tuple(hands)))
        if result.winner is not None:
            break

    def cell(total: int, minimum: int, points: int | None = None) -> str:
        shown = f"{total}" if points is None else f"{points:+d} → {total}"
        return f"{shown} ({say(lang, 'canasta.book.game_minimum', minimum=minimum)})"

    rows = [
        (
            say(lang, "canasta.book.game_start"),
            *(cell(start[s], result.start_minimum[s]) for s in sides),
        )
    ]
    rows += [
        (str(line.number), *(cell(line.totals[s], line.minimum[s], line.points[s]) for s in sides))
        for line in result.lines
    ]
    if result.winner is not None:
        (other,) = (s for s in sides if s != result.winner)
        totals = result.totals
        caption = say(
            lang,
            "canasta.book.game_sides_won",
            who=result.winner,
            total=totals[result.winner],
            other=totals[other],
        )
    else:
        caption = say(lang, "book.game_open", target=result.target)
    return [doc.Table((say(lang, "book.game_hand"), *sides), tuple(rows), caption)]


# Its tables by the name a prose section gives; its short game in place of the rulebook's.
TABLES: dict[str, Callable[[RuleSpec, str], list[doc.Block]]] = {
    "minimum_opening": minimum_opening_table,
    "game": game_table,
}
