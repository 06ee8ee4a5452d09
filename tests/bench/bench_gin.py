"""Gin Rummy meld solving: mazo against OpenSpiel (C++) and RLCard (Python) on the same hands.

    pip install ".[bench]" && python tests/bench/bench_gin.py

Parsing is included on every side; each side's time is the best of three runs, in the process's
CPU time (every side runs in this one thread, and a busy machine moves wall time). mazo is timed on
the hands as lists of codes and as one string each. Prints µs per hand, the ratios, and every
disagreement with OpenSpiel's exact 10-card answer. For 11-card hands
the exact answer is the best discard's deadwood; OpenSpiel's own 11-card min_deadwood is a
shortcut that is wrong on some dense hands, so it is compared with the minimum over its eleven
10-card answers, and the misses are counted.
"""

from __future__ import annotations

import gc
import random
import time

import mazo

RANKS = "A23456789TJQK"
DECK = [r + s for s in "SHDC" for r in RANKS]


def random_hands(rng: random.Random, count: int, size: int) -> list[list[str]]:
    return [rng.sample(DECK, size) for _ in range(count)]


def dense_hands(rng: random.Random, count: int, size: int = 10) -> list[list[str]]:
    """Hands drawn from five consecutive ranks: runs and sets cross everywhere."""
    hands = []
    for _ in range(count):
        start = rng.randrange(len(RANKS) - 4)
        pool = [r + s for r in RANKS[start : start + 5] for s in "SHDC"]
        hands.append(rng.sample(pool, size))
    return hands


def timed(fn, hands, repeats=3):
    """The best of a few runs, as timeit does; garbage left by the previous side is collected
    first so that it is not charged to this one."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        answers = fn(hands)
        best = min(best, time.process_time() - start)
    return best / len(hands) * 1e6, answers


def openspiel_ten(hands):
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    return [
        utils.min_deadwood(utils.card_strings_to_card_ints([c[0] + c[1].lower() for c in hand]))
        for hand in hands
    ]


def openspiel_eleven(hands):
    """The exact answer: the best of the eleven 10-card hands left by each discard."""
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    answers = []
    for hand in hands:
        ints = utils.card_strings_to_card_ints([c[0] + c[1].lower() for c in hand])
        answers.append(min(utils.min_deadwood(ints[:i] + ints[i + 1 :]) for i in range(11)))
    return answers


def openspiel_shortcut(hands):
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    return [
        utils.min_deadwood(utils.card_strings_to_card_ints([c[0] + c[1].lower() for c in hand]))
        for hand in hands
    ]


def rlcard_ten(hands):
    from rlcard.games.gin_rummy.utils import melding, utils

    answers = []
    for hand in hands:
        cards = [utils.card_from_text(code) for code in hand]
        clusters = melding.get_best_meld_clusters(cards) or [[]]
        answers.append(min(utils.get_deadwood_count(cards, cluster) for cluster in clusters))
    return answers


def mazo_answers(hands, backend="auto"):
    return [r.deadwood_points for r in mazo.solve_many("gin-rummy", hands, backend=backend)]


def report(name, count, sides, truth):
    """sides: name -> (function, the hands in the form it takes)."""
    print(f"\n{name}: {count} hands")
    times = {}
    for side, (fn, given) in sides.items():
        micro, answers = timed(fn, given)
        times[side] = micro
        wrong = sum(1 for a, b in zip(answers, truth, strict=True) if a != b)
        print(f"  {side:<22} {micro:10.1f} µs/hand   disagreements with exact: {wrong}")
    base = times["openspiel"]
    for side, micro in times.items():
        if side != "openspiel":
            print(f"  {side:<22} {micro / base:8.2f}× OpenSpiel's time")
    print(f"  hands as text: {times['mazo, as text'] / times['mazo']:.2f}× hands as lists")
    if "rlcard" in times:
        print(f"  mazo is {times['rlcard'] / times['mazo']:.1f}× faster than RLCard")


def mazo_sides(hands):
    """mazo on the hands as lists of codes and as strings."""
    return {
        "mazo": (mazo_answers, hands),
        "mazo, as text": (mazo_answers, [" ".join(hand) for hand in hands]),
    }


def main() -> None:
    rng = random.Random(2026)
    # A long-running caller loads the rules and the deck's meld table once: time that apart.
    start = time.perf_counter()
    mazo.solve_many("gin-rummy", random_hands(random.Random(0), 300, 10))
    print(f"once per process: rules and meld table {(time.perf_counter() - start) * 1e3:.1f} ms")
    ten = random_hands(rng, 2000, 10)
    dense = dense_hands(rng, 2000)
    eleven = random_hands(rng, 1000, 11)
    for name, hands in (("random 10-card deals", ten), ("meld-dense 10-card hands", dense)):
        truth = openspiel_ten(hands)
        sides = {"openspiel": (openspiel_ten, hands), "rlcard": (rlcard_ten, hands)}
        sides |= mazo_sides(hands)
        sides["mazo (cpsat backend)"] = (lambda h: mazo_answers(h, "cpsat"), hands)
        report(name, len(hands), sides, truth)
    dense_eleven = dense_hands(rng, 1000, 11)
    for name, hands in (
        ("random 11-card hands, exact best discard", eleven),
        ("meld-dense 11-card hands, exact best discard", dense_eleven),
    ):
        truth = openspiel_eleven(hands)
        sides = {"openspiel": (openspiel_eleven, hands), **mazo_sides(hands)}
        report(name, len(hands), sides, truth)
        shortcut = openspiel_shortcut(hands)
        misses = [h for h, a, b in zip(hands, shortcut, truth, strict=True) if a != b]
        print(f"  OpenSpiel's 11-card shortcut is off the exact answer on {len(misses)} hands")
        for hand in misses[:5]:
            print("   ", " ".join(hand))


if __name__ == "__main__":
    main()
