"""Worked examples: a hand from the spec, solved under the book's rules, drawn as cards.

An example with `hand:` is solved by mazo's solver at build time (for rummy games), so its melds,
discard and verdict follow the variant the book is printed for. An example with `groups:` is
drawn as written (for games whose solver works differently), with its `labels:` and `note:`.
"""

from __future__ import annotations

from typing import Any

from mazo.solver.api import solve_with
from mazo.solver.errors import SpecError
from mazo.solver.spec import RuleSpec
from mazo.templates import document as doc

from .words import labels, show


def _points(n: int, lang: str) -> str:
    words = labels(lang)
    return words["point"] if n == 1 else words["points"].format(n=n)


def _loose(n: int, lang: str) -> str:
    """'le queda suelto 1 punto', 'le quedan sueltos 5 puntos': the verb agrees."""
    words = labels(lang)
    if n == 0:
        return words["loose_none"]
    return words["loose_point"] if n == 1 else words["loose_points"].format(n=n)


def example_block(
    spec: RuleSpec, example: dict[str, Any], number: int, lang: str, fill
) -> doc.Hand:
    words = labels(lang)
    where = f"examples.{example.get('id')}"
    title = words["example"].format(n=number)
    if isinstance(example.get("title"), dict):
        title = f"{title}: {fill(example['title'][lang])}"
    note = fill(example["note"][lang]) if isinstance(example.get("note"), dict) else None
    notation = spec.deck.notation.name
    if "groups" in example:
        groups = tuple(tuple(spec.deck.codes(spec.deck.parse_hand(g))) for g in example["groups"])
        captions = tuple(fill(c) for c in (example.get("labels") or {}).get(lang, []))
        # The card set apart: a discard, or e.g. Conquián's faced card with its own caption.
        marked = example.get("marked")
        marked_label = (example.get("marked_label") or {}).get(lang, words["discard"])
        return doc.Hand(
            groups,
            notation,
            labels=captions,
            discard=spec.deck.code(spec.deck.parse_card(marked)) if marked else None,
            discard_label=fill(marked_label) if marked else None,
            title=title,
            verdict=note,
        )
    if "hand" not in example:
        raise SpecError("an example needs 'hand:' (solved) or 'groups:' (drawn)", field=where)
    if spec.mechanism != "rummy":
        groups = (tuple(spec.deck.codes(spec.deck.parse_hand(example["hand"]))),)
        return doc.Hand(groups, notation, title=title, verdict=note)
    result = solve_with(spec, example["hand"], drawn_from_pozo=example.get("pozo"))
    groups = [*result.melds]
    captions = [spec.meld_kind(kind).names[lang] for kind in result.meld_kinds]
    if result.deadwood:
        groups.append(result.deadwood)
        captions.append(words["loose_caption"].format(points=_points(result.deadwood_points, lang)))
    verdict = _verdict(spec, result, lang)
    if example.get("pozo"):
        cut = _cut_word(spec, lang)
        verdict = f"{words['pozo_note'].format(card=example['pozo'], cut=cut)} {verdict}"
    return doc.Hand(
        tuple(tuple(g) for g in groups),
        notation,
        labels=tuple(captions),
        discard=result.discard,
        discard_label=_discard_label(spec, result, lang),
        title=title,
        verdict=f"{verdict} {note}" if note else verdict,
    )


def _cut_word(spec: RuleSpec, lang: str) -> str:
    """The game's verb for closing: cortar, cerrar, llamar."""
    return spec.data.get("cut", {}).get("name", {}).get(lang, "")


def _discard_label(spec: RuleSpec, result, lang: str) -> str | None:
    words = labels(lang)
    if not result.discard:
        return None
    if result.close:
        return words["discard"]
    cut = _cut_word(spec, lang)
    return words["discard_no_cut"].format(cut=cut)


def _verdict(spec: RuleSpec, result, lang: str) -> str:
    words = labels(lang)
    cut = _cut_word(spec, lang)
    if result.close is None:
        key = "verdict_no_cut" if result.discard else "verdict_no_cut_no_discard"
        loose = _loose(result.deadwood_points, lang)
        return words[key].format(cut=cut, discard=result.discard, loose=loose)
    close = spec.close(result.close)
    name = close.names[lang]
    if result.close_score == "win_match":
        return words["verdict_win"].format(discard=result.discard, close=name)
    if close.score == "deadwood" and result.discard:
        # What the closer then scores depends on the rivals (acomodo, undercut): say the count.
        loose = _loose(result.deadwood_points, lang)
        return words["verdict_close_loose"].format(discard=result.discard, close=name, loose=loose)
    key = "verdict_close" if result.discard else "verdict_close_no_discard"
    score = result.close_score
    score_text = show(score, lang) if isinstance(score, int) else str(score).replace("_", " ")
    return words[key].format(discard=result.discard, close=name, score=score_text)
