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


def _register() -> None:
    # Each module in mazo.commands adds its command to `app` when imported.
    import importlib
    import pkgutil

    import mazo.commands

    for module in sorted(m.name for m in pkgutil.iter_modules(mazo.commands.__path__)):
        importlib.import_module(f"mazo.commands.{module}")


def fail(error: MazoError) -> None:
    """Report a mazo error as one line on stderr and leave with its exit code."""
    typer.echo(f"mazo: error: {error}", err=True)
    raise typer.Exit(error.exit_code)


def main() -> None:
    _register()
    try:
        app()
    except MazoError as error:
        typer.echo(f"mazo: error: {error}", err=True)
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        typer.echo("mazo: interrupted", err=True)
        sys.exit(130)
