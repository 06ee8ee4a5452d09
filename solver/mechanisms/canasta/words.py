"""Canasta's own words (see `mazo.words`), in both languages, each key namespaced `canasta.`:
what its views, planilla, worksheets and rulebook say that no other mechanism does."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # views
        # mazo solve
        "canasta.play": "   = {points} points, {cards}",
        "canasta.red_threes": "Red 3s",
        "canasta.laid_aside": "   laid aside",
        "canasta.opened": "Opened",
        "canasta.no_minimum": "the team has melded: no minimum",
        "canasta.best": "Best",
        "canasta.opening": "Opening",
        "canasta.need": "score {score} → minimum {minimum}   can open: ",
        "canasta.fewest": "Fewest",
        "canasta.most": "Most",
        "canasta.canasta": "Canasta",
        "canasta.frozen": " (frozen)",
        "canasta.can_take": "{frozen}   can take: ",
        "canasta.go_out": "Go out",
        "canasta.concealed": "  concealed",
        # mazo score
        "canasta.score_melds": "Melds",
        "canasta.col_cards": "cards",
        "canasta.col_canasta": "canasta",
        "canasta.col_item": "item",
        "canasta.table_cards": "table cards ({n})",
        "canasta.canastas": "canastas ({limpias}, {sucias})",
        "canasta.limpias_one": "{n} clean",
        "canasta.limpias_many": "{n} clean",
        "canasta.sucias_one": "{n} dirty",
        "canasta.sucias_many": "{n} dirty",
        # a canasta's kind as the JSON names it, said as the English book says it
        "canasta.kind.limpia": "clean",
        "canasta.kind.sucia": "dirty",
        "canasta.red_three_items": "red 3s ({n})",
        "canasta.going_out": "going out ({how})",
        "canasta.going_out_no": "no",
        "canasta.going_out_out": "out",
        "canasta.going_out_concealed": "concealed",
        "canasta.left_in_hand": "cards left in hand ({n})",
        "canasta.score_after": "Score {before} → {after}; next initial meld minimum {minimum}.",
        # mazo match: side against side to the target
        "canasta.sides_title": "{game}: to {target}",
        "canasta.sides_hand": "hand",
        "canasta.sides_start": "start",
        "canasta.sides_cell": "{points} → {total}",
        "canasta.sides_minimum": " (min {minimum})",
        "canasta.sides_minimum_note": "(min N): the initial meld minimum for the next hand.",
        "canasta.sides_winner": "Winner: {who}, {total} to {others}",
        "canasta.sides_open": "Nobody has reached {target} yet; next minimum: {minimums}.",
        "canasta.sides_tie": "{who} are tied at {total} (target {target}): another hand is played.",
        "canasta.sides_and": " and ",
        # mazo match --pdf: the planilla
        "canasta.sheet.sides_rules": "To {target} points · initial meld minimum by the total: "
        "{minimums}",
        "canasta.sheet.negative": "negative",
        "canasta.sheet.minimum": "min {minimum}",
        "canasta.sheet.sides_chart": "Each side's total, hand by hand",
        "canasta.sheet.sides_wins": "{who} wins, {total} to {others}.",
        "canasta.sheet.sides_tie": "{who} are tied at {total} (target {target}): another hand is "
        "played.",
        "canasta.sheet.fill_sides": "In each box, the hand's points, the total and the initial "
        "meld minimum it sets.",
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
        "canasta.red_threes_aside": " Red 3s ({cards}) never go in melds: they are bonus cards.",
        "canasta.red_three_aside": " The red 3 ({cards}) never goes in melds: it is a bonus card.",
    },
    "es": {
        # views
        # mazo solve
        "canasta.play": "   = {points} puntos, {cards}",
        "canasta.red_threes": "3 rojos",
        "canasta.laid_aside": "   apartados",
        "canasta.opened": "Bajado",
        "canasta.no_minimum": "el equipo ya bajó: sin mínimo",
        "canasta.best": "Mejor",
        "canasta.opening": "Bajada",
        "canasta.need": "puntaje {score} → mínimo {minimum}   puede bajar: ",
        "canasta.fewest": "Menos",
        "canasta.most": "Más",
        "canasta.canasta": "Canasta",
        "canasta.frozen": " (pozo congelado)",
        "canasta.can_take": "{frozen}   puede levantar: ",
        "canasta.go_out": "Cerrar",
        "canasta.concealed": "  cierre directo",
        # mazo score
        "canasta.score_melds": "Frentes",
        "canasta.col_cards": "cartas",
        "canasta.col_canasta": "canasta",
        "canasta.col_item": "concepto",
        "canasta.table_cards": "cartas en la mesa ({n})",
        "canasta.canastas": "canastas ({limpias}, {sucias})",
        "canasta.limpias_one": "{n} limpia",
        "canasta.limpias_many": "{n} limpias",
        "canasta.sucias_one": "{n} sucia",
        "canasta.sucias_many": "{n} sucias",
        "canasta.kind.limpia": "limpia",
        "canasta.kind.sucia": "sucia",
        "canasta.red_three_items": "3 rojos ({n})",
        "canasta.going_out": "cierre ({how})",
        "canasta.going_out_no": "no",
        "canasta.going_out_out": "cerró",
        "canasta.going_out_concealed": "cierre directo",
        "canasta.left_in_hand": "cartas en la mano ({n})",
        "canasta.score_after": "Puntaje {before} → {after}; mínimo de la próxima bajada {minimum}.",
        # mazo match: side against side to the target
        "canasta.sides_title": "{game}: a {target}",
        "canasta.sides_hand": "mano",
        "canasta.sides_start": "inicio",
        "canasta.sides_cell": "{points} → {total}",
        "canasta.sides_minimum": " (mín. {minimum})",
        "canasta.sides_minimum_note": "(mín. N): el mínimo de la bajada inicial en la próxima "
        "mano.",
        "canasta.sides_winner": "Gana {who}, {total} a {others}",
        "canasta.sides_open": "Nadie llegó todavía a {target}; próximo mínimo: {minimums}.",
        "canasta.sides_tie": "{who} empatan en {total} (meta {target}): se juega otra mano.",
        "canasta.sides_and": " y ",
        # mazo match --pdf: the planilla
        "canasta.sheet.sides_rules": "A {target} puntos · mínimo de la bajada inicial por el "
        "total: {minimums}",
        "canasta.sheet.negative": "negativo",
        "canasta.sheet.minimum": "mín. {minimum}",
        "canasta.sheet.sides_chart": "Total de cada bando, mano a mano",
        "canasta.sheet.sides_wins": "Gana {who}, {total} a {others}.",
        "canasta.sheet.sides_tie": "{who} empatan en {total} (meta {target}): se juega otra mano.",
        "canasta.sheet.fill_sides": "En cada casilla, los puntos de la mano, el total y el mínimo "
        "de la bajada que fija.",
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
        "canasta.red_threes_aside": " Los 3 rojos ({cards}) no van en frentes: son bonificación.",
        "canasta.red_three_aside": " El 3 rojo ({cards}) no va en frentes: es bonificación.",
    },
}
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
