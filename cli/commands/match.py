"""`mazo match GAME SHEET`: a match's running totals, eliminations, reenganches and winner."""

from __future__ import annotations

from typing import Annotated

import typer
from mazo.cli import app
from mazo.options import AsJson, RulesFile, Variants, parse_variants, read_lang
from mazo.output import emit, to_stdout, write_atomically
from mazo.solver.api import rules_for
from mazo.solver.match import MatchResult, play_match, read_sheet


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
    """Play a score sheet: totals after each hand, who is out, who re-enters, who wins."""
    from mazo.planilla import write_planilla

    lang = read_lang(lang)
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    result = play_match(spec, read_sheet(sheet))
    piped = to_stdout(pdf, as_json, "--pdf")
    if pdf is not None:
        write_atomically(
            pdf, lambda path: write_planilla(path, spec, result, lang=lang), reads=(sheet, rules)
        )
    if not piped:
        emit(result.to_dict(), as_json, lambda out: show(out, result))


def show(out, result: MatchResult) -> None:
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
                text.append(f" (could re-enter at {line.reference})", style="yellow")
            cells.append(text)
        table.add_row(str(line.number), *cells)
    out.print(table)
    if any(line.could_reenter for line in result.lines):
        out.print(Text("A sheet row's `reenter` names who comes back.", style="dim"))
    if result.winners:
        how = {"win_match": "by a match-winning close", "last_player_in": "as the last one in"}
        reason = how.get(result.won_by or "", "with the lowest total")
        out.print(Text(f"Winner: {' and '.join(result.winners)} ({reason})", style="bold green"))
    else:
        out.print(Text(f"Still in: {', '.join(result.still_in)}", style="bold"))
