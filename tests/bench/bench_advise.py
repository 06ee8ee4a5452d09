"""`mazo advise`: exact take-or-draw chances, timed, beside a Monte Carlo sampler of the same
decision written with RLCard's Gin Rummy meld code (what sampling bots do).

    pip install ".[bench]" && python tests/bench/bench_advise.py

Prints, for a Conga position with every stock card unseen: horizon 2 through the API (the first
call of a process, and then the best of a few calls), the same through one `mazo advise`
process, horizon 1, and Gin Rummy at horizon 2; then, for the Gin
position, the sampler's time and estimates at a few sample sizes against the exact answer.
Not a test: pytest does not collect it.
"""

from __future__ import annotations

import gc
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import mazo

CONGA = {"game": "conga", "hand": "1o 2o 3o 5e 6e 11c 12b", "pozo_top": "4e"}
GIN = {"game": "gin-rummy", "hand": "AS 2S 3S 7H 8H 9C KD QC 9H 4D", "pozo_top": "9D"}
SAMPLES = (100, 300, 1000)


def best_ms(call, repeats: int = 5) -> float:
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best * 1e3


def advise(position: dict, horizon: int):
    return mazo.advise(
        position["game"], position["hand"], pozo_top=position["pozo_top"], horizon=horizon
    )


def analyses(advice) -> int:
    """Hands of a card over the resting size that horizon 2 judges: for every drawn card that
    does not cut, each discard and each card the next blind draw can bring."""
    waiting = sum(d.copies for d in advice.draw.by_card if not d.keep.can_cut)
    size = len(advice.hand) + 1
    return waiting * size * (advice.unseen - 1) + (size - 1) * advice.unseen


def cli_ms(position: dict, runs: int = 5) -> float:
    script = Path(sys.executable).with_name("mazo")
    command = [sys.executable, str(script), "advise", position["game"], *position["hand"].split()]
    command += ["--pozo-top", position["pozo_top"], "--json"]
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1e3


# --- the sampler: RLCard's meld code, the decision estimated from random futures ---------------


class Sampler:
    """Estimates the chance of knocking by the next turn, taking or drawing, from random
    futures; a discard is chosen as bots do, by the fewest deadwood RLCard finds."""

    def __init__(self, hand: list[str], top: str, rng: random.Random):
        from rlcard.games.gin_rummy.utils import melding, utils

        self.melding, self.utils = melding, utils
        self.hand = [utils.card_from_text(c) for c in hand]
        self.top = utils.card_from_text(top)
        known = {str(c) for c in [*self.hand, self.top]}
        self.unseen = [c for c in utils.get_deck() if str(c) not in known]
        self.rng = rng

    def deadwood(self, cards) -> int:
        clusters = self.melding.get_best_meld_clusters(cards) or [[]]
        return min(self.utils.get_deadwood_count(cards, cluster) for cluster in clusters)

    def best_discard(self, cards, keep=None):
        """(deadwood, discard) of the discard leaving the least deadwood."""
        options = []
        for i, card in enumerate(cards):
            if card is keep:
                continue
            options.append((self.deadwood(cards[:i] + cards[i + 1 :]), i))
        points, i = min(options)
        return points, cards[:i] + cards[i + 1 :]

    def knocks(self, cards) -> bool:
        return self.best_discard(cards)[0] <= 10

    def chance(self, take: bool, samples: int) -> float:
        hits = 0
        for _ in range(samples):
            pool = list(self.unseen)
            if take:
                points, kept = self.best_discard([*self.hand, self.top], keep=self.top)
            else:
                card = pool.pop(self.rng.randrange(len(pool)))
                points, kept = self.best_discard([*self.hand, card])
            if points <= 10:
                hits += 1
                continue
            hits += self.knocks([*kept, pool[self.rng.randrange(len(pool))]])
        return hits / samples


def main() -> None:
    print("mazo advise: exact chances over every unseen card")
    started = time.perf_counter()
    conga = advise(CONGA, 2)
    first = (time.perf_counter() - started) * 1e3
    print(f"  Conga, {conga.unseen} unseen, horizon 2: ~{analyses(conga):,} hand analyses")
    warm, h1, cli = (
        best_ms(lambda: advise(CONGA, 2)),
        best_ms(lambda: advise(CONGA, 1)),
        cli_ms(CONGA),
    )
    print(f"    API, first call of the process:                {first:7.1f} ms")
    print(f"    API, warm (best of 5):                         {warm:7.1f} ms   target ≤ 150")
    print(f"    one `mazo advise --json` call (median of 5):   {cli:7.1f} ms   target ≤ 500")
    print(f"  Conga, horizon 1 (best of 5):                    {h1:7.1f} ms   target ≤ 10")
    gin = advise(GIN, 2)
    gin_ms = best_ms(lambda: advise(GIN, 2))
    print(
        f"  Gin Rummy, {gin.unseen} unseen, horizon 2 (best of 5):  {gin_ms:7.1f} ms   target ≤ 300"
    )
    exact = {"take": float(gin.chance("take")), "draw": float(gin.chance("draw"))}
    print(f"    exact: take {exact['take']:.4f}, draw {exact['draw']:.4f} -> {gin.advice}")
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("  (RLCard not installed: pip install rlcard for the sampler beside it)")
        return
    print("  Monte Carlo sampler with RLCard's meld code, same Gin position and horizon:")
    for samples in SAMPLES:
        sampler = Sampler(GIN["hand"].split(), GIN["pozo_top"], random.Random(samples))
        started = time.perf_counter()
        take = sampler.chance(True, samples)
        draw = sampler.chance(False, samples)
        ms = (time.perf_counter() - started) * 1e3
        pick = "take" if take > draw else "draw"
        print(
            f"    {samples:5} futures per option: {ms:8.1f} ms ({ms / gin_ms:5.1f}× mazo's exact), "
            f"take {take:.4f} (off by {abs(take - exact['take']):.4f}), "
            f"draw {draw:.4f} (off by {abs(draw - exact['draw']):.4f}) -> {pick}"
        )


if __name__ == "__main__":
    main()
