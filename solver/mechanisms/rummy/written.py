"""A hand's score from the cards as `mazo score` takes them: the closer's cards and name, and
each rival as NAME=CARDS in turn order."""

from __future__ import annotations

from collections.abc import Sequence

from mazo.solver.errors import OptionError, quoted
from mazo.solver.match.sheet import one_line_name
from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.messages import Told, titled
from mazo.solver.spec.rulespec import RuleSpec


def parse_rivals(items: Sequence[str] | None) -> list[tuple[str, str]]:
    """`NAME=CARDS` pairs, in the order given (the turn order after the cutter)."""
    found = []
    for item in items or []:
        name, sep, cards = item.partition("=")
        if not sep or not name.strip():
            raise OptionError.of("rival_pair", item=quoted(item))
        found.append((one_line_name(name.strip()), cards))
    return found


def score_written(
    spec: RuleSpec,
    *,
    cutter: str | None,
    rivals: Sequence[str] | None,
    cutter_name: str | None,
    drawn_from_pozo: str | None,
    upcard: str | None,
) -> RoundScore:
    """The hand's score: `cutter` the closer's cards, `rivals` NAME=CARDS pairs."""
    if cutter is None:
        raise OptionError.of("cutter_needed", game=titled(spec))
    others = [(name, spec.deck.parse_hand(cards)) for name, cards in parse_rivals(rivals)]
    return score_round(
        spec,
        (
            # Unnamed, the cutter is "cutter" in JSON and named in the language everywhere else.
            _unnamed(spec) if cutter_name is None else one_line_name(cutter_name.strip()),
            spec.deck.parse_hand(cutter),
        ),
        others,
        drawn_from_pozo=spec.deck.parse_card(drawn_from_pozo) if drawn_from_pozo else None,
        upcard=spec.deck.parse_card(upcard) if upcard is not None else None,
    )


def _unnamed(spec: RuleSpec) -> Told:
    """The cutter without a name: "cutter" in JSON, the knocker in Gin's views."""
    return Told.known_as("cutter", "unnamed_knocker" if spec.puzzle_deadwood else "unnamed_cutter")
