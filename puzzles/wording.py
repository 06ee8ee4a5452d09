"""What a worksheet says, in Spanish and English: titles, instructions, answer lines, explanations.

The game's own words come from its spec (the verb for cutting, close and meld names), so a
Gin sheet asks "Can you knock?" and a Chinchón sheet "¿Podés cerrar?".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from mazo.solver.cards import printed
from mazo.solver.spec.load import RuleSpec
from mazo.solver.words import agree_word, cut_verb, in_sentence, said_to_you, word
from mazo.words.numbers import in_lang, percent, signed

from .answers import (
    AcomodoAnswer,
    Answer,
    BestDiscardAnswer,
    CanCutAnswer,
    CanOpenAnswer,
    CountDeadwoodAnswer,
    CountHandAnswer,
    FastestDiscardAnswer,
    GoOutAnswer,
    RummyAnswer,
    TakeOrDrawAnswer,
    UseFacedAnswer,
)
from .kinds import LEVELS

TEXT: dict[str, dict[str, str]] = {
    "es": {
        "sheet": "Ejercicios",
        "answers": "Soluciones",
        "seed": "semilla",
        "variant": "variante",
        "standard": "reglas estándar",
        "page": "página",
        "reprint": "Para reimprimir",
        "name": "Nombre",
        "date": "Fecha",
        "group": "Grupo",
        "score": "Puntaje",
        "version": "Hoja {label}",
        "version_key": "Hoja {label} · soluciones",
        "version_key_more": "Hoja {label} · soluciones, continúa",
        "rules_box": "Reglas de esta hoja",
        "values_line": "Valor de las cartas: {values}",
        "values_span": "del {first} al {last}",
        "closes_line": "Para {cut}: {closes}.",
        "opening_line": "Mínimo de la bajada inicial según los puntos {of_the_side}: {steps}",
        "your_side": "tu pareja",
        "your_side.alone": "tu bando",
        "of_the_side": "de la pareja",
        "of_the_side.alone": "del bando",
        "house_line": "En esta hoja, {said} (lo habitual: {default}).",
        "table_meld": "Mesa {n}",
        "goal_line": "Se gana con {n} cartas propias en la mesa. Quien usa la carta ofrecida "
        "paga: descarta una carta de la mano.",
        # What each kind asks, in one line: the rulebook's Practice chapter lists them.
        "best-discard.about": "después de robar, ¿qué carta tirás para que te queden menos "
        "puntos sueltos?",
        "can-cut.about": "¿podés {cut}, y con qué descarte?",
        "count-deadwood.about": "armá los mejores juegos: ¿cuántos puntos quedan sueltos?",
        "acomodo.about": "otro jugador terminó la mano; ¿qué acomodás en sus juegos y qué te "
        "queda suelto?",
        "take-or-draw.about": "¿levantás la carta del pozo o robás a ciegas? (**mazo advise** "
        "da las probabilidades exactas de cada opción.)",
        "fastest-discard.about": "después de robar, sin poder {cut} todavía: ¿qué descarte te "
        "hace {cut} antes? Se cuentan los turnos en promedio, robando en cada turno una carta que "
        "no ves. (**mazo odds** da los turnos de cada descarte.)",
        "use-faced-card.about": "se ofrece una carta: ¿podés usarla, y qué bajás de la mano "
        "con ella?",
        "go-out.about": "¿la carta ofrecida te deja todas las cartas en la mesa para ganar?",
        "can-open.about": "¿llegás al mínimo de la bajada inicial, y cuánto es lo máximo que "
        "podés bajar?",
        "count-hand.about": "tu bando ya abrió: ¿cuántos puntos valen los frentes que podés "
        "bajar en este turno?",
        "best-discard": "¿Qué carta tirás?",
        "can-cut": "¿Podés {cut}? ¿Con qué descarte?",
        "count-deadwood": "¿Cuántos puntos sueltos?",
        "use-faced-card": "¿Usás la carta ofrecida?",
        "use-faced-card.ask": "Tenés estas cartas en la mano y tus juegos en la mesa. Se ofrece "
        "la carta marcada: ¿podés usarla? Si podés, ¿qué cartas de tu mano bajás con ella?",
        "use-faced-card.fill": "¿La usás?  Sí  /  No      Bajo de la mano: ______________",
        "use-faced-card.yes": "Sí: {melds}; bajás {laid} de la mano ({n} {cards}) y pagás {pay}.",
        "use-faced-card.no": "No: {faced} no forma juego con tu mano ni con tus juegos.",
        "use-faced-card.win": "Sí, y ganás: {melds}; bajás {laid} y no te queda nada en la mano.",
        "go-out": "¿Ganás con esta carta?",
        "go-out.ask": "Tenés estos juegos en la mesa y pocas cartas en la mano. Se ofrece la "
        "carta marcada: ¿te deja todas las cartas en la mesa para ganar?",
        "go-out.fill": "¿Ganás?  Sí  /  No",
        "go-out.yes": "Sí: {melds}; no queda nada en la mano.",
        "go-out.no_use": "No: {faced} no entra en tus juegos.",
        "go-out.no": "No: con {faced} armás {melds}; pagás {pay} y te {stays} {left} en la mano.",
        "go-out.no_left": "No: con {faced} armás {melds} y pagás {pay}: te quedás sin cartas "
        "en la mano, pero en la mesa hay {on_table} y hacen falta {size}.",
        "offered": "ofrecida",
        "pay": "pagar",
        "stays": "queda",
        "stay": "quedan",
        "empty_hand": "(mano vacía)",
        "card": "carta",
        "cards": "cartas",
        "can-open": "¿Podés bajar el frente inicial?",
        "can-open.ask": "{Your_side} todavía no bajó y tiene los puntos que dice cada ejercicio. "
        "Con estas {n} cartas, ¿llegás al mínimo del frente inicial? ¿Cuántos puntos es lo máximo "
        "que podés bajar?",
        "can-open.fill": "¿Abrís?  Sí  /  No      Mínimo: ______      Máximo: ______",
        "can-open.yes": "Sí: con {score} puntos el mínimo es {minimum}; lo máximo que podés "
        "bajar son {most} puntos (alcanza, por ejemplo, con {fewest}: {fewest_points} puntos).",
        "can-open.no": "No: con {score} puntos el mínimo es {minimum}, y lo máximo que juntás "
        "son {most} puntos.",
        "can-open.none": "No: con {score} puntos el mínimo es {minimum}, y no juntás ni 15 puntos.",
        "count-hand": "¿Cuántos puntos podés bajar?",
        "count-hand.ask": "{Your_side} ya abrió. ¿Cuántos puntos valen los frentes más valiosos "
        "que podés bajar en este turno con estas {n} cartas? Una carta queda en la mano para "
        "descartar (salvo que cierres con canasta), y un 3 rojo nunca es esa carta.",
        "count-hand.fill": "Puntos: ________",
        "count-hand.why": "{points} puntos: {melds}.",
        "count-hand.one_left": " Queda {left} para descartar.",
        "count-hand.left": " Quedan {left} en la mano, una para descartar.",
        "team_score": "Puntos de {your_side}: {score}",
        "in_hand": "en la mano",
        "red_threes": " Los 3 rojos ({cards}) no van en frentes: son bonificación.",
        "red_three": " El 3 rojo ({cards}) no va en frentes: es bonificación.",
        "acomodo": "¿Qué acomodás?",
        "acomodo.ask": "Otro jugador terminó la mano con los juegos de la mesa. Acomodá tus {n} "
        "cartas en esos juegos (y armá los tuyos): ¿qué cartas te quedan sueltas y cuántos "
        "puntos suman?",
        "acomodo.fill": "Acomodo: ______________   Sueltas: ______________   Puntos: ______",
        "acomodo.why": "Acomodás {laid}; {melds}; te quedan {points} {pts}{loose}; sin "
        "acomodar serían {without}.",
        "table": "Mesa",
        "your_hand": "Tu mano",
        "onto": "en",
        "onto_meld": "al juego {n}",
        "best-discard.ask": "Tenés estas {n} cartas después de robar. Marcá la carta que tirás "
        "y anotá los puntos sueltos que te quedan.",
        "can-cut.ask": "Tenés estas {n} cartas después de robar. ¿Podés {cut}? Si podés, "
        "¿con qué descarte te quedan menos puntos?",
        "count-deadwood.ask": "Armá los mejores juegos con estas {n} cartas y contá los puntos "
        "de las cartas que quedan sueltas.",
        "best-discard.fill": "Tiro: ________     Puntos sueltos: ________",
        "can-cut.fill": "¿{Asked}?  Sí  /  No      Con: ________",
        "count-deadwood.fill": "Puntos sueltos: ________",
        "discard": "tirar",
        "discard_one": "tirar, por ejemplo",
        "loose": "sueltas: {points}",
        "no_loose": "sin sueltas",
        "meld": "juego",
        "best-discard.why": "Tirar {discard} deja {points} {pts}{loose}: {verdict}. "
        "Lo siguiente mejor, tirar {runner}, deja {runner_points} {runner_pts}{runner_close}.",
        "can-cut.yes": "Sí: tirando {discard} te quedás con {points} {pts}{loose}: {verdict}. "
        "{others}",
        "can-cut.no": "No: ningún descarte permite {cut}; lo menos que te queda son {points} "
        "{pts}, tirando {discards}.",
        "count-deadwood.why": "{points} {pts}{loose}; {melds}.",
        "no_cut": "no se puede {cut}",
        "only_cut": "Ningún otro descarte permite {cut}.",
        "other_cuts": "También se puede {cut} tirando {cards}, pero no tan bien.",
        "or": "o",
        "melds_are": "juegos: {melds}",
        "no_melds": "ningún juego",
        "point": "punto suelto",
        "points": "puntos sueltos",
        "fastest-discard": "¿Qué tirás para {cut} antes?",
        "fastest-discard.ask": "Tenés estas {n} cartas después de robar y todavía no podés "
        "{cut}. De los descartes que se ofrecen debajo, ¿con cuál vas a {cut} antes, en "
        "promedio? Marcalo. (Pista: fijate qué cartas te servirían después de cada uno.)",
        "fastest-discard.fill": "Tiro:    {choices}",
        "fastest-discard.rule": "Para {cut} antes: en cada turno robás una carta al azar entre "
        "todas las que no tenés en la mano (las de los demás, las del mazo y las del pozo cuentan "
        "igual) y tirás una; el mejor descarte es el que te hace {cut} en menos turnos en "
        "promedio, si después seguís jugando lo mejor posible.",
        "fastest-discard.why": "Tirá {discard} (te quedan {points} {pts}): {cuts} en {turns} "
        "en promedio. Tirando {fewest}, el descarte que menos puntos deja ({fewest_points}), "
        "tardás {fewest_turns}.",
        "fastest-discard.other": " Tirando {other} ({other_points}): {other_turns}.",
        "turns": "turnos",
        "take-or-draw": "¿Levantás o robás?",
        "take-or-draw.ask": "Te toca con estas {n} cartas. Arriba del pozo está la carta "
        "marcada, y las vistas ya no están en el mazo. ¿Levantás la del pozo o robás a ciegas? "
        "Si levantás, ¿qué tirás? (La del pozo se puede volver a tirar, pero no para {cut}.) "
        "El objetivo: {cut} cuanto antes, en este turno o en el próximo.",
        "take-or-draw.fill": "☐ Levanto    ☐ Robo        Si levanto, tiro: ________",
        "take-or-draw.take_cut": "Levantá {top}: te deja {cut} ya tirando {discard}{close}. "
        "Robando, {k} de {cards} {let} {cut} en este turno.",
        "take-or-draw.take": "Levantá {top} y tirá {discard}: después, {k_take} de {cards} "
        "{let_take} {cut} en tu próximo robo. Chance de {cut} hasta tu próximo turno: {p_take} "
        "levantando contra {p_draw} robando.",
        "take-or-draw.draw": "Robá: {k_draw} de {cards} {let_draw} {cut} ya. Chance de {cut} "
        "hasta tu próximo turno: {p_draw} robando contra {p_take} levantando {top} (y tirando "
        "{discard}: después, {k_take} de {cards} {let_take} {cut}).",
        "take-or-draw.points": " Con el descarte que menos puntos deja: {take_points} {take_pts} "
        "levantando, {draw_points} en promedio robando.",
        "of_card": "{n} carta",
        "of_cards": "{n} cartas",
        "lets": "te deja",
        "let": "te dejan",
        "take-or-draw.wrong": " Acá se equivoca la regla práctica: {rules}.",
        "thumb.meld": "«levantá solo si forma juego»",
        "thumb.points": "«levantá si te baja los puntos sueltos»",
        "pozo": "pozo",
        "take.short": "levantá",
        "draw.short": "robá",
        "seen": "Vistas",
        "and": " y ",
        "easy": "fácil",
        "medium": "media",
        "hard": "difícil",
    },
    "en": {
        "sheet": "Practice",
        "answers": "Answers",
        "seed": "seed",
        "variant": "variant",
        "standard": "standard rules",
        "page": "page",
        "reprint": "To reprint",
        "name": "Name",
        "date": "Date",
        "group": "Group",
        "score": "Score",
        "version": "Sheet {label}",
        "version_key": "Sheet {label} · answers",
        "version_key_more": "Sheet {label} · answers, continued",
        "rules_box": "Rules for this sheet",
        "values_line": "Card values: {values}",
        "values_span": "{first} to {last}",
        "closes_line": "To {cut}: {closes}.",
        "opening_line": "Initial meld minimum by {of_the_side} score: {steps}",
        "your_side": "your partnership",
        "your_side.alone": "your side",
        "of_the_side": "the partnership's",
        "of_the_side.alone": "the side's",
        "house_line": "On this sheet, {said} (usually {default}).",
        "table_meld": "Table {n}",
        "goal_line": "You go out with {n} cards of your own on the table. Whoever uses the "
        "offered card pays: they discard a card from their hand.",
        "best-discard.about": "after drawing, which discard leaves the fewest loose points?",
        "can-cut.about": "can you {cut}, and with which discard?",
        "count-deadwood.about": "make the best melds: how many loose points are left?",
        "acomodo.about": "another player ended the hand; what do you lay off onto their melds, "
        "and what stays loose?",
        "take-or-draw.about": "take the discard pile's top card or draw blind? (**mazo advise** "
        "gives each option's exact chances.)",
        "fastest-discard.about": "after drawing, when you cannot {cut} yet: which discard "
        "lets you {cut} soonest? Turns are counted on average, each turn drawing one card you "
        "cannot see. (**mazo odds** gives each discard's turns.)",
        "use-faced-card.about": "a card is offered: can you use it, and what do you lay down "
        "from your hand with it?",
        "go-out.about": "does the offered card put all your cards on the table to win?",
        "can-open.about": "do you reach the initial meld's minimum, and what is the most you "
        "can meld?",
        "count-hand.about": "your side has opened: how many points are the melds you can put "
        "down this turn worth?",
        "best-discard": "Which card do you discard?",
        "can-cut": "Can you {cut}? With which discard?",
        "count-deadwood": "How many loose points?",
        "use-faced-card": "Do you use the faced card?",
        "use-faced-card.ask": "You hold these cards, with your melds on the table. The marked "
        "card is offered: can you use it? If so, which hand cards go down with it?",
        "use-faced-card.fill": "Use it?  Yes  /  No      From my hand: ______________",
        "use-faced-card.yes": "Yes: {melds}; {laid} go down from your hand ({n} {cards}) and "
        "you pay {pay}.",
        "use-faced-card.no": "No: {faced} makes no meld with your hand or your melds.",
        "use-faced-card.win": "Yes, and you go out: {melds}; {laid} go down and your hand is "
        "empty.",
        "go-out": "Do you go out with this card?",
        "go-out.ask": "You have these melds on the table and few cards in hand. The marked card "
        "is offered: does it put all your cards on the table, so you win?",
        "go-out.fill": "Go out?  Yes  /  No",
        "go-out.yes": "Yes: {melds}; nothing is left in your hand.",
        "go-out.no_use": "No: {faced} fits none of your melds.",
        "go-out.no": "No: with {faced} you make {melds}; you pay {pay} and {left} {stays} in "
        "your hand.",
        "go-out.no_left": "No: with {faced} you make {melds} and pay {pay}: your hand is "
        "empty, but {on_table} cards are on the table and going out takes {size}.",
        "offered": "offered",
        "pay": "pay",
        "stays": "stays",
        "stay": "stay",
        "empty_hand": "(empty hand)",
        "card": "card",
        "cards": "cards",
        "can-open": "Can you make the initial meld?",
        "can-open.ask": "{Your_side} has not melded yet and has the score each puzzle "
        "shows. With these {n} cards, do you reach the initial-meld minimum? What is the most you "
        "can meld?",
        "can-open.fill": "Open?  Yes  /  No      Minimum: ______      Most: ______",
        "can-open.yes": "Yes: at {score} points the minimum is {minimum}; {fewest} is enough "
        "({fewest_points} points), and the most you can meld is {most} points.",
        "can-open.no": "No: at {score} points the minimum is {minimum}, and the most you can "
        "meld is {most} points.",
        "can-open.none": "No: at {score} points the minimum is {minimum}, and you cannot meld "
        "even 15 points.",
        "count-hand": "How many points can you meld?",
        "count-hand.ask": "{Your_side} has already opened. How many points are the richest "
        "melds you can put down this turn with these {n} cards worth? One card stays in your hand "
        "to discard (unless you go out with a canasta), and a red 3 is never that card.",
        "count-hand.fill": "Points: ________",
        "count-hand.why": "{points} points: {melds}.",
        "count-hand.one_left": " {left} stays to discard.",
        "count-hand.left": " {left} stay in your hand, one to discard.",
        "team_score": "Score of {your_side}: {score}",
        "in_hand": "in hand",
        "red_threes": " Red 3s ({cards}) never go in melds: they are bonus cards.",
        "red_three": " The red 3 ({cards}) never goes in melds: it is a bonus card.",
        "acomodo": "What can you lay off?",
        "acomodo.ask": "Another player ended the hand with the melds on the table. Lay off your "
        "{n} cards on those melds (and make your own): which cards stay loose, and how many "
        "points do they make?",
        "acomodo.fill": "Lay off: ______________   Loose: ______________   Points: ______",
        "acomodo.why": "Lay off {laid}; {melds}; you keep {points} loose {pts}{loose}; without "
        "laying off, {without}.",
        "table": "Table",
        "your_hand": "Your hand",
        "onto": "on",
        "onto_meld": "on meld {n}",
        "best-discard.ask": "You hold these {n} cards after drawing. Mark the card you discard "
        "and write down the loose points you keep.",
        "can-cut.ask": "You hold these {n} cards after drawing. Can you {cut}? If so, which "
        "discard leaves the fewest points?",
        "count-deadwood.ask": "Make the best melds with these {n} cards and count the points of "
        "the cards left loose.",
        "best-discard.fill": "Discard: ________     Loose points: ________",
        "can-cut.fill": "{Asked}?  Yes  /  No      With: ________",
        "count-deadwood.fill": "Loose points: ________",
        "discard": "discard",
        "discard_one": "discard, e.g.",
        "loose": "loose: {points}",
        "no_loose": "none loose",
        "meld": "meld",
        "best-discard.why": "Discarding {discard} leaves {points} loose {pts}{loose}: {verdict}. "
        "Next best, discarding {runner}, leaves {runner_points} {runner_pts}{runner_close}.",
        "can-cut.yes": "Yes: discarding {discard} leaves {points} loose {pts}{loose}: "
        "{verdict}. {others}",
        "can-cut.no": "No: no discard lets you {cut}; the fewest you can keep is {points} loose "
        "{pts}, discarding {discards}.",
        "count-deadwood.why": "{points} loose {pts}{loose}; {melds}.",
        "no_cut": "you cannot {cut}",
        "only_cut": "No other discard lets you {cut}.",
        "other_cuts": "Discarding {cards} also lets you {cut}, but not as well.",
        "or": "or",
        "melds_are": "melds: {melds}",
        "no_melds": "no meld",
        "point": "point",
        "points": "points",
        "fastest-discard": "Which discard lets you {cut} soonest?",
        "fastest-discard.ask": "You hold these {n} cards after drawing and cannot {cut} yet. "
        "Of the discards offered below, which lets you {cut} soonest, on average? Tick it. "
        "(Hint: look at which cards would help you after each one.)",
        "fastest-discard.fill": "Discard:    {choices}",
        "fastest-discard.rule": "To {cut} soonest: each turn you draw one card at random from "
        "all the cards not in your hand (the other players' cards, the stock and the discard "
        "pile count alike) and discard one; the best discard is the one that lets you {cut} in "
        "the fewest turns on average, if you go on playing your best.",
        "fastest-discard.why": "Discard {discard} (keeping {points} loose {pts}): you {cuts} in "
        "{turns} on average. Discarding {fewest}, the fewest-points discard ({fewest_points}), "
        "takes {fewest_turns}.",
        "fastest-discard.other": " Discarding {other} ({other_points}): {other_turns}.",
        "turns": "turns",
        "take-or-draw": "Take or draw?",
        "take-or-draw.ask": "It is your turn with these {n} cards. The marked card is on top of "
        "the discard pile, and the seen cards are no longer in the stock. Do you take that card or "
        "draw blind? If you take it, what do you discard? (The taken card may be thrown back, "
        "but not to {cut}.) The goal: to {cut} as soon as you can, this turn or the next.",
        "take-or-draw.fill": "☐ Take    ☐ Draw        If I take, I discard: ________",
        "take-or-draw.take_cut": "Take {top}: you can {cut} now, discarding {discard}{close}. "
        "Drawing, {k} of {cards} {let} you {cut} this turn.",
        "take-or-draw.take": "Take {top} and discard {discard}: then {k_take} of {cards} "
        "{let_take} you {cut} on your next draw. Chance to {cut} by your next turn: {p_take} "
        "taking against {p_draw} drawing.",
        "take-or-draw.draw": "Draw: {k_draw} of {cards} {let_draw} you {cut} right away. Chance "
        "to {cut} by your next turn: {p_draw} drawing against {p_take} taking {top} (and "
        "discarding {discard}: then {k_take} of {cards} {let_take} you {cut}).",
        "take-or-draw.points": " After the discard that leaves the fewest loose points: "
        "{take_points} {take_pts} taking, {draw_points} on average drawing.",
        "of_card": "{n} card",
        "of_cards": "{n} cards",
        "lets": "lets",
        "let": "let",
        "take-or-draw.wrong": " The rule of thumb gets it wrong here: {rules}.",
        "thumb.meld": '"take it only if it makes a meld"',
        "thumb.points": '"take any card that lowers your loose points"',
        "pozo": "discard pile",
        "take.short": "take",
        "draw.short": "draw",
        "seen": "Seen",
        "and": " and ",
        "easy": "easy",
        "medium": "medium",
        "hard": "hard",
    },
}


# --difficulty in Spanish, as the help says it, and as it is typed without accents (or "medio",
# the level's word for a puzzle): the JSON and the reprint keep the English names.
LEVEL_WORDS = {
    **{TEXT["es"][level]: level for level in LEVELS},
    "facil": "easy",
    "medio": "medium",
    "dificil": "hard",
}


def _asked(verb: str, lang: str) -> str:
    """The cut verb as the sheet asks it ("¿Cortás?", "Knock?"), capitalised."""
    verb = said_to_you(verb, lang)
    return verb[:1].upper() + verb[1:]


# Gin's English word for loose points, phrase by phrase (most specific first).
DEADWOOD = (
    (r"\bthe fewest loose points\b", "the least deadwood"),
    (r"\b([Hh])ow many loose points are\b", r"\1ow much deadwood is"),
    (r"\b([Hh])ow many loose points\b", r"\1ow much deadwood"),
    (r"\bthe fewest you can keep\b", "the least you can keep"),
    (r"\bloose points?\b", "deadwood"),
    (r"\bLoose points\b", "Deadwood"),
    (r"\bcards stay loose\b", "cards are deadwood"),
    (r"\bthe cards left loose\b", "the deadwood cards"),
    (r"\bstays? loose\b", "is deadwood"),
    (r"\bnone loose\b", "no deadwood"),
    (r"\bLoose:", "Deadwood:"),
    (r"\bloose:", "deadwood:"),
)


def _deadwood(text: str) -> str:
    for phrase, said in DEADWOOD:
        text = re.sub(phrase, said, text)
    return text


def _sides(spec: RuleSpec, lang: str) -> dict[str, str]:
    """Who scores together, as the rulebooks say it: a partnership, or in Canasta of two or
    three a side of one player (the rulebook's "bando")."""
    alone = ".alone" if spec.canasta is not None and spec.canasta.partners == 1 else ""
    side = TEXT[lang][f"your_side{alone}"]
    return {
        "your_side": side,
        "Your_side": side[:1].upper() + side[1:],
        "of_the_side": TEXT[lang][f"of_the_side{alone}"],
    }


def say(spec: RuleSpec, lang: str, key: str, **fields: Any) -> str:
    cut = cut_verb(spec, lang)
    cap = cut[:1].upper() + cut[1:]
    asked = _asked(cut, lang)
    text = word(
        TEXT,
        lang,
        key,
        cut=cut,
        Cut=cap,
        Asked=asked,
        cuts=said_to_you(cut, lang),
        **_sides(spec, lang),
        **fields,
    )
    if lang == "en" and spec.puzzle_deadwood:
        text = _deadwood(text)
    # A sentence that ends in a name with its own mark ("¡Conga Limpia!") takes no full stop.
    return re.sub(r"([!?])\.", r"\1", text)


def drawn_card(code: str) -> str:
    """A card as the sheet draws it (★, Q♥, 10♥): the drawn 10, never the code's T."""
    shown = printed(code)
    return "10" + shown[1:] if code.startswith("T") else shown


def _cards(codes) -> str:
    """Cards in an answer, spelt as the hand beside it shows them."""
    return " ".join(map(drawn_card, codes))


def title(spec: RuleSpec, kind: str, lang: str) -> str:
    return say(spec, lang, kind)


def sheet_name(spec: RuleSpec, kinds: list[str], lang: str) -> str:
    """What a sheet asks: its kind's title, or a mixed sheet's name."""
    return title(spec, kinds[0], lang) if len(kinds) == 1 else TEXT[lang]["sheet"]


def about(spec: RuleSpec, kind: str, lang: str) -> str:
    """What a kind of puzzle asks, in one line of the game's words."""
    return say(spec, lang, f"{kind}.about")


def meld_label(spec: RuleSpec, codes: list[str], lang: str) -> str:
    """The meld's kind in the game's words: a set shares one rank, a run climbs in one suit."""
    naturals = [spec.deck.parse_card(c) for c in codes if c != "*"]
    shape = "set" if len({c.rank for c in naturals}) == 1 and len(naturals) >= 2 else "run"
    if len(naturals) < 2:
        return TEXT[lang]["meld"]
    kind = next((k for k in spec.melds if k.shape == shape), None)
    return kind.names[lang] if kind else TEXT[lang]["meld"]


def close_name(spec: RuleSpec, close_id: str | None, lang: str) -> str:
    """The close as a key's sentence names it, or that there is none."""
    if close_id is None:
        return say(spec, lang, "no_cut")
    return in_sentence(spec.close(close_id).names[lang])


def _agree(n: int, one: str, many: str, lang: str) -> str:
    return agree_word(TEXT, lang, n, one, many)


def _points_word(points: int, lang: str) -> str:
    return _agree(points, "point", "points", lang)


def _either(cards: list[str], lang: str) -> str:
    """Cards that do equally well: `JS`, `JS or QS`, `JS, QS or KS`."""
    cards = [drawn_card(c) for c in cards]
    if len(cards) == 1:
        return cards[0]
    return f"{', '.join(cards[:-1])} {TEXT[lang]['or']} {cards[-1]}"


def _loose(deadwood: Sequence[str]) -> str:
    return f" ({_cards(deadwood)})" if deadwood else ""


def _meld_list(spec: RuleSpec, melds: Sequence[Sequence[str]], lang: str) -> str:
    """Each meld named by its kind: `trinca 4o 4e 4b, secuencia 5o 6o 7o`."""
    return ", ".join(f"{meld_label(spec, list(m), lang)} {_cards(m)}" for m in melds)


def _melds(spec: RuleSpec, melds: Sequence[Sequence[str]], lang: str) -> str:
    if not melds:
        return TEXT[lang]["no_melds"]
    return TEXT[lang]["melds_are"].format(melds=_meld_list(spec, melds, lang))


def explain(spec: RuleSpec, answer: Answer, lang: str) -> str:
    """The answer key's one line for a puzzle."""
    return _EXPLAIN[type(answer)](spec, answer, lang)


def _left(answer: RummyAnswer, lang: str) -> dict[str, Any]:
    """What every rummy key says: the loose points left, and which cards."""
    points = answer.deadwood_points
    return {"points": points, "pts": _points_word(points, lang), "loose": _loose(answer.deadwood)}


def _explain_best_discard(spec: RuleSpec, answer: BestDiscardAnswer, lang: str) -> str:
    runner = answer.runner_up
    same_close = runner.close == answer.close
    return say(
        spec,
        lang,
        "best-discard.why",
        discard=drawn_card(answer.discard),
        verdict=close_name(spec, answer.close, lang),
        runner=_either(list(runner.discards) or [runner.discard], lang),
        runner_points=runner.deadwood_points,
        runner_pts=_points_word(runner.deadwood_points, lang),
        runner_close="" if same_close else f" ({close_name(spec, runner.close, lang)})",
        **_left(answer, lang),
    )


def _explain_can_cut(spec: RuleSpec, answer: CanCutAnswer, lang: str) -> str:
    common = _left(answer, lang)
    if answer.can_cut and answer.discard is not None:
        others = [c for c in answer.cut_discards if c != answer.discard]
        return say(
            spec,
            lang,
            "can-cut.yes",
            discard=drawn_card(answer.discard),
            others=say(spec, lang, "other_cuts", cards=_either(others, lang))
            if others
            else say(spec, lang, "only_cut"),
            verdict=close_name(spec, answer.close, lang),
            **common,
        )
    tied = list(answer.best_discards) or [answer.best_discard]
    shown = f"{drawn_card(tied[0])}{common['loose']}" if len(tied) == 1 else _either(tied, lang)
    return say(spec, lang, "can-cut.no", discards=shown, **common)


def _explain_acomodo(spec: RuleSpec, answer: AcomodoAnswer, lang: str) -> str:
    onto = TEXT[lang]["onto"]
    laid = ", ".join(
        f"{_cards(lay.cards)} {onto} {_cards(answer.cutter_melds[lay.meld - 1])}"
        for lay in answer.laid_off
    )
    return say(
        spec,
        lang,
        "acomodo.why",
        laid=laid,
        melds=_melds(spec, answer.melds, lang),
        without=answer.points_without_acomodo,
        **_left(answer, lang),
    )


def _explain_count_deadwood(spec: RuleSpec, answer: CountDeadwoodAnswer, lang: str) -> str:
    melds = _melds(spec, answer.melds, lang)
    return say(spec, lang, "count-deadwood.why", melds=melds, **_left(answer, lang))


def _explain_use_faced(spec: RuleSpec, answer: UseFacedAnswer, lang: str) -> str:
    if not answer.can_use:
        return say(spec, lang, "use-faced-card.no", faced=drawn_card(answer.faced))
    melds, laid = _melds(spec, answer.melds, lang), _cards(answer.laid)
    if answer.can_go_out:
        return say(spec, lang, "use-faced-card.win", melds=melds, laid=laid)
    n = len(answer.laid)
    assert answer.pay is not None  # a player who uses the card and stays in keeps one to pay
    return say(
        spec,
        lang,
        "use-faced-card.yes",
        melds=melds,
        laid=laid,
        n=n,
        cards=_agree(n, "card", "cards", lang),
        pay=drawn_card(answer.pay),
    )


def _explain_go_out(spec: RuleSpec, answer: GoOutAnswer, lang: str) -> str:
    faced, melds = drawn_card(answer.faced), _melds(spec, answer.melds, lang)
    if answer.can_go_out:
        return say(spec, lang, "go-out.yes", melds=melds)
    if not answer.can_use:
        return say(spec, lang, "go-out.no_use", faced=faced)
    assert answer.pay is not None  # a hand that cannot go out keeps a card
    melds = _meld_list(spec, answer.melds, lang)
    pay, left = drawn_card(answer.pay), answer.left
    if not left:
        assert spec.conquian is not None  # go-out puzzles are Conquián's
        on_table = sum(len(m) for m in answer.melds)
        goal = spec.conquian.goal_table_cards
        return say(
            spec,
            lang,
            "go-out.no_left",
            faced=faced,
            melds=melds,
            pay=pay,
            on_table=on_table,
            size=goal,
        )
    stays = _agree(len(left), "stays", "stay", lang)
    return say(
        spec, lang, "go-out.no", faced=faced, melds=melds, pay=pay, left=_cards(left), stays=stays
    )


def _close_named(spec: RuleSpec, close: str | None, lang: str) -> str:
    """The close a cut makes, in brackets, unless it is called as the cut is (Gin's knock):
    "you can knock now, discarding 5♦ (knock)" says it twice."""
    name = close_name(spec, close, lang)
    return "" if name.lower() == cut_verb(spec, lang).lower() else f" ({name})"


def _red_threes(red: Sequence[str], lang: str) -> str:
    said = "red_three" if len(red) == 1 else "red_threes"
    return TEXT[lang][said].format(cards=_cards(red)) if red else ""


def _explain_count_hand(spec: RuleSpec, answer: CountHandAnswer, lang: str) -> str:
    shown = ", ".join(_cards(m) for m in answer.melds)
    line = say(spec, lang, "count-hand.why", points=answer.meld_points, melds=shown)
    if answer.left:
        key = "count-hand.one_left" if len(answer.left) == 1 else "count-hand.left"
        line += say(spec, lang, key, left=_cards(answer.left))
    return line + _red_threes(answer.red_threes, lang)


def _explain_can_open(spec: RuleSpec, answer: CanOpenAnswer, lang: str) -> str:
    common = {
        "score": signed(answer.score),
        "minimum": answer.required_minimum,
        "most": answer.max_points,
    }
    bonus = _red_threes(answer.red_threes, lang)
    if answer.can_open and answer.opening_fewest is not None:
        fewest = ", ".join(_cards(m) for m in answer.opening_fewest.melds)
        points = answer.opening_fewest.points
        return (
            say(spec, lang, "can-open.yes", fewest=fewest, fewest_points=points, **common) + bonus
        )
    verdict = "can-open.no" if answer.max_points is not None else "can-open.none"
    return say(spec, lang, verdict, **common) + bonus


def _decimal(value: float, lang: str, *, always: bool = False) -> str:
    """A mean to one decimal with the language's decimal mark (4,2); without `always`, written
    as the whole numbers beside it are when the decimal is 0."""
    shown = f"{value:.1f}"
    if not always:
        shown = shown.removesuffix(".0")
    return in_lang(shown, lang)


def _turns(value: float, lang: str) -> str:
    """Expected turns to the cut, always with their decimal: `4,2 turnos`, `8.0 turns`."""
    return f"{_decimal(value, lang, always=True)} {TEXT[lang]['turns']}"


def fill(spec: RuleSpec, kind: str, answer: Answer, lang: str) -> str:
    """The answer line under a puzzle; a fastest discard's offers its discards to tick, as no
    student finds expected turns by hand."""
    if isinstance(answer, FastestDiscardAnswer):
        ticks = "    ".join(f"☐ {drawn_card(choice.discard)}" for choice in answer.choices)
        return say(spec, lang, f"{kind}.fill", choices=ticks)
    return say(spec, lang, f"{kind}.fill")


def _explain_fastest_discard(spec: RuleSpec, answer: FastestDiscardAnswer, lang: str) -> str:
    shown = (answer.discard, answer.fewest_points_discard)
    others = "".join(
        say(
            spec,
            lang,
            "fastest-discard.other",
            other=drawn_card(choice.discard),
            other_points=choice.deadwood_points,
            other_turns=_turns(choice.turns_to_cut, lang),
        )
        for choice in answer.choices
        if choice.discard not in shown
    )
    why = say(
        spec,
        lang,
        "fastest-discard.why",
        discard=drawn_card(answer.discard),
        turns=_turns(answer.turns_to_cut, lang),
        points=answer.deadwood_points,
        pts=_points_word(answer.deadwood_points, lang),
        fewest=drawn_card(answer.fewest_points_discard),
        fewest_turns=_turns(answer.fewest_points_turns_to_cut, lang),
        fewest_points=answer.fewest_points_deadwood_points,
    )
    return why + others


def _explain_take_or_draw(spec: RuleSpec, answer: TakeOrDrawAnswer, lang: str) -> str:
    take, draw = answer.take, answer.draw
    # The sheets look two turns ahead and keep only takes that throw a card.
    assert take.discard is not None
    assert take.cut_by_next_turn is not None and draw.cut_by_next_turn is not None
    fields = {
        "top": drawn_card(answer.pozo_top),
        "discard": drawn_card(take.discard),
        "p_take": percent(float(take.cut_by_next_turn), lang),
        "p_draw": percent(float(draw.cut_by_next_turn), lang),
        "take_points": take.fewest_deadwood_points,
        "take_pts": _points_word(take.fewest_deadwood_points, lang),
        "draw_points": _decimal(float(draw.expected_deadwood), lang),
    }
    cards = _agree(answer.unseen, "of_card", "of_cards", lang)
    if answer.advice == "take" and take.can_cut:
        text = say(
            spec,
            lang,
            "take-or-draw.take_cut",
            close=_close_named(spec, take.close, lang),
            k=draw.cut_now_cards,
            cards=cards,
            let=_agree(draw.cut_now_cards, "lets", "let", lang),
            **fields,
        )
    else:
        # Counts a student can check: the unseen cards that let the hand cut on the draw.
        k_take = take.cut_by_next_turn * answer.unseen
        assert k_take.denominator == 1  # a share of the unseen cards after taking
        text = say(
            spec,
            lang,
            f"take-or-draw.{answer.advice}",
            cards=cards,
            k_take=int(k_take),
            let_take=_agree(int(k_take), "lets", "let", lang),
            k_draw=draw.cut_now_cards,
            let_draw=_agree(draw.cut_now_cards, "lets", "let", lang),
            **fields,
        )
        text += say(spec, lang, "take-or-draw.points", **fields)
    if answer.thumbs_wrong:
        rules = TEXT[lang]["and"].join(TEXT[lang][f"thumb.{t}"] for t in answer.thumbs_wrong)
        text += say(spec, lang, "take-or-draw.wrong", rules=rules)
    return text


_EXPLAIN: dict[type, Callable[[RuleSpec, Any, str], str]] = {
    BestDiscardAnswer: _explain_best_discard,
    CanCutAnswer: _explain_can_cut,
    CountDeadwoodAnswer: _explain_count_deadwood,
    AcomodoAnswer: _explain_acomodo,
    TakeOrDrawAnswer: _explain_take_or_draw,
    FastestDiscardAnswer: _explain_fastest_discard,
    UseFacedAnswer: _explain_use_faced,
    GoOutAnswer: _explain_go_out,
    CanOpenAnswer: _explain_can_open,
    CountHandAnswer: _explain_count_hand,
}
