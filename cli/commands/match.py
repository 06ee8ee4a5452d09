"""`mazo match GAME SHEET`: plays a score sheet as its game's mechanism plays one (a match's
running totals, eliminations, reenganches and winner; a game to a target's totals, lines,
bonuses and winner; a partnership game's totals side by side), shown by the view of its result
and printed by that result's planilla."""

from __future__ import annotations

import sys
from collections.abc import Callable
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
    choose_lang,
    chosen_paper,
    parse_variants,
)
from mazo.output import emit, to_stdout
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError, OptionError
from mazo.solver.files import check_pdf_name, write_atomically
from mazo.solver.match.sheet import Sheet, SheetError, parse_sheet, players_only, read_sheet
from mazo.solver.mechanisms.registry import help_parts, mechanism_of
from mazo.solver.spec.rulespec import RuleSpec
from mazo.spoken import composed
from mazo.views import match as match_view  # noqa: F401  (registers the sheets' views)
from mazo.views.shown import planilla_of, shown_by, view_of
from mazo.words import say
from rich.text import Text

MATCH = (
    "Play a score sheet: totals after each hand, who is out, who re-enters, who wins; in a game "
    "to a target, the lines (hands won), the game bonus and the shutout{games}. A sheet with no "
    "hands yet, or --players, prints a blank planilla."
)


def _match_help(lang: str) -> str:
    """The command's help: what each mechanism's sheets show besides, within the words of every
    game's (the catalogue's in Spanish)."""
    from mazo.views.help_words import ES

    text = MATCH if lang == "en" else ES["match"]
    return text.format(games="".join(f"; {part}" for part in help_parts("match", lang)))


@app.command(help=composed("match", _match_help))
def match(
    game: Game,
    sheet: Annotated[
        str | None,
        typer.Argument(
            help="The score sheet, CSV or YAML: one row per hand, each player's points or cards "
            "(`-`: read from stdin); a CSV's words in English or Spanish (hand or mano, start or "
            "inicio, cutter or cortó). None with --players."
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            help="The players, comma-separated in seating order, instead of a sheet: with "
            "--pdf, a blank planilla to fill in by hand.",
        ),
    ] = None,
    pdf: Annotated[
        str | None, typer.Option("--pdf", help="Also write a printable planilla (PDF) here.")
    ] = None,
    paper: Annotated[
        str,
        typer.Option(
            "--paper",
            help="The planilla's paper: a4 or letter.",
            autocompletion=complete.listed("mazo.templates.page", "PAPERS"),
        ),
    ] = "a4",
    lang: Lang = None,
    rules: RulesFile = None,
    variant: Variants = None,
    as_json: AsJson = False,
) -> None:
    """Play a score sheet (its help is MATCH, with what each mechanism adds)."""
    paper = chosen_paper(paper)
    if pdf is not None:
        check_pdf_name(pdf, reads=(sheet, rules))
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    lang = choose_lang(lang, spec)
    mechanism = mechanism_of(spec)
    shown_by(mechanism)
    sheet_game = mechanism.sheet_game(spec)
    try:
        written = _sheet(sheet, players, sheet_game.fields)
        result = sheet_game.play(spec, written)
    except SheetError as error:
        first, valid = _first_mistake(spec, sheet_game.play, error)
        if first.valid.hands and not as_json and not to_stdout(pdf, as_json, "--pdf"):
            # What was written right, with its totals, above the one line of the mistake.
            heading = Text(say(lang, "valid_before"), style="bold")
            view = view_of(valid)
            emit({}, False, lambda: [heading, *view(valid, spec, lang, None, first.valid.about)])
        raise first from None
    piped = to_stdout(pdf, as_json, "--pdf")
    if pdf is not None:
        write = planilla_of(result)
        write_atomically(
            pdf,
            lambda path: write(path, spec, result, lang=lang, about=written.about, paper=paper),
            reads=(sheet, rules),
        )
    if not piped:
        view = view_of(result)
        emit(result.to_dict(), as_json, lambda: view(result, spec, lang, pdf, written.about))


def _first_mistake(spec: RuleSpec, play: Callable[..., Any], error: SheetError) -> tuple:
    """The sheet's first mistake and the result of the rows before it: rows read right before
    a row that cannot be read may still not play, and then the first of them is the mistake."""
    while True:
        try:
            return error, play(spec, error.valid)
        except SheetError as earlier:  # on fewer rows each time
            error = earlier


def _sheet(sheet: str | None, players: str | None, fields: str) -> Sheet:
    """The sheet in its file, on stdin for `-`, or a sheet of only the players named."""
    if (sheet is None) == (players is None):
        raise OptionError.of("sheet_or_players" if sheet is None else "sheet_and_players")
    if sheet is None:
        return players_only(str(players), "--players")
    if sheet != "-":
        return read_sheet(sheet, fields)
    if sys.stdin is None or sys.stdin.isatty():
        raise InputError.of("sheet_stdin")
    return parse_sheet(sys.stdin.buffer.read(), "<stdin>", fields, csv=None)
