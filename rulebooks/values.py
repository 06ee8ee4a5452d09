"""A rule's value as the rulebook prints it, and as an option is typed."""

from __future__ import annotations

from typing import Any

from mazo.words import say
from mazo.words.numbers import signed


def show(value: Any, lang: str) -> str:
    """A rule value as the book prints it: yes/no, a dash for none, a true minus sign."""
    if isinstance(value, bool):
        return say(lang, "book.word_yes") if value else say(lang, "book.word_no")
    if value is None:
        return say(lang, "book.none")
    if isinstance(value, int):
        return signed(value)
    return str(value)


def raw(value: Any) -> str:
    """An option value as typed on the command line (`--variant reenganche=off`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "—" if value is None else str(value)
