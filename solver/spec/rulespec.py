"""The frozen records a spec is read into: the whole game's rules (`RuleSpec`), its meld kinds
and its closes, and the record of each small section (`cut`, `scoring`, `match`, `play`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazo.solver.cards import Deck
from mazo.solver.errors import OptionError, SpecError
from mazo.solver.spec.options import Option, find_option, unknown_option
from mazo.solver.spec.prose import Example, Prose
from mazo.solver.spec.reader import split_path
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
class Cut:
    """What the game calls ending a hand, and whether the card just taken from the pozo may be
    the discard that ends it."""

    names: dict[str, str]
    forbid_pozo_card: bool


@dataclass(frozen=True, slots=True)
class AcomodoRules:
    """The lay-off switches (`scoring.acomodo`): lay-offs pile up rival after rival, jokers may
    be laid off."""

    cumulative: bool = True
    allow_joker: bool = True


@dataclass(frozen=True, slots=True)
class Oklahoma:
    """Gin's Oklahoma: the hand's first upcard sets the loose-point limit of one close (its
    value; a rank in `gin_only_ranks`, the ace, allows no loose points: gin only), and an upcard
    of `doubling_suit` doubles the hand's points."""

    enabled: bool
    close: str
    gin_only_ranks: tuple[int, ...]
    doubling_suit: str | None


@dataclass(frozen=True, slots=True)
class Scoring:
    """How a hand is scored: `loose_points` (every player counts loose cards) or `difference`
    (the knocker scores the rival's loose points less their own), with Gin's bonuses: the
    closer's bonus for some closes (`close_bonus`, by close id: gin, big gin), the undercut
    bonus, and Oklahoma."""

    method: str
    close_bonus: dict[str, int]
    undercut_bonus: int
    undercut_on_tie: bool
    acomodo: AcomodoRules
    oklahoma: Oklahoma | None


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """A match of many hands: passing the cutter (Conga), the elimination limit and re-entry;
    or a game to a target score (Gin), with a line bonus per hand won, a game bonus for the
    winner and the shutout, which doubles the winner's score when the loser won no hand."""

    passing: bool
    pass_penalty: int
    pass_on_tie: bool
    elimination_limit: int | None
    reenganche: str
    target: int | None
    line_bonus: int
    game_bonus: int
    shutout: bool
    min_players: int  # the players one sheet may list: a table the deck deals for
    max_players: int


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How a round is played at the table: the deal, the first upcard, the stock running out, the
    next deal. The game engine plays by it and the rulebook states it; solving a position,
    scoring a hand and keeping a match never read it."""

    # Cards the mano is dealt beyond hand_size; the mano opens by discarding without drawing
    # (Conga: 1; else 0).
    mano_extra: int
    # The pozo starts with the stock's top card turned face up (Chinchón, Gin); else it starts
    # empty (Conga).
    upcard: bool
    # Gin: the first upcard is offered to the mano (the non-dealer), then to the dealer; each may
    # take it (then discard) or pass; when both pass the mano draws from the stock.
    upcard_offer: bool
    # "recycle": the pozo's top card stays as the new pozo, the rest is shuffled face down as the
    # new stock; "recycle_all": the whole pozo is shuffled into the stock, the pozo starts empty;
    # "void": the hand is void (nobody scores; the same dealer deals again).
    stock_out: str
    # With "void": the hand is void when a discard that does not end the hand leaves this many
    # cards (or fewer) in the stock (Gin: 2); 0 with the other values.
    void_stock: int
    # "rotate": the next round's mano is the next player still in, in turn order after the last
    # round's mano; "winner": the hand's winner deals the next hand (so the loser is mano; after a
    # void hand the same dealer deals again); "loser": the loser deals.
    next_dealer: str


def play_of(own: Any) -> PlayRules | None:
    """The rules of play in a mechanism's own section, where it is a `play:` section."""
    return own if isinstance(own, PlayRules) else None


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
    # The mechanism's own section, as its package reads it: the `play:` of the draw-one,
    # discard-one games (how a round is dealt and played at the table), or another
    # mechanism's rules.
    own: Any = field(compare=False)
    prose: Prose | None = field(compare=False, repr=False)
    examples: tuple[Example, ...] = field(compare=False, repr=False)
    # The value of every {placeholder} the prose and examples use, under the rules in force.
    placeholders: dict[str, Any] = field(compare=False, repr=False)
    lines: dict[tuple[Any, ...], tuple[str, int]] = field(compare=False, repr=False)
    # The rule fields a rules file that extends a game changes directly, in the file's order.
    rule_changes: tuple[RuleChange, ...] = field(default=(), compare=False)

    @property
    def play(self) -> PlayRules | None:
        """How a round is played turn by turn, where the game is played draw one, discard one."""
        return play_of(self.own)

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
