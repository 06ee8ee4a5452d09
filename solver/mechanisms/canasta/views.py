"""Canasta's views: `mazo solve` (the minimum, the fewest-card and richest openings, the pozo,
going out), `mazo score` (a partnership's points item by item) and `mazo match` (each side's
points, total and next initial meld minimum, the winner)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mazo.cardtext import card_part, cards_parts, cards_text
from mazo.output import View
from mazo.solver.match.sheet import About
from mazo.solver.mechanisms.canasta.game import SidesGame
from mazo.solver.mechanisms.canasta.scoring import CanastaScore
from mazo.solver.mechanisms.canasta.solve import CanastaResult
from mazo.views.lines import fitted, labelled, melds_parts, wrote, yes_no
from mazo.views.match import titled
from mazo.views.shown import planilla, shows
from mazo.words import agree, say
from mazo.words.numbers import signed

if TYPE_CHECKING:
    from mazo.solver.play.beside import Beside
    from mazo.solver.spec.rulespec import RuleSpec


@shows(CanastaResult)
def view(result: CanastaResult, spec: RuleSpec, lang: str, beside: Beside | None = None) -> View:
    lines: View = [labelled(say(lang, "hand"), cards_parts(result.hand))]
    if result.red_threes:
        lines.append(
            labelled(
                say(lang, "canasta.red_threes"),
                cards_parts(result.red_threes),
                (say(lang, "canasta.laid_aside"), "dim"),
            )
        )
    lines += _opening(result, lang)
    for cards, kind in result.best.canastas if result.best else ():
        kind_said = say(lang, f"canasta.kind.{kind}")
        lines.append(labelled(say(lang, "canasta.canasta"), cards_parts(cards), f"   {kind_said}"))
    lines += _pozo(result, lang)
    concealed = say(lang, "canasta.concealed") if result.concealed else ""
    lines.append(labelled(say(lang, "canasta.go_out"), yes_no(result.can_go_out, lang), concealed))
    if result.go_out is not None:
        lines.append(_play("", result.go_out, lang))
    # A big hand (the pozo taken, two or three players) runs past the terminal's width.
    return [part for line in lines for part in fitted(line)]


def _opening(result: CanastaResult, lang: str) -> View:
    if result.opened:
        return [
            labelled(say(lang, "canasta.opened"), (say(lang, "canasta.no_minimum"), "dim")),
            _play(say(lang, "canasta.best"), result.best, lang),
        ]
    need = say(lang, "canasta.need", score=result.score, minimum=result.required_minimum)
    return [
        labelled(say(lang, "canasta.opening"), need, yes_no(result.can_open, lang)),
        _play(say(lang, "canasta.fewest"), result.opening_fewest, lang),
        _play(say(lang, "canasta.most"), result.opening_max, lang),
    ]


def _pozo(result: CanastaResult, lang: str) -> View:
    if result.pozo_top is None:
        return []
    frozen = say(lang, "canasta.frozen") if result.pozo_frozen else ""
    lines: View = [
        labelled(
            say(lang, "pozo"),
            [card_part(result.pozo_top)],
            say(lang, "canasta.can_take", frozen=frozen),
            yes_no(result.can_take_pozo, lang),
        )
    ]
    if result.pozo_play is not None:
        lines.append(_play("", result.pozo_play, lang))
    return lines


def _play(label: str, play, lang: str) -> list:
    if play is None:
        return labelled(label, (say(lang, "none"), "dim"))
    cards = agree(lang, play.cards, "card", "cards")
    detail = say(lang, "canasta.play", points=play.points, cards=cards)
    return labelled(label, melds_parts(play.melds, lang), (detail, "dim"))


@shows(CanastaScore)
def score_view(result: CanastaScore, lang: str) -> View:
    """The partnership's points item by item, then the total."""
    from rich.table import Table
    from rich.text import Text

    data = result.to_dict()
    melds = Table(box=None, title=say(lang, "canasta.score_melds"), title_justify="left")
    melds.add_column(say(lang, "canasta.col_cards"))
    melds.add_column(say(lang, "canasta.col_canasta"))
    for meld in data["melds"]:
        kind = meld["canasta"]
        melds.add_row(
            cards_text(meld["cards"]),
            say(lang, f"canasta.kind.{kind}") if kind else say(lang, "dash"),
        )
    items = Table(box=None, show_header=False)
    items.add_column(say(lang, "canasta.col_item"))
    items.add_column(say(lang, "col_points"), justify="right")
    for label, points in _items(data, lang):
        items.add_row(label, signed(points, plus=True, terminal=True))
    total = Text(signed(data["total"], plus=True, terminal=True), style="bold")
    items.add_row(Text(say(lang, "total"), style="bold"), total)
    lines: View = [melds, items]
    if "score_after" in data:
        after = say(
            lang,
            "canasta.score_after",
            before=data["score_before"],
            after=data["score_after"],
            minimum=data["next_initial_meld_minimum"],
        )
        lines.append(after)
    return lines


