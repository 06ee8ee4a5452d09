"""Books that hold under every house rule: what a book answers or defines is checked against
the solver and the rules in force, and the commands it prints run under the same rules."""

from __future__ import annotations

import json
import re
import shlex
from functools import cache

import pytest
from mazo.rulebooks.book import build_book
from mazo.solver.api import rules_for, solve_with
from mazo.solver.errors import OptionError
from mazo.solver.spec.load import game_names
from mazo.templates.markdown import to_markdown

from tests.commands import process

GAMES = [g for g in game_names() if rules_for(g).prose is not None]


@cache
def markdown(game: str, lang: str, variant: tuple = ()) -> str:
    return to_markdown(build_book(rules_for(game, variant=dict(variant)), lang))


def answer(book: str, question: str) -> str:
    """The FAQ's answer to a question, as the Markdown prints it (the paragraph after it)."""
    after = book.split(f"**{question}**", 1)[1]
    return after.strip().split("\n\n", 1)[0]


# Five cards in a run none of the loose cards joins, then two loose cards of each total from
# 2 (two aces, the smallest two cards make) to 11, and a ten to discard.
RUN = "8b 9b 10b 11b 12b"
TWO_LOOSE = {
    2: "1c 1e",
    3: "1c 2e",
    4: "2c 2e",
    5: "2c 3e",
    6: "3c 3e",
    7: "3c 4e",
    8: "4c 4e",
    9: "4c 5e",
    10: "5c 5e",
    11: "5c 6e",
}


@pytest.mark.parametrize("threshold", range(11))
def test_the_two_loose_cards_answer_is_the_solvers_for_every_threshold(threshold):
    variant = (("cut_threshold", threshold),)
    spec = rules_for("conga", variant=dict(variant))
    cuts = {}
    for total, loose in TWO_LOOSE.items():
        result = solve_with(spec, f"{RUN} {loose} 12o")
        assert result.discard == "12o" and result.deadwood_points == total
        cuts[total] = result.close is not None
    for lang, yes in (("es", "Sí"), ("en", "Yes")):
        said = answer(
            markdown("conga", lang, variant),
            "¿Puedo cortar con dos cartas sueltas?"
            if lang == "es"
            else "May I cut with two loose cards?",
        )
        assert said.startswith(yes) == any(cuts.values()), said
        if any(cuts.values()):
            # "if together they make N points or fewer": exactly the totals that cut.
            (limit,) = map(int, re.findall(r"(\d+) (?:puntos|points)", said))
            assert all(cut == (total <= limit) for total, cut in cuts.items())


ONE_POINT = re.compile(r"(?<![\d.,])1\**\s+(?:\w+\s+)?(?:puntos|points)\b")


def _takes_one(option) -> bool:
    try:
        return option.kind == "int" and option.coerce(1) == 1
    except OptionError:
        return False


def _one_point_cases() -> list[tuple[str, str]]:
    """Every number option that may be 1."""
    return [
        (game, option.name)
        for game in GAMES
        for option in rules_for(game).options
        if _takes_one(option)
    ]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("game", "option"), _one_point_cases())
def test_one_point_is_singular(game, option, lang):
    book = markdown(game, lang, ((option, 1),))
    assert not ONE_POINT.findall(book), [
        line for line in book.splitlines() if ONE_POINT.search(line)
    ]


# --- Canasta -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en"])
def test_black_threes_melded_going_out_are_said_the_same_everywhere_and_scored(lang):
    """The deck chapter does not say threes never form melds where the turn lets black 3s go
    down when going out, and the meld is worth what the scoring counts for it."""
    from mazo.solver.mechanisms.canasta.scoring import score_partnership

    variant = (("black3", "meldable_going_out"),)
    book = markdown("canasta-uruguaya", lang, variant)
    never = "Los 3 no forman frentes" if lang == "es" else "Threes never form melds"
    assert never in markdown("canasta-uruguaya", lang) and never not in book
    spec = rules_for("canasta-uruguaya", variant=dict(variant))
    each = spec.values[3]
    assert (f"{each} cada una" if lang == "es" else f"{each} each") in book
    canasta = spec.deck.parse_hand("KS KH KD KC KS KH KD")
    for threes in ("3S 3C 3S", "3S 3C 3S 3C"):
        cards = spec.deck.parse_hand(threes)
        with_threes = score_partnership(spec, [canasta, cards], going_out="out")
        alone = score_partnership(spec, [canasta], going_out="out")
        assert with_threes.total - alone.total == each * len(cards)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_one_frente_in_the_opening_is_what_the_book_and_the_solver_say(lang):
    variant = (("initial_meld_single_meld_only", True),)
    book = markdown("canasta-uruguaya", lang, variant)
    said = (
        "la bajada inicial es un solo frente, y ese frente debe alcanzar el mínimo"
        if lang == "es"
        else "the initial meld is one meld only, and that meld must reach the minimum"
    )
    assert said in book
    spec = rules_for("canasta-uruguaya", variant=dict(variant))
    assert said.capitalize() in spec.option("initial_meld_single_meld_only").description[lang]
    result = solve_with(spec, "AS AH AD KS KH 2C 7C 7D 7H 5S 9D", score=0)
    assert result.opening_max is not None and len(result.opening_max.melds) == 1


