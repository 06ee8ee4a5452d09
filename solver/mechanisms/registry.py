"""One record per mechanism: everything the rest of mazo asks of a mechanism, in one place.

A spec's `mechanism:` names a record here, and no other module compares the name: a caller asks
the record (its position options, its solver, its worksheet kinds, its own spec section, what its
turn is like) or looks its own table up by the record. A new mechanism is one subpackage, whose
`__init__` holds `solve_position`, and one record below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from mazo.solver.errors import OptionError
from mazo.solver.mechanisms import canasta, conquian, rummy
from mazo.solver.mechanisms.canasta.rules import read_canasta
from mazo.solver.messages import said
from mazo.solver.spec.sections import read_conquian, read_play

if TYPE_CHECKING:
    from mazo.solver.cards import Deck
    from mazo.solver.spec.reader import Reader
    from mazo.solver.spec.rulespec import MeldKind, RuleSpec


class Result(Protocol):
    """What every mechanism's answer gives: the hand as read, and the JSON of `--json`."""

    @property
    def hand(self) -> tuple[str, ...]: ...

    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=Result, covariant=True)
# A mechanism's own spec section, read with what the rest of the spec settled first.
SectionReader = Callable[["Reader", "Deck", "tuple[MeldKind, ...]", int], Any]


@dataclass(frozen=True, slots=True)
class Mechanism(Generic[R]):
    """A mechanism and what callers branch on. `solve(spec, cards, *, time_limit, backend,
    **position)` answers one position, `position` holding only `position_options`."""

    name: str
    solve: Callable[..., R]
    # The answer's class, by dotted path: imported only when asked for, like the solver.
    result: str
    # The options of a solve call (and fields of a batch line) that place the hand.
    position_options: tuple[str, ...]
    # What a solved example in the spec may give besides its hand.
    example_keys: tuple[str, ...]
    puzzle_kinds: tuple[str, ...]
    # Its own section of the spec, read into the RuleSpec field of the same name.
    section: str | None = None
    read_section: SectionReader | None = None
    # A card is faced and offered: an example needs it, and a player may wait with no hand.
    faced_card: bool = False
    # A hand below the resting size is refused (Conquián's is checked with its table, Canasta's
    # grows with the pozo).
    refuses_short_hands: bool = False
    # The turn is draw one card, then discard one: what `mazo advise` answers.
    draw_then_discard: bool = False
    # Its hands go to the compiled meld search in batches.
    meld_search: bool = False
    # A spec with `match.target` plays two players to that score, with lines and bonuses.
    plays_to_target: bool = False
    # Cards count only when left loose (elsewhere melded cards count too).
    loose_points: bool = False
    # The initial meld has a minimum by the side's score.
    opening_minimum: bool = False
    # `mazo score` scores a partnership's melds, hand and going out, not a closer and rivals.
    partnerships: bool = False
    # `mazo match` plays a sheet side against side to `match.target`, each side's initial meld
    # minimum set by its total.
    sides_to_target: bool = False

    def require(self, spec: RuleSpec) -> None:
        """Refuse a spec of another mechanism: a caller that names the mechanism it solves for
        gets that mechanism's result."""
        if MECHANISMS[spec.mechanism] is not self:
            raise OptionError.of("not_this_mechanism", game=spec.game, mechanism=self.name)

    def result_type(self) -> type[R]:
        module, _, name = self.result.rpartition(".")
        return getattr(import_module(module), name)


def _play_section(r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int):
    return read_play(r, deck, hand_size)


def _conquian_section(r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int):
    return read_conquian(r, hand_size)


def _canasta_section(r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int):
    return read_canasta(r, deck, melds)


RUMMY = Mechanism(
    name="rummy",
    solve=rummy.solve_position,
    result="mazo.solver.mechanisms.rummy.result.SolveResult",
    position_options=("drawn_from_pozo", "upcard"),
    example_keys=("pozo",),
    puzzle_kinds=(
        "best-discard",
        "can-cut",
        "count-deadwood",
        "acomodo",
        "take-or-draw",
        "fastest-discard",
    ),
    section="play",
    read_section=_play_section,
    refuses_short_hands=True,
    draw_then_discard=True,
    meld_search=True,
    plays_to_target=True,
    loose_points=True,
)
CONQUIAN = Mechanism(
    name="conquian",
    solve=conquian.solve_position,
    result="mazo.solver.mechanisms.conquian.solve.ConquianResult",
    position_options=("faced", "table", "rival_table"),
    example_keys=("faced", "table"),
    puzzle_kinds=("use-faced-card", "go-out"),
    section="conquian",
    read_section=_conquian_section,
    faced_card=True,
)
CANASTA = Mechanism(
    name="canasta",
    solve=canasta.solve_position,
    result="mazo.solver.mechanisms.canasta.solve.CanastaResult",
    position_options=("score", "pozo_top", "pozo", "table"),
    example_keys=("score",),
    puzzle_kinds=("can-open", "count-hand"),
    section="canasta",
    read_section=_canasta_section,
    opening_minimum=True,
    partnerships=True,
    sides_to_target=True,
)
MECHANISMS: dict[str, Mechanism[Any]] = {m.name: m for m in (RUMMY, CONQUIAN, CANASTA)}


def mechanism_of(spec: RuleSpec) -> Mechanism[Any]:
    return MECHANISMS[spec.mechanism]


def position_options() -> tuple[str, ...]:
    """Every mechanism's position options, sorted: all of them are options of a solve call."""
    return tuple(sorted({name for m in MECHANISMS.values() for name in m.position_options}))


def read_mechanism(r: Reader) -> Mechanism[Any]:
    """The spec's `mechanism:` (rummy unless named); another mechanism's section is refused."""
    mechanism = MECHANISMS[r.word(("mechanism",), RUMMY.name, choices=tuple(MECHANISMS))]
    for other in MECHANISMS.values():
        if other.section and r.has((other.section,)) and other is not mechanism:
            raise r.fail(
                (other.section,),
                said("section_needs_mechanism", section=other.section, mechanism=other.name),
            )
    return mechanism


def read_sections(
    r: Reader, mechanism: Mechanism[Any], deck: Deck, melds: tuple[MeldKind, ...], hand_size: int
) -> dict[str, Any]:
    """Every mechanism's own section by its RuleSpec field: this one's read, the others None."""
    return {
        m.section: m.read_section(r, deck, melds, hand_size) if m is mechanism else None
        for m in MECHANISMS.values()
        if m.section is not None and m.read_section is not None
    }
