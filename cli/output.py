"""One way out for every command: a rich view for people, or JSON for programs."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mazo.solver.errors import InputError


def print_json(data: Any) -> None:
    import json  # imported by the commands that print it: a plain `mazo solve` does without

    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def console(stderr: bool = False):
    from rich.console import Console

    # Views style through Text objects only: without markup and emoji codes a file name such as
    # `house[1].yaml` prints as given, and rich skips two passes over every string (and an import).
    return Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False)


class Lines:
    """Where a view writes its lines, each of str and (text, style) parts or lists of them.

    Rich draws them where it would show styles; elsewhere (a pipe, a file) it would write the
    plain text, and so they are written directly: building rich Text costs more than a solve, and
    a batch draws a view for every hand."""

    def __init__(self, out=None):
        self.console = out if out is not None else console()
        self._plain = self.console.file if self.console.color_system is None else None

    def print(self, *parts) -> None:
        flat = [p for part in parts for p in _parts(part)]
        if self._plain is not None:
            self._plain.write("".join(text for text, _ in flat) + "\n")
        else:
            from rich.text import Text

            self.console.print(Text.assemble(*flat))

    def flush(self) -> None:
        self.console.file.flush()


def _parts(part) -> list[tuple[str, str]]:
    if isinstance(part, str):
        return [(part, "")]
    return [part] if isinstance(part, tuple) else part


def emit(data: dict[str, Any], as_json: bool, view: Callable[[Any], None]) -> None:
    """Print a result: JSON from its dict, or the command's rich view."""
    if as_json:
        print_json(data)
    else:
        view(console())


def write_atomically(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Write through a temporary file beside the target, then rename: never a partial file."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"cannot write {str(target)!r}: the folder {str(folder)!r} does not exist")
    if target.exists() and not target.is_file():
        # renaming over a device or a folder would replace it, not write into it
        raise InputError(f"cannot write {str(target)!r}: it is not a regular file")
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; the result is an ordinary file
        write(Path(tmp))
        os.replace(tmp, target)
    except OSError as exc:
        raise InputError(f"cannot write {str(target)!r}: {exc.strerror}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return target
