"""Command-line options several commands share: the rules file, house rules, JSON output and
the language of what a command prints."""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Annotated, Any

import typer
from mazo import complete
from mazo.solver.cards import split_tokens
from mazo.solver.errors import MazoError, OptionError, quoted
from mazo.solver.messages import either
from mazo.solver.spec.reader import LANGS, MAX_POINTS, seconds, whole_number
from typer._click.types import ParamType

if TYPE_CHECKING:
    from mazo.solver.spec.rulespec import RuleSpec

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


def chosen_paper(paper: str) -> str:
    """A --paper value, read in any case as words are: a4 or letter."""
    from mazo.templates.page import PAPERS

    paper = paper.lower()
    if paper not in PAPERS:
        raise OptionError.of("flag_takes", flag="--paper", values=either(PAPERS), value=repr(paper))
    return paper


# The locale's variables, as POSIX ranks them for messages: the first one set is the locale.
# The largest seed the commands that deal take (`simulate`, `play`): the twelve digits a number
# option reads.
MOST_SEED = 999_999_999_999
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


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


def with_options(
    command: Callable[..., None], options: Sequence[inspect.Parameter], after: str = "variant"
) -> Callable[..., None]:
    """The command with `options` after the parameter `after`, as Typer reads it: from the
    signature, into its `**keywords`."""
    params = [
        p
        for p in inspect.signature(command, eval_str=True).parameters.values()
        if p.kind is not p.VAR_KEYWORD
    ]
    at = [p.name for p in params].index(after) + 1
    command.__signature__ = inspect.Signature([*params[:at], *options, *params[at:]])  # type: ignore[attr-defined]
    return command


def with_line_variants(command: dict[str, Any], line: dict[str, Any]) -> dict[str, Any]:
    """A batch line's house rules beside the command line's: one rule given in both is an
    error, as an option given twice is, never a silent choice."""
    both = sorted(set(command) & set(line))
    if both:
        raise OptionError.of("rule_twice", name=both[0])
    return {**command, **line}


def parse_variants(items: list[str] | None) -> dict[str, str]:
    """`--variant KEY=VALUE` pairs as a mapping; a malformed pair, or an option given twice
    (which of the two would be meant?), is a usage error."""
    found: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError.of("variant_pair", item=quoted(item))
        name = key.strip().replace("-", "_")
        if name in found:
            raise OptionError.of(
                "variant_twice", name=name, first=quoted(found[name]), second=quoted(value.strip())
            )
        found[name] = value.strip()
    return found


def one_card(flag: str, value: str | None) -> str | None:
    """A flag's card (`--pozo-top 4o`), refused empty or as several cards: else the card
    parser would call "4o 5o" one unknown card."""
    if value is None:
        return None
    cards = split_tokens(value)
    if not cards:
        raise OptionError.of("flag_empty", flag=flag)
    if len(cards) > 1:
        raise OptionError.of("flag_one_card", flag=flag, value=quoted(value))
    return value


def choose_lang(lang: str | None, spec: RuleSpec) -> str:
    """The language a command speaks: `--lang`, else MAZO_LANG, else the locale's when it is
    Spanish or English (es_UY.UTF-8, en_US), else the game's own (its spec's `lang`). Its
    errors from then on speak it too (`errors_lang`)."""
    spoken = asked_lang(lang) or spec.lang
    chosen[:] = [spoken]
    return spoken


def asked_lang(lang: str | None) -> str | None:
    """The language the user asked for: `--lang`, else MAZO_LANG, else the locale's when it is
    Spanish or English; None when none of them says."""
    if lang is not None:
        return _read_lang(lang, "--lang")
    if every_command:
        return every_command[-1]
    if os.environ.get("MAZO_LANG"):
        return _read_lang(os.environ["MAZO_LANG"], "MAZO_LANG")
    return _locale_lang()


def _locale_lang() -> str | None:
    locale = next((os.environ[v] for v in LOCALE_VARIABLES if os.environ.get(v)), "")
    # A locale's language is what comes before its territory, codeset or modifier.
    spoken = re.split(r"[_.@-]", locale.lower(), maxsplit=1)[0]
    return spoken if spoken in LANGS else None


# The language `mazo --lang L COMMAND` asks of whatever command follows (its own --lang first).
every_command: list[str] = []


def ask_every_command(lang: str | None) -> None:
    if lang is not None:
        every_command[:] = [_read_lang(lang, "--lang")]


# The language the running command chose for its views, once it has (`choose_lang`).
chosen: list[str] = []


def errors_lang(argv: list[str]) -> str:
    """The language of help and of an error: the command's, once it has chosen one; before,
    the rule as far as the command line tells it (`--lang`, MAZO_LANG, the locale, the language
    of the game named), else English. A language that cannot be read is passed over: the error
    may be about it."""
    if chosen:
        return chosen[-1]
    words = argv[: argv.index("--") if "--" in argv else None]
    # The command's own --lang, else the one before the command (`mazo --lang es solve …`).
    at = _command_at(words)
    flags = _lang_flags(words[at:]) or _lang_flags(words[:at])[-1:]
    # --lang given twice is itself the error: neither of the two is the language asked for.
    for ask in (*flags[: len(flags) == 1], None):
        try:
            spoken = asked_lang(ask)
        except OptionError:
            continue
        if spoken:
            return spoken
        break
    else:  # every language asked is unreadable (MAZO_LANG=xx): the locale still says one
        spoken = _locale_lang()
        if spoken:
            return spoken
    return _named_games_lang(words[at:]) or "en"


# The commands whose first argument is a game: named there, its language is the one its views
# would speak when nothing else chooses one.
GAME_COMMANDS = frozenset(
    {"solve", "score", "match", "advise", "odds", "rulebook", "puzzles", "simulate", "play"}
)


def _named_games_lang(words: list[str]) -> str | None:
    if len(words) < 2 or words[0] not in GAME_COMMANDS or words[1].startswith("-"):
        return None
    # Through the cache the command reads its rules from: a game played by its built-in rules
    # is built once per call, not once for its language and again for its answer.
    from mazo.solver.api import rules_for

    try:
        return rules_for(words[1]).lang
    except MazoError:  # not a game: the error may be about it
        return None


def _lang_flags(words: list[str]) -> list[str]:
    flags = [w.partition("=")[2] for w in words if w.startswith("--lang=")]
    return flags + [after for w, after in pairwise(words) if w == "--lang"]


def _command_at(words: list[str]) -> int:
    """Where the command's name is, past the options before it."""
    at = 0
    while at < len(words) and words[at].startswith("-"):
        at += 2 if words[at] == "--lang" else 1
    return at


def _read_lang(lang: str, where: str) -> str:
    """A language read as cards are, in any case."""
    found = lang.strip().lower()
    if found not in LANGS:
        raise OptionError.of("lang_takes", where=where, langs=either(LANGS), value=quoted(lang))
    return found
