"""Rummy (Conga, Chinchón, Gin): draw one card, discard one; a hand's best melds and discards."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, overload

from mazo.solver.errors import InputError, MazoError
from mazo.solver.mechanisms.base import HandScoring, Mechanism, SheetGame, option, score_option

if TYPE_CHECKING:
    from mazo.solver.cards import Card, Deck
    from mazo.solver.mechanisms.rummy.result import SolveResult
    from mazo.solver.spec.prose import Example
    from mazo.solver.spec.reader import Reader
    from mazo.solver.spec.rulespec import MeldKind, PlayRules, RuleSpec


@overload
def position_card(spec: RuleSpec, card: None) -> None: ...
@overload
def position_card(spec: RuleSpec, card: str | Card) -> Card: ...
def position_card(spec: RuleSpec, card: str | Card | None) -> Card | None:
    """A card of the position given as a code or a Card (the card taken from the pozo, the
    upcard), checked against the deck."""
    if card is None:
        return None
    return spec.deck.parse_card(card if isinstance(card, str) else spec.deck.code(card))


@dataclass(frozen=True, slots=True)
class Position:
    """Around a rummy hand: the card just taken from the pozo (it cannot be the cutting
    discard), and under Oklahoma the hand's first upcard (it sets the knock limit)."""

    drawn_from_pozo: str | Card | None = field(
        default=None,
        metadata=option(
            "The card just taken from the pozo: it cannot be the cutting discard.",
            "La carta que se acaba de levantar del pozo: no puede ser la carta con que se corta.",
            card=True,
        ),
    )
    upcard: str | Card | None = field(
        default=None,
        metadata=option(
            "Gin under Oklahoma: the hand's first upcard, which sets the knock limit.",
            "Gin con Oklahoma: la primera carta del pozo de la mano, que fija el límite para "
            "llamar.",
            card=True,
        ),
    )


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """A rummy hand as `mazo score` takes it: the closer's cards and name, each rival's cards,
    and the position around the close."""

    cutter: str | None = field(
        default=None,
        metadata=score_option(
            "The closer's cards: the 7 kept (10 in Gin), or with the discard still in hand.",
            "Las cartas del que corta: las 7 que guarda (10 en Gin), o con el descarte todavía "
            "en la mano.",
        ),
    )
    rivals: list[str] | None = field(
        default=None,
        metadata=score_option(
            'A rival, NAME="CARDS" (repeatable, in turn order starting after the cutter).',
            'Un rival, NOMBRE="CARTAS" (se puede repetir, en el orden de juego desde el que '
            "corta).",
            flag="--rival",
            many=True,
        ),
    )
    cutter_name: str | None = field(
        default=None,
        metadata=score_option(
            "The closer's name.  [default: cutter]",
            "El nombre del que corta.  [por defecto: cutter]",
        ),
    )
    drawn_from_pozo: str | None = field(
        default=None,
        metadata=score_option(
            "The card the cutter just took from the pozo: it cannot be the cutting discard.",
            "La carta que el que corta acaba de levantar del pozo: no puede ser la carta con "
            "que corta.",
            card=True,
        ),
    )
    upcard: str | None = field(
        default=None,
        metadata=score_option(
            "Gin under Oklahoma: the first upcard (sets the knock limit; a spade doubles).",
            "Gin con Oklahoma: la primera carta del pozo (fija el límite para llamar; una de "
            "picas duplica).",
            card=True,
        ),
    )


