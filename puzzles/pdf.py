"""A worksheet as PDF: numbered puzzles with room to answer, then the answer key.

Every page carries the title, the game, the variant and the seed (and the command that prints
the sheet again). The cards are the rulebook's card art (mazo.templates.cards). Built with
`invariant=1` so the same sheet always gives the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mazo.solver.errors import OptionError
from mazo.solver.spec.load import RuleSpec
from mazo.templates.cards import HandFlowable
from mazo.templates.fonts import register_fonts
from mazo.templates.page import page_setup
from mazo.templates.styles import colour, load_styles
from reportlab.lib.styles import ParagraphStyle
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
    GoOutAnswer,
    RummyAnswer,
    TakeOrDrawAnswer,
    UseFacedAnswer,
)
from .generate import Puzzle, Sheet
from .wording import TEXT, explain, meld_label, say, signed, title

PER_PAGE = range(1, 7)  # more puzzles than this do not fit an A4 page with room to answer
DEFAULT_PER_PAGE = 5
ANSWERS = ("end", "separate")
SHEET_CARD = 38.0
KEY_CARD = 27.0


@dataclass(frozen=True, slots=True)
class Layout:
    """How the sheet is printed: language, puzzles per page, where the answers go."""

    lang: str = "es"
    per_page: int = DEFAULT_PER_PAGE
    answers: str = "end"
    reprint: str = ""

    def check(self) -> None:
        if self.lang not in TEXT:
            raise OptionError(f"--lang takes {', '.join(TEXT)}, got {self.lang!r}")
        if self.per_page not in PER_PAGE:
            raise OptionError(
                f"--per-page takes {PER_PAGE.start} to {PER_PAGE.stop - 1}, got {self.per_page}"
            )
        if self.answers not in ANSWERS:
            raise OptionError(f"--answers takes {' or '.join(ANSWERS)}, got {self.answers!r}")


def answers_path(path: Path) -> Path:
    """Where `--answers separate` puts the key: beside the sheet, `NAME-answers.pdf`."""
    return path.with_name(f"{path.stem}-answers{path.suffix or '.pdf'}")


def _styles() -> dict[str, ParagraphStyle]:
    """The worksheet's styles (`sheet_*` in styles.yaml), by their short names."""
    styles = load_styles().paragraph
    return {
        name.removeprefix("sheet_"): styles[name] for name in styles if name.startswith("sheet_")
    }


def _variant_text(sheet: Sheet, lang: str) -> str:
    if not sheet.variant:
        return TEXT[lang]["standard"]
    return ", ".join(f"{k}={v}" for k, v in sorted(sheet.variant.items()))


def _page_decoration(spec: RuleSpec, sheet: Sheet, layout: Layout, part: str):
    """Header and footer of every page: what the sheet is and how to print it again."""
    fonts = register_fonts()
    setup = page_setup("worksheet")
    words = TEXT[layout.lang]
    heading = f"{spec.title[layout.lang]} — {title(spec, sheet.kind, layout.lang)}"
    details = (
        f"{words['seed']} {sheet.seed}  ·  {words['variant']}: {_variant_text(sheet, layout.lang)}"
    )

    def decorate(canvas, doc) -> None:
        width, height = setup.paper
        top = height - setup.top
        canvas.saveState()
        canvas.setFont(fonts["bold"], 12.5)
        canvas.drawString(setup.left, top - 10, heading)
        canvas.setFont(fonts["regular"], 9)
        canvas.drawRightString(
            width - setup.right, top - 10, f"{words[part]}  ·  {words['page']} {doc.page}"
        )
        canvas.setFillColor(colour("worksheet_muted"))
        canvas.setFont(fonts["regular"], 8.5)
        canvas.drawString(setup.left, top - 24, details)
        canvas.setStrokeColor(colour("worksheet_rule"))
        canvas.setLineWidth(0.6)
        canvas.line(setup.left, top - 31, width - setup.right, top - 31)
        if layout.reprint:
            canvas.setFont(fonts["regular"], 7.5)
            canvas.drawString(
                setup.left, setup.bottom - 14, f"{words['reprint']}: {layout.reprint}"
            )
        canvas.restoreState()

    return decorate


