"""Conquián's worksheets: a card is turned up and offered; can you use it, and can you go out
with it? Their puzzles on the page, their answers drawn and explained, and the goal in the
sheet's rules box.

Positions are the player's own melds on the table, the hand (the deal minus the table cards) and
the offered card, usually one that fits something. Answers come from
mazo.solver.mechanisms.conquian.solve.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mazo.puzzles.answers import GoOutAnswer, UseFacedAnswer
from mazo.puzzles.kinds import Kind, Measures, Posed, Position
from mazo.puzzles.parts import Drawing, Parts, table_and_hand
from mazo.puzzles.sampling import Dealer
from mazo.puzzles.wording import drawn_card, meld_label, meld_list, melds_said, say, spelt
from mazo.solver.mechanisms.conquian.rules import conquian_rules
from mazo.solver.mechanisms.conquian.solve import ConquianResult, best_cover, solve_conquian
from mazo.solver.melds import candidate_melds
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import agree, word

# Offered cards that fit something, most of the time: a card that fits nothing teaches little.
FITTING_SHARE = 0.75


def _deal(spec: RuleSpec, dealer: Dealer, table_melds: int, most_on_table: int) -> Position:
    table = [m for m in dealer.table_melds(table_melds)]
    while sum(len(m) for m in table) > most_on_table:
        table.pop()
    on_table = Counter(c for m in table for c in m.cards)
    hand = dealer.deal(spec.hand_size - sum(on_table.values()), exclude=on_table)
    rest = sorted(
        (Counter(spec.deck.all_cards()) - on_table - Counter(hand)).elements(),
        key=spec.deck.sort_key,
    )
    held = {*hand, *on_table}
    # A card fits when it makes a meld with the cards held: the meld's only card from outside.
    fitting = sorted(
        {
            outside[0]
            for m in candidate_melds(spec, [*held, *rest])
            if len(outside := [c for c in m.cards if c not in held]) == 1
        },
        key=spec.deck.sort_key,
    )
    pool = fitting if fitting and dealer.rng.random() < FITTING_SHARE else rest
    return Position(hand, tuple(table), dealer.rng.choice(pool))


def _solve(spec: RuleSpec, position: Position) -> ConquianResult:
    return solve_conquian(
        spec,
        position.hand,
        faced=position.faced,
        table=[spec.deck.codes(m.cards) for m in position.table],
    )


def _given(spec: RuleSpec, position: Position) -> dict[str, Any]:
    """The offered card and the table as the puzzle shows them."""
    assert position.faced is not None  # Conquián's puzzles offer a card
    return {
        "faced": spec.deck.code(position.faced),
        "table": tuple(tuple(spec.deck.codes(m.cards)) for m in position.table),
    }


def _rearranged(result: ConquianResult) -> bool:
    """The table's melds had to change shape, not just grow or sit beside new ones."""
    final = [set(m) for m in result.melds]
    return any(not any(set(m) <= f for f in final) for m in result.table)


def _lookalikes(spec: RuleSpec, position: Position) -> int:
    """Cards held that seem to go with the offered one (its rank, or its suit two steps or
    less away): what makes a "no" tempting."""
    faced = position.faced
    assert faced is not None and faced.rank is not None  # Conquián offers a natural card
    deck = spec.deck
    held = [*position.hand, *(c for m in position.table for c in m.cards)]
    return sum(
        1
        for c in held
        if c.rank == faced.rank
        or (
            c.suit == faced.suit
            and c.rank is not None
            and abs(deck.rank_index(c.rank) - deck.rank_index(faced.rank)) <= 2
        )
    )


def deal_use_faced(spec: RuleSpec, dealer: Dealer) -> Position:
    return _deal(spec, dealer, dealer.rng.choice((0, 1, 1)), spec.hand_size - 3)


def pose_use_faced(spec: RuleSpec, position: Position) -> Posed | None:
    """Can you use the offered card, and which hand cards go down with it (only one best set)?"""
    result = _solve(spec, position)
    if not result.proven_optimal:
        return None
    hand = list(position.hand)
    assert position.faced is not None  # Conquián's puzzles offer a card
    required = [*(c for m in position.table for c in m.cards), position.faced]
    laid = [spec.deck.parse_card(c) for c in result.laid]
    for card in laid:
        # Another hand card could go down instead when the hand without this one does as well.
        rest = list(hand)
        rest.remove(card)
        other = best_cover(spec, required, rest)
        if other is not None and other.optional_used == len(laid):
            return None
    measures = Measures(
        margin=None,
        melds=len(result.melds),
        jokers=0,
        # Cards left in hand to think about, and a table meld that must change shape (Q-A7).
        near_misses=(len(hand) - len(laid) if result.can_use else _lookalikes(spec, position))
        + 3 * _rearranged(result),
        obvious=result.can_use and not _rearranged(result) and len(laid) <= 2,
    )
    answer = UseFacedAnswer(
        can_use=result.can_use,
        laid=tuple(result.laid),
        melds=tuple(tuple(m) for m in result.melds),
        pay=result.pay,
        can_go_out=result.can_go_out,
        **_given(spec, position),
    )
    return Posed(answer, measures, category="yes" if result.can_use else "no")


def deal_go_out(spec: RuleSpec, dealer: Dealer) -> Position:
    return _deal(spec, dealer, 2 + dealer.rng.choice((0, 0, 1)), spec.hand_size)


