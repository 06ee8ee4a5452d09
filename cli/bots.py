"""mazo's bots, for a program of your own: make a level, or load a seat as `mazo play` does.

>>> import mazo.bots as b
>>> p = b.make("conga", "novice", seed=1)

A player is anything with `draw(view)`, `discard(view) -> Play` and `reenter(view)`; a `View`
holds what one player sees (see `mazo.solver.game.view`). The levels: novice, greedy, fastest,
expert (`LEVELS`); each one's rule is its class's docstring (`mazo.solver.game.bots`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mazo.solver.api import entry_options, rules_for
from mazo.solver.game.bots import LEVELS, level_name, make_level
from mazo.solver.game.bots.seats import Loaded, load_seat
from mazo.solver.game.view import Play, Player, View

__all__ = ["LEVELS", "Loaded", "Play", "Player", "View", "level_name", "load", "make"]

Rules = str | Path | None


def make(
    game: str | None,
    level: str,
    *,
    seed: int = 0,
    rules: Rules = None,
    variant: dict[str, Any] | None = None,
    **options: Any,
) -> Player:
    """A bot of `level` playing `game` (a name or an alias) under `rules` (a rules file's path)
    and the game's options, as keywords or in `variant` (as `mazo.solve` takes them:
    `make("conga", "expert", deck_size=40)`); `seed` breaks its ties."""
    variant = _options("make", variant, options)
    return make_level(rules_for(game, rules=rules, variant=variant), level, seed)


def load(
    seat: str,
    game: str | None,
    *,
    seed: int = 0,
    rules: Rules = None,
    variant: dict[str, Any] | None = None,
    **options: Any,
) -> Loaded:
    """A seat loaded: a `Loaded`, whose `player` plays the seat (a level id, or your player as
    `module:attr` or `path/to/file.py:Name`; see `mazo.solver.game.bots.seats` for how a class
    is called) and whose `label` is the level or the class's name; the game's options as for
    `make`."""
    variant = _options("load", variant, options)
    spec = rules_for(game, rules=rules, variant=variant)
    return load_seat(seat, spec, seed=seed, rules=rules, variant=variant)


def _options(entry: str, variant: dict[str, Any] | None, options: dict[str, Any]) -> dict[str, Any]:
    """The game's options given as keywords joined to the `variant` (one given twice refused)."""
    return entry_options(entry, {"variant": variant, **options})[1]
