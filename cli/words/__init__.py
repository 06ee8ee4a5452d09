"""The words of mazo: every view, worksheet, answer key, planilla and rulebook reads its words
here, through one function, `say(lang, key, **fields)`.

A language's words are one module, `en.py` and `es.py`: a dict from a key to a format string
whose `{fields}` `say` fills. A key is namespaced by where it is said: `puzzles.` (the worksheets
and their keys), `sheet.` (the planillas and the odds chart), `book.` (the rulebook), `deadwood.`
(a Gin player's English for the loose cards, which a game's spec may ask for), and the terminal's
views at the top, without a prefix. A mechanism's own words are namespaced by its name
(`<mechanism>.`) and kept in its package's `words` module: `WORDS` and `COLUMNS`, each a dict by
language of such tables. The rulebook's table headers, a row of words, are the
module's `COLUMNS`, read by `columns`. Numbers (the minus sign, the decimal mark, the percent)
are written by `mazo.words.numbers`; the error messages keep their own catalogue
(`mazo.solver.messages`).

Why a Python module per language, and not a YAML file per language or a gettext catalogue:
- start-up: a table is a dict literal compiled to bytecode once, so loading one costs a fraction
  of a millisecond, where parsing about 800 entries of YAML costs tens of milliseconds on every
  `mazo solve`; and only the language asked for is loaded, on its first word.
- lookups by key and typos: `say` is a dict lookup, and a key is a plain string that a test
  finds in the code (tests/test_words.py: every key is in both languages, with the same
  fields, and every key written in the code is in the tables), as it would for a YAML file.
- no new format: the words keep the Python string syntax the code already used, comments beside
  them say where a word is shown.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from types import ModuleType
from typing import Any

LANGS = ("es", "en")


@cache
def _table(lang: str) -> ModuleType:
    if lang not in LANGS:
        raise KeyError(lang)
    return import_module(f"mazo.words.{lang}")


@cache
def _own(namespace: str) -> ModuleType | None:
    """The words module of the mechanism `namespace` names, or None for another namespace."""
    from mazo.solver.mechanisms.registry import own_module

    return own_module(namespace, "words")


def _owner(lang: str, key: str, table: str) -> dict[str, Any]:
    """The table (`WORDS` or `COLUMNS`) in `lang` that holds `key`: a mechanism's own words
    are namespaced by its name (`<mechanism>.`) and kept in its package, the rest here."""
    namespace, dot, _ = key.partition(".")
    own = _own(namespace) if dot else None
    return getattr(own, table)[lang] if own is not None else getattr(_table(lang), table)


def word(lang: str, key: str) -> str:
    """The word `key` in `lang` as the table holds it: a format string, its fields unfilled."""
    return _owner(lang, key, "WORDS")[key]


def say(lang: str, key: str, /, **fields: Any) -> str:
    """The word `key` in `lang`, its fields filled in."""
    return word(lang, key).format(**said_in(fields, lang))


def said_in(fields: dict[str, Any], lang: str) -> dict[str, Any]:
    """The fields, one told in any language (a function of it: a place in a file, a number
    with its thousands marked) said in `lang`."""
    return {name: v(lang) if callable(v) else v for name, v in fields.items()}


def has(lang: str, key: str) -> bool:
    """Whether `lang` has a word `key` (Gin's English `deadwood.` words, only where one is)."""
    return key in _owner(lang, key, "WORDS")


def columns(lang: str, key: str) -> tuple[str, ...]:
    """The words heading a table's columns, in `lang`."""
    return _owner(lang, key, "COLUMNS")[key]


def agree(lang: str, n: int, one: str, many: str) -> str:
    """The form of a word (given by its keys for one and for many) that agrees with `n`, with
    `{n}` filled in: Spanish and English both use the singular for exactly one."""
    return say(lang, one if n == 1 else many, n=n)
