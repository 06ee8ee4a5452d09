"""Each kind's answer as a record: what the key draws and words, and its JSON (`to_dict`).

Cards are the deck's codes, as the JSON gives them; a meld is the codes in table order.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from mazo.solver.play.advise import DrawOption, Keep

Codes = tuple[str, ...]


def _lists(melds: tuple[Codes, ...]) -> list[list[str]]:
    return [list(m) for m in melds]


@dataclass(frozen=True, slots=True)
class RunnerUp:
    """The next best discard, with every discard that ties with it."""

    discard: str
    discards: Codes
    deadwood_points: int
    close: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard,
            "discards": list(self.discards),
            "deadwood_points": self.deadwood_points,
            "close": self.close,
        }


@dataclass(frozen=True, slots=True)
class BestDiscardAnswer:
    discard: str
    deadwood_points: int
    can_cut: bool
    close: str | None
    melds: tuple[Codes, ...]
    deadwood: Codes
    runner_up: RunnerUp

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard,
            "deadwood_points": self.deadwood_points,
            "can_cut": self.can_cut,
            "close": self.close,
            "melds": _lists(self.melds),
            "deadwood": list(self.deadwood),
            "runner_up": self.runner_up.to_dict(),
        }


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "can_cut": self.can_cut,
            "discard": self.discard,
            "close": self.close,
            "deadwood_points": self.deadwood_points,
            "best_discard": self.best_discard,
            "best_discards": list(self.best_discards),
            "cut_discards": list(self.cut_discards),
            "melds": _lists(self.melds),
            "deadwood": list(self.deadwood),
        }


@dataclass(frozen=True, slots=True)
class CountDeadwoodAnswer:
    deadwood_points: int
    melds: tuple[Codes, ...]
    deadwood: Codes
    meld_kinds: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "deadwood_points": self.deadwood_points,
            "melds": _lists(self.melds),
            "deadwood": list(self.deadwood),
            "meld_kinds": list(self.meld_kinds),
        }


@dataclass(frozen=True, slots=True)
class LayOff:
    """Cards laid off onto the cutter's meld number `meld` (from 1), and the meld they make."""

    meld: int
    cards: Codes
    makes: Codes

    def to_dict(self) -> dict[str, Any]:
        return {"meld": self.meld, "cards": list(self.cards), "makes": list(self.makes)}


@dataclass(frozen=True, slots=True)
class AcomodoAnswer:
    deadwood_points: int
    deadwood: Codes
    laid_off: tuple[LayOff, ...]
    melds: tuple[Codes, ...]
    cutter_melds: tuple[Codes, ...]
    points_without_acomodo: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "deadwood_points": self.deadwood_points,
            "deadwood": list(self.deadwood),
            "laid_off": [lay.to_dict() for lay in self.laid_off],
            "melds": _lists(self.melds),
            "cutter_melds": _lists(self.cutter_melds),
            "points_without_acomodo": self.points_without_acomodo,
        }


@dataclass(frozen=True, slots=True)
class TakeOrDrawAnswer:
    advice: str
    pozo_top: str
    seen: Codes
    unseen: int
    take: Keep
    draw: DrawOption
    margin_points: int
    thumbs: dict[str, str]  # rule of thumb -> what it says
    thumbs_wrong: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "advice": self.advice,
            "pozo_top": self.pozo_top,
            "seen": list(self.seen),
            "unseen": self.unseen,
            "take": self.take.to_dict(),
            # Each drawn card's outcome is advise's detail, not the key's.
            "draw": {k: v for k, v in self.draw.to_dict().items() if k != "by_card"},
            "margin_points": self.margin_points,
            "thumbs": dict(self.thumbs),
            "thumbs_wrong": list(self.thumbs_wrong),
        }


@dataclass(frozen=True, slots=True)
class Choice:
    """A discard the sheet offers, with the turns to the cut it leaves and its loose points."""

    discard: str
    turns_to_cut: float
    deadwood_points: int

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "discard": self.discard,
            "turns_to_cut": self.turns_to_cut,
            "deadwood_points": self.deadwood_points,
            "melds": _lists(self.melds),
            "deadwood": list(self.deadwood),
            "fewest_points_discard": self.fewest_points_discard,
            "fewest_points_turns_to_cut": self.fewest_points_turns_to_cut,
            "fewest_points_deadwood_points": self.fewest_points_deadwood_points,
            "runner_up": self.runner_up,
            "runner_up_turns_to_cut": self.runner_up_turns_to_cut,
            "choices": [choice.to_dict() for choice in self.choices],
        }


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
        return {
            "can_use": self.can_use,
            "laid": list(self.laid),
            "cards_laid": len(self.laid),
            "melds": _lists(self.melds),
            "pay": self.pay,
            "can_go_out": self.can_go_out,
            "faced": self.faced,
            "table": _lists(self.table),
        }


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "can_go_out": self.can_go_out,
            "can_use": self.can_use,
            "melds": _lists(self.melds),
            "laid": list(self.laid),
            "pay": self.pay,
            "left": list(self.left),
            "faced": self.faced,
            "table": _lists(self.table),
        }


@dataclass(frozen=True, slots=True)
class Melded:
    """Melds put down in one turn and the points they make."""

    melds: tuple[Codes, ...]
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"melds": _lists(self.melds), "points": self.points}


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

    def to_dict(self) -> dict[str, Any]:
        return {
            "can_open": self.can_open,
            "score": self.score,
            "required_minimum": self.required_minimum,
            "max_points": self.max_points,
            "opening_fewest": None
            if self.opening_fewest is None
            else self.opening_fewest.to_dict(),
            "melds": _lists(self.melds),
            "left": list(self.left),
            "red_threes": list(self.red_threes),
        }


@dataclass(frozen=True, slots=True)
class CountHandAnswer:
    meld_points: int
    melds: tuple[Codes, ...]
    left: Codes
    red_threes: Codes

    def to_dict(self) -> dict[str, Any]:
        return {
            "meld_points": self.meld_points,
            "melds": _lists(self.melds),
            "left": list(self.left),
            "red_threes": list(self.red_threes),
        }


# The hand kinds of rummy games: melds, loose cards and maybe a discard.
RummyAnswer = (
    BestDiscardAnswer | CanCutAnswer | CountDeadwoodAnswer | AcomodoAnswer | FastestDiscardAnswer
)
Answer = (
    RummyAnswer | TakeOrDrawAnswer | UseFacedAnswer | GoOutAnswer | CanOpenAnswer | CountHandAnswer
)
