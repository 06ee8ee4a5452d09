"""`mazo puzzles`: the sheet's puzzles in a table, each with its answer, and the files written."""

from __future__ import annotations

from pathlib import Path

from mazo.cardtext import cards_text
from mazo.output import View
from mazo.puzzles.classset import ClassSet
from mazo.puzzles.wording import drawn_card, explain, sheet_name
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views.lines import wrote
from mazo.words import say


def view(spec: RuleSpec, sheets: ClassSet, lang: str, written: list[Path]) -> View:
    """The answers in `lang`, as the sheet prints them, in a table in the same language. With
    the sheet written to a file, only the files: a key on the terminal is a key in the room."""
    from rich.table import Table

    if written:
        return [line for path in written for line in wrote(path, lang)]
    tables = []
    for label, sheet in zip(sheets.labels, sheets.sheets, strict=True):
        kind = sheet_name(spec, sheet.kinds(), lang)
        title_line = say(lang, "sheet_title", game=spec.title[lang], kind=kind, seed=sheet.seed)
        if label:
            title_line = say(lang, "sheet_version", title=title_line, label=label)
        table = Table(box=None, title=title_line)
        for key in ("col_number", "col_hand", "col_difficulty", "col_answer"):
            table.add_column(say(lang, key))
        for puzzle in sheet.puzzles:
            table.add_row(
                str(puzzle.number),
                cards_text(puzzle.hand, spell=drawn_card),  # 10♥, as the answer says it
                say(lang, f"puzzles.{puzzle.difficulty}"),
                explain(spec, puzzle.answer, lang),
            )
        tables.append(table)
    return tables
