"""An independent brute force for `mazo advise`, written from the rules of the decision alone.

It never calls mazo's solver, meld list or batch: every kept hand is judged from every way to
split it into melds, each meld checked card by card by tests/reference.py (and the judgement is
held to reference.outcome's in tests/advise/test_advise.py), every card that can come is tried in
turn, and every chance is counted as an exact Fraction. It returns the same dict as
`Advice.to_dict()`, so a test compares the two field by field.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

from tests import reference


class ReferenceAdvisor:
    """Answers positions of one spec; kept hands are judged once and remembered."""

    def __init__(self, spec):
        self.spec = spec
        self._closes: dict[tuple, tuple[str | None, int]] = {}
        self._cuts: dict[tuple, bool] = {}

    def _sorted(self, cards) -> tuple:
        return tuple(sorted(cards, key=self.spec.deck.sort_key))

    def kept_outcome(self, kept, may_cut: bool = True) -> tuple[str | None, int]:
        """The close (or None) and loose points of kept cards, remembered."""
        key = (self._sorted(kept), may_cut)
        if key not in self._closes:
            self._closes[key] = judge(self.spec, key[0], may_cut)
        return self._closes[key]

    def ranked(self, hand, taken=None) -> list[tuple]:
        """(card, close, points) for each allowed discard of a hand one over the resting size,
        best first: the close's precedence, fewer points, keep the jokers, throw the costlier
        card, then the deck's order. The taken card may be thrown back, but it does not cut."""
        spec = self.spec
        rows = []
        for card in set(hand):
            kept = list(hand)
            kept.remove(card)
            may_cut = not (spec.forbid_cut_with_pozo_card and card == taken)
            close, points = self.kept_outcome(kept, may_cut)
            rows.append((card, close, points))
        rows.sort(
            key=lambda r: (
                reference.precedence(spec, r[1]),
                r[2],
                r[0].is_joker,
                -spec.value(r[0]),
                spec.deck.sort_key(r[0]),
            )
        )
        return rows

    def can_cut(self, hand) -> bool:
        """Drawn blind, any discard may go: does one leave a close? Judged on the whole hand's
        splits, not kept hand by kept hand: a kept hand's split is a split of the whole hand
        with the discard loose, and the best discard of a split is its costliest loose card."""
        key = self._sorted(hand)
        if key not in self._cuts:
            self._cuts[key] = self._cuts_now(key)
        return self._cuts[key]

    def _cuts_now(self, cards: tuple) -> bool:
        spec = self.spec
        for close in kept_closes(spec):
            if close.one_meld is None:
                continue
            for card in set(cards):
                kept = list(cards)
                kept.remove(card)
                if is_one_meld(spec, close, kept):
                    return True
        loose = loose_splits(spec, cards)
        return any(
            count >= 1
            and (close.max_deadwood is None or points - top <= close.max_deadwood)
            and (close.max_loose_cards is None or count - 1 <= close.max_loose_cards)
            for close in kept_closes(spec)
            if close.one_meld is None
            for points, count, top in loose
        )

    def chance_after(self, kept, pool: Counter) -> Fraction:
        """The chance that one blind draw from `pool` lets `kept` cut."""
        size = sum(pool.values())
        if not size:
            return Fraction(0)
        hits = sum(n for card, n in pool.items() if self.can_cut([*kept, card]))
        return Fraction(hits, size)

    def keep(self, hand, taken, pool: Counter, horizon: int) -> dict:
        rows = self.ranked(hand, taken)
        whole = whole_close(self.spec, hand)
        if whole is not None:  # every card melded: the hand ends with no discard (big gin)
            found = {"discard": None, "deadwood_points": whole[1], "can_cut": True}
            found["close"] = whole[0]
            found["fewest_deadwood_points"] = whole[1]
            found["equal_discards"] = []
            chance = None if horizon == 1 else Fraction(1)
            if chance is not None:
                found["cut_by_next_turn"] = float(chance)
                found["cut_by_next_turn_fraction"] = str(chance)
            return found, chance, [(None, whole[0], whole[1]), *rows]
        card, close, points = rows[0]
        chance = None
        # Each row's outcome: its close, loose points and (horizon 2, no cut now) chance.
        outcomes = {c: (cl, pts, None) for c, cl, pts in rows}
        if horizon == 2:
            if close is not None:
                chance = Fraction(1)
            else:
                best = None
                for order, (c, cl, pts) in enumerate(rows):
                    kept = list(hand)
                    kept.remove(c)
                    p = self.chance_after(kept, pool)
                    outcomes[c] = (cl, pts, p)
                    if best is None or (-p, pts, order) < best[0]:
                        best = ((-p, pts, order), (c, cl, pts))
                chance = -best[0][0]
                card, close, points = best[1]
        equal = [c for c, o in outcomes.items() if c != card and o == outcomes[card]]
        found = {
            "discard": self.spec.deck.code(card),
            "deadwood_points": points,
            "can_cut": close is not None,
            "close": close,
            "fewest_deadwood_points": min(r[2] for r in rows),
            "equal_discards": self.spec.deck.codes(sorted(equal, key=self.spec.deck.sort_key)),
        }
        if chance is not None:
            found["cut_by_next_turn"] = float(chance)
            found["cut_by_next_turn_fraction"] = str(chance)
        return found, chance, rows

    def advise(self, hand, pozo=None, seen=(), horizon: int = 2) -> dict:
        spec = self.spec
        deck = spec.deck
        unseen = Counter(deck.all_cards())
        unseen.subtract(hand)
        unseen.subtract(seen)
        if pozo is not None:
            unseen[pozo] -= 1
        unseen = +unseen
        total = sum(unseen.values())
        by_card = []
        cut_cards = 0
        closes = {c.id: 0 for c in spec.closes}
        loose = Fraction(0)
        next_turn = Fraction(0)
        for card in sorted(unseen, key=deck.sort_key):
            copies = unseen[card]
            pool = unseen.copy()
            pool[card] -= 1
            pool = +pool
            found, chance, rows = self.keep([*hand, card], None, pool, horizon)
            by_card.append({"card": deck.code(card), "copies": copies, **found})
            if found["can_cut"]:
                cut_cards += copies
                closes[rows[0][1]] += copies
            loose += copies * found["fewest_deadwood_points"]
            if horizon == 2:
                next_turn += copies * chance
        draw = {
            "cut_now": float(Fraction(cut_cards, total)),
            "cut_now_fraction": str(Fraction(cut_cards, total)),
            "cut_now_cards": cut_cards,
            "expected_deadwood": float(loose / total),
            "expected_deadwood_fraction": str(loose / total),
            "closes": closes,
        }
        p_draw = Fraction(cut_cards, total)
        if horizon == 2:
            p_draw = next_turn / total
            draw["cut_by_next_turn"] = float(p_draw)
            draw["cut_by_next_turn_fraction"] = str(p_draw)
        draw["by_card"] = by_card
        take = None
        advice = "draw"
        if pozo is not None:
            take, chance, _ = self.keep([*hand, pozo], pozo, unseen, horizon)
            p_take = chance if horizon == 2 else Fraction(int(take["can_cut"]))
            if p_take > p_draw or (
                p_take == p_draw and take["fewest_deadwood_points"] < loose / total
            ):
                advice = "take"
        return {
            "game": spec.game,
            "hand": deck.codes(hand),
            "pozo_top": None if pozo is None else deck.code(pozo),
            "seen": deck.codes(seen),
            "unseen": total,
            "horizon": horizon,
            "take": take,
            "draw": draw,
            "advice": advice,
        }


