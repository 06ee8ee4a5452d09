"""The frozen records a spec is read into: the whole game's rules (`RuleSpec`), its meld kinds
and its closes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazo.solver.cards import Deck
from mazo.solver.errors import OptionError, SpecError
from mazo.solver.mechanisms.canasta.rules import CanastaRules
from mazo.solver.spec.options import Option, find_option, unknown_option
from mazo.solver.spec.prose import Example, Prose
from mazo.solver.spec.read import split_path
from mazo.solver.spec.sections import ConquianRules, Cut, MatchSettings, PlayRules, Scoring
from mazo.solver.spec.yamlsource import Sourced


@dataclass(frozen=True, slots=True)
class MeldKind:
    """One kind of meld and its limits; `run` is same suit in rank order, `set` same rank."""

    id: str
    shape: str
    names: dict[str, str] = field(compare=False)
    min_len: int
    max_len: int | None
    min_naturals: int
    max_jokers: int | None
    distinct_suits: bool


@dataclass(frozen=True, slots=True)
class Close:
    """One way to end a hand (cut, knock), with what the kept cards must satisfy."""

    id: str
    names: dict[str, str] = field(compare=False)
    one_meld: str | None
    min_jokers: int
    max_jokers: int | None
    max_deadwood: int | None
    max_loose_cards: int | None
    no_discard: bool
    score: int | str | None
    effect: str | None
    lay_off: bool


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A rule field a rules file sets directly (not through an option), by its dotted path:
    the value in force and the game's own (None when the game has no such field)."""

    field: str
    value: Any
    default: Any


@dataclass(frozen=True)
class RuleSpec:
    """A game's rules with every option resolved."""

    game: str
    aliases: tuple[str, ...]
    title: dict[str, str] = field(compare=False)
    # The language the game's players speak: the terminal's when nothing else chooses one.
    lang: str = field(compare=False)
    mechanism: str
    deck: Deck
    values: dict[int, int] = field(compare=False)
    joker_value: int
    melds: tuple[MeldKind, ...]
    hand_size: int
    closes: tuple[Close, ...]
    forbid_cut_with_pozo_card: bool
    options: tuple[Option, ...]
    chosen: dict[str, Any] = field(compare=False)
    variant_name: str | None
    source: str
    cut: Cut = field(compare=False)
    # What the game's players call the discard pile, by language (`pozo: name:`).
    pozo_names: dict[str, str] = field(compare=False)
    scoring: Scoring = field(compare=False)
    match: MatchSettings = field(compare=False)
    puzzle_kinds: tuple[str, ...] = field(compare=False)
    # The English worksheets say deadwood, not loose points.
    puzzle_deadwood: bool = field(compare=False)
    conquian: ConquianRules | None = field(compare=False)
    canasta: CanastaRules | None = field(compare=False)
    # How a round is dealt and played at the table (the draw-one, discard-one games only).
    play: PlayRules | None = field(compare=False)
    prose: Prose | None = field(compare=False, repr=False)
    examples: tuple[Example, ...] = field(compare=False, repr=False)
    # The value of every {placeholder} the prose and examples use, under the rules in force.
    placeholders: dict[str, Any] = field(compare=False, repr=False)
    lines: dict[tuple[Any, ...], tuple[str, int]] = field(compare=False, repr=False)
    # The rule fields a rules file that extends a game changes directly, in the file's order.
    rule_changes: tuple[RuleChange, ...] = field(default=(), compare=False)

    def value(self, card) -> int:
        """Points a card counts when it is left loose."""
        return self.joker_value if card.is_joker else self.values[card.rank]

    def option(self, name: str) -> Option:
        option = find_option(self.options, name)
        if option is None:
            raise OptionError.of(unknown_option(self.game, name, [o.name for o in self.options]))
        return option

    def changed_options(self) -> dict[str, Any]:
        """The options whose value differs from the game's default: the house rules in force."""
        return {
            o.name: self.chosen[o.name] for o in self.options if self.chosen[o.name] != o.default
        }

    def error(self, where: str, message: str) -> SpecError:
        """An error in the rule data at a dotted field, naming the file and line it came from
        (the user's rules file when the field was set there)."""
        return Sourced(None, self.lines).error(split_path(where), message)

    def meld_kind(self, kind_id: str) -> MeldKind:
        return next(k for k in self.melds if k.id == kind_id)

    def close(self, close_id: str) -> Close:
        return next(c for c in self.closes if c.id == close_id)
