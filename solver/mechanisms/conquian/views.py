"""`mazo solve conquian`: the faced card, whether it is used, the table after the play, the
payment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazo.cardtext import card_part, cards_parts
from mazo.output import View
from mazo.solver.mechanisms.conquian.solve import ConquianResult
from mazo.views.lines import labelled, melds_parts, yes_no
from mazo.views.shown import shows
from mazo.words import say

if TYPE_CHECKING:
    from mazo.solver.play.beside import Beside
    from mazo.solver.spec.rulespec import RuleSpec


@shows(ConquianResult)
def view(result: ConquianResult, spec: RuleSpec, lang: str, beside: Beside | None = None) -> View:
    hand = cards_parts(result.hand) if result.hand else (say(lang, "conquian.empty"), "dim")
    lines: View = [labelled(say(lang, "hand"), hand)]
    if result.table:
        lines.append(labelled(say(lang, "conquian.table"), melds_parts(result.table, lang)))
    lines.append(
        labelled(
            say(lang, "conquian.faced"),
            [card_part(result.faced)],
            say(lang, "conquian.can_use"),
            yes_no(result.can_use, lang),
        )
    )
    if result.can_use:
        lines.append(labelled(say(lang, "conquian.melds"), melds_parts(result.melds, lang)))
        pay = [card_part(result.pay)] if result.pay else (say(lang, "conquian.pay_none"), "dim")
        lines.append(labelled(say(lang, "conquian.pay"), pay))
        on = say(
            lang, "conquian.then_cards", table=result.cards_on_table, hand=result.cards_in_hand
        )
        lines.append(
            labelled(
                say(lang, "conquian.then"),
                on,
                say(lang, "conquian.goes_out"),
                yes_no(result.can_go_out, lang),
            )
        )
    elif result.lay_down:
        lines.append(
            labelled(
                say(lang, "conquian.lay_down"),
                melds_parts(result.lay_down, lang),
                (say(lang, "conquian.from_hand"), "dim"),
            )
        )
    if result.rival_table:
        lines.append(
            labelled(
                say(lang, "conquian.force"),
                say(lang, "conquian.can_force"),
                yes_no(result.can_force, lang),
            )
        )
    return lines
