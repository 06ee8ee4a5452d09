"""Safe YAML loading that remembers where every value came from (file and line), the parser's
complaints said in each language, and the cache of the bundled specs' parsed data.

Only plain data is built: a tag that would construct an object is an error. `on`, `off`, `yes`
and `no` stay strings (option values such as `reenganche: off`); only `true`/`false` are booleans,
and only plain decimal numbers are whole numbers (`10_000`, `0x1F`, `012`, `1:30` stay strings).
"""

from __future__ import annotations

import contextlib
import marshal
import os
import re
import sys
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib.util import find_spec
from typing import Any

from mazo.solver.errors import SpecError
from mazo.solver.files import reason, xdg_folder
from mazo.solver.messages import said
from mazo.words.numbers import counted

Path = tuple[Any, ...]

_DATE_TAG = "tag:yaml.org,2002:timestamp"
_PLAIN_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


@cache
def _yaml():
    """PyYAML and our loader, imported at the first parse: a cached spec needs neither."""
    import yaml

    # libyaml's parser when PyYAML has it (much faster on the long prose sections), else Python.
    base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class Loader(base):
        pass

    retyped = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:int")
    Loader.yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in retyped]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }
    Loader.add_implicit_resolver(
        "tag:yaml.org,2002:bool",
        re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"),
        list("tTfF"),
    )
    Loader.add_implicit_resolver(
        "tag:yaml.org,2002:int", re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$"), list("-+0123456789")
    )
    return yaml, Loader


@dataclass
class Sourced:
    """Plain data plus the file and line of each path in it."""

    data: Any
    lines: dict[Path, tuple[str, int]] = field(default_factory=dict)

    def where(self, path: Path) -> tuple[str | None, int | None]:
        """The closest recorded place for a path: the field itself, or its nearest parent."""
        for end in range(len(path), -1, -1):
            if path[:end] in self.lines:
                return self.lines[path[:end]]
        return (None, None)

    def error(self, path: Path, message: str | Callable[[str], str]) -> SpecError:
        file, line = self.where(path)
        return SpecError(message, file=file, line=line, field=dotted(path) or None)


def dotted(path: Path) -> str:
    return ".".join(str(p) for p in path)


# A spec is a few hundred values a few levels deep: these limits stop a file that aliases its
# own anchors (a loop, or the "billion laughs" that doubles at every level) long before memory
# or time run out.
MAX_DEPTH = 40
MAX_VALUES = 100_000
# A text in a spec or sheet: the longest paragraph of a rulebook is a few hundred characters;
# one of many thousands would take the PDF's line breaking minutes to lay out.
MAX_TEXT = 2_000


def read_text(path: str) -> str:
    """A rules file's text; bytes that are not UTF-8 are an error naming their line."""
    if path == "-":
        # Not standard input: a record names its rules file, and a sheet or hands may be there.
        raise SpecError(said("rules_not_stdin"))
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise SpecError(said("rules_unreadable", why=reason(exc)), file=path) from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SpecError(
            said("not_utf8", byte=f"{raw[exc.start]:#04x}"), file=path, line=line
        ) from None


def load_yaml(text: str, filename: str) -> Sourced:
    """Parse one YAML document into plain data with line numbers; errors name file and line."""
    yaml, loader_class = _yaml()
    try:
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
            if node is None:
                raise SpecError(said("file_empty"), file=filename)
            lines: dict[Path, tuple[str, int]] = {}
            data = _Builder(loader, filename).build(node, (), lines, ())
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        why = problem(exc.problem, exc.context, mark.column + 1 if mark else None)
        raise SpecError(said("malformed_yaml", why=why), file=filename, line=line) from None
    except yaml.reader.ReaderError as exc:
        # The reader counts characters, not lines: the line is found from where it stopped.
        line = text.count("\n", 0, exc.position) + 1
        raise SpecError(
            said("yaml_character", code=f"{exc.character:04X}"),
            file=filename,
            line=line,
        ) from None
    except yaml.YAMLError as exc:
        raise SpecError(said("malformed_yaml", why=exc), file=filename) from None
    except RecursionError:  # merge keys (`<<: *a`) that merge a mapping into itself
        raise SpecError(said("alias_loop"), file=filename) from None
    return Sourced(data, lines)


