"""`mazo simulate`: each bot's rounds, rounds won, points per round (and matches won), then
each bot against the first seat's, deal by deal; every estimate with its 95 % interval on the
line below it, so the tables fit 80 columns; a legend says what each column means."""

from __future__ import annotations

import textwrap

from mazo.output import View
from mazo.solver.game.bots import LEVELS, level_name
from mazo.solver.game.report import BotLine, Report, Versus
from mazo.solver.game.simulate import DealResult
from mazo.solver.game.stats import Interval
from mazo.words import agree, say
from mazo.words.numbers import in_lang

LEGEND_WIDTH = 79


def view(report: Report, lang: str, game: str) -> View:
    """The run's report, titled with the game's name (`game`)."""
    from rich.text import Text

    header = report.header
    title = textwrap.fill(_title(report, lang, game), width=LEGEND_WIDTH, subsequent_indent="  ")
    lines: View = [Text(title, style="bold")]
    if report.interrupted:
        lines.append(Text(say(lang, "sim_interrupted"), style="yellow"))
    lines.append(_bots_table(report.bots(), header.matches, lang))
    versus = report.against_first()
    if versus:
        lines.append(_versus_table(versus, _bot(header.names[0], lang), lang))
    if report.stalled:
        key = "sim_stalled_one" if report.stalled == 1 else "sim_stalled"
        lines.append(Text(say(lang, key, n=report.stalled), style="yellow"))
    for line in _legend(report, bool(versus), lang):
        # Wrapped here: the console leaves long lines whole (soft wrap), and a legend must
        # read at 80 columns.
        wrapped = textwrap.fill(line, width=LEGEND_WIDTH, subsequent_indent="  ")
        lines.append(Text(wrapped, style="dim"))
    return lines


# The widest bot name the tables show at 80 columns.
NAME_WIDTH = 24


def _title(report: Report, lang: str, game: str) -> str:
    header = report.header
    deals = agree(lang, len(report.results), "sim_deal", "sim_deals").format(n=len(report.results))
    if len(report.results) != header.deals:
        deals += say(lang, "sim_of", n=header.deals)
    title = say(
        lang, "sim_title", game=game, deals=deals, rotations=report.rotations, seed=header.seed
    )
    if report.shard_text():
        title += say(lang, "sim_shard", shard=report.shard_text())
    return title + say(lang, "sim_matches" if header.matches else "sim_rounds")


def forfeit_notes(results: list[DealResult], lang: str) -> list[str]:
    """For each bot that forfeited, how many games and why the first: the report counts them,
    and a player's author needs the reason that only the game's record holds otherwise."""
    from mazo.views.replay import forfeit_why

    first: dict[str, tuple[int, int, dict]] = {}
    count: dict[str, int] = {}
    for result in results:
        for rotation, end in result.forfeits:
            who = str(end["forfeit"])
            first.setdefault(who, (result.number, rotation, end))
            count[who] = count.get(who, 0) + 1
    return [
        say(
            lang,
            "sim_forfeit_note",
            who=_bot(who, lang),
            games=agree(lang, count[who], "sim_game", "sim_games").format(n=count[who]),
            deal=deal,
            rotation=rotation,
            why=forfeit_why(end, lang),
        )
        for who, (deal, rotation, end) in first.items()
    ]


def _bots_table(bots: list[BotLine], matches: bool, lang: str):
    from rich.table import Table

    table = Table(box=None, padding=(0, 1), pad_edge=False)
    table.add_column(say(lang, "sim_col_bot"))
    for key in ("sim_col_rounds", "sim_col_won", "sim_col_points"):
        table.add_column(say(lang, key), justify="right")
    if matches:
        table.add_column(say(lang, "sim_col_matches"), justify="right")
    table.add_column(say(lang, "sim_col_forfeits"), justify="right")
    for line in bots:
        cells = [
            _bot(line.bot, lang),
            str(line.rounds),
            _share(line.rounds_won, lang),
            _mean(line.points_per_round, lang),
        ]
        if matches:
            cells.append(_share(line.matches_won, lang))
        table.add_row(*cells, str(line.forfeits))
    return table


def _versus_table(versus: list[Versus], first: str, lang: str):
    from rich.table import Table

    table = Table(
        title=say(lang, "sim_versus_title", first=first),
        title_justify="left",
        box=None,
        padding=(0, 1),
        pad_edge=False,
    )
    table.add_column(say(lang, "sim_col_bot"))
    for key in ("sim_col_deals", "sim_col_difference", "sim_col_better", "sim_col_worse"):
        table.add_column(say(lang, key), justify="right")
    table.add_column(say(lang, "sim_col_ties"), justify="right")
    table.add_column(say(lang, "sim_col_p"), justify="right")
    for line in versus:
        table.add_row(
            _bot(line.bot, lang),
            str(line.deals),
            _mean(line.difference, lang),
            str(line.sign_test.wins),
            str(line.sign_test.losses),
            str(line.sign_test.ties),
            _number(line.sign_test.p_value, 3, lang),
        )
    return table


def _legend(report: Report, versus: bool, lang: str) -> list[str]:
    header = report.header
    won = "sim_legend_won_scored" if header.better == "higher" else "sim_legend_won_cut"
    keys = ["sim_legend_rounds", won, f"sim_legend_points_{header.better}"]
    if header.matches:
        keys.append("sim_legend_matches")
    keys.append("sim_legend_forfeits")
    lines = [say(lang, key) for key in keys]
    if versus:
        # The difference is signed so that positive favours the bot: where fewer points are
        # better, it is the first seat's points minus the bot's.
        key = f"sim_legend_versus_{header.better}"
        lines.append(say(lang, key, first=_bot(header.names[0], lang)))
        if any(line.forfeits for line in report.bots()):
            lines.append(say(lang, "sim_legend_versus_forfeits"))
    return lines


def _bot(name: str, lang: str) -> str:
    """A seat's name with a level named in the view's language (`novato`, `novato-2`); a
    loaded bot's name as it is."""
    level, dash, count = name.rpartition("-")
    if dash and level in LEVELS and count.isdigit():
        return f"{level_name(level, lang)}-{count}"
    if name in LEVELS:
        return level_name(name, lang)
    # A long seat (a path) keeps its end, the file and class that tell two seats apart, where
    # the table would cut it at the end.
    return name if len(name) <= NAME_WIDTH else "…" + name[1 - NAME_WIDTH :]


def _share(interval: Interval | None, lang: str) -> str:
    """A share as a percentage, its interval below."""
    if interval is None:
        return say(lang, "dash")
    return _two_lines(interval, 100, 1, lang)


def _mean(interval: Interval | None, lang: str) -> str:
    if interval is None:
        return say(lang, "dash")
    return _two_lines(interval, 1, 2, lang)


def _two_lines(interval: Interval, scale: float, digits: int, lang: str) -> str:
    estimate = _number(interval.estimate * scale, digits, lang)
    if interval.low is None or interval.high is None:
        return estimate
    low = _number(interval.low * scale, digits, lang)
    high = _number(interval.high * scale, digits, lang)
    # Spanish writes decimal commas, so its interval's ends are set apart by a semicolon.
    return f"{estimate}\n[{low}{'; ' if lang == 'es' else ', '}{high}]"


def _number(value: float, digits: int, lang: str) -> str:
    shown = f"{value:.{digits}f}"
    # -0.00 is a difference too small to show, not a negative one.
    if float(shown) == 0:
        shown = f"{0:.{digits}f}"
    return in_lang(shown, lang)
