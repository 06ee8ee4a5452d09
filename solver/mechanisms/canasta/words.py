"""Canasta Uruguaya's own words (see `mazo.words`), each key under its name."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # worksheets
        "canasta.opening_line": "Initial meld minimum by {of_the_side} score: {steps}",
        "canasta.your_side": "your partnership",
        "canasta.your_side.alone": "your side",
        "canasta.of_the_side": "the partnership's",
        "canasta.of_the_side.alone": "the side's",
        "canasta.can-open.about": "do you reach the initial meld's minimum, and what is the most "
        "you can meld?",
        "canasta.count-hand.about": "your side has opened: how many points are the melds you can "
        "put down this turn worth?",
        "canasta.can-open": "Can you make the initial meld?",
        "canasta.can-open.ask": "{Your_side} has not melded yet and has the score each puzzle "
        "shows. With these {n} cards, do you reach the initial-meld minimum? What is the most you "
        "can meld?",
        "canasta.can-open.fill": "Open?  Yes  /  No      Minimum: ______      Most: ______",
        "canasta.can-open.yes": "Yes: at {score} points the minimum is {minimum}; {fewest} is "
        "enough ({fewest_points} points), and the most you can meld is {most} points.",
        "canasta.can-open.no": "No: at {score} points the minimum is {minimum}, and the most you "
        "can meld is {most} points.",
        "canasta.can-open.none": "No: at {score} points the minimum is {minimum}, and you cannot "
        "meld even 15 points.",
        "canasta.count-hand": "How many points can you meld?",
        "canasta.count-hand.ask": "{Your_side} has already opened. How many points are the "
        "richest melds you can put down this turn with these {n} cards worth? One card stays in "
        "your hand to discard (unless you go out with a canasta), and a red 3 is never that card.",
        "canasta.count-hand.fill": "Points: ________",
        "canasta.count-hand.why": "{points} points: {melds}.",
        "canasta.count-hand.one_left": " {left} stays to discard.",
        "canasta.count-hand.left": " {left} stay in your hand, one to discard.",
        "canasta.team_score": "Score of {your_side}: {score}",
        "canasta.in_hand": "in hand",
        "canasta.red_threes": " Red 3s ({cards}) never go in melds: they are bonus cards.",
        "canasta.red_three": " The red 3 ({cards}) never goes in melds: it is a bonus card.",
    },
    "es": {
        # worksheets
        "canasta.opening_line": "Mínimo de la bajada inicial según los puntos {of_the_side}: "
        "{steps}",
        "canasta.your_side": "tu pareja",
        "canasta.your_side.alone": "tu bando",
        "canasta.of_the_side": "de la pareja",
        "canasta.of_the_side.alone": "del bando",
        "canasta.can-open.about": "¿llegás al mínimo de la bajada inicial, y cuánto es lo máximo "
        "que podés bajar?",
        "canasta.count-hand.about": "tu bando ya abrió: ¿cuántos puntos valen los frentes que "
        "podés bajar en este turno?",
        "canasta.can-open": "¿Podés bajar el frente inicial?",
        "canasta.can-open.ask": "{Your_side} todavía no bajó y tiene los puntos que dice cada "
        "ejercicio. Con estas {n} cartas, ¿llegás al mínimo del frente inicial? ¿Cuántos puntos "
        "es lo máximo que podés bajar?",
        "canasta.can-open.fill": "¿Abrís?  Sí  /  No      Mínimo: ______      Máximo: ______",
        "canasta.can-open.yes": "Sí: con {score} puntos el mínimo es {minimum}; lo máximo que "
        "podés bajar son {most} puntos (alcanza, por ejemplo, con {fewest}: {fewest_points} "
        "puntos).",
        "canasta.can-open.no": "No: con {score} puntos el mínimo es {minimum}, y lo máximo que "
        "juntás son {most} puntos.",
        "canasta.can-open.none": "No: con {score} puntos el mínimo es {minimum}, y no juntás ni "
        "15 puntos.",
        "canasta.count-hand": "¿Cuántos puntos podés bajar?",
        "canasta.count-hand.ask": "{Your_side} ya abrió. ¿Cuántos puntos valen los frentes más "
        "valiosos que podés bajar en este turno con estas {n} cartas? Una carta queda en la mano "
        "para descartar (salvo que cierres con canasta), y un 3 rojo nunca es esa carta.",
        "canasta.count-hand.fill": "Puntos: ________",
        "canasta.count-hand.why": "{points} puntos: {melds}.",
        "canasta.count-hand.one_left": " Queda {left} para descartar.",
        "canasta.count-hand.left": " Quedan {left} en la mano, una para descartar.",
        "canasta.team_score": "Puntos de {your_side}: {score}",
        "canasta.in_hand": "en la mano",
        "canasta.red_threes": " Los 3 rojos ({cards}) no van en frentes: son bonificación.",
        "canasta.red_three": " El 3 rojo ({cards}) no va en frentes: es bonificación.",
    },
}
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {"en": {}, "es": {}}
