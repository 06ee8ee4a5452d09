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
        # worksheets
        "conquian.goal_line": "You go out with {n} cards of your own on the table. Whoever uses "
        "the offered card pays: they discard a card from their hand.",
        "conquian.use-faced-card.about": "a card is offered: can you use it, and what do you lay "
        "down from your hand with it?",
        "conquian.go-out.about": "does the offered card put all your cards on the table to win?",
        "conquian.use-faced-card": "Do you use the faced card?",
        "conquian.use-faced-card.ask": "You hold these cards, with your melds on the table. The "
        "marked card is offered: can you use it? If so, which hand cards go down with it?",
        "conquian.use-faced-card.fill": "Use it?  Yes  /  No      From my hand: ______________",
        "conquian.use-faced-card.yes": "Yes: {melds}; {laid} go down from your hand ({n} {cards}) "
        "and you pay {pay}.",
        "conquian.use-faced-card.no": "No: {faced} makes no meld with your hand or your melds.",
        "conquian.use-faced-card.win": "Yes, and you go out: {melds}; {laid} go down and your "
        "hand is empty.",
        "conquian.go-out": "Do you go out with this card?",
        "conquian.go-out.ask": "You have these melds on the table and few cards in hand. The "
        "marked card is offered: does it put all your cards on the table, so you win?",
        "conquian.go-out.fill": "Go out?  Yes  /  No",
        "conquian.go-out.yes": "Yes: {melds}; nothing is left in your hand.",
        "conquian.go-out.no_use": "No: {faced} fits none of your melds.",
        "conquian.go-out.no": "No: with {faced} you make {melds}; you pay {pay} and {left} "
        "{stays} in your hand.",
        "conquian.go-out.no_left": "No: with {faced} you make {melds} and pay {pay}: your hand is "
        "empty, but {on_table} cards are on the table and going out takes {size}.",
        "conquian.offered": "offered",
        "conquian.to_pay": "pay",
        "conquian.stays": "stays",
        "conquian.stay": "stay",
        "conquian.card": "card",
        "conquian.cards": "cards",
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
        # worksheets
        "conquian.goal_line": "Se gana con {n} cartas propias en la mesa. Quien usa la carta "
        "ofrecida paga: descarta una carta de la mano.",
        "conquian.use-faced-card.about": "se ofrece una carta: ¿podés usarla, y qué bajás de la "
        "mano con ella?",
        "conquian.go-out.about": "¿la carta ofrecida te deja todas las cartas en la mesa para "
        "ganar?",
        "conquian.use-faced-card": "¿Usás la carta ofrecida?",
        "conquian.use-faced-card.ask": "Tenés estas cartas en la mano y tus juegos en la mesa. Se "
        "ofrece la carta marcada: ¿podés usarla? Si podés, ¿qué cartas de tu mano bajás con ella?",
        "conquian.use-faced-card.fill": "¿La usás?  Sí  /  No      Bajo de la mano: ______________",
        "conquian.use-faced-card.yes": "Sí: {melds}; bajás {laid} de la mano ({n} {cards}) y "
        "pagás {pay}.",
        "conquian.use-faced-card.no": "No: {faced} no forma juego con tu mano ni con tus juegos.",
        "conquian.use-faced-card.win": "Sí, y ganás: {melds}; bajás {laid} y no te queda nada en "
        "la mano.",
        "conquian.go-out": "¿Ganás con esta carta?",
        "conquian.go-out.ask": "Tenés estos juegos en la mesa y pocas cartas en la mano. Se "
        "ofrece la carta marcada: ¿te deja todas las cartas en la mesa para ganar?",
        "conquian.go-out.fill": "¿Ganás?  Sí  /  No",
        "conquian.go-out.yes": "Sí: {melds}; no queda nada en la mano.",
        "conquian.go-out.no_use": "No: {faced} no entra en tus juegos.",
        "conquian.go-out.no": "No: con {faced} armás {melds}; pagás {pay} y te {stays} {left} en "
        "la mano.",
        "conquian.go-out.no_left": "No: con {faced} armás {melds} y pagás {pay}: te quedás sin "
        "cartas en la mano, pero en la mesa hay {on_table} y hacen falta {size}.",
        "conquian.offered": "ofrecida",
        "conquian.to_pay": "pagar",
        "conquian.stays": "queda",
        "conquian.stay": "quedan",
        "conquian.card": "carta",
        "conquian.cards": "cartas",
    },
}
COLUMNS: dict[str, dict[str, tuple[str, ...]]] = {"en": {}, "es": {}}
