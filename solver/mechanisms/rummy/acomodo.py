"""Acomodo (laying off): a rival's best use of its cards, own melds and the closer's melds together.

Rule A12 (rulebooks/NOTES.md): a rival may add cards to the closer's melds (never to another
rival's) as long as each meld stays valid as a set of cards; jokers may be laid off unless the
spec forbids it; a joker already on the table is never taken back. The rival's own melds are
chosen jointly with its lay-offs, to leave the fewest loose points. With `cumulative` lay-offs the
next rival sees the melds as the previous one left them.

Ties between equally good choices change what the next rival can do, so they are broken by a
stated rule: for the closer's melds in order, lay off as little as possible (fewest cards, then
the first in canonical card order).
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT, Term, fits, lexicographic, run
from mazo.solver.cards import Card
from mazo.solver.errors import SolverError
from mazo.solver.mechanisms.rummy.acomodo_search import only_best
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.spec.rulespec import RuleSpec


@dataclass(frozen=True, slots=True)
class Extension:
    """Cards added to one of the closer's melds, and the meld they make."""

    added: tuple[Card, ...]
    meld: Meld


@dataclass(frozen=True, slots=True)
class Acomodo:
    """One rival's answer: own melds, lay-offs (closer's meld index → extension), loose cards."""

    melds: tuple[Meld, ...]
    lay_offs: tuple[tuple[int, Extension], ...]
    loose: tuple[Card, ...]
    deadwood: int
    optimal: bool

    def table_after(self, table: Sequence[Meld]) -> tuple[Meld, ...]:
        """The closer's melds once this rival's lay-offs are on them."""
        grown = dict(self.lay_offs)
        return tuple(grown[i].meld if i in grown else m for i, m in enumerate(table))


def extensions(
    spec: RuleSpec, meld: Meld, hand: Sequence[Card], *, allow_joker: bool = True
) -> list[Extension]:
    """Every way these hand cards can grow this meld into a valid meld of its kind, in tie order."""
    base = meld.counts()
    found = []
    for grown in candidate_melds(spec, [*meld.cards, *_joining(spec, meld, hand)], meld.kind):
        if len(grown) <= len(meld) or not fits(meld, grown.counts()):
            continue
        added = grown.counts() - base
        if not allow_joker and any(c.is_joker for c in added):
            continue
        added_cards = tuple(sorted(added.elements(), key=spec.deck.sort_key))
        found.append(Extension(added=added_cards, meld=grown))
    found.sort(key=lambda e: (len(e.added), [spec.deck.sort_key(c) for c in e.added]))
    return found


def _joining(spec: RuleSpec, meld: Meld, hand: Sequence[Card]) -> list[Card]:
    """The hand's cards a meld grown from this one can hold: the jokers, and the cards of its
    suit (a run) or of its rank (a set). From these and the meld's cards candidate_melds lists
    the same grown melds in the same order as from the whole hand, each suit's runs and each
    rank's sets apart, without the melds of the other suits or ranks."""
    shape = next(kind.shape for kind in spec.melds if kind.id == meld.kind)
    first = meld.naturals[0]  # every meld holds a natural card (min_naturals is at least 1)
    if shape == "run":
        return [c for c in hand if c.is_joker or c.suit == first.suit]
    return [c for c in hand if c.is_joker or c.rank == first.rank]


@dataclass(frozen=True, slots=True)
class Problem:
    """What a rival may do: its cards, the own melds they fit, each closer's meld's extensions."""

    hand: tuple[Card, ...]
    cards: Counter[Card]
    own: list[Meld]
    options: list[list[Extension]]

    @classmethod
    def of(
        cls, spec: RuleSpec, hand: Sequence[Card], table: Sequence[Meld], allow_joker: bool
    ) -> Problem:
        cards = Counter(hand)
        own = [m for m in candidate_melds(spec, hand) if fits(m, cards)]
        options = [extensions(spec, meld, hand, allow_joker=allow_joker) for meld in table]
        return cls(tuple(hand), cards, own, options)


