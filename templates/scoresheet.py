"""The printable score sheets (planillas), on the score sheet's page set-up and styles.

- `write_planilla`: a match, one row per hand with each player's points and running total, the
  eliminations and re-entries, the verdict, and the chart of the totals with the limit line.
- `write_game_sheet`: a game to a target (Gin Rummy), one row per hand with each player's points
  and total and a box for each hand won, then the lines, the game bonus, the shutout and each
  player's final score, and the chart of the totals with the target line.
- `write_sides_sheet`: Canasta's game, one row per hand with each side's points and total and
  the initial meld minimum that total sets for the next hand, the verdict, and the chart of the
  totals with the target line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, unescape

from mazo.solver.match.elimination import MatchResult
from mazo.solver.match.sheet import About
from mazo.solver.match.target import BOX, GameResult, upcard_mark
from mazo.solver.mechanisms.canasta.game import SidesGame
from mazo.solver.mechanisms.canasta.solve import canasta_rules
from mazo.solver.spec.load import RuleSpec
from mazo.solver.words import cut_verb
from mazo.words import has, say
from mazo.words.numbers import chance, in_lang, percent_sign, signed
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
# Past this many lines a player's boxes would wrap in the Lines row: the count says it alone.
MAX_BOXES = 10
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


def opening(
    title: str,
    subtitle: str,
    lang: str,
    styles: StyleSheet,
    about: About | None = None,
    *,
    blank: bool = False,
):
    """The sheet's title and rules line, and the table's heading row for its players. The
    sheet's own title, when it has one, stands above the planilla's; its date and place go
    under (a blank planilla leaves them to write in).

    All is text (a spec's title among it), escaped here: a Paragraph reads its text as markup."""
    about = about or About()
    date = about.said_date(lang) or (say(lang, "sheet.date_blank") if blank else None)
    place = about.place or (say(lang, "sheet.place_blank") if blank else None)
    under = " · ".join(t for t in (title if about.title else None, date, place) if t)
    story = [Paragraph(escape(about.title or title), styles["score_title"])]
    if under:
        story.append(Paragraph(escape(under), styles["score_body"]))
    story.append(Paragraph(escape(subtitle), styles["score_small"]))
    story.append(Spacer(1, 6 * mm))

    def heading(players) -> list:
        first = Paragraph(say(lang, "sheet.hand"), styles["score_first"])
        return [first, *(Paragraph(escape(p), styles["score_head"]) for p in players)]

    return story, heading


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
    heading = Paragraph(f"<b>{chart.title}</b>", styles["score_small"])
    return [Spacer(1, 6 * mm), KeepTogether([heading, drawing])]  # never a heading alone


# The turns the sheet's table gives each curve's chance by.
ODDS_TABLE_TURNS = (1, 3, 5, 10, 15, 20)
# The odds chart alone on its page, with its table and notes under it: twice a planilla's.
ODDS_CHART_HEIGHT_MM = 2 * CHART_HEIGHT_MM


def write_odds_curves(
    path: Path,
    spec: RuleSpec,
    curves: dict[str, tuple[float, tuple[float, ...]]],
    *,
    rules: str | None,
    lang: str,
) -> None:
    """The chance to cut by each turn, one curve a rules set (keyed by odds_rules or
    odds_defaults: its mean turns and its chances), a table of them, the rules in force (`rules`:
    their name, None for the game's own) and the model the curves follow."""
    styles = load_styles()
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
    rows = [[Paragraph(escape(text), styles["odds_head"]) for text in ["", *head]]]
    for key, (mean, chances) in curves.items():
        cells = [
            in_lang(f"{mean:.2f}", lang),
            *(chance(chances[n - 1], lang) for n in ODDS_TABLE_TURNS),
        ]
        first = Paragraph(escape(names[key]), styles["score_first"])
        rows.append([first, *(Paragraph(c, styles["score_cell"]) for c in cells)])
    story = [
        Paragraph(say(lang, "sheet.odds_title", cut=cut), styles["score_title"]),
        Paragraph(escape(say(lang, "sheet.odds_subtitle", game=game)), styles["score_small"]),
        # The chart is the page's point: it takes the room a planilla's rows would.
        *chart_block(chart, styles, height_mm=ODDS_CHART_HEIGHT_MM),
        Spacer(1, 4 * mm),
        # Seven figure columns: narrow sides so that their heads ("promedio") stay whole.
        grid(rows, len(head) + 1, blank_until=0, first_mm=34, side_padding=3),
        Spacer(1, 4 * mm),
    ]
    if rules is not None:
        key = "sheet.odds_in_force" if len(curves) > 1 else "sheet.odds_same_cuts"
        said = escape(say(lang, key, rules=rules, game=game, cut=cut))
        story += [Paragraph(said, styles["score_small"]), Spacer(1, 2 * mm)]
    # How the jokers count only where the rules in force have some.
    jokers = say(lang, "sheet.odds_model_jokers") if spec.deck.jokers else ""
    model = say(lang, "sheet.odds_model", cut=cut, jokers=jokers)
    story.append(Paragraph(model, styles["score_small"]))
    build(path, story, f"{say(lang, 'sheet.odds_title', cut=cut)} · {game}")


def write_planilla(
    path: Path,
    spec: RuleSpec,
    result: MatchResult,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> None:
    """A match's sheet as PDF, reproducible byte for byte; with no hands yet, a blank planilla."""
    styles = load_styles()
    said = f"sheet.reenganche.{result.reenganche}"
    reenganche = say(lang, said) if has(lang, said) else result.reenganche
    subtitle = f"{say(lang, 'sheet.limit', limit=result.limit)} · {reenganche}"
    title = f"{say(lang, 'sheet.title')} · {spec.title[lang]}"
    blank = not result.lines
    story, heading = opening(title, subtitle, lang, styles, about, blank=blank)
    rows = [heading(result.players), *_match_rows(result, lang, styles["score_cell"])]
    if blank:
        story = to_fill(
            story, rows, len(result.players), say(lang, "sheet.fill_match"), lang, styles, paper
        )
        build(path, story, f"{say(lang, 'sheet.title')} {spec.title[lang]}", paper)
        return
    # Blank rows carry a match on by hand; a match already won needs none.
    blank_until = 0 if result.winners else BLANK_ROWS_UNTIL
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
    below = [
        Spacer(1, 6 * mm),
        Paragraph(_match_verdict(result, spec, lang), styles["score_body"]),
        *chart_block(chart, styles, paper),
    ]

    def table(most_blank: int | None):
        columns = len(result.players) + 1
        return grid(
            rows,
            columns,
            blank_until=blank_until,
            paper=paper,
            most_blank=most_blank,
            next_hand=result.lines[-1].number + 1,
        )

    story += [room_for_chart(story, table, below, paper), *below]
    build(path, story, f"{say(lang, 'sheet.title')} {spec.title[lang]}", paper)


def to_fill(
    above: list,
    rows: list,
    columns: int,
    how: str,
    lang: str,
    styles: StyleSheet,
    paper: str | None,
    *,
    first_mm: int = 18,
    after: list | None = None,
) -> list:
    """A blank planilla's page: the story `above` (its title and rules), the heading and start
    `rows`, then numbered hands to the foot of the page (less the room of the rows `after`
    them, a game's final scores), what each box holds, and the winner to write in."""

    def table(cells: list, tall: int = 0):
        return grid(cells, columns + 1, blank_until=0, first_mm=first_mm, paper=paper, to_fill=tall)

    feet = [Spacer(1, 2 * mm), table(after, len(after))] if after else []
    feet += [
        Spacer(1, 3 * mm),
        Paragraph(escape(how), styles["score_small"]),
        Spacer(1, 5 * mm),
        Paragraph(f"<b>{escape(say(lang, 'sheet.winner_blank'))}</b>", styles["score_body"]),
    ]
    # Measured, not guessed: a title on two lines, or names on two, leave fewer rows.
    count = _rows_room([*above, table(rows), *feet], paper)
    cell = styles["score_cell"]
    numbered = [[Paragraph(str(n), cell), *[""] * columns] for n in range(1, count + 1)]
    return [*above, table([*rows, *numbered], count), *feet]


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


def _match_rows(result: MatchResult, lang: str, cell) -> list:
    rows = []
    if any(result.start.values()):
        start = [Paragraph(signed(result.start[p]), cell) for p in result.players]
        rows.append([Paragraph(say(lang, "sheet.start"), cell), *start])
    for line in result.lines:
        row = [Paragraph(str(line.number), cell)]
        for player in result.players:
            if player not in line.points:
                row.append(Paragraph(muted("—"), cell))
                continue
            points, total = signed(line.points[player], plus=True), signed(line.scored[player])
            text = f"{muted(points)}  <b>{total}</b>"
            if player in line.eliminated:
                text += note("out", say(lang, "sheet.out"))
            if player in line.reentered:
                text += note("back", say(lang, "sheet.reentered", total=line.reference))
            if player in line.could_reenter:
                text += note("score_muted", say(lang, "sheet.could_reenter", total=line.reference))
            row.append(Paragraph(text, cell))
        rows.append(row)
    return rows


def _match_verdict(result: MatchResult, spec: RuleSpec, lang: str) -> str:
    """Who won and how, as the terminal says it: a close that wins the match by its name."""
    if not result.winners:
        return say(lang, "sheet.still_in", who=escape(", ".join(result.still_in)))
    who = escape(say(lang, "sheet.and").join(result.winners))
    if result.won_by == "win_match":
        close = next(c for c in spec.closes if c.effect == "win_match")
        reason = say(lang, "sheet.won_with", close=escape(close.names[lang]))
    else:
        won_by = f"sheet.won_by.{result.won_by}"
        reason = say(lang, won_by if has(lang, won_by) else "sheet.lowest")
    stop = "" if reason.endswith(("!", "?")) else "."  # ¡Conga Limpia! ends its own sentence
    return f"<b>{say(lang, 'sheet.wins', who=who)}</b>{reason}{stop}"


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


def write_game_sheet(
    path: Path,
    spec: RuleSpec,
    result: GameResult,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> None:
    """A game's sheet as PDF, reproducible byte for byte, as the match planilla."""
    styles = load_styles()
    players = result.players
    rules = say(
        lang, "sheet.rules", target=result.target, line=result.line_bonus, bonus=result.game_bonus
    )
    subtitle = f"{rules} · {say(lang, f'sheet.shutout.{str(result.shutout_doubles).lower()}')}"
    subtitle += " · Oklahoma" if result.oklahoma else ""
    title = f"{say(lang, 'sheet.title')} · {spec.title[lang]}"
    blank = not result.lines
    story, heading = opening(title, subtitle, lang, styles, about, blank=blank)
    rows = [heading(players), *_game_rows(result, lang, styles["score_cell"])]
    if blank:
        finals = [say(lang, "sheet.lines"), say(lang, "sheet.game_bonus")]
        finals += [say(lang, "sheet.shutout_row")] if result.shutout_doubles else []
        after = [
            [Paragraph(f"<b>{label}</b>", styles["score_first"]), *[""] * len(players)]
            for label in [*finals, say(lang, "sheet.total")]
        ]
        story = to_fill(
            story,
            rows,
            len(players),
            say(lang, "sheet.fill_game"),
            lang,
            styles,
            paper,
            first_mm=GAME_FIRST_MM,
            after=after,
        )
        build(path, story, f"{say(lang, 'sheet.title')} {spec.title[lang]}", paper)
        return
    if result.winner is not None:
        verdict = say(lang, "sheet.game_wins", who=escape(result.winner), margin=result.margin)
    else:
        verdict = say(lang, "sheet.open", target=result.target)
    chart = _target_chart(say(lang, "sheet.chart"), players, result, lang)
    below = [
        Spacer(1, 4 * mm),
        grid(
            _final_rows(result, lang, styles),
            len(players) + 1,
            blank_until=0,
            first_mm=GAME_FIRST_MM,
            paper=paper,
        ),
        Spacer(1, 6 * mm),
        Paragraph(f"<b>{verdict}</b>", styles["score_body"]),
        *chart_block(chart, styles, paper),
    ]
    story += [_hands_grid(story, rows, len(players), result, below, paper), *below]
    build(path, story, f"{say(lang, 'sheet.title')} {spec.title[lang]}", paper)


def _game_rows(result: GameResult, lang: str, cell) -> list:
    """A row per hand: each player's total, and the hand's points and box for its winner."""
    rows = []
    won = dict.fromkeys(result.players, 0)
    for line in result.lines:
        row = [Paragraph(str(line.number), cell)]
        for player in result.players:
            text = f"<b>{line.totals[player]}</b>"
            if line.winner == player:
                won[player] += 1
                text = f"{muted(f'+{line.points[player]}')}  {text}"
                box = f"{BOX} {say(lang, 'sheet.box', n=won[player])}{upcard_mark(line)}"
                text += note("back", escape(box))
            row.append(Paragraph(text, cell))
        rows.append(row)
    return rows


def _final_rows(result: GameResult, lang: str, styles: StyleSheet) -> list:
    """The lines, the game bonus, the shutout (when there is one) and each final score."""
    final = result.final

    def lines(p: str) -> str:
        boxes = BOX * final[p].lines if final[p].lines <= MAX_BOXES else BOX
        return f"{boxes} {final[p].lines} × {result.line_bonus} = {final[p].line_points}"

    summary = [
        (say(lang, "sheet.lines"), lines),
        (
            say(lang, "sheet.game_bonus"),
            lambda p: str(final[p].game_bonus) if final[p].game_bonus else "—",
        ),
    ]
    if any(s.shutout for s in final.values()):
        summary.append(
            (say(lang, "sheet.shutout_row"), lambda p: "× 2" if final[p].shutout else "—")
        )
    summary.append((say(lang, "sheet.total"), lambda p: f"<b>{final[p].total}</b>"))
    cell = styles["score_cell"]
    return [
        [
            Paragraph(f"<b>{label}</b>", styles["score_first"]),
            *(Paragraph(value(p), cell) for p in result.players),
        ]
        for label, value in summary
    ]


def _hands_grid(above: list, rows: list, columns: int, result: Any, below: list, paper):
    """The hands of a game played to a target, a column a player or side, between the story
    `above` and `below` it. Blank rows carry a game on by hand; a game already won needs none."""
    blank = 0 if result.winner is not None else GAME_BLANK_ROWS

    def table(most_blank: int | None):
        return grid(
            rows,
            columns + 1,
            blank_until=blank,
            first_mm=GAME_FIRST_MM,
            paper=paper,
            most_blank=most_blank,
            next_hand=result.lines[-1].number + 1,
        )

    return room_for_chart(above, table, below, paper)


def _target_chart(title: str, who: Sequence[str], result: Any, lang: str) -> doc.Chart:
    """The totals of a game played to a target (Gin's players, Canasta's sides), hand by hand,
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


def write_sides_sheet(
    path: Path,
    spec: RuleSpec,
    result: SidesGame,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> None:
    """Canasta's game as PDF, reproducible byte for byte, as the match planilla."""
    styles = load_styles()
    sides = result.sides
    subtitle = say(lang, "sheet.sides_rules", target=result.target, minimums=_minimums(spec, lang))
    title = f"{say(lang, 'sheet.title')} · {spec.title[lang]}"
    blank = not result.lines
    story, heading = opening(title, subtitle, lang, styles, about, blank=blank)
    rows = [heading(sides), *_sides_rows(result, lang, styles["score_cell"])]
    if blank:
        story = to_fill(
            story,
            rows,
            len(sides),
            say(lang, "sheet.fill_sides"),
            lang,
            styles,
            paper,
            first_mm=GAME_FIRST_MM,
        )
        build(path, story, f"{say(lang, 'sheet.title')} {spec.title[lang]}", paper)
        return
    chart = _target_chart(say(lang, "sheet.sides_chart"), sides, result, lang)
    below = [
        Spacer(1, 6 * mm),
        Paragraph(f"<b>{_sides_verdict(result, lang)}</b>", styles["score_body"]),
        *chart_block(chart, styles, paper),
    ]
    story += [_hands_grid(story, rows, len(sides), result, below, paper), *below]
    build(path, story, f"{say(lang, 'sheet.title')} {spec.title[lang]}", paper)


def _minimums(spec: RuleSpec, lang: str) -> str:
    """The spec's table of initial meld minimums: below the first row, then each row's."""
    rules = canasta_rules(spec)
    rows = [f"{say(lang, 'sheet.negative')} {rules.negative_minimum}"]
    rows += [f"{signed(start)}+ {minimum}" for start, minimum in rules.minimums]
    return ", ".join(rows)


def _sides_rows(result: SidesGame, lang: str, cell) -> list:
    """The start (when given) and a row per hand: each side's points, its total and, under it,
    the minimum that total sets for the next hand."""

    def entry(total: int, minimum: int, points: int | None = None) -> Paragraph:
        text = f"<b>{signed(total)}</b>"
        if points is not None:
            text = f"{muted(signed(points, plus=True))}  {text}"
        return Paragraph(
            text + note("score_muted", say(lang, "sheet.minimum", minimum=minimum)), cell
        )

    rows = []
    if any(result.start.values()):
        start = [entry(result.start[s], result.start_minimum[s]) for s in result.sides]
        rows.append([Paragraph(say(lang, "sheet.start"), cell), *start])
    for line in result.lines:
        row = [entry(line.totals[s], line.minimum[s], line.points[s]) for s in result.sides]
        rows.append([Paragraph(str(line.number), cell), *row])
    return rows


def _sides_verdict(result: SidesGame, lang: str) -> str:
    totals = result.totals
    if result.winner is not None:
        others = say(lang, "sheet.and").join(
            signed(totals[s]) for s in result.sides if s != result.winner
        )
        return say(
            lang,
            "sheet.sides_wins",
            who=escape(result.winner),
            total=signed(totals[result.winner]),
            others=others,
        )
    if result.tied:
        return say(
            lang,
            "sheet.sides_tie",
            who=escape(say(lang, "sheet.and").join(result.tied)),
            total=signed(totals[result.tied[0]]),
            target=result.target,
        )
    return say(lang, "sheet.open", target=result.target)
