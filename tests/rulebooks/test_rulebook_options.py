"""Every game's book under every non-default option value, in both languages: it builds, states
the value in force where the rule is stated, keeps no sentence stating the default instead, and
every worked example it shows still holds when the solver works it out again.

Markdown is enough here (the PDF has the same blocks; test_rulebook reads PDFs back), so the
whole matrix stays fast.
"""

from __future__ import annotations

import io
import re
from functools import cache

import pytest
from mazo.rulebooks.book import build_book
from mazo.rulebooks.tables import closes_table
from mazo.solver.api import rules_for, solve_with
from mazo.solver.errors import IllegalHandError
from mazo.solver.mechanisms.canasta.solve import read_frente
from mazo.solver.mechanisms.rummy.scoring import score_round
from mazo.solver.spec.load import game_names
from mazo.templates.markdown import to_markdown
from mazo.templates.pdf import write_pdf
from pypdf import PdfReader

from tests.soak import SOAK

GAMES = [g for g in game_names() if rules_for(g).prose is not None]

# Where each option's rule is stated, per value: the words the book must print for that value
# (None: the value has no sentence of its own). A string with {v} stands for every value.
# Text is compared with the Markdown emphasis removed and whitespace collapsed.
STATED: dict[tuple[str, str], dict] = {
    ("conga", "deck_size"): {"es": "usa la de {v}", "en": "uses the {v}-card deck"},
    ("conga", "jokers"): {
        2: {"es": "Se agregan 2 comodines", "en": "2 jokers are added"},
        0: {"es": "Se juega sin comodines", "en": "played without jokers"},
    },
    ("conga", "cut_threshold"): {
        **{
            v: {"es": f"corta con {v} puntos sueltos o menos", "en": f"cut with {v} loose points"}
            for v in range(2, 11)
        },
        # One point agrees with its number: never "1 puntos".
        1: {"es": "corta con 1 punto suelto o menos", "en": "cut with 1 loose point or fewer"},
        0: {"es": "no hay corte con puntos", "en": "there is no cut with points"},
    },
    ("conga", "joker_loose_value"): {"es": "| Comodín | {v} |", "en": "| Joker | {v} |"},
    ("conga", "figure_values"): {
        "flat10": {"es": "| 11 (caballo) | 10 |", "en": "| 11 (knight) | 10 |"},
        "face": {"es": "| 11 (caballo) | 11 |", "en": "| 11 (knight) | 11 |"},
    },
    ("conga", "conga_con_comodin"): {
        "any_jokers": {"es": "con al menos 1 comodín |", "en": "with at least 1 joker |"},
        "one_joker": {"es": "con exactamente 1 comodín |", "en": "with exactly 1 joker |"},
        "none": {"es": "no tiene premio propio", "en": "earns nothing special"},
    },
    ("conga", "min_naturals"): {
        2: {"es": "por lo menos dos cartas naturales", "en": "at least two natural cards"},
        1: {"es": "le basta una carta natural", "en": "needs only one natural card"},
    },
    ("conga", "pierna_max_jokers"): {
        1: {
            "es": "Una pierna admite un comodín como máximo",
            "en": "A set holds one joker at most",
        },
        2: {"es": "Una pierna admite hasta dos comodines", "en": "A set may hold up to two jokers"},
    },
    ("conga", "elimination_limit"): {
        "es": "suma más de {v}. Gana",
        "en": "goes past {v} is eliminated",
    },
    ("conga", "reenganche"): {
        "off": {"es": "no hay reenganche", "en": "without re-entry"},
        "once": {"es": "puede volver una vez", "en": "may come back once"},
        "twice": {"es": "hasta dos veces", "en": "up to twice"},
    },
    ("conga", "pass_penalty"): {
        10: {"es": "más 10, y todos", "en": "plus 10, and every"},
        0: {"es": "sueltos, sin recargo, y todos", "en": "points, with no penalty, and every"},
    },
    ("conga", "recycle"): {
        "keep_top": {"es": "queda boca arriba como nuevo pozo", "en": "stays face up as the new"},
        "shuffle_all": {"es": "se mezcla todo el pozo", "en": "the whole discard pile is shuffled"},
    },
    ("chinchon", "deck_size"): {"es": "Baraja española de {v} cartas", "en": "deck of {v} cards"},
    ("chinchon", "jokers"): {
        2: {"es": "Se agregan 2 comodines", "en": "2 jokers are added"},
        0: {"es": "Se juega sin comodines", "en": "played without jokers"},
    },
    ("chinchon", "close_max_value"): {
        **{v: {"es": f"{v} puntos o menos", "en": f"{v} points or fewer"} for v in range(2, 11)},
        1: {"es": "1 punto o menos", "en": "1 point or less"},
        0: {"es": "ninguna carta suelta", "en": "no card left loose"},
    },
    ("chinchon", "close_rule"): {
        "single_loose_card": {"es": "a lo sumo una", "en": "at most one"},
        "loose_total": {"es": "deben sumar", "en": "must add up"},
    },
    ("chinchon", "chinchon_con_comodin"): {
        "off": None,
        "on": {"es": "Un chinchón con comodín anota", "en": "A chinchón with a joker scores"},
    },
    ("chinchon", "joker_loose_value"): {"es": "| Comodín | {v} |", "en": "| Joker | {v} |"},
    ("chinchon", "figure_values"): {
        "flat10": {"es": "| 11 (caballo) | 10 |", "en": "| 11 (knight) | 10 |"},
        "face": {"es": "| 11 (caballo) | 11 |", "en": "| 11 (knight) | 11 |"},
    },
    ("chinchon", "elimination_limit"): {"es": "suma más de {v}.", "en": "goes past {v} is out"},
    ("chinchon", "recycle"): {
        "keep_top": {"es": "queda boca arriba como nuevo pozo", "en": "stays face up as the new"},
        "shuffle_all": {"es": "se mezcla todo el pozo", "en": "the whole discard pile is shuffled"},
    },
    ("gin-rummy", "knock_limit"): {
        **{v: {"es": f"{v} puntos o menos", "en": f"{v} points or fewer"} for v in range(2, 11)},
        1: {"es": "1 punto o menos", "en": "1 point or less"},
        0: {"es": "solo se llama con gin", "en": "you knock only with gin"},
    },
    ("gin-rummy", "gin_bonus"): {"es": "del rival más {v}", "en": "deadwood plus {v}"},
    ("gin-rummy", "undercut_bonus"): {"es": "la diferencia más {v}", "en": "difference plus {v}"},
    ("gin-rummy", "game_target"): {"es": "primero a {v} puntos", "en": "reach {v} points"},
    ("gin-rummy", "big_gin_bonus"): {
        "es": "Big gin: anota los puntos sueltos del rival más {v}",
        "en": "Big gin: scores the defender's deadwood plus {v}",
    },
    ("gin-rummy", "line_bonus"): {
        "es": "suma {v} puntos por cada mano ganada",
        "en": "adds {v} points for each hand won",
    },
    ("gin-rummy", "shutout"): {
        True: {"es": "el puntaje del ganador se duplica", "en": "the winner's score is doubled"},
        False: {"es": "no cambia el puntaje", "en": "a shutout (the loser won no hand) changes"},
    },
    ("gin-rummy", "next_dealer"): {
        "winner": {"es": "El ganador de cada mano reparte", "en": "The winner of each hand deals"},
        "loser": {"es": "El perdedor de cada mano reparte", "en": "The loser of each hand deals"},
        "alternate": {"es": "Se reparte por turno", "en": "The deal alternates"},
    },
    ("gin-rummy", "oklahoma"): {
        False: None,
        True: {"es": "Oklahoma: la primera carta dada vuelta", "en": "Oklahoma: the first upcard"},
    },
    ("conquian", "deal"): {"es": "recibe {v} cartas", "en": "gets {v} cards"},
    ("conquian", "deck"): {
        "spanish": {"es": "Baraja española de 40", "en": "A Spanish deck of 40"},
        "french": {"es": "Baraja francesa de 40", "en": "A French deck of 40"},
    },
    ("conquian", "players"): {"es": "Juegan {v} jugadores", "en": "{v} players, each"},
    ("conquian", "exchange"): {
        "one_to_the_right": {
            "es": "al jugador de la derecha",
            "en": "to the player on their right",
        },
        "none": {"es": "no hay cambio de cartas", "en": "there is no exchange"},
    },
    ("conquian", "hand_layoff_without_faced"): {
        False: None,
        True: {"es": "sin usar la carta vuelta", "en": "without using the faced card"},
    },
    ("conquian", "pay_by_forcing"): {
        False: None,
        True: {"es": "también se puede pagar poniendo", "en": "may also pay by placing"},
    },
    ("conquian", "free_layoff_on_opponents"): {
        False: None,
        True: {"es": "sin forzarlo", "en": "without forcing"},
    },
    ("conquian", "stock_out"): {
        "fewest_in_hand": {
            "es": "gana quien tiene menos cartas en la mano",
            "en": "the player with fewest cards in hand wins",
        },
        "draw": {"es": "la mano termina empatada", "en": "the deal is a draw"},
    },
    ("canasta-uruguaya", "players"): {
        4: {"es": "Cuatro jugadores en dos parejas", "en": "Four players in two partnerships"},
        2: {"es": "Juegan 2 jugadores, cada uno por su cuenta", "en": "2 players, each for"},
        3: {"es": "Juegan 3 jugadores, cada uno por su cuenta", "en": "3 players, each for"},
    },
    ("canasta-uruguaya", "max_wild"): {"es": "como máximo {v} comodines", "en": "at most {v} wild"},
    ("canasta-uruguaya", "canasta_min_naturals"): {
        "es": "al menos {v} naturales: canasta",
        "en": "at least {v} naturals: a clean",
    },
    ("canasta-uruguaya", "negative_score_minimum"): {
        "es": "| negativo | {v} |",
        "en": "| below zero | {v} |",
    },
    ("canasta-uruguaya", "initial_meld_single_meld_only"): {
        False: {"es": "Se suman todos los frentes bajados", "en": "Every meld laid that turn"},
        # One frente in the opening, and that frente reaches the minimum (the solver's rule).
        True: {
            "es": "la bajada inicial es un solo frente, y ese frente debe alcanzar el mínimo",
            "en": "the initial meld is one meld only, and that meld must reach the minimum",
        },
    },
    ("canasta-uruguaya", "frozen_always"): {
        False: None,
        True: {"es": "siempre congelado", "en": "always frozen"},
    },
    ("canasta-uruguaya", "black3"): {
        "stop_one_turn": {"es": "tapa el pozo: mientras", "en": "stops the pile: while"},
        "freezes_like_wild": {
            "es": "congela el pozo para todos los bandos",
            "en": "freezes the pile for every side",
        },
        "meldable_going_out": {
            "es": "Los 3 negros forman un frente solo al cerrar",
            "en": "Black 3s form a meld only when going out",
        },
    },
    ("canasta-uruguaya", "red3_positive_if"): {
        "canasta": {
            "es": "suman solo si el bando tiene una canasta",
            "en": "count plus only if the side has a canasta",
        },
        "any_meld": {"es": "si el bando bajó algún frente", "en": "if the side has melded"},
    },
    ("canasta-uruguaya", "table_without_canasta"): {
        "zero": {"es": "las cartas de la mesa valen 0", "en": "the cards on the table count 0"},
        "negative": {"es": "la mesa restan su valor", "en": "the cards on the table count minus"},
        "positive": {"es": "suman su valor aunque", "en": "count plus even when"},
    },
    ("canasta-uruguaya", "stock_out"): {
        "end": {"es": "la mano termina tras el turno", "en": "the hand ends after the turn"},
        "classic_continue": {"es": "el juego sigue mientras", "en": "play goes on as long as"},
    },
    ("canasta-uruguaya", "draw_count"): {
        1: {"es": "Robar una carta del monte", "en": "Draw one card"},
        2: {"es": "Robar dos cartas del monte", "en": "Draw two cards"},
    },
    ("canasta-uruguaya", "target"): {"es": "llega a {v} puntos", "en": "reaches {v} points"},
}


