"""The score sheets (planillas) and the odds chart as Documents, from the results they show.

- `planilla`: a match, one row per hand with each player's points and running total, the
  eliminations and re-entries, the verdict, and the chart of the totals with the limit line.
- `game_sheet`: a game to a target (Gin Rummy), one row per hand with each player's points
  and total and a box for each hand won, then the lines, the game bonus, the shutout and each
  player's final score, and the chart of the totals with the target line.
- `odds_sheet`: the chance to cut by each turn, a curve a rules set, a table of them and notes.

With no hands yet, each is a blank sheet to fill in. `write_planilla`, `write_game_sheet` and
`write_odds_curves` lay them out as PDF (templates.scoresheet). `score_sheet` and
`target_chart` are shared with the planillas a mechanism keeps in its own package.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mazo.solver.match.elimination import MatchResult
from mazo.solver.match.sheet import About
from mazo.solver.match.target import BOX, GameResult, upcard_mark
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import cut_verb
from mazo.templates import document as doc
from mazo.templates.scoresheet import write_odds_sheet, write_score_sheet
from mazo.words import has, say
from mazo.words.numbers import chance, in_lang, percent_sign, signed

# Past this many lines a player's boxes would wrap in the Lines row: the count says it alone.
MAX_BOXES = 10
# The turns the sheet's table gives each curve's chance by.
ODDS_TABLE_TURNS = (1, 3, 5, 10, 15, 20)


def score_sheet(
    spec: RuleSpec, lang: str, about: About | None, how: str | None, **fields: Any
) -> doc.ScoreSheet:
    """A sheet with its heading and the line under it; blank (`how`: the key of the words of
    what each box holds), with the winner to write in. The sheet's own title, when it has one,
    stands above the planilla's; its date and place go under (a blank planilla leaves them to
    write in)."""
    title = f"{say(lang, 'sheet.title')} · {spec.title[lang]}"
    about = about or About()
    date = about.said_date(lang) or (say(lang, "sheet.date_blank") if how else None)
    place = about.place or (say(lang, "sheet.place_blank") if how else None)
    under = " · ".join(t for t in (title if about.title else None, date, place) if t)
    blank: dict[str, Any] = (
        {"fill": say(lang, how), "winner": say(lang, "sheet.winner_blank")} if how else {}
    )
    return doc.ScoreSheet(
        title=f"{say(lang, 'sheet.title')} {spec.title[lang]}",
        heading=about.title or title,
        under=under,
        hand=say(lang, "sheet.hand"),
        **fields,
        **blank,
    )


def planilla(
    spec: RuleSpec,
    result: MatchResult,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> doc.ScoreSheet:
    """A match's sheet; with no hands yet, a blank planilla."""
    said = f"sheet.reenganche.{result.reenganche}"
    reenganche = say(lang, said) if has(lang, said) else result.reenganche
    fields: dict[str, Any] = {
        "rules": f"{say(lang, 'sheet.limit', limit=result.limit)} · {reenganche}",
        "columns": tuple(result.players),
        "rows": _match_rows(result, lang),
        "paper": paper,
    }
    if not result.lines:
        return score_sheet(spec, lang, about, "sheet.fill_match", **fields)
    bold, more = _match_verdict(result, spec, lang)
    chart = doc.Chart(
        title=say(lang, "sheet.chart"),
        players=tuple(result.players),
        paths=total_paths(result),
        hands=len(result.lines),
        line_value=result.limit,
        line_label=say(lang, "sheet.limit_line", limit=result.limit),
        line_colour="out",
        start_label=say(lang, "sheet.start"),
    )
    return score_sheet(
        spec,
        lang,
        about,
        None,
        **fields,
        open=not result.winners,
        next_hand=result.lines[-1].number + 1,
        verdict=bold,
        verdict_more=more,
        chart=chart,
    )


def _match_rows(result: MatchResult, lang: str) -> tuple[tuple[doc.Cell, ...], ...]:
    rows = []
    if any(result.start.values()):
        start = [doc.Cell(signed(result.start[p])) for p in result.players]
        rows.append((doc.Cell(say(lang, "sheet.start")), *start))
    for line in result.lines:
        row = [doc.Cell(str(line.number))]
        for player in result.players:
            if player not in line.points:
                row.append(doc.Cell(points="—"))
                continue
            notes = []
            if player in line.eliminated:
                notes.append(("out", say(lang, "sheet.out")))
            if player in line.reentered:
                notes.append(("back", say(lang, "sheet.reentered", total=line.reference)))
            if player in line.could_reenter:
                said = say(lang, "sheet.could_reenter", total=line.reference)
                notes.append(("score_muted", said))
            total = signed(line.scored[player])
            points = signed(line.points[player], plus=True)
            row.append(doc.Cell(total, bold=True, points=points, notes=tuple(notes)))
        rows.append(tuple(row))
    return tuple(rows)


