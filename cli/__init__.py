"""mazo: solve rummy hands, print rulebooks and worksheets for the Río de la Plata card games.

>>> import mazo
>>> mazo.solve("conga", "1o 2o 3o 4o 5o 6o 7o 12b").close
'conga_limpia'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mazo.solver.api import load_spec, odds, solve, solve_many
    from mazo.solver.play.advise import advise

__all__ = ["advise", "load_spec", "odds", "solve", "solve_many"]

# Each loads when first asked for: the `mazo` command starts without the solver, so Ctrl-C in
# its first moments already finds its handler, and `mazo solve` never loads advise's fractions.
_HOMES = {
    "advise": "mazo.solver.play.advise",
    "load_spec": "mazo.solver.api",
    "odds": "mazo.solver.api",
    "solve": "mazo.solver.api",
    "solve_many": "mazo.solver.api",
}


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module 'mazo' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_HOMES[name]), name)
