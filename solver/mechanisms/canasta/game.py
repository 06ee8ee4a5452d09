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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.errors import InputError, MazoError, OptionError, quoted
from mazo.solver.match.sheet import Sheet, SheetError, SheetHand, SideCards, so_far
from mazo.solver.mechanisms.base import SheetGame
from mazo.solver.mechanisms.canasta import GOING_OUT
from mazo.solver.mechanisms.canasta.scoring import (
    CanastaScore,
    hands_left_why,
    points_step,
    score_as_written,
)
from mazo.solver.mechanisms.canasta.solve import canasta_rules
from mazo.solver.messages import MESSAGES, Said, Told, said, titled
from mazo.solver.plain import as_json, inserted, plain
from mazo.solver.spec.reader import MAX_POINTS
from mazo.solver.spec.rulespec import RuleSpec

CARD_FIELDS = ("table", "red_threes", "hand", "going_out")
# What a Canasta row holds besides the sides, as an unknown key's message names it.
ROW_FIELDS = Told("canasta.row_fields", fields=", ".join(CARD_FIELDS))
# Partners to show how a side is named, when the sheet's own names do not make the sides.
EXAMPLE_PARTNERS = ("Ana", "Beto", "Caro", "Dani", "Eva", "Fede", "Gabi", "Hugo", "Inés")
# What a Canasta hand does not have, of the fields a sheet's row may give.
NOT_CANASTA = ("cutter", "close", "drawn_from_pozo", "reenter", "wins", "upcard")


class PlacedError(InputError):
    """A mistake in a side's cards that already names its field's line."""


@dataclass(frozen=True, slots=True)
class SidesLine:
    """One hand: each side's points, its total after the hand, the minimum that total sets for
    the next hand, and the count of each side given as cards."""

    number: int = field(metadata=as_json("hand"))
    points: dict[str, int]
    totals: dict[str, int]
    minimum: dict[str, int]
    counts: dict[str, CanastaScore] = field(metadata=as_json("cards"))


@dataclass(frozen=True, slots=True)
class SidesGame:
    """The whole game; its fields are the JSON of `mazo match --json` for Canasta."""

    game: str
    sides: tuple[str, ...] = field(metadata=as_json("players"))
    target: int
    start: dict[str, int]
    start_minimum: dict[str, int]
    lines: tuple[SidesLine, ...] = field(metadata=as_json("hands"))
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
        found = inserted(plain(self), "hands", "totals", self.totals)
        found = inserted(found, "totals", "minimum", self.minimum)
        return inserted(found, "minimum", "finished", self.winner is not None)


def play_sides_game(spec: RuleSpec, sheet: Sheet) -> SidesGame:
    """Run the sheet hand by hand to the target; a row that cannot be played, or one after the
    game's end, stops with its place named."""
    rules = canasta_rules(spec)
    target = spec.match.target
    if target is None:
        raise OptionError.of("canasta.no_target", game=spec.game)
    _check_sides(spec, sheet, rules.sides, rules.partners)
    totals = {side: sheet.start.get(side, 0) for side in sheet.players}
    start = dict(totals)
    lines: list[SidesLine] = []
    winner, tied = _verdict(totals, target)
    for number, hand in enumerate(sheet.hands, start=1):
        try:
            if winner is not None:
                raise InputError.of(_over(winner, totals[winner], lines, target))
            lines.append(_play_hand(spec, sheet, hand, number, totals))
        except PlacedError as exc:
            raise SheetError(exc, so_far(sheet, number)) from None
        except MazoError as exc:
            raise SheetError(
                said("at", where=hand.where, error=exc), so_far(sheet, number)
            ) from None
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


def _check_sides(spec: RuleSpec, sheet: Sheet, sides: int, partners: int) -> None:
    if len(sheet.players) == sides:
        return
    count = len(sheet.players)
    error = said("canasta.sides", where=sheet.where, game=titled(spec), sides=sides, count=count)
    if partners == 1:
        raise InputError.of(error)
    # The players as written, when they make the sides, else any four: partners together.
    names = sheet.players if count == sides * partners else EXAMPLE_PARTNERS[: sides * partners]
    raise InputError.of(
        "canasta.sides_named", error=error, example=_sides_example(names, partners, sheet)
    )


def _sides_example(names: Sequence[str], partners: int, sheet: Sheet) -> Callable[[str], str]:
    """The sides as the reader takes them, a partnership in one name: `Ana y Beto,Caro y Dani`
    after --players, or the sheet's `Ana y Beto, Caro y Dani`."""

    def said_in(lang: str) -> str:
        both = MESSAGES[lang]["and"]
        sides = [both.join(names[i : i + partners]) for i in range(0, len(names), partners)]
        if sheet.where == "--players":
            return f'--players "{",".join(sides)}"'
        return ", ".join(sides)

    return said_in