# A range of whole numbers this short is rendered at every value.
SPAN_LISTED = 10


def values(option) -> list:
    if option.choices is not None:
        return list(option.choices)
    if option.kind == "bool":
        return [False, True]
    if option.maximum - option.minimum <= SPAN_LISTED:
        return list(range(option.minimum, option.maximum + 1))
    # A wide range (an elimination limit of 1 to 1000): its ends, a value clubs play and the middle.
    middle = (option.minimum + option.maximum) // 2
    return sorted(
        {option.minimum, 120, middle, option.maximum}
        & set(range(option.minimum, option.maximum + 1))
    )


CASES = [
    (game, option.name, value)
    for game in GAMES
    for option in rules_for(game).options
    for value in values(option)
    if value != option.default
]


def stated(game: str, option: str, value, lang: str) -> str | None:
    where = STATED[(game, option)]
    if lang in where:  # one template for every value
        shown = str(value)
        return where[lang].replace("{v}", shown)
    words = where[value]
    return None if words is None else words[lang]


@cache
def body(game: str, lang: str, option: str | None = None, value=None) -> str:
    """The book as text, without the options table and the house-rules box: those list every
    option's values whatever the rules in force, so they state no rule."""
    spec = rules_for(game, variant={option: value} if option else {})
    text = to_markdown(build_book(spec, lang))
    options_title = "Opciones y reglas de la casa" if lang == "es" else "Options and house rules"
    kept, skipping = [], False
    for line in text.splitlines():
        if line.startswith("## "):
            skipping = options_title in line
        if not skipping and not line.startswith(">"):
            kept.append(line)
    return re.sub(r"\s+", " ", "\n".join(kept).replace("**", "").replace("`", ""))


