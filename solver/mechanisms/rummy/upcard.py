"""Oklahoma (Gin Rummy): the hand's first upcard sets the knock limit and may double the hand.

The rule is the spec's `scoring.oklahoma` data: which close the upcard limits, the ranks that
allow gin only (the ace) and the suit that doubles the hand (spades). A game without it, or with
it off, refuses an upcard rather than ignore it.
"""

from __future__ import annotations

import dataclasses

from mazo.solver.cards import Card
from mazo.solver.errors import OptionError
from mazo.solver.messages import titled
from mazo.solver.spec.rulespec import RuleSpec


def oklahoma_on(spec: RuleSpec) -> bool:
    return spec.scoring.oklahoma is not None and spec.scoring.oklahoma.enabled


def upcard_rules(spec: RuleSpec, upcard: Card) -> tuple[RuleSpec, int]:
    """The hand's rules under this upcard, and what its points are multiplied by."""
    rule = spec.scoring.oklahoma
    if rule is None:
        raise OptionError.of("no_oklahoma", game=titled(spec))
    if not rule.enabled:
        raise OptionError.of("oklahoma_off")
    if upcard.is_joker:
        raise OptionError.of("upcard_joker")
    limit = 0 if upcard.rank in rule.gin_only_ranks else spec.value(upcard)
    closes = tuple(
        dataclasses.replace(c, max_deadwood=limit) if c.id == rule.close else c for c in spec.closes
    )
    double = rule.doubling_suit is not None and upcard.suit == rule.doubling_suit
    return dataclasses.replace(spec, closes=closes), 2 if double else 1
