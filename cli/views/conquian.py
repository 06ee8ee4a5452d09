"""`mazo solve conquian`: the faced card, whether it is used, the table after the play, the
payment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazo.cardtext import card_part, cards_parts
from mazo.output import View
from mazo.views.lines import labelled, melds_parts, yes_no
from mazo.views.words import say

if TYPE_CHECKING:
    from mazo.solver.mechanisms.conquian.solve import ConquianResult


def view(result: ConquianResult) -> View:
    hand = cards_parts(result.hand) if result.hand else (say("en", "empty"), "dim")
    lines: View = [labelled(say("en", "hand"), hand)]
    if result.table:
        lines.append(labelled(say("en", "table"), melds_parts(result.table)))
    lines.append(
        labelled(
            say("en", "faced"),
            [card_part(result.faced)],
            say("en", "can_use"),
            yes_no(result.can_use),
        )
    )
    if result.can_use:
        lines.append(labelled(say("en", "melds"), melds_parts(result.melds)))
        pay = [card_part(result.pay)] if result.pay else (say("en", "pay_none"), "dim")
        lines.append(labelled(say("en", "pay"), pay))
        on = say("en", "then_cards", table=result.cards_on_table, hand=result.cards_in_hand)
        lines.append(
            labelled(say("en", "then"), on, say("en", "goes_out"), yes_no(result.can_go_out))
        )
    elif result.lay_down:
        lines.append(
            labelled(
                say("en", "lay_down"),
                melds_parts(result.lay_down),
                (say("en", "from_hand"), "dim"),
            )
        )
    if result.rival_table:
        lines.append(labelled(say("en", "force"), say("en", "can_force"), yes_no(result.can_force)))
    return lines
