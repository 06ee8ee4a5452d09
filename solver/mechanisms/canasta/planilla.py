"""Canasta's planilla as a Document: its game, side against side, one row per hand with each
side's points and total and the initial meld minimum that total sets for the next hand, the
verdict, and the chart of the totals with the target line. With no hands yet, a blank sheet to
fill in. `write_sides_sheet` lays it out as PDF (templates.scoresheet)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mazo.solver.match.sheet import About
from mazo.solver.mechanisms.canasta.game import SidesGame
from mazo.solver.mechanisms.canasta.solve import canasta_rules
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.templates.scoresheet import write_score_sheet
from mazo.views.score_sheets import score_sheet, target_chart
from mazo.words import say
from mazo.words.numbers import signed


def sides_sheet(
    spec: RuleSpec,
    result: SidesGame,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> doc.ScoreSheet:
    """Canasta's game, side against side; with no hands yet, a blank sheet."""
    sides = result.sides
    fields: dict[str, Any] = {
        "rules": say(
            lang, "canasta.sheet.sides_rules", target=result.target, minimums=_minimums(spec, lang)
        ),
        "columns": tuple(sides),
        "rows": _sides_rows(result, lang),
        "paper": paper,
        "target": True,
    }
    if not result.lines:
        return score_sheet(spec, lang, about, "canasta.sheet.fill_sides", **fields)
    return score_sheet(
        spec,
        lang,
        about,
        None,
        **fields,
        open=result.winner is None,
        next_hand=result.lines[-1].number + 1,
        verdict=_sides_verdict(result, lang),
        chart=target_chart(say(lang, "canasta.sheet.sides_chart"), sides, result, lang),
    )


def _minimums(spec: RuleSpec, lang: str) -> str:
    """The spec's table of initial meld minimums: below the first row, then each row's."""
    rules = canasta_rules(spec)
    rows = [f"{say(lang, 'canasta.sheet.negative')} {rules.negative_minimum}"]
    rows += [f"{signed(start)}+ {minimum}" for start, minimum in rules.minimums]
    return ", ".join(rows)


def _sides_rows(result: SidesGame, lang: str) -> tuple[tuple[doc.Cell, ...], ...]:
    """The start (when given) and a row per hand: each side's points, its total and, under it,
    the minimum that total sets for the next hand."""

    def entry(total: int, minimum: int, points: int | None = None) -> doc.Cell:
        said = say(lang, "canasta.sheet.minimum", minimum=minimum)
        shown = "" if points is None else signed(points, plus=True)
        return doc.Cell(signed(total), bold=True, points=shown, notes=(("score_muted", said),))

    rows = []
    if any(result.start.values()):
        start = [entry(result.start[s], result.start_minimum[s]) for s in result.sides]
        rows.append((doc.Cell(say(lang, "sheet.start")), *start))
    for line in result.lines:
        row = [entry(line.totals[s], line.minimum[s], line.points[s]) for s in result.sides]
        rows.append((doc.Cell(str(line.number)), *row))
    return tuple(rows)


def _sides_verdict(result: SidesGame, lang: str) -> str:
    totals = result.totals
    if result.winner is not None:
        others = say(lang, "sheet.and").join(
            signed(totals[s]) for s in result.sides if s != result.winner
        )
        return say(
            lang,
            "canasta.sheet.sides_wins",
            who=result.winner,
            total=signed(totals[result.winner]),
            others=others,
        )
    if result.tied:
        return say(
            lang,
            "canasta.sheet.sides_tie",
            who=say(lang, "sheet.and").join(result.tied),
            total=signed(totals[result.tied[0]]),
            target=result.target,
        )
    return say(lang, "sheet.open", target=result.target)


def write_sides_sheet(path: Path, spec: RuleSpec, result: SidesGame, **options: Any) -> None:
    """Canasta's game as PDF, reproducible byte for byte, as the match planilla."""
    write_score_sheet(sides_sheet(spec, result, **options), path)
