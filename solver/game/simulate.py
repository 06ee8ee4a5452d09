"""Bots against bots on duplicate deals: the runs of `mazo simulate`.

Each deal is played once per rotation of the seats: with k seats, k games of the same cards
(the engine's `Shuffler` deals from the seed alone), the seat list turned one place further
each time, so every bot holds every seat's cards once and the luck of the deal cancels out. A
deal is one round (the game stops after it), or with `matches` a whole match.

Deal d (numbered from 1) of seed S has a seed of its own, `deal_seed(S, d)`: a hash, so the
deals of two runs with near seeds do not overlap. A deal is the unit of work: deals run in any
order, on any number of processes, and give the same results, which the report reads in deal
order; a run of shard K/N plays the K-th of N equal blocks of the deals.

A deal's result is one row of whole numbers per bot (`FIELDS`), so shards add up exactly.
"""

from __future__ import annotations

import contextlib
import hashlib
import signal
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mazo.solver.errors import InputError, MazoError, OptionError, quoted
from mazo.solver.files import Output, write_all
from mazo.solver.game.bots.seats import Loaded, load_seat
from mazo.solver.game.engine import Event, Game, Outcome, Seat, playable
from mazo.solver.game.record import record_line
from mazo.solver.messages import Said, said, titled
from mazo.solver.play import odds
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.stopping import signals_held

# Each bot's whole-number tallies of one deal, in this order (the report's `raw` rows).
FIELDS = (
    "games",
    "rounds",
    "rounds_won",
    "points",
    "points_squared",
    "matches_won",
    "forfeits",
)
# Deals handed to the processes ahead of those running: enough to keep each busy while the
# results are read, few enough that a stop finds little to cancel.
AHEAD_PER_JOB = 2
# How often a wait for the pool's deals looks for a stop signal held meanwhile.
POLL_SECONDS = 0.2
# Seeds fit JSON's exact integers (2**53) with room: six bytes of the hash.
SEED_BYTES = 6


@dataclass(frozen=True, slots=True)
class Shard:
    """The K-th of N equal blocks of a run's deals (K from 1)."""

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        index, sep, count = text.partition("/")
        if not (sep and index.isdecimal() and count.isdecimal() and text.isascii()):
            raise OptionError.of("shard_takes", value=quoted(text))
        shard = cls(int(index), int(count))
        if not 1 <= shard.index <= shard.count:
            raise OptionError.of("shard_range", value=quoted(text))
        return shard

    def numbers(self, deals: int) -> range:
        """This shard's deals, numbered from 1: the K-th of N blocks as equal as can be."""
        return range(
            (self.index - 1) * deals // self.count + 1, self.index * deals // self.count + 1
        )

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


@dataclass(frozen=True, slots=True)
class Plan:
    """What a run plays: plain data, so each process rebuilds the rules and the players."""

    game: str
    seats: tuple[str, ...]  # as given: a level, a module:attr or a path/file.py:Name
    names: tuple[str, ...]  # the seats' names in the records (distinct)
    labels: tuple[str, ...]  # what sits at each: the level or the class name
    deals: int  # the run's deals, every shard's
    seed: int
    matches: bool
    rules: str | None = None
    variant: tuple[tuple[str, Any], ...] = ()
    shard: Shard | None = None
    record: bool = False
    # The rules file as the records name it: from their folder (`record.rules_file_for`).
    rules_file: str | None = None

    def spec(self) -> RuleSpec:
        from mazo.solver.api import rules_for

        return rules_for(self.game, rules=self.rules, variant=dict(self.variant))

    def numbers(self) -> range:
        """The deals this run plays, numbered from 1."""
        return range(1, self.deals + 1) if self.shard is None else self.shard.numbers(self.deals)

    @property
    def rotations(self) -> int:
        return len(self.seats)

    def recorded_in(self, folder: Path) -> str | None:
        """The first record of this run's deals that the folder already holds (a shard's
        records may share a folder with the other shards'), None when it holds none."""
        numbers, width = self.numbers(), len(str(self.deals))
        for name in sorted(f.name for f in folder.glob("*.jsonl")):
            deal, _, rotation = name.removesuffix(".jsonl").partition("-")
            if len(deal) != width or not (deal.isdecimal() and rotation.isdecimal()):
                continue
            if int(deal) in numbers and 1 <= int(rotation) <= self.rotations:
                return name
        return None


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal's tallies: a row of `FIELDS` per bot (in seat order) and the games the engine
    stopped in a round that never ended; for the run alone, not the report, the rounds its
    games played, their records (by rotation) when asked, and the `game_end` event of each
    game a player forfeited (by rotation, from 1: who, and why)."""

    number: int
    rows: tuple[tuple[int, ...], ...]
    stalled: int
    rounds: int = 0
    records: tuple[str, ...] = ()
    forfeits: tuple[tuple[int, Event], ...] = ()


def deal_seed(seed: int, number: int) -> int:
    """Deal `number`'s seed in a run of seed `seed`."""
    return _hashed(f"mazo-simulate-deal:{seed}:{number}")


