"""A worksheet as PDF: numbered puzzles with room to answer, then the answer key.

Each version of a sheet opens with name, date, group and a score box, and a box of the rules
its answers rest on. Every page carries the title; only the key's pages carry the seed, the
variant and the command that prints the sheet again. The cards are the rulebook's card art
(mazo.templates.cards), shrunk where a hand would leave the page or the page would take fewer
puzzles than asked. Built with `invariant=1` so the same sheet always gives the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from mazo.rulebooks.tables import close_condition, minimum_opening_table, values_table
from mazo.solver import closes
from mazo.solver.errors import OptionError
from mazo.solver.messages import either
from mazo.solver.spec.load import RuleSpec
from mazo.solver.spec.read import split_path
from mazo.templates import document as doc
from mazo.templates.cards import HandFlowable
from mazo.templates.fonts import register_fonts
from mazo.templates.page import PAPERS, PageSetup, page_setup
from mazo.templates.styles import colour, load_styles
from mazo.words import LANGS, has, word
from mazo.words.numbers import signed
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

from .answers import (
    AcomodoAnswer,
    Answer,
    BestDiscardAnswer,
    CanCutAnswer,
    CanOpenAnswer,
    CountDeadwoodAnswer,
    CountHandAnswer,
    FastestDiscardAnswer,
    GoOutAnswer,
    RummyAnswer,
    TakeOrDrawAnswer,
    UseFacedAnswer,
)
from .classset import ClassSet
from .generate import Puzzle, Sheet
from .wording import explain, fill, meld_label, say, sheet_name

PER_PAGE = range(1, 7)  # more puzzles than this leave no room to answer on a page
DEFAULT_PER_PAGE = 5
ANSWERS = ("end", "separate")
SHEET_CARD = 38.0
KEY_CARD = 27.0
# To honour --per-page the cards shrink, down to this width, before a page takes fewer puzzles.
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


@dataclass(frozen=True, slots=True)
class Layout:
    """How the sheet is printed: language, puzzles per page, where the answers go, paper."""

    lang: str = "es"
    per_page: int = DEFAULT_PER_PAGE
    answers: str = "end"
    reprint: str = ""
    paper: str = "a4"

    def check(self) -> None:
        if self.lang not in LANGS:
            raise OptionError.of(
                "flag_takes", flag="--lang", values=", ".join(LANGS), value=repr(self.lang)
            )
        if self.per_page not in PER_PAGE:
            raise OptionError.of(
                "flag_range",
                flag="--per-page",
                least=PER_PAGE.start,
                most=PER_PAGE.stop - 1,
                value=self.per_page,
            )
        if self.answers not in ANSWERS:
            raise OptionError.of(
                "flag_takes", flag="--answers", values=either(ANSWERS), value=repr(self.answers)
            )
        if self.paper not in PAPERS:
            raise OptionError.of(
                "flag_takes", flag="--paper", values=either(PAPERS), value=repr(self.paper)
            )

    @property
    def setup(self) -> PageSetup:
        return page_setup("worksheet", paper=self.paper)


# The word after the sheet's name in the file of its key, in the sheet's language.
KEY_FILE_WORD = {"es": "soluciones", "en": "answers"}


def answers_path(path: Path, lang: str) -> Path:
    """Where `--answers separate` puts the key: beside the sheet, `NAME-soluciones.pdf` for a
    Spanish sheet, `NAME-answers.pdf` for an English one; the key takes the sheet's suffix, so a
    sheet named without one (`-o hoja`) gets a key without one (`hoja-soluciones`)."""
    return path.with_name(f"{path.stem}-{KEY_FILE_WORD[lang]}{path.suffix}")


def _styles() -> dict[str, ParagraphStyle]:
    """The worksheet's styles (`sheet_*` in styles.yaml), by their short names."""
    styles = load_styles().paragraph
    return {
        name.removeprefix("sheet_"): styles[name] for name in styles if name.startswith("sheet_")
    }


