"""`mazo play`'s words at the table, in both languages: the rules said in words, the person's
news said to them, the help listing only the commands the game has, the short yes and no, a
long arrangement broken between melds, the planilla's rows called hands, no styling under
NO_COLOR."""

from __future__ import annotations

import pytest
from mazo.cardtext import cell_width
from mazo.output import console
from mazo.play.commands import Command, read_command
from mazo.solver.api import rules_for
from mazo.solver.cards import printed
from mazo.solver.game.session import Told
from mazo.solver.match.elimination import MatchResult
from mazo.views import play as play_view
from mazo.views.play import Seats
from mazo.views.play_answers import help_lines, rules_lines
from mazo.views.play_events import _match_news, game_end


def text(view) -> str:
    return "\n".join(
        line if isinstance(line, str) else "".join(p if isinstance(p, str) else p[0] for p in line)
        for line in view
    )


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game", ["conga", "chinchon", "gin"])
def test_the_rules_say_their_values_in_words(game, lang):
    spec = rules_for(game)
    said = text(rules_lines(spec, lang))
    assert all(cell_width(line) <= 80 for line in said.splitlines())
    assert "=" not in said and "True" not in said and "_" not in said
    flat = " ".join(said.split())
    for name, value in spec.chosen.items():
        assert spec.option(name).said(value, lang) in flat, name
    if game == "gin":
        shutout = "el blanqueo duplica" if lang == "es" else "a shutout doubles"
        assert shutout in flat
        knock = "se llama con 10 puntos" if lang == "es" else "knock with 10 points or fewer"
        assert knock in flat and ("undercut" not in flat) == (lang == "es")
    if game == "conga":
        assert ("un reenganche" if lang == "es" else "one re-entry") in flat


def test_a_rule_a_file_changes_is_said_by_its_path_without_an_equals_sign(tmp_path):
    from mazo.rulebooks.book import house_rules_said
    from mazo.solver.spec.load import load_spec

    rules = tmp_path / "c3.yaml"
    rules.write_text("extends: conga\ncloses: {corte_limpio: {max_jokers: 0}}\n", encoding="utf-8")
    spec = load_spec(rules=rules, variant={"jokers": 0})
    assert house_rules_said(spec, "es") == "sin comodines; closes.corte_limpio.max_jokers pasa a 0"
    assert house_rules_said(spec, "en") == "no jokers; closes.corte_limpio.max_jokers becomes 0"
    assert "closes.corte_limpio.max_jokers pasa a 0." in " ".join(
        text(rules_lines(spec, "es")).split()
    )


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_help_lists_passing_only_where_the_first_upcard_is_offered(lang):
    assert "paso" not in text(help_lines(rules_for("conga"), lang))
    assert "paso" not in text(help_lines(rules_for("chinchon"), lang))
    assert "paso · pass" in text(help_lines(rules_for("gin"), lang))


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_help_lists_yes_and_no_only_where_there_is_a_reenganche(lang):
    assert "yes · y · no" in text(help_lines(rules_for("conga"), lang))
    assert "yes · y · no" not in text(help_lines(rules_for("chinchon"), lang))  # re-entry off
    assert "yes · y · no" not in text(help_lines(rules_for("gin"), lang))


@pytest.mark.parametrize(("typed", "name"), [("n", "no"), ("N", "no"), ("s", "yes"), ("y", "yes")])
def test_the_short_yes_and_no(typed, name):
    assert read_command(typed, rules_for("conga")) == Command(name)


def test_a_long_arrangement_breaks_between_melds(monkeypatch):
    """Wider than the table, the arrangement goes on in lines under its first, each meld
    whole, the loose cards' label with its cards; nothing lost."""
    spec = rules_for("gin")
    hand = ["AS", "2S", "3S", "4H", "5H", "6H", "7D", "8D", "9D", "TC", "KC"]
    parts = [("   ", ""), *play_view.arrangement(spec, hand, "en")]
    monkeypatch.setattr(play_view, "WIDTH", 30)
    lines = play_view.fitted(parts)
    shown = ["".join(t for t, _ in line) for line in lines]
    assert len(shown) > 2 and all(cell_width(x) <= 30 for x in shown), shown
    assert all(x.startswith("   ") and not x[3:].startswith(" ") for x in shown[1:]), shown
    melds = ["A♠ 2♠ 3♠", "4♥ 5♥ 6♥", "7♦ 8♦ 9♦"]
    assert all(any(m in x for x in shown) for m in melds), shown
    assert any(x.lstrip().startswith("deadwood T♣ K♣") for x in shown), shown
    monkeypatch.setattr(play_view, "WIDTH", 78)
    assert len(play_view.fitted(parts)) == 1  # it fits: one line, as before


