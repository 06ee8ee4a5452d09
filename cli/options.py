"""Command-line options several commands share: the rules file, house rules, JSON output and
the language of what a command prints."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Annotated

import typer
from mazo import complete
from mazo.solver.errors import OptionError, quoted
from mazo.solver.spec.read import LANGS

if TYPE_CHECKING:
    from mazo.solver.spec.load import RuleSpec

Game = Annotated[
    str,
    typer.Argument(help="Game name or alias (see `mazo games`).", autocompletion=complete.games),
]
RulesFile = Annotated[str | None, typer.Option("--rules", help="A rules file (YAML).")]
Variants = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        help="A house rule, KEY=VALUE (repeatable).",
        autocompletion=complete.variants,
    ),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="es or en (default: MAZO_LANG, else the locale, else the game's language).",
        show_default=False,
        autocompletion=complete.choices(*LANGS),
    ),
]

# The locale's variables, as POSIX ranks them for messages: the first one set is the locale.
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def parse_variants(items: list[str] | None) -> dict[str, str]:
    """`--variant KEY=VALUE` pairs as a mapping; a malformed pair is a usage error."""
    found: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"--variant takes KEY=VALUE, got {quoted(item)}")
        found[key.strip().replace("-", "_")] = value.strip()
    return found


def choose_lang(lang: str | None, spec: RuleSpec) -> str:
    """The language a command speaks: `--lang`, else MAZO_LANG, else the locale's when it is
    Spanish or English (es_UY.UTF-8, en_US), else the game's own (its spec's `lang`)."""
    if lang is not None:
        return _read_lang(lang, "--lang")
    if os.environ.get("MAZO_LANG"):
        return _read_lang(os.environ["MAZO_LANG"], "MAZO_LANG")
    locale = next((os.environ[v] for v in LOCALE_VARIABLES if os.environ.get(v)), "")
    # A locale's language is what comes before its territory, codeset or modifier.
    spoken = re.split(r"[_.@-]", locale.lower(), maxsplit=1)[0]
    return spoken if spoken in LANGS else spec.lang


def _read_lang(lang: str, where: str) -> str:
    """A language read as cards are, in any case."""
    found = lang.strip().lower()
    if found not in LANGS:
        raise OptionError(f"{where} takes {' or '.join(LANGS)}, got {quoted(lang)}")
    return found