def _over(winner: str, total: int, lines: list[SidesLine], target: int) -> Said:
    when = said("canasta.after_hand", n=lines[-1].number) if lines else said("canasta.at_the_start")
    return said("canasta.game_over", winner=winner, when=when, total=total, target=target)


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
            points[side] = _points(hand.entries[side], side, points_step(spec))
    _check_supply(spec, counts)
    going_out = [side for side, count in counts.items() if count.going_out != GOING_OUT[0]]
    if len(going_out) > 1:
        raise InputError.of("canasta.one_goes_out", sides=", ".join(going_out))
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
        groups.append(
            (Told("canasta.on_sides_table", side=side), [c for m in count.melds for c in m.cards])
        )
        groups.append((Told("canasta.in_sides_hand", side=side), list(count.hand)))
    spec.deck.check_supply(groups)
    most = spec.deck.copies * len(canasta_rules(spec).red_three_suits)
    red_threes = {side: count.red_threes for side, count in counts.items() if count.red_threes}
    if sum(red_threes.values()) > most:
        given = [said("canasta.by_side", n=n, side=side) for side, n in red_threes.items()]
        raise InputError.of(
            "canasta.red_threes_laid",
            count=sum(red_threes.values()),
            given=lambda lang: ", ".join(g(lang) for g in given),
            most=most,
        )


def _check_row(sheet: Sheet, hand: SheetHand) -> None:
    given = [*hand.entries, *hand.sides]
    for side in given:
        if side not in sheet.players:
            raise InputError.of(
                "canasta.unknown_side", side=repr(side), sides=", ".join(sheet.players)
            )
    missing = [side for side in sheet.players if side not in given]
    if missing:
        raise InputError.of("no_points_for", sides=", ".join(missing))
    extra = next((f for f in NOT_CANASTA if getattr(hand, f) not in (None, ())), None)
    if extra is not None:
        raise InputError.of("canasta.has_no", field=extra)


def _points(value: int | str, side: str, step: int) -> int:
    if isinstance(value, str):
        raise InputError.of(
            "canasta.side_has", side=side, value=quoted(value), fields=", ".join(CARD_FIELDS)
        )
    if value % step:
        raise InputError.of("canasta.points_step", side=side, value=value, step=step)
    return value


def _count(spec: RuleSpec, cards: SideCards, side: str, before: int) -> CanastaScore:
    """A side's points from its cards, as `mazo score canasta` counts them; a mistake names the
    field's line."""
    unknown = next((f for f in cards.fields if f not in CARD_FIELDS), None)
    if unknown is not None:
        raise PlacedError.of(
            "canasta.side_field",
            where=cards.places[unknown],
            side=side,
            field=repr(unknown),
            fields=", ".join(CARD_FIELDS),
        )
    written = _SideFields(cards, side)
    hands = written.texts("hand")
    going_out = written.word("going_out", GOING_OUT)
    why = hands_left_why(canasta_rules(spec), hands, going_out)
    if why:
        raise written.fail("hand", why)
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
        raise PlacedError.of(
            "canasta.sides_cards", where=cards.where, side=side, error=exc
        ) from None


@dataclass(frozen=True, slots=True)
class _SideFields:
    """A side's card fields read one by one, each mistake naming its line and field."""

    cards: SideCards
    side: str

    def fail(self, name: str, message: str | Callable[[str], str]) -> PlacedError:
        return PlacedError.of(
            "canasta.sides_field",
            where=self.cards.places[name],
            side=self.side,
            name=name,
            error=message,
        )

    def texts(self, name: str) -> list[str]:
        """Card codes: one text, or a list of texts."""
        value = self.cards.fields.get(name)
        if value is None:
            return []
        texts = value if isinstance(value, list) else [value]
        if not all(isinstance(text, str) for text in texts):
            raise self.fail(name, said("canasta.card_codes", value=quoted(value)))
        return texts

    def whole(self, name: str) -> int:
        value = self.cards.fields.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(name, said("canasta.not_whole", value=quoted(value)))
        if not 0 <= value <= MAX_POINTS:
            raise self.fail(name, said("canasta.not_in_range", value=value, most=MAX_POINTS))
        return value

    def word(self, name: str, choices: tuple[str, ...]) -> str:
        value = self.cards.fields.get(name, choices[0])
        if value not in choices:
            raise self.fail(
                name, said("canasta.not_one_of", value=quoted(value), choices=", ".join(choices))
            )
        return str(value)


SIDES = SheetGame("sides", ROW_FIELDS, play_sides_game)
