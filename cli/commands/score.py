"""`mazo score GAME ...`: the points of one hand.

Rummy games (Conga, Chinchón, Gin): `--cutter CARDS --rival NAME=CARDS...` → the close, each
rival's acomodo, passing the cutter, everyone's points. Canasta: `--table MELDS --red-threes N
--hand CARDS --going-out out` → one partnership's points, item by item.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer
from mazo import complete
from mazo.cli import app
from mazo.options import (
    AsJson,
    Game,
    Lang,
    RulesFile,
    Variants,
    WholeNumber,
    choose_lang,
    one_card,
    parse_variants,
)
from mazo.output import emit
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.solver.mechanisms.base import HandScoring
from mazo.solver.mechanisms.canasta.scoring import GOING_OUT
from mazo.solver.mechanisms.registry import MECHANISMS, mechanism_of
from mazo.solver.messages import said
from mazo.views import score as score_view  # noqa: F401  (registers a rummy hand's view)
from mazo.views.shown import shown_by, view_of


@app.command()
def score(
    game: Game,
    cutter: Annotated[
        str | None,
        typer.Option(
            "--cutter",
            help="The closer's cards: the 7 kept (10 in Gin), or with the discard still in hand.",
        ),
    ] = None,
    rival: Annotated[
        list[str] | None,
        typer.Option(
            "--rival",
            help='A rival, NAME="CARDS" (repeatable, in turn order starting after the cutter).',
        ),
    ] = None,
    cutter_name: Annotated[
        str | None, typer.Option("--cutter-name", help="The closer's name.  [default: cutter]")
    ] = None,
    drawn_from_pozo: Annotated[
        str | None,
        typer.Option(
            "--drawn-from-pozo",
            help="The card the cutter just took from the pozo: it cannot be the cutting discard.",
        ),
    ] = None,
    upcard: Annotated[
        str | None,
        typer.Option(
            "--upcard",
            help="Gin under Oklahoma: the first upcard (sets the knock limit; a spade doubles).",
        ),
    ] = None,
    table: Annotated[
        list[str] | None,
        typer.Option("--table", help="Canasta: the partnership's melds, separated by ';'."),
    ] = None,
    red_threes: Annotated[
        int | None,
        typer.Option(
            "--red-threes",
            click_type=WholeNumber(0),
            help="Canasta: red 3s the partnership laid down.  [default: 0]",
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option("--hand", help="Canasta: cards left in a partner's hand (repeatable)."),
    ] = None,
    going_out: Annotated[
        str | None,
        typer.Option(
            "--going-out",
            help=f"Canasta: {' / '.join(GOING_OUT)} (concealed).  [default: {GOING_OUT[0]}]",
            autocompletion=complete.choices(*GOING_OUT),
        ),
    ] = None,
    score_before: Annotated[
        int | None,
        typer.Option(
            "--score",
            click_type=WholeNumber(),
            help="Canasta: the partnership's total before this hand.",
        ),
    ] = None,
    rules: RulesFile = None,
    variant: Variants = None,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """Score one hand: the close, each rival's best acomodo, passing the cutter, the points."""
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    given: dict[str, Any] = {
        "--table": table,
        "--red-threes": red_threes,
        "--hand": hand,
        "--going-out": going_out,
        "--score": score_before,
        "--cutter": cutter,
        "--rival": rival,
        "--cutter-name": cutter_name,
        "--drawn-from-pozo": drawn_from_pozo,
        "--upcard": upcard,
    }
    shown = choose_lang(lang, spec)
    mechanism = mechanism_of(spec)
    scoring = mechanism.scoring()
    _refuse_others(spec.game, scoring, given)
    for flag in ("--drawn-from-pozo", "--upcard"):
        given[flag] = one_card(flag, given[flag])
    result = scoring.count(spec, **{key: given[flag] for flag, key in scoring.options.items()})
    shown_by(mechanism)
    emit(result.to_dict(), as_json, lambda: view_of(result)(result, shown))


def _refuse_others(game: str, scoring: HandScoring, given: Mapping[str, object]) -> None:
    """Options of another kind of scoring are refused, as `mazo solve` refuses them."""
    others = {s.kind: s for m in MECHANISMS.values() if (s := m.scoring()).kind != scoring.kind}
    for other in others.values():
        for flag in other.options:
            if given[flag] is not None:
                raise OptionError.of(
                    "not_for_game", flag=flag, game=game, kind=said(f"{other.kind}_scoring")
                )
