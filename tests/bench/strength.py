"""The README's strength table from `mazo simulate --json` reports: one row for each pair of
levels seated in a report, the first of the pair named first in the seats.

    mazo simulate conga --seats expert,greedy -n 2000 --seed 2026 --jobs 1 --json > a.json
    mazo simulate conga --seats expert,novice,greedy,fastest -n 2000 --seed 2026 --json > b.json
    python tests/bench/strength.py a.json b.json

A pair is read from the report's raw rows as the report reads each bot against its first seat:
each bot's points per round in a deal (all its rotations), the difference deal by deal (signed
so that more is better for the first of the pair: lower points are better in Conga and
Chinchón), its mean with Student's t interval, and the sign test over the deals; so a four-seat
run gives every pairing of its four levels, not only those against its first seat. Not a
test: pytest does not collect it.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from itertools import combinations
from typing import Any

from mazo.solver.game.stats import mean_interval, sign_test


def pairs(report: dict[str, Any]) -> list[str]:
    """The table's rows of one report."""
    labels = [bot["label"] for bot in report["bots"]]
    sign = 1 if report["better_points"] == "higher" else -1
    fields = report["raw"]["fields"]
    points, rounds = fields.index("points"), fields.index("rounds")
    rows = []
    for first, other in combinations(range(len(labels)), 2):
        differences = [
            float(
                sign
                * (
                    Fraction(deal["bots"][first][points], deal["bots"][first][rounds])
                    - Fraction(deal["bots"][other][points], deal["bots"][other][rounds])
                )
            )
            for deal in report["raw"]["deals"]
            if deal["bots"][first][rounds] and deal["bots"][other][rounds]
        ]
        mean, test = mean_interval(differences), sign_test(differences)
        low, high = (f"{x:.2f}" if x is not None else "?" for x in (mean.low, mean.high))
        rows.append(
            f"| {report['game']} | {len(labels)} | {labels[first]} | {labels[other]} | "
            f"{mean.n:,} | {mean.estimate:.2f} [{low}, {high}] | "
            f"{test.wins} / {test.losses} / {test.ties} | {test.p_value:.2g} |"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", help="`mazo simulate --json` reports")
    options = parser.parse_args()
    print("| game | seats | first | second | deals | ahead [95 %] | better / worse / equal | p |")
    print("|---|---|---|---|---|---|---|---|")
    for path in options.reports:
        with open(path, encoding="utf-8") as f:
            for row in pairs(json.load(f)):
                print(row)


if __name__ == "__main__":
    main()
