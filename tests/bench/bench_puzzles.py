"""Time a 20-puzzle sheet of every kind each game offers (JSON and PDF).

Run: python tests/bench/bench_puzzles.py [--count N] [--seed S]. Not a test: pytest does not
collect it (its name does not start with test_).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from mazo.puzzles.classset import ClassSet
from mazo.puzzles.generate import KINDS, make_sheet, offered_kinds
from mazo.puzzles.pdf import Layout, write_sheet_pdf
from mazo.solver.api import rules_for
from mazo.solver.spec.load import game_names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<18}{'kind':<18}{'puzzles':>8}{'sheet s':>10}{'pdf s':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for game in game_names():
            spec = rules_for(game)
            for kind in offered_kinds(spec):
                if kind not in KINDS:
                    print(f"{game:<18}{kind:<18}{'not built':>8}")
                    continue
                started = time.perf_counter()
                sheet = make_sheet(spec, kind, args.count, seed=args.seed)
                made = time.perf_counter()
                write_sheet_pdf(
                    spec, ClassSet((sheet,)), Layout(), Path(folder) / f"{game}-{kind}.pdf"
                )
                done = time.perf_counter()
                print(
                    f"{game:<18}{kind:<18}{len(sheet.puzzles):>8}"
                    f"{made - started:>10.2f}{done - made:>8.2f}"
                )


if __name__ == "__main__":
    main()
