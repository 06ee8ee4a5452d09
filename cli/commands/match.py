"""`mazo match GAME SHEET`: a match's running totals, eliminations, reenganches and winner; or,
for a game played to a target (Gin Rummy), the totals, the lines, the bonuses and the winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from mazo.cli import app
from mazo.options import AsJson, RulesFile, Variants, parse_variants, read_lang
from mazo.output import emit, to_stdout, write_atomically
from mazo.solver.api import rules_for
from mazo.solver.match.sheet import MatchResult, play_match, plays_to_target, read_sheet
from mazo.solver.match.target import GameResult, play_game, upcard_mark


@app.command()
def match(
    game: Annotated[str, typer.Argument(help="Game name or alias (see `mazo games`).")],
    sheet: Annotated[
        str,
        typer.Argument(
            help="The score sheet, CSV or YAML: one row per hand, each player's points or cards."
        ),
    ],
    pdf: Annotated[
        str | None, typer.Option("--pdf", help="Also write a printable planilla (PDF) here.")
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the planilla: es or en.")] = "es",
    rules: RulesFile = None,
    variant: Variants = None,
    as_json: AsJson = False,
) -> None:
    """Play a score sheet: totals after each hand, who is out, who re-enters, who wins; in a
    game to a target, the lines (hands won), the game bonus and the shutout."""
    from mazo.gamesheet import write_game_sheet
    from mazo.planilla import write_planilla

    lang = read_lang(lang)
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    to_target = plays_to_target(spec)
    result = (play_game if to_target else play_match)(spec, read_sheet(sheet))
    # Each takes the result its own play gives: the game's or the match's.
    write: Callable[..., None] = write_game_sheet if to_target else write_planilla
    piped = to_stdout(pdf, as_json, "--pdf")
    if pdf is not None:
        write_atomically(
            pdf, lambda path: write(path, spec, result, lang=lang), reads=(sheet, rules)
        )
    view: Callable[..., None] = show_game if to_target else show
    if not piped:
        emit(result.to_dict(), as_json, lambda out: view(out, result, pdf))


def show(out, result: MatchResult, pdf: str | None = None) -> None:
    """The planilla in the terminal: points and running totals per hand, then the verdict."""
    from rich.table import Table
    from rich.text import Text

    table = Table(title=f"{result.game}: limit {result.limit}", title_justify="left")
    table.add_column("hand", justify="right")
    for player in result.players:
        table.add_column(player, justify="right")
    if any(result.start.values()):
        table.add_row("start", *(str(result.start[p]) for p in result.players))
    for line in result.lines:
        cells = []
        for player in result.players:
            if player not in line.points:
                cells.append(Text("—", style="dim"))
                continue
            text = Text(f"{line.points[player]:+d} → {line.scored[player]}")
            if player in line.eliminated:
                text.append("  out", style="red")
            if player in line.reentered:
                text.append(f", back at {line.totals[player]}", style="green")
            if player in line.could_reenter:
                text.append(f" (did not re-enter at {line.reference})", style="yellow")
            cells.append(text)
        table.add_row(str(line.number), *cells)
    out.print(table)
    if any(line.could_reenter for line in result.lines):
        out.print(
            Text(
                "A sheet row's `reenter` names who comes back; a player it does not name stays "
                "out.",
                style="dim",
            )
        )
    if result.winners:
        how = {"win_match": "by a match-winning close", "last_player_in": "as the last one in"}
        reason = how.get(result.won_by or "", "with the lowest total")
        out.print(Text(f"Winner: {' and '.join(result.winners)} ({reason})", style="bold green"))
    else:
        out.print(Text(f"Still in: {', '.join(result.still_in)}", style="bold"))
    _wrote(out, pdf)


def show_game(out, result: GameResult, pdf: str | None = None) -> None:
    """A game to a target in the terminal: points and totals per hand, the hand's line, then the
    lines, bonuses and final scores."""
    from rich.table import Table
    from rich.text import Text

    title = f"{result.game}: to {result.target}, line {result.line_bonus}, game {result.game_bonus}"
    title += ", Oklahoma" if result.oklahoma else ""
    table = Table(title=title, title_justify="left")
    table.add_column("hand", justify="right")
    for player in result.players:
        table.add_column(player, justify="right")
    for line in result.lines:
        cells = []
        for player in result.players:
            text = Text(str(line.totals[player]))
            if line.winner == player:
                text = Text.assemble((f"+{line.points[player]} → ", "dim"), text, (" ■", "green"))
                text.append(upcard_mark(line), style="dim")
            cells.append(text)
        table.add_row(str(line.number), *cells)
    final = result.final
    table.add_section()
    table.add_row(
        "lines",
        *(
            f"{final[p].lines} × {result.line_bonus} = {final[p].line_points}"
            for p in result.players
        ),
    )
    table.add_row("game", *(str(final[p].game_bonus or "—") for p in result.players))
    if any(s.shutout for s in final.values()):
        table.add_row("shutout", *("× 2" if final[p].shutout else "—" for p in result.players))
    table.add_row("total", *(Text(str(final[p].total), style="bold") for p in result.players))
    out.print(table)
    if result.winner is not None:
        out.print(Text(f"Winner: {result.winner}, by {result.margin}", style="bold green"))
    else:
        out.print(Text(f"Nobody has reached {result.target} yet.", style="bold"))
    _wrote(out, pdf)


def _wrote(out, pdf: str | None) -> None:
    if pdf is not None:
        out.print(f"wrote {pdf}")
