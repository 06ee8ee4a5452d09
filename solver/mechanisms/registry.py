"""The mechanisms by name: a spec's `mechanism:` names one of these instances.

No other module compares a mechanism: a caller asks the instance (see base.Mechanism) for what
it needs. A new mechanism is one subpackage, whose `__init__` exports its `MECHANISM`, and one
name below.
"""

from __future__ import annotations

import dataclasses
from types import ModuleType
from typing import TYPE_CHECKING, Any

from mazo.solver.errors import OptionError
from mazo.solver.mechanisms import canasta, conquian, rummy
from mazo.solver.mechanisms.base import HandScoring, Mechanism
from mazo.solver.messages import Told, said

if TYPE_CHECKING:
    from mazo.solver.spec.reader import Reader
    from mazo.solver.spec.rulespec import RuleSpec

RUMMY = rummy.MECHANISM
MECHANISMS: dict[str, Mechanism[Any]] = {
    m.name: m for m in (RUMMY, conquian.MECHANISM, canasta.MECHANISM)
}


def own_module(namespace: str, module: str) -> ModuleType | None:
    """The module `module` of the mechanism named `namespace` (the words and messages it keeps
    under its name), or None where no mechanism has that name."""
    mechanism = MECHANISMS.get(namespace)
    return mechanism.own(module) if mechanism is not None else None


def mechanism_of(spec: RuleSpec) -> Mechanism[Any]:
    return MECHANISMS[spec.mechanism]


def require(mechanism: Mechanism[Any], spec: RuleSpec) -> None:
    """Refuse a spec of another mechanism: a caller that names the mechanism it solves for gets
    that mechanism's result."""
    if MECHANISMS[spec.mechanism] is not mechanism:
        raise OptionError.of("not_this_mechanism", game=spec.game, mechanism=mechanism.name)


def lacking_tables(mechanism: Mechanism[Any]) -> dict[str, str]:
    """The rulebook tables a game of `mechanism` has no content for, each with why: those only
    another mechanism has."""
    return {
        table: Told(why)
        for other in MECHANISMS.values()
        if other is not mechanism
        for table, why in other.own_tables.items()
    }


def side_games() -> str:
    """The games whose score sheets give a side's cards as a mapping of fields."""
    return ", ".join(m.label for m in MECHANISMS.values() if m.side_fields)


def position_fields() -> dict[str, dataclasses.Field[Any]]:
    """Every mechanism's position fields by name, in the order of the mechanisms and of their
    fields; a field two mechanisms share is the first's."""
    found: dict[str, dataclasses.Field[Any]] = {}
    for mechanism in MECHANISMS.values():
        for f in dataclasses.fields(mechanism.position):
            found.setdefault(f.name, f)
    return found


def position_help(name: str, lang: str) -> str:
    """The help of the position option `name` in `lang`: after the label of every mechanism
    that has it, the text of the first that gives one."""
    having = [m for m in MECHANISMS.values() if name in m.position_options]
    texts = [_help_of(m.position, name) for m in having]
    return _labelled([m.label for m in having], next(h for h in texts if h)[lang])


def scoring_help(scoring: HandScoring, name: str, lang: str) -> str:
    """The help of the `mazo score` option of the field `name` in `lang`, after the label of
    the mechanism whose count it is."""
    return _labelled([MECHANISMS[scoring.kind].label], _help_of(scoring.hand, name)[lang])


def help_parts(key: str, lang: str) -> list[str]:
    """What each mechanism adds to the help text `key` in `lang`, in the registry's order."""
    return [m.help_parts[key][lang] for m in MECHANISMS.values() if key in m.help_parts]


def _help_of(fields: type, name: str) -> Any:
    return next(f for f in dataclasses.fields(fields) if f.name == name).metadata["help"]


def _labelled(labels: list[str], text: str) -> str:
    """An option's help after the games it is for ("NAME, NAME: ..."), where they are named."""
    named = ", ".join(label for label in labels if label)
    return f"{named}: {text}" if named else text


def position_options() -> tuple[str, ...]:
    """Every mechanism's position options, sorted: all of them are options of a solve call."""
    return tuple(sorted(position_fields()))


def scorings() -> dict[str, HandScoring]:
    """Every kind of `mazo score` counting by its kind, in the order of the mechanisms (two
    may count their hands alike)."""
    found: dict[str, HandScoring] = {}
    for mechanism in MECHANISMS.values():
        scoring = mechanism.scoring()
        found.setdefault(scoring.kind, scoring)
    return found


def read_mechanism(r: Reader) -> Mechanism[Any]:
    """The spec's `mechanism:` (rummy unless named); another mechanism's section is refused."""
    mechanism = MECHANISMS[r.word(("mechanism",), RUMMY.name, choices=tuple(MECHANISMS))]
    for other in MECHANISMS.values():
        if r.has((other.section,)) and other is not mechanism:
            raise r.fail(
                (other.section,),
                said("section_needs_mechanism", section=other.section, mechanism=other.name),
            )
    return mechanism
