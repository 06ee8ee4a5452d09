"""`mazo games [GAME]`: the games mazo knows, their aliases and their options."""

from __future__ import annotations

from typing import Annotated

import typer
from mazo import complete
from mazo.cli import app
from mazo.options import AsJson, Lang, choose_lang
from mazo.output import console, emit
from mazo.solver.spec.load import game_names, load_spec
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views import games as games_view


def _listing(spec: RuleSpec) -> dict:
    return {
        "game": spec.game,
        "aliases": list(spec.aliases),
        "title": spec.title,
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "allowed": o.allowed(),
                "description": o.description,
            }
            for o in spec.options
        ],
    }


@app.command()
def games(
    game: Annotated[
        str | None,
        typer.Argument(
            help="Only this game (a name or an alias).",
            show_default=False,
            autocompletion=complete.games,
        ),
    ] = None,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """List the games, their aliases and their options (house rules)."""
    specs = [load_spec(name) for name in ([game] if game is not None else game_names())]
    shown = [(spec, choose_lang(lang, spec)) for spec in specs]
    emit(
        {"games": [_listing(spec) for spec in specs]},
        as_json,
        lambda: games_view.view(shown, console().width),
    )
