"""Pieces several views' lines are made of: a labelled line, melds, a yes or no."""

from __future__ import annotations

from collections.abc import Sequence

from mazo.cardtext import Part, cards_parts, cell_width, joined
from mazo.output import flat_parts
from mazo.solver.errors import named
from mazo.words import say

# The width of the labels in the views that line their values up after one.
LABEL_WIDTH = 9
# The columns a view's lines fit in, the terminal's narrowest usual width.
WIDTH = 80
# A line too long for the width goes on below, indented this much more.
HANG = "    "
# A space the lines are never broken at (a plain one to any terminal).
NO_BREAK = "\u00a0"


def labelled(label: str, *parts) -> list:
    return [(f"{label:<{LABEL_WIDTH}}", "dim"), *parts]


def melds_parts(melds: Sequence[Sequence[str]], lang: str) -> list[Part] | Part:
    return joined((cards_parts(m) for m in melds), "   ") if melds else (say(lang, "none"), "dim")


def yes_no(flag: bool | None, lang: str) -> Part:
    return (say(lang, "yes"), "bold green") if flag else (say(lang, "no"), "bold red")


def wrote(path: object | None, lang: str) -> list:
    """The line that names a file written beside the view."""
    return [] if path is None else [say(lang, "wrote", path=named(str(path)))]


def wrapped(
    parts: Sequence[Part], indent: str = "", hang: str = HANG, width: int = WIDTH
) -> list[list[Part]]:
    """Parts as lines of at most `width` columns, broken between words; the lines after the
    first indented by `hang` more."""
    words: list[list[Part]] = [[]]
    for text, style in parts:
        for i, piece in enumerate(text.split(" ")):
            if i:
                words.append([])
            if piece:
                words[-1].append((piece, style))
    lines: list[list[Part]] = []
    line: list[Part] = [(indent, "")]
    used = cell_width(indent)
    for word in filter(None, words):
        size = sum(cell_width(text) for text, _ in word)
        if used + 1 + size > width and len(line) > 1:
            lines.append(line)
            line, used = [(indent + hang, "")], cell_width(indent + hang)
        elif len(line) > 1:
            line.append((" ", ""))
            used += 1
        line.extend(word)
        used += size
    return [*lines, line]


def fitted(line: list, width: int = WIDTH) -> list[list[Part]]:
    """A labelled line as lines of at most `width` columns where it is wider: broken only
    where its parts leave a space (between cards, melds, or before a note that starts with
    one), each line after the first under the label's column. A line that fits stays whole."""
    parts = [p for part in line for p in flat_parts(part)]
    if sum(cell_width(text) for text, _ in parts) <= width:
        return [line]
    lines: list[list[Part]] = [[]]
    used = 0
    for text, style in parts:
        size = cell_width(text)
        breaks = text[:1].isspace() and used > LABEL_WIDTH
        if breaks and used + size > width:
            text = text.lstrip()
            lines.append([(" " * LABEL_WIDTH, "")])
            used, size = LABEL_WIDTH, cell_width(text)
        if text:
            lines[-1].append((text, style))
            used += size
    return lines
