"""`mazo solve canasta`: the minimum, the fewest-card and richest openings, the pozo, going
out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazo.cardtext import card_part, cards_parts
from mazo.output import View
from mazo.views.lines import labelled, melds_parts, yes_no
from mazo.words import say

if TYPE_CHECKING:
    from mazo.solver.mechanisms.canasta.solve import CanastaResult


def view(result: CanastaResult, lang: str) -> View:
    lines: View = [labelled(say(lang, "hand"), cards_parts(result.hand))]
    if result.red_threes:
        lines.append(
            labelled(
                say(lang, "red_threes"),
                cards_parts(result.red_threes),
                (say(lang, "laid_aside"), "dim"),
            )
        )
    lines += _opening(result, lang)
    for cards, kind in result.best.canastas if result.best else ():
        lines.append(labelled(say(lang, "canasta"), cards_parts(cards), f"   {kind}"))
    lines += _pozo(result, lang)
    concealed = say(lang, "concealed") if result.concealed else ""
    lines.append(labelled(say(lang, "go_out"), yes_no(result.can_go_out, lang), concealed))
    if result.go_out is not None:
        lines.append(_play("", result.go_out, lang))
    return lines


def _opening(result: CanastaResult, lang: str) -> View:
    if result.opened:
        return [
            labelled(say(lang, "opened"), (say(lang, "no_minimum"), "dim")),
            _play(say(lang, "best"), result.best, lang),
        ]
    need = say(lang, "need", score=result.score, minimum=result.required_minimum)
    return [
        labelled(say(lang, "opening"), need, yes_no(result.can_open, lang)),
        _play(say(lang, "fewest"), result.opening_fewest, lang),
        _play(say(lang, "most"), result.opening_max, lang),
    ]


def _pozo(result: CanastaResult, lang: str) -> View:
    if result.pozo_top is None:
        return []
    frozen = say(lang, "frozen") if result.pozo_frozen else ""
    lines: View = [
        labelled(
            say(lang, "pozo"),
            [card_part(result.pozo_top)],
            say(lang, "can_take", frozen=frozen),
            yes_no(result.can_take_pozo, lang),
        )
    ]
    if result.pozo_play is not None:
        lines.append(_play("", result.pozo_play, lang))
    return lines


def _play(label: str, play, lang: str) -> list:
    if play is None:
        return labelled(label, (say(lang, "none"), "dim"))
    detail = say(lang, "play", points=play.points, cards=play.cards)
    return labelled(label, melds_parts(play.melds, lang), (detail, "dim"))
