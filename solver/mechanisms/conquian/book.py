"""What Conquián's rulebook shows that no other game's does: a solved example drawn as the
position before the offer. Imported by the rulebook (`Mechanism.book`) when a book is built."""

from __future__ import annotations

from collections.abc import Callable

from mazo.rulebooks.examples import Drawn
from mazo.solver.mechanisms.conquian.solve import ConquianResult
from mazo.solver.spec.prose import Example
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import say


def draw(spec: RuleSpec, example: Example, result: ConquianResult, lang: str) -> tuple[Drawn, str]:
    """The position before the offer (own table melds, the hand, the faced card) and what the
    solver does with it: how the card is used, what is paid, whether it wins."""
    table = [tuple(spec.deck.codes(meld)) for meld in example.table]
    groups = [*table, result.hand]
    captions = [say(lang, "conquian.book.table_caption")] * len(table) + [
        say(lang, "conquian.book.hand_caption")
    ]
    drawn = Drawn(
        tuple(groups), tuple(captions), result.faced, say(lang, "conquian.book.faced_caption")
    )
    if not result.can_use:
        return drawn, say(lang, "conquian.book.faced_unused", faced=result.faced)
    melds = ", ".join(
        f"{'-'.join(meld)} ({spec.meld_kind(kind).names[lang]})"
        for meld, kind in zip(result.melds, result.meld_kinds, strict=True)
    )
    key = "conquian.book.faced_out" if result.can_go_out else "conquian.book.faced_used"
    text = say(
        lang, key, faced=result.faced, melds=melds, pay=result.pay, table=result.cards_on_table
    )
    return drawn, text


# Its tables: none besides the rulebook's.
TABLES: dict[str, Callable[[RuleSpec, str], list[doc.Block]]] = {}