def _variant_text(spec: RuleSpec, lang: str) -> str:
    """The house rules on the key's pages, in the words the sheet's rules box says them."""
    return "; ".join(said for said, _ in _house_rules(spec, lang)) or word(lang, "puzzles.standard")


def _house_rules(spec: RuleSpec, lang: str) -> list[tuple[str, str]]:
    """Each house rule a worksheet's answers may rest on, as the book's cover says it, in a
    player's words (never its value's code), with the game's own value said beside it. A rule
    that writes only into the match's rules (how far a match goes, its penalties) is left out:
    no question on a sheet is about a match."""
    rules = []
    for name, value in spec.changed_options().items():
        option = spec.option(name)
        writes = [option.path] if option.path else []
        writes += [split_path(field) for fields in (option.sets or {}).values() for field in fields]
        if writes and all(path[0] == "match" for path in writes):
            continue
        rules.append((option.said(value, lang), option.said(option.default, lang)))
    return rules


def _heading(spec: RuleSpec, sheet: Sheet, lang: str) -> str:
    return f"{spec.title[lang]} — {sheet_name(spec, sheet.kinds(), lang)}"


def _page_decoration(spec: RuleSpec, sheet: Sheet, layout: Layout, part: str, label: str):
    """Header and footer of every page: what the sheet is; on the key's pages only, the seed
    and how to print it again (a student with mazo could print the key)."""
    fonts = register_fonts()
    setup = layout.setup
    heading = _heading(spec, sheet, layout.lang)
    key = part == "answers"
    lang = layout.lang
    seed, variant = word(lang, "puzzles.seed"), word(lang, "puzzles.variant")
    details = f"{seed} {sheet.seed}  ·  {variant}: {_variant_text(spec, lang)}"
    # Several house rules in words may be wider than the page: the line shrinks to fit.
    detail_size = min(8.5, 8.5 * setup.frame_width / stringWidth(details, fonts["regular"], 8.5))
    first: dict[str, int] = {}  # each part numbers its own pages: a version is handed out alone

    def decorate(canvas, doc) -> None:
        width, height = setup.paper
        top = height - setup.top
        page = doc.page - first.setdefault(part, doc.page) + 1
        name = _part_name(layout.lang, part, label, page)
        canvas.saveState()
        canvas.setFont(fonts["bold"], 12.5)
        canvas.drawString(setup.left, top - 10, heading)
        canvas.setFont(fonts["regular"], 9)
        numbered = f"{word(layout.lang, 'puzzles.page')} {page}"
        # A sheet of several kinds is titled "Ejercicios" already: the word is not said twice.
        shown = numbered if heading.endswith(name) else f"{name}  ·  {numbered}"
        canvas.drawRightString(width - setup.right, top - 10, shown)
        canvas.setFillColor(colour("worksheet_muted"))
        canvas.setFont(fonts["regular"], detail_size)
        if key:
            canvas.drawString(setup.left, top - 24, details)
        canvas.setStrokeColor(colour("worksheet_rule"))
        canvas.setLineWidth(0.6)
        canvas.line(setup.left, top - 31, width - setup.right, top - 31)
        if key and layout.reprint:
            text = f"{word(layout.lang, 'puzzles.reprint')}: {layout.reprint}"
            size, lines = _footer_lines(text, fonts["regular"], setup.frame_width)
            canvas.setFont(fonts["regular"], size)
            for i, line in enumerate(lines):
                canvas.drawString(setup.left, setup.bottom - 14 - i * size * 1.25, line)
        canvas.restoreState()

    return decorate


def _part_name(lang: str, part: str, label: str, page: int) -> str:
    """What a page belongs to: the version ("Hoja B"), the key, or a version's key, which says
    so on every page ("Hoja B · soluciones, continúa"): a teacher sorts the pages by it."""
    if not label:
        return word(lang, f"puzzles.{part}")
    if part == "answers":
        key = "puzzles.version_key" if page == 1 else "puzzles.version_key_more"
        return word(lang, key).format(label=label)
    return word(lang, "puzzles.version").format(label=label)


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