class _Builder:
    """Plain data from YAML nodes, refusing object tags, alias loops and runaway sizes."""

    def __init__(self, loader, filename: str):
        self.loader, self.filename, self.count = loader, filename, 0

    def fail(self, node, path: Path, message: str | Callable[[str], str]) -> SpecError:
        return SpecError(
            message,
            file=self.filename,
            line=node.start_mark.line + 1,
            field=dotted(path) or None,
        )

    def build(self, node, path: Path, lines, inside: tuple[int, ...]):
        lines[path] = (self.filename, node.start_mark.line + 1)
        self.count += 1
        if id(node) in inside:
            raise self.fail(node, path, said("alias_loop"))
        if len(inside) > MAX_DEPTH:
            raise self.fail(node, path, said("too_deep", most=MAX_DEPTH))
        if self.count > MAX_VALUES:
            raise self.fail(node, path, said("too_many_values", most=counted(MAX_VALUES)))
        if node.tag == _DATE_TAG:
            # A date (a sheet's `date: 2026-12-05`) is kept as the text written, never an object.
            return node.value
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, path, said("tag_refused", tag=repr(node.tag)))
        inside = (*inside, id(node))
        if node.id == "mapping":
            self.loader.flatten_mapping(node)
            result = {}
            for key_node, value_node in node.value:
                key = self.build(key_node, path, {}, inside)
                if not isinstance(key, str | int):
                    raise self.fail(key_node, path, said("plain_keys"))
                if key in result:
                    raise self.fail(key_node, (*path, key), said("key_twice", key=repr(key)))
                result[key] = self.build(value_node, (*path, key), lines, inside)
            return result
        if node.id == "sequence":
            return [
                self.build(item, (*path, i), lines, inside) for i, item in enumerate(node.value)
            ]
        if isinstance(node.value, str) and len(node.value) > MAX_TEXT:
            raise self.fail(node, path, said("text_too_long", most=counted(MAX_TEXT)))
        try:
            return self.loader.construct_object(node, deep=True)
        except ValueError as exc:  # e.g. an integer with more digits than Python converts
            raise self.fail(node, path, said("unreadable_value", why=exc)) from None


def merge(base: Sourced, over: Sourced) -> Sourced:
    """Deep-merge `over` onto `base`: mappings merge key by key, anything else is replaced."""
    lines = dict(base.lines)

    def walk(a, b, path):
        if isinstance(a, dict) and isinstance(b, dict):
            out = dict(a)
            for key, value in b.items():
                out[key] = walk(a.get(key), value, (*path, key))
            return out
        for p in [p for p in lines if p[: len(path)] == path and len(p) > len(path)]:
            del lines[p]
        lines.update({p: v for p, v in over.lines.items() if p[: len(path)] == path})
        return b

    data = walk(base.data, over.data, ())
    return Sourced(data, lines)


# --- the parser's complaints in each language -----------------------------------------------------

# What a YAML parser's complaint means, in each language: the parser (libyaml, or PyYAML's
# own when libyaml is missing) words its problems in English, and a Spanish error line quotes none
# of it. A problem not listed here is said by its column.

# The start of each problem both parsers may raise on a hand-written file, and its Spanish.
SPANISH = (
    ("did not find expected ',' or ']'", "falta una coma o el ']' que cierra la lista"),
    ("expected ',' or ']'", "falta una coma o el ']' que cierra la lista"),
    ("did not find expected ',' or '}'", "falta una coma o la '}' que cierra el grupo"),
    ("expected ',' or '}'", "falta una coma o la '}' que cierra el grupo"),
    ("mapping values are not allowed", "sobran dos puntos (':'): encerrá el texto entre comillas"),
    ("did not find expected key", "la sangría no sigue la de las líneas de arriba"),
    ("expected <block end>", "la sangría no sigue la de las líneas de arriba"),
    ("could not find expected ':'", "falta ':' entre la clave y su valor"),
    ("found character that cannot start any token", "un carácter que no puede empezar un valor"),
    ("found character", "un carácter que no puede empezar un valor"),
    ("found undefined alias", "un alias (*nombre) sin su ancla (&nombre)"),
    ("found unknown escape character", "un escape desconocido entre comillas dobles (\\)"),
    ("found unexpected end of stream", "el archivo termina con unas comillas sin cerrar"),
    ("found a tab character", "una tabulación en la sangría: sangrá con espacios"),
    ("block sequence entries are not allowed", "un '- ' de lista donde no va una lista"),
    ("sequence entries are not allowed", "un '- ' de lista donde no va una lista"),
    ("did not find expected '-' indicator", "a una lista le falta el '- ' de un elemento"),
    ("did not find expected node content", "falta un valor"),
    ("expected the node content", "falta un valor"),
    ("found an indentation indicator equal to 0", "un bloque de texto con sangría 0"),
    ("expected indentation indicator in the range 1-9", "un bloque de texto con sangría 0"),
    ("but found another document", "más de un documento ('---'): el archivo tiene uno"),
    ("expected a single document", "más de un documento ('---'): el archivo tiene uno"),
    ("found duplicate anchor", "un ancla (&nombre) repetida"),
    ("second occurrence", "un ancla (&nombre) repetida"),
)


