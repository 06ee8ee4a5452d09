"""The printable planilla of a match: one row per hand, points and running total per player,
then a small chart of each player's total hand by hand, with the elimination line."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from mazo.solver.match.elimination import MatchResult
from mazo.solver.spec.load import RuleSpec

INK = "#1f2933"
MUTED = "#6b7785"
OUT = "#b42318"
BACK = "#1a7f37"
RULE = "#c9d1d9"
BAND = "#f3f5f7"
BLANK_ROWS_UNTIL = 16
# One colour per player in the chart, in seat order; told apart in print and on screen.
PLAYER_COLOURS = ("#1f4e9a", "#c08a00", "#2e7d32", "#6a1b9a", "#00838f", "#5d4037")
CHART_HEIGHT_MM = 55

WORDS: dict[str, dict[str, Any]] = {
    "es": {
        "title": "Planilla",
        "limit": "Límite {limit} (queda fuera quien lo supera)",
        "reenganche": {
            "off": "sin reenganche",
            "once": "un reenganche",
            "twice": "dos reenganches",
        },
        "hand": "Mano",
        "start": "inicio",
        "out": "fuera",
        "reentered": "reengancha en {total}",
        "could_reenter": "no reenganchó en {total}",
        "won_by": {
            "win_match": "con un cierre que gana la partida",
            "last_player_in": "por quedar solo",
        },
        "lowest": "con el total más bajo",
        "wins": "Gana {who}",
        "and": " y ",
        "still_in": "Siguen en juego: {who}.",
        "chart": "Total de cada jugador, mano a mano",
        "limit_line": "límite {limit}",
    },
    "en": {
        "title": "Score sheet",
        "limit": "Limit {limit} (a player who goes past it is out)",
        "reenganche": {"off": "no re-entry", "once": "one re-entry", "twice": "two re-entries"},
        "hand": "Hand",
        "start": "start",
        "out": "out",
        "reentered": "re-enters at {total}",
        "could_reenter": "did not re-enter at {total}",
        "won_by": {
            "win_match": "with a close that wins the match",
            "last_player_in": "as the last player in",
        },
        "lowest": "with the lowest total",
        "wins": "{who} wins",
        "and": " and ",
        "still_in": "Still in: {who}.",
        "chart": "Each player's total, hand by hand",
        "limit_line": "limit {limit}",
    },
}
LANGS = tuple(WORDS)


def number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)  # a real minus sign


def note(colour: str, text: str) -> str:
    return f'<br/><font color="{colour}" size="8">{text}</font>'


def signed(value: int) -> str:
    return number(value) if value < 0 else f"+{value}"


def styles(faces) -> dict:
    """The sheet's paragraph styles, in DejaVu Sans."""
    from reportlab.lib.styles import ParagraphStyle

    body = ParagraphStyle("body", fontName=faces["regular"], fontSize=10, leading=14)
    cell = ParagraphStyle("cell", parent=body, fontSize=10, leading=12, alignment=2)
    head = ParagraphStyle("head", parent=cell, fontName=faces["bold"])
    return {
        "body": body,
        "title": ParagraphStyle(
            "title", parent=body, fontName=faces["bold"], fontSize=20, leading=24
        ),
        "small": ParagraphStyle("small", parent=body, fontSize=9, leading=12, textColor=MUTED),
        "cell": cell,
        "head": head,
        "first": ParagraphStyle("first", parent=head, alignment=0),
    }


def grid(rows: list, columns: int, *, blank_until: int = BLANK_ROWS_UNTIL, first_mm: int = 18):
    """The sheet's table: a heading row, the filled rows banded, then empty rows up to
    `blank_until` rows in all, to carry on by hand at the table."""
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import Table, TableStyle

    filled = len(rows)
    rows = rows + [[""] * columns] * max(0, blank_until - filled)
    width = A4[0] - 40 * mm
    first = first_mm * mm
    table = Table(
        rows,
        colWidths=[first] + [(width - first) / (columns - 1)] * (columns - 1),
        rowHeights=[None] * filled + [9 * mm] * (len(rows) - filled),
        repeatRows=1,
    )
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 1, colors.HexColor(INK)),
                ("LINEBELOW", (0, 1), (-1, -1), 0.4, colors.HexColor(RULE)),
                ("LINEAFTER", (0, 0), (0, -1), 0.4, colors.HexColor(RULE)),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor(BAND)]),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    return table


