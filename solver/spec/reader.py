"""Typed, bounded reads from a spec's data; every complaint names file, line and field.

Each section of a spec is read by one function that takes a `Reader` and returns a frozen record,
so the rest of mazo never sees the raw data. The bounds below keep a spec inside what the solvers
and printers are built for; they are generous for any real card game and are stated here once:
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mazo.solver.errors import InputError, SpecError, cut, quoted, shown_number
from mazo.solver.messages import said
from mazo.solver.spec.yamlsource import Sourced, dotted

LANGS = ("es", "en")

# The bounds every number in a spec must respect (the README's "House rules" repeats them).
MAX_POINTS = 100_000  # a card value, a bonus, a penalty, a limit or target of a match
MAX_CARD_VALUE = 1_000  # the points one card counts
MAX_HAND = 30  # cards in a hand
MAX_COPIES = 4  # copies of each card in the deck
MAX_JOKERS = 8  # jokers in the deck
MAX_MELD = 30  # cards in one meld, jokers in a meld or a close
MAX_PLAYERS = 8
MAX_NAME = 80  # characters of a variant's name

MISSING: Any = object()

# A whole number as a user writes one, on the command line, in a batch line or in a sheet:
# ASCII digits and an optional minus; no `1_0`, `+3`, full-width `３` or `1e3`, which Python's
# int() would take and no card table writes.
WHOLE = re.compile(r"-?[0-9]+")


# Seconds as a user writes them: `10`, `0.5` or `.5`.
DECIMAL = re.compile(r"[0-9]*\.?[0-9]+")


def seconds(value: Any, what: str) -> float:
    """A positive number of seconds (text as DECIMAL, or a finite number), at most MAX_POINTS:
    read one way on the command line and in a batch line."""
    import math

    text = value.strip() if isinstance(value, str) else None
    number = float(text) if text is not None and DECIMAL.fullmatch(text) else value
    if isinstance(number, bool) or not isinstance(number, int | float) or not math.isfinite(number):
        number = 0
    if not 0 < number <= MAX_POINTS:
        raise InputError.of("positive_seconds", what=what, most=MAX_POINTS, value=quoted(value))
    return float(number)


# A number out of range is shown whole up to this many characters (twice the digits of any bound,
# so that a number a digit too long never reads as one in range), else cut.
NUMBER_AT_MOST = 24


def whole_number(
    value: Any, what: str, *, minimum: int = -MAX_POINTS, maximum: int = MAX_POINTS
) -> int:
    """The one reader of a whole number a user gives (text or an int), within its bounds (by
    default the ±MAX_POINTS every number of a spec and a sheet respects)."""
    text = value.strip() if isinstance(value, str) else None
    if isinstance(value, bool) or not (isinstance(value, int) or (text and WHOLE.fullmatch(text))):
        raise InputError.of("whole_number", what=what, value=quoted(value))
    # Past a dozen digits a text is out of any bound: never converted, only shown cut.
    number = value if text is None else (int(text) if len(text) <= 12 else None)
    if number is None or not minimum <= number <= maximum:
        shown = (
            cut(text, NUMBER_AT_MOST) if text is not None else shown_number(value, NUMBER_AT_MOST)
        )
        raise InputError.of(
            "out_of_range", what=what, shown=shown, minimum=minimum, maximum=maximum
        )
    return number


def get_path(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        in_list = isinstance(data, list) and type(key) is int and 0 <= key < len(data)
        if not (in_list or (isinstance(data, dict) and key in data)):
            return MISSING
        data = data[key]
    return data


def split_path(path: str) -> tuple[Any, ...]:
    """A dotted path as the data holds it: `closes.cut.max_deadwood`, `melds.0.min_len`."""
    return tuple(int(p) if p.lstrip("-").isdigit() else p for p in str(path).split("."))


def close_matches(word: str, choices, n: int = 1) -> list[str]:
    import difflib  # only on the error path: it is slow to import

    return difflib.get_close_matches(word, [str(c) for c in choices], n=n)


class Reader:
    """Typed access to the spec data at dotted paths."""

    def __init__(self, source: Sourced):
        self.src = source
        self.data = source.data

    def fail(self, path, message) -> SpecError:
        return self.src.error(tuple(path), message)

    def has(self, path) -> bool:
        return get_path(self.data, tuple(path)) is not MISSING

    def get(self, path, default=MISSING):
        value = get_path(self.data, tuple(path))
        if value is MISSING:
            if default is MISSING:
                raise self.fail(path[:-1], said("missing_field", field=dotted(path)))
            return default
        return value

    def mapping(self, path, default=MISSING) -> dict:
        value = self.get(path, default)
        if value is None and default is not MISSING:
            return default
        if not isinstance(value, dict):
            raise self.fail(path, said("expected_mapping"))
        return value

    def sequence(self, path, default=MISSING) -> list:
        value = self.get(path, default)
        if not isinstance(value, list):
            raise self.fail(path, said("expected_list"))
        return value

    def integer(self, path, default=MISSING, *, minimum=None, maximum=None, nullable=False):
        value = self.get(path, default)
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, said("expected_whole", value=repr(value)))
        if minimum is not None and value < minimum:
            raise self.fail(path, said("at_least", minimum=minimum, value=value))
        if maximum is not None and value > maximum:
            raise self.fail(path, said("at_most", maximum=maximum, value=value))
        return value

    def boolean(self, path, default=MISSING) -> bool:
        value = self.get(path, default)
        if not isinstance(value, bool):
            raise self.fail(path, said("expected_flag", value=repr(value)))
        return value

    def word(self, path, default=MISSING, *, choices=None):
        value = self.get(path, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str):
            raise self.fail(path, said("expected_word", value=repr(value)))
        if choices is not None and value not in choices:
            raise self.fail(
                path, said("expected_one_of", choices=", ".join(choices), value=repr(value))
            )
        return value

    def names(self, path, default=None) -> dict[str, str]:
        """Text in both languages; one plain string serves both."""
        value = self.get(path, MISSING if default is None else default)
        if isinstance(value, str):
            return dict.fromkeys(LANGS, value)
        if not isinstance(value, dict) or any(
            not isinstance(value.get(lang), str) for lang in LANGS
        ):
            raise self.fail(path, said("expected_names"))
        if self.has(path):
            self.known_keys(path, LANGS)
        return {lang: value[lang] for lang in LANGS}

    def known_keys(self, path, allowed):
        for key in self.mapping(path):
            if key not in allowed:
                near = close_matches(str(key), allowed, n=1)
                hint = said("did_you_mean", near=repr(near[0])) if near else ""
                raise self.fail((*path, key), said("unknown_field", field=repr(key), hint=hint))

    def fields(
        self, path, table: dict[str, FieldReader], *, extra=(), optional=False
    ) -> dict[str, Any]:
        """A section read by its table of field → reader, in the table's order: each field is
        named once, and a field the table does not name (nor `extra`) is an error. An
        `optional` section may be left out: every field takes its default."""
        if not optional or self.has(path):
            self.known_keys(path, [*table, *extra])
        return {key: read(self, (*path, key)) for key, read in table.items()}


# How one field is read: the reader and the field's path give its value, or an error.
FieldReader = Callable[[Reader, tuple[Any, ...]], Any]


def whole_field(default=MISSING, *, minimum=None, maximum=None, nullable=False) -> FieldReader:
    return lambda r, path: r.integer(
        path, default, minimum=minimum, maximum=maximum, nullable=nullable
    )


def flag_field(default=MISSING) -> FieldReader:
    return lambda r, path: r.boolean(path, default)


def word_field(default=MISSING, *, choices=None) -> FieldReader:
    return lambda r, path: r.word(path, default, choices=choices)


def text_field(default=None) -> FieldReader:
    return lambda r, path: r.names(path, default)