def _document(path: Path, spec: RuleSpec, sheet: Sheet, layout: Layout, parts: Sequence[str]):
    setup = page_setup("worksheet")
    frame_args = (setup.left, setup.bottom, setup.frame_width, setup.frame_height)
    doc = BaseDocTemplate(
        str(path),
        **setup.template_options(),
        title=f"{spec.title[layout.lang]} — {title(spec, sheet.kind, layout.lang)}",
        subject=f"{sheet.game} {sheet.kind} seed {sheet.seed}",
    )
    doc.addPageTemplates(
        [
            PageTemplate(
                id=part,
                frames=[Frame(*frame_args, id=f"{part}-frame", leftPadding=0, rightPadding=0)],
                onPage=_page_decoration(spec, sheet, layout, part),
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


def _question(spec: RuleSpec, puzzle: Puzzle, layout: Layout, styles) -> list[Flowable]:
    hand = HandFlowable([puzzle.hand], spec.deck.notation, width=SHEET_CARD, lang=layout.lang)
    body: Flowable | list[Flowable] = hand
    answer = puzzle.answer
    if isinstance(answer, CanOpenAnswer):  # Canasta: the team's score sets the minimum
        words = TEXT[layout.lang]
        score = words["team_score"].format(score=signed(answer.score))
        body = [Paragraph(score, styles["body"]), Spacer(1, 4), hand]
    elif isinstance(answer, UseFacedAnswer | GoOutAnswer):  # Conquián: melds, offer, hand
        words = TEXT[layout.lang]
        body = [
            Paragraph(words["table"], styles["tag"]),
            HandFlowable(
                answer.table,
                spec.deck.notation,
                discard=answer.faced,
                discard_label=words["offered"],
                width=SHEET_CARD,
                lang=layout.lang,
            ),
            Spacer(1, 4),
            Paragraph(words["your_hand"], styles["tag"]),
            hand if puzzle.hand else Paragraph(words["empty_hand"], styles["body"]),
        ]
    elif isinstance(answer, TakeOrDrawAnswer):  # the pozo top, then the seen cards
        words = TEXT[layout.lang]
        seen = answer.seen
        body = [
            HandFlowable(
                [puzzle.hand],
                spec.deck.notation,
                labels=[words["your_hand"]],
                discard=answer.pozo_top,
                discard_label=words["pozo"],
                width=SHEET_CARD,
                lang=layout.lang,
            )
        ]
        if seen:  # smaller, on their own row: a Gin hand and the pozo fill the width
            body += [
                Spacer(1, 4),
                HandFlowable(
                    [seen],
                    spec.deck.notation,
                    labels=[words["seen"]],
                    width=KEY_CARD,
                    lang=layout.lang,
                ),
            ]
    elif isinstance(answer, AcomodoAnswer):  # the cutter's melds, numbered, above the hand
        words = TEXT[layout.lang]
        table = answer.cutter_melds
        body = [
            Paragraph(words["table"], styles["tag"]),
            HandFlowable(
                table,
                spec.deck.notation,
                labels=[str(i) for i in range(1, len(table) + 1)],
                width=SHEET_CARD,
                lang=layout.lang,
            ),
            Spacer(1, 4),
            Paragraph(words["your_hand"], styles["tag"]),
            hand,
        ]
    # Kept together by the caller, which measures the parts to lay out the pages.
    return [
        _numbered(puzzle.number, body, styles),
        Spacer(1, 10),
        Paragraph(_spaced(say(spec, layout.lang, f"{puzzle.kind}.fill")), styles["fill"]),
        Spacer(1, 26),
    ]


def _spaced(line: str) -> str:
    """An answer line as written: a paragraph would fold the gaps between its answers into one
    space ("Levanto / Robo Tiro:")."""
    return re.sub(" {2,}", lambda gap: "&nbsp;" * len(gap.group()), line)


@dataclass(frozen=True, slots=True)
class _Drawing:
    """An answer as card groups: each group's label, and the card set apart with its mark."""

    groups: list
    labels: list[str]
    discard: str | None = None
    discard_label: str = ""


def _drawn_answer(spec: RuleSpec, answer: Answer, hand, lang: str) -> HandFlowable:
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
    )


def _drawn_canasta(spec: RuleSpec, answer: CanOpenAnswer | CountHandAnswer, hand, lang: str):
    """The melds put down, and what stays in hand."""
    kind = spec.melds[0].names[lang]
    labels = [kind] * len(answer.melds) + [TEXT[lang]["in_hand"]]
    return _Drawing(groups=[*answer.melds, answer.left], labels=labels)


def _drawn_take_or_draw(spec: RuleSpec, answer: TakeOrDrawAnswer, hand, lang: str):
    """The hand, and the pozo top marked with the answer."""
    words = TEXT[lang]
    return _Drawing(
        # The seen cards too: the answer depends on them.
        groups=[hand, *([answer.seen] if answer.seen else [])],
        labels=[words["your_hand"], words["seen"]],
        discard=answer.pozo_top,
        discard_label=words[f"{answer.advice}.short"],
    )


def _drawn_conquian(spec: RuleSpec, answer: UseFacedAnswer | GoOutAnswer, hand, lang: str):
    """The table as it ends up, and the card paid."""
    groups = answer.melds or answer.table
    used = answer.can_use
    return _Drawing(
        groups=list(groups),
        labels=[meld_label(spec, list(m), lang) for m in groups],
        discard=answer.pay if used else answer.faced,
        discard_label=TEXT[lang]["pay" if used else "offered"],
    )


def _drawn_rummy(spec: RuleSpec, answer: RummyAnswer, hand, lang: str):
    """The melds, the cards laid off, the loose cards with their points, and the discard."""
    words = TEXT[lang]
    laid = answer.laid_off if isinstance(answer, AcomodoAnswer) else ()
    discard = None
    tied = False
    if isinstance(answer, BestDiscardAnswer):
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
            *(words["onto_meld"].format(n=lay.meld) for lay in laid),
            say(spec, lang, "loose", points=points) if answer.deadwood else "",
        ],
        discard=discard,
        discard_label=words["discard_one" if tied else "discard"],
    )


