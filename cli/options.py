"""Command-line options several commands share: the rules file, house rules and JSON output."""

from __future__ import annotations

from typing import Annotated, overload

import typer
from mazo.solver.errors import OptionError, quoted
from mazo.solver.spec.read import LANGS

RulesFile = Annotated[str | None, typer.Option("--rules", help="A rules file (YAML).")]
Variants = Annotated[
    list[str] | None, typer.Option("--variant", help="A house rule, KEY=VALUE (repeatable).")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def parse_variants(items: list[str] | None) -> dict[str, str]:
    """`--variant KEY=VALUE` pairs as a mapping; a malformed pair is a usage error."""
    found: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"--variant takes KEY=VALUE, got {quoted(item)}")
        found[key.strip().replace("-", "_")] = value.strip()
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
