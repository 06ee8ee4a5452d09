"""A spec's named house rules (`options:`): what values each takes, its default, and where it
writes into the rule data."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.errors import InputError, OptionError, quoted
from mazo.solver.messages import Said, said
from mazo.solver.spec.reader import (
    LANGS,
    MAX_POINTS,
    Reader,
    close_matches,
    split_path,
    text_field,
    whole_field,
    whole_number,
)
from mazo.solver.words import word

KINDS = ("int", "bool", "word")


@dataclass(frozen=True, slots=True)
class Option:
    """A named house rule: its allowed values, default and where it writes into the rules."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None
    kind: str
    minimum: int | None
    maximum: int | None
    path: tuple[Any, ...] | None
    sets: dict[Any, dict[str, Any]] | None = field(compare=False)
    description: dict[str, str] = field(compare=False)
    # The rule at a value in a player's words: a text per value, and (key None) one with
    # {value} for the values without their own.
    says: dict[Any, dict[str, str]] | None = field(default=None, compare=False)

    def said(self, value: Any, lang: str) -> str:
        """The rule at this value as a page says it ("se corta con 3 puntos"); without words
        for it in the spec, as a rules file writes it (`cut_threshold=3`)."""
        if self.says is None:
            return f"{self.name}={show(value)}"
        if value in self.says:
            return self.says[value][lang]
        return self.says[None][lang].format(value=show(value))

    def coerce(self, value: Any) -> Any:
        """Turn a value from the command line or a file into the option's type, or refuse it."""
        result = self._convert(value)
        # An int option whose default is "none" takes none.
        refused = result is None and not (
            self.kind == "int" and value is None and self.default is None
        )
        if refused or not self._fits(result):
            raise OptionError.of(
                "option_value", name=repr(self.name), value=quoted(value), allowed=self.allowed
            )
        return result

    def _convert(self, value: Any) -> Any:
        if self.kind == "bool":
            return _as_bool(value)
        if self.kind == "int":
            return _as_int(value)
        result = value if not isinstance(value, bool) else str(value).lower()
        return str(result) if result is not None else None

    def _fits(self, result: Any) -> bool:
        if self.choices is not None and result not in self.choices:
            return False
        if self.kind != "int" or result is None:
            return True
        return (self.minimum is None or result >= self.minimum) and (
            self.maximum is None or result <= self.maximum
        )

    def allowed(self, lang: str = "en") -> str:
        """The values the option takes, in words (errors say them in English)."""
        if self.choices is not None:
            return word(ALLOWED, lang, "one_of", values=", ".join(show(c) for c in self.choices))
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            span = f"{lo}..{hi}".rstrip(". ") if (lo or hi) else ""
            return word(ALLOWED, lang, "whole_number", span=span).rstrip()
        return word(ALLOWED, lang, "true_or_false" if self.kind == "bool" else "a_word")


# The values an option takes, said in each language.
ALLOWED = {
    "en": {
        "one_of": "one of {values}",
        "whole_number": "a whole number {span}",
        "true_or_false": "true or false",
        "a_word": "a word",
    },
    "es": {
        "one_of": "uno de {values}",
        "whole_number": "un número entero {span}",
        "true_or_false": "true o false",
        "a_word": "una palabra",
    },
}