def kept_closes(spec):
    """The closes a hand makes with the cards it keeps after a discard; a close made without
    a discard (big gin) is not among them: the player's choice is a discard."""
    return [c for c in spec.closes if not c.no_discard]


def whole_close(spec, hand) -> tuple[str, int] | None:
    """A close made with every card and no discard (big gin), first in the spec's precedence,
    with its fewest loose points; None when the hand makes none."""
    if len(hand) != spec.hand_size + 1:
        return None
    reachable = {(points, count) for points, count, _ in loose_splits(spec, hand)}
    for close in spec.closes:
        if not close.no_discard:
            continue
        fitting = fewest_within(close, reachable)
        if fitting is not None:
            return close.id, fitting
    return None


def judge(spec, kept, may_cut: bool = True) -> tuple[str | None, int]:
    """(close id or None, loose points) of kept cards: the first close of the spec's precedence
    they make, with the fewest points that close allows; else no close and the fewest points."""
    reachable = {(points, count) for points, count, _ in loose_splits(spec, kept)}
    fewest = min(points for points, _ in reachable)
    if not may_cut or len(kept) != spec.hand_size:
        return None, fewest
    for close in kept_closes(spec):
        if close.one_meld is not None:
            if is_one_meld(spec, close, kept):
                return close.id, 0
            continue
        fitting = fewest_within(close, reachable)
        if fitting is not None:
            return close.id, fitting
    return None, fewest


def fewest_within(close, reachable) -> int | None:
    """The fewest loose points among the (points, cards) splits the close's limits allow."""
    fitting = [
        points
        for points, count in reachable
        if (close.max_deadwood is None or points <= close.max_deadwood)
        and (close.max_loose_cards is None or count <= close.max_loose_cards)
    ]
    return min(fitting, default=None)


def is_one_meld(spec, close, kept) -> bool:
    """The kept cards are the single meld a close such as a conga or chinchón asks for."""
    jokers = sum(1 for c in kept if c.is_joker)
    return (
        reference.is_valid(spec, spec.meld_kind(close.one_meld), list(kept))
        and jokers >= close.min_jokers
        and (close.max_jokers is None or jokers <= close.max_jokers)
    )


def loose_splits(spec, cards) -> set[tuple[int, int, int]]:
    """(loose points, loose cards, costliest loose card's value) over every split of the cards
    into melds and loose cards."""
    longest = max((k.max_len or len(cards)) for k in spec.melds)

    @cache
    def go(left: frozenset) -> frozenset:
        if not left:
            return frozenset({(0, 0, 0)})
        first = min(left)
        rest = left - {first}
        value = spec.value(cards[first])
        found = {(p + value, n + 1, max(t, value)) for p, n, t in go(rest)}
        # A meld is one suit or one rank: only such cards (and jokers) can join the first.
        mates = sorted(i for i in rest if _may_share_meld(cards[first], cards[i]))
        for size in range(2, min(longest - 1, len(mates)) + 1):
            for others in combinations(mates, size):
                if reference.meld_kinds_of(spec, [cards[first], *(cards[i] for i in others)]):
                    found |= go(rest - set(others))
        return frozenset(found)

    return set(go(frozenset(range(len(cards)))))


def _may_share_meld(a, b) -> bool:
    return a.is_joker or b.is_joker or a.suit == b.suit or a.rank == b.rank