def bot_seed(seed: int, number: int, bot: int) -> int:
    """The seed of bot `bot` (its index in the seats) in deal `number`: the same in every
    rotation."""
    return _hashed(f"mazo-simulate-bot:{seed}:{number}:{bot}")


def _hashed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:SEED_BYTES], "big")


def make_plan(
    game: str,
    seats: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    matches: bool = False,
    rules: str | None = None,
    variant: dict[str, Any] | None = None,
    shard: Shard | None = None,
    record: bool = False,
    prepare: Callable[[RuleSpec], None] | None = None,
) -> Plan:
    """A checked plan: the game has an engine, the seats load and fill its table, the deals
    are at least one and at least as many as the shards. `prepare` is called with the rules
    once all else is checked, before the seats are made (an odds table built with its bar)."""
    from mazo.solver.api import rules_for

    chosen = dict(variant or {})
    spec = rules_for(game, rules=rules, variant=chosen)
    playable(spec)
    if deals < 1:
        raise OptionError.of("deals_at_least", value=deals)
    if shard is not None and shard.count > deals:
        raise OptionError.of("shard_empty", shard=str(shard), count=shard.count, deals=deals)
    wanted = spec.match
    if not wanted.min_players <= len(seats) <= wanted.max_players:
        least, most = wanted.min_players, wanted.max_players
        players = (
            said("n_players", n=least)
            if least == most
            else said("players_range", least=least, most=most)
        )
        raise OptionError.of("seats_count", game=titled(spec), players=players, count=len(seats))
    if prepare is not None:
        prepare(spec)
    loaded = [_seat(s, spec, 0, rules, chosen) for s in seats]
    labels = [seat.label for seat in loaded]
    names = seat_names(labels)
    # The engine's own checks of the table (a deck too small for the hands) before any work.
    Game(spec, [Seat(n, s.player, s.label) for n, s in zip(names, loaded, strict=True)])
    return Plan(
        game=spec.game,
        seats=tuple(seats),
        names=tuple(names),
        labels=tuple(labels),
        deals=deals,
        seed=seed,
        matches=matches,
        rules=rules,
        variant=tuple(sorted(chosen.items())),
        shard=shard,
        record=record,
    )


def play_deal(plan: Plan, number: int) -> DealResult:
    """Every rotation of one deal: the bots' tallies, and the records when asked."""
    spec = plan.spec()
    seed = deal_seed(plan.seed, number)
    count = plan.rotations
    rows = [[0] * len(FIELDS) for _ in range(count)]
    records: list[str] = []
    forfeits: list[tuple[int, Event]] = []
    stalled = rounds = 0
    for rotation in range(count):
        order = [(at + rotation) % count for at in range(count)]
        seats = [
            Seat(
                plan.names[i],
                _player(plan, spec, i, number),
                plan.labels[i],
            )
            for i in order
        ]
        game = Game(
            spec,
            seats,
            seed=seed,
            rules_file=plan.rules_file,
            max_rounds=None if plan.matches else 1,
        )
        with _players_print_to_stderr():
            outcome = game.play()
        stalled += _stalled(outcome)
        rounds += sum(1 for e in outcome.events if e["event"] == "round_end")
        for bot, name in enumerate(plan.names):
            for field, value in enumerate(_tally(spec, outcome, name, plan.matches)):
                rows[bot][field] += value
        if plan.record:
            records.append(record_text(outcome.events))
        if outcome.forfeit is not None:
            forfeits.append((rotation + 1, outcome.events[-1]))
    return DealResult(
        number, tuple(map(tuple, rows)), stalled, rounds, tuple(records), tuple(forfeits)
    )


def _seat(
    seat: str, spec: RuleSpec, seed: int, rules: str | None, variant: dict[str, Any]
) -> Loaded:
    """A seat's player, as `mazo.bots.load` and `mazo play` load one: the one place a
    simulation seats a bot."""
    with _players_print_to_stderr():
        return load_seat(seat, spec, seed=seed, rules=rules, variant=variant)


@contextlib.contextmanager
def _players_print_to_stderr() -> Iterator[None]:
    """What a user's player prints (importing, made, playing) goes to standard error: standard
    output is the report's, and `--json` must stay parseable. Standard output comes back
    whatever stops the block, even a stop that comes as the block is entered, before its body
    runs (where contextlib.redirect_stdout would leave it on standard error, and a stopped
    run's report would go there): the generator is closed, and its `finally` runs, then."""
    out = sys.stdout
    try:
        sys.stdout = sys.stderr
        yield
    finally:
        sys.stdout = out


def seat_names(labels: Sequence[str]) -> list[str]:
    """The names the records give the seats: what sits at each, and for a name already taken
    the same with `-2`, `-3`, … (the first free), so `novice,novice` sit as `novice` and
    `novice-2`."""
    names: list[str] = []
    for label in labels:
        name, count = label, 1
        while name in names or (name in labels and name != label):
            count += 1
            name = f"{label}-{count}"
        names.append(name)
    return names