# --- every book ------------------------------------------------------------------------------


def practice_command(book: str, lang: str) -> list[str]:
    """The command the Practice chapter prints, as words."""
    line = next(line for line in book.splitlines() if "**mazo puzzles " in line)
    return shlex.split(re.search(r"\*\*(mazo puzzles [^*]+)\*\*", line).group(1))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_practice_command_as_printed_prints_a_sheet_under_the_books_rules(tmp_path, lang):
    (tmp_path / "club.yaml").write_text("extends: conga\nvariant:\n  cut_threshold: 3\n")
    made = process(
        "rulebook", "conga", "--lang", lang, "--format", "md", "--rules", "club.yaml",
        "--variant", "reenganche=off", "-o", "book.md", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    words = practice_command((tmp_path / "book.md").read_text(encoding="utf-8"), lang)
    kind = words.index("--kind") + 1
    words[kind] = "can-cut"
    assert words[:2] == ["mazo", "puzzles"] and "--rules" in words
    sheet = process(*words[1:], "-n", "1", "--json", cwd=tmp_path)
    assert sheet.returncode == 0, sheet.stderr
    printed = json.loads(sheet.stdout)
    spec = rules_for("conga", rules=str(tmp_path / "club.yaml"), variant={"reenganche": "off"})
    assert (
        printed["variant"]
        == spec.changed_options()
        == {
            "cut_threshold": 3,
            "reenganche": "off",
        }
    )
    assert printed["puzzles"][0]["answer"]["deadwood_points"] <= 3


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_default_practice_command_has_no_house_rules(game, lang):
    words = practice_command(markdown(game, lang), lang)
    assert "--variant" not in words and "--rules" not in words
    assert ("El comando" if lang == "es" else "The command") in markdown(game, lang)
    assert "La orden" not in markdown(game, lang)


def glossary_terms(book: str) -> list[str]:
    heading = "Glosario" if "## Índice" in book else "Glossary"
    chapter = re.split(rf"^## \d+ {heading}$", book, flags=re.M)[1].split("\n## ")[0]
    return re.findall(r"^\| \*\*(.+?)\*\* \|", chapter, flags=re.M)


# A rule a house option turns off, and the glossary terms that name it.
CONGA_JOKER = {"es": ["Conga con comodín"], "en": ["Conga with a joker"]}
RULES_OFF = [
    (
        "conga",
        "cut_threshold",
        0,
        {
            "es": ["Acomodo", "Pasar al cortador"],
            "en": ["Acomodo (laying off)", "Passing the cutter"],
        },
    ),
    ("conga", "reenganche", "off", {"es": ["Reenganche"], "en": ["Reenganche (re-entry)"]}),
    ("conga", "conga_con_comodin", "none", CONGA_JOKER),
    ("conga", "jokers", 0, CONGA_JOKER),
    ("conquian", "exchange", "none", {"es": ["Cambiar"], "en": ["Exchange (cambiar)"]}),
]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize(("game", "option", "value", "terms"), RULES_OFF)
def test_the_glossary_defines_only_rules_in_force(game, option, value, terms, lang):
    default = glossary_terms(markdown(game, lang))
    changed = glossary_terms(markdown(game, lang, ((option, value),)))
    for term in terms[lang]:
        assert term in default and term not in changed, term


@pytest.mark.parametrize("lang", ["es", "en"])
def test_when_everyone_goes_out_at_once_the_book_speaks_of_re_entry_only_if_it_is_played(lang):
    word = {"es": "reengancharse", "en": "re-enter"}[lang]
    assert word in markdown("conga", lang)
    assert word not in markdown("conga", lang, (("reenganche", "off"),))


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("any_jokers", {"es": "uno o más comodines", "en": "one or more jokers"}),
        ("one_joker", {"es": "exactamente un comodín", "en": "exactly one joker"}),
    ],
)
@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_glossary_says_how_many_jokers_a_conga_con_comodin_holds(value, said, lang):
    book = markdown("conga", lang, (("conga_con_comodin", value),))
    term = {"es": "Conga con comodín", "en": "Conga with a joker"}[lang]
    (row,) = re.findall(rf"^\| \*\*{term}\*\* \| (.*) \|$", book, re.M)
    assert said[lang] in row


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_card_codes_are_explained_before_the_first_hand(game, lang):
    spec = rules_for(game)
    lines = markdown(game, lang).splitlines()
    first_hand = next(i for i, line in enumerate(lines) if line.startswith("`"))
    said = "la letra de su palo" if lang == "es" else "its suit's letter"
    explained = next(i for i, line in enumerate(lines) if said in line)
    assert explained < first_hand
    notation = spec.deck.notation
    for suit in spec.deck.suits:  # every suit letter with its name in the book's language
        assert f"**{suit}** {notation.suit_names[suit][lang]}" in lines[explained]


