"""The rulebook of a game as a `Document`: prose from the spec, tables and examples from its data.

`build_book(spec, lang)` reads the spec's `prose:` section (sections of paragraphs in es and en,
a glossary and an FAQ) and its `examples:` (hands the solver works out under the book's rules),
and fills `{placeholder}`s from the resolved rules, so a variant changes the text, the tables and
the examples alike. It knows nothing of pages or fonts: templates/ lays the document out.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from mazo.solver.errors import InputError, SpecError
from mazo.solver.messages import said as said_by_key
from mazo.solver.spec.prose import PLACEHOLDER, Section
from mazo.solver.spec.reader import LANGS
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import say

from . import tables
from .examples import example_block
from .values import raw, show

# The book of a spec without prose: its rules as tables, each section's title (`book.fallback.`)
# and its tables.
FALLBACK_SECTIONS = (
    ("deck", ("deck", "values")),
    ("melds", ("melds",)),
    ("closes", ("closes",)),
    ("options", ("options",)),
)


def build_book(
    spec: RuleSpec, lang: str, *, rules_file: str | None = None, given: tuple[str, ...] = ()
) -> doc.Document:
    """The book of the rules in force; `rules_file` and `given` (the options set on the
    command line, beside the file) are what its Practice command repeats."""
    if lang not in LANGS:
        raise SpecError(said_by_key("no_book_lang", lang=repr(lang), langs=", ".join(LANGS)))
    prose = spec.prose
    sections = (
        prose.sections
        if prose is not None
        # a new game's spec without prose still gets its rules as tables
        else tuple(
            Section(title={code: say(code, f"book.fallback.{name}") for code in LANGS}, tables=t)
            for name, t in FALLBACK_SECTIONS
        )
    )
    fill = Filler(spec, lang, rules_file, given)
    title = spec.title[lang]
    notes = [say(lang, "book.variant", name=spec.variant_name)] if spec.variant_name else []
    said = house_rules_said(spec, lang)
    if said:
        notes.append(say(lang, "book.house_note", rules=said))
    blocks: list[doc.Block] = []
    numbers = itertools.count(1)  # examples are numbered in the order the book shows them
    for section in sections:
        blocks += _section(spec, section, lang, fill, numbers)
    hands = [i for i, block in enumerate(blocks) if isinstance(block, doc.Hand)]
    if hands:  # the card codes are explained where the book first writes a hand
        blocks.insert(hands[0], tables.notation_note(spec, lang))
    variant = spec.variant_name or said
    header = f"{title} — {variant}" if variant else title
    cover = prose.cover if prose is not None else None
    return doc.Document(
        title=title,
        subtitle=say(lang, "book.subtitle"),
        lang=lang,
        header=header,
        contents_title=say(lang, "book.contents"),
        title_notes=tuple(notes),
        cover=doc.Hand((tuple(spec.deck.codes(cover)),), spec.deck.notation.name)
        if cover
        else None,
        front=tuple(_house_rules(spec, lang)),
        blocks=tuple(blocks),
    )


def house_rules_said(spec: RuleSpec, lang: str) -> str | None:
    """The house rules in force in a player's words ("se corta con 3 puntos; figuras 10, 11
    y 12"); a rule field a file changes directly, by its path ("… pasa a 0")."""
    return _rules_said(spec, spec.changed_options(), lang) or None


def rules_said(spec: RuleSpec, lang: str) -> str:
    """Every option in force, changed or not, and every rule field a file changes, in words."""
    return _rules_said(spec, spec.chosen, lang)


def _rules_said(spec: RuleSpec, options: Mapping[str, Any], lang: str) -> str:
    said = [spec.option(name).said(value, lang) for name, value in options.items()]
    said += [
        say(lang, "book.rule_said", field=c.field, value=raw(c.value)) for c in spec.rule_changes
    ]
    return "; ".join(said)


def changes_label(spec: RuleSpec) -> str | None:
    """The changed options and the rule fields a file changes, as typed (`cut_threshold=3`);
    None for the game's own rules."""
    changed = [f"{k}={raw(v)}" for k, v in spec.changed_options().items()]
    changed += [f"{c.field}={raw(c.value)}" for c in spec.rule_changes]
    return ", ".join(changed) or None


def _house_rules(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """Every option that differs from its default, then every rule field the file changes."""
    items = [
        say(
            lang,
            "book.house_rule",
            said=spec.option(name).said(value, lang),
            default=spec.option(name).said(spec.option(name).default, lang),
        )
        for name, value in spec.changed_options().items()
    ]
    items += [
        say(
            lang,
            "book.rule_change" if c.default is not None else "book.rule_new",
            field=c.field,
            value=raw(c.value),
            default=raw(c.default),
        )
        for c in spec.rule_changes
    ]
    return [doc.Box(say(lang, "book.house_rules"), tuple(items))] if items else []


def _section(spec: RuleSpec, section: Section, lang, fill, numbers) -> list[doc.Block]:
    blocks: list[doc.Block] = [doc.Heading(1, fill(section.title[lang]))]
    blocks += _paragraphs(section.text, lang, fill)
    blocks += _tables(spec, section, lang, fill)
    if section.house_rules:
        blocks += _house_rules(spec, lang)
    blocks += _examples(spec, section, lang, fill, numbers)
    if section.glossary:
        blocks += tables.glossary(section.glossary, lang, fill)
    blocks += [doc.Question(fill(q[lang]), fill(a[lang])) for q, a in section.faq]
    for sub in section.subsections:
        blocks.append(doc.Heading(2, fill(sub.title[lang])))
        blocks += _paragraphs(sub.text, lang, fill)
        blocks += _tables(spec, sub, lang, fill)
        blocks += _examples(spec, sub, lang, fill, numbers)
    return blocks


def _tables(spec: RuleSpec, section: Section, lang, fill) -> list[doc.Block]:
    return [block for name in section.tables for block in tables.table(spec, name, lang, fill)]


def _examples(spec: RuleSpec, section: Section, lang, fill, numbers) -> list[doc.Block]:
    known = {e.id: e for e in spec.examples}
    blocks: list[doc.Block] = []
    for example_id in section.examples:
        try:
            blocks.append(example_block(spec, known[example_id], next(numbers), lang, fill))
        except InputError as error:
            raise SpecError(
                said_by_key("book_example", name=repr(example_id), error=error), field="examples"
            ) from None
    return blocks


def _paragraphs(items, lang, fill) -> list[doc.Block]:
    """Paragraphs in order; one whose lines all start with '- ' is a bulleted list."""
    out: list[doc.Block] = []
    for item in items:
        text = fill(item.text[lang]).strip()
        lines = text.splitlines()
        if lines and all(line.startswith("- ") for line in lines):
            out.append(doc.Bullets(tuple(line[2:].strip() for line in lines)))
        else:
            out.append(doc.Paragraph(" ".join(line.strip() for line in lines)))
    return out


class Filler:
    """Fills `{name}` with its value under the rules in force, found when the spec was read:
    an option, a derived fact or a number of the rules (`{closes.corte_limpio.score}`). It
    also keeps the rules file the book was printed from, for the commands the book prints."""

    def __init__(
        self,
        spec: RuleSpec,
        lang: str,
        rules_file: str | None = None,
        given: tuple[str, ...] = (),
    ):
        self.values = spec.placeholders
        self.lang = lang
        self.rules_file, self.given = rules_file, given

    def __call__(self, text: str) -> str:
        return PLACEHOLDER.sub(lambda m: show(self.values[m.group(1)], self.lang), text)
