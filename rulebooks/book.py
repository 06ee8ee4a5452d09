"""The rulebook of a game as a `Document`: prose from the spec, tables and examples from its data.

`build_book(spec, lang)` reads the spec's `prose:` section (sections of paragraphs in es and en,
a glossary and an FAQ) and its `examples:` (hands the solver works out under the book's rules),
and fills `{placeholder}`s from the resolved rules, so a variant changes the text, the tables and
the examples alike. It knows nothing of pages or fonts: templates/ lays the document out.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from mazo.solver.errors import InputError, SpecError
from mazo.solver.spec import LANGS, RuleSpec
from mazo.templates import document as doc

from . import tables
from .examples import example_block
from .words import labels, raw, show

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.]*)\}")


def build_book(spec: RuleSpec, lang: str, *, rules_file: str | None = None) -> doc.Document:
    if lang not in LANGS:
        raise SpecError(f"no rulebook language {lang!r}; choose one of {', '.join(LANGS)}")
    words = labels(lang)
    prose = spec.data.get("prose")
    if prose is None:  # a new game's spec without prose still gets its rules as tables
        prose = {"sections": labels("es")["fallback_sections"]}
    if not isinstance(prose, dict) or not isinstance(prose.get("sections"), list):
        raise SpecError("'prose:' needs a list of 'sections:'", field="prose")
    fill = Filler(spec, lang)
    title = spec.title[lang]
    variant = variant_label(spec)
    notes = [words["variant"].format(name=variant)] if variant else []
    if rules_file:
        notes.append(words["rules_file"].format(file=rules_file))
    blocks: list[doc.Block] = []
    numbers = itertools.count(1)  # examples are numbered in the order the book shows them
    for number, section in enumerate(prose["sections"], start=1):
        blocks += _section(spec, section, lang, fill, numbers, f"prose.sections.{number}")
    header = f"{title} — {variant}" if variant else title
    return doc.Document(
        title=title,
        subtitle=words["subtitle"],
        lang=lang,
        header=header,
        contents_title=words["contents"],
        title_notes=tuple(notes),
        cover=_cover(spec, prose.get("cover")),
        front=tuple(_house_rules(spec, lang)),
        blocks=tuple(blocks),
    )


def _cover(spec: RuleSpec, cover) -> doc.Hand | None:
    """`cover: CARDS` or `cover: {cards: CARDS, when: {...}}`: cards for the title page."""
    if isinstance(cover, dict):
        cover = cover.get("cards") if _applies(spec, cover.get("when")) else None
    if not cover:
        return None
    try:
        cards = spec.deck.codes(spec.deck.parse_hand(cover))
    except InputError as error:
        raise SpecError(f"cover: {error}", field="prose.cover") from None
    return doc.Hand((tuple(cards),), spec.deck.notation.name)


def variant_label(spec: RuleSpec) -> str | None:
    """The name of the rules in force: the file's `variant_name`, else the changed options."""
    if spec.variant_name:
        return spec.variant_name
    changed = spec.changed_options()
    return ", ".join(f"{k}={raw(v)}" for k, v in changed.items()) or None


def _house_rules(spec: RuleSpec, lang: str) -> list[doc.Block]:
    words = labels(lang)
    changed = spec.changed_options()
    if not changed:
        return []
    items = tuple(
        words["house_rule"].format(
            option=name,
            value=raw(value),
            default=raw(spec.option(name).default),
            description=spec.option(name).description[lang],
        )
        for name, value in changed.items()
    )
    return [doc.Box(words["house_rules"], items)]


