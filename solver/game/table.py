"""The cards of one round on the table: every hand, the stock, the pozo, and the round's discards.

Every card is in exactly one place after every step; `check` proves it against the deck. The
stock's top is the end of its list (a draw pops it); records write it top first.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import chain
from typing import Any

from mazo.solver.cards import Card, Deck


class EngineError(AssertionError):
    """The engine broke its own invariant (a card in two places): a bug, never a player's."""


@dataclass(slots=True)
class Table:
    """One round's cards, and who threw and who took each discard."""

    deck: Deck
    order: list[str]  # the players of the round in turn order, the mano first
    hands: dict[str, list[Card]]
    stock: list[Card]  # bottom .. top
    pozo: list[Card]  # bottom .. top
    discards: list[dict[str, Any]] = field(default_factory=list)
    # The deck's objects by identity, sorted, once a round: every step checks against them (the
    # deck deals its own objects, and a dataclass hashes in Python).
    full_ids: list[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.full_ids = sorted(map(id, self.deck.all_cards()))

    def check(self) -> None:
        """Every card of the deck in exactly one place."""
        places = (self.stock, self.pozo, *self.hands.values())
        # The same objects are the same cards; only when they are not is each card compared.
        if sorted(map(id, chain.from_iterable(places))) == self.full_ids:
            return
        held: Counter[Card] = Counter(chain.from_iterable(places))
        full = Counter(self.deck.all_cards())
        # As dicts: neither side counts a card zero times.
        if dict.__ne__(held, full):
            extra, missing = held - full, full - held
            raise EngineError(
                f"cards out of place: extra {self.deck.codes(extra.elements())}, "
                f"missing {self.deck.codes(missing.elements())}"
            )

    def stock_codes(self) -> list[str]:
        """The stock as a record writes it: top first."""
        return self.deck.codes(reversed(self.stock))

    def draw_stock(self, player: str) -> Card:
        card = self.stock.pop()
        self.hands[player].append(card)
        return card

    def take_pozo(self, player: str) -> Card:
        card = self.pozo.pop()
        self.hands[player].append(card)
        # The pozo's top is the last discard, unless it is the first upcard (no discard yet).
        if self.discards and self.discards[-1]["taken_by"] is None:
            self.discards[-1]["taken_by"] = player
        return card

    def throw(self, player: str, card: Card) -> None:
        self.hands[player].remove(card)
        self.pozo.append(card)
        self.discards.append({"player": player, "card": self.deck.code(card), "taken_by": None})

    def sorted_hand(self, player: str) -> list[str]:
        return self.deck.codes(sorted(self.hands[player], key=self.deck.sort_key))
