"""Conquián's error messages, in each language: keys namespaced `conquian.`, said by
`mazo.solver.messages`."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # messages
        "conquian.needs_faced": "Conquián needs the faced card ({{option}})",
        "conquian.not_a_meld_of": "{what} meld {meld} is not a valid meld of {game}",
        "conquian.twice_in": "twice in the {place}",
        "conquian.both_in": "both in the {first} and in the {then}",
        "conquian.card_is": "card {card} is {places}",
        "conquian.place_hand": "hand",
        "conquian.place_faced": "faced card",
        "conquian.place_table": "table",
        "conquian.place_rival_table": "rival table",
        "conquian.too_many": "hand and table hold {count} cards; a Conquián player has {size} "
        "between them",
        "conquian.empty_hand": "the hand is empty and the table holds {count} cards: a Conquián "
        "player with no cards in hand has all {size} on their melds",
        "conquian.example_needs_faced": "a Conquián position needs the 'faced:' card",
        "conquian.dealt_together": "hand, faced card and table together: {error}",
        "conquian.held_cards": "hand and table hold {held} cards; a player has {size}",
    },
    "es": {
        # messages
        "conquian.needs_faced": "Conquián necesita la carta dada vuelta ({{option}})",
        "conquian.not_a_meld_of": "el juego {meld} de {what} no es un juego válido de {game}",
        "conquian.twice_in": "dos veces en {place}",
        "conquian.both_in": "a la vez en {first} y en {then}",
        "conquian.card_is": "la carta {card} está {places}",
        "conquian.place_hand": "la mano",
        "conquian.place_faced": "la carta dada vuelta",
        "conquian.place_table": "la mesa",
        "conquian.place_rival_table": "la mesa del rival",
        "conquian.too_many": "mano y mesa tienen {count} cartas; un jugador de Conquián tiene "
        "{size} entre las dos",
        "conquian.empty_hand": "la mano está vacía y la mesa tiene {count} cartas: un jugador de "
        "Conquián sin cartas en la mano tiene las {size} en sus juegos",
        "conquian.example_needs_faced": "una posición de Conquián necesita la carta dada vuelta "
        "('faced:')",
        "conquian.dealt_together": "mano, carta dada vuelta y mesa juntas: {error}",
        "conquian.held_cards": "mano y mesa tienen {held} cartas; un jugador tiene {size}",
    },
}
