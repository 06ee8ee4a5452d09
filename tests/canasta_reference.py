"""A brute-force Canasta Uruguaya reference, independent of the CP-SAT model.

Cards are (rank, suit) pairs, the joker (None, None). Rules as rulebooks/NOTES.md states them: 2s
and jokers are wild; 3s never meld (red 3s are laid aside); a frente is one rank, 3+ cards, 2+
naturals, at most 3 wilds, one per rank per team; a canasta is 7+ cards with 5+ naturals. Every
choice of naturals and wild cards from the hand is tried, and every way of spreading the wilds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

MELD_RANKS = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
VALUE = {1: 20, 2: 20, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 9: 10, 10: 10, 11: 10, 12: 10, 13: 10}


def value(card) -> int:
    return 50 if card[0] is None else VALUE[card[0]]


def is_wild(card) -> bool:
    return card[0] is None or card[0] == 2


@dataclass(frozen=True)
class Rules:
    max_wild: int = 3
    canasta_naturals: int = 5
    single_meld_only: bool = False
    frozen_always: bool = False
    negative_minimum: int = 15
    black3_going_out: bool = False
    # (lowest score, minimum) from the lowest score up; below the first, the negative minimum.
    minimums: tuple[tuple[int, int], ...] = ((0, 50), (1500, 90), (3000, 120))

    @classmethod
    def of(cls, canasta) -> Rules:
        """The switches of a spec's `canasta:` section (its CanastaRules record, data only)."""
        return cls(
            max_wild=canasta.max_wild,
            canasta_naturals=canasta.canasta_naturals,
            single_meld_only=canasta.single_meld_only,
            frozen_always=canasta.frozen_always,
            negative_minimum=canasta.negative_minimum,
            black3_going_out=canasta.black3 == "meldable_going_out",
            minimums=canasta.minimums,
        )


def minimum(score: int, rules: Rules) -> int:
    reached = [need for start, need in rules.minimums if score >= start]
    return reached[-1] if reached else rules.negative_minimum


def is_frente(cards, rules: Rules) -> bool:
    naturals = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(naturals)
    return (
        len(cards) >= 3
        and len({c[0] for c in naturals}) == 1
        and naturals[0][0] in MELD_RANKS
        and len(naturals) >= 2
        and wilds <= rules.max_wild
    )


def is_black3_meld(cards) -> bool:
    return 3 <= len(cards) <= 4 and all(c[0] == 3 and c[1] in ("S", "C") for c in cards)


@lru_cache(maxsize=100_000)
def spread(groups: tuple, wilds: int, rules: Rules) -> tuple[bool, bool]:
    """Can `wilds` wild cards be spread over these (naturals, wilds already, is_new) groups so
    every group is a valid frente; and can it be done with a canasta among them?"""
    if not groups:
        return (wilds == 0, False)
    (nat, old, new), rest = groups[0], groups[1:]
    plain = canasta = False
    for w in range(0, min(wilds, rules.max_wild - old) + 1):
        size = nat + old + w
        if new and (nat < 2 or size < 3):
            continue
        more_plain, more_canasta = spread(rest, wilds - w, rules)
        if more_plain:
            plain = True
            here = size >= 7 and nat >= rules.canasta_naturals
            canasta = canasta or here or more_canasta
    return plain, canasta


@dataclass(frozen=True)
class Outcome:
    points: int
    cards: int
    wilds: int
    left: int
    plain: bool
    canasta: bool
    new_melds: int
    black3: int


