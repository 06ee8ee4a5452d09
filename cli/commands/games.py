"""`mazo games`: the games mazo knows, their aliases and their options."""

from __future__ import annotations

from mazo.cli import app
from mazo.options import AsJson
from mazo.output import emit
from mazo.solver.spec.load import game_names, load_spec


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

    def view(out) -> None:
        from rich.table import Table

        for game in listing:
            aliases = ", ".join(game["aliases"]) or "—"
            table = Table(
                title=f"{game['game']} — {game['title']['en']} (aliases: {aliases})",
                title_justify="left",
            )
            # Names and values are typed back into --variant: never cut (a long one folds).
            widest = max((len(o["name"]) for o in game["options"]), default=0)
            table.add_column("option", no_wrap=True, min_width=widest)
            for column in ("default", "allowed", "what it does"):
                table.add_column(column, overflow="fold")
            for opt in game["options"]:
                table.add_row(
                    opt["name"], str(opt["default"]), opt["allowed"], opt["description"]["en"]
                )
            out.print(table)

    emit({"games": listing}, as_json, view)
