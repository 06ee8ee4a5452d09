"""The report of `mazo simulate`: each bot's rounds won and points per round with their
intervals, and each bot against the first seat's on the same deals; written from the deals'
whole-number tallies alone (`raw`), so shards merged give the very report one run gives.

- A share (rounds won, matches won): the Wilson interval (`stats.wilson`).
- Points per round: the mean over the bot's rounds, with Student's t interval from the exact
  sums of the points and of their squares. The rounds of one deal are not independent (the
  same cards in every rotation): the comparison below is the one to read.
- Against the first bot: deal by deal, the bot's points per round over the deal's rotations
  minus the first bot's, signed so that more is better for the bot (points are lost in Conga
  and Chinchón, won in Gin: the spec's `difference` scoring), with its t interval and the
  exact sign test (`stats.mean_interval`, `stats.sign_test`). Deals are independent.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Literal, TypeVar

from mazo.solver.errors import InputError, shown_path
from mazo.solver.files import Unreadable, read_limited
from mazo.solver.game.simulate import FIELDS, DealResult, Plan, Shard
from mazo.solver.game.stats import (
    CONFIDENCE,
    Interval,
    SignTest,
    mean_interval,
    sign_test,
    t_quantile,
)
from mazo.solver.plain import data

GAMES, ROUNDS, WON, POINTS, SQUARES, MATCHES, FORFEITS = range(len(FIELDS))
T = TypeVar("T")
# The largest tally a report read back holds: a float keeps every whole number up to it, so
# the intervals' arithmetic stays finite and exact where it was (a deal's tallies are far below).
MOST_TALLY = 2**53


@dataclass(frozen=True, slots=True)
class Header:
    """What a run played: everything two shards must share to be merged."""

    game: str
    options: tuple[tuple[str, Any], ...]
    rules_file: str | None
    seats: tuple[str, ...]
    names: tuple[str, ...]
    labels: tuple[str, ...]
    deals: int
    matches: bool
    seed: int
    # "lower": points are lost (Conga, Chinchón); "higher": points are won (Gin).
    better: Literal["lower", "higher"]

    @classmethod
    def of(cls, plan: Plan) -> Header:
        spec = plan.spec()
        return cls(
            game=plan.game,
            options=tuple(spec.chosen.items()),
            rules_file=plan.rules,
            seats=plan.seats,
            names=plan.names,
            labels=plan.labels,
            deals=plan.deals,
            matches=plan.matches,
            seed=plan.seed,
            better="higher" if spec.scoring.method == "difference" else "lower",
        )


@dataclass(frozen=True, slots=True)
class BotLine:
    bot: str
    label: str
    seat: str
    games: int
    rounds: int
    rounds_won: Interval | None
    points_per_round: Interval | None
    matches_won: Interval | None
    forfeits: int


@dataclass(frozen=True, slots=True)
class Versus:
    """One bot against the first, deal by deal (positive: better for the bot)."""

    bot: str
    versus: str
    deals: int
    difference: Interval | None
    sign_test: SignTest


@dataclass(frozen=True, slots=True)
class Report:
    """The deals played (by number) under one header, and which shards they are."""

    header: Header
    shards: tuple[int, ...] = ()  # the shards' K (empty: every deal's run)
    shard_count: int = 0
    interrupted: bool = False
    results: tuple[DealResult, ...] = ()

    @classmethod
    def of(cls, plan: Plan, results: Sequence[DealResult], *, interrupted: bool) -> Report:
        shards = () if plan.shard is None else (plan.shard.index,)
        count = 0 if plan.shard is None else plan.shard.count
        # What the run alone keeps of a deal is left out: the report is the same merged.
        kept = (replace(r, rounds=0, records=(), forfeits=()) for r in results)
        ordered = tuple(sorted(kept, key=lambda r: r.number))
        return cls(Header.of(plan), *_whole(shards, count), interrupted, ordered)

    @property
    def rotations(self) -> int:
        return len(self.header.seats)

    @property
    def stalled(self) -> int:
        return sum(r.stalled for r in self.results)

    def totals(self, bot: int) -> list[int]:
        return [sum(r.rows[bot][f] for r in self.results) for f in range(len(FIELDS))]

    def bots(self) -> list[BotLine]:
        header, lines = self.header, []
        for bot, name in enumerate(header.names):
            sums = self.totals(bot)
            rounds, games = sums[ROUNDS], sums[GAMES]
            lines.append(
                BotLine(
                    bot=name,
                    label=header.labels[bot],
                    seat=header.seats[bot],
                    games=games,
                    rounds=rounds,
                    rounds_won=_share(sums[WON], rounds),
                    points_per_round=_mean_of_sums(rounds, sums[POINTS], sums[SQUARES]),
                    matches_won=_share(sums[MATCHES], games) if header.matches else None,
                    forfeits=sums[FORFEITS],
                )
            )
        return lines

    def against_first(self) -> list[Versus]:
        names, sign = self.header.names, 1 if self.header.better == "higher" else -1
        found = []
        for bot in range(1, len(names)):
            differences, forfeited = [], []
            for r in self.results:
                ours, first = r.rows[bot], r.rows[0]
                if ours[FORFEITS] != first[FORFEITS]:
                    # The deal is lost by the one that forfeited more: its game ended short,
                    # so its points would compare what the two did not both play, and a player
                    # could leave its bad hands out of the comparison by forfeiting them.
                    forfeited.append(1.0 if ours[FORFEITS] < first[FORFEITS] else -1.0)
                elif ours[ROUNDS] and first[ROUNDS]:
                    differences.append(float(sign * (_per_round(ours) - _per_round(first))))
            found.append(
                Versus(
                    bot=names[bot],
                    versus=names[0],
                    deals=len(differences) + len(forfeited),
                    difference=mean_interval(differences) if differences else None,
                    sign_test=sign_test(differences + forfeited),
                )
            )
        return found

    def shard_text(self) -> str | None:
        if not self.shards:
            return None
        return f"{','.join(map(str, self.shards))}/{self.shard_count}"

    def to_dict(self) -> dict[str, Any]:
        # Not `plain`: the JSON is the run's figures (per bot, against the first, the raw
        # tallies), worked out from the deals, beside the header's fields that name the run.
        header = self.header
        return {
            "game": header.game,
            "options": dict(header.options),
            "rules_file": header.rules_file,
            "seats": list(header.seats),
            "deals": len(self.results),
            "n": header.deals,
            "rotations": self.rotations,
            "matches": header.matches,
            "seed": header.seed,
            "shard": self.shard_text(),
            "interrupted": self.interrupted,
            "better_points": header.better,
            "stalled": self.stalled,
            "bots": data(self.bots()),
            "against_first": data(self.against_first()),
            "raw": {
                "fields": list(FIELDS),
                "deals": [
                    {"deal": r.number, "stalled": r.stalled, "bots": [list(row) for row in r.rows]}
                    for r in self.results
                ],
            },
        }


def _whole(shards: tuple[int, ...], count: int) -> tuple[tuple[int, ...], int]:
    """Every shard of a run together is the run itself."""
    return ((), 0) if count and len(shards) == count else (shards, count)


def _share(successes: int, n: int) -> Interval | None:
    from mazo.solver.game.stats import wilson

    return wilson(successes, n) if n else None


def _per_round(row: Sequence[int]) -> Fraction:
    return Fraction(row[POINTS], row[ROUNDS])


def _mean_of_sums(n: int, total: int, squares: int) -> Interval | None:
    """The mean of n values and its t interval from their sum and the sum of their squares,
    whole numbers, so the variance is exact before it is rounded."""
    if n == 0:
        return None
    mean = Fraction(total, n)
    if n < 2:
        return Interval(float(mean), None, None, n)
    variance = Fraction(n * squares - total * total, n * (n - 1))
    half = t_quantile((1 + CONFIDENCE) / 2, n - 1) * math.sqrt(variance / n)
    return Interval(float(mean), float(mean) - half, float(mean) + half, n)


# --- merging shards ---


def merge(reports: Sequence[tuple[str, Report]]) -> Report:
    """Shards of one run (each named by its file) as one report: the same header, each shard
    once, no deal twice."""
    if not reports:
        raise InputError.of("merge_one")
    first_file, first = reports[0]
    for file, report in reports:
        if not report.shards:
            raise InputError.of("merge_whole", path=shown_path(file))
    shards, deals = set(first.shards), {r.number for r in first.results}
    results, interrupted = list(first.results), first.interrupted
    for file, report in reports[1:]:
        _check_same(first_file, first, file, report)
        if shards & set(report.shards):
            raise InputError.of("merged_shard", path=shown_path(file), shard=report.shard_text())
        if deals & {r.number for r in report.results}:
            raise InputError.of("merged_already", path=shown_path(file))
        shards |= set(report.shards)
        deals |= {r.number for r in report.results}
        results.extend(report.results)
        interrupted = interrupted or report.interrupted
    ordered = tuple(sorted(results, key=lambda r: r.number))
    return Report(
        first.header, *_whole(tuple(sorted(shards)), first.shard_count), interrupted, ordered
    )


# The header's fields under the names the report's JSON gives them.
_JSON_KEYS = {"deals": "n", "better": "better_points"}


def _check_same(first_file: str, first: Report, file: str, report: Report) -> None:
    for name in Header.__slots__:
        mine, theirs = getattr(first.header, name), getattr(report.header, name)
        field = _JSON_KEYS.get(name, name)
        if name == "options" and mine != theirs:  # the option that differs, not them all
            mine, theirs = dict(mine), dict(theirs)
            field = next(k for k in sorted({*mine, *theirs}) if mine.get(k) != theirs.get(k))
            mine, theirs = mine.get(field), theirs.get(field)
        if mine != theirs:
            raise InputError.of(
                "merge_other_run",
                path=shown_path(file),
                first=shown_path(first_file),
                field=field,
                theirs=_shown(theirs),
                mine=_shown(mine),
            )
    if report.shard_count != first.shard_count:  # whole runs are refused before
        raise InputError.of("merge_not_shards", path=shown_path(file), first=shown_path(first_file))


def _shown(value: Any) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], tuple):
        value = dict(value)
    return json.dumps(value, ensure_ascii=False, default=list)


# --- reading a report back ---


def read(path: str) -> Report:
    """A report as `mazo simulate --json` wrote it; an InputError for any other file."""
    try:
        text = read_limited(path).decode("utf-8")
    except Unreadable as error:
        raise InputError.of("at", where=shown_path(path), error=error.said) from None
    except UnicodeDecodeError:
        raise _not_a_report(path) from None
    try:
        report = _from_dict(json.loads(text))
    except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        raise _not_a_report(path) from None
    _check_deals(path, report)
    return report


def _check_deals(path: str, report: Report) -> None:
    """Every deal of the report is one of its shards' (or the run's), and, unless the run was
    stopped, every one of them is there: a report with a deal left out is no whole shard."""
    deals, count = report.header.deals, report.shard_count
    spans = [Shard(k, count).numbers(deals) for k in report.shards] or [range(1, deals + 1)]
    if not all(any(r.number in span for span in spans) for r in report.results):
        raise _not_a_report(path)
    expected = sum(map(len, spans))
    if not report.interrupted and len(report.results) != expected:
        raise InputError.of(
            "report_deals_missing", path=shown_path(path), held=len(report.results), deals=expected
        )


def _not_a_report(path: str) -> InputError:
    return InputError.of("not_a_report", path=shown_path(path))


def _from_dict(data: dict[str, Any]) -> Report:
    raw, bots = data["raw"], data["bots"]
    if list(raw["fields"]) != list(FIELDS) or not isinstance(bots, list):
        raise ValueError("not a simulate report")
    seats = tuple(_text(s) for s in data["seats"])
    names = tuple(_text(b["bot"]) for b in bots)
    labels = tuple(_text(b["label"]) for b in bots)
    if len(names) != len(seats) or len(labels) != len(seats) or data["rotations"] != len(seats):
        raise ValueError("seats and bots differ")
    header = Header(
        game=_text(data["game"]),
        options=tuple(dict(data["options"]).items()),
        rules_file=None if data["rules_file"] is None else _text(data["rules_file"]),
        seats=seats,
        names=names,
        labels=labels,
        deals=_whole_number(data["n"], 1),
        matches=_flag(data["matches"]),
        seed=_whole_number(data["seed"], None),
        better=_choice(data["better_points"], ("lower", "higher")),
    )
    results = tuple(_deal(d, len(seats), header.deals) for d in raw["deals"])
    shards, count = _shards(data["shard"])
    report = Report(header, shards, count, _flag(data["interrupted"]), results)
    if [r.number for r in results] != sorted({r.number for r in results}):
        raise ValueError("deals out of order")
    return report


def _deal(data: dict[str, Any], bots: int, deals: int) -> DealResult:
    # Points may be below zero (a cutter's bonus in Conga and Chinchón); every count is not.
    rows = tuple(
        tuple(_whole_number(v, None if f == POINTS else 0) for f, v in enumerate(row))
        for row in data["bots"]
    )
    if len(rows) != bots or any(len(row) != len(FIELDS) for row in rows):
        raise ValueError("a deal's rows")
    if not all(map(_possible, rows)):
        raise ValueError("a deal's tallies")
    number = _whole_number(data["deal"], 1)
    if number > deals:
        raise ValueError("a deal past n")
    return DealResult(number, rows, _whole_number(data["stalled"], 0))


def _possible(row: tuple[int, ...]) -> bool:
    """Whether one bot's tallies of a deal can be a game's: no more rounds won than played,
    nor matches won or forfeits than games, points whose squares sum to at least what their
    sum gives (a round's points squared, summed: Cauchy-Schwarz), and numbers a float holds
    exactly. The report's intervals are computed from these: a file that breaks them is not
    a report, not a failure of the statistics."""
    games, rounds, won, points, squares, matches, forfeits = row
    return (
        won <= rounds
        and max(matches, forfeits) <= games
        and points * points <= rounds * squares
        and max(abs(points), squares, games) <= MOST_TALLY
    )


def _shards(text: Any) -> tuple[tuple[int, ...], int]:
    if text is None:
        return (), 0
    indices, count = _text(text).split("/")
    shards = tuple(int(k) for k in indices.split(","))
    total = int(count)
    if list(shards) != sorted(set(shards)) or not all(1 <= k <= total for k in shards):
        raise ValueError("a shard")
    return shards, total


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not a flag")
    return value


def _choice(value: Any, choices: tuple[T, ...]) -> T:
    for choice in choices:
        if value == choice:
            return choice
    raise ValueError("not a choice")


def _whole_number(value: Any, minimum: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("not a whole number")
    if minimum is not None and value < minimum:
        raise ValueError("too small")
    return value