# --- Conquián ------------------------------------------------------------------------------


def chapter(book: str, number: int) -> str:
    return re.split(r"^## \d+ ", book, flags=re.M)[number]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_without_the_exchange_the_deal_chapter_says_so_and_is_not_titled_for_it(lang):
    book = markdown("conquian", lang, (("exchange", "none"),))
    deal = chapter(book, 4)
    title = deal.splitlines()[0]
    assert "cambio" not in title and "exchange" not in title
    assert ("no hay cambio" if lang == "es" else "no exchange") in deal


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("option", ["pay_by_forcing", "free_layoff_on_opponents"])
def test_a_card_on_a_rivals_meld_says_who_pays(option, lang):
    book = markdown("conquian", lang, ((option, True),))
    said = "como si lo hubieran forzado" if lang == "es" else "as if forced"
    assert said in book and said not in markdown("conquian", lang)


SPANISH_FIGURES = re.compile(r"\b(sota|caballo|rey)\b", re.I)


@pytest.mark.parametrize(
    ("game", "variant"),
    [(g, ()) for g in GAMES]
    + [("conga", (("deck_size", 40),)), ("chinchon", (("deck_size", 40),))],
)
def test_english_books_name_the_spanish_figures_in_english(game, variant):
    """Sota, caballo and rey only in brackets, beside jack, knight and king."""
    outside = re.sub(r"\([^)]*\)", "", markdown(game, "en", variant))
    assert not SPANISH_FIGURES.findall(outside)


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_options_table_gives_the_description_the_room_of_the_default(game, lang):
    """Three columns: the default is said in the description's cell, so long option names and
    values (one_to_the_right, stop_one_turn) take one narrow column, not two."""
    from mazo.rulebooks.tables import options_table
    from mazo.rulebooks.values import raw

    spec = rules_for(game)
    *_, table = options_table(spec, lang)
    assert len(table.header) == 3
    said = "Por defecto" if lang == "es" else "Default"
    for option, row in zip(spec.options, table.rows, strict=True):
        assert f"{said}: {raw(option.default)}." in row[1]


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", GAMES)
def test_the_options_table_says_the_value_in_force_in_words_and_each_code_once(game, lang):
    """The last column says what the book plays ("figuras a 10"), never a code; the codes a
    rules file takes are named once each, in the values list, not in the description too."""
    from mazo.rulebooks.tables import options_table

    face = {"figure_values": "face"} if game in ("conga", "chinchon") else {}
    spec = rules_for(game, variant=face)
    *_, table = options_table(spec, lang)
    for option, row in zip(spec.options, table.rows, strict=True):
        said = option.said(spec.chosen[option.name], lang)
        assert row[2].strip("*") == said
        for code in option.choices or ():
            assert f"({code})" not in option.description[lang], (option.name, code)
