"""A worksheet's puzzles: deal → solve → keep when the kind can pose it, until the sheet is full."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.errors import OptionError, quoted
from mazo.solver.messages import MESSAGES, either, one_of, said, titled
from mazo.solver.plain import as_json, data, plain
from mazo.solver.spec.rulespec import RuleSpec
from mazo.words import word

from .answers import Answer
from .kinds import LEVELS, Kind, Measures, Posed
from .offer import offered_kinds, unavailable
from .parts import every_kind
from .sampling import Dealer

# Every mechanism's kinds, each from its package's worksheets.
KINDS: dict[str, Kind] = every_kind()
# Kinds whose positions never reach every level, as `--help` says them.
FEWER_LEVELS = "; ".join(
    f"{k.id}: {' or '.join(k.levels)} only" for k in KINDS.values() if k.levels != LEVELS
)
MAX_PUZZLES = 200
# Deals tried per puzzle asked for before the generator gives up (no hang on impossible asks).
ATTEMPTS_PER_PUZZLE = 150
BASE_ATTEMPTS = 400
MIXED_LEVEL_SHARE = 0.5
# Leeway on the projection of the find rate before the generator gives up early.
HOPE_FACTOR = 2
# Deals per puzzle spent looking for a good mix before the reserve fills the sheet.
MIX_DEALS_PER_PUZZLE = 12
# A sheet of one level keeps only the deals that reach it (a hard Gin count, an easy fastest
# discard: under one deal in two hundred): it may draw this many times the deals before it
# gives up, so `--difficulty hard -n 12` fills instead of running out.
ONE_LEVEL_DEALS = 4


class NotEnoughPuzzles(OptionError):
    """The generator could not find that many distinct puzzles with a unique answer."""


@dataclass(frozen=True, slots=True)
class _Found:
    hand: tuple[str, ...]
    posed: Posed


@dataclass(frozen=True, slots=True)
class Puzzle:
    number: int
    kind: str
    hand: tuple[str, ...]
    difficulty: str
    answer: Answer
    measures: Measures = field(metadata=as_json(omit=True))

    def to_dict(self) -> dict[str, Any]:
        # The measures go inside the answer, beside what they measure.
        return {**plain(self), "answer": {**data(self.answer), "measures": data(self.measures)}}


@dataclass(frozen=True, slots=True)
class Sheet:
    """The puzzles of one worksheet and everything needed to print it again."""

    game: str
    kind: str
    seed: int
    variant: dict[str, Any]
    puzzles: tuple[Puzzle, ...]

    def kinds(self) -> list[str]:
        """The sheet's kinds in the order its puzzles come."""
        return list(dict.fromkeys(puzzle.kind for puzzle in self.puzzles))

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


def kind_for(spec: RuleSpec, kind_id: str) -> Kind:
    offered = offered_kinds(spec)
    if not offered:
        raise OptionError.of("no_puzzles", game=spec.game)
    if kind_id not in offered:
        raise OptionError.of(
            "unknown_kind", game=spec.game, kind=repr(kind_id), kinds=", ".join(offered)
        )
    reason = unavailable(spec, kind_id)
    if reason is not None:
        raise OptionError.of("kind_not_here", game=spec.game, kind=kind_id, why=reason)
    return KINDS[kind_id]


def _hopeless(found: int, count: int, attempt: int, attempts: int, base: int) -> bool:
    """At the rate found so far the sheet cannot fill in the deals left: stop now, not later
    (never in the first `base` deals, where a rare level may not have come up yet)."""
    if attempt < base or attempt % 25:
        return False
    rate = found / attempt
    return found + rate * (attempts - attempt) * HOPE_FACTOR < count


