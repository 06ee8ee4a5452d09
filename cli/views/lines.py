"""Pieces several views' lines are made of: a labelled line, melds, a yes or no."""

from __future__ import annotations

from collections.abc import Sequence

from mazo.cardtext import Part, cards_parts, joined
from mazo.solver.errors import named
from mazo.views.words import say

# The width of the labels in the views that line their values up after one.
LABEL_WIDTH = 9


def labelled(label: str, *parts) -> list:
    return [(f"{label:<{LABEL_WIDTH}}", "dim"), *parts]


def melds_parts(melds: Sequence[Sequence[str]], lang: str) -> list[Part] | Part:
    return joined((cards_parts(m) for m in melds), "   ") if melds else (say(lang, "none"), "dim")


def yes_no(flag: bool | None, lang: str) -> Part:
    return (say(lang, "yes"), "bold green") if flag else (say(lang, "no"), "bold red")


def wrote(path: object | None, lang: str) -> list:
    """The line that names a file written beside the view."""
    return [] if path is None else [say(lang, "wrote", path=named(str(path)))]
