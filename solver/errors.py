"""One exception family, so the CLI can turn any of them into one line and an exit code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

# A token echoed in a message is cut to this many characters: a pasted megabyte stays one line.
QUOTE_AT_MOST = 40


def quoted(value: object) -> str:
    """A user's token as an error message shows it, cut to a readable length: text in quotes,
    anything else as JSON and YAML write it (true, null, [1, 2]), as the user wrote it."""
    if isinstance(value, str):
        return _escaped(cut(value))
    if isinstance(value, int) and not isinstance(value, bool):
        return shown_number(value)
    if not isinstance(value, bool | list | dict | None):
        text = repr(value)
    else:
        import json

        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return cut(text)


def cut(text: str, at_most: int = QUOTE_AT_MOST) -> str:
    """The text, or its first characters and one … when it is longer than `at_most`."""
    return text if len(text) <= at_most else text[: at_most - 1] + "…"


def shown_number(value: int, at_most: int = QUOTE_AT_MOST) -> str:
    """A whole number's digits, cut as `cut` cuts text. Its leading digits are found by
    division, since str() refuses a number of more than a few thousand digits."""
    magnitude = abs(value)
    # log10(2) per bit, rounded down: never more digits dropped than the number has past `at_most`.
    spare = max(0, int(magnitude.bit_length() * 0.30103) - at_most)
    text = ("-" if value < 0 else "") + str(magnitude // 10**spare)
    return cut(text, at_most) if spare == 0 else text[: at_most - 1] + "…"


def _escaped(text: str) -> str:
    """Text in quotes, a line break as `\\n` and a byte that was not UTF-8 (a file name's, kept
    by Python as a lone surrogate) as `\\xff`, the byte it is."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a surrogate that stands for no byte (JSON's "\\ud800")
        return repr(text)
    return repr(raw.decode("utf-8", "backslashreplace")).replace("\\\\x", "\\x")


def shown_path(path: object) -> str:
    """A file's name as a message shows it: whole, in quotes, a line break or a byte that was
    not UTF-8 escaped, so the message stays one line."""
    return _escaped(str(path))


def printable(text: str) -> str:
    """Text with each control character (an escape sequence's, a line break) written as its
    escape, so it prints as it is and on one line."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def named(text: str) -> str:
    """A name (a file, a player, a field) as a message shows it: as written when it prints on
    one line, else quoted with its escapes, so the message stays one line."""
    return text if text.isprintable() else quoted(text)


class MazoError(Exception):
    """Base of every error mazo reports to a user.

    A message about one parameter writes `{option}` where it names it, and gives `option`: the
    library then says `faced=`, and the command line its flag (`naming("--faced")`)."""

    exit_code = 1
    # The message by its key (`of`), to be said in the command line's language (`said_in`).
    said: Callable[[str], str] | None = None

    def __init__(self, message: str = "", *, option: str | None = None):
        super().__init__(message)
        self.option = option

    @classmethod
    def of(
        cls, key: str | Callable[[str], str], /, *, option: str | None = None, **fields: Any
    ) -> Self:
        """The error whose message is the key's in the catalogue (solver/messages.py), its
        fields filled in (or a message already said with its fields)."""
        from mazo.solver.messages import said

        message = key if callable(key) else said(key, **fields)
        error = cls(message("en"), option=option)
        error.said = message
        return error

    def __str__(self) -> str:
        return self.naming(f"{self.option}=")

    def said_in(self, lang: str) -> str:
        """The message in `lang` (English when it has no key), as the library says it."""
        return self.naming(f"{self.option}=", lang)

    def naming(self, name: str, lang: str = "en") -> str:
        text = self.said(lang) if self.said is not None else super().__str__()
        return text.replace("{option}", name) if self.option else text


class InputError(MazoError):
    """The user's input is wrong: exit code 2."""

    exit_code = 2


class NotationError(InputError):
    """A card code that cannot be read."""


class IllegalHandError(InputError):
    """Cards that read fine but that the deck cannot deal together."""


class OptionError(InputError):
    """An unknown option, or a value the option does not allow."""


class SpecError(InputError):
    """A rule spec that is malformed or contradicts itself; names file, line and field."""

    def __init__(
        self,
        message: str | Callable[[str], str],
        *,
        file: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ):
        self.file, self.line, self.field = file, line, field
        super().__init__(self._placed(message, "en"))
        if not isinstance(message, str):  # a message by its key: said in any language
            self.said = lambda lang: self._placed(message, lang)

    def _placed(self, message: str | Callable[[str], str], lang: str) -> str:
        """The message after its file, line and field, in `lang`."""
        from mazo.solver.messages import said

        where = ":".join(named(str(p)) for p in (self.file, self.line) if p is not None)
        parts = [where] if where else []
        if self.field:
            shown = f"'{self.field}'" if self.field.isprintable() else quoted(self.field)
            parts.append(said("the_field", field=shown)(lang))
        prefix = ", ".join(parts)
        text = message if isinstance(message, str) else message(lang)
        return f"{prefix}: {text}" if prefix else text


class SolverError(MazoError):
    """The optimiser failed in a way that is not the user's fault."""


class SaidWarning(UserWarning):
    """A note for the user: English as a string, said in any language by `said`."""

    def __init__(self, message: Callable[[str], str]):
        super().__init__(message("en"))
        self.said = message


class CacheWarning(SaidWarning):
    """A computed table could not be kept in the user cache: it is built again next time."""


class SlowPathWarning(SaidWarning):
    """A much slower path is taken than a full install would: the message says why and what
    brings the fast one. The command line shows it once as a note on stderr."""