def _told(line: dict, match=None) -> Told:
    return Told(line, match=match)


@pytest.mark.parametrize(
    ("lang", "mine", "theirs"),
    [
        ("es", ["Quedás afuera: pasaste los 50.", "Te reenganchás con 40."], "Beto (novato) queda"),
        ("en", ["You are out, past 50.", "You re-enter at 40."], "Beto (novice) is out"),
    ],
)
def test_the_persons_news_is_said_to_them(lang, mine, theirs):
    spec = rules_for("conga", variant={"elimination_limit": 50})
    seats = Seats({"You": "human", "Beto": "novice"}, lang)
    line = {"eliminated": ["You", "Beto"], "reentered": ["You"], "totals": {"You": 40}}
    said = text(_match_news(_told(line), spec, seats, "You"))
    assert all(m in said for m in mine) and theirs in said
    assert "You is" not in said and "You re-enters" not in said
    forfeit = {"event": "game_end", "reason": "forfeit", "forfeit": "You", "error": "x"}
    said = text(game_end(_told(forfeit), spec, seats, "You"))
    assert ("Perdés por" if lang == "es" else "You forfeit: x") in said


def test_the_planilla_at_the_table_calls_its_rows_hands_as_the_printed_one_does():
    from mazo.solver.match.elimination import play_match
    from mazo.solver.match.sheet import Sheet, SheetHand

    spec = rules_for("conga", variant={"elimination_limit": 50})
    hands = (SheetHand(where="round 1", entries={"Ana": 3, "Beto": 10}),)
    match: MatchResult = play_match(spec, Sheet(players=("Ana", "Beto"), start={}, hands=hands))
    end = {"event": "game_end", "reason": "stopped"}
    for lang, word in (("es", "mano"), ("en", "hand")):
        table = game_end(_told(end, match), spec, Seats({"Ana": "human"}, lang), "Ana")[1]
        assert table.columns[0].header == word


