"""What each mechanism adds to the worksheets, and the pieces of a page it builds them with.

Every mechanism's package has a `worksheets` module whose `PARTS` gives its worksheet kinds
and, for the answers only its kinds give, the puzzle's cards on the page, the answer drawn and
explained; besides, what its sheets' rules box says of it and the fields its words take. The
default mechanism's kinds and answers live beside the worksheets (this folder); its `PARTS`
only lists the kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mazo.solver.mechanisms.registry import MECHANISMS, mechanism_of
from mazo.templates import document as doc
from mazo.words import word

if TYPE_CHECKING:
    from mazo.solver.spec.rulespec import RuleSpec

    from .kinds import Kind


@dataclass(frozen=True, slots=True)
class Drawing:
    """An answer as card groups: each group's label, and the card set apart with its mark."""

    groups: list
    labels: list[str]
    discard: str | None = None
    discard_label: str = ""


def cards(groups, labels: Sequence[str] | None = None, **options: Any) -> doc.Cards:
    return doc.Cards(
        groups=tuple(tuple(group) for group in groups), labels=tuple(labels or ()), **options
    )


def table_and_hand(
    lang: str, hand, table, labels: list[str] | None, **offer: Any
) -> tuple[doc.OneRow] | tuple[doc.Caption | doc.Note | doc.Cards, ...]:
    """The melds on the table (numbered when `labels` number them) and the hand, on one row
    while the cards stay big enough, else the table above the hand. A table with no melds is
    not labelled."""
    rows: list[doc.Caption | doc.Note | doc.Cards] = []
    if table:
        rows.append(doc.Caption(word(lang, "puzzles.table")))
    if table or offer:
        rows.append(cards(table, labels, **offer))
    rows.append(doc.Caption(word(lang, "puzzles.your_hand")))
    rows.append(cards([hand]) if hand else doc.Note(word(lang, "puzzles.empty_hand")))
    if not hand:
        return tuple(rows)
    below = labels or [word(lang, "puzzles.table")] * len(table)
    row = cards([*table, hand], [*below, word(lang, "puzzles.your_hand")], **offer)
    return (doc.OneRow(row, tuple(rows)),)


def table_rows(blocks: list[doc.Block]) -> tuple[tuple[str, ...], ...]:
    """The rows of a rulebook table, said on one line of the rules box."""
    table = blocks[0]
    assert isinstance(table, doc.Table)  # the tables module builds one table each
    return table.rows


def _no_lines(spec: RuleSpec, lang: str) -> list[str]:
    return []


def _no_fields(spec: RuleSpec, lang: str) -> dict[str, str]:
    return {}


@dataclass(frozen=True, slots=True)
class Parts:
    """A mechanism's share of the worksheets. The tables go by the answer's type, each function
    taking the spec first and the language last: a body the puzzle (`Puzzle`), a drawing the
    answer and the hand, an explanation the answer."""

    kinds: tuple[Kind, ...]
    # The namespace of its kinds' words (`NAMESPACE.KIND.ask`): the default mechanism's are
    # the worksheets' own, `puzzles.`, the others' are their mechanism's.
    words: str = "puzzles"
    bodies: Mapping[type, Callable[..., doc.PuzzleBody]] = field(default_factory=dict)
    drawings: Mapping[type, Callable[..., Drawing]] = field(default_factory=dict)
    explained: Mapping[type, Callable[..., str]] = field(default_factory=dict)
    # Its answers count the cards' points though no close does: the rules box says the card
    # values all the same.
    counts_points: bool = False
    # What the rules box says of the mechanism, after the card values and the closes.
    rules_lines: Callable[[RuleSpec, str], list[str]] = _no_lines
    # Fields every word of its sheets may take (who scores together, say).
    fields: Callable[[RuleSpec, str], dict[str, str]] = _no_fields


def parts_of(spec: RuleSpec) -> Parts:
    """The parts of the spec's mechanism, its package's `worksheets` imported on first use."""
    return mechanism_of(spec).own("worksheets").PARTS


def namespace(kind: str) -> str:
    """Where the words of the kind `kind` are kept: the namespace of the mechanism that offers
    it."""
    owner = next(m for m in MECHANISMS.values() if kind in m.kinds)
    return owner.own("worksheets").PARTS.words


def every_kind() -> dict[str, Kind]:
    """Every mechanism's worksheet kinds by id, in the order of the mechanisms."""
    return {k.id: k for m in MECHANISMS.values() for k in m.own("worksheets").PARTS.kinds}
