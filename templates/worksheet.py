"""Lay out a `Worksheet` as a PDF: numbered puzzles with room to answer, then the answer key.

`write_worksheet(sheet, target)` writes to a path. Every page carries the title; only the key's
pages carry the seed line and the command that prints the sheet again. The cards are the
rulebook's card art (templates.cards), shrunk where a hand would leave the page or the page
would take fewer puzzles than asked. Built with `invariant=1` so the same sheet always gives
the same bytes.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from . import document as doc
from .cards import HandFlowable
from .fonts import register_fonts
from .page import PageSetup, page_setup
from .styles import colour, load_styles

SHEET_CARD = 38.0
KEY_CARD = 27.0
# To honour the puzzles a page asks for the cards shrink, down to this width, before a page
# takes fewer puzzles.
SMALLEST_CARD = 24.0
# The key's reprint command: its type, and the lines it may take below the frame before it shrinks.
REPRINT_SIZE = 7.5
SMALLEST_REPRINT_SIZE = 5.5
REPRINT_LINES = 2
# The frame's padding above and below its puzzles: the room a page's puzzles are measured against.
FRAME_PADDING = 6.0
CARD_STEP = 2.0
GAP_AT_SMALLEST = 0.4  # the gaps around the answer line with the smallest cards, as a share
# The table and the hand share one row while that keeps the cards this big; else two rows.
ONE_ROW_CARD = 28.0


def _styles() -> dict[str, ParagraphStyle]:
    """The worksheet's styles (`sheet_*` in styles.yaml), by their short names."""
    styles = load_styles().paragraph
    return {
        name.removeprefix("sheet_"): styles[name] for name in styles if name.startswith("sheet_")
    }


def _page_decoration(sheet: doc.Worksheet, run: doc.Run, setup: PageSetup):
    """Header and footer of every page: what the sheet is; on the key's pages only, the seed
    and how to print it again (a student with mazo could print the key)."""
    fonts = register_fonts()
    details = sheet.details
    # Several house rules in words may be wider than the page: the line shrinks to fit.
    detail_size = min(8.5, 8.5 * setup.frame_width / stringWidth(details, fonts["regular"], 8.5))
    first: list[int] = []  # each run numbers its own pages: a version is handed out alone

    def decorate(canvas, template) -> None:
        width, height = setup.paper
        top = height - setup.top
        if not first:
            first.append(template.page)
        page = template.page - first[0] + 1
        name = run.name if page == 1 else run.name_after
        canvas.saveState()
        canvas.setFont(fonts["bold"], 12.5)
        canvas.drawString(setup.left, top - 10, sheet.title)
        canvas.setFont(fonts["regular"], 9)
        numbered = f"{sheet.page_word} {page}"
        # A sheet of several kinds is titled "Ejercicios" already: the word is not said twice.
        shown = numbered if sheet.title.endswith(name) else f"{name}  ·  {numbered}"
        canvas.drawRightString(width - setup.right, top - 10, shown)
        canvas.setFillColor(colour("worksheet_muted"))
        canvas.setFont(fonts["regular"], detail_size)
        if run.key:
            canvas.drawString(setup.left, top - 24, details)
        canvas.setStrokeColor(colour("worksheet_rule"))
        canvas.setLineWidth(0.6)
        canvas.line(setup.left, top - 31, width - setup.right, top - 31)
        if run.key and sheet.reprint:
            size, lines = _footer_lines(sheet.reprint, fonts["regular"], setup.frame_width)
            canvas.setFont(fonts["regular"], size)
            for i, line in enumerate(lines):
                canvas.drawString(setup.left, setup.bottom - 14 - i * size * 1.25, line)
        canvas.restoreState()

    return decorate


def _footer_lines(text: str, font: str, width: float) -> tuple[float, list[str]]:
    """The key's footer folded to the page's width, smaller when it would take more than
    REPRINT_LINES lines; a word wider than the page (a long --rules path) shrinks the type."""
    size = REPRINT_SIZE
    lines = simpleSplit(text, font, size, width)
    while len(lines) > REPRINT_LINES and size > SMALLEST_REPRINT_SIZE:
        size -= 0.5
        lines = simpleSplit(text, font, size, width)
    widest = max(stringWidth(line, font, size) for line in lines)
    return min(size, size * width / widest), lines


def _document(target: str, sheet: doc.Worksheet, setup: PageSetup) -> BaseDocTemplate:
    """The PDF with a page template per run, each with its own header."""
    frame_args = (setup.left, setup.bottom, setup.frame_width, setup.frame_height)
    book = BaseDocTemplate(
        target, **setup.template_options(), title=sheet.title, subject=sheet.subject
    )
    book.addPageTemplates(
        [
            PageTemplate(
                id=f"run{i}",
                frames=[
                    Frame(
                        *frame_args,
                        id=f"run{i}-frame",
                        leftPadding=0,
                        rightPadding=0,
                        topPadding=FRAME_PADDING,
                        bottomPadding=FRAME_PADDING,
                    )
                ],
                onPage=_page_decoration(sheet, run, setup),
            )
            for i, run in enumerate(sheet.runs)
        ]
    )
    return book


