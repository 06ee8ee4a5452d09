"""`mazo games`: the games mazo knows, their aliases and their options."""

from __future__ import annotations

from mazo.cli import app
from mazo.options import AsJson
from mazo.output import emit
from mazo.solver.spec.load import game_names, load_spec
from mazo.views import games as games_view


def _games() -> list[dict]:
    listing = []
    for name in game_names():
        spec = load_spec(name)
        listing.append(
            {
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
        )
    return listing


@app.command()
def games(as_json: AsJson = False) -> None:
    """List the games, their aliases and their options (house rules)."""
    listing = _games()
    emit({"games": listing}, as_json, lambda: games_view.view(listing))
