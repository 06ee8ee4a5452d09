"""The words of the terminal views, one table per language, read one way: `say` and `agree`.

Only `mazo advise` speaks Spanish in the terminal (its `--lang`); the other views speak English,
so their words are in the English table alone. A word is a format string: its `{fields}` are
filled by `say`. The game's own words (its verb for cutting, its closes and melds) come from
its spec, not from here.
"""

from __future__ import annotations

from typing import Any

from mazo.solver.words import agree_word, word

EN: dict[str, str] = {
    # shared
    "hand": "Hand",
    "none": "none",
    "yes": "yes",
    "no": "no",
    "dash": "—",
    "wrote": "wrote {path}",
    "not_proven": "(not proven optimal: the time limit stopped the search)",
    # mazo solve, a rummy hand
    "meld": "Meld",
    "loose": "Loose",
    "discard": "Discard",
    "close": "Close",
    "point": "{n} point",
    "points": "{n} points",
    "no_upcard": "Oklahoma without --upcard: solved at knock_limit, {limit}",
    "every_discard": "Every discard, best first",
    "col_discard": "discard",
    "col_loose_points": "loose points",
    "col_close": "close",
    "col_melds": "melds",
    "not_judged": "not judged: a close is judged on {size} cards "
    "(or {with_discard} with the discard), not {given}",
    "no_close": "no {cut}",
    "upcard": "Oklahoma, upcard {card}: {reach}{doubled}",
    "gin_only": "no {cut}, gin only",
    "knock_limit": "{cut} with {n} {pts} or fewer",
    "upcard_doubles": "; the hand's points × {n}",
    # mazo solve, Conquián
    "empty": "empty",
    "table": "Table",
    "faced": "Faced",
    "can_use": "   can use: ",
    "melds": "Melds",
    "pay": "Pay",
    "pay_none": "none: the hand is empty",
    "then": "Then",
    "then_cards": "{table} on the table, {hand} in hand",
    "goes_out": "   goes out: ",
    "lay_down": "Lay down",
    "from_hand": "   from hand, no payment",
    "force": "Force",
    "can_force": "rival can be forced: ",
    # mazo solve, Canasta
    "play": "   = {points} points, {cards} cards",
    "red_threes": "Red 3s",
    "laid_aside": "   laid aside",
    "opened": "Opened",
    "no_minimum": "the team has melded: no minimum",
    "best": "Best",
    "opening": "Opening",
    "need": "score {score} → minimum {minimum}   can open: ",
    "fewest": "Fewest",
    "most": "Most",
    "canasta": "Canasta",
    "pozo": "Pozo",
    "frozen": " (frozen)",
    "can_take": "{frozen}   can take: ",
    "go_out": "Go out",
    "concealed": "  concealed",
    # mazo score, a rummy hand
    "closed": "{closer}: ",
    "discarding": ", discarding {card}",
    "no_lay_offs": "No lay-offs after this close.",
    "col_player": "player",
    "col_laid_off": "laid off",
    "col_loose": "loose",
    "col_loose_pts": "loose pts",
    "col_points": "points",
    "onto": "→#{n}",
    "undercuts": "  undercuts",
    "passes": "  passes",
    "meld_number": "#{n} ",
    "after_lay_offs": "Closer's melds after lay-offs: ",
    "was_passed": "{closer} was passed.",
    "was_undercut": "{closer} was undercut.",
    "wins_match": "{who} wins the match.",
    # mazo score, Canasta
    "score_melds": "Melds",
    "col_cards": "cards",
    "col_canasta": "canasta",
    "col_item": "item",
    "table_cards": "table cards ({n})",
    "canastas": "canastas ({limpias} limpia, {sucias} sucia)",
    "red_three_items": "red 3s ({n})",
    "going_out": "going out ({how})",
    "left_in_hand": "cards left in hand ({n})",
    "total": "total",
    "score_after": "Score {before} → {after}; next initial meld minimum {minimum}.",
    # mazo match, an elimination match
    "match_title": "{game}: limit {limit}",
    "col_hand": "hand",
    "start": "start",
    "out": "  out",
    "back_at": ", back at {total}",
    "did_not_reenter": " (did not re-enter at {reference})",
    "reenter_row": "A sheet row's `reenter` names who comes back; a player it does not name "
    "stays out.",
    "by_win_match": "by a match-winning close",
    "by_last_player_in": "as the last one in",
    "by_lowest_total": "with the lowest total",
    "winners": "Winner: {who} ({reason})",
    "and": " and ",
    "still_in": "Still in: {who}",
    # mazo match, a game to a target
    "game_title": "{game}: to {target}, line {line}, game {bonus}",
    "oklahoma": ", Oklahoma",
    "won_hand": "+{points} → ",
    "box": " ■",
    "lines": "lines",
    "lines_cell": "{lines} × {bonus} = {points}",
    "game": "game",
    "shutout": "shutout",
    "doubled": "× 2",
    "winner_by": "Winner: {who}, by {margin}",
    "nobody_yet": "Nobody has reached {target} yet.",
    # mazo games
    "games_title": "{game} — {title} (aliases: {aliases})",
    "col_option": "option",
    "col_default": "default",
    "col_allowed": "allowed",
    "col_what": "what it does",
    # mazo spec check
    "spec_ok": "ok: {file} — {title} ({deck}); house rules: {changed}",
    # mazo puzzles
    "sheet_title": "{game} · {kind} · seed {seed}",
    "sheet_version": "{title} · sheet {label}",
    "col_number": "#",
    "col_difficulty": "difficulty",
    "col_answer": "answer",
    "progress": "{kind} puzzles",
    # mazo advise
    "the": "the {card}",
    "joker": "the joker",
    "take_cut": "Take {top}: {you_cut} now, {discarding} ({close}).",
    "take": "Take {top} and discard {discard}: {why}.",
    "draw": "Draw: {k} of {cards} {let} you {cut} ({p}); {take_part}.",
    "draw_only": "Draw: {k} of {cards} {let} you {cut} ({p}).",
    "take_no": "taking {top} does not let you {cut}",
    "take_yes": "taking {top} lets you {cut} {discarding}, but with more points",
    "next": "{cut} by the next turn: taking {p_take}, drawing {p_draw}",
    "next_draw": "{Cut} by the next turn by drawing: {p}.",
    "tie": "both give a {p} chance to {cut}; after the discard that leaves the fewest, "
    "taking leaves {take} {pts}, drawing {draw} on average",
    "seen": "Seen",
    "unseen": "unseen: {n}",
    "take_row": "Take",
    "draw_row": "Draw",
    "row_take": "{discard}, {points} {pts}, {verdict}",
    "advise_discarding": "discarding {card}",
    "discard_row": "discard {card}",
    "no_discard": "with no discard",
    "row_draw": "{cut} now: {k}/{n} ({p}); expected loose points: {loose}",
    "row_next": "; {cut} by the next turn: {p}",
    "no_cut": "you do not {cut}",
    "if_draw": "If you draw ({cards}), card drawn → discard:",
    "no_cut_group": "no {cut}",
    "cards": "{n} cards",
    "card": "{n} card",
    "of_cards": "the {n} cards",
    "of_card": "{n} card",
    "let": "let",
    "lets": "lets",
    "loose_point": "loose point",
    "loose_points": "loose points",
}

