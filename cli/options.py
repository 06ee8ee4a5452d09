"""Command-line options several commands share: the rules file, house rules and JSON output."""

from __future__ import annotations

from typing import Annotated, Any, overload

import typer
from mazo.solver.errors import OptionError, quoted
from mazo.solver.spec.read import LANGS, MAX_POINTS, seconds, whole_number
from typer._click.types import ParamType

RulesFile = Annotated[str | None, typer.Option("--rules", help="A rules file (YAML).")]
Variants = Annotated[
    list[str] | None, typer.Option("--variant", help="A house rule, KEY=VALUE (repeatable).")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


class Seconds(ParamType):
    """A number of seconds, read as a batch line's are (`seconds`)."""

    name = "float"

    def convert(self, value: Any, param: Any, ctx: Any) -> float:
        flag = param.opts[0] if param is not None and param.opts else "the time"
        return seconds(value, flag)


class WholeNumber(ParamType):
    """A whole-number option, read as every number a user gives is read (`whole_number`):
    `1_0`, `+3` and `３`, which Python's int() takes, are refused as a sheet refuses them."""

    name = "integer"

    def __init__(self, minimum: int = -MAX_POINTS, maximum: int = MAX_POINTS):
        self.minimum, self.maximum = minimum, maximum

    def convert(self, value: Any, param: Any, ctx: Any) -> int:
        flag = param.opts[0] if param is not None and param.opts else "the number"
        return whole_number(value, flag, minimum=self.minimum, maximum=self.maximum)


def parse_variants(items: list[str] | None) -> dict[str, str]:
    """`--variant KEY=VALUE` pairs as a mapping; a malformed pair, or an option given twice
    (which of the two would be meant?), is a usage error."""
    found: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"--variant takes KEY=VALUE, got {quoted(item)}")
        name = key.strip().replace("-", "_")
        if name in found:
            raise OptionError(
                f"--variant {name} is given twice ({quoted(found[name])} and "
                f"{quoted(value.strip())}): give it once"
            )
        found[name] = value.strip()
    return found


@overload
def read_lang(lang: str) -> str: ...
@overload
def read_lang(lang: None) -> None: ...
def read_lang(lang: str | None) -> str | None:
    """`--lang` read as cards are, in any case; None (the command's default) stays None."""
    if lang is None:
        return None
    found = lang.strip().lower()
    if found not in LANGS:
        raise OptionError(f"--lang takes {' or '.join(LANGS)}, got {quoted(lang)}")
    return found
