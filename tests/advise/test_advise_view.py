"""`mazo advise`'s view as a player reads it: the horizon that answered (the optimal one by default
where the rules have an odds table, else 2), the drawn cards grouped by the discard they call for
(checked against the advice's own card-by-card answer), and every line within 80 columns."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from mazo.solver.api import rules_for
from mazo.solver.play import odds
from mazo.solver.play.advise import default_horizon

from tests.commands import mazo

SMALL = str(Path(__file__).parents[1] / "odds-small.yaml")
RULES = ("odds-small", "--rules", SMALL)
CONGA = ("conga", "1o 2o 3o 5e 6e 11c 12b", "--pozo-top", "4e", "--seen", "4o 7e")
GIN = ("gin", "AS 2S 3S 7H 8H 9C KD QC 9H 4D", "--pozo-top", "9D")


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    """Tables built in memory only, never in the user's cache."""
    monkeypatch.setenv("MAZO_NO_CACHE", "1")


@pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")
@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("es", "Horizonte óptimo: los turnos hasta cortar, jugando lo más rápido (mazo odds)."),
        ("en", "Optimal horizon: the turns until you cut, under the fastest play (mazo odds)."),
    ],
)
def test_a_game_with_a_table_answers_at_the_optimal_horizon(capsys, monkeypatch, lang, line):
    args = ["advise", *RULES, "1o 2o 4c 6c", "--pozo-top", "5o"]
    data = json.loads(mazo(capsys, monkeypatch, *args, "--json").out)
    asked = json.loads(mazo(capsys, monkeypatch, *args, "--horizon", "optimal", "--json").out)
    assert data["horizon"] == "optimal" and data == asked
    assert line in mazo(capsys, monkeypatch, *args, "--lang", lang).out.splitlines()


def test_a_game_without_a_table_answers_two_turns_deep(capsys, monkeypatch):
    assert odds.refusal(rules_for("gin")) is not None
    data = json.loads(mazo(capsys, monkeypatch, "advise", *GIN, "--json").out)
    assert data["horizon"] == 2 and "cut_by_next_turn" in data["draw"]


def test_without_the_compiled_tables_the_default_is_2(monkeypatch):
    spec = rules_for(None, rules=SMALL)
    assert default_horizon(spec) == ("optimal" if odds._odds is not None else 2)
    monkeypatch.setattr(odds.kept, "_odds", None)
    assert default_horizon(spec) == 2


@pytest.mark.parametrize(
    ("horizon", "lang", "line"),
    [
        ("2", "es", "Horizonte 2: la chance de cortar en este turno o en el próximo."),
        ("2", "en", "Horizon 2: the chance to cut this turn or the next."),
        ("1", "es", "Horizonte 1: la chance de cortar en este turno."),
        ("1", "en", "Horizon 1: the chance to cut this turn."),
    ],
)
def test_the_horizon_that_answered_is_said(capsys, monkeypatch, horizon, lang, line):
    args = ["advise", *RULES, "1o 2o 4c 6c", "--pozo-top", "5o", "--horizon", horizon]
    assert line in mazo(capsys, monkeypatch, *args, "--lang", lang).out.splitlines()


def groups(view: str, heading: str) -> list[tuple[str, int, str]]:
    """The view's groups of drawn cards: what they call for, how many, and the cards (or 'any
    other'), the lines folded at 80 columns put back together."""
    after = view.split(heading, 1)[1].split("\n", 1)[1]
    found = []
    for row in re.sub(r"\n {4,}", " ", after).splitlines():
        action, count, cards = re.fullmatch(r"  (.+?) +(\d+) cartas?: (.+)", row).groups()
        found.append((action, int(count), cards))
    return found


