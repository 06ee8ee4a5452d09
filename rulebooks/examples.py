"""Worked examples: a hand from the spec, solved under the book's rules, drawn as cards.

An example with `hand:` is solved by mazo's solver at build time, so its melds, discard and
verdict follow the variant the book is printed for: a rummy hand is drawn here, the position of
another mechanism (the hand and what the example gives besides, its `example_keys`) by that
mechanism's own book (`Mechanism.book`). An example with `groups:` is drawn as written, with its
`labels:` and `note:` (a card or a meld that is not a position of the game).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mazo.solver import closes
from mazo.solver.api import solve_with
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.result import SolveResult
from mazo.solver.spec.prose import Example
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import agree, say

from .values import show


def points_text(n: int, lang: str) -> str:
    """'1 point', '5 points': a meld's or the loose cards' points."""
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
    mechanism = mechanism_of(spec)
    result = solve_with(spec, example.hand, **mechanism.example_position(spec, example))
    # Another mechanism's answer is drawn by its own book.
    book = mechanism.book()
    draw: Callable[..., tuple[Drawn, str]] = book.draw if book is not None else _rummy
    hand, verdict = draw(spec, example, result, lang)
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
    # The card set apart: a discard, or a card offered with its own caption.
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
            say(lang, "book.loose_caption", points=points_text(result.deadwood_points, lang))
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