@dataclass(frozen=True, slots=True)
class _Part:
    """A run of pages under one header: a version of the sheet, or the key."""

    id: str
    part: str  # "sheet" or "answers", the words of its header
    label: str = ""


def _document(
    path: Path, spec: RuleSpec, sheet: Sheet, layout: Layout, parts: Sequence[_Part]
) -> BaseDocTemplate:
    setup = layout.setup
    frame_args = (setup.left, setup.bottom, setup.frame_width, setup.frame_height)
    kinds = ",".join(sheet.kinds())
    doc = BaseDocTemplate(
        str(path),
        **setup.template_options(),
        title=_heading(spec, sheet, layout.lang),
        subject=f"{sheet.game} {kinds} seed {sheet.seed}",
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                id=part.id,
                frames=[
                    Frame(
                        *frame_args,
                        id=f"{part.id}-frame",
                        leftPadding=0,
                        rightPadding=0,
                        topPadding=FRAME_PADDING,
                        bottomPadding=FRAME_PADDING,
                    )
                ],
                onPage=_page_decoration(spec, sheet, layout, part.part, part.label),
            )
            for part in parts
        ]
    )
    return doc


def _numbered(number: int, body: Flowable | list[Flowable], styles, tag: str = "") -> Table:
    cell = [Paragraph(f"{number}.", styles["number"])]
    if tag:
        cell.append(Paragraph(tag, styles["tag"]))
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


@dataclass(frozen=True, slots=True)
class _Cards:
    """How a puzzle's cards are drawn: the deck, the language, the card width and the room
    beside the puzzle's number."""

    spec: RuleSpec
    lang: str
    width: float
    room: float

    def hand(self, groups, *, width: float | None = None, **options: Any) -> HandFlowable:
        drawing = HandFlowable(
            groups,
            self.spec.deck.notation,
            width=width or self.width,
            lang=self.lang,
            **options,
        )
        return drawing.fitted(self.room)


def _table_and_hand(
    cards: _Cards, styles, hand, table, labels: list[str] | None, **offer: Any
) -> list[Flowable]:
    """The melds on the table (numbered when `labels` number them) and the hand, on one row
    while the cards stay big enough, else the table above the hand. A table with no melds is
    not labelled."""
    if hand:
        below = labels or [word(cards.lang, "puzzles.table")] * len(table)
        row = cards.hand(
            [*table, hand], labels=[*below, word(cards.lang, "puzzles.your_hand")], **offer
        )
        if row.card_width >= min(ONE_ROW_CARD, cards.width):
            return [row]
    body: list[Flowable] = []
    if table:
        body.append(Paragraph(word(cards.lang, "puzzles.table"), styles["tag"]))
    if table or offer:
        body += [cards.hand(table, labels=labels, **offer), Spacer(1, 4)]
    body.append(Paragraph(word(cards.lang, "puzzles.your_hand"), styles["tag"]))
    body.append(
        cards.hand([hand])
        if hand
        else Paragraph(word(cards.lang, "puzzles.empty_hand"), styles["body"])
    )
    return body


