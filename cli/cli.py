"""The `mazo` command: a thin Typer layer over the library, with one error boundary."""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from typing import Annotated

import typer
from mazo.solver.errors import QUOTE_AT_MOST, MazoError, SlowPathWarning

app = typer.Typer(
    name="mazo",
    help="Solve rummy hands, print rulebooks and worksheets for Conga, Conquián, Canasta "
    "Uruguaya, Chinchón and Gin Rummy.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import PackageNotFoundError, version

        from mazo.solver.backends import search

        try:
            typer.echo(f"mazo {version('mazo')}")
        except PackageNotFoundError:  # a copy of the package without its install record
            typer.echo("mazo (version unknown: not installed with pip)")
        from mazo.solver.play import odds

        for name, why in (("search", search.missing()), ("odds", odds.MISSING)):
            typer.echo(f"compiled {name}: {'no (' + why + ')' if why else 'yes'}")
        raise typer.Exit()


@app.callback()
def _group(
    _: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Solve rummy hands, print rulebooks and worksheets (see `mazo COMMAND --help`)."""
    # A callback keeps `mazo` a group even when only the one command being run is loaded.


def _register(argv: list[str]) -> None:
    """Import the command modules: each adds its command to `app` when imported.

    A module is named after its command, so a call imports only the module it runs and start-up
    stays light (`mazo solve` never loads the PDF library); help and unknown commands load them all.
    """
    import importlib
    import pkgutil

    import mazo.commands

    names = sorted(m.name for m in pkgutil.iter_modules(mazo.commands.__path__))
    wanted = next((a for a in argv if not a.startswith("-")), None)
    for name in [wanted] if wanted in names else names:
        importlib.import_module(f"mazo.commands.{name}")


def _report(message: str, code: int) -> None:
    """An error as one line on stderr; with --json, also as a JSON object on stdout, so a
    program reading stdout always gets JSON. Then leave with the error's exit code."""
    typer.echo(f"mazo: error: {message}", err=True)
    words = sys.argv[1:]
    if "--json" in words[: words.index("--") if "--" in words else None]:
        from mazo.output import print_json

        print_json({"error": message})
    sys.exit(code)


class Interrupted(BaseException):
    """Ctrl-C. Typer turns a KeyboardInterrupt into a silent exit, so the signal raises this."""


def _interrupt(signum, frame) -> None:
    raise Interrupted


def _from_interrupt(error: BaseException | None) -> bool:
    """Whether Ctrl-C caused this error: a C extension importing when the signal came, for
    one, fails with an ImportError raised from it."""
    while error is not None:
        if isinstance(error, Interrupted):
            return True
        error = error.__cause__ or error.__context__
    return False


_python_show_warning = warnings.showwarning


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A slower path taken is a note for the user, one line; other warnings as Python shows them."""
    if not issubclass(category, SlowPathWarning):
        _python_show_warning(message, category, filename, lineno, file, line)
        return
    # A note that cannot be written must not cost the answer on stdout.
    with contextlib.suppress(OSError, ValueError):
        typer.echo(f"mazo: note: {message}", err=True)


def main() -> None:
    import signal

    from typer._click.exceptions import ClickException, NoArgsIsHelpError

    # A closed stream (`>&-`) is None in Python: what would go there is dropped, as into
    # /dev/null, and the exit code still tells.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
    warnings.showwarning = _show_warning
    # Shown whatever PYTHONWARNINGS says: the note is for the user, never an error.
    warnings.filterwarnings("always", category=SlowPathWarning)
    _register(sys.argv[1:])
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        code = app(standalone_mode=False)
    except NoArgsIsHelpError as error:  # the help is already printed
        sys.exit(error.exit_code)
    except ClickException as error:
        # Typer draws usage errors as a box; mazo's errors are one line each, and a pasted
        # megabyte in an option's place is cut as mazo's own messages cut it.
        words = (
            w if len(w) <= QUOTE_AT_MOST else w[: QUOTE_AT_MOST - 1] + "…"
            for w in error.format_message().split()
        )
        _report(" ".join(words), error.exit_code)
    except MazoError as error:
        # A message naming a parameter names its flag here (`faced=` is `--faced`).
        flag = f"--{error.option.replace('_', '-')}" if error.option else ""
        _report(error.naming(flag), error.exit_code)
    except BrokenPipeError:
        # The reader left (`mazo ... | head`): nothing more to say, and nothing to flush at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except (Interrupted, Exception) as error:
        if not _from_interrupt(error):
            raise
        typer.echo("mazo: interrupted", err=True)
        sys.exit(130)
    finally:
        signal.signal(signal.SIGINT, previous)
    sys.exit(code if isinstance(code, int) else 0)