def build(path: Path, story: list, title: str) -> None:
    """A4 PDF, reproducible byte for byte (reportlab invariant mode)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    doc = SimpleDocTemplate(
        str(path),
        pagesize=A4,
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=20 * mm,
        bottomMargin=20 * mm,
        title=title,
        author="mazo",
        invariant=1,
    )
    doc.build(story)


def chart_width() -> float:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.units import mm

    return A4[0] - 40 * mm


def opening(title: str, subtitle: str, words: dict, style: dict):
    """The sheet's title and rules line, and the table's heading row for its players."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    story = [Paragraph(title, style["title"]), Paragraph(subtitle, style["small"])]
    story.append(Spacer(1, 6 * mm))

    def heading(players) -> list:
        first = Paragraph(words["hand"], style["first"])
        return [first, *(Paragraph(escape(p), style["head"]) for p in players)]

    return story, heading


def write_planilla(path: Path, spec: RuleSpec, result: MatchResult, *, lang: str = "es") -> None:
    """A4 PDF, reproducible byte for byte (reportlab invariant mode, embedded DejaVu Sans)."""
    from mazo.templates.fonts import register_fonts
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    words = WORDS[lang]
    faces = register_fonts()
    style = styles(faces)
    cell = style["cell"]

    reenganche = words["reenganche"].get(result.reenganche, result.reenganche)
    subtitle = f"{words['limit'].format(limit=result.limit)} · {reenganche}"
    story, heading = opening(f"{words['title']} · {spec.title[lang]}", subtitle, words, style)
    rows = [heading(result.players)]
    if any(result.start.values()):
        rows.append(
            [
                Paragraph(words["start"], cell),
                *(Paragraph(number(result.start[p]), cell) for p in result.players),
            ]
        )
    for line in result.lines:
        row = [Paragraph(str(line.number), cell)]
        for player in result.players:
            if player not in line.points:
                row.append(Paragraph(f'<font color="{MUTED}">—</font>', cell))
                continue
            points, total = signed(line.points[player]), number(line.scored[player])
            text = f'<font color="{MUTED}">{points}</font>  <b>{total}</b>'
            if player in line.eliminated:
                text += note(OUT, words["out"])
            if player in line.reentered:
                text += note(BACK, words["reentered"].format(total=line.reference))
            if player in line.could_reenter:
                text += note(MUTED, words["could_reenter"].format(total=line.reference))
            row.append(Paragraph(text, cell))
        rows.append(row)
    # Blank rows carry a match on by hand; a match already won needs none.
    blank = 0 if result.winners else BLANK_ROWS_UNTIL
    story += [grid(rows, len(result.players) + 1, blank_until=blank), Spacer(1, 6 * mm)]
    if result.winners:
        reason = words["won_by"].get(result.won_by or "", words["lowest"])
        who = escape(words["and"].join(result.winners))
        verdict = f"<b>{words['wins'].format(who=who)}</b> {reason}."
    else:
        verdict = words["still_in"].format(who=escape(", ".join(result.still_in)))
    story += [
        Paragraph(verdict, style["body"]),
        *chart_block(
            words["chart"],
            result.players,
            total_paths(result),
            len(result.lines),
            (result.limit, words["limit_line"].format(limit=result.limit), OUT),
            style=style,
            lang=lang,
            font=faces["regular"],
        ),
    ]
    build(path, story, f"{words['title']} {spec.title[lang]}")