def best_acomodo(
    spec: RuleSpec,
    hand: Sequence[Card],
    table: Sequence[Meld],
    *,
    allow_joker: bool = True,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Acomodo:
    """The rival's own melds and lay-offs leaving the fewest loose points: every choice tried
    where they are few and one is best, else CP-SAT."""
    key = (id(spec), tuple(hand), tuple(table), allow_joker, time_limit)
    kept = _RECENT.get(key)
    if kept is not None and kept[0] is spec:
        return kept[1]
    problem = Problem.of(spec, hand, table, allow_joker)
    found = searched_acomodo(spec, problem)
    answer = found if found is not None else cpsat_acomodo(spec, problem, time_limit)
    if len(_RECENT) >= RECENT:
        _RECENT.popitem(last=False)
    _RECENT[key] = (spec, answer)
    return answer


# The last acomodos found, by their problem (the spec by identity, kept beside its answer to
# tell a reused id apart): a simulation plays each deal once per rotation of the seats, and
# its bots often end the round the same way each time, up to a CP-SAT solve for a tie.
RECENT = 64
_RECENT: OrderedDict[tuple[Any, ...], tuple[RuleSpec, Acomodo]] = OrderedDict()


def searched_acomodo(spec: RuleSpec, problem: Problem) -> Acomodo | None:
    """The one best acomodo found by trying every choice; None where two tie or the choices are
    too many (acomodo_search)."""
    added = [[Counter(e.added) for e in opts] for opts in problem.options]
    choice = only_best(spec, problem.cards, problem.own, added)
    if choice is None:
        return None
    melds = tuple(problem.own[i] for i in choice.own)
    lay_offs = tuple((j, problem.options[j][k]) for j, k in enumerate(choice.extensions) if k >= 0)
    return _acomodo(spec, problem.hand, melds, lay_offs, True)


def cpsat_acomodo(spec: RuleSpec, problem: Problem, time_limit: float) -> Acomodo:
    """The acomodo CP-SAT chooses, ties broken its own way."""
    own, options = problem.own, problem.options
    model, use_own, use_ext = _acomodo_model(spec, problem.cards, own, options)
    solved = run(model, time_limit)
    if solved is None:
        raise SolverError("CP-SAT found no acomodo: leaving every card loose should always fit")
    solver, optimal = solved
    melds = tuple(m for x, m in zip(use_own, own, strict=True) if solver.boolean_value(x))
    lay_offs = tuple(
        (j, e)
        for j, (group, opts) in enumerate(zip(use_ext, options, strict=True))
        for x, e in zip(group, opts, strict=True)
        if solver.boolean_value(x)
    )
    return _acomodo(spec, problem.hand, melds, lay_offs, optimal)


def _acomodo_model(
    spec: RuleSpec, cards: Counter[Card], own: list[Meld], options: list[list[Extension]]
) -> tuple[Any, list, list[list]]:
    """The model, a boolean per own meld and per extension of each of the closer's melds."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    use_own = [model.new_bool_var(f"own_{i}") for i in range(len(own))]
    use_ext = [
        [model.new_bool_var(f"ext_{j}_{k}") for k in range(len(opts))]
        for j, opts in enumerate(options)
    ]
    for group in use_ext:
        model.add_at_most_one(group)
    uses: list[tuple] = [(x, m.counts()) for x, m in zip(use_own, own, strict=True)]
    for group, opts in zip(use_ext, options, strict=True):
        uses.extend((x, Counter(e.added)) for x, e in zip(group, opts, strict=True))
    for card, count in sorted(cards.items(), key=lambda item: spec.deck.sort_key(item[0])):
        model.add(sum(n[card] * x for x, n in uses if card in n) <= count)
    lexicographic(model, _acomodo_terms(spec, uses, use_ext, cards))
    return model, use_own, use_ext


def _acomodo_terms(
    spec: RuleSpec, uses: list[tuple], use_ext: list[list], cards: Counter[Card]
) -> list[Term]:
    """Points first, then for the closer's melds in order the earliest extension (0 = none)."""
    covered = sum(sum(spec.value(c) for c in n.elements()) * x for x, n in uses)
    # One bound for every meld's choice, the most extensions any has: the weights stay powers
    # of one radix.
    most = max((len(group) for group in use_ext), default=0)
    terms = [
        Term("points melded or laid off", covered, sum(spec.value(c) for c in cards.elements()))
    ]
    terms.extend(
        Term(
            f"extension of meld {j}",
            sum((k + 1) * x for k, x in enumerate(group)),
            most,
            maximize=False,
        )
        for j, group in enumerate(use_ext)
    )
    return terms


def _acomodo(
    spec: RuleSpec,
    hand: Sequence[Card],
    melds: tuple[Meld, ...],
    lay_offs: tuple[tuple[int, Extension], ...],
    optimal: bool,
) -> Acomodo:
    left = Counter(hand)
    for meld in melds:
        left -= meld.counts()
    for _, ext in lay_offs:
        left -= Counter(ext.added)
    loose = tuple(sorted(left.elements(), key=spec.deck.sort_key))
    return Acomodo(
        melds=tuple(sorted(melds, key=lambda m: [spec.deck.sort_key(c) for c in m.naturals])),
        lay_offs=lay_offs,
        loose=loose,
        deadwood=sum(spec.value(c) for c in loose),
        optimal=optimal,
    )


def acomodo_round(
    spec: RuleSpec,
    table: Sequence[Meld],
    rivals: Sequence[Sequence[Card]],
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> tuple[tuple[Acomodo, ...], tuple[Meld, ...]]:
    """Every rival's acomodo in turn order, and the closer's melds as they end up."""
    rules = spec.scoring.acomodo
    current = tuple(table)
    answers = []
    for hand in rivals:
        answer = best_acomodo(
            spec, hand, current, allow_joker=rules.allow_joker, time_limit=time_limit
        )
        answers.append(answer)
        if rules.cumulative:
            current = answer.table_after(current)
    return tuple(answers), laid_table(spec, table, answers)


def laid_table(
    spec: RuleSpec, table: Sequence[Meld], answers: Sequence[Acomodo]
) -> tuple[Meld, ...]:
    """The closer's melds once every rival has laid off, in turn order: each onto the melds as
    the one before left them when lay-offs pile up, else all onto the melds as laid down."""
    if not spec.scoring.acomodo.cumulative:
        return _every_lay_off_on(spec, tuple(table), answers)
    current = tuple(table)
    for answer in answers:
        current = answer.table_after(current)
    return current


def _every_lay_off_on(spec: RuleSpec, table: tuple[Meld, ...], answers) -> tuple[Meld, ...]:
    """The closer's melds with every rival's lay-offs on them, each rival having laid off on the
    melds as the closer left them: a meld grown by one rival is its extension; grown by more,
    the meld of all their cards (in table order when they make one)."""
    shown = list(table)
    for answer in answers:
        for i, ext in answer.lay_offs:
            if shown[i] is table[i]:
                shown[i] = ext.meld
                continue
            held = shown[i].counts() + Counter(ext.added)
            merged = [
                m
                for m in candidate_melds(spec, held.elements())
                if m.kind == shown[i].kind and m.counts() == held
            ]
            shown[i] = (
                merged[0]
                if merged
                else Meld(
                    shown[i].kind,
                    shown[i].cards + ext.added,
                    shown[i].stands_for + (None,) * len(ext.added),
                )
            )
    return tuple(shown)
