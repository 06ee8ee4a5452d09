"""`mazo match`: an elimination match's planilla (points and running totals per hand, the
verdict), or a game to a target (totals, the hands' lines, the bonuses, the winner)."""

from __future__ import annotations

from mazo.output import View
from mazo.solver.match.elimination import HandLine, MatchResult
from mazo.solver.match.sheet import About
from mazo.solver.match.target import GameResult, upcard_mark
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views.lines import wrapped, wrote
from mazo.views.shown import planilla, shows
from mazo.words import say
from mazo.words.numbers import signed


def titled(title: str, about: About | None, lang: str) -> str:
    """A view's title, under the sheet's own title, date and place when it gives them, in
    lines that fit the terminal (the table's title is never wrapped by the table)."""
    said = about.line(lang) if about else ""
    if not said:
        return title
    lines = wrapped([(said, "")], hang="")
    return "\n".join([*("".join(text for text, _ in line) for line in lines), title])


@shows(MatchResult)
def view(
    result: MatchResult,
    spec: RuleSpec,
    lang: str,
    pdf: str | None = None,
    about: About | None = None,
    *,
    sheet: bool = True,
) -> View:
    """Points and running totals per hand (one row a hand), then the
    verdict; with `sheet`, how a sheet's row names who comes back (a game played at the table
    was written by no one)."""
    from rich.table import Table
    from rich.text import Text

    title = titled(say(lang, "match_title", game=spec.title[lang], limit=result.limit), about, lang)
    table = Table(title=title, title_justify="left")
    table.add_column(say(lang, "col_hand"), justify="right")
    for player in result.players:
        table.add_column(player, justify="right")
    if any(result.start.values()):
        table.add_row(say(lang, "start"), *(str(result.start[p]) for p in result.players))
    for line in result.lines:
        table.add_row(str(line.number), *(_cell(line, p, lang) for p in result.players))
    lines: View = [table]
    # Who stayed out though they could come back, under the table: in a cell, the note would
    # widen its column past what 80 columns hold.
    lines += [
        Text(say(lang, "did_not_reenter", who=p, hand=line.number, reference=line.reference))
        for line in result.lines
        for p in line.could_reenter
    ]
    if sheet and any(line.could_reenter for line in result.lines):
        lines += wrapped([(say(lang, "reenter_row"), "dim")])
    if result.winners:
        lines.append(Text(_winners(result, spec, lang), style="bold green"))
    else:
        lines.append(Text(say(lang, "still_in", who=", ".join(result.still_in)), style="bold"))
    return lines + wrote(pdf, lang)


def _winners(result: MatchResult, spec: RuleSpec, lang: str) -> str:
    """Who won and how: a close that wins the match by its name (¡Conga Limpia!)."""
    who = say(lang, "and").join(result.winners)
    if result.won_by == "win_match":
        close = next(c for c in spec.closes if c.effect == "win_match")
        return say(lang, "winner_close", who=who, close=close.names[lang])
    if result.won_by == "last_player_in":  # said as `mazo replay` says it
        many = "_many" if len(result.winners) > 1 else ""
        return say(lang, f"replay_last_player{many}", who=who)
    return say(lang, "winners", who=who, reason=say(lang, "by_lowest_total"))


def _cell(line: HandLine, player: str, lang: str):
    from rich.text import Text

    if player not in line.points:
        return Text(say(lang, "dash"), style="dim")
    text = Text(f"{signed(line.points[player], plus=True, terminal=True)} → {line.scored[player]}")
    if player in line.eliminated:
        text.append(say(lang, "out"), style="red")
    if player in line.reentered:
        text.append(say(lang, "back_at", total=line.totals[player]), style="green")
    if player in line.could_reenter:
        text.append(say(lang, "note_mark"), style="yellow")
    return text


@shows(GameResult)
def game_view(
    result: GameResult,
    spec: RuleSpec,
    lang: str,
    pdf: str | None = None,
    about: About | None = None,
) -> View:
    """Points and totals per hand (one row a hand), the hand's line, then the lines,
    bonuses and final scores."""
    from rich.table import Table
    from rich.text import Text

    title = say(
        lang,
        "game_title",
        game=spec.title[lang],
        target=result.target,
        line=result.line_bonus,
        bonus=result.game_bonus,
    )
    title += say(lang, "oklahoma") if result.oklahoma else ""
    table = Table(title=titled(title, about, lang), title_justify="left")
    table.add_column(say(lang, "col_hand"), justify="right")
    for player in result.players:
        table.add_column(player, justify="right")
    for line in result.lines:
        cells = []
        for player in result.players:
            text = Text(str(line.totals[player]))
            if line.winner == player:
                won = (say(lang, "won_hand", points=line.points[player]), "dim")
                text = Text.assemble(won, text, (say(lang, "box"), "green"))
                text.append(upcard_mark(line), style="dim")
            cells.append(text)
        table.add_row(str(line.number), *cells)
    _final_rows(table, result, lang)
    lines: View = [table]
    if result.winner is not None:
        verdict = say(lang, "winner_by", who=result.winner, margin=result.margin)
        lines.append(Text(verdict, style="bold green"))
    else:
        lines.append(Text(say(lang, "nobody_yet", target=result.target), style="bold"))
    return lines + wrote(pdf, lang)


def _final_rows(table, result: GameResult, lang: str) -> None:
    """The lines, bonuses and totals under the hands."""
    from rich.text import Text

    final, dash = result.final, say(lang, "dash")
    table.add_section()
    table.add_row(
        say(lang, "lines"),
        *(
            say(
                lang,
                "lines_cell",
                lines=final[p].lines,
                bonus=result.line_bonus,
                points=final[p].line_points,
            )
            for p in result.players
        ),
    )
    table.add_row(say(lang, "game"), *(str(final[p].game_bonus or dash) for p in result.players))
    if any(s.shutout for s in final.values()):
        doubled = say(lang, "doubled")
        table.add_row(
            say(lang, "shutout"), *(doubled if final[p].shutout else dash for p in result.players)
        )
    table.add_row(
        say(lang, "total"), *(Text(str(final[p].total), style="bold") for p in result.players)
    )


planilla(MatchResult, "mazo.views.score_sheets.write_planilla")
planilla(GameResult, "mazo.views.score_sheets.write_game_sheet")