def chart_block(title, players, paths, hands, line, *, style, lang, font) -> list:
    """The chart under a sheet, with its heading (see totals_chart)."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, Spacer

    return [
        Spacer(1, 6 * mm),
        Paragraph(f"<b>{title}</b>", style["small"]),
        totals_chart(
            players, paths, hands, line, chart_width(), CHART_HEIGHT_MM * mm, lang=lang, font=font
        ),
    ]


def total_paths(result: MatchResult) -> dict[str, list[tuple[int, int]]]:
    """Each player's (hand, total) points: the start, the total after each hand they played,
    and, on a re-entry, a second point at the same hand with the total they came back at."""
    paths: dict[str, list[tuple[int, int]]] = {p: [(0, result.start[p])] for p in result.players}
    for line in result.lines:
        for player in result.players:
            if player not in line.points:
                continue
            paths[player].append((line.number, line.scored[player]))
            if player in line.reentered:
                paths[player].append((line.number, line.totals[player]))
    return paths


def totals_chart(
    players, paths, hands: int, line: tuple[int, str, str], width, height, *, lang, font
):
    """A line per player over the hands, a dashed line across (the elimination limit, or the
    target: value, label, colour), and a legend naming the players in their colours."""
    from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, String
    from reportlab.lib import colors
    from reportlab.pdfbase.pdfmetrics import stringWidth

    words = WORDS[lang]
    line_value, line_text, line_colour = line
    totals = [t for path in paths.values() for _, t in path]
    low = min(0, *totals)
    high = max(line_value, *totals)
    span = (high - low) or 1
    hands = max(1, hands)
    # The legend sits right of the plot, as wide as the longest name (a long name is cut short
    # with an ellipsis rather than run off the page).
    widest = width / 3
    names = {p: _fitted(p, widest, font, stringWidth) for p in players}
    legend = 14 + max(stringWidth(n, font, 8) for n in names.values())
    left, right, bottom, top = 28, legend + 6, 16, 10  # room for the axis labels and the legend
    inner_w, inner_h = width - left - right, height - bottom - top

    def x(hand: int) -> float:
        return left + inner_w * hand / hands

    def y(total: int) -> float:
        return bottom + inner_h * (total - low) / span

    drawing = Drawing(width, height)
    muted, rule = colors.HexColor(MUTED), colors.HexColor(RULE)
    drawing.add(Line(left, bottom, left + inner_w, bottom, strokeColor=rule))
    drawing.add(Line(left, bottom, left, bottom + inner_h, strokeColor=rule))
    # The lowest and highest totals mark the scale; the limit has its own label.
    for value in sorted({low, high}):
        drawing.add(
            String(
                left - 3,
                y(value) - 3,
                number(value),
                fontName=font,
                fontSize=7,
                fillColor=muted,
                textAnchor="end",
            )
        )
    # Every hand's number while they fit; past that, every step-th, so labels never touch.
    widest_label = max(stringWidth(words["start"], font, 7), stringWidth(str(hands), font, 7))
    step = next(
        s for s in (1, 2, 5, 10, 20, 50, 100, hands) if inner_w * s / hands > widest_label + 4
    )
    for hand in range(0, hands + 1, step):
        label = str(hand) if hand else words["start"]
        drawing.add(
            String(
                x(hand),
                bottom - 10,
                label,
                fontName=font,
                fontSize=7,
                fillColor=muted,
                textAnchor="middle",
            )
        )
    line_y = y(line_value)
    drawing.add(
        Line(
            left,
            line_y,
            left + inner_w,
            line_y,
            strokeColor=colors.HexColor(line_colour),
            strokeWidth=0.8,
            strokeDashArray=[3, 2],
        )
    )
    drawing.add(
        String(
            left + 4,
            line_y + 2,
            line_text,
            fontName=font,
            fontSize=7,
            fillColor=colors.HexColor(line_colour),
        )
    )
    for index, player in enumerate(players):
        colour = colors.HexColor(PLAYER_COLOURS[index % len(PLAYER_COLOURS)])
        points = [coordinate for hand, total in paths[player] for coordinate in (x(hand), y(total))]
        drawing.add(PolyLine(points, strokeColor=colour, strokeWidth=1.4))
        for hand, total in paths[player]:
            drawing.add(Circle(x(hand), y(total), 1.6, fillColor=colour, strokeColor=colour))
        legend_x, legend_y = left + inner_w + 6, bottom + inner_h - 10 * index
        drawing.add(
            Line(
                legend_x,
                legend_y + 2.5,
                legend_x + 8,
                legend_y + 2.5,
                strokeColor=colour,
                strokeWidth=1.4,
            )
        )
        drawing.add(
            String(
                legend_x + 11, legend_y, names[player], fontName=font, fontSize=8, fillColor=colour
            )
        )
    return drawing


def _fitted(name: str, width: float, font: str, measure) -> str:
    """The name as the legend prints it: whole when it fits the width, else cut with '…'."""
    if measure(name, font, 8) <= width:
        return name
    while name and measure(name + "…", font, 8) > width:
        name = name[:-1]
    return name.rstrip() + "…"
