"""One way out for every command: a rich view for people, or JSON for programs."""

from __future__ import annotations

import codecs
import contextlib
import copy
import errno
import io
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from mazo.solver.cards import JOKER_CODE, JOKER_SYMBOL, SUIT_SYMBOLS
from mazo.solver.errors import InputError, MazoError, OptionError, shown_path

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
    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False)


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
        flat = [p for part in parts for p in _parts(part)]
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


def _parts(part) -> list[tuple[str, str]]:
    if isinstance(part, str):
        return [(part, "")]
    return [part] if isinstance(part, tuple) else part


def emit(data: dict[str, Any], as_json: bool, view: Callable[[], View]) -> None:
    """Print a result: JSON from its dict, or its view (made only when it is shown)."""
    if as_json:
        print_json(data)
    else:
        Lines().show(view())


# As an output file name: standard output.
STDOUT = "-"

# Characters of a target's name kept in its temporary file's name: a name near the file system's
# limit still leaves room for the dot, the random part and `.tmp`.
_TEMP_NAME = 64


@dataclass(frozen=True, slots=True)
class Output:
    """A file a command writes: where, and the function that writes it to a path it is given."""

    path: str | Path
    write: Callable[[Path], object]
    text: bool = False


def check_output(path: str | Path, *, reads: tuple[str | Path | None, ...] = ()) -> Path | None:
    """The file `write_atomically` would replace (None: a stream it writes into), or the
    InputError it would raise: a command asks before its work, not after."""
    name = str(path)
    if not name:
        raise InputError("the output file name is empty")
    if name == STDOUT:
        return None
    shown = shown_path(name)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR):
            raise InputError(f"cannot write {shown}: {_why(exc)}") from None
        mode = 0  # not there yet: written below
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return None
    return _target(path, reads, shown)


def check_outputs(
    paths: Sequence[str | Path], *, reads: tuple[str | Path | None, ...] = ()
) -> list[Path | None]:
    """`check_output` for each of a command's outputs, and no two of them one file: the second
    would replace the first."""
    targets = [check_output(path, reads=reads) for path in paths]
    for i, target in enumerate(targets):
        for path, other in zip(paths[:i], targets[:i], strict=True):
            if target is not None and target == other:
                same = shown_path(path)
                raise InputError(
                    f"cannot write {shown_path(paths[i])}: it is the same file as {same}"
                )
    return targets


def write_atomically(
    path: str | Path,
    write: Callable[[Path], object],
    *,
    reads: tuple[str | Path | None, ...] = (),
    text: bool = False,
) -> Path:
    """Write through a temporary file beside the target, then rename: never a partial file.

    A symbolic link is written through, not replaced; a file the command reads (`reads`) is
    never overwritten; `-` is standard output (a PDF only when that is not a terminal).
    """
    return write_all([Output(path, write, text)], reads=reads)[0]


def write_all(
    outputs: Sequence[Output], *, reads: tuple[str | Path | None, ...] = ()
) -> list[Path]:
    """Write every output of a command, or none: each is checked, then each is written aside,
    and only when all are written are they put in place (streams first, then the renames)."""
    targets = check_outputs([o.path for o in outputs], reads=reads)
    staged: list[Path] = []
    try:
        for output, target in zip(outputs, targets, strict=True):
            if target is not None:
                _stage(target, output.write, shown_path(output.path), staged)
        # Standard output, a pipe or a device (/dev/null) is written into, never replaced.
        for output, target in zip(outputs, targets, strict=True):
            if target is None:
                _write_into(output.path, output.write, output.text, shown_path(output.path))
        with _signals_held():
            for tmp, (output, target) in zip(staged, _files(outputs, targets), strict=True):
                try:
                    os.replace(tmp, target)
                except OSError as exc:
                    raise MazoError(f"cannot write {str(output.path)!r}: {_why(exc)}") from None
    finally:
        with _signals_held():
            for tmp in staged:
                if os.path.lexists(tmp):
                    os.unlink(tmp)
    return [Path(o.path) for o in outputs]