# Only mazo advise's words: the other views speak English (see above).
ES: dict[str, str] = {
    "hand": "Mano",
    "none": "ninguna",
    "dash": "—",
    "the": "el {card}",
    "joker": "el comodín",
    "take_cut": "Levantá {top}: {you_cut} ya {discarding} ({close}).",
    "take": "Levantá {top} y tirá {discard}: {why}.",
    "draw": "Robá: {k} de {cards} {let} {cut} ({p}); {take_part}.",
    "draw_only": "Robá: {k} de {cards} {let} {cut} ({p}).",
    "take_no": "levantar {top} no te deja {cut}",
    "take_yes": "levantar {top} te deja {cut} {discarding}, pero con más puntos",
    "next": "{cut} hasta el próximo turno: levantando {p_take}, robando {p_draw}",
    "next_draw": "{Cut} hasta el próximo turno robando: {p}.",
    "tie": "las dos opciones dan {p} de {cut}; con el descarte que menos puntos deja, "
    "levantando quedan {take} {pts}, robando {draw} en promedio",
    "pozo": "Pozo",
    "seen": "Vistas",
    "unseen": "sin ver: {n}",
    "take_row": "Levantar",
    "draw_row": "Robar",
    "row_take": "{discard}, {points} {pts}, {verdict}",
    "advise_discarding": "tirando {card}",
    "discard_row": "tirás {card}",
    "no_discard": "sin descartar",
    "row_draw": "{cut} ya: {k}/{n} ({p}); puntos sueltos esperados: {loose}",
    "row_next": "; {cut} hasta el próximo turno: {p}",
    "no_cut": "no {you_cut}",
    "if_draw": "Si robás ({cards}), carta robada → descarte:",
    "no_cut_group": "sin {cut}",
    "cards": "{n} cartas",
    "card": "{n} carta",
    "of_cards": "las {n} cartas",
    "of_card": "{n} carta",
    "let": "te dejan",
    "lets": "te deja",
    "loose_point": "punto suelto",
    "loose_points": "puntos sueltos",
}

WORDS: dict[str, dict[str, str]] = {"en": EN, "es": ES}


def say(lang: str, key: str, /, **fields: Any) -> str:
    """The word `key` in `lang`, its fields filled in."""
    return word(WORDS, lang, key, **fields)


def agree(lang: str, n: int, one: str, many: str) -> str:
    """The form of a word (given by its keys for one and for many) that agrees with `n`."""
    return agree_word(WORDS, lang, n, one, many)
