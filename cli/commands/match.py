"""`mazo match GAME SHEET`: a match's running totals, eliminations, reenganches and winner; or,
for a game played to a target (Gin Rummy), the totals, the lines, the bonuses and the winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from mazo.cli import app
from mazo.options import AsJson, Game, Lang, RulesFile, Variants, choose_lang, parse_variants
from mazo.output import View, emit, to_stdout, write_atomically
from mazo.solver.api import rules_for
from mazo.solver.match.elimination import play_match
from mazo.solver.match.sheet import read_sheet
from mazo.solver.match.target import play_game, plays_to_target
from mazo.views import match as match_view


@app.command()
def match(
    game: Game,
    sheet: Annotated[
        str,
        typer.Argument(
            help="The score sheet, CSV or YAML: one row per hand, each player's points or cards."
        ),
    ],
    pdf: Annotated[
        str | None, typer.Option("--pdf", help="Also write a printable planilla (PDF) here.")
    ] = None,
    lang: Lang = None,
    rules: RulesFile = None,
    variant: Variants = None,
    as_json: AsJson = False,
) -> None:
    """Play a score sheet: totals after each hand, who is out, who re-enters, who wins; in a
    game to a target, the lines (hands won), the game bonus and the shutout."""
    from mazo.templates.scoresheet import write_game_sheet, write_planilla

    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    lang = choose_lang(lang, spec)
    to_target = plays_to_target(spec)
    result = (play_game if to_target else play_match)(spec, read_sheet(sheet))
    # Each takes the result its own play gives: the game's or the match's.
    write: Callable[..., None] = write_game_sheet if to_target else write_planilla
    piped = to_stdout(pdf, as_json, "--pdf")
    if pdf is not None:
        write_atomically(
            pdf, lambda path: write(path, spec, result, lang=lang), reads=(sheet, rules)
        )
    view: Callable[..., View] = match_view.game_view if to_target else match_view.view
    if not piped:
        emit(result.to_dict(), as_json, lambda: view(result, lang, pdf))
