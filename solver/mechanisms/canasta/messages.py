"""Canasta's error messages, in each language: keys namespaced `canasta.`, said by
`mazo.solver.messages`."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # messages
        "canasta.the_score": "the score",
        "canasta.pozo_needs_top": "the other cards of the pozo ({{option}}) need its top card too",
        "canasta.on_the_table": "on the table",
        "canasta.in_the_pozo": "in the pozo",
        "canasta.on_the_pozo_top": "on the pozo top",
        "canasta.in_the_melds": "in the partnership's melds",
        "canasta.in_hand": "in hand",
        "canasta.on_sides_table": "on {side}'s table",
        "canasta.in_sides_hand": "in {side}'s hand",
        "canasta.row_fields": "cards; a side's cards are a mapping of {fields}",
        "canasta.no_target": "{game} has no target score (match.target) to play to",
        "canasta.sides": "{where}: {game} is played here by {sides} sides (players=4 plays two "
        "partnerships; players=2 or players=3, each on their own): the sheet lists {count}",
        "canasta.sides_named": "{error}; name each side once, its partners in one name: {example}",
        "canasta.after_hand": "after hand {n}",
        "canasta.at_the_start": "at the start",
        "canasta.game_over": "the game is over: {winner} won {when} with {total} (target "
        "{target}); a row after the end is not played",
        "canasta.one_goes_out": "only one side goes out in a hand: {sides} do",
        "canasta.by_side": "{n} by {side}",
        "canasta.red_threes_laid": "{count} red 3s laid down ({given}); the deck has {most}",
        "canasta.unknown_side": "unknown side {side}; sides: {sides}",
        "canasta.has_no": "a Canasta hand has no {field}: give each side's points or cards",
        "canasta.side_has": "{side} has {value}: give the side's points (a whole number), or its "
        "cards as a mapping of {fields}",
        "canasta.side_field": "{where}: {side}'s {field} is not one of {fields}",
        "canasta.sides_cards": "{where}: {side}'s cards: {error}",
        "canasta.sides_field": "{where}: {side}'s {name}: {error}",
        "canasta.card_codes": "expected card codes, not {value}",
        "canasta.not_whole": "{value} is not a whole number",
        "canasta.not_in_range": "{value} is out of range (0 to {most})",
        "canasta.not_one_of": "{value} is not one of {choices}",
        "canasta.hand_per_partner": "one hand per partner, and a side has {partners}: {hands} "
        "given",
        "canasta.points_step": "{side} scores {value}: every card and bonus counts a multiple of "
        "{step}, so a hand's points do too",
        "canasta.out_with_every_hand": "going out empties the hand of the partner who went out, "
        "yet every hand given holds cards: leave that partner's hand out",
        "canasta.nothing_to_score": "nothing to score: give the partnership's melds (--table), "
        "its red 3s (--red-threes) or the cards left in a hand (--hand)",
        "canasta.scoring": "Canasta",
        "canasta.not_a_frente": "table meld {meld} is not a valid frente: {length}+ cards of one "
        "rank (not a 3), at least {naturals} naturals, at most {wild} wild",
        "canasta.two_frentes": "the table has two frentes of {rank}s; a team has one per rank",
        "canasta.red_three_pozo": "a red 3 ({card}) is never on the pozo",
        "canasta.going_out_is": "going out is one of {kinds}, got {value}",
        "canasta.out_without_canasta": "a partnership cannot go out without a canasta",
        "canasta.black_threes_out": "table meld {meld}: black 3s are melded only when going out",
        "canasta.black_threes_len": "table meld {meld}: a meld of black 3s has at least {least} "
        "cards",
        "canasta.two_melds": "two melds of {rank}s: a partnership has one meld per rank",
        "canasta.red_three_hand": "{card} is a red 3: it is laid aside at once, count it with "
        "{{option}}",
        "canasta.red_threes_range": "red 3s laid down must be 0 to {most}, got {value}",
        "canasta.section": "a canasta game needs a 'canasta:' section",
        "canasta.frente": "a canasta game needs one set meld kind (the frente)",
        "canasta.expected_deck_suits": "expected a list of suits of the deck",
        "canasta.expected_minimums": "expected a list of {{from: N, min: M}}",
        "canasta.minimums_rise": "rows must rise with their 'from' score",
        "canasta.expected_deck_ranks": "expected a list of ranks of the deck",
        "canasta.minimum_is_canastas": "the initial meld's minimum is Canasta's",
    },
    "es": {
        # messages
        "canasta.the_score": "el puntaje del equipo",
        "canasta.pozo_needs_top": "las demás cartas del pozo ({{option}}) necesitan también la de "
        "arriba",
        "canasta.on_the_table": "en la mesa",
        "canasta.in_the_pozo": "en el pozo",
        "canasta.on_the_pozo_top": "arriba del pozo",
        "canasta.in_the_melds": "en los juegos de la pareja",
        "canasta.in_hand": "en la mano",
        "canasta.on_sides_table": "en la mesa de {side}",
        "canasta.in_sides_hand": "en la mano de {side}",
        "canasta.row_fields": "cards; las cartas de un equipo van con sus campos {fields}",
        "canasta.no_target": "{game} no tiene un puntaje al que se juega (match.target)",
        "canasta.sides": "{where}: {game} se juega acá de a {sides} equipos (players=4 juega dos "
        "parejas; players=2 o players=3, cada uno por su lado): la planilla tiene {count}",
        "canasta.sides_named": "{error}; nombrá cada equipo una vez, con sus compañeros en un "
        "solo nombre: {example}",
        "canasta.after_hand": "después de la mano {n}",
        "canasta.at_the_start": "desde el principio",
        "canasta.game_over": "la partida terminó: ganó {winner} {when} con {total} (se jugaba a "
        "{target}); una fila después del final no se juega",
        "canasta.one_goes_out": "en una mano cierra un solo equipo: cierran {sides}",
        "canasta.by_side": "{n} de {side}",
        "canasta.red_threes_laid": "{count} treses rojos bajados ({given}); la baraja tiene {most}",
        "canasta.unknown_side": "equipo desconocido {side}; los equipos: {sides}",
        "canasta.has_no": "una mano de Canasta no lleva {field}: escribí los puntos o las cartas "
        "de cada equipo",
        "canasta.side_has": "{side} tiene {value}: escribí los puntos del equipo (un número "
        "entero), o sus cartas con los campos {fields}",
        "canasta.side_field": "{where}: {field} de {side} no es ninguno de {fields}",
        "canasta.sides_cards": "{where}: las cartas de {side}: {error}",
        "canasta.sides_field": "{where}: {name} de {side}: {error}",
        "canasta.card_codes": "acá van códigos de cartas, no {value}",
        "canasta.not_whole": "{value} no es un número entero",
        "canasta.not_in_range": "{value} está fuera de rango (de 0 a {most})",
        "canasta.not_one_of": "{value} no es ninguno de {choices}",
        "canasta.hand_per_partner": "una mano por compañero, y un equipo tiene {partners}: "
        "llegaron {hands}",
        "canasta.points_step": "{side} anota {value}: cada carta y cada premio vale un múltiplo "
        "de {step}, así que los puntos de una mano también",
        "canasta.out_with_every_hand": "al cerrar, el que cerró se queda sin cartas, pero todas "
        "las manos dadas tienen cartas: dejá afuera la mano del que cerró",
        "canasta.nothing_to_score": "no hay nada que contar: dale los juegos de la pareja "
        "(--table), sus treses rojos (--red-threes) o las cartas que quedaron en una mano (--hand)",
        "canasta.scoring": "una mano de Canasta",
        "canasta.not_a_frente": "el juego de la mesa {meld} no es un frente válido: {length} o "
        "más cartas de un mismo número (que no sea 3), por lo menos {naturals} naturales, a lo "
        "sumo {wild} comodines",
        "canasta.two_frentes": "la mesa tiene dos frentes de {rank}; un equipo tiene uno por "
        "número",
        "canasta.red_three_pozo": "un 3 rojo ({card}) nunca está en el pozo",
        "canasta.going_out_is": "el cierre es uno de {kinds}, no {value}",
        "canasta.out_without_canasta": "una pareja no puede cerrar sin una canasta",
        "canasta.black_threes_out": "juego de la mesa {meld}: los 3 negros se bajan solo al cerrar",
        "canasta.black_threes_len": "juego de la mesa {meld}: un juego de 3 negros tiene por lo "
        "menos {least} cartas",
        "canasta.two_melds": "dos juegos de {rank}: una pareja tiene un juego por número",
        "canasta.red_three_hand": "{card} es un 3 rojo: se aparta enseguida, contalo con "
        "{{option}}",
        "canasta.red_threes_range": "los 3 rojos bajados van de 0 a {most}, no {value}",
        "canasta.section": "un juego de canasta necesita una sección 'canasta:'",
        "canasta.frente": "un juego de canasta necesita un tipo de juego de iguales (el frente)",
        "canasta.expected_deck_suits": "acá va una lista de palos de la baraja",
        "canasta.expected_minimums": "acá va una lista de {{from: N, min: M}}",
        "canasta.minimums_rise": "las filas tienen que subir con su puntaje 'from'",
        "canasta.expected_deck_ranks": "acá va una lista de números de la baraja",
        "canasta.minimum_is_canastas": "el mínimo de la bajada inicial es el de la Canasta",
    },
}
