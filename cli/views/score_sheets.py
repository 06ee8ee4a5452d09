"""The score sheets (planillas) and the odds chart as Documents, from the results they show.

- `planilla`: a match, one row per hand with each player's points and running total, the
  eliminations and re-entries, the verdict, and the chart of the totals with the limit line.
- `game_sheet`: a game to a target (Gin Rummy), one row per hand with each player's points
  and total and a box for each hand won, then the lines, the game bonus, the shutout and each
  player's final score, and the chart of the totals with the target line.
- `sides_sheet`: Canasta's game, one row per hand with each side's points and total and the
  initial meld minimum that total sets for the next hand, the verdict, and the chart of the
  totals with the target line.
- `odds_sheet`: the chance to cut by each turn, a curve a rules set, a table of them and notes.

With no hands yet, each is a blank sheet to fill in. `write_planilla`, `write_game_sheet`,
`write_sides_sheet` and `write_odds_curves` lay them out as PDF (templates.scoresheet).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mazo.solver.match.elimination import MatchResult
from mazo.solver.match.sheet import About
from mazo.solver.match.target import BOX, GameResult, upcard_mark
from mazo.solver.mechanisms.canasta.game import SidesGame
from mazo.solver.mechanisms.canasta.solve import canasta_rules
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import chance, cut_verb, in_lang, percent_sign
from mazo.templates import document as doc
from mazo.templates.chart import number
from mazo.templates.scoresheet import write_odds_sheet, write_score_sheet

# Past this many lines a player's boxes would wrap in the Lines row: the count says it alone.
MAX_BOXES = 10
# The turns the sheet's table gives each curve's chance by.
ODDS_TABLE_TURNS = (1, 3, 5, 10, 15, 20)

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


def signed(value: int) -> str:
    return number(value) if value < 0 else f"+{value}"


def _sheet(
    spec: RuleSpec, lang: str, about: About | None, how: str | None, **fields: Any
) -> doc.ScoreSheet:
    """A sheet with its heading and the line under it; blank (`how`: the words of what each
    box holds), with the winner to write in. The sheet's own title, when it has one, stands
    above the planilla's; its date and place go under (a blank planilla leaves them to write
    in)."""
    words = WORDS[lang]
    title = f"{words['title']} · {spec.title[lang]}"
    about = about or About()
    date = about.said_date(lang) or (words["date_blank"] if how else None)
    place = about.place or (words["place_blank"] if how else None)
    under = " · ".join(t for t in (title if about.title else None, date, place) if t)
    blank = {"fill": words[how], "winner": words["winner_blank"]} if how else {}
    return doc.ScoreSheet(
        title=f"{words['title']} {spec.title[lang]}",
        heading=about.title or title,
        under=under,
        hand=words["hand"],
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
    words = WORDS[lang]
    reenganche = words["reenganche"].get(result.reenganche, result.reenganche)
    fields: dict[str, Any] = {
        "rules": f"{words['limit'].format(limit=result.limit)} · {reenganche}",
        "columns": tuple(result.players),
        "rows": _match_rows(result, words),
        "paper": paper,
    }
    if not result.lines:
        return _sheet(spec, lang, about, "fill_match", **fields)
    bold, more = _match_verdict(result, spec, lang)
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
    return _sheet(
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


def _match_rows(result: MatchResult, words: dict) -> tuple[tuple[doc.Cell, ...], ...]:
    rows = []
    if any(result.start.values()):
        start = [doc.Cell(number(result.start[p])) for p in result.players]
        rows.append((doc.Cell(words["start"]), *start))
    for line in result.lines:
        row = [doc.Cell(str(line.number))]
        for player in result.players:
            if player not in line.points:
                row.append(doc.Cell(points="—"))
                continue
            notes = []
            if player in line.eliminated:
                notes.append(("out", words["out"]))
            if player in line.reentered:
                notes.append(("back", words["reentered"].format(total=line.reference)))
            if player in line.could_reenter:
                said = words["could_reenter"].format(total=line.reference)
                notes.append(("score_muted", said))
            total = number(line.scored[player])
            points = signed(line.points[player])
            row.append(doc.Cell(total, bold=True, points=points, notes=tuple(notes)))
        rows.append(tuple(row))
    return tuple(rows)


def _match_verdict(result: MatchResult, spec: RuleSpec, lang: str) -> tuple[str, str]:
    """Who won and how, as the terminal says it: a close that wins the match by its name. The
    part said in bold, and the rest."""
    words = WORDS[lang]
    if not result.winners:
        return "", words["still_in"].format(who=", ".join(result.still_in))
    who = words["and"].join(result.winners)
    if result.won_by == "win_match":
        close = next(c for c in spec.closes if c.effect == "win_match")
        reason = words["won_with"].format(close=close.names[lang])
    else:
        reason = words["won_by"].get(result.won_by or "", words["lowest"])
    stop = "" if reason.endswith(("!", "?")) else "."  # ¡Conga Limpia! ends its own sentence
    return words["wins"].format(who=who), f"{reason}{stop}"


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
    words = WORDS[lang]
    players = result.players
    rules = words["rules"].format(
        target=result.target, line=result.line_bonus, bonus=result.game_bonus
    )
    rules += f" · {words['shutout'][result.shutout_doubles]}"
    rules += " · Oklahoma" if result.oklahoma else ""
    fields: dict[str, Any] = {
        "rules": rules,
        "columns": tuple(players),
        "rows": _game_rows(result, words),
        "paper": paper,
        "target": True,
    }
    if not result.lines:
        finals = [words["lines"], words["game_bonus"]]
        finals += [words["shutout_row"]] if result.shutout_doubles else []
        empty = tuple((label, ()) for label in [*finals, words["total"]])
        return _sheet(spec, lang, about, "fill_game", **fields, finals=empty)
    if result.winner is not None:
        verdict = words["game_wins"].format(who=result.winner, margin=result.margin)
    else:
        verdict = words["open"].format(target=result.target)
    return _sheet(
        spec,
        lang,
        about,
        None,
        **fields,
        open=result.winner is None,
        next_hand=result.lines[-1].number + 1,
        finals=_final_rows(result, words),
        verdict=verdict,
        chart=_target_chart(words["chart"], players, result, words),
    )


def _game_rows(result: GameResult, words: dict) -> tuple[tuple[doc.Cell, ...], ...]:
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
            box = f"{BOX} {words['box'].format(n=won[player])}{upcard_mark(line)}"
            points = f"+{line.points[player]}"
            row.append(doc.Cell(total, bold=True, points=points, notes=(("back", box),)))
        rows.append(tuple(row))
    return tuple(rows)


def _final_rows(result: GameResult, words: dict) -> tuple[tuple[str, tuple[doc.Cell, ...]], ...]:
    """The lines, the game bonus, the shutout (when there is one) and each final score."""
    final = result.final

    def lines(p: str) -> doc.Cell:
        boxes = BOX * final[p].lines if final[p].lines <= MAX_BOXES else BOX
        return doc.Cell(f"{boxes} {final[p].lines} × {result.line_bonus} = {final[p].line_points}")

    def bonus(p: str) -> doc.Cell:
        return doc.Cell(str(final[p].game_bonus) if final[p].game_bonus else "—")

    summary = [(words["lines"], lines), (words["game_bonus"], bonus)]
    if any(s.shutout for s in final.values()):
        summary.append(
            (words["shutout_row"], lambda p: doc.Cell("× 2" if final[p].shutout else "—"))
        )
    summary.append((words["total"], lambda p: doc.Cell(str(final[p].total), bold=True)))
    return tuple((label, tuple(value(p) for p in result.players)) for label, value in summary)


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


def sides_sheet(
    spec: RuleSpec,
    result: SidesGame,
    *,
    lang: str = "es",
    about: About | None = None,
    paper: str | None = None,
) -> doc.ScoreSheet:
    """Canasta's game, side against side; with no hands yet, a blank sheet."""
    words = WORDS[lang]
    sides = result.sides
    fields: dict[str, Any] = {
        "rules": words["sides_rules"].format(target=result.target, minimums=_minimums(spec, words)),
        "columns": tuple(sides),
        "rows": _sides_rows(result, words),
        "paper": paper,
        "target": True,
    }
    if not result.lines:
        return _sheet(spec, lang, about, "fill_sides", **fields)
    return _sheet(
        spec,
        lang,
        about,
        None,
        **fields,
        open=result.winner is None,
        next_hand=result.lines[-1].number + 1,
        verdict=_sides_verdict(result, words),
        chart=_target_chart(words["sides_chart"], sides, result, words),
    )


