"""The `conquian:` section of a spec, read once into `ConquianRules`."""

from __future__ import annotations

from dataclasses import dataclass

from mazo.solver.errors import OptionError
from mazo.solver.spec.reader import (
    MAX_HAND,
    MAX_PLAYERS,
    Reader,
    flag_field,
    whole_field,
    word_field,
)
from mazo.solver.spec.rulespec import RuleSpec


@dataclass(frozen=True, slots=True)
class ConquianRules:
    """Conquián's own rules. The solver rearranges only the player's own melds; the exchange,
    free lay-offs on rivals and the stock running out change the rulebook's text only (the
    solver answers one position, where they play no part)."""

    rearrange: str
    goal_table_cards: int
    players: int
    exchange: str
    hand_layoff_without_faced: bool
    pay_by_forcing: bool
    free_layoff_on_opponents: bool
    stock_out: str


def read_conquian(r: Reader, hand_size: int) -> ConquianRules:
    table = {
        "rearrange": word_field("own_melds_only", choices=("own_melds_only",)),
        "goal_table_cards": whole_field(hand_size + 1, minimum=1, maximum=MAX_HAND + 1),
        "players": whole_field(2, minimum=2, maximum=MAX_PLAYERS),
        "exchange": word_field("none", choices=("one_to_the_right", "none")),
        "hand_layoff_without_faced": flag_field(False),
        "pay_by_forcing": flag_field(False),
        "free_layoff_on_opponents": flag_field(False),
        "stock_out": word_field("fewest_in_hand", choices=("fewest_in_hand", "draw")),
    }
    return ConquianRules(**r.fields(("conquian",), table, optional=True))


def conquian_rules(spec: RuleSpec) -> ConquianRules:
    """The game's Conquián rules; a game of another mechanism is refused."""
    if not isinstance(spec.own, ConquianRules):
        raise OptionError.of("not_played_as", game=spec.game, kind="Conquián")
    return spec.own
