"""`mazo match GAME SHEET`: a match's running totals, eliminations, reenganches and winner; or,
for a game played to a target (Gin Rummy), the totals, the lines, the bonuses and the winner; or,
for Canasta, each side's totals and next initial meld minimum to the target."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from mazo.cli import app
from mazo.options import AsJson, Game, Lang, RulesFile, Variants, choose_lang, parse_variants
from mazo.output import View, emit, to_stdout
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError
from mazo.solver.files import write_atomically
from mazo.solver.match.elimination import play_match
from mazo.solver.match.sheet import ROW_FIELDS, Sheet, parse_sheet, read_sheet
from mazo.solver.match.target import play_game, plays_to_target
from mazo.solver.mechanisms.canasta.game import ROW_FIELDS as CANASTA_ROW_FIELDS
from mazo.solver.mechanisms.canasta.game import play_sides_game
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.spec.load import RuleSpec
from mazo.views import match as match_view


@app.command()
def match(
    game: Game,
    sheet: Annotated[
        str,
        typer.Argument(
            help="The score sheet, CSV or YAML: one row per hand, each player's points or cards "
            "(`-`: read from stdin)."
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
    game to a target, the lines (hands won), the game bonus and the shutout; in Canasta, each
    side's total and its initial meld minimum for the next hand."""
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    lang = choose_lang(lang, spec)
    play, write, view = _kind(spec)
    fields = CANASTA_ROW_FIELDS if mechanism_of(spec).sides_to_target else ROW_FIELDS
    result = play(spec, _sheet(sheet, fields))
    piped = to_stdout(pdf, as_json, "--pdf")
    if pdf is not None:
        write_atomically(
            pdf, lambda path: write(path, spec, result, lang=lang), reads=(sheet, rules)
        )
    if not piped:
        emit(result.to_dict(), as_json, lambda: view(result, spec, lang, pdf))


def _sheet(sheet: str, fields: str) -> Sheet:
    """The sheet in its file, or on stdin for `-`."""
    if sheet != "-":
        return read_sheet(sheet, fields)
    if sys.stdin is None or sys.stdin.isatty():
        raise InputError("`-` reads the sheet from stdin: pipe it in (mazo match GAME - < FILE)")
    return parse_sheet(sys.stdin.buffer.read(), "<stdin>", fields, csv=None)


def _kind(spec: RuleSpec) -> tuple[Callable[..., Any], Callable[..., None], Callable[..., View]]:
    """How this game plays a sheet, prints its planilla and shows it: side against side to the
    target (Canasta), a game to a target (Gin) or an elimination match."""
    from mazo.templates import scoresheet

    if mechanism_of(spec).sides_to_target:
        return play_sides_game, scoresheet.write_sides_sheet, match_view.sides_view
    if plays_to_target(spec):
        return play_game, scoresheet.write_game_sheet, match_view.game_view
    return play_match, scoresheet.write_planilla, match_view.view