def check_groups(data: dict, view: str) -> None:
    """The view's groups against the advice's card-by-card answer: each group's cards are those
    whose draw calls for its action, and the last, "any other", is the largest that cuts
    nothing."""
    expected: dict[str, dict[str, int]] = {}
    for d in data["draw"]["by_card"]:
        if d["can_cut"]:
            close = rules_for("conga").close(d["close"]).names["es"]
            action = f"cortás ({close}) tirando el {d['discard']}"
        elif d["discard"] == d["card"]:
            action = "la tirás de vuelta"
        else:
            action = f"tirás el {d['discard']}"
        expected.setdefault(action, {})[d["card"].replace("*", "★")] = d["copies"]
    shown = groups(view, f"Si robás ({data['unseen']} cartas), según la carta:")
    assert sorted(action for action, _, _ in shown) == sorted(expected)
    *listed, (other, count, cards) = shown
    for action, n, cards_shown in listed:
        copies = {}
        for card in cards_shown.split():
            code, _, times = card.partition("×")
            copies[code] = int(times or 1)
        assert copies == expected[action] and n == sum(copies.values())
    assert cards == "cualquier otra" and count == sum(expected[other].values())
    uncut = [sum(v.values()) for a, v in expected.items() if not a.startswith("cortás")]
    assert count == max(uncut)
    assert max(map(len, view.splitlines())) <= 80


def test_at_horizon_1_the_drawn_cards_are_grouped_by_the_discard(capsys, monkeypatch):
    args = ["advise", "conga", "3o 4o 6o 11c 11e 11b 12b", "--pozo-top", "5o", "--horizon", "1"]
    data = json.loads(mazo(capsys, monkeypatch, *args, "--json").out)
    assert any(d["can_cut"] for d in data["draw"]["by_card"])  # a group that cuts, first
    check_groups(data, mazo(capsys, monkeypatch, *args).out)


HEADLINES = {
    "es": "Levantá el 4e y tirá el 11c: si levantás, cortás en el próximo turno con 40 %; si "
    "robás, con 8,2 %.",
    "en": "Take the 4e and discard the 11c: if you take, you cut by the next turn 40% of the "
    "time; if you draw, 8.2%.",
}


def test_at_horizon_2_the_chances_are_said_as_a_player_says_them(capsys, monkeypatch):
    args = ["advise", *CONGA, "--horizon", "2"]
    data = json.loads(mazo(capsys, monkeypatch, *args, "--json").out)
    take, draw = data["take"]["cut_by_next_turn"], data["draw"]["cut_by_next_turn"]
    assert (round(take * 100), round(draw * 1000)) == (40, 82)
    for lang, headline in HEADLINES.items():
        view = mazo(capsys, monkeypatch, *args, "--lang", lang).out
        assert re.sub(r"\n {4,}", " ", view).splitlines()[0] == headline
        assert max(map(len, view.splitlines())) <= 80
        if lang == "es":
            check_groups(data, view)


@pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")
def test_the_default_horizon_builds_the_table_once_saying_so(monkeypatch):
    """The build is said as `mazo odds` says it: a bar on a terminal, one line elsewhere."""
    from tests.commands import in_memory

    monkeypatch.setattr(odds, "_MEMORY", {})  # built by this call
    args = ("advise", *RULES, "1o 2o 4c 6c", "--json")
    code, out, err = in_memory(monkeypatch, *args)
    assert code == 0 and json.loads(out)["horizon"] == "optimal"
    assert "Armando la tabla de Prueba chica (una sola vez por reglamento)" in err
    code, out, err = in_memory(monkeypatch, *args)
    assert code == 0 and "Armando" not in err  # kept: built once


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_close_named_as_the_verb_is_not_said_twice(capsys, monkeypatch, lang):
    """Gin's close is its verb: "llamás tirando el T♦", never "llamás (Llamar) tirando"; a
    close with a name of its own keeps it in brackets ("cortás ya … (¡Conga Limpia!)")."""
    hand = ("TD 8D 4S 5S 4D 7S 6S 8C 3D 3S", "--pozo-top", "TH", "--horizon", "2")
    gin = mazo(capsys, monkeypatch, "advise", "gin", *hand, "--lang", lang)
    assert gin.code == 0 and "(Llamar)" not in gin.out and "(Knock)" not in gin.out
    assert ("llamás tirando" if lang == "es" else "you knock discarding") in gin.out
    conga = ("1o 2o 3o 4o 5o 6o 9c", "--pozo-top", "7o", "--horizon", "2")
    conga_view = mazo(capsys, monkeypatch, "advise", "conga", *conga)
    assert "(¡Conga Limpia!)" in conga_view.out
