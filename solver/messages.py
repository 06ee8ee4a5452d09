"""The words of mazo's error messages, one table per language: an error raised with a key
(`MazoError.of`) is said in the language the command line speaks (`MazoError.said_in`), and in
English everywhere else (`str(error)`, the library's callers)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

EN: dict[str, str] = {
    # cards
    "unknown_card": "unknown card {card}: {why}",
    "any_card": "a card as mazo writes it, such as 12e, QH or *",
    "spanish_cards": "Spanish cards are rank 1-12 and suit o, c, e or b (12e = rey de espadas)",
    "french_cards": "French cards are rank A, 2-9, T (or 10), J, Q, K and suit S, H, D, C",
    "joker_code": "; joker * (or ★)",
    "not_in_deck": "card {card} is not in this deck ({deck})",
    "too_many_copies": "{count} {what} {given}; the deck ({deck}) has {have}",
    "jokers": "jokers",
    "copies_of": "copies of {card}",
    "in_the_hand": "in the hand",
    "on_the_pozo": "on the pozo",
    "among_the_seen": "among the seen cards",
    # games, options, numbers
    "unknown_game": "unknown game {game}{hint}; known games: {games}",
    "unknown_option": "unknown option {option} for {game}{hint}; options: {options}",
    "did_you_mean": " (did you mean {near}?)",
    "none": "none",
    "lang_takes": "{where} takes {langs}, got {value}",
    "or": " or ",
    "whole_number": "{what} is a whole number, got {value}",
    "out_of_range": "{what}: {shown} is out of range ({minimum} to {maximum})",
    "variant_pair": "--variant takes KEY=VALUE, got {item}",
    "option_value": "option {name} does not take {value}: {allowed}",
    "flag_takes": "{flag} takes {values}, got {value}",
    "variant_twice": "--variant {name} is given twice ({first} and {second}): give it once",
    "option_twice": "{name} is given twice: an option is given once",
    "no_cards": "no cards given: name the hand's cards, or `-` to read hands from stdin",
    "empty_hand": "the hand is empty: name its cards",
    "hand_size": "a {game} hand has {size} cards, {more} with the card to discard, or more to "
    "analyse as one arrangement; got {given}",
    "batch_line": "line {n}: {error}",
    # the command line's own (click's) usage errors
    "missing_argument": "Missing argument {name}.",
    "no_such_option": "No such option: {name}",
    "possible_options": " (Possible options: {options})",
    "needs_value": "Option {name} requires an argument.",
    "no_such_command": "No such command {name}.",
    "did_you_mean_command": " Did you mean {near}?",
    "extra_arguments": "Got unexpected extra argument(s) ({given})",
    # mazo play and mazo review
    "record_at": "{where}: {why}",
    "play_game_over": "the game is over: there is nothing to resume",
    "play_damaged": "damaged: {why}; the game cannot be resumed from it",
    "play_pdf_file": "--pdf takes a file name: the game itself prints on standard output",
    "play_resume_flag": "{flag} and --resume: a game goes on with its record's {flag}",
    "play_record_of": "{file}: a record of {found}, not of {wanted}",
    "play_not_training": "{file} was not played for training: --training starts a game, a "
    "resumed one keeps how it was played",
    "play_record_folder": "--record {path} is a folder: --record names a new file for the record",
    "play_record_there": "--record {path}: the file is there already; {then}",
    "play_then_resume": "a stopped game goes on with --resume {path}",
    "play_then_without": "the game goes on in {path} without --record",
    "play_seats_empty": "--seats names the bots by level, comma separated: {levels}",
    "play_cannot_make": "cannot make {folder} for the game's record: {why}; name one with --record",
    "play_cannot_write": "cannot write {path} for the game's record: {why}; name one with --record",
    "play_stdin_closed": "standard input is closed: mazo play reads the moves from it",
    "play_name_shown": "--name takes a name to show, got {name}",
    "play_name_long": "--name takes a name of at most {most} characters (a wide character counts "
    "two), got {width}: {name}",
    "play_seats_one": "{game} takes exactly one bot beside you, not {n}",
    "play_seats_some": "{game} takes 1 to {most} bots beside you, not {n}",
    "play_unknown_level": "unknown level {level}; the levels: {levels}",
    "play_not_playable": "{game} cannot be played yet: only games whose turn is draw one card, "
    "discard one (Conga, Chinchón, Gin Rummy) have an engine",
    "review_not_player": "{file}: {player} did not play in this game; its players: {players}",
    "review_which_player": "{file}: say whose decisions to review with --player; its players: "
    "{players}",
}

ES: dict[str, str] = {
    "unknown_card": "carta desconocida {card}: {why}",
    "any_card": "una carta como la escribe mazo, por ejemplo 12e, QH o *",
    "spanish_cards": "las cartas españolas van del 1 al 12, de palo o, c, e o b (12e = rey de "
    "espadas)",
    "french_cards": "las cartas francesas van de A, 2-9, T (o 10), J, Q, K, de palo S, H, D, C",
    "joker_code": "; comodín * (o ★)",
    "not_in_deck": "la carta {card} no está en esta baraja ({deck})",
    "too_many_copies": "{count} {what} {given}; la baraja ({deck}) tiene {have}",
    "jokers": "comodines",
    "copies_of": "copias de {card}",
    "in_the_hand": "en la mano",
    "on_the_pozo": "en el pozo",
    "among_the_seen": "entre las cartas vistas",
    "unknown_game": "juego desconocido {game}{hint}; los juegos: {games}",
    "unknown_option": "{game} no tiene la opción {option}{hint}; sus opciones: {options}",
    "did_you_mean": " (¿quisiste decir {near}?)",
    "none": "ninguna",
    "lang_takes": "{where} lleva {langs}, no {value}",
    "or": " o ",
    "whole_number": "{what} lleva un número entero, no {value}",
    "out_of_range": "{what}: {shown} está fuera de rango (de {minimum} a {maximum})",
    "variant_pair": "--variant lleva CLAVE=VALOR, no {item}",
    "option_value": "la opción {name} no admite {value}: {allowed}",
    "flag_takes": "{flag} lleva {values}, no {value}",
    "variant_twice": "--variant {name} está dos veces ({first} y {second}): dala una sola vez",
    "option_twice": "{name} está dos veces: cada opción se da una sola vez",
    "no_cards": "faltan las cartas: nombrá las cartas de la mano, o - para leer manos de la "
    "entrada",
    "empty_hand": "la mano está vacía: nombrá sus cartas",
    "hand_size": "una mano de {game} tiene {size} cartas, {more} con la carta a tirar, o más "
    "para analizarla como una sola combinación; llegaron {given}",
    "batch_line": "línea {n}: {error}",
    "missing_argument": "Falta el argumento {name}.",
    "no_such_option": "No existe la opción {name}",
    "possible_options": " (opciones parecidas: {options})",
    "needs_value": "La opción {name} lleva un valor.",
    "no_such_command": "No existe el comando {name}.",
    "did_you_mean_command": " ¿Quisiste decir {near}?",
    "extra_arguments": "Sobran argumentos ({given})",
    # mazo play and mazo review
    "record_at": "{where}: {why}",
    "play_game_over": "la partida terminó: no hay nada que seguir",
    "play_damaged": "dañado: {why}; la partida no puede seguir desde él",
    "play_pdf_file": "--pdf lleva el nombre de un archivo: la partida misma sale por la salida "
    "estándar",
    "play_resume_flag": "{flag} y --resume: una partida sigue con el {flag} de su registro",
    "play_record_of": "{file}: un registro de {found}, no de {wanted}",
    "play_not_training": "{file} no se jugó como entrenamiento: --training empieza una partida, "
    "una que sigue se juega como se empezó",
    "play_record_folder": "--record {path} es una carpeta: --record nombra un archivo nuevo para "
    "el registro",
    "play_record_there": "--record {path}: el archivo ya existe; {then}",
    "play_then_resume": "una partida guardada sigue con --resume {path}",
    "play_then_without": "la partida sigue en {path} sin --record",
    "play_seats_empty": "--seats nombra los bots por nivel, separados por comas: {levels}",
    "play_cannot_make": "no se puede crear {folder} para el registro de la partida: {why}; "
    "nombrá uno con --record",
    "play_cannot_write": "no se puede escribir {path} para el registro de la partida: {why}; "
    "nombrá uno con --record",
    "play_stdin_closed": "la entrada estándar está cerrada: mazo play lee las jugadas de ahí",
    "play_name_shown": "--name lleva un nombre para mostrar, llegó {name}",
    "play_name_long": "--name lleva un nombre de hasta {most} caracteres (uno ancho cuenta por "
    "dos), llegaron {width}: {name}",
    "play_seats_one": "{game} se juega con exactamente un bot además de vos, no {n}",
    "play_seats_some": "{game} se juega con 1 a {most} bots además de vos, no {n}",
    "play_unknown_level": "nivel desconocido {level}; los niveles: {levels}",
    "play_not_playable": "{game} todavía no se puede jugar: solo los juegos cuyo turno es robar "
    "una carta y tirar una (Conga, Chinchón, Gin Rummy) tienen motor",
    "review_not_player": "{file}: {player} no jugó en esta partida; sus jugadores: {players}",
    "review_which_player": "{file}: decí de quién revisar las decisiones con --player; sus "
    "jugadores: {players}",
}

MESSAGES: dict[str, dict[str, str]] = {"en": EN, "es": ES}


@dataclass(frozen=True)
class Said:
    """A message by its key and fields, said in any language. A field that is itself said
    (a `Said`, or a function of the language) is said in the same language."""

    key: str
    fields: Mapping[str, Any]

    def __call__(self, lang: str) -> str:
        return MESSAGES[lang][self.key].format(
            **{name: _in(value, lang) for name, value in self.fields.items()}
        )


def _in(value: Any, lang: str) -> Any:
    return value(lang) if isinstance(value, Said) or callable(value) else value


def said(key: str, /, **fields: Any) -> Said:
    return Said(key, fields)


def either(values: Any) -> Callable[[str], str]:
    """Values said as alternatives in each language: "pdf or md", "pdf o md"."""
    return lambda lang: MESSAGES[lang]["or"].join(map(str, values))
