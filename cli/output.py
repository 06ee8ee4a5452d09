"""One way out for every command: a rich view for people, or JSON for programs."""

from __future__ import annotations

import codecs
import copy
import io
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TextIO

from mazo.solver.cards import JOKER_CODE, JOKER_SYMBOL, SUIT_SYMBOLS
from mazo.solver.errors import OptionError

# How a character that standard output's encoding lacks is written (PYTHONIOENCODING=ascii):
# cards as their codes, which read back as input; marks as their nearest ASCII.
_ASCII = {
    **{symbol: code for code, symbol in SUIT_SYMBOLS.items()},
    JOKER_SYMBOL: JOKER_CODE,
    "—": "-",
    "–": "-",
    "−": "-",
    "·": ".",
    "…": "...",
    "→": "->",
    "×": "x",
    "■": "#",
    "─": "-",  # a heading's rule
}
PLAIN = "mazo-plain"  # the error handler's name, for TextIOWrapper.reconfigure(errors=...)


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    import unicodedata

    def plain(char: str) -> str:
        # An accented letter without its accent (é: e), else the mark's ASCII, else '?'.
        bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        return _ASCII.get(char) or bare or "?"

    return "".join(map(plain, error.object[error.start : error.end])), error.end


codecs.register_error(PLAIN, _plain)


def print_json(data: Any) -> None:
    import json  # imported by the commands that print it: a plain `mazo solve` does without

    text = json.dumps(data, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(data)  # as \u escapes: the same JSON, in any encoding
    # One document per line for every line splitter: JSON leaves these line breaks raw inside
    # strings, and str.splitlines (like many JSON Lines readers) breaks lines at them.
    for mark in ("\x85", "\u2028", "\u2029"):
        text = text.replace(mark, f"\\u{ord(mark):04x}")
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def console(stderr: bool = False):
    from rich.console import Console

    # Views style through Text objects only: without markup and emoji codes a file name such as
    # `house[1].yaml` prints as given, and rich skips two passes over every string (and an import).
    # NO_COLOR (no-color.org) asks for no styling at all: rich alone would still draw bold.
    styled: Literal["auto"] | None = None if os.environ.get("NO_COLOR") else "auto"
    return Console(
        stderr=stderr,
        highlight=False,
        soft_wrap=True,
        markup=False,
        emoji=False,
        color_system=styled,
    )


# What a view returns: its lines, each a list of parts for Lines.print or a rich renderable.
View = list[Any]


def _plain_stdout() -> TextIO | None:
    """Standard output when rich would draw no styles on it (not a terminal, nothing forcing one
    in the environment), decided without importing rich: a piped call starts faster."""
    if "TTY_COMPATIBLE" in os.environ or "FORCE_COLOR" in os.environ:
        return None
    try:
        return None if sys.stdout.isatty() else sys.stdout
    except ValueError:  # closed: rich decides (and says why)
        return None


class Lines:
    """Where a view writes its lines, each of str and (text, style) parts or lists of them.

    Rich draws them where it would show styles; elsewhere (a pipe, a file) it would write the
    plain text, and so they are written directly: building rich Text costs more than a solve, and
    a batch draws a view for every hand. A rich renderable (a table) still goes through rich."""

    def __init__(self, out=None):
        self._console = out
        self._plain = _plain_stdout() if out is None else None
        if self._plain is None and self.console.color_system is None:
            self._plain = self.console.file

    @property
    def console(self):
        if self._console is None:
            self._console = console()
        return self._console

    def print(self, *parts) -> None:
        flat = [p for part in parts for p in flat_parts(part)]
        if self._plain is not None:
            self._plain.write("".join(text for text, _ in flat) + "\n")
        else:
            from rich.text import Text

            self.console.print(Text.assemble(*flat))

    def show(self, view: View) -> None:
        """A view's lines: each a str, a list of parts (see print) or a rich renderable (a
        table)."""
        for line in view:
            if isinstance(line, list):
                self.print(*line)
            elif isinstance(line, str):
                self.print(line)
            else:
                self.console.print(_written_plain(line, self.console))

    def flush(self) -> None:
        (self._plain or self.console.file).flush()


def _written_plain(renderable: Any, console: Any) -> Any:
    """A table as an output whose encoding lacks some of its characters (PYTHONIOENCODING=ascii)
    writes it: each cell made plain (→ as ->) before rich measures it, so the rows keep the
    width of the borders; the stream's own replacement, after the measure, would widen them."""
    from rich.table import Table

    encoding = console.encoding
    if not isinstance(renderable, Table) or codecs.lookup(encoding).name == "utf-8":
        return renderable
    from dataclasses import replace

    from rich.text import Text

    def plain(cell: Any) -> Any:
        if isinstance(cell, str):
            return cell.encode(encoding, PLAIN).decode(encoding)
        if isinstance(cell, Text):  # its parts, each with its style, made plain one by one
            parts = [(plain(s.text), s.style or "") for s in cell.render(console, end="")]
            shown = Text.assemble(*parts, justify=cell.justify, overflow=cell.overflow)
            shown.no_wrap, shown.end = cell.no_wrap, cell.end
            return shown
        return cell

    table = copy.copy(renderable)
    table.title, table.caption = plain(renderable.title), plain(renderable.caption)
    table.columns = [
        replace(c, header=plain(c.header), footer=plain(c.footer), _cells=list(map(plain, c.cells)))
        for c in renderable.columns
    ]
    return table


def flat_parts(part) -> list[tuple[str, str]]:
    """A part of a line as the parts it holds: a str, a (text, style) or a list of them."""
    if isinstance(part, str):
        return [(part, "")]
    return [part] if isinstance(part, tuple) else part


def emit(data: dict[str, Any], as_json: bool, view: Callable[[], View]) -> None:
    """Print a result: JSON from its dict, or its view (made only when it is shown)."""
    if as_json:
        print_json(data)
    else:
        Lines().show(view())


def to_stdout(path: str | Path | None, as_json: bool, flag: str) -> bool:
    """Whether a file goes to standard output (`-`, or a name for it such as /dev/stdout): the
    command then prints nothing else there."""
    if path is None or not str(path):
        return False
    from mazo.solver.files import STDOUT  # only for a file: a solve to the screen does without

    if str(path) != STDOUT:
        try:
            if not os.path.samestat(os.stat(path), os.fstat(sys.stdout.fileno())):
                return False
        except (OSError, ValueError, io.UnsupportedOperation):
            return False  # no such file yet, or an output without a file behind it
    if as_json:
        raise OptionError.of("stdout_twice", flag=flag, path=repr(str(path)))
    return True
