"""A worksheet as a Document: numbered puzzles with room to answer, then the answer key.

Each version of a sheet opens with name, date, group and a score box, and a box of the rules
its answers rest on; every page carries the title, the key's pages the seed, the variant and the
command that prints the sheet again. What the pages say is built here, in the sheet's language;
templates.worksheet lays it out (the cards, their sizes, the pages).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mazo.rulebooks.tables import close_condition, values_table
from mazo.solver import closes
from mazo.solver.errors import OptionError
from mazo.solver.messages import either
from mazo.solver.spec.reader import split_path
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.templates.page import PAPERS
from mazo.templates.worksheet import write_worksheet
from mazo.words import LANGS, has, word

from .answers import (
    AcomodoAnswer,
    Answer,
    BestDiscardAnswer,
    CanCutAnswer,
    CountDeadwoodAnswer,
    FastestDiscardAnswer,
    RummyAnswer,
    TakeOrDrawAnswer,
)
from .classset import ClassSet
from .generate import Puzzle, Sheet
from .parts import Drawing, cards, parts_of, table_and_hand, table_rows
from .wording import explain, fill, kind_key, meld_label, say, sheet_name

PER_PAGE = range(1, 7)  # more puzzles than this leave no room to answer on a page
DEFAULT_PER_PAGE = 5
ANSWERS = ("end", "separate")


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


# The word after the sheet's name in the file of its key, in the sheet's language.
KEY_FILE_WORD = {"es": "soluciones", "en": "answers"}


def answers_path(path: Path, lang: str) -> Path:
    """Where `--answers separate` puts the key: beside the sheet, `NAME-soluciones.pdf` for a
    Spanish sheet, `NAME-answers.pdf` for an English one; the key takes the sheet's suffix, so a
    sheet named without one (`-o hoja`) gets a key without one (`hoja-soluciones`)."""
    return path.with_name(f"{path.stem}-{KEY_FILE_WORD[lang]}{path.suffix}")


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


def _part_name(lang: str, part: str, label: str, page: int) -> str:
    """What a page belongs to: the version ("Hoja B"), the key, or a version's key, which says
    so on every page ("Hoja B · soluciones, continúa"): a teacher sorts the pages by it."""
    if not label:
        return word(lang, f"puzzles.{part}")
    if part == "answers":
        key = "puzzles.version_key" if page == 1 else "puzzles.version_key_more"
        return word(lang, key).format(label=label)
    return word(lang, "puzzles.version").format(label=label)


def _puzzle_body(spec: RuleSpec, puzzle: Puzzle, lang: str) -> doc.PuzzleBody:
    """The cards of one puzzle, with what the question needs beside them (a mechanism's own
    answers, as the mechanism lays them out)."""
    answer = puzzle.answer
    own = parts_of(spec).bodies.get(type(answer))
    if own is not None:
        return own(spec, puzzle, lang)
    if isinstance(answer, AcomodoAnswer):  # the cutter's melds, numbered, and the hand
        table = list(answer.cutter_melds)
        labels = [word(lang, "puzzles.table_meld").format(n=i) for i in range(1, len(table) + 1)]
        return table_and_hand(lang, puzzle.hand, table, labels)
    if isinstance(answer, TakeOrDrawAnswer):  # the pozo top, then the seen cards
        pozo: dict[str, Any] = {
            "discard": answer.pozo_top,
            "discard_label": word(lang, "puzzles.pozo"),
        }
        alone = cards([puzzle.hand], [word(lang, "puzzles.your_hand")], **pozo)
        if not answer.seen:
            return (alone,)
        # Beside the hand while the cards stay big enough, else smaller on their own row.
        seen = cards([answer.seen], [word(lang, "puzzles.seen")], small=True)
        row = cards(
            [puzzle.hand, answer.seen],
            [word(lang, "puzzles.your_hand"), word(lang, "puzzles.seen")],
            **pozo,
        )
        return doc.OneRow(row, (alone, seen))
    return cards([puzzle.hand])


def _drawn_answer(spec: RuleSpec, answer: Answer, hand, lang: str) -> doc.Cards:
    """The solution as cards: melds grouped and named, loose cards with their points, the
    discard (or the card paid, where a card offered is paid for) set apart and marked; a
    mechanism's own answers drawn as the mechanism says."""
    drawn = _DRAWINGS.get(type(answer)) or parts_of(spec).drawings[type(answer)]
    drawing = drawn(spec, answer, hand, lang)
    return cards(
        drawing.groups,
        drawing.labels,
        discard=drawing.discard,
        discard_label=drawing.discard_label if drawing.discard else None,
    )


