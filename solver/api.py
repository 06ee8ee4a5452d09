"""The library entry points: `solve` one hand, `solve_many` hands under the same rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from mazo.solver.backends import Backend
from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT
from mazo.solver.cards import Card
from mazo.solver.errors import InputError, OptionError, quoted
from mazo.solver.mechanisms.base import Mechanism, R, Result
from mazo.solver.mechanisms.registry import mechanism_of, position_options, require
from mazo.solver.messages import titled
from mazo.solver.spec import load as spec_load
from mazo.solver.spec.reader import seconds
from mazo.solver.spec.rulespec import RuleSpec

# Options of the solve call itself; every other keyword is a rule option of the game. The
# position around the hand (the faced card, the tables, the pozo, the side's score) is each
# mechanism's `position`.
CALL_OPTIONS = ("rules", "time_limit", "backend", "variant", *position_options())


@lru_cache(maxsize=64)
def _cached_spec(
    game: str | None,
    rules: str | None,
    content: bytes | None,
    variant: tuple[tuple[str, Any], ...],
):
    return spec_load.load_spec(game, rules=rules, variant=dict(variant))


def _content(rules: str | None) -> bytes | None:
    """A rules file's bytes: part of the cache key, so an edited file is read again."""
    if rules is None:
        return None
    try:
        return Path(rules).read_bytes()
    except OSError:
        return None  # load_spec reports it


def rules_for(
    game: str | None, *, rules: str | Path | None = None, variant: dict[str, Any] | None = None
) -> RuleSpec:
    """The resolved spec, cached: batch solving loads a game's rules once."""
    key = tuple(
        sorted((str(k).replace("-", "_"), _hashable(v)) for k, v in (variant or {}).items())
    )
    path = str(rules) if rules is not None else None
    return _cached_spec(game, path, _content(path), key)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Separate the call's own options from the game's rule options (the variant). An option
    is named once, whichever of its spellings (`pozo-top`, `pozo_top`) is used."""
    names = [str(k).replace("-", "_") for k in options]
    twice = next((name for name in names if names.count(name) > 1), None)
    if twice is not None:
        raise OptionError.of("option_twice", name=quoted(twice))
    call = {
        k.replace("-", "_"): v for k, v in options.items() if k.replace("-", "_") in CALL_OPTIONS
    }
    given = call.pop("variant", None) or {}
    if not isinstance(given, Mapping):
        raise OptionError.of("variant_mapping", kind=type(given).__name__)
    variant = {str(k).replace("-", "_"): v for k, v in given.items()}
    for key, value in options.items():
        name = key.replace("-", "_")
        if name in CALL_OPTIONS:
            continue
        if name in variant:
            raise OptionError.of("option_given_twice", name=quoted(name))
        variant[name] = value
    return call, variant


def entry_options(
    entry: str, options: dict[str, Any], allowed: Sequence[str] = ()
) -> tuple[dict[str, Any], dict[str, Any]]:
    """split_options for an entry point that takes `rules`, the `variant` and of the call's own
    options only `allowed`: every entry point reads the game's options one way, as keywords or
    in `variant={...}`, and refuses a call option it has no use for."""
    call, variant = split_options(options)
    extra = sorted(k for k, v in call.items() if v is not None and k not in ("rules", *allowed))
    if extra:
        takes = ", ".join(("rules", *allowed, "variant")) + " and the game's options"
        raise OptionError.of("option_not_for", name=repr(extra[0]), entry=entry, takes=takes)
    return call, variant


def load_spec(game: str | None = None, **options: Any) -> RuleSpec:
    """The rules in force, read afresh: `load_spec("conga", deck_size=40)`, or a rules file's
    with `rules=PATH`; the game's options as keywords or in `variant={...}`, as for solve."""
    call, variant = entry_options("load_spec", options)
    return spec_load.load_spec(game, rules=call.get("rules"), variant=variant)


def solve(game: str | None, hand: str | Iterable[str] | Iterable[Card], **options: Any) -> Result:
    """Solve one hand: `solve("conga", "1o 2o 3o 4o 5o 6o 7o 12b", cut_threshold=3)`."""
    call, variant = split_options(options)
    spec = rules_for(game, rules=call.pop("rules", None), variant=variant)
    return solve_with(spec, hand, **call)


