"""Time one `mazo solve` call against `python -c "import typer"` (the start-up target).

Run: python tests/bench/bench_cli.py [--runs N] [ARGS...]. Each run starts a fresh process with the
same interpreter; the two commands alternate so that machine load hits both alike. Prints the
median wall times and their ratio (the target is ≤ 2). Not a test: pytest does not collect it.

PYTHONDONTWRITEBYTECODE is dropped for the runs (unless --as-is): an installed mazo has its .pyc
files, while an editable checkout under that variable compiles every module on every call.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

DEFAULT_ARGS = ["solve", "conga", "1o", "2o", "3o", "4o", "5o", "6o", "7o", "12b"]


def mazo_command(args: list[str]) -> list[str]:
    """The installed `mazo` script run by this interpreter, as a user's shell would start it."""
    script = Path(sys.executable).with_name("mazo")
    if not script.exists():
        found = shutil.which("mazo")
        if found is None:
            sys.exit("bench_cli: no `mazo` script beside this Python or on PATH")
        script = Path(found)
    return [sys.executable, str(script), *args]


def wall_time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each command (default 30)")
    parser.add_argument(
        "--as-is", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if it is set"
    )
    parser.add_argument(
        "args", nargs="*", default=DEFAULT_ARGS, help="the mazo arguments (default: %(default)s)"
    )
    options = parser.parse_args()
    env = dict(os.environ)
    if not options.as_is:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {
        "import typer": [sys.executable, "-c", "import typer"],
        "mazo " + " ".join(options.args): mazo_command(options.args),
    }
    for command in commands.values():  # warm the file cache and the bytecode
        wall_time(command, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(options.runs):
        for name, command in commands.items():
            times[name].append(wall_time(command, env))
    medians = {name: statistics.median(runs) for name, runs in times.items()}
    for name, median in medians.items():
        print(f"{median * 1000:8.1f} ms  median of {options.runs}  {name}")
    baseline, mazo = medians.values()
    bytecode = "no .pyc" if env.get("PYTHONDONTWRITEBYTECODE") else ".pyc cached"
    print(
        f"ratio {mazo / baseline:.2f} (target ≤ 2)   typer {version('typer')}   {bytecode}   "
        f"load {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
