"""`mazo play`'s words at the table, in both languages: the rules said in words, the person's
news said to them, the help listing only the commands the game has, the short yes and no, a
long arrangement broken between melds, the planilla's rows called rounds, no styling under
NO_COLOR."""

from __future__ import annotations

import pytest
from mazo.cardtext import cell_width
from mazo.output import console
from mazo.play.commands import Command, read_command
from mazo.solver.api import rules_for
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
    said = text(rules_lines(rules_for(game), lang))
    codes = ("True", "False", "=off", ": off", *((": once", ": twice") if lang == "es" else ()))
    for code in codes:
        assert code not in said, code
    if game == "gin":
        assert ("shutout=sí" if lang == "es" else "shutout=yes") in said
    if game == "conga":
        assert ("reenganche: una vez" if lang == "es" else "re-entry: once") in said


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_help_lists_passing_only_where_the_first_upcard_is_offered(lang):
    assert "paso" not in text(help_lines(rules_for("conga"), lang))
    assert "paso" not in text(help_lines(rules_for("chinchon"), lang))
    assert "paso · pass" in text(help_lines(rules_for("gin"), lang))


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


def test_the_planilla_at_the_table_calls_its_rows_rounds():
    from mazo.solver.match.elimination import play_match
    from mazo.solver.match.sheet import Sheet, SheetHand

    spec = rules_for("conga", variant={"elimination_limit": 50})
    hands = (SheetHand(where="round 1", entries={"Ana": 3, "Beto": 10}),)
    match: MatchResult = play_match(spec, Sheet(players=("Ana", "Beto"), start={}, hands=hands))
    end = {"event": "game_end", "reason": "stopped"}
    for lang, word in (("es", "ronda"), ("en", "round")):
        table = game_end(_told(end, match), spec, Seats({"Ana": "human"}, lang), "Ana")[1]
        assert table.columns[0].header == word


def test_no_color_means_no_styling_at_all(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert console().color_system is None
    monkeypatch.setenv("NO_COLOR", "")  # an empty value asks nothing (no-color.org)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert console().color_system is not None
