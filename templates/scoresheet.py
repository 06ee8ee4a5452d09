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

WORDS: dict[str, dict[str, Any]] = {
    "es": {
        "title": "Planilla",
        "limit": "Límite {limit} (queda afuera quien lo supera)",
        "reenganche": {
            "off": "sin reenganche",
            "once": "un reenganche",
            "twice": "dos reenganches",
        },
        "hand": "Mano",
        "start": "inicio",
        "out": "afuera",
        "reentered": "reengancha en {total}",
        "could_reenter": "no reenganchó en {total}",
        "won_by": {
            "last_player_in": ": queda solo en juego",
        },
        "lowest": " con el menor total",
        "won_with": " con {close}",
        "wins": "Gana {who}",
        "and": " y ",
        "still_in": "Siguen en juego: {who}.",
        "chart": "Total de cada jugador, mano a mano",
        "odds_title": "Probabilidad de {cut}, turno a turno",
        "odds_subtitle": "{game}: mano repartida, el mejor descarte en cada turno",
        "odds_chart": "Probabilidad (%) de {cut} a más tardar en cada turno",
        "odds_line": "la mitad",
        "odds_start": "0",
        "odds_rules": "estas reglas",
        "odds_defaults": "reglas de {game}",
        "odds_turns": "turnos",
        "odds_mean": "promedio",
        "odds_by": "en {n}",
        "odds_in_force": "Estas reglas: {rules}.",
        "odds_same_cuts": (
            "Estas reglas ({rules}) cambian la partida, no cuándo se puede {cut}: la curva es la "
            "de las reglas de {game}."
        ),
        "odds_model": (
            "El modelo solitario: el jugador tiene la mano en espera; en cada turno roba una "
            "carta, con igual probabilidad cualquiera de la baraja que no tiene en la mano (las "
            "cartas de los rivales, el mazo y el pozo le son desconocidas y vuelven al "
            "juego{jokers}). Si algún descarte le deja entonces un cierre, lo usa para "
            "{cut}, y el turno cuenta; si no, descarta cualquier carta, la robada incluida, y "
            "sigue. Cada curva sigue la política de descartes que permite {cut} antes."
        ),
        "odds_model_jokers": "; cada comodín cuenta una vez",
        "limit_line": "límite {limit}",
        "rules": "A {target} puntos · línea {line} · partida {bonus}",
        "shutout": {True: "el blanqueo duplica", False: "sin blanqueo"},
        "box": "línea {n}",
        "lines": "Líneas",
        "game_bonus": "Bono",
        "shutout_row": "Blanqueo",
        "total": "Total",
        "game_wins": "Gana {who}, por {margin} puntos.",
        "open": "Nadie llegó todavía a {target}.",
        "target_line": "objetivo {target}",
        "sides_rules": "A {target} puntos · mínimo de la bajada inicial por el total: {minimums}",
        "negative": "negativo",
        "minimum": "mín. {minimum}",
        "sides_chart": "Total de cada bando, mano a mano",
        "sides_wins": "Gana {who}, {total} a {others}.",
        "sides_tie": "{who} empatan en {total} (meta {target}): se juega otra mano.",
        "date_blank": "Fecha: ______________",
        "place_blank": "Lugar: ______________________",
        "winner_blank": "Gana: ______________________",
        "fill_match": "En cada casilla, los puntos de la mano y el total.",
        "fill_game": (
            "En la casilla de quien gana la mano, sus puntos y el total; cada mano ganada es "
            "una línea."
        ),
        "fill_sides": (
            "En cada casilla, los puntos de la mano, el total y el mínimo de la bajada que fija."
        ),
    },
    "en": {
        "title": "Score sheet",
        "limit": "Limit {limit} (a player who goes past it is out)",
        "reenganche": {"off": "no re-entry", "once": "one re-entry", "twice": "two re-entries"},
        "hand": "Hand",
        "start": "start",
        "out": "out",
        "reentered": "re-enters at {total}",
        "could_reenter": "did not re-enter at {total}",
        "won_by": {
            "last_player_in": ": the last player left in",
        },
        "lowest": " with the lowest total",
        "won_with": " with {close}",
        "wins": "{who} wins",
        "and": " and ",
        "still_in": "Still in: {who}.",
        "chart": "Each player's total, hand by hand",
        "odds_title": "Chance to {cut}, turn by turn",
        "odds_subtitle": "{game}: a dealt hand, the best discard every turn",
        "odds_chart": "Chance (%) to {cut} by each turn",
        "odds_line": "half",
        "odds_start": "0",
        "odds_rules": "these rules",
        "odds_defaults": "{game}'s rules",
        "odds_turns": "turns",
        "odds_mean": "mean",
        "odds_by": "by {n}",
        "odds_in_force": "These rules: {rules}.",
        "odds_same_cuts": (
            "These rules ({rules}) change the match, not when a hand can {cut}: the curve is that "
            "of {game}'s rules."
        ),
        "odds_model": (
            "The solitaire model: the player holds the resting hand; each turn they draw one card, "
            "equally likely any card of the deck not in their hand (the rivals' cards, the stock "
            "and the pozo are unknown to them and go back into play{jokers}). If some discard "
            "then leaves a close they {cut}, and the turn counts; "
            "otherwise they discard any card, the drawn one included, and play on. Each curve "
            "follows the discard policy that lets them {cut} soonest."
        ),
        "odds_model_jokers": "; each joker copy counts once",
        "limit_line": "limit {limit}",
        "rules": "To {target} points · line {line} · game {bonus}",
        "shutout": {True: "a shutout doubles", False: "no shutout"},
        "box": "line {n}",
        "lines": "Lines",
        "game_bonus": "Game",
        "shutout_row": "Shutout",
        "total": "Total",
        "game_wins": "{who} wins, by {margin} points.",
        "open": "Nobody has reached {target} yet.",
        "target_line": "target {target}",
        "sides_rules": "To {target} points · initial meld minimum by the total: {minimums}",
        "negative": "negative",
        "minimum": "min {minimum}",
        "sides_chart": "Each side's total, hand by hand",
        "sides_wins": "{who} wins, {total} to {others}.",
        "sides_tie": "{who} are tied at {total} (target {target}): another hand is played.",
        "date_blank": "Date: ______________",
        "place_blank": "Place: ______________________",
        "winner_blank": "Winner: ______________________",
        "fill_match": "In each box, the hand's points and the total.",
        "fill_game": (
            "In the box of the hand's winner, the points and the total; each hand won is a line."
        ),
        "fill_sides": (
            "In each box, the hand's points, the total and the initial meld minimum it sets."
        ),
    },
}


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
    words = WORDS[lang]
    about = about or About()
    date = about.said_date(lang) or (words["date_blank"] if blank else None)
    place = about.place or (words["place_blank"] if blank else None)
    under = " · ".join(t for t in (title if about.title else None, date, place) if t)
    story = [Paragraph(escape(about.title or title), styles["score_title"])]
    if under:
        story.append(Paragraph(escape(under), styles["score_body"]))
    story.append(Paragraph(escape(subtitle), styles["score_small"]))
    story.append(Spacer(1, 6 * mm))

    def heading(players) -> list:
        first = Paragraph(words["hand"], styles["score_first"])
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
    words = WORDS[lang]
    styles = load_styles()
    game = spec.title[lang]
    cut = cut_verb(spec, lang)
    # the rules in force by their own name, when their file gives one
    names = {key: words[key].format(game=game) for key in curves}
    if "odds_rules" in names and spec.variant_name:
        names["odds_rules"] = str(spec.variant_name)
    chart = doc.Chart(
        title=words["odds_chart"].format(cut=cut),
        players=tuple(names.values()),
        paths={
            names[key]: [(0, 0), *((n, round(p * 100)) for n, p in enumerate(chances, 1))]
            for key, (_, chances) in curves.items()
        },
        hands=max(len(chances) for _, chances in curves.values()),
        line_value=50,
        line_label=words["odds_line"],
        line_colour="out",
        start_label=words["odds_start"],
        top=100,
        marks=(25, 50, 75),
        unit=percent_sign(lang),
        axis_label=words["odds_turns"],
    )
    head = [words["odds_mean"], *(words["odds_by"].format(n=n) for n in ODDS_TABLE_TURNS)]
    rows = [[Paragraph(escape(text), styles["odds_head"]) for text in ["", *head]]]
    for key, (mean, chances) in curves.items():
        cells = [
            in_lang(f"{mean:.2f}", lang),
            *(chance(chances[n - 1], lang) for n in ODDS_TABLE_TURNS),
        ]
        first = Paragraph(escape(names[key]), styles["score_first"])
        rows.append([first, *(Paragraph(c, styles["score_cell"]) for c in cells)])
    story = [
        Paragraph(words["odds_title"].format(cut=cut), styles["score_title"]),
        Paragraph(escape(words["odds_subtitle"].format(game=game)), styles["score_small"]),
        # The chart is the page's point: it takes the room a planilla's rows would.
        *chart_block(chart, styles, height_mm=ODDS_CHART_HEIGHT_MM),
        Spacer(1, 4 * mm),
        # Seven figure columns: narrow sides so that their heads ("promedio") stay whole.
        grid(rows, len(head) + 1, blank_until=0, first_mm=34, side_padding=3),
        Spacer(1, 4 * mm),
    ]
    if rules is not None:
        said = words["odds_in_force" if len(curves) > 1 else "odds_same_cuts"]
        said = escape(said.format(rules=rules, game=game, cut=cut))
        story += [Paragraph(said, styles["score_small"]), Spacer(1, 2 * mm)]
    # How the jokers count only where the rules in force have some.
    jokers = words["odds_model_jokers"] if spec.deck.jokers else ""
    model = words["odds_model"].format(cut=cut, jokers=jokers)
    story.append(Paragraph(model, styles["score_small"]))
    build(path, story, f"{words['odds_title'].format(cut=cut)} · {game}")


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
    words = WORDS[lang]
    styles = load_styles()
    reenganche = words["reenganche"].get(result.reenganche, result.reenganche)
    subtitle = f"{words['limit'].format(limit=result.limit)} · {reenganche}"
    title = f"{words['title']} · {spec.title[lang]}"
    blank = not result.lines
    story, heading = opening(title, subtitle, lang, styles, about, blank=blank)
    rows = [heading(result.players), *_match_rows(result, words, styles["score_cell"])]
    if blank:
        story = to_fill(story, rows, len(result.players), words["fill_match"], words, styles, paper)
        build(path, story, f"{words['title']} {spec.title[lang]}", paper)
        return
    # Blank rows carry a match on by hand; a match already won needs none.
    blank_until = 0 if result.winners else BLANK_ROWS_UNTIL
    chart = doc.Chart(
        title=words["chart"],
        players=tuple(result.players),
        paths=total_paths(result),
        hands=len(result.lines),
        line_value=result.limit,
        line_label=words["limit_line"].format(limit=result.limit),
        line_colour="out",
        start_label=words["start"],
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
    build(path, story, f"{words['title']} {spec.title[lang]}", paper)


def to_fill(
    above: list,
    rows: list,
    columns: int,
    how: str,
    words: dict,
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
        Paragraph(f"<b>{escape(words['winner_blank'])}</b>", styles["score_body"]),
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


def _match_rows(result: MatchResult, words: dict, cell) -> list:
    rows = []
    if any(result.start.values()):
        start = [Paragraph(signed(result.start[p]), cell) for p in result.players]
        rows.append([Paragraph(words["start"], cell), *start])
    for line in result.lines:
        row = [Paragraph(str(line.number), cell)]
        for player in result.players:
            if player not in line.points:
                row.append(Paragraph(muted("—"), cell))
                continue
            points, total = signed(line.points[player], plus=True), signed(line.scored[player])
            text = f"{muted(points)}  <b>{total}</b>"
            if player in line.eliminated:
                text += note("out", words["out"])
            if player in line.reentered:
                text += note("back", words["reentered"].format(total=line.reference))
            if player in line.could_reenter:
                text += note("score_muted", words["could_reenter"].format(total=line.reference))
            row.append(Paragraph(text, cell))
        rows.append(row)
    return rows


def _match_verdict(result: MatchResult, spec: RuleSpec, lang: str) -> str:
    """Who won and how, as the terminal says it: a close that wins the match by its name."""
    words = WORDS[lang]
    if not result.winners:
        return words["still_in"].format(who=escape(", ".join(result.still_in)))
    who = escape(words["and"].join(result.winners))
    if result.won_by == "win_match":
        close = next(c for c in spec.closes if c.effect == "win_match")
        reason = words["won_with"].format(close=escape(close.names[lang]))
    else:
        reason = words["won_by"].get(result.won_by or "", words["lowest"])
    stop = "" if reason.endswith(("!", "?")) else "."  # ¡Conga Limpia! ends its own sentence
    return f"<b>{words['wins'].format(who=who)}</b>{reason}{stop}"


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
    words = WORDS[lang]
    styles = load_styles()
    players = result.players
    rules = words["rules"].format(
        target=result.target, line=result.line_bonus, bonus=result.game_bonus
    )
    subtitle = f"{rules} · {words['shutout'][result.shutout_doubles]}"
    subtitle += " · Oklahoma" if result.oklahoma else ""
    title = f"{words['title']} · {spec.title[lang]}"
    blank = not result.lines
    story, heading = opening(title, subtitle, lang, styles, about, blank=blank)
    rows = [heading(players), *_game_rows(result, words, styles["score_cell"])]
    if blank:
        finals = [words["lines"], words["game_bonus"]]
        finals += [words["shutout_row"]] if result.shutout_doubles else []
        after = [
            [Paragraph(f"<b>{label}</b>", styles["score_first"]), *[""] * len(players)]
            for label in [*finals, words["total"]]
        ]
        story = to_fill(
            story,
            rows,
            len(players),
            words["fill_game"],
            words,
            styles,
            paper,
            first_mm=GAME_FIRST_MM,
            after=after,
        )
        build(path, story, f"{words['title']} {spec.title[lang]}", paper)
        return
    if result.winner is not None:
        verdict = words["game_wins"].format(who=escape(result.winner), margin=result.margin)
    else:
        verdict = words["open"].format(target=result.target)
    chart = _target_chart(words["chart"], players, result, words)
    below = [
        Spacer(1, 4 * mm),
        grid(
            _final_rows(result, words, styles),
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
    build(path, story, f"{words['title']} {spec.title[lang]}", paper)


def _game_rows(result: GameResult, words: dict, cell) -> list:
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
                box = f"{BOX} {words['box'].format(n=won[player])}{upcard_mark(line)}"
                text += note("back", escape(box))
            row.append(Paragraph(text, cell))
        rows.append(row)
    return rows


def _final_rows(result: GameResult, words: dict, styles: StyleSheet) -> list:
    """The lines, the game bonus, the shutout (when there is one) and each final score."""
    final = result.final

    def lines(p: str) -> str:
        boxes = BOX * final[p].lines if final[p].lines <= MAX_BOXES else BOX
        return f"{boxes} {final[p].lines} × {result.line_bonus} = {final[p].line_points}"

    summary = [
        (words["lines"], lines),
        (words["game_bonus"], lambda p: str(final[p].game_bonus) if final[p].game_bonus else "—"),
    ]
    if any(s.shutout for s in final.values()):
        summary.append((words["shutout_row"], lambda p: "× 2" if final[p].shutout else "—"))
    summary.append((words["total"], lambda p: f"<b>{final[p].total}</b>"))
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


def _target_chart(title: str, who: Sequence[str], result: Any, words: dict) -> doc.Chart:
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
        line_label=words["target_line"].format(target=result.target),
        line_colour="back",
        start_label=words["start"],
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
    words = WORDS[lang]
    styles = load_styles()
    sides = result.sides
    subtitle = words["sides_rules"].format(target=result.target, minimums=_minimums(spec, words))
    title = f"{words['title']} · {spec.title[lang]}"
    blank = not result.lines
    story, heading = opening(title, subtitle, lang, styles, about, blank=blank)
    rows = [heading(sides), *_sides_rows(result, words, styles["score_cell"])]
    if blank:
        story = to_fill(
            story,
            rows,
            len(sides),
            words["fill_sides"],
            words,
            styles,
            paper,
            first_mm=GAME_FIRST_MM,
        )
        build(path, story, f"{words['title']} {spec.title[lang]}", paper)
        return
    chart = _target_chart(words["sides_chart"], sides, result, words)
    below = [
        Spacer(1, 6 * mm),
        Paragraph(f"<b>{_sides_verdict(result, words)}</b>", styles["score_body"]),
        *chart_block(chart, styles, paper),
    ]
    story += [_hands_grid(story, rows, len(sides), result, below, paper), *below]
    build(path, story, f"{words['title']} {spec.title[lang]}", paper)


def _minimums(spec: RuleSpec, words: dict) -> str:
    """The spec's table of initial meld minimums: below the first row, then each row's."""
    rules = canasta_rules(spec)
    rows = [f"{words['negative']} {rules.negative_minimum}"]
    rows += [f"{signed(start)}+ {minimum}" for start, minimum in rules.minimums]
    return ", ".join(rows)


def _sides_rows(result: SidesGame, words: dict, cell) -> list:
    """The start (when given) and a row per hand: each side's points, its total and, under it,
    the minimum that total sets for the next hand."""

    def entry(total: int, minimum: int, points: int | None = None) -> Paragraph:
        text = f"<b>{signed(total)}</b>"
        if points is not None:
            text = f"{muted(signed(points, plus=True))}  {text}"
        return Paragraph(text + note("score_muted", words["minimum"].format(minimum=minimum)), cell)

    rows = []
    if any(result.start.values()):
        start = [entry(result.start[s], result.start_minimum[s]) for s in result.sides]
        rows.append([Paragraph(words["start"], cell), *start])
    for line in result.lines:
        row = [entry(line.totals[s], line.minimum[s], line.points[s]) for s in result.sides]
        rows.append([Paragraph(str(line.number), cell), *row])
    return rows


def _sides_verdict(result: SidesGame, words: dict) -> str:
    totals = result.totals
    if result.winner is not None:
        others = words["and"].join(signed(totals[s]) for s in result.sides if s != result.winner)
        return words["sides_wins"].format(
            who=escape(result.winner), total=signed(totals[result.winner]), others=others
        )
    if result.tied:
        return words["sides_tie"].format(
            who=escape(words["and"].join(result.tied)),
            total=signed(totals[result.tied[0]]),
            target=result.target,
        )
    return words["open"].format(target=result.target)
