"""mazo: solve rummy hands, print rulebooks and worksheets for the Río de la Plata card games.

>>> import mazo
>>> mazo.solve("conga", "1o 2o 3o 4o 5o 6o 7o 12b").close
'conga_limpia'
"""

from mazo.solver.api import solve, solve_many
from mazo.solver.spec.load import load_spec

__all__ = ["advise", "load_spec", "odds", "solve", "solve_many"]


def __getattr__(name: str):
    # advise (its exact fractions) and odds (numpy) load when first asked for: `mazo solve`
    # starts without them.
    if name == "advise":
        from mazo.solver.play.advise import advise

        return advise
    if name == "odds":
        from mazo.solver.api import odds

        return odds
    raise AttributeError(f"module 'mazo' has no attribute {name!r}")
