"""Files written whole or not at all: through a temporary file beside the target, then a rename.

The commands write their PDFs and sheets here, and the library its game records: a file is never
left half written, a file being read is never overwritten, and `-` is standard output.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from mazo.solver.errors import InputError, MazoError, shown_path
from mazo.solver.messages import Said, said
from mazo.solver.stopping import signals_held

# As an output file name: standard output.
STDOUT = "-"

# What ends a folder's name (`sub/`), here and on Windows.
_SEPARATORS = tuple({os.sep, os.altsep or os.sep})

# Characters of a target's name kept in its temporary file's name: a name near the file system's
# limit still leaves room for the dot, the random part and `.tmp`.
_TEMP_NAME = 64


class Unreadable(Exception):
    """A file that is not read: missing, not a regular file, or larger than allowed. Its
    message says why in a few words, for the caller's one line; `said` says them in any
    language."""

    def __init__(self, message: Said):
        super().__init__(message("en"))
        self.said = message


def read_limited(path: str | Path, limit: int | None = None) -> bytes:
    """A regular file's bytes, at most `limit` of them. A folder, a device (`/dev/zero`) or a
    pipe is refused before anything is read or waited for, and a larger file after `limit`
    bytes: nothing is read without bound."""
    try:
        # Not blocking: opening a pipe with no writer would wait for one.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise Unreadable(said("cannot_read_it", why=reason(error))) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise Unreadable(said("not_regular_file"))
    with os.fdopen(fd, "rb") as file:
        try:
            data = file.read() if limit is None else file.read(limit + 1)
        except OSError as error:
            raise Unreadable(said("cannot_read_it", why=reason(error))) from None
    if limit is not None and len(data) > limit:
        raise Unreadable(said("larger_than", limit=f"{limit:,}"))
    return data


@dataclass(frozen=True, slots=True)
class Output:
    """A file a command writes: where, and the function that writes it to a path it is given."""

    path: str | Path
    write: Callable[[Path], object]
    text: bool = False


def xdg_folder(variable: str, *under_home: str) -> Path:
    """The XDG base folder a variable names (XDG_DATA_HOME, XDG_CACHE_HOME), or its default
    under the home folder: a relative path in the variable is not used, as the XDG spec says
    (it would follow the working folder). Relative itself only when there is no home folder."""
    given = os.environ.get(variable, "")
    return Path(given) if os.path.isabs(given) else Path(os.path.expanduser("~"), *under_home)


def check_output(
    path: str | Path, *, reads: tuple[str | Path | None, ...] = (), suffix: str = ""
) -> Path | None:
    """The file `write_atomically` would replace (None: a stream it writes into), or the
    InputError it would raise: a command asks before its work, not after. `suffix` is the one
    its files take (`.pdf`), for the example of a name when a folder is named."""
    name = str(path)
    if not name:
        raise InputError.of("output_unnamed")
    if name == STDOUT:
        return None
    shown = shown_path(name)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno not in (errno.ENOENT, errno.ENOTDIR):
            raise InputError.of("cannot_write", path=shown, why=reason(exc)) from None
        mode = 0  # not there yet: written below
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return None
    if stat.S_ISDIR(mode) or name.endswith(_SEPARATORS):
        # `sub/` would be written as a file named `sub`: the user meant a file in it.
        folder = name.rstrip("".join(_SEPARATORS)) or name
        example = shown_path(os.path.join(folder, f"mazo{suffix}"))
        raise InputError.of("write_folder_named", path=shown, example=example)
    target = _target(path, reads, shown)
    _probe(target.parent, shown)
    return target


def _probe(folder: Path, shown: str) -> None:
    """Make and remove an empty file where the output will be staged: a folder that takes no
    file (a read-only or virtual file system, which permissions alone do not tell) is refused
    before the work, not after it."""
    import tempfile

    try:
        with signals_held():
            fd, tmp = tempfile.mkstemp(prefix=".mazo.", suffix=".tmp", dir=folder)
            os.close(fd)
            os.unlink(tmp)
    except OSError as exc:
        raise InputError.of("cannot_write", path=shown, why=reason(exc)) from None


def check_pdf_name(path: str | Path, *, reads: tuple[str | Path | None, ...] = ()) -> Path | None:
    """`check_output` for a PDF: a file's name ends in .pdf (any case) or in no suffix at all,
    so `-o club.yaml` never turns the club's rules into a PDF. Standard output and a device or
    a pipe (`/dev/null`) are written into whatever their names."""
    target = check_output(path, reads=reads, suffix=".pdf")
    name = Path(path)
    if target is not None and name.suffix and name.suffix.lower() != ".pdf":
        example = shown_path(name.with_suffix(".pdf"))
        raise InputError.of("write_pdf_suffix", path=shown_path(path), example=example)
    return target


def check_pdf_output(path: str | Path, *, reads: tuple[str | Path | None, ...] = ()) -> None:
    """`check_pdf_name` for a PDF written beside a game: a file already there is replaced only
    if it is a PDF, so a mistyped name never turns a game record (or any other file) into a
    sheet."""
    check_pdf_name(path, reads=reads)
    for other in reads:
        if other is not None and str(other) and Path(other).absolute() == Path(path).absolute():
            raise InputError.of("write_the_game", path=shown_path(path))
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return  # a stream (a FIFO, a terminal): check_output let it through
        with open(path, "rb") as existing:
            head = existing.read(5)
    except OSError:
        return  # not there yet: nothing to lose
    if head != b"%PDF-":
        raise InputError.of("write_not_pdf", path=shown_path(path))


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
                raise InputError.of("write_same", path=shown_path(paths[i]), same=same)
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
        with signals_held():
            for tmp, (output, target) in zip(staged, _files(outputs, targets), strict=True):
                try:
                    os.replace(tmp, target)
                except OSError as exc:
                    shown = repr(str(output.path))
                    raise MazoError.of("cannot_write", path=shown, why=reason(exc)) from None
    finally:
        with signals_held():
            for tmp in staged:
                if os.path.lexists(tmp):
                    os.unlink(tmp)
    return [Path(o.path) for o in outputs]


def _files(outputs: Sequence[Output], targets: Sequence[Path | None]) -> list[tuple[Output, Path]]:
    return [(o, t) for o, t in zip(outputs, targets, strict=True) if t is not None]


# The system's reasons for a file not written that are said in both languages.
SAID_REASONS = (
    "ENOENT",
    "EACCES",
    "EPERM",
    "EROFS",
    "ENOSPC",
    "EDQUOT",
    "EISDIR",
    "ENOTDIR",
    "EEXIST",
)


def reason(exc: OSError) -> str | Said:
    """An OSError in the user's words, where Python's own would puzzle."""
    if exc.errno == errno.ELOOP:
        return said("link_loop")
    if exc.errno == errno.ENAMETOOLONG:
        return said("name_too_long_for_fs")
    return system_reason(exc)


def system_reason(exc: OSError) -> str | Said:
    """An OSError as the system says it, in the user's language for the common ones."""
    # The common reasons in the user's language (the system says them in English); in English
    # they are the system's own words.
    name = errno.errorcode.get(exc.errno or 0, "")
    if name in SAID_REASONS and exc.strerror == os.strerror(exc.errno or 0):
        return said(f"os_{name.lower()}")
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
        raise MazoError.of("cannot_write", path=shown, why=reason(exc)) from None


