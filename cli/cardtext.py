"""Cards in the terminal, in their suit colours.

Views write lines of (text, style) parts (see output.Lines); cards_text makes a rich Text of them
for the views drawn with rich's tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from mazo.solver.cards import JOKER_CODE, printed

SUIT_STYLES = {
    "o": "bold yellow",
    "c": "bold red",
    "e": "bold blue",
    "b": "bold green",
    "H": "bold red",
    "D": "bold red",
    "S": "bold",
    "C": "bold",
}

Part = tuple[str, str]  # text and its rich style ("" for none)


@cache  # a batch draws the same few dozen cards over and over
def card_part(code: str) -> Part:
    if code == JOKER_CODE:
        return printed(code), "bold magenta"
    return printed(code), SUIT_STYLES.get(code[-1], "")


def joined(groups: Iterable[list[Part]], sep: str) -> list[Part]:
    """The groups' parts one after another, sep between them."""
    parts: list[Part] = []
    for group in groups:
        if parts:
            parts.append((sep, ""))
        parts.extend(group)
    return parts


def cards_parts(codes: Iterable[str], sep: str = " ") -> list[Part]:
    return joined(([card_part(c)] for c in codes), sep)


def cards_text(codes: Iterable[str], sep: str = " "):
    from rich.text import Text

    return Text.assemble(*cards_parts(codes, sep))