def _puzzle_body(cards: _Cards, puzzle: Puzzle, styles) -> Flowable | list[Flowable]:
    """The cards of one puzzle, with what the question needs beside them."""
    answer = puzzle.answer
    if isinstance(answer, CanOpenAnswer):  # Canasta: the team's score sets the minimum
        score = say(cards.spec, cards.lang, "puzzles.team_score", score=signed(answer.score))
        return [Paragraph(score, styles["body"]), Spacer(1, 4), cards.hand([puzzle.hand])]
    if isinstance(answer, UseFacedAnswer | GoOutAnswer):  # Conquián: melds, offer, hand
        table = list(answer.table)
        return _table_and_hand(
            cards,
            styles,
            puzzle.hand,
            table,
            None,
            discard=answer.faced,
            discard_label=word(cards.lang, "puzzles.offered"),
        )
    if isinstance(answer, AcomodoAnswer):  # the cutter's melds, numbered, and the hand
        table = list(answer.cutter_melds)
        labels = [
            word(cards.lang, "puzzles.table_meld").format(n=i) for i in range(1, len(table) + 1)
        ]
        return _table_and_hand(cards, styles, puzzle.hand, table, labels)
    if isinstance(answer, TakeOrDrawAnswer):  # the pozo top, then the seen cards
        pozo: dict[str, Any] = {
            "discard": answer.pozo_top,
            "discard_label": word(cards.lang, "puzzles.pozo"),
        }
        if answer.seen:  # beside the hand while the cards stay big enough
            row = cards.hand(
                [puzzle.hand, answer.seen],
                labels=[word(cards.lang, "puzzles.your_hand"), word(cards.lang, "puzzles.seen")],
                **pozo,
            )
            if row.card_width >= min(ONE_ROW_CARD, cards.width):
                return row
        body: list[Flowable] = [
            cards.hand([puzzle.hand], labels=[word(cards.lang, "puzzles.your_hand")], **pozo)
        ]
        if answer.seen:  # smaller, on their own row: a Gin hand and the pozo fill the width
            seen = cards.width * KEY_CARD / SHEET_CARD
            body += [
                Spacer(1, 4),
                cards.hand([answer.seen], labels=[word(cards.lang, "puzzles.seen")], width=seen),
            ]
        return body
    return cards.hand([puzzle.hand])


def _question(
    spec: RuleSpec, puzzle: Puzzle, layout: Layout, styles, card: float, ask: str = ""
) -> list[Flowable]:
    """A puzzle with its answer line, and before it the instructions when it is the first of
    its kind; kept together by the caller, which measures the parts to lay out the pages."""
    cards = _Cards(spec, layout.lang, card, _room(layout, styles))
    # Smaller cards, and smaller gaps faster still: the page keeps the puzzles it was asked for.
    scale = GAP_AT_SMALLEST + (1 - GAP_AT_SMALLEST) * (card - SMALLEST_CARD) / (
        SHEET_CARD - SMALLEST_CARD
    )
    head: list[Flowable] = [Paragraph(escape(ask), styles["ask"])] if ask else []
    return [
        *head,
        _numbered(puzzle.number, _puzzle_body(cards, puzzle, styles), styles),
        Spacer(1, 10 * scale),
        Paragraph(_spaced(fill(spec, puzzle.kind, puzzle.answer, layout.lang)), styles["fill"]),
        Spacer(1, 26 * scale),
    ]


def _room(layout: Layout, styles) -> float:
    """The width beside a puzzle's number."""
    return layout.setup.frame_width - styles["fill"].leftIndent


def _spaced(line: str) -> str:
    """An answer line as written: a paragraph would fold the gaps between its answers into one
    space ("Levanto / Robo Tiro:")."""
    return re.sub(" {2,}", lambda gap: "&nbsp;" * len(gap.group()), escape(line))


@dataclass(frozen=True, slots=True)
class _Drawing:
    """An answer as card groups: each group's label, and the card set apart with its mark."""

    groups: list
    labels: list[str]
    discard: str | None = None
    discard_label: str = ""


def _drawn_answer(spec: RuleSpec, answer: Answer, hand, lang: str, room: float) -> HandFlowable:
    """The solution as cards: melds grouped and named, loose cards with their points, the
    discard (or, in Conquián, the card paid) set apart and marked."""
    drawing = _DRAWINGS[type(answer)](spec, answer, hand, lang)
    return HandFlowable(
        drawing.groups,
        spec.deck.notation,
        labels=drawing.labels,
        discard=drawing.discard,
        discard_label=drawing.discard_label if drawing.discard else None,
        width=KEY_CARD,
        lang=lang,
    ).fitted(room)


def _drawn_canasta(spec: RuleSpec, answer: CanOpenAnswer | CountHandAnswer, hand, lang: str):
    """The melds put down, and what stays in hand."""
    kind = spec.melds[0].names[lang]
    labels = [kind] * len(answer.melds) + [word(lang, "puzzles.in_hand")]
    return _Drawing(groups=[*answer.melds, answer.left], labels=labels)