def test_every_option_of_every_game_is_covered():
    missing = [
        (game, option.name)
        for game in GAMES
        for option in rules_for(game).options
        if (game, option.name) not in STATED
    ]
    assert not missing, f"say where these options' rules are stated: {missing}"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("game", "option", "value"), CASES)
def test_the_value_is_stated_and_the_default_is_gone(game, option, value, lang):
    text = body(game, lang, option, value)
    wanted = stated(game, option, value, lang)
    if wanted is not None:
        assert wanted in text, wanted
    default = rules_for(game).option(option).default
    old = stated(game, option, default, lang)
    if old is not None and old != wanted:
        assert old in body(game, lang), f"the default book does not say {old!r}"
        assert old not in text, f"{option}={value} still says {old!r}"


OKLAHOMA_LIMIT = {
    "es": {
        "gone": ["10 puntos o menos", "10 puntos sueltos o menos"],
        "said": [
            "no pasen del valor de la primera carta dada vuelta en esa mano",
            "| Llamar | Puntos sueltos hasta el valor de la primera carta dada vuelta (Oklahoma) |",
            "Llamar | Terminar la mano con puntos sueltos que no pasen del valor de la primera",
            "en lugar del límite de siempre (10), sea mayor o menor",
            "solo se puede llamar con gin",
        ],
    },
    "en": {
        "gone": ["10 points or fewer", "10 points of deadwood or fewer", "10 loose points or"],
        "said": [
            "are worth no more than the hand's first upcard",
            "| Knock | Loose points up to the first upcard's value (Oklahoma) |",
            "Knock | Ending the hand with deadwood no more than the value of the hand's first",
            "in place of the usual limit (10), higher or lower",
        ],
    },
}


