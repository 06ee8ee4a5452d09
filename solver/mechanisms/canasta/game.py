"""Canasta's game: a score sheet played side against side to the target (rulebooks/NOTES.md,
"Canasta Uruguaya").

The sheet is the one `mazo match` reads (match.sheet.read_sheet): its players are the sides (two
partnerships, or each player under `players=2` or `players=3`), and each hand gives each side's
points or its cards as `mazo score canasta` takes them (`table`, `red_threes`, `hand` one per
partner, `going_out`), scored by the same code. After every hand each side has its total and
the initial meld minimum that total sets for the next hand. The game ends after the hand in
which a side reaches `match.target` with more points than every other side; a tie for the most
at or past the target plays another hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mazo.solver.errors import InputError, MazoError, OptionError, quoted
from mazo.solver.match.sheet import Sheet, SheetError, SheetHand, SideCards, so_far
from mazo.solver.mechanisms.canasta.scoring import (
    GOING_OUT,
    CanastaScore,
    score_as_written,
    too_many_hands,
)
from mazo.solver.mechanisms.canasta.solve import canasta_rules
from mazo.solver.spec.load import RuleSpec
from mazo.solver.spec.read import MAX_POINTS

CARD_FIELDS = ("table", "red_threes", "hand", "going_out")
# What a Canasta row holds besides the sides, as an unknown key's message names it.
ROW_FIELDS = f"cards; a side's cards are a mapping of {', '.join(CARD_FIELDS)}"
# What a Canasta hand does not have, of the fields a sheet's row may give.
NOT_CANASTA = ("cutter", "close", "drawn_from_pozo", "reenter", "wins", "upcard")


class PlacedError(InputError):
    """A mistake in a side's cards that already names its field's line."""


@dataclass(frozen=True, slots=True)
class SidesLine:
    """One hand: each side's points, its total after the hand, the minimum that total sets for
    the next hand, and the count of each side given as cards."""

    number: int
    points: dict[str, int]
    totals: dict[str, int]
    minimum: dict[str, int]
    counts: dict[str, CanastaScore]

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "points": dict(self.points),
            "totals": dict(self.totals),
            "minimum": dict(self.minimum),
            "cards": {side: count.to_dict() for side, count in self.counts.items()},
        }


@dataclass(frozen=True, slots=True)
class SidesGame:
    """The whole game; its fields are the JSON of `mazo match --json` for Canasta."""

    game: str
    sides: tuple[str, ...]
    target: int
    start: dict[str, int]
    start_minimum: dict[str, int]
    lines: tuple[SidesLine, ...]
    winner: str | None
    # The sides tied for the most at or past the target after the last hand: one more is played.
    tied: tuple[str, ...] = ()

    @property
    def totals(self) -> dict[str, int]:
        return dict(self.lines[-1].totals) if self.lines else dict(self.start)

    @property
    def minimum(self) -> dict[str, int]:
        """Each side's initial meld minimum for the next hand."""
        return dict(self.lines[-1].minimum) if self.lines else dict(self.start_minimum)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.sides),
            "target": self.target,
            "start": dict(self.start),
            "start_minimum": dict(self.start_minimum),
            "hands": [line.to_dict() for line in self.lines],
            "totals": self.totals,
            "minimum": self.minimum,
            "finished": self.winner is not None,
            "winner": self.winner,
            "tied": list(self.tied),
        }


def play_sides_game(spec: RuleSpec, sheet: Sheet) -> SidesGame:
    """Run the sheet hand by hand to the target; a row that cannot be played, or one after the
    game's end, stops with its place named."""
    rules = canasta_rules(spec)
    target = spec.match.target
    if target is None:
        raise OptionError(f"{spec.game} has no target score (match.target) to play to")
    _check_sides(spec, sheet, rules.sides)
    totals = {side: sheet.start.get(side, 0) for side in sheet.players}
    start = dict(totals)
    lines: list[SidesLine] = []
    winner, tied = _verdict(totals, target)
    for number, hand in enumerate(sheet.hands, start=1):
        try:
            if winner is not None:
                raise InputError(_over(winner, totals[winner], lines, target))
            lines.append(_play_hand(spec, sheet, hand, number, totals))
        except PlacedError as exc:
            raise SheetError(str(exc), so_far(sheet, number)) from None
        except MazoError as exc:
            raise SheetError(f"{hand.where}: {exc}", so_far(sheet, number)) from None
        winner, tied = _verdict(totals, target)
    return SidesGame(
        game=spec.game,
        sides=sheet.players,
        target=target,
        start=start,
        start_minimum={side: rules.minimum(total) for side, total in start.items()},
        lines=tuple(lines),
        winner=winner,
        tied=tied,
    )


def _check_sides(spec: RuleSpec, sheet: Sheet, sides: int) -> None:
    if len(sheet.players) != sides:
        raise InputError(
            f"{sheet.where}: {spec.game} is played here by {sides} sides (two partnerships; "
            f"the option players=2 or players=3 for players on their own): the sheet lists "
            f"{len(sheet.players)}"
        )


def _over(winner: str, total: int, lines: list[SidesLine], target: int) -> str:
    when = f"after hand {lines[-1].number}" if lines else "at the start"
    return (
        f"the game is over: {winner} won {when} with {total} (target {target}); "
        "a row after the end is not played"
    )


