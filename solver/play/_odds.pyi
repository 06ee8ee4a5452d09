# The compiled optimal-policy tables' interface (_odds.c, whose header states the model).
from collections.abc import Callable
from typing import ClassVar, final

@final
class Classes(tuple[bytes, bytes]):
    """Shape.classes()'s answer (a named tuple)."""

    @property
    def keys(self) -> bytes: ...  # uint64 class keys, in rank order
    @property
    def hands(self) -> bytes: ...  # doubles: the real hands each class stands for

@final
class Built(tuple[bytes, bytes, bytes, int, float, int]):
    """Shape.solve()'s answer (a named tuple)."""

    @property
    def turns(self) -> bytes: ...  # doubles: each resting class's expected turns to cut
    @property
    def within(self) -> bytes: ...  # uint16: HORIZON chances a class, in `steps`
    @property
    def deal_within(self) -> bytes: ...  # doubles: a deal's chances times its hands
    @property
    def sweeps(self) -> int: ...
    @property
    def max_change(self) -> float: ...
    @property
    def drawn_classes(self) -> int: ...

@final
class Shape:
    """A deck of `suits` suits of `ranks` ranks and `jokers` jokers, hands of `size` at rest."""

    HORIZON: ClassVar[int]
    JOKER_SHIFT: ClassVar[int]
    def __init__(self, *, suits: int, ranks: int, jokers: int, size: int) -> None: ...
    def classes(self) -> Classes: ...
    def ranks(self, keys: bytes, /) -> bytes: ...
    def solve(
        self,
        *,
        keys: bytes,
        hands: bytes,
        closes: bytes,
        steps: int,
        progress: Callable[[str, float], object] | None,
    ) -> Built: ...
