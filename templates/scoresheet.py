"""Lay out a score sheet (planilla) and the odds chart as PDF, on the score sheet's page set-up
and styles.

- `write_score_sheet`: a `ScoreSheet`, one row per hand with each column's points and running
  total, then a game's final scores, the verdict, and the chart of the totals with its line
  across; blank, numbered rows to write the hands in, to the foot of the page.
- `write_odds_sheet`: an `OddsSheet`, the chart of the chance to cut by each turn, a table of it
  and the notes under it.

Reproducible byte for byte: reportlab runs with `invariant=1`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, unescape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from . import document as doc
from .chart import totals_chart
from .fonts import register_fonts
from .page import page_setup
from .styles import StyleSheet, colour, load_styles, styles_data

BLANK_ROWS_UNTIL = 16
# Fewer blank rows on a game's sheet: the final scores and the chart share the page.
GAME_BLANK_ROWS = 12
GAME_FIRST_MM = 24
# An open sheet past those rows still leaves this many, to carry on by hand (fewer when only
# so its chart stays on the page).
LEAST_BLANK_ROWS = 4
CHART_HEIGHT_MM = 55
# A row to write a hand in by hand.
ROW_MM = 9
# Room a page's frame keeps at its top and bottom (reportlab's 6-point padding each), and a
# few points to spare, so a blank planilla's rows end on its one page.
FRAME_PADDING = 16
# The smallest size a heading's name is set in to keep its longest word whole.
MIN_HEAD_SIZE = 6
# A table cell's space on each side of its text (reportlab's own default).
SIDE_PADDING = 6


def _hex(name: str) -> str:
    """A palette colour as the sheets' inline markup names it."""
    return styles_data()["colours"][name]


def note(colour: str, text: str) -> str:
    """A small line under a cell's points, in a colour of the palette."""
    return f'<br/><font color="{_hex(colour)}" size="8">{text}</font>'


def muted(text: str) -> str:
    return f'<font color="{_hex("score_muted")}">{text}</font>'


def grid(
    rows: list,
    columns: int,
    *,
    blank_until: int = BLANK_ROWS_UNTIL,
    first_mm: int = 18,
    paper: str | None = None,
    to_fill: int = 0,
    side_padding: float = SIDE_PADDING,
    most_blank: int | None = None,
    next_hand: int = 1,
):
    """The sheet's table: a heading row, the filled rows banded, then empty rows up to
    `blank_until` rows in all (at least LEAST_BLANK_ROWS, at most `most_blank`; none when it is
    0: the game is over), to carry on by hand at the table, numbered on from `next_hand` as a
    blank planilla's are. A blank planilla's last `to_fill`
    rows are numbered hands to write in. Both are as tall as each other, with a line between
    the columns, as a hand is written in by hand."""
    filled = len(rows) - to_fill
    setup = page_setup("scoresheet", paper=paper)
    # A page shorter than the set-up's own (letter beside A4) keeps the chart on it: fewer rows.
    shorter = page_setup("scoresheet").frame_height - setup.frame_height
    blank_until -= math.ceil(max(0.0, shorter) / (ROW_MM * mm)) if blank_until else 0
    blank = max(LEAST_BLANK_ROWS, blank_until - filled) if blank_until else 0
    blank = blank if most_blank is None else min(blank, most_blank)
    cell = load_styles()["score_cell"]
    spare = range(next_hand, next_hand + blank)
    rows_below = rows[1:] + [[Paragraph(str(n), cell), *[""] * (columns - 1)] for n in spare]
    width = setup.frame_width
    first = first_mm * mm
    column = (width - first) / (columns - 1)
    rows = [[rows[0][0], *(_whole_words(c, column - 2 * side_padding) for c in rows[0][1:])]]
    rows += rows_below
    table = Table(
        rows,
        colWidths=[first] + [column] * (columns - 1),
        rowHeights=[None] * filled + [ROW_MM * mm] * (len(rows) - filled),
        repeatRows=1,
    )
    rule = colour("score_rule")
    # A blank planilla's lines run from its heading; a sheet's only down its empty rows.
    by_hand = 0 if to_fill else filled
    lines = [("LINEAFTER", (1, by_hand), (-2, -1), 0.4, rule)] if len(rows) > filled else []
    table.setStyle(
        TableStyle(
            [
                ("LINEBELOW", (0, 0), (-1, 0), 1, colour("score_ink")),
                ("LINEBELOW", (0, 1), (-1, -1), 0.4, rule),
                ("LINEAFTER", (0, 0), (0, -1), 0.4, rule),
                *lines,
                (
                    "ROWBACKGROUNDS",
                    (0, 1),
                    (-1, -1),
                    [colour("white"), colour("score_band")],
                ),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                ("LEFTPADDING", (0, 0), (-1, -1), side_padding),
                ("RIGHTPADDING", (0, 0), (-1, -1), side_padding),
            ]
        )
    )
    return table


