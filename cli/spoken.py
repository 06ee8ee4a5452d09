"""Help and usage errors in the language the command line speaks (`options.errors_lang`): the
Spanish texts of every command and option (views/help_words.py, and the texts a command composes
from each mechanism's words) put in place of the English ones Typer was given, and click's usage
errors said from mazo's catalogue."""

from __future__ import annotations

import re
import types
from collections.abc import Callable
from typing import Any

from mazo.solver.messages import said
from typer._click.types import StringParamType

# Click's usage errors as it writes them, each with the message that says it (solver/messages.py),
# in English too: lower case, no final period, names unquoted as mazo's own errors write them.
# Patterns, compiled (and cached by re) only when an error is said, not at every start.
_USAGE = (
    (r"Missing argument '?(?P<name>.+?)'?\.$", "missing_argument"),
    (
        r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<options>.*)\))?$",
        "no_such_option",
    ),
    (r"Option '?(?P<name>.+?)'? requires an argument\.$", "needs_value"),
    (r"Option '?(?P<name>.+?)'? does not take a value\.$", "takes_no_value"),
    (
        r"No such command (?P<name>.+?)\.(?: Did you mean (?P<near>.+)\?)?$",
        "no_such_command",
    ),
    (r"Missing command\.$", "missing_command"),
    (r"Got unexpected extra argument\S* \((?P<given>.*)\)$", "extra_arguments"),
)
_EXTRA = {"options": "possible_options", "near": "did_you_mean_command"}

# The help texts a command composes in any language (from what each mechanism says of its
# options and games), by the catalogue's key: `composed` records them.
COMPOSED: dict[str, Callable[[str], str]] = {}


def composed(key: str, text: Callable[[str], str]) -> str:
    """A help text composed in any language by `text`: its English, for Typer, now; its
    Spanish when the help speaks Spanish."""
    COMPOSED[key] = text
    return text("en")


def spanish(key: str) -> str | None:
    """The Spanish help text `key`: composed by its command, or the catalogue's."""
    from mazo.views.help_words import ES

    return COMPOSED[key]("es") if key in COMPOSED else ES.get(key)


def usage_error(message: str, lang: str) -> str:
    """A usage error of click's in `lang` (as written when it is not one of those known)."""
    for pattern, key in _USAGE:
        found = re.match(pattern, message)
        if found:
            fields = found.groupdict()
            tail = "".join(
                said(_EXTRA[name], **{name: value})(lang)
                for name, value in fields.items()
                if name in _EXTRA and value
            )
            main = {k: v for k, v in fields.items() if k not in _EXTRA}
            if key == "missing_argument":
                main["name"] = _argument_named(main["name"], lang)
            return said(key, **main)(lang) + tail
    return message


def _argument_named(name: str, lang: str) -> str:
    """An argument's name in `lang`, whichever language the help that named it spoke: the
    JSON error says GAME when the line on stderr says JUEGO."""
    from mazo.views.help_words import METAVARS

    for english, spanish in METAVARS.values():
        if name in (english, spanish):
            return spanish if lang == "es" else english
    return name


class _Named(StringParamType):
    """An argument's text, shown by its name alone: no `<str>` beside it in the help."""

    def get_metavar(self, param: Any, ctx: Any) -> str:
        return ""


def name_values(command: Any, lang: str) -> None:
    """Name the values of every command and option under `command` in `lang`: an argument in
    capitals, bare in the usage line when it is required (`GAME [CARDS]...`), and the same in
    its errors; an option by what it takes (`<file>`, `a4|letter`), never Typer's `<str>`."""
    from mazo.views.help_words import LABELS, METAVARS

    def walk(command: Any, path: str) -> None:
        if lang == "es":
            command.options_metavar = LABELS["options_metavar"]
            if hasattr(command, "subcommand_metavar"):
                command.subcommand_metavar = LABELS["subcommand_metavar"]
        for param in command.params:
            if getattr(param, "is_flag", False):
                continue
            key = help_key(param)
            english, spanish = METAVARS.get(f"{path} {key}".strip()) or METAVARS[f"* {key}"]
            param.metavar = spanish if lang == "es" else english
            if param.param_type_name == "argument":
                param.type = _Named()
                param.make_metavar = types.MethodType(_argument_metavar, param)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(command, "")


def _argument_metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
    """An argument's name, in the usage line between brackets when it may be left out."""
    if not usage:
        return str(self.metavar)
    name = self.metavar if self.required else f"[{self.metavar}]"
    return f"{name}..." if self.nargs != 1 else str(name)


def flowed(command: Any) -> None:
    """Every help text under `command` as paragraphs the terminal fills: a docstring's line
    breaks are not the terminal's, and a code mark (`) means nothing there."""

    def flow(text: str | None) -> str | None:
        if not text:
            return text
        return "\n\n".join(" ".join(p.split()) for p in text.replace("`", "").split("\n\n"))

    command.help = flow(command.help)
    for param in command.params:
        if getattr(param, "help", None):
            param.help = flow(param.help)
    for sub in getattr(command, "commands", {}).values():
        flowed(sub)


def in_spanish(command: Any) -> None:
    """Give the command (the whole tree under `mazo`) its Spanish help."""
    from mazo.views.help_words import ES, LABELS

    def texts(command: Any, path: str) -> None:
        from typer._click import Context

        command.help = spanish(path)
        command.short_help = None
        for param in [*command.params, command.get_help_option(Context(command))]:
            if param is None:
                continue
            key = f"{path} {help_key(param)}".strip()
            found = spanish(key) or ES.get(f"* {help_key(param)}")
            param.help = LABELS["help"] if param.name == "help" else found
        _speak_labels(command, LABELS)
        for name, sub in getattr(command, "commands", {}).items():
            texts(sub, f"{path} {name}".strip())

    texts(command, "")


def help_key(param: Any) -> str:
    """A parameter's name in the help catalogue: its own, or its flag's when it has none
    (`mazo`'s own options, whose values no function reads)."""
    if param.name and not param.name.startswith("_"):
        return str(param.name)
    return str(param.opts[0]).lstrip("-").replace("-", "_")


def _speak_labels(command: Any, labels: dict[str, str]) -> None:
    """The words Typer and click write around the texts (Usage, Options, [default: …]), set
    when the help is drawn: rich and Typer's help module load only then."""
    format_help, format_usage = command.format_help, command.format_usage

    def help_in_spanish(self: Any, ctx: Any, formatter: Any) -> None:
        from typer import rich_utils

        spanish = {
            "ARGUMENTS_PANEL_TITLE": labels["arguments"],
            "OPTIONS_PANEL_TITLE": labels["options"],
            "COMMANDS_PANEL_TITLE": labels["commands"],
            "DEFAULT_STRING": labels["default"],
            "REQUIRED_LONG_STRING": labels["required"],
        }
        english = {name: getattr(rich_utils, name) for name in spanish}
        vars(rich_utils).update(spanish)
        try:
            format_help(ctx, formatter)
        finally:  # the next help, in the same process, may be English
            vars(rich_utils).update(english)

    def usage_in_spanish(self: Any, ctx: Any, formatter: Any) -> None:
        write_usage = formatter.write_usage
        formatter.write_usage = lambda prog, args="", prefix=None: write_usage(
            prog, args, labels["usage"]
        )
        format_usage(ctx, formatter)

    command.format_help = types.MethodType(help_in_spanish, command)
    command.format_usage = types.MethodType(usage_in_spanish, command)
