"""How kept cards close a hand: what a close asks, which close wins, how discards rank and what
a close scores. The one definition every back end and command follows; the compiled search
receives it as data (search.py) and answers only hands whose closes it can test itself.

A spec lists its closes best first: the first close the kept cards make is the one they make.
A close with `no_discard` (Gin's big gin) takes the whole hand after the draw instead of the
cards kept after a discard; a hand that makes one closes without a discard, before any discard
is ranked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.spec.rulespec import Close, RuleSpec

# What a close asks of the kept cards (all of them must hold):
#   one_meld         the kept cards are one meld of this kind, nothing loose;
#   min_jokers,      the kept cards hold at least / at most this many jokers, wherever they lie
#   max_jokers       (in a meld or loose): the jokers a player closes with;
#   max_deadwood     some split of the kept cards leaves at most this many loose points;
#   max_loose_cards  ... and at most this many loose cards;
#   no_discard       the cards are the whole hand after the draw (one over the resting size),
#                    and the hand ends without a discard.
REQUIREMENTS = (
    "one_meld",
    "min_jokers",
    "max_jokers",
    "max_deadwood",
    "max_loose_cards",
    "no_discard",
)
# What a close gives. None of these decides whether kept cards make it. Every Close field is
# one or the other (tests/solve/test_closes.py holds it so).
AWARDS = ("id", "names", "score", "effect", "lay_off")
# A requirement at this value asks nothing (None: any).
_FREE = {"min_jokers": 0, "no_discard": False}


def requirements(close: Close) -> dict[str, Any]:
    """The requirements that bind, by name: each one a test of HandSolver._meets, and of the
    compiled search where its CLOSE_TESTS name it."""
    found = {}
    for name in REQUIREMENTS:
        value = getattr(close, name)
        if value is not None and value != _FREE.get(name):
            found[name] = value
    return found


def held(spec: RuleSpec, close: Close) -> int:
    """How many cards the close takes: the resting hand, or the whole hand after the draw."""
    return spec.hand_size + close.no_discard


def jokers_fit(close: Close, jokers: int) -> bool:
    """Does the number of jokers kept allow this close?"""
    return close.min_jokers <= jokers and (close.max_jokers is None or jokers <= close.max_jokers)


def covers(earlier: Close, later: Close) -> bool:
    """Does every hand that makes `later` make `earlier` too? Then `later`, tried after it, is
    never reached: each requirement of `earlier` asks no more than the same one of `later`."""
    return all(
        _ASKS_NO_MORE[name](getattr(earlier, name), getattr(later, name)) for name in REQUIREMENTS
    )


def _at_most(bound: int | None, other: int | None) -> bool:
    """Does the upper bound `bound` (None: none) allow everything `other` allows?"""
    return bound is None or (other is not None and other <= bound)


# For each requirement: does the earlier close's value ask no more than the later one's? Every
# name of REQUIREMENTS is here, so a new requirement cannot be left out of `covers`.
_ASKS_NO_MORE = {
    "one_meld": lambda earlier, later: earlier is None or earlier == later,
    "min_jokers": lambda earlier, later: earlier <= later,
    "max_jokers": _at_most,
    "max_deadwood": _at_most,
    "max_loose_cards": _at_most,
    # A close on the whole hand after the draw and one on the cards kept after a discard judge
    # different cards: neither answers for the other.
    "no_discard": lambda earlier, later: earlier == later,
}


def reachable(spec: RuleSpec) -> list[Close]:
    """The closes some hand can make, best first: not covered by an earlier close, and not
    needing a joker in a deck without any."""
    found: list[Close] = []
    for close in spec.closes:
        if close.min_jokers and not spec.deck.jokers:
            continue
        if not any(covers(earlier, close) for earlier in found):
            found.append(close)
    return found


def precedence(spec: RuleSpec, close: Close | str | None) -> int:
    """A close's place in the spec's order (0 is best); no close comes after every close."""
    ids = [c.id for c in spec.closes]
    if close is None:
        return len(ids)
    return ids.index(close if isinstance(close, str) else close.id)


def throw_key(spec: RuleSpec, card: Card) -> tuple:
    """Between discards with equal outcomes: keep the jokers, throw the costlier card, then
    canonical card order."""
    return (card.is_joker, -spec.value(card), spec.deck.sort_key(card))


def throw_ranks(spec: RuleSpec, cards: Sequence[Card]) -> list[int]:
    """Each card's place in throw_key order: the tie-break as numbers, for the compiled search."""
    ranks = [0] * len(cards)
    for place, i in enumerate(sorted(range(len(cards)), key=lambda i: throw_key(spec, cards[i]))):
        ranks[i] = place
    return ranks


def discard_key(spec: RuleSpec, card: Card, close: Close | None, deadwood: int) -> tuple:
    """How a discard ranks (lowest first): the close its kept cards make, then fewer loose
    points, then throw_key."""
    return (precedence(spec, close), deadwood, throw_key(spec, card))


def score_rule(close: Close) -> tuple[bool, int | str | None]:
    """(True, None) when the close scores the closer's loose points, else (False, what it
    scores): a number of points, or an effect such as winning the match."""
    if close.effect is not None:
        return False, close.effect
    if close.score == "deadwood":
        return True, None
    return False, close.score


def score(close: Close | None, deadwood: int) -> int | str | None:
    """What a close scores with these loose points; None when there is no close."""
    if close is None:
        return None
    loose, fixed = score_rule(close)
    return deadwood if loose else fixed
