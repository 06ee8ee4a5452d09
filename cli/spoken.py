"""Help and usage errors in the language the command line speaks (`options.errors_lang`): the
Spanish texts of every command and option (views/help_words.py) put in place of the English
ones Typer was given, and click's usage errors said from mazo's catalogue."""

from __future__ import annotations

import re
import types
from typing import Any

from mazo.solver.messages import said

# Click's usage errors as it writes them, each with the message that says it (solver/messages.py):
# patterns, compiled (and cached by re) only when an error is said, not at every start.
_USAGE = (
    (r"Missing argument (?P<name>.+)\.$", "missing_argument"),
    (
        r"No such option: (?P<name>\S+)(?: \(Possible options: (?P<options>.*)\))?$",
        "no_such_option",
    ),
    (r"Option (?P<name>.+) requires an argument\.$", "needs_value"),
    (
        r"No such command (?P<name>.+?)\.(?: Did you mean (?P<near>.+)\?)?$",
        "no_such_command",
    ),
    (r"Missing command\.$", "missing_command"),
    (r"Got unexpected extra argument\(s\) \((?P<given>.*)\)$", "extra_arguments"),
)
_EXTRA = {"options": "possible_options", "near": "did_you_mean_command"}


def usage_error(message: str, lang: str) -> str:
    """A usage error of click's in `lang` (as written when it is not one of those known)."""
    for pattern, key in _USAGE:
        found = re.match(pattern, message)
        if lang != "en" and found:
            fields = found.groupdict()
            tail = "".join(
                said(_EXTRA[name], **{name: value})(lang)
                for name, value in fields.items()
                if name in _EXTRA and value
            )
            main = {k: v for k, v in fields.items() if k not in _EXTRA}
            return said(key, **main)(lang) + tail
    return message


def in_spanish(command: Any) -> None:
    """Give the command (the whole tree under `mazo`) its Spanish help."""
    from mazo.views.help_words import ES, LABELS

    def texts(command: Any, path: str) -> None:
        from typer._click import Context

        command.help = ES[path]
        command.short_help = None
        for param in [*command.params, command.get_help_option(Context(command))]:
            if param is None:
                continue
            key = f"{path} {help_key(param)}".strip()
            found = ES.get(key) or ES.get(f"* {help_key(param)}")
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
