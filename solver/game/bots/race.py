"""The race to the cut: the chance that a player cuts before every rival, read from the odds
table's curves (`mazo odds`: the chance to cut within 1..20 turns).

The player's own curve is its kept hand's, exact in the solitaire model. A rival's hand is
unknown, so its curve is a random deal's (the table's `deal.cut_within`), given that it has not
cut in the turns it has played this round: after t turns, the chance it is still playing n turns
later is (1 - F(t + n)) / (1 - F(t)). Past the table's 20 turns the deal's last turn's chance
goes on. Every rival plays once between two turns of the player's, so the player cuts first on
its n-th turn from now when it cuts then and no rival has cut in its n turns."""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from mazo.solver.game.view import View
from mazo.solver.play.odds import HORIZON, WITHIN_STEPS


def rival_turns(view: View) -> list[int]:
    """The turns each rival has played this round (its discards), in turn order after me."""
    played = {rival["name"]: 0 for rival in view.rivals}
    for discard in view.discards:
        if discard["player"] in played:
            played[discard["player"]] += 1
    return [played[rival["name"]] for rival in view.rivals]


def deal_left(curve: Sequence[float], turns: int) -> float:
    """The chance a random deal has not cut within `turns` turns (1 at 0 turns)."""
    if turns <= 0:
        return 1.0
    if turns <= len(curve):
        return 1.0 - curve[turns - 1]
    last = 1.0 - curve[-1]
    before = 1.0 - curve[-2]
    return last * (last / before) ** (turns - len(curve)) if before > 0 else 0.0


def rivals_left(curve: Sequence[float], played: Sequence[int]) -> tuple[float, ...]:
    """left[n], n = 0..HORIZON: the chance that no rival cuts in its next n turns."""
    left = []
    for n in range(HORIZON + 1):
        each = []
        for t in played:
            now = deal_left(curve, t)
            each.append(deal_left(curve, t + n) / now if now > 0 else 0.0)
        left.append(prod(each))
    return tuple(left)


def first(within: Sequence[int], left: Sequence[float]) -> float:
    """The chance to cut before every rival within HORIZON turns, from the kept hand's chances
    to cut within 1..HORIZON turns (in WITHIN_STEPS) and the rivals' `rivals_left`."""
    chance, before = 0.0, 0
    for n, reached in enumerate(within, 1):
        chance += (reached - before) / WITHIN_STEPS * left[n]
        before = reached
    return chance
