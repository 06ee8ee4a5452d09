"""`mazo score GAME ...`: the points of one hand.

Rummy games (Conga, Chinchón, Gin): `--cutter CARDS --rival NAME=CARDS...` → the close, each
rival's acomodo, passing the cutter, everyone's points. Canasta: `--table MELDS --red-threes N
--hand CARDS --going-out out` → one partnership's points, item by item.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

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
from mazo.solver.errors import OptionError, quoted
from mazo.solver.match.sheet import one_line_name
from mazo.solver.mechanisms.canasta.scoring import GOING_OUT, CanastaScore, score_as_written
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.messages import Told, said, titled
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views import score as score_view


def parse_rivals(items: list[str] | None) -> list[tuple[str, str]]:
    """`--rival NAME=CARDS` pairs, in the order given (the turn order after the cutter)."""
    found = []
    for item in items or []:
        name, sep, cards = item.partition("=")
        if not sep or not name.strip():
            raise OptionError.of("rival_pair", item=quoted(item))
        found.append((one_line_name(name.strip()), cards))
    return found


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
    canasta = {
        "--table": table,
        "--red-threes": red_threes,
        "--hand": hand,
        "--going-out": going_out,
        "--score": score_before,
    }
    rummy = {
        "--cutter": cutter,
        "--rival": rival,
        "--cutter-name": cutter_name,
        "--drawn-from-pozo": drawn_from_pozo,
        "--upcard": upcard,
    }
    shown = choose_lang(lang, spec)
    is_canasta = mechanism_of(spec).partnerships
    _refuse_others(
        spec.game, rummy if is_canasta else canasta, "rummy" if is_canasta else "canasta"
    )
    if is_canasta:
        counted = _score_canasta(spec, table, red_threes, hand, going_out, score_before)
        emit(counted.to_dict(), as_json, lambda: score_view.canasta_view(counted, shown))
        return
    drawn = one_card("--drawn-from-pozo", drawn_from_pozo)
    result = _score_rummy(spec, cutter, rival, cutter_name, drawn, one_card("--upcard", upcard))
    emit(result.to_dict(), as_json, lambda: score_view.view(result, shown))


def _score_canasta(
    spec: RuleSpec,
    table: list[str] | None,
    red_threes: int | None,
    hand: list[str] | None,
    going_out: str | None,
    score_before: int | None,
) -> CanastaScore:
    counted = score_as_written(
        spec,
        table or [],
        red_threes=red_threes or 0,
        hands=hand or [],
        going_out=going_out or GOING_OUT[0],
        score_before=score_before,
    )
    # Red 3s alone score, as a sheet's row of them does: against a side that has not melded.
    if not counted.melds and not counted.hand and not counted.red_threes:
        raise OptionError.of("nothing_to_score")
    return counted


def _score_rummy(
    spec: RuleSpec,
    cutter: str | None,
    rival: list[str] | None,
    cutter_name: str | None,
    drawn_from_pozo: str | None,
    upcard: str | None,
) -> RoundScore:
    if cutter is None:
        raise OptionError.of("cutter_needed", game=titled(spec))
    rivals = [(name, spec.deck.parse_hand(cards)) for name, cards in parse_rivals(rival)]
    return score_round(
        spec,
        (
            # Unnamed, the cutter is "cutter" in JSON and named in the language everywhere else.
            _unnamed(spec) if cutter_name is None else one_line_name(cutter_name.strip()),
            spec.deck.parse_hand(cutter),
        ),
        rivals,
        drawn_from_pozo=spec.deck.parse_card(drawn_from_pozo) if drawn_from_pozo else None,
        upcard=spec.deck.parse_card(upcard) if upcard is not None else None,
    )


def _unnamed(spec: RuleSpec) -> Told:
    """The cutter without a name: "cutter" in JSON, the knocker in Gin's views."""
    return Told.known_as("cutter", "unnamed_knocker" if spec.puzzle_deadwood else "unnamed_cutter")


def _refuse_others(game: str, given: Mapping[str, object], kind: str) -> None:
    """Options of the other kind of scoring are refused, as `mazo solve` refuses them."""
    for flag, value in given.items():
        if value is not None:
            raise OptionError.of("not_for_game", flag=flag, game=game, kind=said(f"{kind}_scoring"))