def _drawn_take_or_draw(spec: RuleSpec, answer: TakeOrDrawAnswer, hand, lang: str):
    """The hand, and the pozo top marked with the answer."""
    return _Drawing(
        # The seen cards too: the answer depends on them.
        groups=[hand, *([answer.seen] if answer.seen else [])],
        labels=[word(lang, "puzzles.your_hand"), word(lang, "puzzles.seen")],
        discard=answer.pozo_top,
        discard_label=word(lang, f"puzzles.{answer.advice}.short"),
    )


def _drawn_conquian(spec: RuleSpec, answer: UseFacedAnswer | GoOutAnswer, hand, lang: str):
    """The table as it ends up, and the card paid."""
    groups = answer.melds or answer.table
    used = answer.can_use
    return _Drawing(
        groups=list(groups),
        labels=[meld_label(spec, list(m), lang) for m in groups],
        discard=answer.pay if used else answer.faced,
        discard_label=word(lang, "puzzles.pay" if used else "puzzles.offered"),
    )


def _drawn_rummy(spec: RuleSpec, answer: RummyAnswer, hand, lang: str):
    """The melds, the cards laid off, the loose cards with their points, and the discard."""
    laid = answer.laid_off if isinstance(answer, AcomodoAnswer) else ()
    discard = None
    tied = False
    if isinstance(answer, BestDiscardAnswer | FastestDiscardAnswer):
        discard = answer.discard
    elif isinstance(answer, CanCutAnswer):
        discard = answer.discard or answer.best_discard
        # The drawing shows one arrangement; when discards tie it is one of them, said so.
        tied = not answer.discard and len(answer.best_discards) > 1
    points = answer.deadwood_points
    return _Drawing(
        groups=[*answer.melds, *(lay.cards for lay in laid), answer.deadwood],
        labels=[
            *(meld_label(spec, list(m), lang) for m in answer.melds),
            *(word(lang, "puzzles.onto_meld").format(n=lay.meld) for lay in laid),
            say(spec, lang, "puzzles.loose", points=points) if answer.deadwood else "",
        ],
        discard=discard,
        discard_label=word(lang, "puzzles.discard_one" if tied else "puzzles.discard"),
    )


_DRAWINGS: dict[type, Callable[..., _Drawing]] = {
    BestDiscardAnswer: _drawn_rummy,
    CanCutAnswer: _drawn_rummy,
    CountDeadwoodAnswer: _drawn_rummy,
    AcomodoAnswer: _drawn_rummy,
    TakeOrDrawAnswer: _drawn_take_or_draw,
    FastestDiscardAnswer: _drawn_rummy,
    UseFacedAnswer: _drawn_conquian,
    GoOutAnswer: _drawn_conquian,
    CanOpenAnswer: _drawn_canasta,
    CountHandAnswer: _drawn_canasta,
}


def _solution(
    spec: RuleSpec, puzzle: Puzzle, layout: Layout, styles, head: Sequence[Flowable] = ()
) -> list[Flowable]:
    """A puzzle's answer drawn and explained, kept together with `head` (a version's name)."""
    lang = layout.lang
    known = has(lang, f"puzzles.{puzzle.difficulty}")
    level = word(lang, f"puzzles.{puzzle.difficulty}") if known else puzzle.difficulty
    drawing = _drawn_answer(spec, puzzle.answer, puzzle.hand, lang, _room(layout, styles))
    return [
        KeepTogether(
            [
                *head,
                _numbered(puzzle.number, drawing, styles, tag=level),
                Spacer(1, 3),
                Paragraph(escape(explain(spec, puzzle.answer, lang)), styles["why"]),
                Spacer(1, 14),
            ]
        )
    ]


