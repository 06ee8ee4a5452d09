# The compiled search's interface (_search.c, whose header states the contract).
from collections.abc import Sequence
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.mechanisms.rummy.result import SolveResult

MAX_CARDS: int
MAX_NUMBER: int
CLOSE_TESTS: tuple[str, ...]

class Table:
    # The deck, the closes, the ranking and the answer types (search.py's _Deck.args), then
    # the melds as (card mask, jokers, kind index), their codes and their kinds.
    def __init__(self, *args: Any) -> None: ...
    def solve(
        self, hands: Sequence[Sequence[Any]], pozo: Card | None = None, /
    ) -> list[SolveResult | None]: ...
    def outcome(self, cards: Sequence[Card], may_cut: bool, /) -> tuple[int, Sequence[int]]: ...
    def best(self, cards: Sequence[Card], max_loose_cards: int, /) -> Sequence[int] | None: ...
