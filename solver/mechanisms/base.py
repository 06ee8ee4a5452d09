"""What a mechanism is: the behaviour the rest of mazo asks of one, whatever its rules.

A spec's `mechanism:` names one instance of `Mechanism` (the registry maps the names); each
mechanism package exports that instance. A caller asks it to read its own spec section, solve a
position, check a hand, score a hand, play a score sheet, list its worksheet kinds and say how
its turn is played; a caller never asks which mechanism it is. Everything heavy a mechanism
does is imported inside its methods: the spec loader reads the registry, and `mazo solve`
starts light.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from mazo.solver.errors import InputError

if TYPE_CHECKING:
    from mazo.solver.cards import Card, Deck
    from mazo.solver.match.sheet import Sheet
    from mazo.solver.messages import Said, Told
    from mazo.solver.spec.prose import Example
    from mazo.solver.spec.reader import Reader
    from mazo.solver.spec.rulespec import MeldKind, PlayRules, RuleSpec


class Result(Protocol):
    """What every mechanism's answer gives: the hand as read, and the JSON of `--json`."""

    @property
    def hand(self) -> tuple[str, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Result, covariant=True)


def option(
    help: str | None = None, es: str | None = None, *, card: bool = False, waits: bool = False
) -> dict[str, Any]:
    """The metadata of a `position` field (None unless given): an option of `mazo solve`
    (`--NAME`, its help in English `help` and in Spanish `es`, told after the `label` of every
    mechanism that has the option), a single card if `card`, and with `waits` one that lets the
    hand be empty (the player waits for it). A field two mechanisms share takes its help from
    the first in the registry that gives one."""
    return {"help": {"en": help, "es": es} if help else None, "card": card, "waits": waits}


def score_option(
    help: str,
    es: str,
    *,
    flag: str | None = None,
    many: bool = False,
    whole: bool = False,
    minimum: int | None = None,
    choices: tuple[str, ...] = (),
    card: bool = False,
) -> dict[str, Any]:
    """The metadata of a scored hand's field: an option of `mazo score` (`flag`, else
    `--NAME`; its help in English `help` and in Spanish `es`, told after the `label` of the
    mechanism whose count it is) that is given again and again if `many`, a whole number
    (at least `minimum`) if `whole`, one of `choices` if any, a single card if `card`."""
    return {
        "help": {"en": help, "es": es},
        "flag": flag,
        "many": many,
        "whole": whole,
        "minimum": minimum,
        "choices": choices,
        "card": card,
    }


@dataclass(frozen=True, slots=True)
class HandScoring:
    """How `mazo score` counts one hand: `hand`, a frozen dataclass whose fields, all None by
    default and each with `score_option` metadata, are its options (in the order of the help
    and of a refusal by a game of another scoring) and the keywords of `count(spec, **fields)`.
    """

    # The name of the mechanism whose count it is (another may count its hands alike): its
    # messages name the count in a refusal (`<kind>.scoring`).
    kind: str
    hand: type
    # The count, by dotted path: imported only when a hand is counted (the options are read
    # by every help); its result's type says how it is shown.
    count: str

    def counted(self, spec: RuleSpec, fields: Mapping[str, Any]) -> Any:
        """The hand given by `fields`, the hand's options by field name, counted."""
        module, _, name = self.count.rpartition(".")
        return getattr(import_module(module), name)(spec, **fields)

    def flags(self) -> dict[str, str]:
        """Its options' flags, each with the field it fills."""
        return {
            f.metadata["flag"] or "--" + f.name.replace("_", "-"): f.name
            for f in dataclasses.fields(self.hand)
        }


@dataclass(frozen=True, slots=True)
class SheetGame:
    """How `mazo match` plays a score sheet: its name (elimination, target, sides), what a row
    may hold (as an unknown key's message names it) and the play of the whole sheet, whose
    result's type says how it is shown."""

    name: str
    fields: str | Told
    play: Callable[[RuleSpec, Sheet], Any]


