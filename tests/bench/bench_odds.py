"""`mazo odds`: the optimal-policy tables, built in memory and timed, and one cached call.

    python tests/bench/bench_odds.py [small|40|40j|48j ...]     (default: small 40 40j)

For each rules set: classes before and after the draw, build seconds (wall and process CPU),
peak memory of the process so far, the Bellman sweeps over the finished table and their largest
change, the table's bytes on disk, its load time and the time to read every block of it, and
the bytes of the chances' file beside it; for the small test spec the same table by
the plain-Python value iteration of the tests' reference; for the 40-card deck, one `mazo odds`
call and one `mazo advise --horizon optimal` call on the cached table, each against `python -c
"import typer"`, as the README writes them (timed with bytecode written, as an installed mazo has
it); and last (so its memory is not counted in the builds' peaks), for the small spec and the
40-card deck, the same table by plain value iteration in numpy (odds_numpy.py), checked to 1e-9
against the compiled build, so the speed-up is a ratio. Measure on a quiet machine. Not a test:
pytest does not collect it.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from mazo.solver.api import rules_for
from mazo.solver.play import odds
from mazo.solver.spec.rulespec import RuleSpec

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
from tests.bench.odds_numpy import value_iteration  # noqa: E402
from tests.odds_reference import Reference  # noqa: E402

SETS = {
    "small": (None, {"rules": str(HERE.parent / "odds-small.yaml")}),
    "40": ("conga", {"variant": {"deck_size": 40, "jokers": 0}}),
    "40j": ("conga", {"variant": {"deck_size": 40, "jokers": 2}}),
    "48j": ("conga", {"variant": {"deck_size": 48, "jokers": 2}}),
}
CALL = ["odds", "conga", "4o", "5o", "6o", "10c", "10e", "5c", "12b", "1b"]
CALL += ["--variant", "deck_size=40", "--variant", "jokers=0", "--json"]
ADVISE = ["advise", "conga", "4o", "5o", "6o", "10c", "10e", "5c", "12b", "--pozo-top", "1b"]
ADVISE += ["--horizon", "optimal", *CALL[-5:]]


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB ({size / 2**20:.1f} MiB)"


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# The sets the numpy value iteration builds too (the 48-card deck's would need tens of GB).
ITERATED = ("small", "40")


def bench(name: str) -> tuple[odds.OddsTable, float]:
    game, where = SETS[name]
    spec = rules_for(game, **where)
    wall, cpu = time.perf_counter(), time.process_time()
    table = odds.build(spec)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "odds"
        odds._save(path, "bench", table)
        sizes = {suffix: (path.parent / f"odds{suffix}").stat().st_size for suffix in odds.FILES}
        loaded = time.perf_counter()
        found = odds._load(path, "bench")
        loaded = time.perf_counter() - loaded
        assert found is not None
        every = time.perf_counter()
        for name_ in odds.FILES[".table"]:
            rows = getattr(found, name_)
            for k in range(rows.blocks):
                rows.read(k)
        every = time.perf_counter() - every
    print(
        f"{name:>5}: {table.classes:,} classes ({table.after_draw:,} after the draw); built in "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU; peak {peak_mib():.0f} MiB; {table.sweeps} Bellman "
        f"sweep, largest change {table.max_change:.2e}; the table {megabytes(sizes['.table'])} on "
        f"disk, loaded in {loaded:.3f} s (every block read and checked: {every:.2f} s), the "
        f"chances beside it {megabytes(sizes['.chances'])}"
    )
    if name == "small":
        start = time.perf_counter()
        Reference(range(1, 7), "oc", 4, {r: r for r in range(1, 7)}, 3, 2, 2, 2).table()
        plain = time.perf_counter() - start
        print(
            f"       plain Python value iteration over every hand: {plain:.2f} s "
            f"({plain / wall:.0f}× the compiled build)"
        )
    return table, wall


def in_key_order(spec: RuleSpec, table: odds.OddsTable) -> np.ndarray:
    """The table's turns_to_cut (kept by rank, in fixed point) for the classes in key order."""
    turns = table.turns
    data = b"".join(bytes(turns.read(k)) for k in range(turns.blocks))
    rows = np.frombuffer(data, dtype=np.uint8)[: turns.count * turns.size]
    wide = np.zeros((turns.count, 8), dtype=np.uint8)
    wide[:, : turns.size] = rows.reshape(-1, turns.size)
    shape = odds._Shape.of(spec)
    keys = odds._odds.classes(*shape.args)[0]
    ranks = np.frombuffer(odds._odds.ranks(*shape.args, keys), dtype=np.uint32)
    return wide.view("<u8")[:, 0][ranks] / 2.0**odds.POINT


def iterated(name: str, turns: np.ndarray, wall: float) -> None:
    game, where = SETS[name]
    found = value_iteration(rules_for(game, **where))
    worst = float(np.abs(found.values - turns).max())
    if not worst < 1e-9:
        raise SystemExit(f"{name}: the numpy value iteration differs by {worst:.2e}")
    total = found.linking + found.sweeping
    print(
        f"{name:>5}: numpy value iteration (the compiled class listing and close flags, linked "
        f"and swept in numpy): {total:.2f} s ({found.linking:.2f} s linking, "
        f"{found.sweeping:.2f} s for {found.sweeps} sweeps, last change {found.change:.2e}; "
        f"{total / wall:.1f}× the compiled build's {wall:.2f} s); it differs from the table by "
        f"{worst:.1e}; peak {peak_mib():.0f} MiB"
    )


def best_of(command: list[str], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def one_call() -> None:
    with tempfile.TemporaryDirectory() as cache:
        os.environ["XDG_CACHE_HOME"] = cache
        os.environ.pop("MAZO_NO_CACHE", None)  # the call reads the table built here
        # An installed mazo has its bytecode: without it each call would compile its modules.
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        mazo = [sys.executable, "-m", "mazo"]
        subprocess.run(
            [*mazo, "odds", "conga", "--build", *CALL[-5:-1]], check=True, capture_output=True
        )
        calls = {" ".join(c): best_of([*mazo, *c]) for c in (CALL, ADVISE)}
        typer = best_of([sys.executable, "-c", "import typer"])
    for line, took in calls.items():
        print(
            f"one cached `mazo {line}`: {took:.3f} s; `import typer`: {typer:.3f} s "
            f"({took / typer:.2f}×)"
        )


if __name__ == "__main__":
    wanted = sys.argv[1:] or ["small", "40", "40j"]
    os.environ["MAZO_NO_CACHE"] = "1"
    built = {}  # only the values the numpy iteration is checked against: the rest is let go
    for each in wanted:
        table, wall = bench(each)
        if each in ITERATED:
            game, where = SETS[each]
            built[each] = (in_key_order(rules_for(game, **where), table), wall)
        del table
    if "40" in wanted:
        one_call()
    for each, (turns, wall) in built.items():
        iterated(each, turns, wall)
