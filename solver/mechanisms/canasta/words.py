"""Canasta's own words (see `mazo.words`), in both languages, each key namespaced `canasta.`:
what its views, planilla, worksheets and rulebook say that no other mechanism does."""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        # views
        # mazo solve
        "canasta.play": "   = {points} points, {cards} cards",
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
        "canasta.limpias_one": "{n} limpia",
        "canasta.limpias_many": "{n} limpia",
        "canasta.sucias_one": "{n} sucia",
        "canasta.sucias_many": "{n} sucia",
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
    },
    "es": {
        # views
        # mazo solve
        "canasta.play": "   = {points} puntos, {cards} cartas",
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
