"""Worked examples: a hand from the spec, solved under the book's rules, drawn as cards.

An example with `hand:` is solved by mazo's solver at build time (for rummy games), so its melds,
discard and verdict follow the variant the book is printed for. An example with `groups:` is
drawn as written (for games whose solver works differently), with its `labels:` and `note:`.
"""

from __future__ import annotations

from mazo.solver import closes
from mazo.solver.api import solve_with
from mazo.solver.prose import Example
from mazo.solver.spec import RuleSpec
from mazo.templates import document as doc

from .words import labels, show


def _points(n: int, lang: str) -> str:
    words = labels(lang)
    return words["point"] if n == 1 else words["points"].format(n=n)


def example_block(spec: RuleSpec, example: Example, number: int, lang: str, fill) -> doc.Hand:
    words = labels(lang)
    title = words["example"].format(n=number)
    if example.title is not None:
        title = f"{title}: {fill(example.title[lang])}"
    note = fill(example.note[lang]) if example.note is not None else None
    notation = spec.deck.notation.name
    codes = spec.deck.codes
    if example.hand is None:
        # The card set apart: a discard, or e.g. Conquián's faced card with its own caption.
        marked = example.marked
        marked_label = example.marked_label[lang] if example.marked_label else words["discard"]
        return doc.Hand(
            tuple(tuple(codes(g)) for g in example.groups),
            notation,
            labels=tuple(fill(c) for c in example.labels.get(lang, ())),
            discard=spec.deck.code(marked) if marked else None,
            discard_label=fill(marked_label) if marked else None,
            title=title,
            verdict=note,
        )
    if spec.mechanism != "rummy":
        return doc.Hand((tuple(codes(example.hand)),), notation, title=title, verdict=note)
    result = solve_with(spec, example.hand, drawn_from_pozo=example.pozo)
    groups = [*result.melds]
    captions = [spec.meld_kind(kind).names[lang] for kind in result.meld_kinds]
    if result.deadwood:
        groups.append(result.deadwood)
        captions.append(words["loose_caption"].format(points=_points(result.deadwood_points, lang)))
    verdict = _verdict(spec, result, lang)
    if example.pozo is not None:
        card = spec.deck.code(example.pozo)
        cut = spec.cut.names[lang]
        verdict = f"{words['pozo_note'].format(card=card, cut=cut)} {verdict}"
    return doc.Hand(
        tuple(tuple(g) for g in groups),
        notation,
        labels=tuple(captions),
        discard=result.discard,
        discard_label=words["discard"] if result.discard else None,
        title=title,
        verdict=f"{verdict} {note}" if note else verdict,
    )


def _verdict(spec: RuleSpec, result, lang: str) -> str:
    words = labels(lang)
    cut = spec.cut.names[lang]
    if result.close is None:
        key = "verdict_no_cut" if result.discard else "verdict_no_cut_no_discard"
        points = _points(result.deadwood_points, lang)
        return words[key].format(cut=cut, discard=result.discard, points=points)
    close = spec.close(result.close)
    name = close.names[lang]
    if result.close_score == "win_match":
        return words["verdict_win"].format(discard=result.discard, close=name)
    if closes.score_rule(close)[0] and result.discard:
        # What the closer then scores depends on the rivals (acomodo, undercut): say the count.
        points = _points(result.deadwood_points, lang)
        return words["verdict_close_loose"].format(
            discard=result.discard, close=name, points=points
        )
    key = "verdict_close" if result.discard else "verdict_close_no_discard"
    score = result.close_score
    score_text = show(score, lang) if isinstance(score, int) else str(score).replace("_", " ")
    return words[key].format(discard=result.discard, close=name, score=score_text)
