"""`mazo games`: a table per game, its options (house rules) with their defaults and values."""

from __future__ import annotations

from mazo.output import View
from mazo.views.words import say


def view(listing: list[dict]) -> View:
    from rich.table import Table

    tables: View = []
    for game in listing:
        aliases = ", ".join(game["aliases"]) or say("en", "dash")
        title = say(
            "en", "games_title", game=game["game"], title=game["title"]["en"], aliases=aliases
        )
        table = Table(title=title, title_justify="left")
        # Names and values are typed back into --variant: never cut (a long one folds).
        widest = max((len(o["name"]) for o in game["options"]), default=0)
        table.add_column(say("en", "col_option"), no_wrap=True, min_width=widest)
        for key in ("col_default", "col_allowed", "col_what"):
            table.add_column(say("en", key), overflow="fold")
        for opt in game["options"]:
            table.add_row(
                opt["name"], str(opt["default"]), opt["allowed"], opt["description"]["en"]
            )
        tables.append(table)
    return tables
