"""Which worksheet kinds a game offers under the rules in force: the one list `mazo puzzles`
takes and the rulebook's Practice chapter prints (what each kind asks is in wording.py)."""

from __future__ import annotations

from mazo.solver.messages import Told
from mazo.solver.play.odds import refusal
from mazo.solver.spec.rulespec import RuleSpec


def offered_kinds(spec: RuleSpec) -> list[str]:
    """The puzzle kinds the game's spec lists under `puzzles: kinds:`."""
    return list(spec.puzzle_kinds)


def available_kinds(spec: RuleSpec) -> list[str]:
    """The offered kinds whose puzzles can happen under the rules in force."""
    return [kind for kind in offered_kinds(spec) if unavailable(spec, kind) is None]


def unavailable(spec: RuleSpec, kind_id: str) -> str | None:
    """Why no puzzle of this kind can happen under these rules, or None."""
    if kind_id == "acomodo":
        return _cannot_happen(spec)
    if kind_id == "fastest-discard":  # its answers are mazo odds' table's
        return refusal(spec)
    return None


def _cannot_happen(spec: RuleSpec) -> str | None:
    """Why no hand ever ends in a close that lets rivals lay off, or None if one can.

    A lay-off close is out of reach when an earlier close (closes are tried in order) asks
    only for as few loose points or fewer: every hand that qualifies is taken by that one.
    """
    lay_off = [c for c in spec.closes if c.lay_off]
    if not lay_off:
        return Told("no_lay_off_close")
    for close in lay_off:
        earlier = spec.closes[: spec.closes.index(close)]
        shadow = next((e for e in earlier if _takes_all(e, close)), None)
        if shadow is None:
            return None
    close = lay_off[-1]
    assert shadow is not None  # the loop returned at any close without one
    rule = next(
        (
            Told("the_option_set", name=o.name, value=spec.chosen[o.name])
            for o in spec.options
            if o.path == ("closes", close.id, "max_deadwood")
        ),
        f"closes.{close.id}.max_deadwood: {close.max_deadwood}",
    )
    return Told("lay_off_shadowed", rule=rule, close=close.id, first=shadow.id)


def _takes_all(first, then) -> bool:
    """Every hand `then` accepts is accepted by `first`, an unconditional loose-points close."""
    return (
        first.one_meld is None
        and first.min_jokers == 0
        and first.max_jokers is None
        and first.max_loose_cards is None
        and first.max_deadwood is not None
        and then.max_deadwood is not None
        and then.max_deadwood <= first.max_deadwood
    )