@pytest.mark.parametrize("lang", ["es", "en"])
def test_under_oklahoma_the_upcard_is_the_limit_everywhere_the_limit_is_said(lang):
    """Objective, knocking, the closes table, Scoring and the glossary: each hand's upcard,
    not knock_limit, sets the limit (and replaces it, higher or lower)."""
    text = body("gin-rummy", lang, "oklahoma", True)
    for words in OKLAHOMA_LIMIT[lang]["gone"]:
        assert words in body("gin-rummy", lang), words  # the default book says it
        assert words not in text, words
    for words in OKLAHOMA_LIMIT[lang]["said"]:
        assert words in text, words
    assert "cortar" not in text


@pytest.mark.parametrize("lang", ["es", "en"])
def test_option_descriptions_read_right_under_either_value(lang):
    """The house-rules box quotes an option's description beside its value: a shutout that
    does not double must not be described as doubling."""
    spec = rules_for("gin-rummy", variant={"shutout": False})
    box = [line for line in to_markdown(build_book(spec, lang)).splitlines() if "shutout" in line]
    said = "Si el blanqueo" if lang == "es" else "Whether a shutout"
    assert box and all(said in line for line in box if "= false" in line or "| false" in line)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_without_knocking_the_book_lists_no_knock_or_undercut_score(lang):
    """knock_limit=0: only gin ends a hand, so there is no knock to score and none to undercut
    (unless Oklahoma lets each upcard set a limit again)."""
    knock, undercut = (
        ("Llamar: quien llamó", "Pasar al que llamó")
        if lang == "es"
        else (
            "Knock: the knocker",
            "Undercut",
        )
    )
    text = body("gin-rummy", lang, "knock_limit", 0)
    assert knock not in text and undercut not in text
    assert " 0 puntos o menos" not in text and " 0 points or fewer" not in text
    for value in (2, 10):
        assert knock in body("gin-rummy", lang, "knock_limit", value)
    spec = rules_for("gin-rummy", variant={"knock_limit": 0, "oklahoma": True})
    assert knock in re.sub(r"\*\*", "", to_markdown(build_book(spec, lang)))