def _numbered(number: int, body: Flowable | list[Flowable], styles, tag: str = "") -> Table:
    cell = [Paragraph(f"{number}.", styles["number"])]
    if tag:
        cell.append(Paragraph(escape(tag), styles["tag"]))
    # The number's column is as wide as the indent of the lines under the puzzle.
    column = styles["fill"].leftIndent
    table = Table([[cell, body]], colWidths=[column, None], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    return table


class _Drawn:
    """How a puzzle's blocks are drawn: the deck, the language, the card width and the room
    beside the puzzle's number."""

    def __init__(self, sheet: doc.Worksheet, styles, width: float, room: float) -> None:
        self.sheet, self.styles, self.width, self.room = sheet, styles, width, room

    def hand(self, cards: doc.Cards) -> HandFlowable:
        # The seen cards smaller, on their own row: a Gin hand and the pozo fill the width.
        width = self.width * KEY_CARD / SHEET_CARD if cards.small else self.width
        drawing = HandFlowable(
            cards.groups,
            self.sheet.notation,
            labels=cards.labels,
            discard=cards.discard,
            discard_label=cards.discard_label,
            width=width,
            lang=self.sheet.lang,
        )
        return drawing.fitted(self.room)

    def body(self, body: doc.PuzzleBody) -> Flowable | list[Flowable]:
        """A puzzle's cards: one drawing, or blocks one under the other, a small gap after
        each hand or note that something follows."""
        if isinstance(body, doc.Cards):
            return self.hand(body)
        if isinstance(body, doc.OneRow):
            row = self.hand(body.row)
            if row.card_width >= min(ONE_ROW_CARD, self.width):
                return row
            return self._blocks(body.rows)
        return self._blocks(body)

    def _blocks(self, blocks: tuple) -> list[Flowable]:
        out: list[Flowable] = []
        for i, block in enumerate(blocks):
            if isinstance(block, doc.Caption):
                out.append(Paragraph(escape(block.text), self.styles["tag"]))
                continue
            if isinstance(block, doc.Note):
                out.append(Paragraph(escape(block.text), self.styles["body"]))
            else:
                drawn = self.body(block)
                out += drawn if isinstance(drawn, list) else [drawn]
            if i + 1 < len(blocks):
                out.append(Spacer(1, 4))
        return out


def _question(
    sheet: doc.Worksheet, puzzle: doc.Puzzle, styles, card: float, setup: PageSetup
) -> list[Flowable]:
    """A puzzle with its answer line, and before it the instructions when it is the first of
    its kind; kept together by the caller, which measures the parts to lay out the pages."""
    drawn = _Drawn(sheet, styles, card, _room(setup, styles))
    # Smaller cards, and smaller gaps faster still: the page keeps the puzzles it was asked for.
    scale = GAP_AT_SMALLEST + (1 - GAP_AT_SMALLEST) * (card - SMALLEST_CARD) / (
        SHEET_CARD - SMALLEST_CARD
    )
    head: list[Flowable] = [Paragraph(escape(puzzle.ask), styles["ask"])] if puzzle.ask else []
    return [
        *head,
        _numbered(puzzle.number, drawn.body(puzzle.body), styles),
        Spacer(1, 10 * scale),
        Paragraph(_spaced(puzzle.fill), styles["fill"]),
        Spacer(1, 26 * scale),
    ]


def _room(setup: PageSetup, styles) -> float:
    """The width beside a puzzle's number."""
    return setup.frame_width - styles["fill"].leftIndent


def _spaced(line: str) -> str:
    """An answer line as written: a paragraph would fold the gaps between its answers into one
    space ("Levanto / Robo Tiro:")."""
    return re.sub(" {2,}", lambda gap: "&nbsp;" * len(gap.group()), escape(line))


def _solution(
    sheet: doc.Worksheet, solution: doc.Solution, styles, setup: PageSetup
) -> list[Flowable]:
    """A puzzle's answer drawn and explained, kept together with the version's name when it
    opens one."""
    drawing = _Drawn(sheet, styles, KEY_CARD, _room(setup, styles)).hand(solution.drawing)
    head = [Paragraph(escape(solution.head), styles["version"]), Spacer(1, 4)]
    head = head if solution.head else []
    return [
        KeepTogether(
            [
                *head,
                _numbered(solution.number, drawing, styles, tag=solution.level),
                Spacer(1, 3),
                Paragraph(escape(solution.why), styles["why"]),
                Spacer(1, 14),
            ]
        )
    ]


def _blanks(blanks: doc.Blanks, styles, setup: PageSetup) -> Table:
    """Name, date and group to fill in, and the score box (`__ / 8`)."""
    blank = "_" * 14
    fields = (
        f"{escape(blanks.name)}: {'_' * 30}&nbsp;&nbsp; {escape(blanks.date)}: {blank}&nbsp;&nbsp; "
        f"{escape(blanks.group)}: {'_' * 8}"
    )
    score = f"{escape(blanks.score)}<br/><b>____ / {blanks.out_of}</b>"
    box = 2.6 * cm
    table = Table(
        [[Paragraph(fields, styles["body"]), Paragraph(score, styles["score"])]],
        colWidths=[setup.frame_width - box, box],
        hAlign="LEFT",
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BOX", (1, 0), (1, 0), 0.8, colour("worksheet_muted")),
                ("LEFTPADDING", (0, 0), (0, 0), 0),
                ("TOPPADDING", (1, 0), (1, 0), 4),
                ("BOTTOMPADDING", (1, 0), (1, 0), 6),
            ]
        )
    )
    return table