def _whole_words(cell: Any, room: float) -> Any:
    """A heading's cell that breaks only between words: a name whose longest word is wider
    than the column (`Maximiliano` in one of six) is set smaller, not split mid-word."""
    if not isinstance(cell, Paragraph):
        return cell
    style = cell.style
    words = unescape(cell.text).split() or [""]
    widest = max(stringWidth(w, style.fontName, style.fontSize) for w in words)
    if widest <= room:
        return cell
    size = max(MIN_HEAD_SIZE, math.floor(style.fontSize * room / widest * 2) / 2)
    smaller = ParagraphStyle(
        f"{style.name}_{size}",
        parent=style,
        fontSize=size,
        leading=size * style.leading / style.fontSize,
    )
    return Paragraph(cell.text, smaller)


def build(path: Path, story: list, title: str, paper: str | None = None) -> None:
    """The sheet's PDF, on the score sheet's page set-up (on `paper`: a4, letter)."""
    setup = page_setup("scoresheet", paper=paper)
    SimpleDocTemplate(str(path), **setup.template_options(), title=title).build(story)


def chart_width(paper: str | None = None) -> float:
    return page_setup("scoresheet", paper=paper).frame_width


def _opening(sheet: doc.ScoreSheet, styles: StyleSheet) -> list:
    """The sheet's heading, the line under it (its title, date and place) and its rules line."""
    story = [Paragraph(escape(sheet.heading), styles["score_title"])]
    if sheet.under:
        story.append(Paragraph(escape(sheet.under), styles["score_body"]))
    story.append(Paragraph(escape(sheet.rules), styles["score_small"]))
    story.append(Spacer(1, 6 * mm))
    return story


def _heading(sheet: doc.ScoreSheet, styles: StyleSheet) -> list:
    """The table's heading row: the hands' column, then a column a player or side."""
    first = Paragraph(escape(sheet.hand), styles["score_first"])
    return [first, *(Paragraph(escape(p), styles["score_head"]) for p in sheet.columns)]


def _markup(cell: doc.Cell) -> str:
    """A cell as a paragraph's markup: the points muted before the value, notes under it."""
    text = escape(cell.value)
    if cell.bold:
        text = f"<b>{text}</b>"
    if cell.points:
        text = f"{muted(escape(cell.points))}  {text}" if cell.value else muted(escape(cell.points))
    for name, said in cell.notes:
        text += note(name, escape(said))
    return text


def _rows(sheet: doc.ScoreSheet, styles: StyleSheet) -> list:
    cell = styles["score_cell"]
    rows = [[Paragraph(_markup(c), cell) for c in row] for row in sheet.rows]
    return [_heading(sheet, styles), *rows]


def _finals(sheet: doc.ScoreSheet, styles: StyleSheet) -> list:
    """A game's final rows: each label in bold, then its cells (empty on a blank sheet)."""
    cell = styles["score_cell"]
    return [
        [
            Paragraph(f"<b>{escape(label)}</b>", styles["score_first"]),
            *((Paragraph(_markup(c), cell) for c in cells) if cells else [""] * len(sheet.columns)),
        ]
        for label, cells in sheet.finals
    ]


def write_score_sheet(sheet: doc.ScoreSheet, path: Path) -> None:
    """The sheet as PDF: a blank one's rows to the foot of its page; a played one's hands, with
    blank rows to carry it on while it is open, and what goes below them."""
    styles = load_styles()
    story = _opening(sheet, styles)
    rows = _rows(sheet, styles)
    first_mm = GAME_FIRST_MM if sheet.target else 18
    if sheet.fill:
        story = to_fill(story, rows, sheet, styles, first_mm=first_mm)
        build(path, story, sheet.title, sheet.paper)
        return
    below: list = []
    if sheet.finals:
        finals = _finals(sheet, styles)
        columns = len(sheet.columns) + 1
        below += [
            Spacer(1, 4 * mm),
            grid(finals, columns, blank_until=0, first_mm=first_mm, paper=sheet.paper),
        ]
    verdict = f"<b>{escape(sheet.verdict)}</b>" if sheet.verdict else ""
    below += [
        Spacer(1, 6 * mm),
        Paragraph(verdict + escape(sheet.verdict_more), styles["score_body"]),
    ]
    if sheet.chart is not None:
        below += chart_block(sheet.chart, styles, sheet.paper)
    # Blank rows carry a match or game on by hand; one already won needs none.
    blank = (GAME_BLANK_ROWS if sheet.target else BLANK_ROWS_UNTIL) if sheet.open else 0

    def table(most_blank: int | None):
        return grid(
            rows,
            len(sheet.columns) + 1,
            blank_until=blank,
            first_mm=first_mm,
            paper=sheet.paper,
            most_blank=most_blank,
            next_hand=sheet.next_hand,
        )

    story += [room_for_chart(story, table, below, sheet.paper), *below]
    build(path, story, sheet.title, sheet.paper)