def _items(data: dict, lang: str) -> list[tuple[str, int]]:
    canastas = say(
        lang,
        "canasta.canastas",
        limpias=agree(
            lang, data["canastas_limpias"], "canasta.limpias_one", "canasta.limpias_many"
        ),
        sucias=agree(lang, data["canastas_sucias"], "canasta.sucias_one", "canasta.sucias_many"),
    )
    how = say(lang, f"canasta.going_out_{data['going_out']}")
    return [
        (say(lang, "canasta.table_cards", n=data["table_cards"]), data["table_points"]),
        (canastas, data["canasta_points"]),
        (say(lang, "canasta.red_three_items", n=data["red_threes"]), data["red_three_points"]),
        (say(lang, "canasta.going_out", how=how), data["going_out_points"]),
        (say(lang, "canasta.left_in_hand", n=len(data["hand"])), data["hand_points"]),
    ]


@shows(SidesGame)
def sides_view(
    result: SidesGame,
    spec: RuleSpec,
    lang: str,
    pdf: str | None = None,
    about: About | None = None,
) -> View:
    """Each side's points and total per hand, with the minimum its total sets for the next hand,
    then the winner, the tie that plays on, or the minimums of the hand to come."""
    from rich.table import Table
    from rich.text import Text

    table = Table(
        title=titled(
            say(lang, "canasta.sides_title", game=spec.title[lang], target=result.target),
            about,
            lang,
        ),
        title_justify="left",
    )
    table.add_column(say(lang, "canasta.sides_hand"), justify="right")
    for side in result.sides:
        table.add_column(side, justify="right")
    if any(result.start.values()):
        table.add_row(
            say(lang, "canasta.sides_start"),
            *(_side_cell(lang, result.start[s], result.start_minimum[s]) for s in result.sides),
        )
    for line in result.lines:
        cells = [
            _side_cell(lang, line.totals[s], line.minimum[s], points=line.points[s])
            for s in result.sides
        ]
        table.add_row(str(line.number), *cells)
    lines: View = [table]
    if table.row_count:  # the legend of the rows' minimums: none under a blank planilla
        lines.append(Text(say(lang, "canasta.sides_minimum_note"), style="dim"))
    lines.append(
        Text(_sides_verdict(result, lang), style="bold green" if result.winner else "bold")
    )
    return lines + wrote(pdf, lang)


def _side_cell(lang: str, total: int, minimum: int, *, points: int | None = None):
    from rich.text import Text

    shown = (
        str(total)
        if points is None
        else say(
            lang, "canasta.sides_cell", points=signed(points, plus=True, terminal=True), total=total
        )
    )
    return Text.assemble(shown, (say(lang, "canasta.sides_minimum", minimum=minimum), "dim"))


def _sides_verdict(result: SidesGame, lang: str) -> str:
    totals = result.totals
    if result.winner is not None:
        others = say(lang, "canasta.sides_and").join(
            str(totals[s]) for s in result.sides if s != result.winner
        )
        return say(
            lang,
            "canasta.sides_winner",
            who=result.winner,
            total=totals[result.winner],
            others=others,
        )
    if result.tied:
        who = say(lang, "canasta.sides_and").join(result.tied)
        return say(
            lang, "canasta.sides_tie", who=who, total=totals[result.tied[0]], target=result.target
        )
    minimums = ", ".join(f"{s} {result.minimum[s]}" for s in result.sides)
    return say(lang, "canasta.sides_open", target=result.target, minimums=minimums)


planilla(SidesGame, "mazo.solver.mechanisms.canasta.planilla.write_sides_sheet")
