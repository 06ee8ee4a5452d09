"""Melds and lay-offs as a player laid them down, judged against the best the cards allow.

A closer may lay down any best split of the kept cards, and a rival any best acomodo: the
rules ask for the fewest loose points, not for mazo's own choice among equal ones. These
functions take what was laid down (a game record's melds and lay-offs), check that it is
valid and as good as the best, and give it in the form the scoring code counts
(`Arrangement`, `Acomodo`), so a round is scored from the cards as they lie on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT, fits
from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError
from mazo.solver.mechanisms.rummy.acomodo import Acomodo, Extension, best_acomodo
from mazo.solver.mechanisms.rummy.analysis import Arrangement, HandSolver
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.spec.rulespec import RuleSpec


def readings(spec: RuleSpec, cards: Sequence[Card]) -> tuple[Meld, ...]:
    """Every valid meld made of exactly these cards: none when they make no meld, one as a rule;
    with jokers a run and a set may share their cards (one reading of each kind)."""
    counts = Counter(cards)
    return tuple(m for m in candidate_melds(spec, cards) if m.counts() == counts)


def _codes(spec: RuleSpec, cards) -> str:
    return " ".join(spec.deck.codes(cards))


def _kind(spec: RuleSpec, kind: str) -> Callable[[str], str]:
    """A kind of meld in each language: in English its id, as the referee's findings have
    always said it (the JSON of `mazo replay --check` holds them); elsewhere its name."""
    return lambda lang: kind if lang == "en" else spec.meld_kind(kind).names[lang]


def laid_split(
    spec: RuleSpec, kept: Sequence[Card], melds: Sequence[Meld], fewest: int
) -> Arrangement:
    """The closer's kept cards as laid down in these melds, the rest loose, if they leave the
    fewest loose points the close allows (`fewest`, the points of its best split). Which close
    the cards make is the cards' own: a conga may be shown as two runs that join."""
    left = Counter(kept)
    for meld in melds:
        if not fits(meld, left):
            extra = meld.counts() - left
            raise IllegalHandError.of("laid_beyond", cards=_codes(spec, extra.elements()))
        left -= meld.counts()
    loose = tuple(sorted(left.elements(), key=spec.deck.sort_key))
    deadwood = sum(spec.value(c) for c in loose)
    if deadwood != fewest:
        raise IllegalHandError.of(
            "laid_not_best", points=deadwood, cards=_codes(spec, loose), fewest=fewest
        )
    return Arrangement(
        melds=tuple(melds), loose=loose, deadwood=deadwood, optimal=True, deadwood_bound=deadwood
    )


def laid_acomodo(
    spec: RuleSpec,
    hand: Sequence[Card],
    table: Sequence[Meld],
    lay_offs: Sequence[tuple[int, Sequence[Card]]],
    loose: Sequence[Card] | None = None,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Acomodo:
    """A rival's acomodo as laid: these cards onto the closer's melds (by index into `table`,
    the melds as the rival found them), its other cards in its own best melds, `loose` (when
    given) what those leave. It must leave as few loose points as the best acomodo."""
    allow_joker = spec.scoring.acomodo.allow_joker
    left = Counter(hand)
    added: dict[int, Counter[Card]] = {}
    for onto, cards in lay_offs:
        if not 0 <= onto < len(table):
            raise IllegalHandError.of("laid_onto", onto=onto, count=len(table))
        if not allow_joker and any(c.is_joker for c in cards):
            raise IllegalHandError.of("laid_joker")
        need = Counter(cards)
        if not need <= left:
            raise IllegalHandError.of(
                "laid_not_in_hand", cards=_codes(spec, (need - left).elements())
            )
        left -= need
        added[onto] = added.get(onto, Counter()) + need
    grown = tuple(sorted((i, _extension(spec, table[i], cards)) for i, cards in added.items()))
    rest = list(left.elements())
    own = _own(spec, rest, time_limit)
    best = best_acomodo(spec, hand, table, allow_joker=allow_joker, time_limit=time_limit)
    if own.deadwood > best.deadwood:
        raise IllegalHandError.of("laid_keeps", points=own.deadwood, best=best.deadwood)
    kept = own if loose is None else _left_loose(spec, rest, loose, own.deadwood, time_limit)
    return Acomodo(
        melds=kept.melds,
        lay_offs=grown,
        loose=kept.loose,
        deadwood=kept.deadwood,
        optimal=own.optimal and best.optimal,
    )


def _extension(spec: RuleSpec, meld: Meld, cards: Counter[Card]) -> Extension:
    """The meld these cards grow: valid, and of the meld's kind."""
    grown = [m for m in readings(spec, [*meld.cards, *cards.elements()]) if m.kind == meld.kind]
    laid = tuple(sorted(cards.elements(), key=spec.deck.sort_key))
    if not grown:
        raise IllegalHandError.of(
            "laid_no_fit",
            cards=_codes(spec, laid),
            meld=_codes(spec, meld.cards),
            kind=_kind(spec, meld.kind),
        )
    return Extension(added=laid, meld=grown[0])


def _own(spec: RuleSpec, cards: list[Card], time_limit: float) -> Arrangement:
    """The fewest loose points these cards leave in melds of their own."""
    if not cards:
        return Arrangement(melds=(), loose=(), deadwood=0, optimal=True, deadwood_bound=0)
    best = HandSolver(spec, cards, time_limit=time_limit).best(cards)
    assert best is not None  # without limits some arrangement always exists
    return best


def _left_loose(
    spec: RuleSpec, rest: list[Card], loose: Sequence[Card], fewest: int, time_limit: float
) -> Arrangement:
    """The rival's own melds when `loose` is what they leave: the other cards all melded, and
    the loose points the fewest."""
    left = Counter(rest)
    if not Counter(loose) <= left:
        extra = _codes(spec, (Counter(loose) - left).elements())
        raise IllegalHandError.of("laid_loose_not_kept", cards=extra)
    left -= Counter(loose)
    points = sum(spec.value(c) for c in loose)
    if points != fewest:
        raise IllegalHandError.of("laid_loose_points", points=points, fewest=fewest)
    melded = list(left.elements())
    melds: tuple[Meld, ...] = ()
    if melded:
        found = HandSolver(spec, melded, time_limit=time_limit).best(melded, max_loose_cards=0)
        if found is None:
            raise IllegalHandError.of("laid_no_melds", cards=_codes(spec, melded))
        melds = found.melds
    shown = tuple(sorted(loose, key=spec.deck.sort_key))
    return Arrangement(
        melds=melds, loose=shown, deadwood=points, optimal=True, deadwood_bound=points
    )