class Mechanism(ABC, Generic[R]):
    """A mechanism: its name, the spec section it owns, the position around a hand, and what
    it does. A subclass sets the class attributes and the abstract methods."""

    name: ClassVar[str]
    # Its games as the help of its own options ("NAME: the text") and its refusals name them;
    # empty where its options' help names no game.
    label: ClassVar[str] = ""
    # Its own section of the spec, read by `read_section` into the spec's `own`.
    section: ClassVar[str]
    # The position around the hand: a frozen dataclass whose fields, all None by default, are
    # options of a solve call and fields of a batch line.
    position: ClassVar[type]
    # The answer's class, by dotted path: imported only when asked for, like the solver.
    result: ClassVar[str]
    # The worksheet kinds it offers, by id: a spec lists some of them; its package's
    # `worksheets` module makes them (`PARTS`).
    kinds: ClassVar[tuple[str, ...]]
    # What a solved example in the spec may give besides its hand, and of those what it needs.
    example_keys: ClassVar[tuple[str, ...]]
    example_needs: ClassVar[tuple[str, ...]] = ()
    # The rulebook's heading of the card values (loose points, or points where melds count).
    values_heading: ClassVar[str] = "values_table_all"
    # What the help of a command says of its games, by the text's key ("solve cards", "match")
    # and language: a part each mechanism adds to the command's own words, in the registry's
    # order.
    help_parts: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # The rulebook tables only it has content for, each with the message that says why a game
    # of another mechanism has none.
    own_tables: ClassVar[Mapping[str, str]] = {}
    # Whether a row of its score sheets may give a side's cards as a mapping of fields (a sheet
    # of another mechanism refuses one, naming the games whose sheets read them).
    side_fields: ClassVar[bool] = False

    @abstractmethod
    def read_section(
        self, r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int
    ) -> Any:
        """Its own spec section, read with what the rest of the spec settled first."""

    @abstractmethod
    def solve(
        self, spec: RuleSpec, cards: tuple[Card, ...], *, time_limit: float, backend: str, at: Any
    ) -> R:
        """One position: the hand `cards` and `at`, an instance of `position`."""

    def solve_batch(
        self, spec: RuleSpec, hands: Sequence[Any], call: Mapping[str, Any]
    ) -> Sequence[R | None]:
        """A batch of hands answered whole where that is faster; None where a hand goes to
        `solve` on its own (every hand, unless the mechanism says otherwise)."""
        return [None] * len(hands)

    def check_hand(self, spec: RuleSpec, cards: tuple[Card, ...], at: Mapping[str, Any]) -> None:
        """Refuse a hand of a size the game never has; `at` holds the position's options."""
        if not cards:
            raise InputError.of("empty_hand")

    def example_position(self, spec: RuleSpec, example: Example) -> dict[str, Any]:
        """A solved example's position, as options of a solve call."""
        return {}

    def check_example(
        self,
        deck: Deck,
        hand_size: int,
        hand: tuple[Card, ...],
        *,
        faced: Card | None,
        table: tuple[tuple[Card, ...], ...],
    ) -> Said | None:
        """Why a solved example's position in the spec cannot be (its hand with what else the
        example gives of `example_keys`), or None where it can."""
        return None

    # rulebook
    def book(self) -> ModuleType | None:
        """What its rulebook shows that no other game's does: its package's `book` module,
        with `draw` (a solved example's drawing and verdict) and `TABLES` (its tables by name,
        each in place of the rulebook's own of that name); None where the book draws and
        tabulates it as a rummy game."""
        return None

    def wild_ranks(self, spec: RuleSpec) -> frozenset[int]:
        """The ranks wild besides the jokers, which the rulebook then calls wild cards."""
        return frozenset()

    def play_rules(self, spec: RuleSpec) -> PlayRules | None:
        """How a round is played turn by turn, draw one card then discard one, by the game
        engine and the odds tables: None where the turn is another (none of them plays it)."""
        return None

    @abstractmethod
    def scoring(self) -> HandScoring:
        """How `mazo score` counts one of its hands."""

    @abstractmethod
    def sheet_game(self, spec: RuleSpec) -> SheetGame:
        """How `mazo match` plays a sheet of its games under these rules."""

    @property
    def package(self) -> str:
        """Its package, which holds besides its solver everything of it that the rest of mazo
        shows: its views, its pages (planilla, worksheet drawings, rulebook examples), its
        worksheet kinds, its words (`words.py`) and its error messages (`messages.py`), each
        imported by the layer that needs it and only then."""
        return type(self).__module__

    def own(self, module: str) -> ModuleType:
        """One module of its package (`views`, `words`, ...), imported on first use."""
        return import_module(f"{self.package}.{module}")

    @property
    def position_options(self) -> tuple[str, ...]:
        return tuple(f.name for f in dataclasses.fields(self.position))

    def result_type(self) -> type[R]:
        module, _, name = self.result.rpartition(".")
        return getattr(import_module(module), name)
