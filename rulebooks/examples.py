"""Worked examples: a hand from the spec, solved under the book's rules, drawn as cards.

An example with `hand:` is solved by mazo's solver at build time, so its melds, discard and
verdict follow the variant the book is printed for: a rummy hand of 8 cards, a Conquián position
(`hand:`, the own `table:` melds and the `faced:` card) or a Canasta hand (`hand:` and the side's
`score:`, for the initial meld). An example with `groups:` is drawn as written, with its
`labels:` and `note:` (a card or a meld that is not a position of the game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mazo.solver import closes
from mazo.solver.api import solve_with
from mazo.solver.mechanisms.canasta.solve import CanastaResult
from mazo.solver.mechanisms.conquian.solve import ConquianResult
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.result import SolveResult
from mazo.solver.spec.prose import Example
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import agree, say

from .values import show


def _points(n: int, lang: str) -> str:
    return agree(lang, n, "book.point", "book.points")


def _loose(n: int, lang: str) -> str:
    """'le queda suelto 1 punto', 'le quedan sueltos 5 puntos': the verb agrees."""
    if n == 0:
        return say(lang, "book.loose_none")
    return agree(lang, n, "book.loose_point", "book.loose_points")


def example_block(spec: RuleSpec, example: Example, number: int, lang: str, fill) -> doc.Hand:
    title = say(lang, "book.example", n=number)
    if example.title is not None:
        title = f"{title}: {fill(example.title[lang])}"
    note = fill(example.note[lang]) if example.note is not None else None
    if example.hand is None:
        return _as_written(spec, example, lang, fill, title, note)
    position = mechanism_of(spec).example_position(spec, example)
    result = solve_with(spec, example.hand, **position)
    hand, verdict = DRAWN[type(result)](spec, example, result, lang)
    return doc.Hand(
        hand.groups,
        spec.deck.notation.name,
        labels=hand.labels,
        discard=hand.marked,
        discard_label=hand.marked_label,
        title=title,
        verdict=f"{verdict} {note}" if note else verdict,
    )


def _as_written(
    spec: RuleSpec, example: Example, lang: str, fill, title: str, note: str | None
) -> doc.Hand:
    """An example with `groups:`, drawn as written."""
    # The card set apart: a discard, or e.g. Conquián's faced card with its own caption.
    marked = example.marked
    marked_label = example.marked_label[lang] if example.marked_label else say(lang, "book.discard")
    return doc.Hand(
        tuple(tuple(spec.deck.codes(g)) for g in example.groups),
        spec.deck.notation.name,
        labels=tuple(fill(c) for c in example.labels.get(lang, ())),
        discard=spec.deck.code(marked) if marked else None,
        discard_label=fill(marked_label) if marked else None,
        title=title,
        verdict=note,
    )


def _rummy(spec: RuleSpec, example: Example, result: SolveResult, lang: str) -> tuple[Drawn, str]:
    """The hand's melds and loose cards, the discard, and the verdict on the close."""
    groups = [*result.melds]
    captions = [spec.meld_kind(kind).names[lang] for kind in result.meld_kinds]
    if result.deadwood:
        groups.append(result.deadwood)
        captions.append(
            say(lang, "book.loose_caption", points=_points(result.deadwood_points, lang))
        )
    verdict = _verdict(spec, result, lang)
    if example.pozo is not None and result.close is None:
        # One sentence: the card taken cannot cut, nor can any other discard.
        verdict = say(
            lang,
            "book.pozo_no_cut",
            card=spec.deck.code(example.pozo),
            cut=spec.cut.names[lang],
            discard=result.discard,
            loose=_loose(result.deadwood_points, lang),
        )
    elif example.pozo is not None:
        card = spec.deck.code(example.pozo)
        verdict = f"{say(lang, 'book.pozo_note', card=card, cut=spec.cut.names[lang])} {verdict}"
    drawn = Drawn(
        tuple(tuple(g) for g in groups),
        tuple(captions),
        result.discard,
        _discard_label(spec, result, lang),
    )
    return drawn, verdict