def _match_verdict(result: MatchResult, spec: RuleSpec, lang: str) -> tuple[str, str]:
    """Who won and how, as the terminal says it: a close that wins the match by its name. The
    part said in bold, and the rest."""
    if not result.winners:
        return "", say(lang, "sheet.still_in", who=", ".join(result.still_in))
    who = say(lang, "sheet.and").join(result.winners)
    if result.won_by == "win_match":
        close = next(c for c in spec.closes if c.effect == "win_match")
        reason = say(lang, "sheet.won_with", close=close.names[lang])
    else:
        won_by = f"sheet.won_by.{result.won_by}"
        reason = say(lang, won_by if has(lang, won_by) else "sheet.lowest")
    stop = "" if reason.endswith(("!", "?")) else "."  # ¡Conga Limpia! ends its own sentence
    return say(lang, "sheet.wins", who=who), f"{reason}{stop}"


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


def game_sheet(
    spec: RuleSpec,
    result: GameResult,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> doc.ScoreSheet:
    """A game's sheet; with no hands yet, a blank one with its final rows to fill in."""
    players = result.players
    rules = say(
        lang, "sheet.rules", target=result.target, line=result.line_bonus, bonus=result.game_bonus
    )
    rules += f" · {say(lang, f'sheet.shutout.{str(result.shutout_doubles).lower()}')}"
    rules += " · Oklahoma" if result.oklahoma else ""
    fields: dict[str, Any] = {
        "rules": rules,
        "columns": tuple(players),
        "rows": _game_rows(result, lang),
        "paper": paper,
        "target": True,
    }
    if not result.lines:
        finals = [say(lang, "sheet.lines"), say(lang, "sheet.game_bonus")]
        finals += [say(lang, "sheet.shutout_row")] if result.shutout_doubles else []
        empty = tuple((label, ()) for label in [*finals, say(lang, "sheet.total")])
        return score_sheet(spec, lang, about, "sheet.fill_game", **fields, finals=empty)
    if result.winner is not None:
        verdict = say(lang, "sheet.game_wins", who=result.winner, margin=result.margin)
    else:
        verdict = say(lang, "sheet.open", target=result.target)
    return score_sheet(
        spec,
        lang,
        about,
        None,
        **fields,
        open=result.winner is None,
        next_hand=result.lines[-1].number + 1,
        finals=_final_rows(result, lang),
        verdict=verdict,
        chart=target_chart(say(lang, "sheet.chart"), players, result, lang),
    )


def _game_rows(result: GameResult, lang: str) -> tuple[tuple[doc.Cell, ...], ...]:
    """A row per hand: each player's total, and the hand's points and box for its winner."""
    rows = []
    won = dict.fromkeys(result.players, 0)
    for line in result.lines:
        row = [doc.Cell(str(line.number))]
        for player in result.players:
            total = str(line.totals[player])
            if line.winner != player:
                row.append(doc.Cell(total, bold=True))
                continue
            won[player] += 1
            box = f"{BOX} {say(lang, 'sheet.box', n=won[player])}{upcard_mark(line)}"
            points = f"+{line.points[player]}"
            row.append(doc.Cell(total, bold=True, points=points, notes=(("back", box),)))
        rows.append(tuple(row))
    return tuple(rows)


def _final_rows(result: GameResult, lang: str) -> tuple[tuple[str, tuple[doc.Cell, ...]], ...]:
    """The lines, the game bonus, the shutout (when there is one) and each final score."""
    final = result.final

    def lines(p: str) -> doc.Cell:
        boxes = BOX * final[p].lines if final[p].lines <= MAX_BOXES else BOX
        return doc.Cell(f"{boxes} {final[p].lines} × {result.line_bonus} = {final[p].line_points}")

    def bonus(p: str) -> doc.Cell:
        return doc.Cell(str(final[p].game_bonus) if final[p].game_bonus else "—")

    summary = [(say(lang, "sheet.lines"), lines), (say(lang, "sheet.game_bonus"), bonus)]
    if any(s.shutout for s in final.values()):
        summary.append(
            (say(lang, "sheet.shutout_row"), lambda p: doc.Cell("× 2" if final[p].shutout else "—"))
        )
    summary.append((say(lang, "sheet.total"), lambda p: doc.Cell(str(final[p].total), bold=True)))
    return tuple((label, tuple(value(p) for p in result.players)) for label, value in summary)


def target_chart(title: str, who: Sequence[str], result: Any, lang: str) -> doc.Chart:
    """The totals of a game played to a target (its players', or its sides'), hand by hand,
    with the target's line across."""
    return doc.Chart(
        title=title,
        players=tuple(who),
        paths={
            w: [(0, result.start[w])] + [(ln.number, ln.totals[w]) for ln in result.lines]
            for w in who
        },
        hands=len(result.lines),
        line_value=result.target,
        line_label=say(lang, "sheet.target_line", target=result.target),
        line_colour="back",
        start_label=say(lang, "sheet.start"),
    )


def odds_sheet(
    spec: RuleSpec,
    curves: dict[str, tuple[float, tuple[float, ...]]],
    *,
    rules: str | None,
    lang: str,
) -> doc.OddsSheet:
    """The chance to cut by each turn, one curve a rules set (keyed by odds_rules or
    odds_defaults: its mean turns and its chances), a table of them, the rules in force (`rules`:
    their name, None for the game's own) and the model the curves follow."""
    game = spec.title[lang]
    cut = cut_verb(spec, lang)
    # the rules in force by their own name, when their file gives one
    names = {key: say(lang, f"sheet.{key}", game=game) for key in curves}
    if "odds_rules" in names and spec.variant_name:
        names["odds_rules"] = str(spec.variant_name)
    chart = doc.Chart(
        title=say(lang, "sheet.odds_chart", cut=cut),
        players=tuple(names.values()),
        paths={
            names[key]: [(0, 0), *((n, round(p * 100)) for n, p in enumerate(chances, 1))]
            for key, (_, chances) in curves.items()
        },
        hands=max(len(chances) for _, chances in curves.values()),
        line_value=50,
        line_label=say(lang, "sheet.odds_line"),
        line_colour="out",
        start_label=say(lang, "sheet.odds_start"),
        top=100,
        marks=(25, 50, 75),
        unit=percent_sign(lang),
        axis_label=say(lang, "sheet.odds_turns"),
    )
    head = [
        say(lang, "sheet.odds_mean"),
        *(say(lang, "sheet.odds_by", n=n) for n in ODDS_TABLE_TURNS),
    ]
    rows = [
        (
            names[key],
            (
                in_lang(f"{mean:.2f}", lang),
                *(chance(chances[n - 1], lang) for n in ODDS_TABLE_TURNS),
            ),
        )
        for key, (mean, chances) in curves.items()
    ]
    notes = []
    if rules is not None:
        key = "sheet.odds_in_force" if len(curves) > 1 else "sheet.odds_same_cuts"
        notes.append(say(lang, key, rules=rules, game=game, cut=cut))
    # How the jokers count only where the rules in force have some.
    jokers = say(lang, "sheet.odds_model_jokers") if spec.deck.jokers else ""
    notes.append(say(lang, "sheet.odds_model", cut=cut, jokers=jokers))
    title = say(lang, "sheet.odds_title", cut=cut)
    return doc.OddsSheet(
        title=f"{title} · {game}",
        heading=title,
        subtitle=say(lang, "sheet.odds_subtitle", game=game),
        chart=chart,
        head=tuple(head),
        rows=tuple(rows),
        notes=tuple(notes),
    )


def write_planilla(path: Path, spec: RuleSpec, result: MatchResult, **options: Any) -> None:
    """A match's sheet as PDF, reproducible byte for byte."""
    write_score_sheet(planilla(spec, result, **options), path)


def write_game_sheet(path: Path, spec: RuleSpec, result: GameResult, **options: Any) -> None:
    """A game's sheet as PDF, reproducible byte for byte, as the match planilla."""
    write_score_sheet(game_sheet(spec, result, **options), path)


def write_odds_curves(path: Path, spec: RuleSpec, curves, *, rules: str | None, lang: str) -> None:
    """The odds chart as PDF (see `odds_sheet`)."""
    write_odds_sheet(odds_sheet(spec, curves, rules=rules, lang=lang), path)
