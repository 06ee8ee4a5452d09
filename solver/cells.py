"""How wide a text is on a terminal: the views fit their lines to 80 columns, and a name the
table shows is limited by the columns it takes."""

from __future__ import annotations

import unicodedata


def cell_width(text: str) -> int:
    """The terminal columns a text takes, as rich measures a view's words and cards (wide
    characters two, marks and controls none): rich.cells loads width tables that slow a start."""
    return sum(_columns_of(c) for c in text)


def _columns_of(char: str) -> int:
    if unicodedata.category(char)[0] == "M" or unicodedata.category(char) in ("Cc", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(char) in "WF" else 1
