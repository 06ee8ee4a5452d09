"""mazo's players: each level a class with `draw`, `discard` and `reenter` (a `Player`) that
reads nothing but its `View`.

The levels, weakest first: `novice` (Neller's simple Gin player), `greedy` (the table player's
rule of thumb: fewer loose points now), `fastest` (the exact fastest way to a cut) and `expert`
(the fastest way, with what wins points against rivals). Each class's docstring is its rule.

Every level comes back (reenganche) whenever it may: a player who stays out can no longer win,
and coming back costs no points in mazo's match.
"""

from mazo.solver.game.bots.levels import LEVEL_WORDS, LEVELS, level_name, make_level
from mazo.solver.game.bots.novice import Novice

__all__ = ["LEVELS", "LEVEL_WORDS", "Novice", "level_name", "make_level"]