def _verdict(totals: dict[str, int], target: int) -> tuple[str | None, tuple[str, ...]]:
    """The winner once a side has reached the target: the one with the most points; sides tied
    for the most at or past it play on."""
    best = max(totals.values())
    if best < target:
        return None, ()
    leaders = tuple(side for side, total in totals.items() if total == best)
    return (leaders[0], ()) if len(leaders) == 1 else (None, leaders)


def _play_hand(
    spec: RuleSpec, sheet: Sheet, hand: SheetHand, number: int, totals: dict[str, int]
) -> SidesLine:
    """One hand played: each side's points added to `totals`, and its line."""
    _check_row(sheet, hand)
    rules = canasta_rules(spec)
    points: dict[str, int] = {}
    counts: dict[str, CanastaScore] = {}
    for side in sheet.players:
        if side in hand.sides:
            counts[side] = _count(spec, hand.sides[side], side, totals[side])
            points[side] = counts[side].total
        else:
            points[side] = _points(hand.entries[side], side)
    _check_supply(spec, counts)
    going_out = [side for side, count in counts.items() if count.going_out != GOING_OUT[0]]
    if len(going_out) > 1:
        raise InputError(f"only one side goes out in a hand: {', '.join(going_out)} do")
    for side, value in points.items():
        totals[side] += value
    return SidesLine(
        number=number,
        points=points,
        totals=dict(totals),
        minimum={side: rules.minimum(total) for side, total in totals.items()},
        counts=counts,
    )


def _check_supply(spec: RuleSpec, counts: dict[str, CanastaScore]) -> None:
    """All the sides' cards of one hand come from one deck: each side's count checks its own
    cards, and this checks them together (a card, or the red 3s, given more often than the deck
    has them)."""
    groups = []
    for side, count in counts.items():
        groups.append((f"on {side}'s table", [card for meld in count.melds for card in meld.cards]))
        groups.append((f"in {side}'s hand", list(count.hand)))
    spec.deck.check_supply(groups)
    most = spec.deck.copies * len(canasta_rules(spec).red_three_suits)
    red_threes = {side: count.red_threes for side, count in counts.items() if count.red_threes}
    if sum(red_threes.values()) > most:
        given = ", ".join(f"{n} by {side}" for side, n in red_threes.items())
        raise InputError(
            f"{sum(red_threes.values())} red 3s laid down ({given}); the deck has {most}"
        )


def _check_row(sheet: Sheet, hand: SheetHand) -> None:
    given = [*hand.entries, *hand.sides]
    for side in given:
        if side not in sheet.players:
            raise InputError(f"unknown side {side!r}; sides: {', '.join(sheet.players)}")
    missing = [side for side in sheet.players if side not in given]
    if missing:
        raise InputError(f"no points or cards for {', '.join(missing)}")
    extra = next((f for f in NOT_CANASTA if getattr(hand, f) not in (None, ())), None)
    if extra is not None:
        raise InputError(f"a Canasta hand has no {extra}: give each side's points or cards")


def _points(value: int | str, side: str) -> int:
    if isinstance(value, str):
        raise InputError(
            f"{side} has {quoted(value)}: give the side's points (a whole number), or its "
            f"cards as a mapping of {', '.join(CARD_FIELDS)}"
        )
    return value


def _count(spec: RuleSpec, cards: SideCards, side: str, before: int) -> CanastaScore:
    """A side's points from its cards, as `mazo score canasta` counts them; a mistake names the
    field's line."""
    unknown = next((f for f in cards.fields if f not in CARD_FIELDS), None)
    if unknown is not None:
        raise PlacedError(
            f"{cards.places[unknown]}: {side}'s {unknown!r} is not one of {', '.join(CARD_FIELDS)}"
        )
    written = _SideFields(cards, side)
    hands = written.texts("hand")
    why = too_many_hands(canasta_rules(spec), len(hands))
    if why:
        raise written.fail("hand", why)
    going_out = written.word("going_out", GOING_OUT)
    table, red_threes = written.texts("table"), written.whole("red_threes")
    try:
        return score_as_written(
            spec,
            table,
            red_threes=red_threes,
            hands=hands,
            going_out=going_out,
            score_before=before,
        )
    except MazoError as exc:
        raise PlacedError(f"{cards.where}: {side}'s cards: {exc}") from None


@dataclass(frozen=True, slots=True)
class _SideFields:
    """A side's card fields read one by one, each mistake naming its line and field."""

    cards: SideCards
    side: str

    def fail(self, name: str, message: str) -> PlacedError:
        return PlacedError(f"{self.cards.places[name]}: {self.side}'s {name}: {message}")

    def texts(self, name: str) -> list[str]:
        """Card codes: one text, or a list of texts."""
        value = self.cards.fields.get(name)
        if value is None:
            return []
        texts = value if isinstance(value, list) else [value]
        if not all(isinstance(text, str) for text in texts):
            raise self.fail(name, f"expected card codes, not {quoted(value)}")
        return texts

    def whole(self, name: str) -> int:
        value = self.cards.fields.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(name, f"{quoted(value)} is not a whole number")
        if not 0 <= value <= MAX_POINTS:
            raise self.fail(name, f"{value} is out of range (0 to {MAX_POINTS})")
        return value

    def word(self, name: str, choices: tuple[str, ...]) -> str:
        value = self.cards.fields.get(name, choices[0])
        if value not in choices:
            raise self.fail(name, f"{quoted(value)} is not one of {', '.join(choices)}")
        return str(value)