def problem(problem: str | None, context: str | None, column: int | None) -> Callable[[str], str]:
    """The parser's problem (in the words of its context when it gives no problem), said in
    each language: English as the parser says it, Spanish from the table, else by `column`."""
    english = problem or context or "?"
    if problem == "second occurrence" and context:  # of an anchor: the context names it
        english = context.split(";")[0]

    def said(lang: str) -> str:
        if lang == "en":
            return english
        for start, spanish in SPANISH:
            if any(text and text.startswith(start) for text in (problem, context)):
                return spanish
        return f"algo que no se entiende en la columna {column}" if column else "no se entiende"

    return said


# --- the cache ------------------------------------------------------------------------------------

CACHE_FORMAT = 2
# Entries kept of one spec, each of another install (a worktree, a virtual environment, a
# Python): the one in use and the last written of the others.
KEEP_INSTALLS = 4


def load_yaml_cached(text: str, filename: str) -> Sourced:
    """`load_yaml` through a file in the user's cache folder, for the bundled specs.

    Importing PyYAML and parsing a spec cost a good part of a `mazo solve` call. An
    entry is used only for the very same text, parsed by the same code (this module and PyYAML,
    known by their files' size and time) under the same Python; else, or if the entry cannot be
    read, the text is parsed again and the entry rewritten, and the entries of installs that are
    gone or changed are deleted. `MAZO_NO_CACHE=1` turns the cache off.
    """
    if os.environ.get("MAZO_NO_CACHE", "") not in ("", "0"):
        return load_yaml(text, filename)
    parsers = _parser_files()
    entry = _cache_path(filename, parsers)
    key = (CACHE_FORMAT, sys.version, *(_stamp(path) for path in parsers))
    if entry is not None:
        try:
            with open(entry, "rb") as f:
                stored = marshal.loads(f.read())  # much faster than marshal.load(f)
            if stored[:2] == (key, text) and len(stored) == 5:
                return Sourced(stored[2], stored[3])
        except (OSError, EOFError, ValueError, TypeError, IndexError):
            pass  # missing, truncated or from another format: parse below
    source = load_yaml(text, filename)
    if entry is not None:
        _store(entry, (key, text, source.data, source.lines, parsers))
        _prune(entry)
    return source


def _prune(entry: str) -> None:
    """Delete the other entries of this spec whose install is gone or changed since they were
    written (or that cannot be read), and of the live ones all but the KEEP_INSTALLS - 1 last
    written: an install kept on disk after an upgrade stays live, and a cache that only grew
    held a hundred entries of versions no longer run. An install pruned here parses once more."""
    folder, own = os.path.split(entry)
    spec_name = own.rsplit(".", 2)[0]
    try:
        names = os.listdir(folder)
    except OSError:
        return
    live: list[tuple[float, str]] = []
    for name in names:
        if name == own or not name.endswith(".marshal") or name.rsplit(".", 2)[0] != spec_name:
            continue
        path = os.path.join(folder, name)
        written = _live_since(path)
        if written is None:
            _unlink(path)
        else:
            live.append((written, path))
    for _, path in sorted(live, reverse=True)[KEEP_INSTALLS - 1 :]:
        _unlink(path)


def _live_since(path: str) -> float | None:
    """When an entry was written, if the install that wrote it is still there unchanged."""
    try:
        with open(path, "rb") as f:
            stored = marshal.loads(f.read())
        key, parsers = stored[0], stored[4]
        written = os.stat(path).st_mtime
    except (OSError, EOFError, ValueError, TypeError, IndexError):
        return None
    live = key[2:] == tuple(_stamp(p) for p in parsers) and None not in key[2:]
    return written if live else None


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):  # another process pruned it first
        os.unlink(path)


def _parser_files() -> tuple[str | None, ...]:
    """The code a parse depends on, as installed here: this module and PyYAML."""
    yaml_spec = find_spec("yaml")
    return (__file__, yaml_spec.origin if yaml_spec else None)


def _cache_path(filename: str, parsers: tuple[str | None, ...]) -> str | None:
    base = xdg_folder("XDG_CACHE_HOME", ".cache")
    if not base.is_absolute():  # no home folder: no cache rather than one in the working folder
        return None
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", filename)
    # One entry per installed copy of the parsers and Python, so that two installs do not
    # overwrite each other's entry on every call, while edits to one copy reuse its entry.
    install = zlib.crc32("\0".join(map(str, (sys.version, *parsers))).encode())
    return os.path.join(base, "mazo", f"{name}.{install:08x}.marshal")


def _stamp(path: str | None) -> tuple[int, int] | None:
    try:
        info = os.stat(path) if path else None
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns) if info else None


def _store(entry: str, value: tuple[Any, ...]) -> None:
    """Write the entry whole (through a temporary file and a rename) or not at all."""
    temporary = f"{entry}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        os.makedirs(os.path.dirname(entry), exist_ok=True)
        with open(temporary, "wb") as f:
            f.write(marshal.dumps(value))
        os.replace(temporary, entry)
    except (OSError, ValueError):
        # a read-only home, or a value marshal cannot hold: the cache is only a shortcut
        if os.path.exists(temporary):
            os.unlink(temporary)