def _minimums(spec: RuleSpec, words: dict) -> str:
    """The spec's table of initial meld minimums: below the first row, then each row's."""
    rules = canasta_rules(spec)
    rows = [f"{words['negative']} {rules.negative_minimum}"]
    rows += [f"{number(start)}+ {minimum}" for start, minimum in rules.minimums]
    return ", ".join(rows)


def _sides_rows(result: SidesGame, words: dict) -> tuple[tuple[doc.Cell, ...], ...]:
    """The start (when given) and a row per hand: each side's points, its total and, under it,
    the minimum that total sets for the next hand."""

    def entry(total: int, minimum: int, points: int | None = None) -> doc.Cell:
        said = words["minimum"].format(minimum=minimum)
        shown = "" if points is None else signed(points)
        return doc.Cell(number(total), bold=True, points=shown, notes=(("score_muted", said),))

    rows = []
    if any(result.start.values()):
        start = [entry(result.start[s], result.start_minimum[s]) for s in result.sides]
        rows.append((doc.Cell(words["start"]), *start))
    for line in result.lines:
        row = [entry(line.totals[s], line.minimum[s], line.points[s]) for s in result.sides]
        rows.append((doc.Cell(str(line.number)), *row))
    return tuple(rows)


def _sides_verdict(result: SidesGame, words: dict) -> str:
    totals = result.totals
    if result.winner is not None:
        others = words["and"].join(number(totals[s]) for s in result.sides if s != result.winner)
        return words["sides_wins"].format(
            who=result.winner, total=number(totals[result.winner]), others=others
        )
    if result.tied:
        return words["sides_tie"].format(
            who=words["and"].join(result.tied),
            total=number(totals[result.tied[0]]),
            target=result.target,
        )
    return words["open"].format(target=result.target)


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
    words = WORDS[lang]
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
        said = words["odds_in_force" if len(curves) > 1 else "odds_same_cuts"]
        notes.append(said.format(rules=rules, game=game, cut=cut))
    # How the jokers count only where the rules in force have some.
    jokers = words["odds_model_jokers"] if spec.deck.jokers else ""
    notes.append(words["odds_model"].format(cut=cut, jokers=jokers))
    title = words["odds_title"].format(cut=cut)
    return doc.OddsSheet(
        title=f"{title} · {game}",
        heading=title,
        subtitle=words["odds_subtitle"].format(game=game),
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


def write_sides_sheet(path: Path, spec: RuleSpec, result: SidesGame, **options: Any) -> None:
    """Canasta's game as PDF, reproducible byte for byte, as the match planilla."""
    write_score_sheet(sides_sheet(spec, result, **options), path)


def write_odds_curves(path: Path, spec: RuleSpec, curves, *, rules: str | None, lang: str) -> None:
    """The odds chart as PDF (see `odds_sheet`)."""
    write_odds_sheet(odds_sheet(spec, curves, rules=rules, lang=lang), path)
