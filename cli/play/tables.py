"""The odds table the fastest and the expert play by, and a hint reads, made ready before it is
needed: its first build for a rules set takes a while, and is shown as `mazo odds` shows it."""

from __future__ import annotations

from collections.abc import Callable

from mazo.progress import odds_table_bar
from mazo.solver.game.bots.fastest import has_table
from mazo.solver.play import odds
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views.odds import building

# The levels that play by the table.
BY_TABLE = ("fastest", "expert")


def ready(spec: RuleSpec, lang: str, *, waiting: Callable[[str], None] | None = None) -> None:
    """The rules set's table in memory (loaded, or built once and kept in the user's cache);
    `waiting` is told, once, what is built (in English) when a build starts or is waited for."""
    if not has_table(spec):
        return
    with odds_table_bar(spec, lang) as bar:
        if waiting is None:
            odds.table(spec, bar)
            return
        told: list[str] = []

        def progress(stage: str, done: float) -> None:
            if not told:
                told.append(stage)
                waiting(building(spec, "en"))
            bar(stage, done)

        odds.table(spec, progress)
