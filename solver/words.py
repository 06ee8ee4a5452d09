"""Words read from a table per language, one way (`word`), and words that agree with a number,
in every language mazo speaks (Spanish and English both use the singular for exactly one:
"1 carta", "0 cartas", "1 card", "0 cards")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mazo.solver.spec.rulespec import RuleSpec

# A table of words: language → key → the word, a format string with its {fields}.
Words = Mapping[str, Mapping[str, str]]


def series(items: Sequence[str], last: str) -> str:
    """Items as a sentence lists them, `last` before the last one: "a, b and c"; one as it is,
    none empty."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + last + items[-1]


_MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def dated(text: str, lang: str) -> str:
    """A date written as a sheet's YAML writes it (2026-12-05) as a reader of the language does
    (05/12/2026 in the Río de la Plata; 5 December 2026, unambiguous to any English reader);
    anything else as written."""
    try:
        day = date.fromisoformat(text)
    except ValueError:
        return text
    if len(text) != len("2026-12-05"):  # 20261205 and week dates stay as written
        return text
    if lang == "es":
        return f"{day.day:02}/{day.month:02}/{day.year}"
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def in_sentence(name: str) -> str:
    """A name as it reads inside a sentence (after a colon too, as Spanish and English write
    it): "Corte con puntos" becomes "corte con puntos"; a name with another capital word
    ("Conga Limpia") or an exclamation ("¡Chinchón!") keeps its capitals."""
    words = name.split()
    if not words or not words[0][:1].isupper() or any(w[:1].isupper() for w in words[1:]):
        return name
    return name[0].lower() + name[1:]


def agree(n: int, one: str, many: str) -> str:
    """The form for `n`, with `{n}` filled in: agree(1, "{n} carta", "las {n} cartas")."""
    return (one if n == 1 else many).format(n=n)


def word(table: Words, lang: str, key: str, /, **fields: Any) -> str:
    """The word `key` of a table in `lang`, its fields filled in."""
    return table[lang][key].format(**fields)


def agree_word(table: Words, lang: str, n: int, one: str, many: str) -> str:
    """The form of a word of a table (by its keys for one and for many) that agrees with `n`."""
    return agree(n, table[lang][one], table[lang][many])


def cut_verb(spec: RuleSpec, lang: str) -> str:
    """The game's verb for cutting (cortar, cerrar, knock)."""
    return spec.cut.names[lang]


# A regular Spanish verb as said to the player (voseo): cortar -> cortás, cerrar -> cerrás.
_VOS = {"ar": "ás", "er": "és", "ir": "ís"}


def said_to_you(verb: str, lang: str) -> str:
    """A verb said to the player: "cortás", "cerrás"; in English the verb itself."""
    if lang == "es" and verb[-2:] in _VOS:
        return verb[:-2] + _VOS[verb[-2:]]
    return verb
