"""Puzzle kinds: what is asked about a position, its answer (the solver's), and how hard it is.

A kind looks at the solver's full result for a dealt position and either poses a puzzle with
exactly one right answer or refuses the position (a tie, an unproven optimum, nothing to learn).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.closes import precedence
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.plain import plain
from mazo.solver.spec.rulespec import RuleSpec

from .answers import (
    Answer,
    BestDiscardAnswer,
    CanCutAnswer,
    CountDeadwoodAnswer,
    RunnerUp,
)
from .sampling import Dealer

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Measures:
    """Solver measures behind a puzzle's difficulty."""

    margin: int | None  # points between the answer and the runner-up (small is subtle)
    melds: int  # melds in the answer's arrangement
    jokers: int  # jokers in the hand
    near_misses: int  # wrong answers that come close, or cards two melds compete for
    # The rule of thumb finds the answer: throw the costliest card no meld could use.
    obvious: bool = False

    @property
    def score(self) -> int:
        if self.obvious:
            return self.melds + 2 * self.jokers
        margin = self.margin
        subtle = (
            0 if margin is None else 3 if margin <= 1 else 2 if margin <= 3 else int(margin <= 6)
        )
        return self.melds + 2 * self.jokers + min(self.near_misses, 4) + subtle

    @property
    def level(self) -> str:
        return "easy" if self.score <= 3 else "medium" if self.score <= 6 else "hard"

    def to_dict(self) -> dict[str, Any]:
        return {**plain(self), "score": self.score}


@dataclass(frozen=True, slots=True)
class Posed:
    """A position accepted as a puzzle: its answer and measures."""

    answer: Answer
    measures: Measures
    # Kinds with a yes/no answer balance them on a sheet; None means no balance needed.
    category: str | None = None


@dataclass(frozen=True, slots=True)
class Position:
    """What a puzzle shows: the player's hand, and the melds on the table (the cutter's, or the
    player's own) with the card offered."""

    hand: tuple[Card, ...]
    table: tuple[Meld, ...] = ()
    faced: Card | None = None  # the card turned up and offered, or the pozo top
    team_score: int | None = None  # a partnership's score, where it sets what it must meld
    seen: tuple[Card, ...] = ()  # cards known not to be in the stock

    def key(self, spec: RuleSpec) -> tuple:
        """Equal for the same position however its cards were dealt."""
        return (
            tuple(sorted(spec.deck.codes(self.hand))),
            tuple(sorted(tuple(sorted(spec.deck.codes(m.cards))) for m in self.table)),
            spec.deck.code(self.faced) if self.faced is not None else None,
            self.team_score,
            tuple(sorted(spec.deck.codes(self.seen))),
        )


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of puzzle: how its positions are dealt and how the solver's answer is read."""

    id: str
    deal: Callable[[RuleSpec, Dealer], Position]
    pose: Callable[[RuleSpec, Position], Posed | None]
    # Largest share of a sheet one category may take (keeps yes/no questions mixed).
    category_share: float = 1.0
    # The levels its positions reach: --difficulty names one of them.
    levels: tuple[str, ...] = LEVELS
    # The most puzzles of the kind one sheet asks for (None: the generator's own limit), for a
    # kind whose every deal costs a search of thousands of hands.
    most: int | None = None
    # Its answers read the rules set's odds table (mazo odds'), which a command builds first
    # with a progress bar: the first deal would otherwise wait minutes in silence.
    reads_odds_table: bool = False


def hand_kind(
    kind_id: str,
    extra_cards: int,
    pose: Callable[[RuleSpec, SolveResult], Posed | None],
    category_share: float = 1.0,
) -> Kind:
    """A kind about one hand: the resting hand plus `extra_cards`, posed from solve_hand."""
    return Kind(
        kind_id,
        deal=lambda spec, dealer: Position(dealer.deal(spec.hand_size + extra_cards)),
        pose=lambda spec, position: pose(spec, solve_hand(spec, position.hand)),
        category_share=category_share,
    )


def _outcome(spec: RuleSpec, option: DiscardOption) -> tuple[int, int]:
    """What a discard is worth: the close it makes, then its loose points (lower is better)."""
    return (precedence(spec, option.close), option.deadwood_points)


def _tied(spec: RuleSpec, result: SolveResult, option: DiscardOption) -> tuple[str, ...]:
    """Every discard worth as much as this one: a key never calls one of them the best."""
    return tuple(d.card for d in result.discards if _outcome(spec, d) == _outcome(spec, option))


def _fewest_alone(result: SolveResult) -> bool:
    """The best discard leaves fewer loose points than any other: the sheet asks for the
    fewest points and never states the closes' ranking, so a tie on points (say, several
    discards at 0 making different closes) has no answer a student can find."""
    best = result.discards[0]
    return all(d.deadwood_points > best.deadwood_points for d in result.discards[1:])


def _jokers(result: SolveResult) -> int:
    return sum(1 for code in result.hand if code == "*")


def _no_discard(result: SolveResult) -> bool:
    """The hand ends without a discard (big gin): a question about the discard has no answer."""
    return result.discard is None and result.close is not None


def rule_of_thumb(spec: RuleSpec, result: SolveResult) -> str | None:
    """The costliest card no candidate meld uses: what a beginner throws."""
    cards = spec.deck.parse_hand(result.hand)
    used = {c for m in candidate_melds(spec, cards) for c in m.cards}
    free = [c for c in cards if c not in used]
    if not free:
        return None
    return spec.deck.code(max(free, key=lambda c: (spec.value(c), spec.deck.sort_key(c))))