def _player(plan: Plan, spec: RuleSpec, bot: int, number: int) -> Any:
    """Bot `bot`'s player for deal `number`; one that loaded once but fails made with this
    deal's seed is the bot's own failure, said with the deal (not what a seat is)."""
    seed = bot_seed(plan.seed, number, bot)
    try:
        return _seat(plan.seats[bot], spec, seed, plan.rules, dict(plan.variant)).player
    except InputError as error:
        told = error.said
        if isinstance(told, Said) and told.key == "seat_bad":
            seat, why = told.fields["seat"], told.fields["why"]
            raise MazoError.of("seat_made_for", seat=seat, deal=number, why=why) from None
        raise MazoError.of(error.said_in) from None


def _tally(spec: RuleSpec, outcome: Outcome, name: str, matches: bool) -> tuple[int, ...]:
    """One bot's `FIELDS` in one game. A round is won by its cutter, or where points are won
    (`difference` scoring: Gin) by whoever scores in it."""
    points_won = spec.scoring.method == "difference"
    rounds = won = points = squares = 0
    for event in outcome.events:
        if event["event"] != "round_end" or name not in event["points"]:
            continue
        scored = event["points"][name]
        rounds += 1
        points += scored
        squares += scored * scored
        won += scored > 0 if points_won else event["cutter"] == name
    match_won = int(matches and name in outcome.winners)
    return (1, rounds, won, points, squares, match_won, int(outcome.forfeit == name))


def _stalled(outcome: Outcome) -> int:
    """1 when the engine stopped the game in a round that never ended (its turn limit)."""
    ended = sum(1 for e in outcome.events if e["event"] == "round_end")
    return int(outcome.reason == "stopped" and outcome.rounds > ended)


def record_name(deals: int, number: int, rotation: int) -> str:
    """The file of deal `number`'s game in rotation `rotation` (both from 1; rotation 1 seats
    the bots as given): `007-2.jsonl`, the deal zero-padded to the width of the run's deals."""
    return f"{number:0{len(str(deals))}d}-{rotation}.jsonl"


def record_text(events: list[Event]) -> str:
    """A game's record as JSON Lines (format 1): one event a line, as the engine told it."""
    return "".join(record_line(event) for event in events)


def write_records(folder: Path, plan: Plan, result: DealResult) -> None:
    """A deal's records, every rotation's or none: a stop while they are written leaves none
    of the deal's, as the report, which counts only the deals returned, leaves the deal out."""
    write_all(
        [
            Output(folder / record_name(plan.deals, result.number, rotation), _writer(text))
            for rotation, text in enumerate(result.records, start=1)
        ]
    )


def _writer(text: str) -> Callable[[Path], object]:
    return lambda path: path.write_bytes(text.encode("utf-8"))


def play(plan: Plan, jobs: int = 1) -> Generator[DealResult, None, None]:
    """Every deal of the plan, each as it is done (in deal order with one job). With more
    jobs the deals run on that many processes. Closing the iterator early (a stop) cancels
    the deals not yet started; those running finish in their processes, unread."""
    numbers = plan.numbers()
    if jobs <= 1 or len(numbers) <= 1:
        for number in numbers:
            yield play_deal(plan, number)
        return
    yield from _pooled(plan, numbers, min(jobs, len(numbers)))


def _pooled(plan: Plan, numbers: range, jobs: int) -> Iterator[DealResult]:
    # An odds table the seats play by (loaded as they were made) is read by every process
    # from one copy mapped read-only, rather than decompressed by each into its own memory.
    shared = odds.shared(plan.spec()) is not None
    pool = ProcessPoolExecutor(
        max_workers=jobs, initializer=_worker_start, initargs=(plan if shared else None,)
    )
    waiting = iter(numbers)
    running: set[Future[DealResult]] = set()
    finished = False
    try:
        while True:
            with signals_held() as held:
                for number in waiting:
                    running.add(pool.submit(play_deal, plan, number))
                    if len(running) >= jobs * (1 + AHEAD_PER_JOB):
                        break
                done: set[Future[DealResult]] = set()
                while running and not done and not held:
                    done, running = wait(running, POLL_SECONDS, FIRST_COMPLETED)
                results = sorted((_result(f) for f in done), key=lambda r: r.number)
            if not running and not results:
                break
            yield from results
        finished = True
    finally:
        with signals_held():
            pool.shutdown(wait=finished, cancel_futures=True)


def _result(future: Future[DealResult]) -> DealResult:
    try:
        return future.result()
    except BrokenProcessPool:
        raise MazoError.of("deals_process_died") from None


def _worker_start(shared: Plan | None) -> None:
    """A Ctrl-C reaches every process of the terminal's group: the run's own process stops the
    run, and its workers let it (they finish their deal, then the pool ends them). The odds
    table `shared` plays by is mapped as the run's (a forked worker has it already; a worker
    started anew maps it too)."""
    if shared is not None:
        spec = shared.spec()
        odds.table(spec)
        odds.shared(spec)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