def _discard_label(spec: RuleSpec, result, lang: str) -> str | None:
    if not result.discard:
        return None
    if result.close:
        return say(lang, "book.discard")
    return say(lang, "book.discard_no_cut", cut=spec.cut.names[lang])


def _verdict(spec: RuleSpec, result, lang: str) -> str:
    cut = spec.cut.names[lang]
    if result.close is None:
        key = "book.verdict_no_cut" if result.discard else "book.verdict_no_cut_no_discard"
        loose = _loose(result.deadwood_points, lang)
        return say(lang, key, cut=cut, discard=result.discard, loose=loose)
    close = spec.close(result.close)
    name = close.names[lang]
    if result.close_score == "win_match":
        return say(lang, "book.verdict_win", discard=result.discard, close=name)
    if closes.score_rule(close)[0]:
        # What the closer then scores depends on the rivals (acomodo, undercut): say the count.
        loose = _loose(result.deadwood_points, lang)
        key = (
            "book.verdict_close_loose" if result.discard else "book.verdict_close_loose_no_discard"
        )
        return say(lang, key, discard=result.discard, close=name, loose=loose)
    key = "book.verdict_close" if result.discard else "book.verdict_close_no_discard"
    score = result.close_score
    score_text = show(score, lang) if isinstance(score, int) else str(score).replace("_", " ")
    return say(lang, key, discard=result.discard, close=name, score=score_text)


@dataclass(frozen=True, slots=True)
class Drawn:
    """What a solved position shows: groups of cards with captions, and a card set apart."""

    groups: tuple[tuple[str, ...], ...]
    labels: tuple[str, ...]
    marked: str | None = None
    marked_label: str | None = None


def _conquian(
    spec: RuleSpec, example: Example, result: ConquianResult, lang: str
) -> tuple[Drawn, str]:
    """The position before the offer (own table melds, the hand, the faced card) and what the
    solver does with it: how the card is used, what is paid, whether it wins."""
    table = [tuple(spec.deck.codes(meld)) for meld in example.table]
    groups = [*table, result.hand]
    captions = [say(lang, "book.table_caption")] * len(table) + [say(lang, "book.hand_caption")]
    drawn = Drawn(tuple(groups), tuple(captions), result.faced, say(lang, "book.faced_caption"))
    if not result.can_use:
        return drawn, say(lang, "book.faced_unused", faced=result.faced)
    melds = ", ".join(
        f"{'-'.join(meld)} ({spec.meld_kind(kind).names[lang]})"
        for meld, kind in zip(result.melds, result.meld_kinds, strict=True)
    )
    key = "book.faced_out" if result.can_go_out else "book.faced_used"
    text = say(
        lang, key, faced=result.faced, melds=melds, pay=result.pay, table=result.cards_on_table
    )
    return drawn, text


def _canasta(
    spec: RuleSpec, example: Example, result: CanastaResult, lang: str
) -> tuple[Drawn, str]:
    """A hand and the side's score: the minimum in force and the largest first meld the hand
    makes, drawn meld by meld with each one's points, and what stays in hand."""
    best = result.opening_max
    melds = best.melds if best else ()
    groups = [*melds, _in_hand_order(result.hand, best.left) if best else result.hand]
    captions = [_points(_meld_points(spec, m), lang) for m in melds] + [
        say(lang, "book.kept_caption")
    ]
    drawn = Drawn(tuple(tuple(g) for g in groups), tuple(captions))
    if not result.can_open:
        text = say(
            lang, "book.opening_short", score=show(result.score, lang), min=result.required_minimum
        )
        return drawn, text
    assert best is not None and result.opening_fewest is not None  # the hand can open
    text = say(
        lang,
        "book.opening",
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


# Each solved position's drawing, by the type of its answer.
DRAWN: dict[type, Callable[[RuleSpec, Example, Any, str], tuple[Drawn, str]]] = {
    SolveResult: _rummy,
    ConquianResult: _conquian,
    CanastaResult: _canasta,
}
