"""The `mazo` command: a thin Typer layer over the library, with one error boundary."""

from __future__ import annotations

import contextlib
import errno
import gc
import io
import os
import sys
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer
from mazo import shells, spoken
from mazo.options import ask_every_command, chosen, errors_lang, every_command
from mazo.solver.errors import (
    CacheWarning,
    MazoError,
    OptionError,
    SaidWarning,
    SlowPathWarning,
    cut,
)
from mazo.solver.stopping import Stop

app = typer.Typer(
    name="mazo",
    help="Solve rummy hands, print rulebooks and worksheets for Conga, Conquián, Canasta "
    "Uruguaya, Chinchón and Gin Rummy.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    # mazo's own --install-completion and --show-completion (shells.py): Typer's install bash's
    # script whatever shell is named, and know no tcsh.
    add_completion=False,
)


if TYPE_CHECKING:
    from mazo.solver.messages import Said


def _version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version

        from mazo.solver.backends import search

        try:
            typer.echo(f"mazo {version('mazo')}")
        except PackageNotFoundError:  # a copy of the package without its install record
            typer.echo("mazo (version unknown: not installed with pip)")
        from mazo.solver.play import kept

        # The tables are built with the search's closes: without it they cannot be.
        tables = kept.MISSING
        if not tables and search.missing():
            tables = "the compiled search is not in use"
        for name, why in (("search", search.missing()), ("odds", tables)):
            typer.echo(f"compiled {name}: {'no (' + why + ')' if why else 'yes'}")
        raise typer.Exit()


@app.callback()
def _group(
    ctx: typer.Context,
    _: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    __: Annotated[
        bool,
        typer.Option(
            shells.INSTALL,
            callback=shells.install,
            is_eager=True,
            expose_value=False,
            help=f"Install completion for the shell named after it ({', '.join(shells.SHELLS)}; "
            "default: the current shell).",
        ),
    ] = False,
    ___: Annotated[
        bool,
        typer.Option(
            shells.SHOW,
            callback=shells.show,
            is_eager=True,
            expose_value=False,
            help="Print the completion script of the shell named after it (default: the "
            "current shell), to copy it or change how it is installed.",
        ),
    ] = False,
    ____: Annotated[
        str | None,
        typer.Option(
            "--lang",
            callback=ask_every_command,
            expose_value=False,
            metavar="es|en",
            help="The language of the command that follows, as its own --lang (default: "
            "MAZO_LANG, else the locale, else the game's language).",
        ),
    ] = None,
) -> None:
    """Solve rummy hands, print rulebooks and worksheets (see `mazo COMMAND --help`)."""
    # A callback keeps `mazo` a group even when only the one command being run is loaded.
    # The command line main() runs: click keeps no copy of the command's own arguments here.
    words = sys.argv[1:]
    if ctx.invoked_subcommand in words:
        command = ctx.command.get_command(ctx, ctx.invoked_subcommand)  # type: ignore[attr-defined]
        if command is not None:
            _refuse_repeated(command, words[words.index(ctx.invoked_subcommand) + 1 :])


def _refuse_repeated(command: Any, args: list[str]) -> None:
    """An option given twice is an error, never a silent choice of its last value; only the
    options that gather values (--variant, --kind, --rival, --seen ...) repeat."""
    from typer.core import TyperOption

    once = {
        flag: param.name
        for param in command.params
        if isinstance(param, TyperOption) and not param.multiple and not param.count
        for flag in (*param.opts, *param.secondary_opts)
    }
    given: dict[str, str] = {}
    for token in args[: args.index("--") if "--" in args else None]:
        flag = token.split("=", 1)[0] if token.startswith("--") else token
        name = once.get(flag)
        if name is None:
            continue
        if name in given:
            raise OptionError.of("option_twice", name=given[name])
        given[name] = flag


def _register(argv: list[str]) -> None:
    """Import the command modules: each adds its command to `app` when imported.

    A module is named after its command, so a call imports only the module it runs and start-up
    stays light (`mazo solve` never loads the PDF library); help and unknown commands load them all.
    The shell asking for completions gives the line typed so far in its own variable.
    """
    import importlib
    import importlib.util

    if "_MAZO_COMPLETE" in os.environ:
        # A half-typed command names no module, and so loads them all, as it must to be completed.
        typed = os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS") or ""
        argv = typed.split()[1:]
    wanted = next((a for a in argv if not a.startswith("-")), "")
    # Found by its name, without listing the package (which costs a module more to import).
    named = wanted.isidentifier() and not wanted.startswith("_")
    if named and importlib.util.find_spec(f"mazo.commands.{wanted}") is not None:
        importlib.import_module(f"mazo.commands.{wanted}")
        return
    import pkgutil

    import mazo.commands

    for name in sorted(m.name for m in pkgutil.iter_modules(mazo.commands.__path__)):
        importlib.import_module(f"mazo.commands.{name}")


