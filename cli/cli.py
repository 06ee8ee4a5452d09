"""The `mazo` command: a thin Typer layer over the library, with one error boundary."""

from __future__ import annotations

import sys

import typer
from mazo.solver.errors import MazoError

app = typer.Typer(
    name="mazo",
    help="Solve rummy hands, print rulebooks and worksheets for Conga, Conquián, Canasta "
    "Uruguaya, Chinchón and Gin Rummy.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _group() -> None:
    """Solve rummy hands, print rulebooks and worksheets (see `mazo COMMAND --help`)."""
    # A callback keeps `mazo` a group even when only the one command being run is loaded.


def _register(argv: list[str]) -> None:
    """Import the command modules: each adds its command to `app` when imported.

    A module is named after its command, so a call imports only the module it runs and start-up
    stays light (`mazo solve` never loads reportlab); help and unknown commands load them all.
    """
    import importlib
    import pkgutil

    import mazo.commands

    names = sorted(m.name for m in pkgutil.iter_modules(mazo.commands.__path__))
    wanted = next((a for a in argv if not a.startswith("-")), None)
    for name in [wanted] if wanted in names else names:
        importlib.import_module(f"mazo.commands.{name}")


def fail(error: MazoError) -> None:
    """Report a mazo error as one line on stderr and leave with its exit code."""
    typer.echo(f"mazo: error: {error}", err=True)
    raise typer.Exit(error.exit_code)


def main() -> None:
    _register(sys.argv[1:])
    try:
        app()
    except MazoError as error:
        typer.echo(f"mazo: error: {error}", err=True)
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        typer.echo("mazo: interrupted", err=True)
        sys.exit(130)