def test_the_english_book_says_discard_pile_not_pozo():
    assert "pozo" not in body("gin-rummy", "en").lower()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "se puede volver a tirar, pero no para llamar"),
        ("en", "may be thrown back, but never to knock"),
    ],
)
def test_the_gin_book_states_the_taken_card_is_never_the_knocking_discard(lang, said):
    """As the engine and the referee play it (and OpenSpiel's Gin): any other discard is free."""
    assert rules_for("gin-rummy").forbid_cut_with_pozo_card  # what solve and score apply
    assert said in body("gin-rummy", lang)


# --- every example the book shows holds under the rules it is printed for ------------------


def shown_examples(spec):
    """The spec's examples that a section shows under these rules, in the book's order (the
    loader keeps only those that apply)."""
    ids = []
    for section in spec.prose.sections:
        ids += section.examples
        for sub in section.subsections:
            ids += sub.examples
    known = {e.id: e for e in spec.examples}
    return [known[i] for i in ids]


# Examples whose title promises a close: the hand must make it under the rules they show in.
TITLED_CLOSES = {"c1", "c3", "c4", "c5", "c5_1", "chinchon", "menos_diez", "cierre", "cierre_1"}
TITLED_CLOSES |= {"gin", "knock", "knock_1"}


def check_rummy(spec, example, text):
    if example.hand is None:  # a drawn round (the cutter and the rivals of C16)
        check_round(spec, example, text)
        return
    result = solve_with(spec, example.hand, drawn_from_pozo=example.pozo)
    if result.discard:
        assert f"{result.discard}" in text
    if result.close:
        assert spec.close(result.close).names["en"] in text
    elif example.pozo is not None:  # the taken card cannot cut, and no other discard does
        assert "no other discard makes a" in text
    else:
        assert "Cannot" in text
    if example.id in TITLED_CLOSES:
        assert result.close is not None, f"{example.id} is titled for a close it does not make"
    if example.title and "run of 7" in example.title["en"]:
        assert any(len(meld) == 7 for meld in result.melds), f"{example.id}: no run of 7 drawn"


def check_round(spec, example, text):
    """C16 (three examples: the cutter, then each rival): the round scored again by the solver,
    lay-offs and passing included, matches the captions and the hand's score in the book."""
    if example.id not in ("c16c", "c16c0"):
        return
    known = {e.id: e for e in spec.examples}
    shown = {"A": known["c16a"], "B": known["c16b"], "C": example}
    hands = {p: tuple(c for group in e.groups for c in group) for p, e in shown.items()}
    result = score_round(spec, ("A", hands["A"]), [("B", hands["B"]), ("C", hands["C"])])
    players = {p.name: p for p in result.players}
    assert result.close == "corte_con_puntos" and result.passed
    laid = [spec.deck.code(c) for _, cards in players["B"].lay_offs for c in cards]
    assert sorted(laid) == ["10o", "7o"]
    for name in "ABC":
        assert f"loose: {players[name].loose_points} points" in text
    penalty = spec.match.pass_penalty
    assert players["A"].points == 3 + penalty and players["C"].points == 0
    cutter = f"A 3 + {penalty}" if penalty else "A 3"
    assert f"The hand scores {cutter}, B {players['B'].points}, C 0." in text


def check_conquian(spec, example, text):
    """The position solved again: the card is used as the book says, and the winning positions
    of every deck and deal do win with exactly the goal on the table."""
    table = [spec.deck.codes(meld) for meld in example.table] or None
    # A full position: hand plus table always hold the deal's count, as the book says.
    assert sum(map(len, example.table)) + len(example.hand) == spec.hand_size, example.id
    result = solve_with(spec, example.hand, faced=example.faced, table=table)
    assert result.can_use and f"Uses {result.faced}" in text
    goal = spec.own.goal_table_cards
    if example.title["en"] == "Going out":
        assert result.can_go_out and result.cards_on_table == goal
        assert f"makes {goal} cards on the table: a win" in text
    else:
        assert not result.can_go_out and f"pays {result.pay}" in text


