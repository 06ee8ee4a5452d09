"""Cards in the terminal, in their suit colours.

Views write lines of (text, style) parts (see output.Lines); cards_text makes a rich Text of them
for the views drawn with rich's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

from mazo.solver.cards import JOKER_CODE, printed
from mazo.solver.cells import cell_width as cell_width  # where the views measure a line

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
def card_part(code: str, spell: Callable[[str], str] = printed) -> Part:
    """A card in its suit's colour, spelt by `spell` (a sheet's view spells 10 as drawn)."""
    if code == JOKER_CODE:
        return spell(code), "bold magenta"
    return spell(code), SUIT_STYLES.get(code[-1], "")


def joined(groups: Iterable[list[Part]], sep: str) -> list[Part]:
    """The groups' parts one after another, sep between them."""
    parts: list[Part] = []
    for group in groups:
        if parts:
            parts.append((sep, ""))
        parts.extend(group)
    return parts


def cards_parts(
    codes: Iterable[str], sep: str = " ", spell: Callable[[str], str] = printed
) -> list[Part]:
    return joined(([card_part(c, spell)] for c in codes), sep)


def cards_text(codes: Iterable[str], sep: str = " ", spell: Callable[[str], str] = printed):
    from rich.text import Text

    return Text.assemble(*cards_parts(codes, sep, spell))
