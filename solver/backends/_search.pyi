# The compiled search's interface (_search.c, whose header states the contract).
from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar, final

from mazo.solver.cards import Card

R = TypeVar("R")

# A close: its id, its requirements by name (closes.requirements, the meld kind as an index),
# and how it scores (closes.score_rule).
CloseData = tuple[str, dict[str, int], bool, int | str | None]

@final
class Table:
    MAX_CARDS: ClassVar[int]
    MAX_NUMBER: ClassVar[int]
    CLOSE_TESTS: ClassVar[tuple[str, ...]]
    # The deck, its closes and the ranking of discards (search.py's _Deck), then the melds as
    # (card mask, jokers, kind index), their codes and their kinds.
    def __init__(
        self,
        *,
        naturals: int,
        jokers: int,
        hand_size: int,
        forbid_pozo_cut: bool,
        values: Sequence[int],
        throw_ranks: Sequence[int],
        closes: Sequence[CloseData],
        index: dict[Any, int],
        codes: tuple[str, ...],
        game: str,
        variant: dict[str, Any],
        melds: Sequence[tuple[int, int, int]],
        meld_codes: tuple[tuple[str, ...], ...],
        meld_kinds: tuple[str, ...],
    ) -> None: ...
    # `result` and `discard`: dataclasses of exactly the fields the search fills (the rummy
    # mechanism's SolveResult and DiscardOption), made without their __init__.
    def solve(
        self,
        hands: Sequence[Any],
        pozo: Card | None = None,
        /,
        *,
        result: type[R],
        discard: type,
    ) -> list[R | None]: ...
    def outcome(self, cards: Sequence[Card], may_cut: bool, /) -> tuple[int, Sequence[int]]: ...
    def best(self, cards: Sequence[Card], max_loose_cards: int, /) -> Sequence[int] | None: ...
    def closes(self, masks: bytes, jokers: bytes, /) -> bytes: ...
