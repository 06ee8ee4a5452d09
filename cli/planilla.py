"""The printable planilla of a match: one row per hand, points and running total per player."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from mazo.solver.match import MatchResult
from mazo.solver.spec import RuleSpec

INK = "#1f2933"
MUTED = "#6b7785"
OUT = "#b42318"
BACK = "#1a7f37"
RULE = "#c9d1d9"
BAND = "#f3f5f7"
BLANK_ROWS_UNTIL = 16


def number(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)  # a real minus sign


def note(colour: str, text: str) -> str:
    return f'<br/><font color="{colour}" size="8">{text}</font>'


def signed(value: int) -> str:
    return number(value) if value < 0 else f"+{value}"


def write_planilla(path: Path, spec: RuleSpec, result: MatchResult) -> None:
    """A4 PDF, reproducible byte for byte (reportlab invariant mode, embedded DejaVu Sans)."""
    from mazo.templates.fonts import register_fonts
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    faces = register_fonts()
    body = ParagraphStyle("body", fontName=faces["regular"], fontSize=10, leading=14)
    title = ParagraphStyle("title", parent=body, fontName=faces["bold"], fontSize=20, leading=24)
    small = ParagraphStyle("small", parent=body, fontSize=9, leading=12, textColor=MUTED)
    cell = ParagraphStyle("cell", parent=body, fontSize=10, leading=12, alignment=2)
    head = ParagraphStyle("head", parent=cell, fontName=faces["bold"])

    reenganche = {"off": "sin reenganche", "once": "un reenganche", "twice": "dos reenganches"}
    story = [
        Paragraph(f"Planilla · {spec.title['es']}", title),
        Paragraph(
            f"Límite {result.limit} (queda fuera quien lo supera) · "
            f"{reenganche.get(result.reenganche, result.reenganche)}",
            small,
        ),
        Spacer(1, 6 * mm),
    ]

    rows = [
        [
            Paragraph("Mano", ParagraphStyle("first", parent=head, alignment=0)),
            *(Paragraph(escape(p), head) for p in result.players),
        ]
    ]
    if any(result.start.values()):
        rows.append(
            [
                Paragraph("inicio", cell),
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
                text += note(OUT, "fuera")
            if player in line.reentered:
                text += note(BACK, f"reengancha en {line.reference}")
            if player in line.could_reenter:
                text += note(MUTED, f"podía reenganchar en {line.reference}")
            row.append(Paragraph(text, cell))
        rows.append(row)
    # Blank rows to carry on by hand at the table.
    filled = len(rows)
    rows += [[""] * (len(result.players) + 1)] * max(0, BLANK_ROWS_UNTIL - filled)

    width = A4[0] - 40 * mm
    first = 18 * mm
    grid = Table(
        rows,
        colWidths=[first] + [(width - first) / len(result.players)] * len(result.players),
        rowHeights=[None] * filled + [9 * mm] * (len(rows) - filled),
        repeatRows=1,
    )
    grid.setStyle(
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
    story += [grid, Spacer(1, 6 * mm)]
    if result.winners:
        how = {
            "win_match": "con un cierre que gana la partida",
            "last_player_in": "por quedar solo",
        }
        reason = how.get(result.won_by or "", "con el total más bajo")
        verdict = f"<b>Gana {escape(' y '.join(result.winners))}</b> {reason}."
    else:
        verdict = f"Siguen en juego: {escape(', '.join(result.still_in))}."
    story.append(Paragraph(verdict, body))

    doc = SimpleDocTemplate(
        str(path),
        pagesize=A4,
        leftMargin=20 * mm,
        rightMargin=20 * mm,
        topMargin=20 * mm,
        bottomMargin=20 * mm,
        title=f"Planilla {spec.title['es']}",
        author="mazo",
        invariant=1,
    )
    doc.build(story)
