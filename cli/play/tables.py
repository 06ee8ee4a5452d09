"""The odds table the fastest and the expert play by, and a hint reads, made ready before it is
needed: its first build for a rules set takes a while, and is shown as `mazo odds` shows it."""

from __future__ import annotations

from mazo.progress import odds_table_bar
from mazo.solver.game.bots.fastest import has_table
from mazo.solver.play import odds
from mazo.solver.spec.rules import RuleSpec

# The levels that play by the table.
BY_TABLE = ("fastest", "expert")


def ready(spec: RuleSpec, lang: str) -> None:
    """The rules set's table in memory (loaded, or built once and kept in the user's cache)."""
    if has_table(spec):
        with odds_table_bar(spec, lang) as bar:
            odds.table(spec, bar)
