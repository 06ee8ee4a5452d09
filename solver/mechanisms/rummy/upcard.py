"""Oklahoma (Gin Rummy): the hand's first upcard sets the knock limit and may double the hand.

The rule is the spec's `scoring.oklahoma` data: which close the upcard limits, the ranks that
allow gin only (the ace) and the suit that doubles the hand (spades). A game without it, or with
it off, refuses an upcard rather than ignore it.
"""

from __future__ import annotations

import dataclasses

from mazo.solver.cards import Card, printed
from mazo.solver.errors import OptionError
from mazo.solver.spec.load import RuleSpec


def oklahoma_on(spec: RuleSpec) -> bool:
    return spec.scoring.oklahoma is not None and spec.scoring.oklahoma.enabled


def upcard_rules(spec: RuleSpec, upcard: Card) -> tuple[RuleSpec, int]:
    """The hand's rules under this upcard, and what its points are multiplied by."""
    rule = spec.scoring.oklahoma
    if rule is None:
        raise OptionError(f"{spec.game} has no Oklahoma rule: an upcard changes nothing")
    if not rule.enabled:
        raise OptionError(
            "Oklahoma is off in these rules: an upcard changes nothing "
            "(turn it on with --variant oklahoma=true)"
        )
    if upcard.is_joker:
        raise OptionError("the upcard is a joker: Oklahoma reads a natural card")
    limit = 0 if upcard.rank in rule.gin_only_ranks else spec.value(upcard)
    closes = tuple(
        dataclasses.replace(c, max_deadwood=limit) if c.id == rule.close else c for c in spec.closes
    )
    double = rule.doubling_suit is not None and upcard.suit == rule.doubling_suit
    return dataclasses.replace(spec, closes=closes), 2 if double else 1


def upcard_line(spec: RuleSpec, upcard: Card) -> str:
    """What the upcard did to the hand, in a line (English, as the terminal views speak)."""
    ruled, multiplier = upcard_rules(spec, upcard)
    rule = spec.scoring.oklahoma
    assert rule is not None  # upcard_rules refuses a spec without one
    close = ruled.close(rule.close)
    limit = close.max_deadwood
    verb = spec.cut.names["en"]
    if limit == 0:
        reach = f"no {verb}, gin only"
    else:
        reach = f"{verb} with {limit} loose point{'' if limit == 1 else 's'} or fewer"
    doubled = f"; the hand's points × {multiplier}" if multiplier != 1 else ""
    return f"Oklahoma, upcard {printed(spec.deck.code(upcard))}: {reach}{doubled}"
