"""What a player sees and answers: the public interface between the engine and any player.

A `View` is plain data a player at the table could write down: their own hand, the pozo and
who threw and took each card, each rival's count of cards and total, the stock's count. Never
the stock's order nor a rival's hand. Any object with `draw`, `discard` and `reenter` plays a
seat (`Player`), so an outside engine can drive a mazo bot and mazo can seat an outside bot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

# The answers to `draw`: the stock's top card, the pozo's top card, or (only when the rules
# offer the first upcard, `View.offer`) neither.
Source = Literal["stock", "pozo", "pass"]
SOURCES: tuple[Source, ...] = ("stock", "pozo", "pass")
# What a player is asked: one of its three methods (`Player`).
Asked = Literal["draw", "discard", "reenter"]


@dataclass(frozen=True, slots=True)
class View:
    """One player's view of the table at one decision.

    `draw` is asked with `drawn` None and the resting hand (7 cards; Gin 10). `discard` is asked
    with the drawn card in `hand` and in `drawn`, or, for the mano's opening discard, with the
    dealt hand of one card more and `drawn` None. `reenter` is asked after the round that put
    the player past the match's limit.
    """

    game: str
    me: str
    hand: list[str]
    pozo: list[str]
    # Every discard of this round in order: {"player", "card", "taken_by"} (a name or None).
    discards: list[dict[str, Any]]
    # This turn's card once drawn: {"card", "source"}, source "stock" or "pozo".
    drawn: dict[str, Any] | None
    stock_count: int
    # In turn order after me: {"name", "cards", "total"}.
    rivals: list[dict[str, Any]]
    round: int
    totals: dict[str, int]
    # The first upcard is offered (Gin): "pozo" takes it, "pass" declines it.
    offer: bool = False
    # Whether the pozo's top may be taken now: not when it is empty, nor (Gin) when both
    # players passed the first upcard, as the mano then draws from the stock.
    may_take: bool = True
    # Who is mano this round (the first to play; in Gin, the non-dealer).
    mano: str = ""
    # The rule options in force, as a record's "options" writes them.
    options: dict[str, Any] = field(default_factory=dict)
    # The round's first upcard, which every player saw (under Oklahoma it sets the knock limit).
    upcard: str | None = None


@dataclass(frozen=True, slots=True)
class TableView(View):
    """A view mazo's engine built from its table: right by construction, so a bot reads it
    without the checks a view made by hand gets (a bot reads every view of a game; under
    `MAZO_DEBUG=1` they run on these too)."""


@dataclass(frozen=True, slots=True)
class Play:
    """A discard: the card thrown and whether it cuts (closes the round). A close that needs no
    discard (Gin's big gin) is `Play(None, True)`."""

    card: str | None
    cut: bool = False


@runtime_checkable
class Player(Protocol):
    """Anything that answers the three decisions of a seat."""

    def draw(self, view: View) -> str: ...

    def discard(self, view: View) -> Play: ...

    def reenter(self, view: View) -> bool: ...
