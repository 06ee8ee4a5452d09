"""The printable sheet of a game to a target (Gin Rummy): one row per hand with each player's
points and total, a box for each hand won, then the lines, the game bonus, the shutout and each
player's final score, and a chart of the totals with the target line."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from mazo.planilla import BACK, MUTED, build, chart_block, grid, note, opening, styles
from mazo.solver.match.target import BOX, GameResult, upcard_mark
from mazo.solver.spec.load import RuleSpec

# Past this many lines a player's boxes would wrap in the Lines row: the count says it alone.
MAX_BOXES = 10
# Fewer blank rows than the match planilla: the final scores and the chart share the page.
BLANK_ROWS = 12
FIRST_MM = 24
WORDS: dict[str, dict[str, Any]] = {
    "es": {
        "title": "Planilla",
        "rules": "A {target} puntos · línea {line} · partida {bonus}",
        "shutout": {True: "el blanqueo duplica", False: "sin blanqueo"},
        "hand": "Mano",
        "box": "línea {n}",
        "lines": "Líneas",
        "game_bonus": "Bono",
        "shutout_row": "Blanqueo",
        "total": "Total",
        "wins": "Gana {who}, por {margin} puntos.",
        "open": "Nadie llegó todavía a {target}.",
        "chart": "Total de cada jugador, mano a mano",
        "target_line": "objetivo {target}",
    },
    "en": {
        "title": "Score sheet",
        "rules": "To {target} points · line {line} · game {bonus}",
        "shutout": {True: "a shutout doubles", False: "no shutout"},
        "hand": "Hand",
        "box": "line {n}",
        "lines": "Lines",
        "game_bonus": "Game",
        "shutout_row": "Shutout",
        "total": "Total",
        "wins": "{who} wins, by {margin} points.",
        "open": "Nobody has reached {target} yet.",
        "chart": "Each player's total, hand by hand",
        "target_line": "target {target}",
    },
}


def write_game_sheet(path: Path, spec: RuleSpec, result: GameResult, *, lang: str = "es") -> None:
    """A4 PDF, reproducible byte for byte, as the match planilla."""
    from mazo.templates.fonts import register_fonts
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    words = WORDS[lang]
    faces = register_fonts()
    style = styles(faces)
    cell = style["cell"]
    players = result.players
    rules = words["rules"].format(
        target=result.target, line=result.line_bonus, bonus=result.game_bonus
    )
    subtitle = f"{rules} · {words['shutout'][result.shutout_doubles]}"
    subtitle += " · Oklahoma" if result.oklahoma else ""
    story, heading = opening(f"{words['title']} · {spec.title[lang]}", subtitle, words, style)
    rows = [heading(players)]
    won = dict.fromkeys(players, 0)
    for line in result.lines:
        row = [Paragraph(str(line.number), cell)]
        for player in players:
            text = f"<b>{line.totals[player]}</b>"
            if line.winner == player:
                won[player] += 1
                text = f'<font color="{MUTED}">+{line.points[player]}</font>  {text}'
                box = f"{BOX} {words['box'].format(n=won[player])}{upcard_mark(line)}"
                text += note(BACK, escape(box))
            row.append(Paragraph(text, cell))
        rows.append(row)
    final = result.final
    summary = [
        (
            words["lines"],
            lambda p: (
                f"{BOX * final[p].lines if final[p].lines <= MAX_BOXES else BOX} "
                f"{final[p].lines} × {result.line_bonus} = {final[p].line_points}"
            ),
        ),
        (words["game_bonus"], lambda p: str(final[p].game_bonus) if final[p].game_bonus else "—"),
    ]
    if any(s.shutout for s in final.values()):
        summary.append((words["shutout_row"], lambda p: "× 2" if final[p].shutout else "—"))
    summary.append((words["total"], lambda p: f"<b>{final[p].total}</b>"))
    totals = [
        [
            Paragraph(f"<b>{label}</b>", style["first"]),
            *(Paragraph(value(p), cell) for p in players),
        ]
        for label, value in summary
    ]
    if result.winner is not None:
        verdict = words["wins"].format(who=escape(result.winner), margin=result.margin)
    else:
        verdict = words["open"].format(target=result.target)
    paths = {
        p: [(0, result.start[p])] + [(ln.number, ln.totals[p]) for ln in result.lines]
        for p in players
    }
    story += [
        # Blank rows carry a game on by hand; a game already won needs none.
        grid(
            rows,
            len(players) + 1,
            blank_until=0 if result.winner is not None else BLANK_ROWS,
            first_mm=FIRST_MM,
        ),
        Spacer(1, 4 * mm),
        grid(totals, len(players) + 1, blank_until=0, first_mm=FIRST_MM),
        Spacer(1, 6 * mm),
        Paragraph(f"<b>{verdict}</b>", style["body"]),
        *chart_block(
            words["chart"],
            players,
            paths,
            len(result.lines),
            (result.target, words["target_line"].format(target=result.target), BACK),
            style=style,
            lang=lang,
            font=faces["regular"],
        ),
    ]
    build(path, story, f"{words['title']} {spec.title[lang]}")
