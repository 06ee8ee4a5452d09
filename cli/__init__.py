"""mazo: solve rummy hands, print rulebooks and worksheets for the Río de la Plata card games.

>>> import mazo
>>> mazo.solve("conga", "1o 2o 3o 4o 5o 6o 7o 12b").close
'conga_limpia'
"""

from mazo.solver.advise import advise
from mazo.solver.api import solve, solve_many
from mazo.solver.spec import load_spec

__all__ = ["advise", "load_spec", "solve", "solve_many"]
