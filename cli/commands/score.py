"""`mazo score GAME ...`: the points of one hand.

The options are the fields of every mechanism's scored hand (its `scoring()`): a game takes
those of its own mechanism and refuses the others'. A rummy hand, `--cutter CARDS --rival
NAME=CARDS...` → the close, each rival's acomodo, passing the cutter, everyone's points; a
partnership's hand, `--table MELDS --red-threes N --hand CARDS --going-out out` → its points,
item by item.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Mapping
from functools import partial
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
    with_options,
)
from mazo.output import emit
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.solver.mechanisms.base import HandScoring
from mazo.solver.mechanisms.registry import mechanism_of, scoring_help, scorings
from mazo.solver.messages import said
from mazo.spoken import composed
from mazo.views import score as score_view  # noqa: F401  (registers a rummy hand's view)
from mazo.views.shown import shown_by, view_of


def _option(scoring: HandScoring, flag: str, f: dataclasses.Field[Any]) -> inspect.Parameter:
    """The option of a scored hand's field, typed as its metadata says."""
    meta = f.metadata
    kind: Any = list[str] if meta["many"] else int if meta["whole"] else str
    typed: dict[str, Any] = {}
    if meta["whole"]:
        typed["click_type"] = (
            WholeNumber() if meta["minimum"] is None else WholeNumber(meta["minimum"])
        )
    if meta["choices"]:
        typed["autocompletion"] = complete.choices(*meta["choices"])
    return inspect.Parameter(
        f.name,
        inspect.Parameter.POSITIONAL_OR_KEYWORD,
        default=None,
        annotation=Annotated[kind | None, typer.Option(flag, help=_help(scoring, f.name), **typed)],
    )


def _help(scoring: HandScoring, name: str) -> str:
    return composed(f"score {name}", partial(scoring_help, scoring, name))


def with_hand_options(command: Callable[..., None]) -> Callable[..., None]:
    """The command with an option for each field of every scored hand, into `**hand`."""
    options = []
    for scoring in scorings().values():
        fields = {f.name: f for f in dataclasses.fields(scoring.hand)}
        options += [_option(scoring, flag, fields[name]) for flag, name in scoring.flags().items()]
    return with_options(command, options, after="game")


@app.command()
@with_hand_options
def score(
    game: Game,
    rules: RulesFile = None,
    variant: Variants = None,
    lang: Lang = None,
    as_json: AsJson = False,
    **hand: Any,
) -> None:
    """Score one hand: the close, each rival's best acomodo, passing the cutter, the points."""
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    shown = choose_lang(lang, spec)
    mechanism = mechanism_of(spec)
    scoring = mechanism.scoring()
    _refuse_others(spec.game, scoring, hand)
    fields = {f.name: f for f in dataclasses.fields(scoring.hand)}
    result = scoring.counted(
        spec,
        {
            name: one_card(flag, hand[name]) if fields[name].metadata["card"] else hand[name]
            for flag, name in scoring.flags().items()
        },
    )
    shown_by(mechanism)
    emit(result.to_dict(), as_json, lambda: view_of(result)(result, shown))


def _refuse_others(game: str, scoring: HandScoring, given: Mapping[str, object]) -> None:
    """Options of another kind of scoring are refused, as `mazo solve` refuses them."""
    for other in scorings().values():
        if other.kind == scoring.kind:
            continue
        for flag, name in other.flags().items():
            if given[name] is not None:
                raise OptionError.of(
                    "not_for_game", flag=flag, game=game, kind=said(f"{other.kind}.scoring")
                )