def _drawn_take_or_draw(spec: RuleSpec, answer: TakeOrDrawAnswer, hand, lang: str):
    """The hand, and the pozo top marked with the answer."""
    return Drawing(
        # The seen cards too: the answer depends on them.
        groups=[hand, *([answer.seen] if answer.seen else [])],
        labels=[word(lang, "puzzles.your_hand"), word(lang, "puzzles.seen")],
        discard=answer.pozo_top,
        discard_label=word(lang, f"puzzles.{answer.advice}.short"),
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
    return Drawing(
        groups=[*answer.melds, *(lay.cards for lay in laid), answer.deadwood],
        labels=[
            *(meld_label(spec, list(m), lang) for m in answer.melds),
            *(word(lang, "puzzles.onto_meld").format(n=lay.meld) for lay in laid),
            say(spec, lang, "puzzles.loose", points=points) if answer.deadwood else "",
        ],
        discard=discard,
        discard_label=word(lang, "puzzles.discard_one" if tied else "puzzles.discard"),
    )


_DRAWINGS: dict[type, Callable[..., Drawing]] = {
    BestDiscardAnswer: _drawn_rummy,
    CanCutAnswer: _drawn_rummy,
    CountDeadwoodAnswer: _drawn_rummy,
    AcomodoAnswer: _drawn_rummy,
    TakeOrDrawAnswer: _drawn_take_or_draw,
    FastestDiscardAnswer: _drawn_rummy,
}


def _solution(spec: RuleSpec, puzzle: Puzzle, lang: str, head: str = "") -> doc.Solution:
    """A puzzle's answer drawn and explained, with `head` (a version's name) when it opens one."""
    return doc.Solution(
        number=puzzle.number,
        level=_level(lang, puzzle.difficulty),
        drawing=_drawn_answer(spec, puzzle.answer, puzzle.hand, lang),
        why=explain(spec, puzzle.answer, lang),
        head=head,
    )


def _level(lang: str, difficulty: str) -> str:
    known = has(lang, f"puzzles.{difficulty}")
    return word(lang, f"puzzles.{difficulty}") if known else difficulty


def _blanks(sheet: Sheet, lang: str) -> doc.Blanks:
    """Name, date and group to fill in, and the score box (`__ / 8`)."""
    return doc.Blanks(
        name=word(lang, "puzzles.name"),
        date=word(lang, "puzzles.date"),
        group=word(lang, "puzzles.group"),
        score=word(lang, "puzzles.score"),
        out_of=len(sheet.puzzles),
    )


def _rules_lines(spec: RuleSpec, lang: str, kinds: Sequence[str]) -> list[str]:
    """What a sheet's answers rest on, in words: the card values (a loose joker's too) where
    points are counted, the closes and their limits, what the mechanism adds (a minimum to
    reach, a goal), what a kind on the sheet assumes (the fastest-discard sheets' model of the
    draw), and the house rules a question may rest on."""
    lines = []
    reachable = closes.reachable(spec)
    parts = parts_of(spec)
    if reachable or parts.counts_points:
        table = values_table(spec, lang, span=word(lang, "puzzles.values_span"))
        values = " · ".join(f"{label}: {value}" for label, value in table_rows(table))
        lines.append(word(lang, "puzzles.values_line").format(values=values))
    if reachable:
        said = "; ".join(
            f"{close.names[lang]}: {_lower_first(close_condition(spec, close, lang))}"
            for close in reachable
        )
        lines.append(say(spec, lang, "puzzles.closes_line", closes=said))
    lines += parts.rules_lines(spec, lang)
    lines += [
        say(spec, lang, kind_key(kind, ".rule"))
        for kind in kinds
        if has(lang, kind_key(kind, ".rule"))
    ]
    for said, default in _house_rules(spec, lang):
        lines.append(word(lang, "puzzles.house_line").format(said=said, default=default))
    return lines


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _rules_box(spec: RuleSpec, sheet: Sheet, lang: str) -> doc.Box:
    return doc.Box(word(lang, "puzzles.rules_box"), tuple(_rules_lines(spec, lang, sheet.kinds())))


def _asks(spec: RuleSpec, sheet: Sheet, lang: str) -> dict[int, str]:
    """The instructions of each kind, by the number of its first puzzle."""
    asks: dict[int, str] = {}
    for kind in sheet.kinds():
        first = next(p for p in sheet.puzzles if p.kind == kind)
        asks[first.number] = say(spec, lang, kind_key(kind, ".ask"), n=len(first.hand))
    return asks


def _sheet_run(spec: RuleSpec, sheet: Sheet, lang: str, label: str) -> doc.Run:
    """One version of the sheet: the blanks, the rules, the puzzles."""
    asks = _asks(spec, sheet, lang)
    puzzles = tuple(
        doc.Puzzle(
            number=p.number,
            body=_puzzle_body(spec, p, lang),
            fill=fill(spec, p.kind, p.answer, lang),
            ask=asks.get(p.number, ""),
        )
        for p in sheet.puzzles
    )
    name = _part_name(lang, "sheet", label, 1)
    return doc.Run(
        name, name, False, (_blanks(sheet, lang), _rules_box(spec, sheet, lang), *puzzles)
    )


def _key_runs(spec: RuleSpec, sheets: ClassSet, lang: str) -> list[doc.Run]:
    """Every version's answers, one after the other, each under its version's name and from a
    page of its own, so that every page of the key is one version's."""
    runs = []
    for label, sheet in zip(sheets.labels, sheets.sheets, strict=True):
        head = word(lang, "puzzles.version").format(label=label) if label else ""
        solutions = tuple(
            _solution(spec, puzzle, lang, head if j == 0 else "")
            for j, puzzle in enumerate(sheet.puzzles)
        )
        first, after = (_part_name(lang, "answers", label, page) for page in (1, 2))
        runs.append(doc.Run(first, after, True, solutions))
    return runs


def _details(spec: RuleSpec, sheet: Sheet, lang: str) -> str:
    seed, variant = word(lang, "puzzles.seed"), word(lang, "puzzles.variant")
    return f"{seed} {sheet.seed}  ·  {variant}: {_variant_text(spec, lang)}"


def _worksheet(spec: RuleSpec, sheets: ClassSet, layout: Layout, runs: list[doc.Run]):
    """The sheet's pages: its title, what the key's pages say of it, and its runs."""
    sheet, lang = sheets.sheets[0], layout.lang
    return doc.Worksheet(
        title=_heading(spec, sheet, lang),
        subject=f"{sheet.game} {','.join(sheet.kinds())} seed {sheet.seed}",
        lang=lang,
        notation=spec.deck.notation.name,
        paper=layout.paper,
        per_page=layout.per_page,
        page_word=word(lang, "puzzles.page"),
        details=_details(spec, sheet, lang),
        reprint=f"{word(lang, 'puzzles.reprint')}: {layout.reprint}" if layout.reprint else "",
        runs=tuple(runs),
    )


def write_sheet_pdf(spec: RuleSpec, sheets: ClassSet, layout: Layout, path: Path) -> None:
    """Every version's puzzles, each on its own pages, then (with `answers="end"`) the key of
    them all."""
    layout.check()
    runs = [
        _sheet_run(spec, sheet, layout.lang, label)
        for label, sheet in zip(sheets.labels, sheets.sheets, strict=True)
    ]
    if layout.answers == "end":
        runs += _key_runs(spec, sheets, layout.lang)
    write_worksheet(_worksheet(spec, sheets, layout, runs), str(path))


def write_key_pdf(spec: RuleSpec, sheets: ClassSet, layout: Layout, path: Path) -> None:
    """The answer key alone, for `--answers separate`."""
    layout.check()
    runs = _key_runs(spec, sheets, layout.lang)
    write_worksheet(_worksheet(spec, sheets, layout, runs), str(path))
