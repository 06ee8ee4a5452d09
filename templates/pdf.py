"""Lay out a `Document` as a PDF: title page, contents, numbered headings, running header.

`write_pdf(document, target, paper="a4")` writes to a path or binary file object. The bytes
depend only on the document and the paper: reportlab runs with `invariant=1` (no dates, fixed
ids), so the same book prints to the same file.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    Indenter,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from . import document as doc
from .cards import CARD_WIDTH, HandFlowable
from .fonts import register_fonts
from .page import page_setup
from .styles import StyleSheet, load_styles

# The frame fills the margins exactly, so tables and boxes of the full width line up with text.
NO_PADDING = {"leftPadding": 0, "rightPadding": 0, "topPadding": 0, "bottomPadding": 0}
SHORT_TABLE = 10  # rows; a table this short moves to the next page whole rather than split
CAPTION_ROWS = 2  # the last rows of a longer table, that its caption never leaves
FRONT_WIDTH = 400  # points: the title page's blocks under the title
CELL_PADDING = 13  # reportlab's 6 pt each side, and a hair to spare
# Tables name a font even when every cell is a Paragraph: name ours, or Helvetica creeps in.
_TABLE_FONT = ("FONT", (0, 0), (-1, -1), register_fonts()["regular"])
_TOC_STYLE = [
    ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ("LEFTPADDING", (0, 0), (-1, -1), 0),
    ("RIGHTPADDING", (0, 0), (-1, -1), 0),
    ("TOPPADDING", (0, 0), (-1, -1), 0),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
]


def inline(text: str) -> str:
    """Escape text for a Paragraph and turn **bold** and *italic* into tags."""
    out = escape(text)
    out = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", out)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<i>\1</i>", out)


class _Book(BaseDocTemplate):
    """Feeds numbered headings to the table of contents and the PDF outline."""

    def afterFlowable(self, flowable):
        level = getattr(flowable, "toc_level", None)
        if level is None:
            return
        key, text = f"h{self.seq.nextf('heading')}", flowable.getPlainText()
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level - 1, closed=True)
        # The contents draw the entry as a Paragraph again: its plain text is markup there.
        self.notify("TOCEntry", (level - 1, escape(text), self.page, key))


def write_pdf(document: doc.Document, target, *, paper: str = "a4") -> None:
    styles = load_styles()
    fonts = register_fonts()
    setup = page_setup("book", paper=paper)
    page = styles.page
    book = _Book(
        target,
        **setup.template_options(),
        title=f"{document.title} — {document.subtitle}",
        subject=document.header,
        lang=document.lang,
    )
    frame = Frame(
        book.leftMargin, book.bottomMargin, book.width, book.height, id="body", **NO_PADDING
    )

    def running_header(canvas, _book):
        canvas.saveState()
        width, height = setup.paper
        top = height - setup.top + 8 * mm
        size = page["header_size"]
        canvas.setFont(fonts["regular"], size)
        canvas.setFillColor(styles.colour("header_colour"))
        # The header shares the line with the subtitle; the title page names the rules whole.
        room = book.width - stringWidth(document.subtitle, fonts["regular"], size) - 6 * mm
        header = fit_line(document.header, fonts["regular"], size, room)
        canvas.drawString(setup.left, top + 2, header)
        canvas.drawRightString(width - setup.right, top + 2, document.subtitle)
        canvas.setStrokeColor(styles.colour("rule_colour"))
        canvas.setLineWidth(0.5)
        canvas.line(setup.left, top, width - setup.right, top)
        canvas.drawCentredString(width / 2, setup.bottom / 2, str(canvas.getPageNumber()))
        canvas.restoreState()

    book.addPageTemplates(
        [
            PageTemplate(id="title", frames=[frame]),
            PageTemplate(id="body", frames=[frame], onPage=running_header),
        ]
    )
    story = _title_page(document, styles, book.width)
    story += [NextPageTemplate("body"), PageBreak()]
    if document.contents:
        story += _contents(document, styles)
        story += [PageBreak()]
    held: list = []  # headings, and what they travel with so far
    starts = [len(story)]  # where each block's flowables begin in the story
    for block in document.numbered().blocks:
        flowables = _flowables(block, styles, book.width, document.lang)
        if not held:
            starts.append(len(story))
        if not held and not isinstance(block, doc.Heading):
            story += flowables
            continue
        # A heading never ends a page: it travels with the whole first block after it (every
        # bullet of a list), and a paragraph that introduces what follows (ending in ':') with
        # that too. Nested KeepTogethers jump to a new page even when they fit: merged instead.
        held += _merged(flowables)
        if isinstance(block, doc.Heading) or _introduces(block):
            continue
        story.append(KeepTogether(held))
        held = []
    story += held
    # The book never ends with a last short block (a question) alone on a page: it takes the
    # one before along when that is one piece too (a table keeps its own rules for breaking).
    if len(starts) > 2 and len(story) - starts[-1] == 1 and starts[-1] - starts[-2] == 1:
        story[starts[-2] :] = [KeepTogether(_merged(story[starts[-2] :]))]
    book.multiBuild(story)


def _merged(flowables: list) -> list:
    """Flowables to keep together as one: nested KeepTogethers jump to a new page even when
    they fit, and so their contents are taken out."""
    return [
        part
        for flowable in flowables
        for part in (flowable._content if isinstance(flowable, KeepTogether) else [flowable])
    ]


def _introduces(block) -> bool:
    return isinstance(block, doc.Paragraph) and block.text.rstrip().endswith(":")


def fit_line(text: str, font: str, size: float, width: float) -> str:
    """`text` cut to `width` points with an ellipsis, at a comma or a space when one is near
    enough to keep most of the line; whole when it fits."""
    if stringWidth(text, font, size) <= width:
        return text
    end = len(text)
    while end and stringWidth(text[:end].rstrip() + " …", font, size) > width:
        end -= 1
    cut = max(text.rfind(",", 0, end), text.rfind(" ", 0, end))
    if cut > end // 2:
        end = cut
    return text[:end].rstrip(" ,") + " …"


def _title_page(document: doc.Document, styles: StyleSheet, width: float) -> list:
    story = [
        Paragraph(inline(document.title), styles["title"]),
        Paragraph(inline(document.subtitle), styles["subtitle"]),
    ]
    if document.cover:
        cards = HandFlowable(
            document.cover.groups,
            document.cover.notation,
            width=styles.page["cover_card_width"],
            lang=document.lang,
        )
        cards.hAlign = "CENTER"
        story += [cards, Spacer(1, 24)]
    story += [Paragraph(inline(note), styles["title_note"]) for note in document.title_notes]
    story.append(Spacer(1, 24))
    # The blocks under the title in a column of their own, centred: a box and a table line up.
    side = (width - FRONT_WIDTH) / 2
    story.append(Indenter(side, side))
    for block in document.front:
        story += _flowables(block, styles, FRONT_WIDTH, document.lang)
    return [*story, Indenter(-side, -side)]


def _contents(document: doc.Document, styles: StyleSheet) -> list:
    toc = TableOfContents(dotsMinLevel=0, tableStyle=TableStyle([_TABLE_FONT, *_TOC_STYLE]))
    toc.levelStyles = [styles["toc1"], styles["toc2"]]
    return [Paragraph(inline(document.contents_title), styles["contents_title"]), toc]


def _flowables(block, styles: StyleSheet, width: float, lang: str) -> list:
    if isinstance(block, doc.Heading):
        text = f"{block.number}  {block.text}" if block.number else block.text
        heading = Paragraph(inline(text), styles[f"heading{min(block.level, 2)}"])
        heading.toc_level = block.level
        return [heading]
    if isinstance(block, doc.Paragraph):
        return [Paragraph(inline(block.text), styles["ragged" if block.ragged else "body"])]
    if isinstance(block, doc.Bullets):
        return [Paragraph(inline(item), styles["bullet"], bulletText="•") for item in block.items]
    if isinstance(block, doc.Table):
        return _table(block, styles, width)
    if isinstance(block, doc.Question):
        return [
            KeepTogether(
                [
                    Paragraph(inline(f"**{block.question}**"), styles["question"]),
                    Paragraph(inline(block.answer), styles["body"]),
                ]
            )
        ]
    if isinstance(block, doc.Box):
        return [_box(block, styles, width)]
    if isinstance(block, doc.Hand):
        return [_hand(block, styles, width, lang)]
    raise TypeError(f"no layout for {type(block).__name__}")


def _column_widths(cells: list[list[Paragraph]], width: float) -> list[float]:
    """Each column as wide as its longest line wants, shrunk to fit, never below a minimum."""
    wants = []
    for column in zip(*cells, strict=True):
        # Measured in bold, the widest face: a bold word must never break inside.
        longest = max(_width(word, p) for p in column for word in p.getPlainText().split())
        natural = max(_width(p.getPlainText(), p) for p in column)
        wants.append((max(longest, 18) + CELL_PADDING, natural + CELL_PADDING))
    total = sum(natural for _, natural in wants)
    if total <= width:
        return [natural for _, natural in wants]
    floor = sum(low for low, _ in wants)
    spare = max(0.0, width - floor)
    extra = sum(natural - low for low, natural in wants) or 1.0
    return [low + (natural - low) * spare / extra for low, natural in wants]


def _width(text: str, paragraph: Paragraph) -> float:
    return stringWidth(text, register_fonts()["bold"], paragraph.style.fontSize)


def _table(block: doc.Table, styles: StyleSheet, width: float) -> list:
    cells = [[Paragraph(inline(c), styles["table_header"]) for c in block.header]]
    cells += [[Paragraph(inline(c), styles["table_cell"]) for c in row] for row in block.rows]
    widths = _column_widths(cells, width)
    end = Paragraph(inline(block.caption), styles["caption"]) if block.caption else Spacer(1, 8)
    if len(cells) <= SHORT_TABLE:
        return [KeepTogether([_grid(cells, widths, styles, 0), end])]
    if not block.caption:
        return [_grid(cells, widths, styles, 0), end]
    # A long table breaks where a page ends: its caption goes with its last rows, never alone
    # at the top of the next page.
    cut = len(cells) - CAPTION_ROWS
    last = KeepTogether([_grid(cells[cut:], widths, styles, cut), end])
    return [_grid(cells[:cut], widths, styles, 0), last]


def _grid(rows: list, widths: list[float], styles: StyleSheet, first: int) -> Table:
    """A table's rows from its row `first` (0: with its header, repeated on each page), drawn
    with the header's background, the grid and every other row striped."""
    table = Table(rows, colWidths=widths, repeatRows=1 if first == 0 else 0, hAlign="LEFT")
    commands: list = [_TABLE_FONT]
    if first == 0:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), styles.colour("table_header_background")))
    commands += [
        ("GRID", (0, 0), (-1, -1), 0.4, styles.colour("table_grid")),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    commands += [
        ("BACKGROUND", (0, row), (-1, row), styles.colour("table_stripe"))
        for row in range(len(rows))
        if first + row >= 2 and (first + row) % 2 == 0
    ]
    table.setStyle(TableStyle(commands))
    return table


def _box(block: doc.Box, styles: StyleSheet, width: float):
    rows = [[Paragraph(inline(block.title), styles["box_title"])]]
    rows += [[Paragraph(inline(item), styles["box_item"], bulletText="•")] for item in block.items]
    box = Table(rows, colWidths=[width], hAlign="CENTER")
    box.setStyle(
        TableStyle(
            [
                _TABLE_FONT,
                ("BACKGROUND", (0, 0), (-1, -1), styles.colour("box_background")),
                ("BOX", (0, 0), (-1, -1), 1, styles.colour("box_border")),
                ("TOPPADDING", (0, 0), (-1, -1), 4),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 8),
                ("LEFTPADDING", (0, 0), (-1, -1), 10),
                ("RIGHTPADDING", (0, 0), (-1, -1), 10),
            ]
        )
    )
    return KeepTogether([box, Spacer(1, 10)])


def _hand(block: doc.Hand, styles: StyleSheet, width: float, lang: str):
    drawing = HandFlowable(
        block.groups,
        block.notation,
        labels=block.labels,
        discard=block.discard,
        discard_label=block.discard_label,
        width=float(styles.page.get("card_width", CARD_WIDTH)),
        lang=lang,
    ).fitted(width)  # a long hand: smaller cards rather than overflow
    parts = []
    if block.title:
        parts.append(Paragraph(inline(block.title), styles["example_title"]))
    parts.append(drawing)
    if block.verdict:
        parts.append(Paragraph(inline(block.verdict), styles["verdict"]))
    return KeepTogether(parts)
