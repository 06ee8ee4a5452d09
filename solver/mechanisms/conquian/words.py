"""Conquián's own words (see `mazo.words`), in both languages, each key namespaced `conquian.`:
what its views, planilla, worksheets and rulebook say that no other mechanism does."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # views: mazo solve
        "conquian.empty": "empty",
        "conquian.table": "Table",
        "conquian.faced": "Faced",
        "conquian.can_use": "   can use: ",
        "conquian.melds": "Melds",
        "conquian.pay": "Pay",
        "conquian.pay_none": "none: the hand is empty",
        "conquian.then": "Then",
        "conquian.then_cards": "{table} on the table, {hand} in hand",
        "conquian.goes_out": "   goes out: ",
        "conquian.lay_down": "Lay down",
        "conquian.from_hand": "   from hand, no payment",
        "conquian.force": "Force",
        "conquian.can_force": "rival can be forced: ",
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
        # views: mazo solve
        "conquian.empty": "vacía",
        "conquian.table": "Mesa",
        "conquian.faced": "Vuelta",
        "conquian.can_use": "   se puede usar: ",
        "conquian.melds": "Juegos",
        "conquian.pay": "Paga",
        "conquian.pay_none": "ninguna: la mano queda vacía",
        "conquian.then": "Después",
        "conquian.then_cards": "{table} en la mesa, {hand} en la mano",
        "conquian.goes_out": "   corta: ",
        "conquian.lay_down": "Bajar",
        "conquian.from_hand": "   de la mano, sin pagar",
        "conquian.force": "Forzar",
        "conquian.can_force": "se puede forzar al rival: ",
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