def solve_many(
    game: str | None, hands: Iterable[str | Iterable[str | Card]], **options: Any
) -> list[Result]:
    """Solve many hands under the same rules and options."""
    call, variant = split_options(options)
    spec = rules_for(game, rules=call.pop("rules", None), variant=variant)
    return solve_many_with(spec, hands, **call)


def solve_many_with(
    spec: RuleSpec, hands: Iterable[str | Iterable[str | Card]], **call: Any
) -> list[Result]:
    """solve_many under resolved rules; `call` holds solve_with's options. A caller that gets its
    hands one at a time may pass them one at a time: the deck's table still comes once enough
    hands have gone through (see search.BATCH)."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Iterable):
        raise InputError(
            "solve_many takes a list of hands, each a string or a list of codes; got "
            f"{_python(hands)}: give [hand], or call solve"
        )
    # Each hand read once: a hand the batch leaves goes to solve_with as it was given (one that
    # is not a hand at all is refused there, in its place).
    given: list[Any] = [list(h) if _is_stream(h) else h for h in hands]
    answers = mechanism_of(spec).solve_batch(spec, given, call) if given else []
    return [
        answer if answer is not None else solve_with(spec, hand, **call)
        for hand, answer in zip(given, answers, strict=True)
    ]


def _seconds(time_limit: Any) -> float:
    if time_limit is None:
        return DEFAULT_TIME_LIMIT
    try:
        return seconds(time_limit, "time_limit")
    except InputError as error:  # an option of the call
        raise OptionError.of(error.said_in) from None


def solve_with(
    spec: RuleSpec, hand, *, time_limit=None, backend: str = Backend.AUTO, **position: Any
) -> Result:
    """Solve one position under resolved rules, by the spec's mechanism; `position` holds the
    mechanism's own options (the fields of its `position`), None meaning not given."""
    return solve_as(
        mechanism_of(spec), spec, hand, time_limit=time_limit, backend=backend, **position
    )


def solve_as(
    mechanism: Mechanism[R],
    spec: RuleSpec,
    hand,
    *,
    time_limit=None,
    backend: str = Backend.AUTO,
    **position: Any,
) -> R:
    """solve_with for a caller that knows the mechanism: the answer is of its result type,
    and a spec of another mechanism is refused."""
    require(mechanism, spec)
    allowed = mechanism.position_options
    for name, value in position.items():
        if value is not None and name not in allowed:
            raise OptionError.of(
                "not_a_position_option", option=name, game=titled(spec), options=", ".join(allowed)
            )
    cards = _cards(spec, hand)
    limit = _seconds(time_limit)
    at = mechanism.position(**{k: v for k, v in position.items() if v is not None})
    return mechanism.solve(spec, cards, time_limit=limit, backend=backend, at=at)


def _python(value: Any) -> str:
    """A value passed from Python, as Python writes it (a line from JSON is checked before)."""
    return "None" if value is None else quoted(value)


def _is_stream(hand: Any) -> bool:
    """A hand given as a one-pass iterable (a generator): read it into a list once."""
    return isinstance(hand, Iterable) and not isinstance(hand, str | bytes | list | tuple | dict)


def _cards(spec: RuleSpec, hand) -> tuple[Card, ...]:
    """A hand given as one string, codes, Cards or a mix of codes and Cards."""
    if not isinstance(hand, str):
        if not isinstance(hand, Iterable) or isinstance(hand, bytes | dict):
            raise InputError(
                f"a hand is card codes, one string or a list of strings; got {_python(hand)}"
            )
        hand = [spec.deck.code(c) if isinstance(c, Card) else c for c in hand]
    return spec.deck.parse_hand(hand)


def odds(game: str | None, hand: str | Sequence[str], **options: Any):
    """The fastest discard and the expected turns to the cut (the solitaire model: see
    mazo.solver.play.odds): `odds("conga", hand, deck_size=40)`; the game's options as keywords
    or in `variant={...}`, as for solve, and `progress` told how a table's build goes. numpy
    and the tables load only when asked."""
    from mazo.solver.play.odds import odds as table_odds

    progress = options.pop("progress", None)
    call, variant = entry_options("odds", options)
    return table_odds(game, hand, rules=call.get("rules"), variant=variant, progress=progress)
