"""An independent brute-force reference for the acomodo (lay-offs after a corte con puntos).

It knows nothing of candidate_melds or CP-SAT: meld validity comes from tests/reference.py (checked
card by card from the spec's meld limits), every lay-off of the rival's cards onto the closer's
melds is tried with every partition of the rest, and rules A12/A13 (rulebooks/NOTES.md) are
applied by hand.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, product

from mazo.solver.spec.rulespec import RuleSpec

from tests import reference

_SOLVED: dict = {}


def best_loose(spec: RuleSpec, cards) -> tuple[int, frozenset[tuple[str, ...]]]:
    """Fewest loose points of these cards and every loose multiset (sorted codes) that gets it."""
    codes = tuple(sorted(spec.deck.code(c) for c in cards))
    # Keyed by the spec's identity, which the entry keeps alive: a spec read from a rules file
    # has no name to load it again by.
    key = (id(spec), codes)
    if key not in _SOLVED:
        _SOLVED[key] = (spec, _best_loose(spec, codes))
    return _SOLVED[key][1]


def _best_loose(spec, codes):
    cards = spec.deck.parse_hand(list(codes)) if codes else ()
    n = len(cards)
    melds = [
        mask
        for mask in range(1, 1 << n)
        if mask.bit_count() >= 3
        and reference.is_meld(spec, [cards[i] for i in range(n) if mask >> i & 1])
    ]

    @cache
    def rest(mask):
        if mask == 0:
            return 0, frozenset({()})
        low = mask & -mask
        i = low.bit_length() - 1
        d, tails = rest(mask & ~low)
        best = d + spec.value(cards[i])
        found = {tuple(sorted((codes[i], *t))) for t in tails}
        for meld in melds:
            if meld & low and meld & mask == meld:
                d, tails = rest(mask & ~meld)
                if d < best:
                    best, found = d, set(tails)
                elif d == best:
                    found |= tails
        return best, frozenset(found)

    return rest((1 << n) - 1)


def min_deadwood(spec: RuleSpec, cards) -> int:
    return best_loose(spec, cards)[0]


def _additions(spec, hand, meld_cards, kinds, allow_joker):
    """Every set of hand cards that grows this meld into one of its kinds, in the optimiser's
    tie order: nothing first, then fewer cards, then the lower cards."""
    options = {()}
    for size in range(1, len(hand) + 1):
        for added in combinations(hand, size):
            if not allow_joker and any(c.is_joker for c in added):
                continue
            if any(reference.is_valid(spec, kind, [*meld_cards, *added]) for kind in kinds):
                options.add(tuple(sorted(added, key=spec.deck.sort_key)))
    return sorted(options, key=lambda a: (len(a) > 0, len(a), [spec.deck.sort_key(c) for c in a]))


def layoffs(spec: RuleSpec, hand, table, kinds, allow_joker):
    """Every legal lay-off: (cards added per meld, its options' ranks, the cards left in hand).
    `kinds` gives, per table meld, the meld kinds it may grow into."""
    hand = list(hand)
    per_meld = [
        list(enumerate(_additions(spec, hand, meld, meld_kinds, allow_joker)))
        for meld, meld_kinds in zip(table, kinds, strict=True)
    ]
    for choice in product(*per_meld):
        used = Counter(c for _, added in choice for c in added)
        if used - Counter(hand):
            continue
        rest = list((Counter(hand) - used).elements())
        yield tuple(added for _, added in choice), tuple(rank for rank, _ in choice), rest


def reference_acomodo(spec: RuleSpec, hand, table, kinds, allow_joker):
    """(loose points, cards added per closer's meld) — the best by the optimiser's tie rule."""
    best = None
    for added, ranks, rest in layoffs(spec, hand, table, [[k] for k in kinds], allow_joker):
        key = (min_deadwood(spec, rest), ranks)
        if best is None or key < best[0]:
            best = (key, added)
    (loose, _), added = best
    return loose, added


def reference_layoff(spec: RuleSpec, hand, table, allow_joker):
    """(fewest loose points, every loose multiset achieving it) over all lay-offs and partitions."""
    kinds = [[spec.meld_kind(k) for k in reference.meld_kinds_of(spec, list(m))] for m in table]
    best, winners = None, set()
    for _, _, rest in layoffs(spec, hand, table, kinds, allow_joker):
        d, loose = best_loose(spec, rest)
        if best is None or d < best:
            best, winners = d, set(loose)
        elif d == best:
            winners |= loose
    return best, winners


def right_layoffs(spec: RuleSpec, hand, table, allow_joker):
    """Every lay-off leaving the fewest loose points, each as {closer's meld number (from 1):
    the sorted codes laid on it}, in a set of sorted item tuples."""
    kinds = [[spec.meld_kind(k) for k in reference.meld_kinds_of(spec, list(m))] for m in table]
    found: dict[int, set] = {}
    for added, _, rest in layoffs(spec, hand, table, kinds, allow_joker):
        laid = tuple(
            (i + 1, tuple(sorted(spec.deck.code(c) for c in cards)))
            for i, cards in enumerate(added)
            if cards
        )
        found.setdefault(min_deadwood(spec, rest), set()).add(laid)
    return found[min(found)]


def jokers_stand_for(spec: RuleSpec, cards) -> list[tuple[int, str]]:
    """What each joker of a meld in table order stands for: in a run, the rank index its place
    gives in its naturals' suit; a set's jokers stand for no one card."""
    naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if len({c.rank for _, c in naturals}) <= 1:
        return []
    at, first = naturals[0]
    start = spec.deck.rank_index(first.rank) - at
    return [(start + i, first.suit) for i, c in enumerate(cards) if c.is_joker]


def reference_round(spec, closer_melds, closer_loose, rivals, *, cumulative=True, allow_joker=True):
    table = [list(m.cards) for m in closer_melds]
    kinds = [spec.meld_kind(m.kind) for m in closer_melds]
    answers = []
    for hand in rivals:
        loose, added = reference_acomodo(spec, hand, table, kinds, allow_joker)
        answers.append((loose, added))
        if cumulative:
            table = [[*t, *a] for t, a in zip(table, added, strict=True)]
    passers = [i for i, (loose, _) in enumerate(answers) if loose <= closer_loose]
    closer_points = closer_loose + 10 if passers else closer_loose
    points = [0 if i in passers else loose for i, (loose, _) in enumerate(answers)]
    return answers, closer_points, points
