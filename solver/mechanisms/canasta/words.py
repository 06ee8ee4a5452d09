"""Canasta's own words (see `mazo.words`), namespaced `canasta.`."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # rulebook: the minimum table, the short game, a solved example
        "canasta.book.negative_score": "below zero",
        "canasta.book.game_start": "Start",
        "canasta.book.game_minimum": "min {minimum}",
        "canasta.book.game_sides_won": "{who} wins, {total} to {other}.",
        "canasta.book.kept_caption": "kept in hand",
        "canasta.book.opening": "At score {score} the minimum is {min}. The smallest first meld "
        "that reaches it makes {fewest}; melding as much as possible, {most}.",
        "canasta.book.opening_short": "At score {score} the minimum is {min}: this hand cannot "
        "meld yet.",
    },
    "es": {
        # rulebook: the minimum table, the short game, a solved example
        "canasta.book.negative_score": "negativo",
        "canasta.book.game_start": "Inicio",
        "canasta.book.game_minimum": "mín. {minimum}",
        "canasta.book.game_sides_won": "Gana {who}, {total} a {other}.",
        "canasta.book.kept_caption": "quedan en la mano",
        "canasta.book.opening": "Con puntaje {score} el mínimo es {min}. La bajada más chica que "
        "alcanza suma {fewest}; bajando lo más posible, {most}.",
        "canasta.book.opening_short": "Con puntaje {score} el mínimo es {min}: esta mano no "
        "alcanza para bajar.",
    },
}

# The header rows of its rulebook tables, a word per column.
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        # rulebook
        "canasta.book.opening_table": ("The side's score", "Initial meld minimum"),
    },
    "es": {
        # rulebook
        "canasta.book.opening_table": ("Puntaje del bando", "Mínimo de la bajada inicial"),
    },
}