def _target(path: str | Path, reads: tuple[str | Path | None, ...], shown: str) -> Path:
    """The file a path names (through links), if it may be replaced."""
    target = Path(os.path.realpath(path))
    if not target.parent.is_dir():
        if os.path.islink(path):  # a link to a place that is not there: name where it points
            raise InputError.of("write_link", path=shown, target=repr(str(target)))
        raise InputError.of("write_no_folder", path=shown)
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise InputError.of("write_folder", path=shown)
    if target.exists():
        if not target.is_file():
            # renaming over a device or a folder would replace it, not write into it
            raise InputError.of("write_not_file", path=shown)
        for source in reads:
            if source is not None and os.path.exists(source) and target.samefile(source):
                raise InputError.of("write_read", path=shown)
    return target


def _stage(target: Path, write: Callable[[Path], object], shown: str, staged: list[Path]) -> None:
    """Write a temporary file beside the target, added to `staged` before anything is in it."""
    import tempfile

    try:
        with signals_held():  # a signal between making the file and noting it would leave it
            fd, tmp = tempfile.mkstemp(
                prefix=f".{target.name[:_TEMP_NAME]}.", suffix=".tmp", dir=target.parent
            )
            staged.append(Path(tmp))
        os.close(fd)
        write(Path(tmp))
        os.chmod(tmp, _mode(target))  # after: a read-only file is replaced as before
    except OSError as exc:
        raise MazoError.of("cannot_write", path=shown, why=reason(exc)) from None


def _mode(target: Path) -> int:
    """The permissions of the file written: those of the file it replaces (a record kept
    private stays private), else an ordinary new file's (mkstemp makes it private)."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _stream(write: Callable[[Path], object], sink: BinaryIO, text: bool) -> None:
    """Write the whole file aside, then into the stream: a failure writes nothing there."""
    if not text and sink.isatty():
        raise InputError.of("pdf_terminal")
    import tempfile

    with tempfile.TemporaryDirectory(prefix="mazo.") as folder:
        tmp = Path(folder) / "output"
        write(tmp)
        data = tmp.read_bytes()
    sys.stdout.flush()  # what was printed before comes first
    sink.write(data)
    sink.flush()


@contextlib.contextmanager
def kept_to_one(path: str | Path) -> Iterator[None]:
    """The file written by one mazo at a time: a second that would write into it while the
    first holds it (two resumes of one game) is refused, never left to replace the first one's
    moves. The lock is a hidden file beside it, held (flock) while the block runs; the system
    lets it go when the process ends, however it ends."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): one game a file is the player's own care
        yield
        return
    real = Path(os.path.realpath(path))
    lock = real.with_name(f".{real.name}.lock")
    shown = shown_path(path)
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:  # a folder that takes no file: the write says why, in its own words
            yield
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise InputError.of("file_in_use", path=shown) from None
        # The one before may have removed the lock file as this one opened it: lock the new one.
        with contextlib.suppress(OSError):
            if os.stat(lock).st_ino == os.fstat(fd).st_ino:
                break
        os.close(fd)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(fd)