# The commands whose --json is a stream of events (`mazo play`): each writes its errors as an
# event of its own, by its name here; the others write {"error": message}.
JSON_ERRORS: dict[str, Callable[[str], dict[str, Any]]] = {}


def _report(
    message: str | Callable[[str], str],
    code: int,
    *,
    json_too: bool = True,
    said: str | None = None,
) -> None:
    """An error as one line on stderr, `said` in the user's language (a message said in any
    language says itself there); with --json, also as a JSON object on stdout (in English, as
    all JSON), so a program reading stdout always gets JSON. Then leave with the error's exit
    code."""
    if callable(message):
        told = message
        message, said = told("en"), told(errors_lang(sys.argv[1:]))
    words = sys.argv[1:]
    given = words[: words.index("--") if "--" in words else None]
    if json_too and "--json" in given:
        from mazo.output import print_json

        command = next((w for w in given if not w.startswith("-")), "")
        shaped = JSON_ERRORS.get(command, lambda said: {"error": said})
        try:
            print_json(shaped(message))
        except OSError as error:  # the one line says both, and the answer reached no one
            _drop_stdout()
            from mazo.solver.messages import said as say

            lang = errors_lang(sys.argv[1:])
            both = say("and_unwritable", message=said or message, why=_unwritable(error))
            message, code, said = both("en"), 1, both(lang)
    # Where stderr cannot be written either, the exit code is all that is left to tell.
    with contextlib.suppress(OSError, ValueError):
        typer.echo(f"mazo: error: {said or message}", err=True)
    sys.exit(code)


def _unwritable(error: OSError) -> Said:
    """Why standard output took no answer, in every language."""
    from mazo.solver.files import system_reason
    from mazo.solver.messages import said

    why = said("stdout_is_closed") if isinstance(error, _ClosedError) else system_reason(error)
    return said("stdout_unwritable", why=why)