def _header(sheet: Sheet, layout: Layout, styles) -> Table:
    """Name, date and group to fill in, and the score box (`__ / 8`)."""
    blank, lang = "_" * 14, layout.lang
    name, date, group = (word(lang, f"puzzles.{key}") for key in ("name", "date", "group"))
    fields = f"{name}: {'_' * 30}&nbsp;&nbsp; {date}: {blank}&nbsp;&nbsp; {group}: {'_' * 8}"
    score = f"{word(layout.lang, 'puzzles.score')}<br/><b>____ / {len(sheet.puzzles)}</b>"
    box = 2.6 * cm
    table = Table(
        [[Paragraph(fields, styles["body"]), Paragraph(score, styles["score"])]],
        colWidths=[layout.setup.frame_width - box, box],
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


def _rules_lines(spec: RuleSpec, lang: str, kinds: Sequence[str]) -> list[str]:
    """What a sheet's answers rest on, in words: the card values (a loose joker's too), the
    closes and their limits, Canasta's minimums, what a kind on the sheet assumes (the
    fastest-discard sheets' model of the draw), and the house rules a question may rest on."""
    lines = []
    reachable = closes.reachable(spec)
    if reachable or spec.canasta is not None:  # Conquián counts cards, not points
        table = values_table(spec, lang, span=word(lang, "puzzles.values_span"))
        values = " · ".join(f"{label}: {value}" for label, value in _rows(table))
        lines.append(word(lang, "puzzles.values_line").format(values=values))
    if spec.conquian is not None:
        lines.append(word(lang, "puzzles.goal_line").format(n=spec.conquian.goal_table_cards))
    if reachable:
        said = "; ".join(
            f"{close.names[lang]}: {_lower_first(close_condition(spec, close, lang))}"
            for close in reachable
        )
        lines.append(say(spec, lang, "puzzles.closes_line", closes=said))
    if spec.canasta is not None:
        steps = " · ".join(f"{span}: {v}" for span, v in _rows(minimum_opening_table(spec, lang)))
        lines.append(say(spec, lang, "puzzles.opening_line", steps=steps))
    lines += [
        say(spec, lang, f"puzzles.{kind}.rule")
        for kind in kinds
        if has(lang, f"puzzles.{kind}.rule")
    ]
    for said, default in _house_rules(spec, lang):
        lines.append(word(lang, "puzzles.house_line").format(said=said, default=default))
    return lines


def _rows(blocks: list[doc.Block]) -> tuple[tuple[str, ...], ...]:
    """The rows of a rulebook table, said on one line of the rules box."""
    table = blocks[0]
    assert isinstance(table, doc.Table)  # the tables module builds one table each
    return table.rows


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _rules_box(spec: RuleSpec, sheet: Sheet, layout: Layout, styles) -> Table:
    rows = [[Paragraph(word(layout.lang, "puzzles.rules_box"), styles["rules_title"])]]
    rows += [
        [Paragraph(escape(line), styles["rules"], bulletText="•")]
        for line in _rules_lines(spec, layout.lang, sheet.kinds())
    ]
    box = Table(rows, colWidths=[layout.setup.frame_width], hAlign="LEFT")
    box.setStyle(
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
    return box


def _asks(spec: RuleSpec, sheet: Sheet, lang: str) -> dict[int, str]:
    """The instructions of each kind, by the number of its first puzzle."""
    asks: dict[int, str] = {}
    for kind in sheet.kinds():
        first = next(p for p in sheet.puzzles if p.kind == kind)
        asks[first.number] = say(spec, lang, f"puzzles.{kind}.ask", n=len(first.hand))
    return asks


def _sheet_story(spec: RuleSpec, sheet: Sheet, layout: Layout, styles) -> list[Flowable]:
    """One version of the sheet: the header, the rules, the puzzles. The cards shrink until
    the page takes the puzzles --per-page asks for; only then does a page take fewer."""
    story: list[Flowable] = [
        _header(sheet, layout, styles),
        Spacer(1, 8),
        _rules_box(spec, sheet, layout, styles),
        Spacer(1, 8),
    ]
    asks = _asks(spec, sheet, layout.lang)
    heading = _height(story, layout)
    wanted = _even(len(sheet.puzzles), layout.per_page)
    best: tuple[int, list[list[Flowable]]] | None = None
    card = SHEET_CARD
    while card >= SMALLEST_CARD:
        questions = [
            _question(spec, p, layout, styles, card, asks.get(p.number, "")) for p in sheet.puzzles
        ]
        per_page = _spread(questions, layout.per_page, heading, layout)
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


def _height(flowables: list[Flowable], layout: Layout) -> float:
    """The height the flowables take in the page's frame, as the page lays them out."""
    from reportlab.platypus.flowables import _listWrapOn

    return _listWrapOn(flowables, layout.setup.frame_width, None)[1]


def _even(count: int, most: int) -> int:
    """Puzzles a page when every page takes as many: six at most five a page make 3 + 3."""
    pages = max(1, -(-count // most))
    return -(-count // pages)


def _spread(questions: list[list[Flowable]], most: int, heading: float, layout: Layout) -> int:
    """Puzzles a page: at most `most`, as many on every page (six make 3 + 3, not 5 + 1), and
    fewer when that many do not fit the page (the first page also holds the heading)."""
    frame = layout.setup.frame_height - 2 * FRAME_PADDING
    heights = [_height(q, layout) for q in questions]
    pages = max(1, -(-len(questions) // most))
    while True:
        per_page = -(-len(questions) // pages)
        groups = [heights[i : i + per_page] for i in range(0, len(heights), per_page)]
        if per_page == 1 or all(
            sum(group) + (heading if i == 0 else 0) <= frame for i, group in enumerate(groups)
        ):
            return per_page
        pages += 1


def _key_parts(sheets: ClassSet) -> list[_Part]:
    """The key's runs of pages: one per version, each headed by its name."""
    return [_Part(id=f"answers{label}", part="answers", label=label) for label in sheets.labels]


def _key_story(spec: RuleSpec, sheets: ClassSet, layout: Layout, styles) -> list:
    """Every version's answers, one after the other, each under its version's name and from a
    page of its own, so that every page of the key is one version's."""
    story: list[Flowable] = []
    parts = _key_parts(sheets)
    for i, (part, sheet) in enumerate(zip(parts, sheets.sheets, strict=True)):
        if i:
            story += [NextPageTemplate(part.id), PageBreak()]
        name = word(layout.lang, "puzzles.version").format(label=part.label)
        head = [Paragraph(name, styles["version"]), Spacer(1, 4)] if part.label else []
        for j, puzzle in enumerate(sheet.puzzles):
            story.extend(_solution(spec, puzzle, layout, styles, head if j == 0 else ()))
    return story


def write_sheet_pdf(spec: RuleSpec, sheets: ClassSet, layout: Layout, path: Path) -> None:
    """Every version's puzzles, each on its own pages, then (with `answers="end"`) the key of
    them all."""
    layout.check()
    styles = _styles()
    parts = [_Part(id=f"sheet{label}", part="sheet", label=label) for label in sheets.labels]
    story: list[Flowable] = []
    for i, (part, sheet) in enumerate(zip(parts, sheets.sheets, strict=True)):
        if i:
            story += [NextPageTemplate(part.id), PageBreak()]
        story += _sheet_story(spec, sheet, layout, styles)
    if layout.answers == "end":
        keys = _key_parts(sheets)
        parts += keys
        story += [NextPageTemplate(keys[0].id), PageBreak()]
        story += _key_story(spec, sheets, layout, styles)
    _document(path, spec, sheets.sheets[0], layout, parts).build(story)


def write_key_pdf(spec: RuleSpec, sheets: ClassSet, layout: Layout, path: Path) -> None:
    """The answer key alone, for `--answers separate`."""
    layout.check()
    styles = _styles()
    story = _key_story(spec, sheets, layout, styles)
    _document(path, spec, sheets.sheets[0], layout, _key_parts(sheets)).build(story)