_DRAWINGS: dict[type, Callable[..., _Drawing]] = {
    BestDiscardAnswer: _drawn_rummy,
    CanCutAnswer: _drawn_rummy,
    CountDeadwoodAnswer: _drawn_rummy,
    AcomodoAnswer: _drawn_rummy,
    TakeOrDrawAnswer: _drawn_take_or_draw,
    UseFacedAnswer: _drawn_conquian,
    GoOutAnswer: _drawn_conquian,
    CanOpenAnswer: _drawn_canasta,
    CountHandAnswer: _drawn_canasta,
}


def _solution(spec: RuleSpec, puzzle: Puzzle, layout: Layout, styles) -> list[Flowable]:
    lang = layout.lang
    level = TEXT[lang].get(puzzle.difficulty, puzzle.difficulty)
    return [
        KeepTogether(
            [
                _numbered(
                    puzzle.number,
                    _drawn_answer(spec, puzzle.answer, puzzle.hand, lang),
                    styles,
                    tag=level,
                ),
                Spacer(1, 3),
                Paragraph(explain(spec, puzzle.answer, lang), styles["why"]),
                Spacer(1, 14),
            ]
        )
    ]


def _sheet_story(spec: RuleSpec, sheet: Sheet, layout: Layout, styles) -> list[Flowable]:
    words = TEXT[layout.lang]
    size = len(sheet.puzzles[0].hand) if sheet.puzzles else 0
    story: list[Flowable] = [
        Paragraph(f"{words['name']}: " + "_" * 40, styles["body"]),
        Spacer(1, 8),
        Paragraph(say(spec, layout.lang, f"{sheet.kind}.ask", n=size), styles["ask"]),
        Spacer(1, 6),
    ]
    questions = [_question(spec, puzzle, layout, styles) for puzzle in sheet.puzzles]
    per_page = _spread(questions, layout.per_page, _height(story))
    for i, question in enumerate(questions):
        if i and i % per_page == 0:
            story.append(PageBreak())
        story.append(KeepTogether(question))
    return story


def _height(flowables: list[Flowable]) -> float:
    """The height the flowables take in the page's frame, as the page lays them out."""
    from reportlab.platypus.flowables import _listWrapOn

    return _listWrapOn(flowables, page_setup("worksheet").frame_width, None)[1]


def _spread(questions: list[list[Flowable]], most: int, heading: float) -> int:
    """Puzzles a page: at most `most`, as many on every page (six make 3 + 3, not 5 + 1), and
    fewer when that many do not fit the page (the first page also holds the heading)."""
    frame = page_setup("worksheet").frame_height
    heights = [_height(q) for q in questions]
    pages = max(1, -(-len(questions) // most))
    while True:
        per_page = -(-len(questions) // pages)
        groups = [heights[i : i + per_page] for i in range(0, len(heights), per_page)]
        if per_page == 1 or all(
            sum(group) + (heading if i == 0 else 0) <= frame for i, group in enumerate(groups)
        ):
            return per_page
        pages += 1


def _key_story(spec: RuleSpec, sheet: Sheet, layout: Layout, styles) -> list[Flowable]:
    story: list[Flowable] = []
    for puzzle in sheet.puzzles:
        story.extend(_solution(spec, puzzle, layout, styles))
    return story


def write_sheet_pdf(spec: RuleSpec, sheet: Sheet, layout: Layout, path: Path) -> None:
    """The puzzles, then (with `answers="end"`) the key on its own pages."""
    layout.check()
    styles = _styles()
    story = _sheet_story(spec, sheet, layout, styles)
    parts = ["sheet"]
    if layout.answers == "end":
        parts.append("answers")
        story += [NextPageTemplate("answers"), PageBreak()]
        story += _key_story(spec, sheet, layout, styles)
    _document(path, spec, sheet, layout, parts).build(story)


def write_key_pdf(spec: RuleSpec, sheet: Sheet, layout: Layout, path: Path) -> None:
    """The answer key alone, for `--answers separate`."""
    layout.check()
    styles = _styles()
    _document(path, spec, sheet, layout, ["answers"]).build(_key_story(spec, sheet, layout, styles))