def _check_ask(spec: RuleSpec, kind: Kind, count: int, difficulty: str | None) -> None:
    if not 1 <= count <= MAX_PUZZLES:
        raise OptionError.of("n_between", most=MAX_PUZZLES, value=count)
    if kind.most is not None and count > kind.most:
        raise OptionError.of("n_between_kind", most=kind.most, kind=kind.id, value=count)
    if difficulty is not None and difficulty not in LEVELS:
        # Spanish offers its own words first: the CLI takes both (puzzles/wording.py).
        raise OptionError.of(
            "difficulty_takes",
            levels=_levels_typed,
            value=quoted(difficulty),
        )
    if difficulty is not None and difficulty not in kind.levels:
        raise OptionError.of(
            "difficulty_never",
            kind=kind.id,
            game=titled(spec),
            level=lambda lang: word(lang, f"puzzles.{difficulty}"),
            levels=lambda lang: either([word(lang, f"puzzles.{level}") for level in kind.levels])(
                lang
            ),
        )


def _levels_typed(lang: str) -> str:
    """The levels as --difficulty takes them: Spanish offers its own words first."""
    if lang == "en":
        return one_of(LEVELS)(lang)
    words = one_of([word(lang, f"puzzles.{level}") for level in LEVELS])(lang)
    return f"{words} ({MESSAGES[lang]['or'].strip()} {', '.join(LEVELS)})"


@dataclass
class _Mix:
    """A mixed sheet spreads its answers (yes/no) and, without --difficulty, its levels: a
    puzzle over its share waits in reserve and fills the sheet only if the rarer ones do not
    come."""

    category_cap: int
    level_cap: int
    categories: Counter[str | None] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)

    def over(self, posed: Posed) -> bool:
        if posed.category is not None and self.categories[posed.category] >= self.category_cap:
            return True
        return self.levels[posed.measures.level] >= self.level_cap

    def add(self, posed: Posed) -> None:
        self.categories[posed.category] += 1
        self.levels[posed.measures.level] += 1

    def mixed(self, reserve: list[_Found]) -> bool:
        """Some puzzle of another answer is in, or waits in reserve: a sheet is never all one
        answer."""
        answers = set(self.categories) | {f.posed.category for f in reserve}
        return len(answers) != 1 or None in answers

    def first_missing(self, reserve: list[_Found]) -> list[_Found]:
        """The reserve with puzzles of an answer the sheet lacks first."""
        return sorted(reserve, key=lambda f: f.posed.category in self.categories)


def _level_quotas(found: list[_Found], count: int, versions: int) -> Counter[str]:
    """How many puzzles of each level to keep: whole groups of `versions`, so that dealt out in
    turn every version gets the same levels; the groups are taken in the order found."""
    have = Counter(f.posed.measures.level for f in found)
    seen: Counter[str] = Counter()
    quotas: Counter[str] = Counter()
    for f in found:
        level = f.posed.measures.level
        seen[level] += 1
        opens_group = seen[level] == quotas[level] + 1
        fits = quotas.total() + versions <= count
        if opens_group and fits and quotas[level] + versions <= have[level]:
            quotas[level] += versions
    return quotas


def _keep(found: list[_Found], count: int, versions: int) -> list[_Found]:
    """The first puzzles of each level up to its quota, in the order found."""
    quotas = _level_quotas(found, count, versions)
    kept: list[_Found] = []
    for f in found:
        if quotas[f.posed.measures.level] > 0:
            quotas[f.posed.measures.level] -= 1
            kept.append(f)
    return kept


