"""Conquián: a card is faced and offered; can it go onto the player's table, and what is paid?"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from mazo.solver.errors import InputError
from mazo.solver.mechanisms.base import HandScoring, Mechanism, SheetGame, option
from mazo.solver.mechanisms.rummy import MECHANISM as RUMMY
from mazo.solver.messages import Said, said

if TYPE_CHECKING:
    from types import ModuleType

    from mazo.solver.cards import Card, Deck
    from mazo.solver.mechanisms.conquian.rules import ConquianRules
    from mazo.solver.mechanisms.conquian.solve import ConquianResult
    from mazo.solver.spec.prose import Example
    from mazo.solver.spec.reader import Reader
    from mazo.solver.spec.rulespec import MeldKind, RuleSpec


@dataclass(frozen=True, slots=True)
class Position:
    """Around a Conquián hand: the faced card offered, the player's own table melds and a
    rival's (each "MELD; MELD" or melds of cards)."""

    faced: Card | str | None = field(
        default=None,
        metadata=option(
            "the faced card offered to the player.",
            "la carta de vuelta que se le ofrece al jugador.",
            card=True,
            waits=True,
        ),
    )
    table: Any = field(
        default=None,
        metadata=option(
            'the team\'s melds, "MELD; MELD".', 'los juegos bajados del equipo, "JUEGO; JUEGO".'
        ),
    )
    rival_table: Any = field(
        default=None,
        metadata=option(
            'a rival\'s melds, "MELD; MELD".', 'los juegos bajados de un rival, "JUEGO; JUEGO".'
        ),
    )


class Conquian(Mechanism["ConquianResult"]):
    """A card is faced and offered: used or not, what is paid, whether the table goes out."""

    name = "conquian"
    label = "Conquián"
    section = "conquian"
    position = Position
    result = "mazo.solver.mechanisms.conquian.solve.ConquianResult"
    kinds = ("use-faced-card", "go-out")
    example_keys = ("faced", "table")
    help_parts: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "solve cards": {
            "en": "Conquián: hand and --table hold at most the hand size (8) between them; fewer "
            "is a partial position, analysed with only the cards given; an empty hand needs all 8 "
            "on the table.",
            "es": "Conquián: la mano y --table tienen entre las dos a lo sumo el tamaño de la mano "
            "(8); menos es una posición parcial, analizada solo con las cartas dadas; una mano "
            "vacía necesita las 8 en la mesa.",
        }
    }
    # The faced card: an example is a position around it.
    example_needs = ("faced",)

    def read_section(
        self, r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int
    ) -> ConquianRules:
        from mazo.solver.mechanisms.conquian.rules import read_conquian

        return read_conquian(r, hand_size)

    def solve(
        self,
        spec: RuleSpec,
        cards: tuple[Card, ...],
        *,
        time_limit: float,
        backend: str,
        at: Position,
    ) -> ConquianResult:
        """One CP-SAT model answers every position, whatever the back end."""
        # Imported with the first position: the spec loader reaches this package through the
        # registry, and the solver imports the spec loader.
        from mazo.solver.mechanisms.conquian.solve import solve_conquian

        return solve_conquian(
            spec,
            cards,
            faced=at.faced,
            table=at.table,
            rival_table=at.rival_table,
            time_limit=time_limit,
        )

    def check_hand(self, spec: RuleSpec, cards: tuple[Card, ...], at: Mapping[str, Any]) -> None:
        """A player may wait with no hand for a faced card; the hand's size is checked with the
        table it goes with, by the solver."""
        if not cards and at.get("faced") is None:
            raise InputError.of("empty_hand")

    def check_example(
        self,
        deck: Deck,
        hand_size: int,
        hand: tuple[Card, ...],
        *,
        faced: Card | None,
        table: tuple[tuple[Card, ...], ...],
    ) -> Said | None:
        """Hand, faced card and own table melds come from one deck, and hand and table hold
        exactly a player's cards (using a card and paying one keeps the count)."""
        if faced is None:  # the spec reader asks for it first
            return None
        dealt = [*hand, faced, *(c for meld in table for c in meld)]
        try:
            deck.parse_hand(deck.codes(dealt))
        except InputError as error:
            return said("conquian.dealt_together", error=error)
        held = len(dealt) - 1
        if held != hand_size:
            return said("conquian.held_cards", held=held, size=hand_size)
        return None

    def example_position(self, spec: RuleSpec, example: Example) -> dict[str, Any]:
        table = [tuple(spec.deck.codes(meld)) for meld in example.table]
        return {"faced": example.faced, "table": table or None}

    def book(self) -> ModuleType:
        """Its examples drawn as positions of its own, and its own tables."""
        return self.own("book")

    def scoring(self) -> HandScoring:
        """A hand is scored as a rummy hand."""
        return RUMMY.scoring()

    def sheet_game(self, spec: RuleSpec) -> SheetGame:
        from mazo.solver.match.elimination import ELIMINATION

        return ELIMINATION


MECHANISM = Conquian()