def _drop_stdout() -> None:
    """Send what is left for stdout to /dev/null: the flush at exit must not fail again."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class Interrupted(Stop):
    """Ctrl-C, or a signal to stop (SIGTERM, SIGHUP): raised where the program is, so every
    `finally` runs (a file being written is removed). Typer turns a KeyboardInterrupt into a
    silent exit, so the signal raises this instead."""


class InterruptedSaid(Interrupted):
    """An interruption its command has told the user of already, in its own words and
    language: the boundary adds no line of its own (the exit code is the signal's)."""


# The signals received, last last: the exception itself may come back as a copy made from its
# message (reportlab re-raises the errors of a paragraph so), its class kept but not its fields.
_received: list[int] = []


def _interrupt(signum, frame) -> None:
    _received.append(signum)
    raise Interrupted


def _from_interrupt(error: BaseException | None) -> bool:
    """Whether a signal caused this error: a C extension importing when the signal came, for
    one, fails with an ImportError raised from it."""
    while error is not None:
        if isinstance(error, Interrupted):
            return True
        error = error.__cause__ or error.__context__
    return False


_python_show_warning = warnings.showwarning


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A slower path taken, or a table not kept, is a note for the user, one line; other
    warnings as Python shows them."""
    if not issubclass(category, SlowPathWarning | CacheWarning):
        _python_show_warning(message, category, filename, lineno, file, line)
        return
    said = message.said(errors_lang(sys.argv[1:])) if isinstance(message, SaidWarning) else message
    # A note that cannot be written must not cost the answer on stdout.
    with contextlib.suppress(OSError, ValueError):
        typer.echo(f"mazo: note: {said}", err=True)


def main() -> None:
    import signal

    # First of all: a signal while the command's modules import is answered as any other.
    stopping = [signal.SIGINT, signal.SIGTERM, *filter(None, [getattr(signal, "SIGHUP", None)])]
    previous = {signum: signal.signal(signum, _interrupt) for signum in stopping}
    try:
        code = _run()
    except (Interrupted, Exception) as error:
        if not _from_interrupt(error):
            raise
        signum = _received[-1] if _received else signal.SIGINT
        name = signal.Signals(signum).name
        said = "interrupted" if signum == signal.SIGINT else f"stopped ({name})"
        with contextlib.suppress(OSError, ValueError):  # after a hang-up stderr may be gone
            if not isinstance(error, InterruptedSaid):
                typer.echo(f"mazo: {said}", err=True)
        sys.exit(128 + signum)  # as the shell reports a command a signal ended
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    sys.exit(code)


class _ClosedError(OSError):
    """A write to a closed standard output."""


class _Closed(io.TextIOBase):
    """Standard output closed (`>&-`): nothing can be written to it, and saying so is an error."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise _ClosedError(errno.EBADF, "it is closed")

    def isatty(self) -> bool:
        return False


def _one_line(message: str) -> str:
    """Typer draws usage errors as a box; mazo's errors are one line each, and a pasted
    megabyte in an option's place is cut as mazo's own messages cut it."""
    return " ".join(cut(w) for w in message.split())


def _command() -> Any:
    """The `mazo` command, its help in the language of the command line."""
    from typer.main import get_command

    command = get_command(app)
    lang = errors_lang(sys.argv[1:])
    spoken.name_values(command, lang)
    if lang == "es":
        spoken.in_spanish(command)
    spoken.flowed(command)
    return command


def _set_up() -> None:
    """The command is ready to run: the collector, off while the program started (mazo.entry),
    comes back on for the command's own objects; what the start-up made is frozen, out of its
    scans (each would walk tens of thousands of objects that live as long as the program)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _run() -> int:
    """The command, through the one error boundary: its exit code, or an error's."""
    from typer._click.exceptions import ClickException, NoArgsIsHelpError

    # A closed stream (`>&-`) is None in Python. An answer for a closed stdout is an answer
    # lost: its first write fails as on any stdout that cannot take it (exit 1, one line). A
    # closed stderr drops what would go there, as /dev/null would, and the exit code tells.
    if sys.stdout is None:
        sys.stdout = _Closed()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if isinstance(sys.stdout, io.TextIOWrapper):
        from mazo.output import PLAIN

        # An encoding without a character a view draws (♠, ★, —: PYTHONIOENCODING=ascii) writes
        # it plain (S, *, -), never a crash; JSON escapes what it cannot write (print_json).
        sys.stdout.reconfigure(errors=PLAIN)
    warnings.showwarning = _show_warning
    # Shown whatever PYTHONWARNINGS says: the note is for the user, never an error.
    for note in (SlowPathWarning, CacheWarning):
        warnings.filterwarnings("always", category=note)
    chosen.clear()  # a command run before in this process chose its own
    every_command.clear()
    if shells.VARIABLE in os.environ:
        shells.register()
    try:
        _register(sys.argv[1:])
        command = _command()
        _set_up()
        # The program's name as its completion scripts know it (their variable is _MAZO_COMPLETE),
        # whatever it was started as (`python -m mazo`).
        code = command(standalone_mode=False, prog_name=shells.PROG)
        sys.stdout.flush()  # a full disk is found here, inside the boundary, not at exit
    except NoArgsIsHelpError as error:  # the help is already printed
        return error.exit_code
    except ClickException as error:
        english = spoken.usage_error(error.format_message(), "en")
        said = spoken.usage_error(error.format_message(), errors_lang(sys.argv[1:]))
        _report(_one_line(english), error.exit_code, said=_one_line(said))
    except MazoError as error:
        # A message naming a parameter names its flag here (`faced=` is `--faced`).
        flag = f"--{error.option.replace('_', '-')}" if error.option else ""
        said = error.naming(flag, errors_lang(sys.argv[1:]))
        _report(error.naming(flag), error.exit_code, said=said)
    except BrokenPipeError:
        # The reader left (`mazo ... | head`): nothing more to say, and nothing to flush at exit.
        _drop_stdout()
        return 1
    except OSError as error:
        from mazo.solver.files import reason
        from mazo.solver.messages import said as told

        if error.filename is not None:  # a file no MazoError named: still one line
            _report(told("file_failed", path=repr(str(error.filename)), why=reason(error)), 1)
        # Standard output that cannot take the answer: a full disk, a device that refuses it.
        _drop_stdout()
        _report(_unwritable(error), 1, json_too=False)
    return code if isinstance(code, int) else 0