def _find(
    spec: RuleSpec,
    kind: Kind,
    count: int,
    difficulty: str | None,
    dealer: Dealer,
    progress: Callable[[int], None],
    versions: int,
) -> tuple[list[_Found], int]:
    """The puzzles found, in deal order (reserve last), and the deals it took; their levels come
    in whole groups of `versions`."""
    mix = _Mix(
        # Room is kept for another answer on any sheet of two or more.
        category_cap=min(math.ceil(count * kind.category_share), max(count - versions, versions)),
        level_cap=count if difficulty is not None else math.ceil(count * MIXED_LEVEL_SHARE),
    )
    seen: set[tuple] = set()
    chosen: list[_Found] = []
    reserve: list[_Found] = []
    deals = ONE_LEVEL_DEALS if difficulty is not None else 1
    attempts = (BASE_ATTEMPTS + ATTEMPTS_PER_PUZZLE * count) * deals
    dealt = 0
    for attempt in range(attempts):
        if len(_keep(chosen, count, versions)) == count or (
            len(_keep(chosen + reserve, count, versions)) >= count
            and attempt >= MIX_DEALS_PER_PUZZLE * count
            and (mix.mixed(reserve) or count == versions)
        ):
            break
        if _hopeless(len(chosen) + len(reserve), count, attempt, attempts, BASE_ATTEMPTS * deals):
            break
        # Told on every deal, not only on a find: a one-level sheet of a slow kind may deal for
        # a minute before its first puzzle, and the bar shows once the work takes a second.
        progress(min(len(chosen), count))
        position = kind.deal(spec, dealer)
        dealt += 1
        key = position.key(spec)
        if key in seen:
            continue
        seen.add(key)
        posed = kind.pose(spec, position)
        if posed is None or (difficulty is not None and posed.measures.level != difficulty):
            continue
        found = _Found(tuple(spec.deck.codes(position.hand)), posed)
        if mix.over(posed):
            reserve.append(found)
            continue
        mix.add(posed)
        chosen.append(found)
        progress(min(len(chosen), count))
    return _keep(chosen + mix.first_missing(reserve), count, versions), dealt


def make_sheet(
    spec: RuleSpec,
    kind_id: str,
    count: int,
    *,
    seed: int,
    difficulty: str | None = None,
    versions: int = 1,
    progress: Callable[[int], None] | None = None,
) -> Sheet:
    """`count` distinct puzzles of one kind for each of `versions` sheets, dealt from a
    generator seeded by `seed` and the kind; each level's puzzles are a multiple of `versions`,
    to be dealt out in turn."""
    kind = kind_for(spec, kind_id)
    _check_ask(spec, kind, count, difficulty)  # -n is a sheet's, whatever the versions
    asked = count
    count *= versions
    # The kind goes into the seed: two kinds dealt from one seed would share their hands.
    dealer = Dealer(spec, random.Random(f"{seed}/{kind.id}"))
    shown = progress if progress is not None else (lambda done: None)
    chosen, dealt = _find(spec, kind, count, difficulty, dealer, shown, versions)
    shown(len(chosen))
    if len(chosen) < count:
        level = f" {difficulty}" if difficulty else ""
        each = said("each_sheet", asked=asked, versions=versions) if versions > 1 else ""
        raise NotEnoughPuzzles.of(
            "puzzles_too_few",
            found=len(chosen),
            count=count,
            level=level,
            kind=kind.id,
            each=each,
            game=spec.game,
            dealt=dealt,
        )
    answers = {found.posed.category for found in chosen}
    # One puzzle of the kind on each sheet has one answer, whatever the versions'.
    if asked > 1 and len(answers) == 1 and None not in answers:
        level = f" {difficulty}" if difficulty else ""
        raise NotEnoughPuzzles.of(
            "puzzles_one_answer",
            kind=kind.id,
            level=level,
            answer=repr(answers.pop()),
            game=spec.game,
            dealt=dealt,
        )
    # Easy first: a sheet climbs in difficulty; deal order breaks ties.
    ordered = sorted(chosen, key=lambda f: LEVELS.index(f.posed.measures.level))
    puzzles = tuple(
        Puzzle(
            number=number,
            kind=kind.id,
            hand=found.hand,
            difficulty=found.posed.measures.level,
            answer=found.posed.answer,
            measures=found.posed.measures,
        )
        for number, found in enumerate(ordered, start=1)
    )
    return Sheet(spec.game, kind.id, seed, spec.changed_options(), puzzles)