class Rummy(Mechanism["SolveResult"]):
    """Draw one card, discard one; a hand's best melds, loose points, discards and closes."""

    name = "rummy"
    section = "play"
    position = Position
    result = "mazo.solver.mechanisms.rummy.result.SolveResult"
    kinds = (
        "best-discard",
        "can-cut",
        "count-deadwood",
        "acomodo",
        "take-or-draw",
        "fastest-discard",
    )
    example_keys = ("pozo",)
    help_parts: ClassVar[Mapping[str, Mapping[str, str]]] = {
        "solve cards": {
            "en": "Conga, Chinchón and Gin take the resting size (7, 7, 10), one card more (every "
            "discard ranked) or more (analysed as one arrangement).",
            "es": "Conga, Chinchón y Gin toman la mano en espera (7, 7, 10 cartas), una carta más "
            "(se ordenan todos los descartes) o más (se analizan como una sola combinación).",
        }
    }
    # Cards count only when left loose (elsewhere melded cards count too).
    values_heading = "values_table"

    def read_section(
        self, r: Reader, deck: Deck, melds: tuple[MeldKind, ...], hand_size: int
    ) -> PlayRules:
        from mazo.solver.spec.sections import read_play

        return read_play(r, deck, hand_size)

    def solve(
        self,
        spec: RuleSpec,
        cards: tuple[Card, ...],
        *,
        time_limit: float,
        backend: str,
        at: Position,
    ) -> SolveResult:
        """The hand's best arrangement and every discard."""
        # Imported with the first position: the spec loader reaches this package through the
        # registry, and these modules import the spec loader.
        from mazo.solver.mechanisms.rummy.analysis import solve_hand
        from mazo.solver.mechanisms.rummy.result import UpcardSolveResult
        from mazo.solver.mechanisms.rummy.upcard import upcard_rules

        pozo = position_card(spec, at.drawn_from_pozo)
        if at.upcard is None:
            return solve_hand(
                spec, cards, drawn_from_pozo=pozo, time_limit=time_limit, backend=backend
            )
        # Oklahoma: the hand's knock limit comes from its first upcard.
        card = position_card(spec, at.upcard)
        ruled, multiplier = upcard_rules(spec, card)
        result = solve_hand(
            ruled, cards, drawn_from_pozo=pozo, time_limit=time_limit, backend=backend
        )
        fields = {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
        return UpcardSolveResult(**fields, upcard=spec.deck.code(card), multiplier=multiplier)

    def solve_batch(
        self, spec: RuleSpec, hands: Sequence[Any], call: Mapping[str, Any]
    ) -> Sequence[SolveResult | None]:
        """Hands of playing size go to the compiled meld search together; other options, or a
        call it cannot take, go hand by hand."""
        from mazo.solver.backends import search
        from mazo.solver.spec.reader import seconds

        if not _batch_searchable(spec, call):
            return [None] * len(hands)
        try:
            if call.get("time_limit") is not None:
                seconds(call["time_limit"], "time_limit")
            pozo = position_card(spec, call.get("drawn_from_pozo"))
        except MazoError:
            return [None] * len(hands)  # each hand reports it, in order, as a single hand would
        from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult

        return search.solve_many(spec, hands, pozo, result=SolveResult, discard=DiscardOption)

    def check_hand(self, spec: RuleSpec, cards: tuple[Card, ...], at: Mapping[str, Any]) -> None:
        super().check_hand(spec, cards, at)
        if len(cards) < spec.hand_size:
            raise InputError.of(
                "hand_size",
                game=spec.game,
                size=spec.hand_size,
                more=spec.hand_size + 1,
                given=len(cards),
            )

    def example_position(self, spec: RuleSpec, example: Example) -> dict[str, Any]:
        return {"drawn_from_pozo": example.pozo}

    def play_rules(self, spec: RuleSpec) -> PlayRules | None:
        return spec.play

    def scoring(self) -> HandScoring:
        """The close, each rival's acomodo, passing the cutter, everyone's points."""
        return HandScoring(
            "rummy", ScoredHand, "mazo.solver.mechanisms.rummy.written.score_written"
        )

    def sheet_game(self, spec: RuleSpec) -> SheetGame:
        """A game to `match.target` (Gin: two players, lines and bonuses), else an elimination
        match."""
        from mazo.solver.match.elimination import ELIMINATION
        from mazo.solver.match.target import TO_TARGET

        return TO_TARGET if spec.match.target is not None else ELIMINATION


def _batch_searchable(spec: RuleSpec, call: Mapping[str, Any]) -> bool:
    """A batch the compiled search can answer whole."""
    from mazo.solver.backends import Backend, search

    return (
        call.get("backend", Backend.AUTO) in (Backend.AUTO, Backend.SEARCH)
        and {k for k, v in call.items() if v is not None}
        <= {"backend", "time_limit", "drawn_from_pozo"}
        # Without the search, each hand is judged on its own: only those it would take are slower.
        and search.available()
        and search.applies(spec, ())
    )


MECHANISM = Rummy()
