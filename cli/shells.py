"""Shell completion's scripts: `mazo --show-completion [SHELL]` prints one, `mazo
--install-completion [SHELL]` puts it where that shell reads it as it starts. Without a shell
named, the shell mazo runs in; a shell mazo has no script for is refused in one line.

The candidates themselves come from complete.py, through one class per shell that reads the
line as that shell's script sends it. A request whose variables are not what the script sends
(missing, or a word where a number goes: typed by hand) gets nothing and exit 1: a traceback
would land in the line being typed.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

import typer
from mazo.solver.errors import MazoError, OptionError
from mazo.solver.messages import MESSAGES
from mazo.solver.words import series
from typer._click.shell_completion import ShellComplete, add_completion_class, split_arg_string
from typer._completion_classes import (
    BashComplete,
    FishComplete,
    PowerShellComplete,
    ZshComplete,
)
from typer.core import TyperCommand

PROG = "mazo"
VARIABLE = "_MAZO_COMPLETE"
INSTALL, SHOW = "--install-completion", "--show-completion"


class _Bash(BashComplete):
    def get_completion_args(self) -> tuple[list[str], str]:
        at = os.environ.get("COMP_CWORD", "")
        if "COMP_WORDS" not in os.environ or not (at.isascii() and at.isdigit()):
            sys.exit(1)
        return super().get_completion_args()


class _Tcsh(ShellComplete):
    """tcsh runs the command in a `complete` rule's backquotes with the line typed so far in
    COMMAND_LINE, and keeps the words that begin as the one being completed does."""

    name = "tcsh"
    source_template = (
        "complete %(prog_name)s 'p@*@`env %(complete_var)s=complete_tcsh %(prog_name)s`@'"
    )

    def source_vars(self) -> dict[str, Any]:
        return {"prog_name": self.prog_name, "complete_var": self.complete_var}

    def get_completion_args(self) -> tuple[list[str], str]:
        line = os.environ.get("COMMAND_LINE")
        if line is None:
            sys.exit(1)
        words = split_arg_string(line)
        incomplete = words.pop() if len(words) > 1 and not line[-1].isspace() else ""
        return words[1:], incomplete

    def format_completion(self, item: Any) -> str:
        return str(item.value)


CLASSES: dict[str, type[ShellComplete]] = {
    "bash": _Bash,
    "zsh": ZshComplete,
    "fish": FishComplete,
    "tcsh": _Tcsh,
    "powershell": PowerShellComplete,
    "pwsh": PowerShellComplete,
}
SHELLS = tuple(CLASSES)


def register() -> None:
    """The classes click's completion protocol finds by the shell's name (`complete_tcsh`)."""
    for name, cls in CLASSES.items():
        add_completion_class(cls, name)


def script(shell: str) -> str:
    # The script names the program and its variable; the commands are asked for only later,
    # when the shell runs it.
    cls = CLASSES[shell]
    return cls(TyperCommand(PROG), {}, PROG, VARIABLE).source().strip()


def shell_named(flag: str) -> str:
    """The shell after `flag` on the command line, else the one mazo runs in; OptionError for
    a shell without a script, or none to be found."""
    words = sys.argv[1:]
    after = words[words.index(flag) + 1 :] if flag in words else []
    named = after[0].lower() if after and not after[0].startswith("-") else None
    if named is None:
        named = _running()
        if named is None:
            raise OptionError.of("shell_unknown", flag=flag, shells=_listed)
    if named not in CLASSES:
        raise OptionError.of("flag_takes", flag=flag, values=_listed, value=repr(named))
    return named


def _listed(lang: str) -> str:
    """The shells named in `lang`: "bash, zsh, … or pwsh"."""
    return series(SHELLS, MESSAGES[lang]["or"])


def _running() -> str | None:
    from typer._completion_shared import _get_shell_name  # shellingham's guess, or None

    return _get_shell_name()


def show(ctx: typer.Context, _: Any, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    typer.echo(script(shell_named(SHOW)))
    raise typer.Exit()


def install(ctx: typer.Context, _: Any, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    shell = shell_named(INSTALL)
    if shell in ("powershell", "pwsh"):  # its profile's place is the shell's to say
        from typer._completion_shared import install as typer_install

        _, where = typer_install(shell=shell, prog_name=PROG, complete_var=VARIABLE)
    else:
        where = _install(shell, Path.home())
    typer.echo(f"{shell} completion installed in {where}")
    typer.echo("Completion will take effect once you restart the terminal")
    raise typer.Exit()


def _install(shell: str, home: Path) -> Path:
    """The script in its file and a line that reads it in the shell's start-up file, written
    together or not at all."""
    from mazo.solver.files import Output, write_all

    places = {
        "bash": (home / ".bash_completions" / f"{PROG}.sh", home / ".bashrc"),
        "zsh": (home / ".zfunc" / f"_{PROG}", home / ".zshrc"),
        "fish": (home / ".config" / "fish" / "completions" / f"{PROG}.fish", None),
        "tcsh": (home / ".tcsh_completions" / f"{PROG}.tcsh", _tcshrc(home)),
    }
    where, start_up = places[shell]
    lines = {
        "bash": f"source '{where}'",
        "zsh": "fpath+=~/.zfunc; autoload -Uz compinit; compinit",
        "tcsh": f"source '{where}'",
    }
    outputs = [Output(where, lambda path: path.write_text(script(shell) + "\n"), True)]
    try:
        if start_up is not None:
            had = start_up.read_bytes() if start_up.is_file() else b""
            line = lines[shell].encode()
            if line not in had.splitlines():
                ending = b"" if had.endswith(b"\n") or not had else b"\n"
                added = had + ending + line + b"\n"
                outputs.append(Output(start_up, _keeping_mode(start_up, added)))
        where.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        place = error.filename or where
        raise MazoError.of("shell_install", place=place, why=error.strerror) from None
    write_all(outputs)
    return where


def _tcshrc(home: Path) -> Path:
    """tcsh reads ~/.tcshrc, or ~/.cshrc when there is none: a new .tcshrc would hide it."""
    tcshrc, cshrc = home / ".tcshrc", home / ".cshrc"
    return cshrc if cshrc.exists() and not tcshrc.exists() else tcshrc


def _keeping_mode(path: Path, data: bytes) -> Any:
    """Write `data` (the start-up file as it was, in whatever encoding, and the line added),
    with the permissions the file had: a start-up file may be private."""

    def write(into: Path) -> None:
        into.write_bytes(data)
        if path.exists():
            os.chmod(into, stat.S_IMODE(path.stat().st_mode))

    return write