def _rules_box(box: doc.Box, styles, setup: PageSetup) -> Table:
    """What the sheet's answers rest on, in a frame across the page."""
    rows = [[Paragraph(escape(box.title), styles["rules_title"])]]
    rows += [[Paragraph(escape(line), styles["rules"], bulletText="•")] for line in box.items]
    table = Table(rows, colWidths=[setup.frame_width], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("BOX", (0, 0), (-1, -1), 0.6, colour("worksheet_rule")),
                ("TOPPADDING", (0, 0), (-1, -1), 1),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                ("TOPPADDING", (0, 0), (-1, 0), 4),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 5),
                ("LEFTPADDING", (0, 0), (-1, -1), 8),
                ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ]
        )
    )
    return table


def _sheet_story(sheet: doc.Worksheet, run: doc.Run, styles, setup: PageSetup) -> list[Flowable]:
    """One version of the sheet: the blanks, the rules, the puzzles. The cards shrink until
    the page takes the puzzles the sheet asks for; only then does a page take fewer."""
    story: list[Flowable] = []
    puzzles = []
    for block in run.blocks:
        if isinstance(block, doc.Blanks):
            story += [_blanks(block, styles, setup), Spacer(1, 8)]
        elif isinstance(block, doc.Box):
            story += [_rules_box(block, styles, setup), Spacer(1, 8)]
        elif isinstance(block, doc.Puzzle):
            puzzles.append(block)
    heading = _height(story, setup)
    wanted = _even(len(puzzles), sheet.per_page)
    best: tuple[int, list[list[Flowable]]] | None = None
    card = SHEET_CARD
    while card >= SMALLEST_CARD:
        questions = [_question(sheet, p, styles, card, setup) for p in puzzles]
        per_page = _spread(questions, sheet.per_page, heading, setup)
        if best is None or per_page > best[0]:  # the biggest cards that fit the most
            best = (per_page, questions)
        if per_page >= wanted:
            break
        card -= CARD_STEP
    assert best is not None  # SHEET_CARD >= SMALLEST_CARD
    per_page, questions = best
    for i, question in enumerate(questions):
        if i and i % per_page == 0:
            story.append(PageBreak())
        story.append(KeepTogether(question))
    return story


def _height(flowables: list[Flowable], setup: PageSetup) -> float:
    """The height the flowables take in the page's frame, as the page lays them out."""
    from reportlab.platypus.flowables import _listWrapOn

    return _listWrapOn(flowables, setup.frame_width, None)[1]


def _even(count: int, most: int) -> int:
    """Puzzles a page when every page takes as many: six at most five a page make 3 + 3."""
    pages = max(1, -(-count // most))
    return -(-count // pages)


def _spread(questions: list[list[Flowable]], most: int, heading: float, setup: PageSetup) -> int:
    """Puzzles a page: at most `most`, as many on every page (six make 3 + 3, not 5 + 1), and
    fewer when that many do not fit the page (the first page also holds the heading)."""
    frame = setup.frame_height - 2 * FRAME_PADDING
    heights = [_height(q, setup) for q in questions]
    pages = max(1, -(-len(questions) // most))
    while True:
        per_page = -(-len(questions) // pages)
        groups = [heights[i : i + per_page] for i in range(0, len(heights), per_page)]
        if per_page == 1 or all(
            sum(group) + (heading if i == 0 else 0) <= frame for i, group in enumerate(groups)
        ):
            return per_page
        pages += 1


def write_worksheet(sheet: doc.Worksheet, target: str) -> None:
    """Every run of pages, each from a page of its own under its own header."""
    styles = _styles()
    setup = page_setup("worksheet", paper=sheet.paper)
    story: list[Flowable] = []
    for i, run in enumerate(sheet.runs):
        if i:
            story += [NextPageTemplate(f"run{i}"), PageBreak()]
        if run.key:
            for block in run.blocks:
                assert isinstance(block, doc.Solution)  # a key holds its solutions only
                story += _solution(sheet, block, styles, setup)
        else:
            story += _sheet_story(sheet, run, styles, setup)
    _document(target, sheet, setup).build(story)