def to_fill(
    above: list, rows: list, sheet: doc.ScoreSheet, styles: StyleSheet, *, first_mm: int
) -> list:
    """A blank planilla's page: the story `above` (its title and rules), the heading and start
    `rows`, then numbered hands to the foot of the page (less the room of a game's final rows
    after them), what each box holds, and the winner to write in."""
    columns, paper = len(sheet.columns), sheet.paper

    def table(cells: list, tall: int = 0):
        return grid(cells, columns + 1, blank_until=0, first_mm=first_mm, paper=paper, to_fill=tall)

    after = _finals(sheet, styles)
    feet = [Spacer(1, 2 * mm), table(after, len(after))] if after else []
    feet += [
        Spacer(1, 3 * mm),
        Paragraph(escape(sheet.fill), styles["score_small"]),
        Spacer(1, 5 * mm),
        Paragraph(f"<b>{escape(sheet.winner)}</b>", styles["score_body"]),
    ]
    # Measured, not guessed: a title on two lines, or names on two, leave fewer rows.
    count = _rows_room([*above, table(rows), *feet], paper)
    cell = styles["score_cell"]
    numbered = [[Paragraph(str(n), cell), *[""] * columns] for n in range(1, count + 1)]
    return [*above, table([*rows, *numbered], count), *feet]


def chart_block(
    chart: doc.Chart, styles: StyleSheet, paper: str | None = None, height_mm: float = 0
) -> list:
    """The chart under a sheet, with its heading: CHART_HEIGHT_MM tall unless `height_mm`."""
    drawing = totals_chart(
        chart,
        chart_width(paper),
        (height_mm or CHART_HEIGHT_MM) * mm,
        font=register_fonts()["regular"],
    )
    heading = Paragraph(f"<b>{escape(chart.title)}</b>", styles["score_small"])
    return [Spacer(1, 6 * mm), KeepTogether([heading, drawing])]  # never a heading alone


# The odds chart alone on its page, with its table and notes under it: twice a planilla's.
ODDS_CHART_HEIGHT_MM = 2 * CHART_HEIGHT_MM


def write_odds_sheet(sheet: doc.OddsSheet, path: Path) -> None:
    """The chart alone on its page, with its table and notes under it."""
    styles = load_styles()
    rows = [[Paragraph(escape(text), styles["odds_head"]) for text in ["", *sheet.head]]]
    for name, cells in sheet.rows:
        first = Paragraph(escape(name), styles["score_first"])
        rows.append([first, *(Paragraph(escape(c), styles["score_cell"]) for c in cells)])
    story = [
        Paragraph(escape(sheet.heading), styles["score_title"]),
        Paragraph(escape(sheet.subtitle), styles["score_small"]),
        # The chart is the page's point: it takes the room a planilla's rows would.
        *chart_block(sheet.chart, styles, height_mm=ODDS_CHART_HEIGHT_MM),
        Spacer(1, 4 * mm),
        # Seven figure columns: narrow sides so that their heads ("promedio") stay whole.
        grid(rows, len(sheet.head) + 1, blank_until=0, first_mm=34, side_padding=3),
        Spacer(1, 4 * mm),
    ]
    for i, said in enumerate(sheet.notes):
        story.append(Paragraph(escape(said), styles["score_small"]))
        if i + 1 < len(sheet.notes):
            story.append(Spacer(1, 2 * mm))
    build(path, story, sheet.title)


def _rows_room(blocks: list, paper: str | None) -> int:
    """How many rows to write in by hand fit on one page under `blocks` (below 0: the blocks
    alone run past it)."""
    setup = page_setup("scoresheet", paper=paper)
    # A KeepTogether measures only on a canvas: its parts are measured instead.
    parts = [p for b in blocks for p in (b._content if isinstance(b, KeepTogether) else [b])]
    used = sum(part.wrap(setup.frame_width, setup.frame_height)[1] for part in parts)
    return math.floor((setup.frame_height - FRAME_PADDING - used) / (ROW_MM * mm))


def room_for_chart(above: list, table: Callable[[int | None], Any], below: list, paper) -> Any:
    """An open sheet's table, `table(most_blank)`, with fewer empty rows when the chart and all
    `below` it would otherwise go on alone to a second page: a sheet that fits one page without
    them keeps the chart on it (its hands' rows grow taller with notes and names on two lines,
    so only measuring tells); one longer than a page keeps its rows, as its table goes on."""
    whole = table(None)
    if _rows_room([*above, whole, *below], paper) >= 0:
        return whole
    room = _rows_room([*above, table(0), *below], paper)
    return table(room) if room >= 0 else whole
