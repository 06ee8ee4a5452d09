"""`mazo games`: each game, its aliases and its options (house rules), with their defaults and
values, as lines that fit a terminal's width."""

from __future__ import annotations

import textwrap

from mazo.output import View
from mazo.solver.spec.options import Option, show
from mazo.solver.spec.rulespec import RuleSpec
from mazo.words import say

# Lines are wrapped to this width at most: wider ones are hard to follow.
MOST_COLUMNS = 80
INDENT = "  "


def view(games: list[tuple[RuleSpec, str]], width: int) -> View:
    """Each game in its language: its title, then each option as it is typed back into
    `--variant` (NAME=DEFAULT), the values it takes and what it does."""
    width = min(width, MOST_COLUMNS)
    lines: View = []
    for spec, lang in games:
        if lines:
            lines.append([""])
        aliases = ", ".join(spec.aliases) or say(lang, "dash")
        title = say(lang, "games_title", game=spec.game, title=spec.title[lang], aliases=aliases)
        lines += [[(text, "bold")] for text in _wrap(title, width, "", INDENT * 2)]
        legend = say(lang, "games_legend")
        lines += [[(text, "dim")] for text in _wrap(legend, width, INDENT, INDENT * 3)]
        for option in spec.options:
            # A name, a value and each allowed value stay whole: they are typed back.
            head = f"{option.name}={show(option.default)}"
            values = f"{head}  {option.allowed(lang)}"
            lines += [[(text, "")] for text in _wrap(values, width, INDENT, INDENT * 3)]
            what = " ".join((option.description[lang], *_meanings(option, lang)))
            lines += [[(text, "dim")] for text in _wrap(what, width, INDENT * 3, INDENT * 3)]
    return lines


def _meanings(option: Option, lang: str) -> list[str]:
    """What each word value means ("flat10 = figuras a 10."): a number says itself."""
    if option.kind != "word" or option.says is None or option.choices is None:
        return []
    return [f"{show(value)} = {option.said(value, lang)}." for value in option.choices]


def _wrap(text: str, width: int, first: str, then: str) -> list[str]:
    """Lines of at most `width` columns broken only at spaces (a word longer than a line stays
    whole), the first indented by `first`, the others by `then`."""
    return textwrap.wrap(
        text,
        width=width,
        initial_indent=first,
        subsequent_indent=then,
        break_long_words=False,
        break_on_hyphens=False,
    )
