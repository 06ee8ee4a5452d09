"""Words read from a table per language, one way (`word`), and words that agree with a number,
in every language mazo speaks (Spanish and English both use the singular for exactly one:
"1 carta", "0 cartas", "1 card", "0 cards")."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mazo.solver.spec.rulespec import RuleSpec

# A table of words: language → key → the word, a format string with its {fields}.
Words = Mapping[str, Mapping[str, str]]


def in_lang(shown: str, lang: str) -> str:
    """A number written with the language's decimal mark (4,2 in Spanish, 4.2 in English)."""
    return shown.replace(".", ",") if lang == "es" else shown


def grouped(n: int, lang: str) -> str:
    """A whole number with its thousands marked as the language marks them (849.270, 849,270)."""
    shown = f"{n:,}"
    return shown.replace(",", ".") if lang == "es" else shown


def counted(n: int) -> Callable[[str], str]:
    """A whole number said in any language, its thousands marked (a message's field)."""
    return lambda lang: grouped(n, lang)


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


def percent_sign(lang: str) -> str:
    """What follows a percentage: Spanish sets the sign apart (6,1 %), English does not."""
    return " %" if lang == "es" else "%"


def chance(p: float, lang: str) -> str:
    """A chance to a tenth of a percent, the nearest, but 100 % only for a certainty and 0 %
    only for an impossibility: 99,97 % is shown as 99,9 %, 0,02 % as 0,1 %."""
    tenths = min(max(round(p * 1000), 1), 999) if 0 < p < 1 else round(p * 1000)
    return in_lang(f"{tenths / 10:.1f}", lang) + percent_sign(lang)


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
