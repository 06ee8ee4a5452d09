"""`mazo solve canasta`: the minimum, the fewest-card and richest openings, the pozo, going
out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazo.cardtext import card_part, cards_parts
from mazo.output import View
from mazo.views.lines import labelled, melds_parts, yes_no
from mazo.views.words import say

if TYPE_CHECKING:
    from mazo.solver.mechanisms.canasta.solve import CanastaResult


def view(result: CanastaResult) -> View:
    lines: View = [labelled(say("en", "hand"), cards_parts(result.hand))]
    if result.red_threes:
        lines.append(
            labelled(
                say("en", "red_threes"),
                cards_parts(result.red_threes),
                (say("en", "laid_aside"), "dim"),
            )
        )
    lines += _opening(result)
    for cards, kind in result.best.canastas if result.best else ():
        lines.append(labelled(say("en", "canasta"), cards_parts(cards), f"   {kind}"))
    lines += _pozo(result)
    concealed = say("en", "concealed") if result.concealed else ""
    lines.append(labelled(say("en", "go_out"), yes_no(result.can_go_out), concealed))
    if result.go_out is not None:
        lines.append(_play("", result.go_out))
    return lines


def _opening(result: CanastaResult) -> View:
    if result.opened:
        return [
            labelled(say("en", "opened"), (say("en", "no_minimum"), "dim")),
            _play(say("en", "best"), result.best),
        ]
    need = say("en", "need", score=result.score, minimum=result.required_minimum)
    return [
        labelled(say("en", "opening"), need, yes_no(result.can_open)),
        _play(say("en", "fewest"), result.opening_fewest),
        _play(say("en", "most"), result.opening_max),
    ]


def _pozo(result: CanastaResult) -> View:
    if result.pozo_top is None:
        return []
    frozen = say("en", "frozen") if result.pozo_frozen else ""
    lines: View = [
        labelled(
            say("en", "pozo"),
            [card_part(result.pozo_top)],
            say("en", "can_take", frozen=frozen),
            yes_no(result.can_take_pozo),
        )
    ]
    if result.pozo_play is not None:
        lines.append(_play("", result.pozo_play))
    return lines


def _play(label: str, play) -> list:
    if play is None:
        return labelled(label, (say("en", "none"), "dim"))
    detail = say("en", "play", points=play.points, cards=play.cards)
    return labelled(label, melds_parts(play.melds), (detail, "dim"))
