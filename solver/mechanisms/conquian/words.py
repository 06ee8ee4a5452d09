"""Conquián's own words (see `mazo.words`), namespaced `conquian.`."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # rulebook: a solved example, the position before the offer
        "conquian.book.table_caption": "table",
        "conquian.book.hand_caption": "hand",
        "conquian.book.faced_caption": "faced",
        "conquian.book.faced_used": "Uses **{faced}**: {melds}; pays **{pay}**. {table} cards "
        "are on the table.",
        "conquian.book.faced_out": "Uses **{faced}**: {melds}. That makes {table} cards on the "
        "table: a win, with nothing to pay.",
        "conquian.book.faced_unused": "Cannot use **{faced}**: passes.",
    },
    "es": {
        # rulebook: a solved example, the position before the offer
        "conquian.book.table_caption": "mesa",
        "conquian.book.hand_caption": "mano",
        "conquian.book.faced_caption": "vuelta",
        "conquian.book.faced_used": "Usa **{faced}**: {melds}; paga **{pay}**. Quedan {table} "
        "cartas en la mesa.",
        "conquian.book.faced_out": "Usa **{faced}**: {melds}. Llega a {table} cartas en la mesa "
        "y gana, sin pagar.",
        "conquian.book.faced_unused": "No puede usar **{faced}**: pasa.",
    },
}

COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {"en": {}, "es": {}}
