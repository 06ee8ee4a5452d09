"""Conquián's own words, in both languages (see `mazo.words`): its terminal views."""

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
    },
}
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {"en": {}, "es": {}}
