"""An independent brute-force reference for the rummy solver.

It shares nothing with mazo's meld enumeration or CP-SAT model: meld validity is checked card by
card from the rule data, and the best arrangement is found by trying every way to split the hand.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from mazo.solver.spec.rulespec import RuleSpec


def is_valid(spec: RuleSpec, kind, cards) -> bool:
    """Is this multiset of cards a meld of this kind? Checked directly from the rules."""
    n = len(cards)
    naturals = [c for c in cards if not c.is_joker]
    jokers = n - len(naturals)
    if n < kind.min_len or (kind.max_len is not None and n > kind.max_len):
        return False
    if len(naturals) < kind.min_naturals:
        return False
    if kind.max_jokers is not None and jokers > kind.max_jokers:
        return False
    if kind.shape == "set":
        if len({c.rank for c in naturals}) != 1:
            return False
        suits = [c.suit for c in naturals]
        return not kind.distinct_suits or len(set(suits)) == len(suits)
    if len({c.suit for c in naturals}) != 1:
        return False
    positions = sorted(spec.deck.ranks.index(c.rank) for c in naturals)
    if len(set(positions)) != len(positions):
        return False
    # The jokers fill the gaps and extend the ends, inside the deck's ranks.
    return positions[-1] - positions[0] + 1 <= n <= len(spec.deck.ranks)


def meld_kinds_of(spec: RuleSpec, cards) -> list[str]:
    return [k.id for k in spec.melds if is_valid(spec, k, cards)]


def is_meld(spec: RuleSpec, cards) -> bool:
    return bool(meld_kinds_of(spec, list(cards)))


def splits(spec: RuleSpec, cards) -> set[tuple[int, int]]:
    """Every reachable (loose points, loose cards) over all ways to split the cards into melds."""
    cards = tuple(cards)
    longest = max((k.max_len or len(cards)) for k in spec.melds) if spec.melds else 0

    @cache
    def go(left: frozenset) -> frozenset:
        if not left:
            return frozenset({(0, 0)})
        first = min(left)
        rest = sorted(left - {first})
        value = spec.value(cards[first])
        found = {(d + value, n + 1) for d, n in go(frozenset(rest))}
        # Every group size a spec may allow, down to one card (min_len is at least 1).
        for size in range(min(longest - 1, len(rest)) + 1):
            for others in combinations(rest, size):
                group = [cards[first], *(cards[i] for i in others)]
                if meld_kinds_of(spec, group):
                    found |= go(frozenset(rest) - set(others))
        return frozenset(found)

    return set(go(frozenset(range(len(cards)))))


def min_deadwood(spec: RuleSpec, cards) -> int:
    return min(d for d, _ in splits(spec, cards))


def outcome(spec: RuleSpec, kept, may_cut: bool = True) -> tuple[str | None, int]:
    """(close id or None, loose points) for kept cards, by the spec's precedence of closes."""
    reachable = splits(spec, kept)
    best = min(d for d, _ in reachable)
    if not may_cut:
        return None, best
    jokers = sum(1 for c in kept if c.is_joker)
    for close in spec.closes:
        # A no-discard close (big gin) takes the whole hand after the draw; the others, the
        # resting hand a discard leaves.
        if len(kept) != spec.hand_size + (1 if close.no_discard else 0):
            continue
        # A close's joker limits count every joker kept, in a meld or loose.
        if jokers < close.min_jokers or (
            close.max_jokers is not None and jokers > close.max_jokers
        ):
            continue
        if close.one_meld is not None:
            if is_valid(spec, spec.meld_kind(close.one_meld), list(kept)):
                return close.id, 0
            continue
        fitting = [
            d
            for d, n in reachable
            if (close.max_deadwood is None or d <= close.max_deadwood)
            and (close.max_loose_cards is None or n <= close.max_loose_cards)
        ]
        if fitting:
            return close.id, min(fitting)
    return None, best


def discard_outcomes(spec: RuleSpec, hand, drawn_from_pozo=None) -> dict:
    """Card → (close, points) for every distinct discard of the hand."""
    result = {}
    for card in set(hand):
        kept = list(hand)
        kept.remove(card)
        may_cut = not (spec.forbid_cut_with_pozo_card and card == drawn_from_pozo)
        result[card] = outcome(spec, kept, may_cut)
    return result


def ranked_discards(spec: RuleSpec, hand) -> dict[str, tuple[int, int]]:
    """Card code → (close precedence, loose points) for every distinct discard of the hand: the
    lower, the better."""
    return {
        spec.deck.code(card): (precedence(spec, close), points)
        for card, (close, points) in discard_outcomes(spec, hand).items()
    }


def closes_without_discard(spec: RuleSpec, hand) -> str | None:
    """The close the whole drawn hand makes with no discard (big gin), if any."""
    if not any(c.no_discard for c in spec.closes):
        return None
    return outcome(spec, hand)[0]


def precedence(spec: RuleSpec, close_id: str | None) -> int:
    ids = [c.id for c in spec.closes]
    return ids.index(close_id) if close_id is not None else len(ids)
