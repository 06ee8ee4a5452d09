"""The expert: the fastest way to a cut, and what wins points against rivals."""

from __future__ import annotations

from mazo.solver.game.bots.fastest import Fastest


class Expert(Fastest):
    """For now, the fastest player."""

    level = "expert"
