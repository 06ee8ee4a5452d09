"""The terminal views' words in a game's own terms, and as styled parts.

The words are `mazo.words`'s (read there by `say` and `agree`); here they are said as a game's
players say them (Gin's deadwood, the game's name for the pozo: `say_for`, `agree_for`) and as
(text, style) parts that keep a field's colours (`say_parts`). The game's own words (its verb
for cutting, its closes and melds) come from its spec.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from mazo.words import has, said_in, word

if TYPE_CHECKING:
    from mazo.solver.spec.rulespec import RuleSpec


def say_for(spec: RuleSpec, lang: str, key: str, /, **fields: Any) -> str:
    """`say`, in the game's own words: its loose cards (Gin's deadwood) and its pozo."""
    return _in_game(spec, lang, key).format(**said_in(fields, lang))


def say_parts_for(spec: RuleSpec, lang: str, key: str, /, **fields: Any) -> list[tuple[str, str]]:
    """`say_parts`, in the game's own words: its loose cards (Gin's deadwood) and its pozo."""
    return _parts(_in_game(spec, lang, key), said_in(fields, lang))


def _in_game(spec: RuleSpec, lang: str, key: str) -> str:
    gin = f"deadwood.{key}"
    deadwood = lang == "en" and spec.puzzle_deadwood and has(lang, gin)
    return pozo_named(spec, lang, word(lang, gin if deadwood else key))


# The pozo as the tables name it, capitalised as a label ("Pozo") or not; never part of a longer
# name (a JSON field's `pozo_top`).
_POZO = re.compile(r"\b([Pp])ozo\b")


def pozo_named(spec: RuleSpec, lang: str, text: str) -> str:
    """`text` with the pozo called as the game's players call it (`pozo: name:` in its spec):
    an English Gin player's discard pile."""
    name = spec.pozo_names[lang]
    return _POZO.sub(lambda found: name[:1].upper() + name[1:] if found[1] == "P" else name, text)


def agree_for(spec: RuleSpec, lang: str, n: int, one: str, many: str) -> str:
    """`agree`, in the game's own words: its loose cards (Gin's deadwood) and its pozo."""
    return _in_game(spec, lang, one if n == 1 else many).format(n=n)


def say_parts(lang: str, key: str, /, **fields: Any) -> list[tuple[str, str]]:
    """The word `key` in `lang` as (text, style) parts: a field given as parts (cards in their
    colours) keeps its styles, any other is written plain."""
    return _parts(word(lang, key), said_in(fields, lang))


def _parts(template: str, fields: dict[str, Any]) -> list[tuple[str, str]]:
    from string import Formatter

    parts: list[tuple[str, str]] = []
    for literal, name, _, _ in Formatter().parse(template):
        if literal:
            parts.append((literal, ""))
        if name is not None:
            value = fields[name]
            parts.extend(value if isinstance(value, list) else [(str(value), "")])
    return parts
