"""Rounds per second of `mazo simulate`: Gin Rummy with two novices and Conga with four, beside
OpenSpiel's SimpleGinRummyBot playing itself in OpenSpiel's own Gin Rummy engine (C++), in the
same run.

    pip install ".[bench]" && python tests/bench/bench_simulate.py [--seconds S] [--jobs J]
        [--slices N] [--memory-deals D]

Each side plays for about S seconds (default 10) in this one process and is timed in the
process's CPU time (a busy machine moves wall time); a round is one hand, dealt to its end,
as `mazo simulate` plays a deal (without --matches) and as an OpenSpiel game of gin_rummy is.
OpenSpiel's chance nodes (the deal, the draws) are sampled uniformly here in Python; each bot
is asked for every decision, as mazo asks each seat. Prints rounds per second and each side's
ratio to OpenSpiel's; with --jobs J > 1, the wall-clock rate of J processes against one on
the same deals too (on a machine with J idle cores); then Gin's two novices against OpenSpiel
again in N slices of 3 s taken in turn, the steadier ratio on a shared machine. Without
OpenSpiel (`pip install open_spiel`) it says so and times mazo alone. Last, the peak resident
memory of the largest worker of a two-job expert Conga simulation, and the part of it the
worker holds on its own (the odds table's rows are mapped from one file and shared), beside the
size of the table it reads. Not a test: pytest does not collect it.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable

from mazo.solver.game.simulate import make_plan, play, play_deal

SIDES = {
    "mazo gin-rummy, novice × 2": ("gin", ["novice", "novice"]),
    "mazo conga, novice × 4": ("conga", ["novice"] * 4),
    "mazo conga, expert × 4": ("conga", ["expert"] * 4),
}
# The memory of each process of an expert simulation, against its odds table.
MEMORY = ("conga", ["expert"] * 4)


def mazo_side(game: str, seats: list[str]) -> Callable[[float], tuple[int, float]]:
    """Deals played for about `seconds` of CPU a call, each call going on from the last deal."""
    plan = make_plan(game, seats, deals=1_000_000, seed=2026)
    played = [0]

    def run(seconds: float) -> tuple[int, float]:
        rounds = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            played[0] += 1
            rounds += play_deal(plan, played[0]).rounds
        return rounds, time.process_time() - started

    return run


def in_turn(
    spiel: Callable[[float], tuple[int, float]], slices: int, seconds: float = 3.0
) -> list[tuple[float, float]]:
    """Each side's rate (rounds per CPU second) in `slices` short slices taken in turn: a load
    that comes and goes on a shared machine then weighs on both sides alike."""
    gin = mazo_side(*SIDES["mazo gin-rummy, novice × 2"])
    gin(0.5)
    rates = []
    for _ in range(slices):
        theirs, ours = spiel(seconds), gin(seconds)
        rates.append((theirs[0] / theirs[1], ours[0] / ours[1]))
    return rates


def openspiel_side() -> Callable[[float], tuple[int, float]] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in range(2)]
    chance = random.Random(2026)

    def run(seconds: float) -> tuple[int, float]:
        rounds = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            state = game.new_initial_state()
            for bot in bots:
                bot.restart()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(chance.choice([a for a, _ in state.chance_outcomes()]))
                else:
                    state.apply_action(bots[state.current_player()].step(state))
            rounds += 1
        return rounds, time.process_time() - started

    return run


def pooled(game: str, seats: list[str], jobs: int, deals: int) -> tuple[int, float]:
    """Rounds and wall seconds of `deals` deals on `jobs` processes, as `--jobs` plays them."""
    plan = make_plan(game, seats, deals=deals, seed=2026)
    started = time.perf_counter()
    rounds = sum(result.rounds for result in play(plan, jobs))
    return rounds, time.perf_counter() - started


def worker_memory(game: str, seats: list[str], deals: int) -> tuple[float, float, float, float]:
    """The peaks of the largest worker of a two-job run of `deals` deals, in MB: its resident
    memory, and the part of it that is its own (anonymous, not pages of a file that other
    processes share, as the mapped odds table's are); and the expert's odds table: its rows as
    the processes read them, and its compressed files. The run is `mazo simulate` in a process
    of its own (this one has played and holds what it read: its workers would inherit it), its
    workers' memory read from /proc (Linux) every tenth of a second while it plays."""
    from mazo.solver.api import rules_for
    from mazo.solver.play import kept, odds

    peaks = {"Rss": 0, "Anonymous": 0}
    run = [sys.executable, "-m", "mazo", "simulate", game, "--seats", ",".join(seats)]
    run += ["-n", str(deals), "--seed", "2026", "--jobs", "2", "--json"]
    with subprocess.Popen(run, stdout=subprocess.DEVNULL) as simulation:
        while simulation.poll() is None:
            for worker in _children(simulation.pid):
                for name, kb in _memory(worker).items():
                    peaks[name] = max(peaks[name], kb)
            time.sleep(0.1)
    spec = rules_for(game)
    found = odds.table(spec)
    rows = sum(c.count * c.size for c in (found.turns, found.within, found.by_turns, found.slower))
    path = kept.path(spec, odds.rules_key(spec))
    files = sum(kept.named(path, suffix).stat().st_size for suffix in kept.FILES)
    return peaks["Rss"] / 1024, peaks["Anonymous"] / 1024, rows / 2**20, files / 2**20


def _children(pid: int) -> list[int]:
    """A process's children (a run's workers); none once it has ended."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(word) for word in f.read().split()]
    except OSError:
        return []


def _memory(pid: int) -> dict[str, int]:
    """A process's resident and anonymous memory, in kB (nothing once it has ended)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            lines = [line.split() for line in f]
    except OSError:
        return {}
    return {words[0][:-1]: int(words[1]) for words in lines if words[0] in ("Rss:", "Anonymous:")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per side (default 10)")
    parser.add_argument("--jobs", type=int, default=1, help="also time J processes (wall)")
    parser.add_argument(
        "--memory-deals",
        type=int,
        default=600,
        help="deals of the memory figure (default 600; 0: no memory figure)",
    )
    parser.add_argument(
        "--slices",
        type=int,
        default=10,
        help="then time Gin's novices and OpenSpiel in this many 3 s slices in turn (default 10)",
    )
    options = parser.parse_args()
    rates: dict[str, float] = {}
    spiel = openspiel_side()
    if spiel is None:
        print("OpenSpiel is not installed (pip install open_spiel): mazo is timed alone")
    else:
        rounds, seconds = spiel(options.seconds)
        rates["OpenSpiel gin_rummy, SimpleGinRummyBot × 2"] = rounds / seconds
    for name, (game, seats) in SIDES.items():
        side = mazo_side(game, seats)
        # The rules, the meld tables, the caches and OR-Tools (the first tied lay-off imports
        # it, with pandas), once a process, apart.
        import ortools.sat.python.cp_model  # noqa: F401

        side(0.5)
        rounds, seconds = side(options.seconds)
        rates[name] = rounds / seconds
    reference = next(iter(rates.values())) if spiel is not None else None
    for name, rate in rates.items():
        ratio = "" if reference is None else f"   {rate / reference:6.3f}× OpenSpiel's"
        print(f"{rate:9.1f} rounds/s CPU  {name}{ratio}")
    if options.jobs > 1:
        for name, (game, seats) in SIDES.items():
            # The same deals on one process and on J, both in wall time: what --jobs saves.
            deals = max(options.jobs, round(rates[name] * options.seconds / len(seats)))
            walls = {}
            for jobs in (1, options.jobs):
                rounds, seconds = pooled(game, seats, jobs, deals)
                walls[jobs] = rounds / seconds
            print(
                f"{walls[options.jobs]:9.1f} rounds/s wall  {name}, --jobs {options.jobs}   "
                f"{walls[options.jobs] / walls[1]:5.2f}× --jobs 1 ({walls[1]:.1f})"
            )
    if spiel is not None and options.slices > 0:
        rates_in_turn = in_turn(spiel, options.slices)
        ratios = sorted(ours / theirs for theirs, ours in rates_in_turn)
        theirs = sum(t for t, _ in rates_in_turn) / len(rates_in_turn)
        ours = sum(o for _, o in rates_in_turn) / len(rates_in_turn)
        print(
            f"{ours:9.1f} rounds/s CPU  mazo gin-rummy, novice × 2, in {options.slices} slices "
            f"taken in turn with OpenSpiel's ({theirs:.1f}): {ours / theirs:.3f}× "
            f"(slices {ratios[0]:.3f}× to {ratios[-1]:.3f}×, the middle one "
            f"{ratios[len(ratios) // 2]:.3f}×)"
        )
    if options.memory_deals > 0:
        game, seats = MEMORY
        peak, own, rows, files = worker_memory(game, seats, deals=options.memory_deals)
        print(
            f"{peak:9.1f} MB peak RSS of a worker, {own:.1f} MB of it its own  mazo {game}, "
            f"{seats[0]} × {len(seats)}, --jobs 2, {options.memory_deals} deals"
            f"   odds table {rows:.1f} MB of rows, mapped and shared ({files:.1f} MB of files); "
            f"goal ≤ the table + 200 MB = {rows + 200:.1f} MB"
        )
    print(f"load {os.getloadavg()[0]:.2f}   cores {os.cpu_count()}")


if __name__ == "__main__":
    main()