def check_canasta(spec, example, text):
    rules = spec.own
    cards = list(example.groups)
    if example.id == "k1":
        result = solve_with(spec, example.hand, score=example.score)
        assert result.required_minimum == 50 and result.can_open
        # Every meld of the turn counts, or (one meld only) A-A-A with the 2.
        most = 80 if spec.chosen["initial_meld_single_meld_only"] else 115
        assert result.opening_max.points == most
        assert "the minimum is 50" in text and f"as much as possible, {most}" in text
    elif example.id in ("k8", "k8c"):
        frente = read_frente(spec, rules, cards[0])
        is_canasta = frente.naturals >= rules.canasta_naturals
        assert frente.naturals == 4 and frente.wilds == 3
        # The note says what the meld is at this table, not what it would be elsewhere.
        assert ("it is a dirty canasta." in text) == is_canasta
        assert ("but not a canasta" in text) == (not is_canasta)
        assert "naturals are enough" not in text
    elif example.id == "k9":
        assert read_frente(spec, rules, cards[0]).wilds == 3
        with pytest.raises(IllegalHandError):
            read_frente(spec, rules, cards[0] + cards[1])


CHECKS = {"rummy": check_rummy, "conquian": check_conquian, "canasta": check_canasta}


@pytest.mark.parametrize(
    ("game", "option", "value"),
    [(g, None, None) for g in GAMES] + CASES,
)
def test_every_example_shown_re_solves(game, option, value):
    spec = rules_for(game, variant={option: value} if option else {})
    text = body(game, "en", option, value)
    examples = shown_examples(spec)
    assert examples, "every book keeps worked examples"
    for example in examples:
        CHECKS[spec.mechanism](spec, example, text)


# --- the PDF of each option's book builds and reads back -----------------------------------

# A PDF takes a good part of a second: by default every third option, with one of its
# non-default values, alternating languages; a soak (MAZO_SOAK) builds every value in both.
ONE_PER_OPTION = list({(g, o): (g, o, v) for g, o, v in reversed(CASES)}.values())
PDF_CASES = (
    [(g, o, v, lang) for g, o, v in CASES for lang in ("es", "en")]
    if SOAK > 0
    else [(g, o, v, ("es", "en")[n % 2]) for n, (g, o, v) in enumerate(ONE_PER_OPTION[::3])]
)


@pytest.mark.parametrize(("game", "option", "value", "lang"), PDF_CASES)
def test_the_pdf_builds_and_names_the_house_rule(game, option, value, lang):
    spec = rules_for(game, variant={option: value})
    out = io.BytesIO()
    write_pdf(build_book(spec, lang), out)
    reader = PdfReader(io.BytesIO(out.getvalue()))
    first = re.sub(r"\s+", " ", reader.pages[0].extract_text())
    assert spec.option(option).said(value, lang) in first
    wanted = stated(game, option, value, lang)
    if wanted is not None and "|" not in wanted:  # table cells read back apart
        whole = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in reader.pages))
        assert wanted in whole, wanted


# --- a limit of 0 or a penalty of 0 reads as a person would say it ---------------------------


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(
    ("game", "option", "gone"),
    [
        ("chinchon", "close_max_value", "Cierre"),
        ("gin-rummy", "knock_limit", "Knock"),
        ("gin-rummy", "knock_limit", "Llamar"),
        ("conga", "cut_threshold", "Corte con puntos"),
        ("conga", "cut_threshold", "Cut with points"),
    ],
)
def test_a_close_no_hand_can_make_is_not_listed(game, option, gone, lang):
    spec = rules_for(game, variant={option: 0})
    (table,) = closes_table(spec, lang)
    names = {row[0] for row in table.rows}
    assert names and gone not in names
    assert " 0 puntos o menos" not in body(game, lang, option, 0)
    assert " 0 points or fewer" not in body(game, lang, option, 0)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_no_penalty_is_said_without_a_zero(lang):
    text = body("conga", lang, "pass_penalty", 0)
    for zero in ("+ 0", "más 0", "plus 0"):
        assert zero not in text


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_glossary_is_in_alphabetical_order(game, lang):
    import unicodedata

    text = to_markdown(build_book(rules_for(game), lang))
    glossary = re.split(r"^## .*Glos.*$", text, flags=re.M)[1].split("\n## ", 1)[0]
    terms = re.findall(r"^\| \*\*(.+?)\*\* \|", glossary, re.M)
    assert len(terms) >= 3

    def key(term):
        bare = unicodedata.normalize("NFKD", term.lstrip("¡¿"))
        return "".join(c for c in bare if not unicodedata.combining(c)).casefold()

    assert terms == sorted(terms, key=key)


@pytest.mark.parametrize(
    ("game", "option", "value"),
    [(g, None, None) for g in GAMES] + CASES,
)
def test_every_book_has_cards_on_its_cover(game, option, value):
    spec = rules_for(game, variant={option: value} if option else {})
    assert spec.prose.cover, "a deck or other option left the cover without cards"
    assert build_book(spec, "en").cover.groups[0]