def show(value: Any) -> str:
    """An option's value as a user writes it: `true`, not `True`."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1", "si", "sí"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    return None


def _as_int(value: Any) -> int | None:
    try:
        return whole_number(value, "")
    except InputError:
        return None


def unknown_option(game: str, name: str, known: list[str]) -> Said:
    """The message for an option the game does not have."""
    near = close_matches(name, known, n=1)
    return said(
        "unknown_option",
        option=quoted(name),
        game=game,
        hint=said("did_you_mean", near=repr(near[0])) if near else "",
        options=", ".join(known) or said("none"),
    )


def find_option(options: tuple[Option, ...], name: str) -> Option | None:
    return next((o for o in options if o.name == name), None)


# --- reading an option ---------------------------------------------------------------------------


def _choices(r: Reader, path) -> Any:
    choices = r.get(path, None)
    if choices is not None and (
        not isinstance(choices, list)
        or any(isinstance(c, dict | list) for c in choices)
        or len({(type(c), c) for c in choices}) != len(choices)
    ):
        raise r.fail(path, said("expected_choices"))
    return choices


def _default(r: Reader, path) -> Any:
    default = r.get(path)
    if isinstance(default, dict | list):
        raise r.fail(path, said("expected_value"))
    return default


def _sets(r: Reader, path) -> Any:
    sets = r.get(path, None)
    # The option writes through `path` or `sets`: checked here, before either is read.
    if (r.get((*path[:-1], "path"), None) is None) == (sets is None):
        raise r.fail(path[:-1], said("path_or_sets"))
    if sets is not None and (
        not isinstance(sets, dict)
        or any(
            not isinstance(fields, dict) or any(not isinstance(f, str) for f in fields)
            for fields in sets.values()
        )
    ):
        raise r.fail(path, said("expected_sets"))
    return sets


def _target(r: Reader, path) -> tuple[Any, ...] | None:
    target = r.get(path, None)
    if target is not None and not isinstance(target, str):
        raise r.fail(path, said("expected_path"))
    return split_path(target) if target is not None else None


OPTION_FIELDS = {
    "type": lambda r, path: r.word(path, None, choices=KINDS),
    "choices": _choices,
    "default": _default,
    "sets": _sets,
    "path": _target,
    "min": whole_field(None, minimum=-MAX_POINTS, maximum=MAX_POINTS, nullable=True),
    "max": whole_field(None, minimum=-MAX_POINTS, maximum=MAX_POINTS, nullable=True),
    "description": text_field(),
    "says": lambda r, path: r.get(path, None),
}


def _kind(choices: list[Any] | None, default: Any) -> str:
    """An option's type when the spec does not say: that of its values."""
    sample = [*(choices or []), default]
    if all(isinstance(v, bool) for v in sample):
        return "bool"
    if all((isinstance(v, int) and not isinstance(v, bool)) or v is None for v in sample):
        return "int"
    return "word"


def read_option(r: Reader, name: Any) -> Option:
    path = ("options", name)
    values = r.fields(path, OPTION_FIELDS)
    choices, sets = values["choices"], values["sets"]
    option = Option(
        name=str(name),
        default=None,
        choices=tuple(choices) if choices else None,
        kind=values["type"] or _kind(choices, values["default"]),
        minimum=values["min"],
        maximum=values["max"],
        path=values["path"],
        sets=sets,
        description=values["description"],
    )
    try:
        default = option.coerce(values["default"])
        for value in sets or {}:
            option.coerce(value)
    except OptionError as exc:
        raise r.fail(path, exc.said_in) from None
    if sets is not None and choices is not None and set(choices) - set(sets):
        missing = ", ".join(show(c) for c in choices if c not in sets)
        raise r.fail((*path, "sets"), said("no_settings", values=missing))
    says = _says(r, (*path, "says"), option)
    return dataclasses.replace(option, default=default, says=says)


def _says(r: Reader, path: tuple[Any, ...], option: Option) -> dict[Any, dict[str, str]] | None:
    """An option's words: text in both languages with {value} (`es:`, `en:`), and a text of
    its own for a value that reads otherwise (`0: {es: ..., en: ...}`, the singular at 1);
    without the first, a text for every value the option takes."""
    says = r.get(path, None)
    if says is None:
        return None
    if not isinstance(says, dict):
        raise r.fail(path, said("expected_says"))
    template = {}
    if set(LANGS) & set(says):
        if any(not isinstance(says.get(lang), str) for lang in LANGS):
            raise r.fail(path, said("expected_names"))
        template = {None: {lang: says[lang] for lang in LANGS}}
    try:
        given = {option.coerce(key): key for key in says if key not in LANGS}
    except OptionError as exc:
        raise r.fail(path, exc.said_in) from None
    values = option.choices if option.choices is not None else (False, True)
    missing = [show(v) for v in values if v not in given]
    if not template and missing:
        raise r.fail(path, said("no_words", values=", ".join(missing)))
    return {**template, **{value: r.names((*path, key)) for value, key in given.items()}}


def writes(option: Option, value: Any) -> list[tuple[tuple[Any, ...], Any]]:
    """The fields of the rule data the option writes, at this value, and what it writes."""
    if option.path is not None:
        return [(option.path, value)]
    settings = option.sets.get(value, {}) if option.sets else {}
    return [(split_path(p), v) for p, v in settings.items()]