def pose_go_out(spec: RuleSpec, position: Position) -> Posed | None:
    """Does the offered card put every card on the table? Only positions with at most three
    cards in hand: the question is about the last step."""
    if len(position.hand) > 3 or not position.table:
        return None
    result = _solve(spec, position)
    if not result.proven_optimal:
        return None
    # A card that fits but leaves cards in hand tempts a "yes", the more the fewer it leaves
    # (besides the pay: the margin); one that fits nothing, or that goes out without
    # reshaping the table, is plain either way.
    tempting = result.can_use and not result.can_go_out
    measures = Measures(
        margin=result.cards_in_hand if tempting else None,
        melds=len(result.melds),
        jokers=0,
        near_misses=len(position.hand) + 3 * _rearranged(result),
        obvious=not result.can_use or (result.can_go_out and not _rearranged(result)),
    )
    left = Counter(spec.deck.codes(position.hand)) - Counter(result.laid)
    if result.pay is not None:
        left -= Counter([result.pay])
    answer = GoOutAnswer(
        can_go_out=result.can_go_out,
        can_use=result.can_use,
        melds=tuple(tuple(m) for m in result.melds),
        laid=tuple(result.laid),
        pay=result.pay,
        left=tuple(left.elements()),
        **_given(spec, position),
    )
    return Posed(answer, measures, category="yes" if result.can_go_out else "no")


# Hard needs three melds after the play and a reshaped table meld with cards left in hand; deals
# of at most one table meld all but never give that, so the level is not offered rather than
# searched for in vain.
USE_FACED = Kind(
    "use-faced-card",
    deal_use_faced,
    pose_use_faced,
    category_share=0.6,
    levels=("easy", "medium"),
)
GO_OUT = Kind("go-out", deal_go_out, pose_go_out, category_share=0.6)


def _body(spec: RuleSpec, puzzle, lang: str) -> doc.PuzzleBody:
    """The player's melds, the card offered and the hand."""
    answer = puzzle.answer
    offer = {"discard": answer.faced, "discard_label": word(lang, "conquian.offered")}
    return table_and_hand(lang, puzzle.hand, list(answer.table), None, **offer)


def _drawn(spec: RuleSpec, answer: UseFacedAnswer | GoOutAnswer, hand, lang: str) -> Drawing:
    """The table as it ends up, and the card paid."""
    groups = answer.melds or answer.table
    used = answer.can_use
    return Drawing(
        groups=list(groups),
        labels=[meld_label(spec, list(m), lang) for m in groups],
        discard=answer.pay if used else answer.faced,
        discard_label=word(lang, "conquian.to_pay" if used else "conquian.offered"),
    )


def _explain_use_faced(spec: RuleSpec, answer: UseFacedAnswer, lang: str) -> str:
    if not answer.can_use:
        return say(spec, lang, "conquian.use-faced-card.no", faced=drawn_card(answer.faced))
    melds, laid = melds_said(spec, answer.melds, lang), spelt(answer.laid)
    if answer.can_go_out:
        return say(spec, lang, "conquian.use-faced-card.win", melds=melds, laid=laid)
    n = len(answer.laid)
    assert answer.pay is not None  # a player who uses the card and stays in keeps one to pay
    return say(
        spec,
        lang,
        "conquian.use-faced-card.yes",
        melds=melds,
        laid=laid,
        n=n,
        cards=agree(lang, n, "conquian.card", "conquian.cards"),
        pay=drawn_card(answer.pay),
    )


def _explain_go_out(spec: RuleSpec, answer: GoOutAnswer, lang: str) -> str:
    faced, melds = drawn_card(answer.faced), melds_said(spec, answer.melds, lang)
    if answer.can_go_out:
        return say(spec, lang, "conquian.go-out.yes", melds=melds)
    if not answer.can_use:
        return say(spec, lang, "conquian.go-out.no_use", faced=faced)
    assert answer.pay is not None  # a hand that cannot go out keeps a card
    melds = meld_list(spec, answer.melds, lang)
    pay, left = drawn_card(answer.pay), answer.left
    if not left:
        on_table = sum(len(m) for m in answer.melds)
        goal = conquian_rules(spec).goal_table_cards
        return say(
            spec,
            lang,
            "conquian.go-out.no_left",
            faced=faced,
            melds=melds,
            pay=pay,
            on_table=on_table,
            size=goal,
        )
    stays = agree(lang, len(left), "conquian.stays", "conquian.stay")
    return say(
        spec,
        lang,
        "conquian.go-out.no",
        faced=faced,
        melds=melds,
        pay=pay,
        left=spelt(left),
        stays=stays,
    )


def _rules_lines(spec: RuleSpec, lang: str) -> list[str]:
    """What wins the hand, and what using the offered card costs."""
    return [word(lang, "conquian.goal_line").format(n=conquian_rules(spec).goal_table_cards)]


PARTS = Parts(
    kinds=(USE_FACED, GO_OUT),
    words="conquian",
    bodies={UseFacedAnswer: _body, GoOutAnswer: _body},
    drawings={UseFacedAnswer: _drawn, GoOutAnswer: _drawn},
    explained={UseFacedAnswer: _explain_use_faced, GoOutAnswer: _explain_go_out},
    rules_lines=_rules_lines,
)