def outcomes(hand, table, rules, *, top=None, pile_rest=0, frozen=False):
    """Every play of naturals and wilds from the hand (with the pozo's top card if given)."""
    count = {r: sum(1 for c in hand if c[0] == r) for r in MELD_RANKS}
    jokers = sum(1 for c in hand if c[0] is None)
    twos = sum(1 for c in hand if c[0] == 2)
    threes = sum(1 for c in hand if c[0] == 3)
    black3_melds = [0] + (list(range(3, threes + 1)) if rules.black3_going_out else [])
    old = {}
    for meld in table:
        naturals = [c for c in meld if not is_wild(c)]
        old[naturals[0][0]] = (len(naturals), len(meld) - len(naturals))
    top_rank = top[0] if top else None
    ranks = [r for r in MELD_RANKS if count[r] or r in old or r == top_rank]
    ranges = []
    for r in ranks:
        low = 2 if (top_rank == r and frozen) else 0
        ranges.append([a for a in range(low, count[r] + 1) if r in old or r == top_rank or a != 1])
    for picks, b3 in product(product(*ranges), black3_melds):
        for j in range(jokers + 1):
            for t in range(twos + 1):
                groups = []
                for r, a in zip(ranks, picks, strict=True):
                    extra = 1 if r == top_rank else 0
                    if a or r in old or extra:
                        n, w = old.get(r, (0, 0))
                        groups.append((n + a + extra, w, r not in old))
                plain, canasta = spread(tuple(groups), j + t, rules)
                if not plain:
                    continue
                used = sum(picks) + j + t + b3
                points = sum(VALUE[r] * a for r, a in zip(ranks, picks, strict=True))
                points += 50 * j + 20 * t + 5 * b3
                yield Outcome(
                    points=points + (value(top) if top else 0),
                    cards=used,
                    wilds=j + t,
                    left=len(hand) - used + (pile_rest if top else 0),
                    plain=plain,
                    canasta=canasta,
                    new_melds=sum(1 for g in groups if g[2]),
                    black3=b3,
                )


@dataclass(frozen=True)
class Expected:
    required_minimum: int
    can_open: bool | None
    fewest: tuple | None  # (cards, wilds, points)
    most: int | None  # points of the richest legal play
    can_go_out: bool
    can_take_pozo: bool | None
    pozo_most: int | None
    frozen: bool | None


def legal(o: Outcome) -> bool:
    """A play leaves a card to discard, or goes out with a canasta."""
    return (o.left >= 1 and o.plain) or o.canasta


def plays(hand, table, rules):
    """Every play the hand may make this turn (red 3s are laid aside, not melded)."""
    hand = [c for c in hand if not (c[0] == 3 and c[1] in ("H", "D"))]
    return [o for o in outcomes(hand, table, rules) if allowed(o, rules, opened=bool(table))]


def allowed(o: Outcome, rules: Rules, *, opened: bool) -> bool:
    # Black 3s meld only as part of going out (option black3 = meldable_going_out).
    if o.black3 and not (o.left <= 1 and o.canasta):
        return False
    return opened or not rules.single_meld_only or o.new_melds <= 1


def richest(hand, rules) -> int | None:
    """The most points one turn melds from the hand with nothing on the table, whatever the
    minimum; None when nothing melds."""
    return max(
        (o.points for o in plays(hand, (), rules) if o.cards >= 1 and legal(o)), default=None
    )


def expected(hand, table, score, rules, *, top=None, pile=()) -> Expected:
    hand = [c for c in hand if not (c[0] == 3 and c[1] in ("H", "D"))]
    need = minimum(score, rules)
    opened = bool(table)
    turn = plays(hand, table, rules)
    go_out = any(o.left <= 1 and o.canasta for o in turn)
    if opened:
        can_open, fewest = None, None
        most = max((o.points for o in turn if legal(o)), default=None)
    else:
        openings = [
            o
            for o in turn
            if o.cards >= 1 and ((o.points >= need and legal(o)) or (o.left <= 1 and o.canasta))
        ]
        can_open = bool(openings)
        fewest = min(((o.cards, o.wilds, o.points) for o in openings), default=None)
        most = max((o.points for o in openings), default=None)
    can_take = pozo_most = frozen = None
    if top is not None:
        frozen = not opened or rules.frozen_always or any(is_wild(c) for c in pile)
        can_take, pozo_most = False, None
        if not is_wild(top) and top[0] in MELD_RANKS:
            takes = [
                o.points
                for o in outcomes(hand, table, rules, top=top, pile_rest=len(pile), frozen=frozen)
                if allowed(o, rules, opened=opened) and legal(o) and (opened or o.points >= need)
            ]
            can_take, pozo_most = bool(takes), max(takes, default=None)
    return Expected(need, can_open, fewest, most, go_out, can_take, pozo_most, frozen)
