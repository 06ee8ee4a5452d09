"""Each kind's answer as a record: what the key draws and words, and its JSON (its fields, by
`plain`).

Cards are the deck's codes, as the JSON gives them; a meld is the codes in table order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazo.solver.plain import as_json, inserted, plain
from mazo.solver.play.advise import DrawOption, Keep

Codes = tuple[str, ...]


def _without_by_card(draw: DrawOption) -> dict[str, Any]:
    return {k: v for k, v in plain(draw).items() if k != "by_card"}


@dataclass(frozen=True, slots=True)
class RunnerUp:
    """The next best discard, with every discard that ties with it."""

    discard: str
    discards: Codes
    deadwood_points: int
    close: str | None


@dataclass(frozen=True, slots=True)
class BestDiscardAnswer:
    discard: str
    deadwood_points: int
    can_cut: bool
    close: str | None
    melds: tuple[Codes, ...]
    deadwood: Codes
    runner_up: RunnerUp


@dataclass(frozen=True, slots=True)
class CanCutAnswer:
    can_cut: bool
    discard: str | None  # the discard that cuts best; None when none cuts
    close: str | None
    deadwood_points: int
    best_discard: str
    best_discards: Codes  # every discard as good as the best, drawn or not
    cut_discards: Codes
    melds: tuple[Codes, ...]
    deadwood: Codes


@dataclass(frozen=True, slots=True)
class CountDeadwoodAnswer:
    deadwood_points: int
    melds: tuple[Codes, ...]
    deadwood: Codes
    meld_kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """Cards laid off onto the cutter's meld number `meld` (from 1), and the meld they make."""

    meld: int
    cards: Codes
    makes: Codes


@dataclass(frozen=True, slots=True)
class AcomodoAnswer:
    deadwood_points: int
    deadwood: Codes
    laid_off: tuple[LayOff, ...]
    melds: tuple[Codes, ...]
    cutter_melds: tuple[Codes, ...]
    points_without_acomodo: int


@dataclass(frozen=True, slots=True)
class TakeOrDrawAnswer:
    advice: str
    pozo_top: str
    seen: Codes
    unseen: int
    take: Keep
    # Each drawn card's outcome is advise's detail, not the key's.
    draw: DrawOption = field(metadata=as_json(convert=_without_by_card))
    margin_points: int
    thumbs: dict[str, str]  # rule of thumb -> what it says
    thumbs_wrong: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """A discard the sheet offers, with the turns to the cut it leaves and its loose points."""

    discard: str
    turns_to_cut: float
    deadwood_points: int


@dataclass(frozen=True, slots=True)
class FastestDiscardAnswer:
    """The discard that cuts soonest and the one that keeps the fewest loose points, each with
    its expected turns to the cut, the next fastest (the margin the sheet keeps), and the
    discards the sheet offers."""

    discard: str
    turns_to_cut: float
    deadwood_points: int
    melds: tuple[Codes, ...]  # what the discard keeps, arranged
    deadwood: Codes
    fewest_points_discard: str
    fewest_points_turns_to_cut: float
    fewest_points_deadwood_points: int
    runner_up: str
    runner_up_turns_to_cut: float
    # The discards the sheet offers to choose from, in the hand's order: the answer among them.
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class UseFacedAnswer:
    can_use: bool
    laid: Codes
    melds: tuple[Codes, ...]
    pay: str | None
    can_go_out: bool
    faced: str
    table: tuple[Codes, ...]

    def to_dict(self) -> dict[str, Any]:
        # How many cards the answer lays: a figure of its own, after them.
        return inserted(plain(self), "laid", "cards_laid", len(self.laid))


@dataclass(frozen=True, slots=True)
class GoOutAnswer:
    can_go_out: bool
    can_use: bool
    melds: tuple[Codes, ...]
    laid: Codes
    pay: str | None
    left: Codes  # what stays in hand after the pay
    faced: str
    table: tuple[Codes, ...]


@dataclass(frozen=True, slots=True)
class Melded:
    """Melds put down in one turn and the points they make."""

    melds: tuple[Codes, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CanOpenAnswer:
    can_open: bool
    score: int
    required_minimum: int
    max_points: int | None  # the most the hand melds, minimum or not; None: not even 15
    opening_fewest: Melded | None
    melds: tuple[Codes, ...]
    left: Codes
    red_threes: Codes


@dataclass(frozen=True, slots=True)
class CountHandAnswer:
    meld_points: int
    melds: tuple[Codes, ...]
    left: Codes
    red_threes: Codes


# The hand kinds of rummy games: melds, loose cards and maybe a discard.
RummyAnswer = (
    BestDiscardAnswer | CanCutAnswer | CountDeadwoodAnswer | AcomodoAnswer | FastestDiscardAnswer
)
Answer = (
    RummyAnswer | TakeOrDrawAnswer | UseFacedAnswer | GoOutAnswer | CanOpenAnswer | CountHandAnswer
)