def meld_codes(option: DiscardOption | SolveResult) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(m) for m in option.melds)


def pose_best_discard(spec: RuleSpec, result: SolveResult) -> Posed | None:
    """Which card do you throw? Only positions whose best discard beats every other."""
    if not result.proven_optimal or len(result.discards) < 2 or _no_discard(result):
        return None
    best, runner_up = result.discards[0], result.discards[1]
    if not _fewest_alone(result) or not best.melds:
        return None
    tempting = [
        d
        for d in result.discards[1:]
        if precedence(spec, d.close) == precedence(spec, best.close)
        and d.deadwood_points - best.deadwood_points <= 3
    ]
    measures = Measures(
        margin=runner_up.deadwood_points - best.deadwood_points,
        melds=len(best.melds),
        jokers=_jokers(result),
        near_misses=len(tempting),
        obvious=rule_of_thumb(spec, result) == best.card,
    )
    answer = BestDiscardAnswer(
        discard=best.card,
        deadwood_points=best.deadwood_points,
        can_cut=best.can_cut,
        close=best.close,
        melds=meld_codes(best),
        deadwood=tuple(best.deadwood),
        runner_up=RunnerUp(
            discard=runner_up.card,
            discards=_tied(spec, result, runner_up),
            deadwood_points=runner_up.deadwood_points,
            close=runner_up.close,
        ),
    )
    return Posed(answer, measures)


def _cut_limit(spec: RuleSpec) -> int:
    """The most loose points any close of the game allows."""
    return max((c.max_deadwood for c in spec.closes if c.max_deadwood is not None), default=0)


def _cut_measures(spec: RuleSpec, result: SolveResult, cutting: list[DiscardOption]) -> Measures:
    """How hard a can-cut position is: how near the other discards come to the answer."""
    best, runner_up = result.discards[0], result.discards[1]
    limit = _cut_limit(spec)
    near = [d for d in result.discards if not d.can_cut and d.deadwood_points <= limit + 3]
    if cutting:
        margin = runner_up.deadwood_points - best.deadwood_points
    else:
        margin = best.deadwood_points - limit
    return Measures(
        margin=max(margin, 0),
        melds=len(best.melds),
        jokers=_jokers(result),
        near_misses=len(near) + len(cutting) - 1 if cutting else len(near),
        obvious=bool(cutting) and rule_of_thumb(spec, result) == best.card,
    )


def pose_can_cut(spec: RuleSpec, result: SolveResult) -> Posed | None:
    """Can you cut, and with which discard? When several discards cut, the best must be alone."""
    if not result.proven_optimal or len(result.discards) < 2 or _no_discard(result):
        return None
    best = result.discards[0]
    if not best.melds:
        return None  # without a meld the answer is plainly no
    cutting = [d for d in result.discards if d.can_cut]
    if cutting and not _fewest_alone(result):
        return None
    measures = _cut_measures(spec, result, cutting)
    answer = CanCutAnswer(
        can_cut=bool(cutting),
        discard=best.card if cutting else None,
        close=best.close,
        deadwood_points=best.deadwood_points,
        best_discard=best.card,
        best_discards=_tied(spec, result, best),
        cut_discards=tuple(d.card for d in cutting),
        melds=meld_codes(best),
        deadwood=tuple(best.deadwood),
    )
    return Posed(answer, measures, category="yes" if cutting else "no")


def _greedy_deadwood(spec: RuleSpec, cards, candidates) -> int:
    """Loose points left by a beginner: take the richest meld that fits, again and again."""
    left = Counter(cards)
    ranked = sorted(
        candidates, key=lambda m: (-sum(spec.value(c) for c in m.cards), -len(m), m.jokers)
    )
    for meld in ranked:
        if all(left[c] >= n for c, n in meld.counts().items()):
            left -= meld.counts()
    return sum(spec.value(c) for c in left.elements())


def pose_count_deadwood(spec: RuleSpec, result: SolveResult) -> Posed | None:
    """How many loose points? The resting hand's optimal deadwood; only hands with a meld."""
    if not result.proven_optimal or not result.melds:
        return None
    cards = spec.deck.parse_hand(result.hand)
    candidates = candidate_melds(spec, cards)
    # A card a run and a set both want is where counting goes wrong (the 7 of 5-6-7 and 7-7-7).
    shapes: dict[Card, set[str]] = {}
    for meld in candidates:
        for card in meld.naturals:
            shapes.setdefault(card, set()).add(spec.meld_kind(meld.kind).shape)
    contested = sum(1 for wanted in shapes.values() if len(wanted) > 1)
    trap = _greedy_deadwood(spec, cards, candidates) - result.deadwood_points
    measures = Measures(
        margin=trap,  # how much grabbing the richest meld first overcounts
        melds=len(result.melds),
        jokers=_jokers(result),
        near_misses=contested,
        obvious=trap == 0,
    )
    answer = CountDeadwoodAnswer(
        deadwood_points=result.deadwood_points,
        melds=meld_codes(result),
        deadwood=tuple(result.deadwood),
        meld_kinds=tuple(result.meld_kinds),
    )
    return Posed(answer, measures)


HAND_KINDS: dict[str, Kind] = {
    k.id: k
    for k in (
        hand_kind("best-discard", 1, pose_best_discard),
        hand_kind("can-cut", 1, pose_can_cut, category_share=0.6),
        hand_kind("count-deadwood", 0, pose_count_deadwood),
    )
}
