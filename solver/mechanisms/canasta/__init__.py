"""Canasta Uruguaya: the initial meld, taking the pozo and going out, for one hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from mazo.solver.mechanisms.base import HandScoring, Mechanism, SheetGame, option, score_option

if TYPE_CHECKING:
    from types import ModuleType

    from mazo.solver.cards import Card, Deck
    from mazo.solver.mechanisms.canasta.rules import CanastaRules
    from mazo.solver.mechanisms.canasta.solve import CanastaResult
    from mazo.solver.spec.prose import Example
    from mazo.solver.spec.reader import Reader
    from mazo.solver.spec.rulespec import MeldKind, RuleSpec


# How the partnership ended the hand: not out, out, or out concealed (all at once).
GoingOut = Literal["no", "out", "concealed"]
GOING_OUT: tuple[GoingOut, ...] = ("no", "out", "concealed")


@dataclass(frozen=True, slots=True)
class Position:
    """Around a Canasta hand: the side's cumulative score (it sets the initial meld minimum),
    the pozo's top card and the cards under it, and the side's table melds."""

    score: int | str | None = field(
        default=None,
        metadata=option("the team's cumulative score.", "el puntaje acumulado del equipo."),
    )
    pozo_top: Card | str | None = field(
        default=None,
        metadata=option("the top card of the pozo.", "la carta de arriba del pozo.", card=True),
    )
    pozo: Any = field(
        default=None,
        metadata=option(
            'the other cards of the pozo, "CARDS".', 'las demás cartas del pozo, "CARTAS".'
        ),
    )
    # An option another mechanism has too: its help is the first's that gives one.
    table: Any = field(default=None, metadata=option())


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One partnership's Canasta hand as `mazo score` takes it: its melds, red 3s, the cards
    left in each partner's hand, how it went out and its total before the hand."""

    table: list[str] | None = field(
        default=None,
        metadata=score_option(
            "the partnership's melds, separated by ';'.",
            "los juegos bajados del equipo, separados por ';'.",
            many=True,
        ),
    )
    red_threes: int | None = field(
        default=None,
        metadata=score_option(
            "red 3s the partnership laid down.  [default: 0]",
            "los 3 rojos que bajó el equipo.  [por defecto: 0]",
            whole=True,
            minimum=0,
        ),
    )
    hands: list[str] | None = field(
        default=None,
        metadata=score_option(
            "cards left in a partner's hand (repeatable).",
            "las cartas que le quedan en la mano a un compañero (se puede repetir).",
            flag="--hand",
            many=True,
        ),
    )
    going_out: str | None = field(
        default=None,
        metadata=score_option(
            f"{' / '.join(GOING_OUT)} (concealed).  [default: {GOING_OUT[0]}]",
            "no / out (cerró) / concealed (cerró en mano).  [por defecto: no]",
            choices=GOING_OUT,
        ),
    )
    score_before: int | None = field(
        default=None,
        metadata=score_option(
            "the partnership's total before this hand.",
            "el total del equipo antes de esta mano.",
            flag="--score",
            whole=True,
        ),
    )


class Canasta(Mechanism["CanastaResult"]):
    """Partnerships: the initial meld by the side's score, the pozo, going out."""

    name = "canasta"
    label = "Canasta"
    section = "canasta"
    position = Position
    result = "mazo.solver.mechanisms.canasta.solve.CanastaResult"
    kinds = ("can-open", "count-hand")
    example_keys = ("score",)
    help_parts: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "match": {
            "en": "in Canasta, each side's total and its initial meld minimum for the next hand",
            "es": "en Canasta, el total de cada equipo y su mínimo de bajada para la mano "
            "siguiente",
        }
    }
    own_tables: ClassVar[Mapping[str, str]] = {"minimum_opening": "canasta.minimum_is_canastas"}
    side_fields = True

    def read_section(
        self, r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int
    ) -> CanastaRules:
        from mazo.solver.mechanisms.canasta.rules import read_canasta

        return read_canasta(r, deck, melds)

    def solve(
        self,
        spec: RuleSpec,
        cards: tuple[Card, ...],
        *,
        time_limit: float,
        backend: str,
        at: Position,
    ) -> CanastaResult:
        """One exact search answers every position, whatever the back end, in far less than
        any time limit (search.py), so the limit is not passed on."""
        # Imported with the first position: the spec loader reaches this package through the
        # registry, and the solver imports the spec loader.
        from mazo.solver.mechanisms.canasta.solve import solve_canasta

        return solve_canasta(
            spec, cards, score=at.score, pozo_top=at.pozo_top, pozo=at.pozo, table=at.table
        )

    def example_position(self, spec: RuleSpec, example: Example) -> dict[str, Any]:
        return {"score": example.score}

    def book(self) -> ModuleType:
        """Its examples drawn as positions of its own, and its own tables."""
        return self.own("book")

    def wild_ranks(self, spec: RuleSpec) -> frozenset[int]:
        """Its 2s (`canasta.wild_ranks`)."""
        from mazo.solver.mechanisms.canasta.solve import canasta_rules

        return canasta_rules(spec).wild_ranks

    def scoring(self) -> HandScoring:
        """One partnership's melds, red 3s, cards left in hand and going out, item by item."""
        return HandScoring(
            "canasta", ScoredHand, "mazo.solver.mechanisms.canasta.scoring.score_options"
        )

    def sheet_game(self, spec: RuleSpec) -> SheetGame:
        """Side against side to `match.target`, each side's initial meld minimum set by its
        total."""
        from mazo.solver.mechanisms.canasta.game import SIDES

        return SIDES


MECHANISM = Canasta()
