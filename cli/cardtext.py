"""Cards in the terminal, in their suit colours."""

from __future__ import annotations

from collections.abc import Iterable

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
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(code: str):
    from rich.text import Text

    if code == "*":
        return Text("★", style="bold magenta")
    suit = code[-1]
    label = code[:-1] + SUIT_SYMBOLS.get(suit, suit)
    return Text(label, style=SUIT_STYLES.get(suit, ""))


def cards_text(codes: Iterable[str], sep: str = " "):
    from rich.text import Text

    return Text(sep).join(card_text(c) for c in codes)