def test_no_color_means_no_styling_at_all(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert console().color_system is None
    monkeypatch.setenv("NO_COLOR", "")  # an empty value asks nothing (no-color.org)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert console().color_system is not None


# A Chinchón round's end whose table is too wide for 80 columns, and a person's two lay-offs.
NAME = "Maximiliano Rodrígue"  # the longest name the table takes: 20 characters
ROUND_END = {
    "Beto": ("3e", "10e", "7e", "3b", "4b", "2b", "*"),
    "Caro": ("4c", "3o", "3c", "1c", "2o", "5b", "5e"),
    "Dani": ("1e", "5o", "7b", "7c", "2e", "6c", "10b"),
    NAME: ("1b", "10c", "7o", "6e", "4e", "6o", "11e"),
}


def _drawn(view, width: int = 80) -> list[str]:
    """A view as an 80-column terminal shows it, without styles."""
    import io

    from mazo.output import Lines

    shown = console()
    shown.file, shown.width = io.StringIO(), width
    out = Lines(shown)
    out.show(view)
    return shown.file.getvalue().splitlines()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_round_end_fits_80_columns_and_keeps_each_meld_whole(lang):
    from mazo.solver.game.public import RoundCards
    from mazo.views.play_events import points_line, round_cards

    variant = {"deck_size": 40, "jokers": 2, "close_max_value": 3, "elimination_limit": 100}
    spec = rules_for("chinchon", variant=variant)
    seats = Seats({NAME: "human", "Beto": "expert", "Caro": "greedy", "Dani": "novice"}, lang)
    cards = RoundCards(spec, ROUND_END, "Beto", "2b")
    assert cards.score is not None
    lines = _drawn(
        round_cards(cards, 2, spec, seats, NAME) + points_line(cards.score.points(), seats)
    )
    assert all(cell_width(line) <= 80 for line in lines), lines
    assert any("2b 3b 4b" in line for line in lines), lines  # Beto's second meld, whole
    onto = "1b onto meld 2" if lang == "en" else "1b al juego 2"
    if lang == "en":  # too long for a line: broken between the two lay-offs
        assert f"    {onto}" in lines and any(x.endswith("onto meld 1;") for x in lines), lines
    else:
        assert any(x.endswith(f"al juego 1;  {onto}") for x in lines), lines
    assert f"    {NAME} +23" in lines, lines  # the points, broken between players


def test_a_void_hand_shows_the_hands_sorted():
    from mazo.solver.game.public import RoundCards
    from mazo.views.play_events import round_cards

    spec = rules_for("gin")
    hands = {"You": ("KC", "2S", "AS", "5H"), "Beto": ("9D", "3C", "AC", "TD")}
    said = text(round_cards(RoundCards(spec, hands, None, None), 1, spec, Seats({}, "en"), "You"))
    deck = spec.deck
    for name, hand in hands.items():
        ordered = deck.codes(sorted(map(deck.parse_card, hand), key=deck.sort_key))
        assert f"{name}: " + " ".join(map(printed, ordered)) in said, said
        assert f"{name}: " + " ".join(map(printed, hand)) not in said


def test_the_table_s_planilla_has_no_note_on_a_sheet_s_rows():
    """A game played at the table was written on no sheet: no word about a row's syntax."""
    from mazo.solver.match.elimination import play_match
    from mazo.solver.match.sheet import Sheet, SheetHand
    from mazo.words import say

    spec = rules_for("conga", variant={"elimination_limit": 50})
    hands = (SheetHand(where="round 1", entries={"Ana": 3, "Beto": 60, "Caro": 5}),)
    match = play_match(spec, Sheet(players=("Ana", "Beto", "Caro"), start={}, hands=hands))
    assert any(line.could_reenter for line in match.lines)
    end = {"event": "game_end", "reason": "stopped"}
    for lang in ("es", "en"):
        shown = "\n".join(_drawn(game_end(_told(end, match), spec, Seats({}, lang), "Ana")))
        assert say(lang, "reenter_row")[:20] not in shown and "reenter" not in shown, shown


def test_a_heading_s_rule_is_plain_where_the_output_cannot_draw_it():
    from mazo.output import PLAIN

    rule = "".join(t for t, _ in play_view.heading("Gin Rummy"))
    assert rule.encode("ascii", PLAIN).decode().startswith("-- Gin Rummy ---")


@pytest.mark.parametrize(("game", "card", "other"), [("gin", "QH", "12b"), ("conga", "12b", "QH")])
def test_the_helps_examples_name_a_card_of_the_games_deck(game, card, other):
    said = text(help_lines(rules_for(game), "en"))
    assert f"t {card} · " in said and other not in said


@pytest.mark.parametrize(("lang", "alone"), [("es", "12c, solo"), ("en", "12c, alone")])
def test_a_pozo_of_one_card_is_said_as_such(lang, alone):
    from types import SimpleNamespace

    from mazo.views.play import _pozo

    def shown(pozo):
        view = SimpleNamespace(pozo=pozo, stock_count=20)
        return "".join(
            text for text, _ in _pozo(SimpleNamespace(view=view), rules_for("conga"), lang)
        )

    assert shown(["12c"]).startswith(alone) and ("0 " not in shown(["12c"]))
    assert shown(["3o", "12c"]).startswith(
        "12c " + ("arriba, 1 debajo" if lang == "es" else "on top")
    )


def test_copies_given_once_agree_with_one_and_a_given_twice_agrees_with_its_noun(monkeypatch):
    from tests.commands import in_memory

    args = [
        "score",
        "conga",
        "--cutter",
        "4o 5o 6o 9c 9e 9b 3e 1o",
        "--rival",
        "B=4o 9o 2c 2e 5e 6e 7e",
    ]
    err = in_memory(monkeypatch, *args, "--lang", "es")[2]
    assert "(1 repartida a Cortador, 1 repartida a B)" in err, err
    err = in_memory(monkeypatch, *args, "--lang", "en")[2]
    assert "(1 dealt to cutter, 1 dealt to B)" in err, err
    twice = ["solve", "conga", "1o 2o 3o 4o 5o 6o 7o", "--variant", "jokers=0", "--variant"]
    err = in_memory(monkeypatch, *twice, "jokers=1", "--lang", "es")[2]
    assert "la opción jokers de --variant está dos veces ('0' y '1'): dala una sola vez" in err