def _files(outputs: Sequence[Output], targets: Sequence[Path | None]) -> list[tuple[Output, Path]]:
    return [(o, t) for o, t in zip(outputs, targets, strict=True) if t is not None]


def _why(exc: OSError) -> str:
    """An OSError in the user's words, where Python's own would puzzle."""
    if exc.errno == errno.ELOOP:
        return "its symbolic links go round in a loop"
    if exc.errno == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    return exc.strerror or str(exc)


def _write_into(path: str | Path, write: Callable[[Path], object], text: bool, shown: str) -> None:
    try:
        if str(path) == STDOUT:
            _stream(write, sys.stdout.buffer, text)
        else:
            with open(path, "wb") as sink:
                _stream(write, sink, text)
    except BrokenPipeError:
        raise  # the reader left: the command ends quietly
    except OSError as exc:  # a checked output that fails as it is written: exit 1, not usage
        if str(path) == STDOUT:
            raise  # standard output that cannot take it: said as for every command, exit 1
        raise MazoError(f"cannot write {shown}: {_why(exc)}") from None


def _target(path: str | Path, reads: tuple[str | Path | None, ...], shown: str) -> Path:
    """The file a path names (through links), if it may be replaced."""
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        if os.path.islink(path):  # a link to a place that is not there: name where it points
            raise InputError(
                f"cannot write {shown}: it links to {str(target)!r}, whose folder does not exist"
            )
        raise InputError(f"cannot write {shown}: its folder does not exist")
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise InputError(f"cannot write {shown}: its folder is not writable")
    if target.exists():
        if not target.is_file():
            # renaming over a device or a folder would replace it, not write into it
            raise InputError(f"cannot write {shown}: it is not a regular file")
        for source in reads:
            if source is not None and os.path.exists(source) and target.samefile(source):
                raise InputError(f"cannot write {shown}: it is the file this command reads")
    return target


def _stage(target: Path, write: Callable[[Path], object], shown: str, staged: list[Path]) -> None:
    """Write a temporary file beside the target, added to `staged` before anything is in it."""
    import tempfile

    try:
        with _signals_held():  # a signal between making the file and noting it would leave it
            fd, tmp = tempfile.mkstemp(
                prefix=f".{target.name[:_TEMP_NAME]}.", suffix=".tmp", dir=target.parent
            )
            staged.append(Path(tmp))
        os.close(fd)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; the result is an ordinary file
        write(Path(tmp))
    except OSError as exc:
        raise MazoError(f"cannot write {shown}: {_why(exc)}") from None


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """The signals that stop mazo wait until the block is done: the files it makes or renames
    are all noted, so the clean-up on the way out finds each of them."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signals to hold
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM, *([signal.SIGHUP] if hasattr(signal, "SIGHUP") else [])}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def to_stdout(path: str | Path | None, as_json: bool, flag: str) -> bool:
    """Whether a file goes to standard output (`-`, or a name for it such as /dev/stdout): the
    command then prints nothing else there."""
    if path is None or not str(path):
        return False
    if str(path) != STDOUT:
        try:
            if not os.path.samestat(os.stat(path), os.fstat(sys.stdout.fileno())):
                return False
        except (OSError, ValueError, io.UnsupportedOperation):
            return False  # no such file yet, or an output without a file behind it
    if as_json:
        raise OptionError(
            f"{flag} {str(path)!r} and --json both print on standard output: choose one"
        )
    return True


def _stream(write: Callable[[Path], object], sink: BinaryIO, text: bool) -> None:
    """Write the whole file aside, then into the stream: a failure writes nothing there."""
    if not text and sink.isatty():
        raise InputError("a PDF is not printed on a terminal: name a .pdf file, or pipe it")
    import tempfile

    with tempfile.TemporaryDirectory(prefix="mazo.") as folder:
        tmp = Path(folder) / "output"
        write(tmp)
        data = tmp.read_bytes()
    sys.stdout.flush()  # what was printed before comes first
    sink.write(data)
    sink.flush()