def _section(spec, section, lang, fill, numbers, where) -> list[doc.Block]:
    if not isinstance(section, dict) or "title" not in section:
        raise SpecError("a prose section needs a 'title: {es: ..., en: ...}'", field=where)
    blocks: list[doc.Block] = [doc.Heading(1, fill(_text(section["title"], lang, where)))]
    blocks += _paragraphs(spec, section.get("text", []), lang, fill, f"{where}.text")
    for name in section.get("tables", []):
        blocks += tables.table(spec, name, lang, fill)
    if section.get("house_rules"):
        blocks += _house_rules(spec, lang)
    blocks += _examples(spec, section.get("examples", []), lang, fill, numbers)
    # Glossary entries and questions may belong to some rules only (`when:`), like paragraphs.
    if section.get("glossary"):
        entries = [e for e in section["glossary"] if _applies(spec, e.get("when"))]
        blocks += tables.glossary(entries, lang, fill)
    if section.get("faq"):
        blocks += [
            doc.Question(fill(_text(i["q"], lang, where)), fill(_text(i["a"], lang, where)))
            for i in section["faq"]
            if _applies(spec, i.get("when"))
        ]
    for sub_number, sub in enumerate(section.get("subsections", []), start=1):
        sub_where = f"{where}.subsections.{sub_number}"
        blocks.append(doc.Heading(2, fill(_text(sub["title"], lang, sub_where))))
        blocks += _paragraphs(spec, sub.get("text", []), lang, fill, f"{sub_where}.text")
        for name in sub.get("tables", []):
            blocks += tables.table(spec, name, lang, fill)
        blocks += _examples(spec, sub.get("examples", []), lang, fill, numbers)
    return blocks


def _examples(spec, ids, lang, fill, numbers) -> list[doc.Block]:
    known = {e["id"]: e for e in spec.data.get("examples", []) if isinstance(e, dict)}
    out = []
    for example_id in ids:
        if example_id not in known:
            raise SpecError(f"no example with id {example_id!r}", field="examples")
        if not _applies(spec, known[example_id].get("when")):
            continue
        try:
            out.append(example_block(spec, known[example_id], next(numbers), lang, fill))
        except InputError as error:
            raise SpecError(f"example {example_id!r}: {error}", field="examples") from None
    return out


def _paragraphs(spec, items, lang, fill, where) -> list[doc.Block]:
    """Paragraphs in order; one whose lines all start with '- ' is a bulleted list."""
    out: list[doc.Block] = []
    for number, item in enumerate(items, start=1):
        if not _applies(spec, item.get("when") if isinstance(item, dict) else None):
            continue
        text = fill(_text(item, lang, f"{where}.{number}")).strip()
        lines = text.splitlines()
        if lines and all(line.startswith("- ") for line in lines):
            out.append(doc.Bullets(tuple(line[2:].strip() for line in lines)))
        else:
            out.append(doc.Paragraph(" ".join(line.strip() for line in lines)))
    return out


def _applies(spec: RuleSpec, when: dict | None) -> bool:
    """`when: {option: value or [values]}`: the paragraph belongs only to those rules."""
    for name, wanted in (when or {}).items():
        allowed = wanted if isinstance(wanted, list) else [wanted]
        if spec.chosen.get(name) not in allowed:
            return False
    return True


def _text(item: Any, lang: str, where: str) -> str:
    if isinstance(item, dict) and isinstance(item.get(lang), str):
        return item[lang]
    raise SpecError("expected text in both languages: {es: ..., en: ...}", field=where)


class Filler:
    """Fills `{name}` from the rules in force: options by name, a few derived facts, or a
    dotted path into the resolved rule data (`{closes.corte_limpio.score}`)."""

    def __init__(self, spec: RuleSpec, lang: str):
        self.spec = spec
        self.lang = lang
        deck = spec.deck
        self.facts: dict[str, Any] = {
            "hand_size": spec.hand_size,
            "total_cards": deck.size,
            "deck_cards": len(deck.ranks) * len(deck.suits) * deck.copies,
            "jokers": deck.jokers,
            "joker_value": spec.joker_value,
            "hand_size_plus": spec.hand_size + 1,
            "ranks": ", ".join(deck.notation.rank_code(r) for r in deck.ranks),
            **spec.chosen,
        }

    def value(self, name: str) -> Any:
        if name in self.facts:
            return self.facts[name]
        data: Any = self.spec.data
        for key in name.split("."):
            if isinstance(data, dict) and key in data:
                data = data[key]
            elif isinstance(data, dict) and key.isdigit() and int(key) in data:
                data = data[int(key)]
            else:
                raise SpecError(f"unknown placeholder {{{name}}} in the prose", field="prose")
        return data

    def __call__(self, text: str) -> str:
        return _PLACEHOLDER.sub(lambda m: show(self.value(m.group(1)), self.lang), text)
