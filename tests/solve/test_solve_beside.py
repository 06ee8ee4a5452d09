"""`mazo solve` and `mazo odds` agree: beside the ranking by points, the solve names the fastest
discard when an odds table is at hand and it is another (its JSON always carries it then); and
`--drawn-from-pozo` says why a cut is refused. Checked against `mazo odds`' own answer and an
unrestricted solve, on the 40-card table built once a session."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mazo.solver.api import rules_for, solve_with
from mazo.solver.play import odds

from tests.commands import in_memory, mazo
from tests.conftest import FORTY

pytestmark = pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")
RULES = ("--variant", "deck_size=40", "--variant", "jokers=0")
# 10c, 10e and 12b all leave 26 points; the solve throws the 10c, 12b cuts soonest
SLOWER = "4o 5o 6o 10c 10e 5c 12b 1b"
SAME = "1o 2o 3o 5e 6e 11c 12b 5b"  # 11c: the fewest points and the fastest
# cuts by throwing either the 7o or the 4c (a second escalera of three is not needed)
CUTS = "1o 2o 3o 4o 5o 6o 7o 4c"


@pytest.fixture
def forty(forty_table, monkeypatch):
    """The session's 40-card table in memory, and no cache on disk: only it is at hand."""
    spec, table = forty_table
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    monkeypatch.setattr(odds, "_MEMORY", {odds.rules_key(spec): table})
    return spec, table


def test_the_json_carries_mazo_odds_fastest_discard_beside_the_ranking(forty, capsys, monkeypatch):
    spec, table = forty
    r = mazo(capsys, monkeypatch, "solve", "conga", SLOWER, *RULES, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    mine = odds.drawn_odds(table, spec, spec.deck.parse_hand(SLOWER))
    assert data.pop("fastest_discard") == {
        "card": mine.discard,
        "turns_to_cut": mine.discards[0].turns_to_cut,
        "discard_turns_to_cut": mine.fewest_points_turns,
    }
    assert mine.discard != data["discard"] == mine.fewest_points_discard
    # every other key as before
    assert data == solve_with(spec, SLOWER).to_dict()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("es", "Tirar   menos puntos: {fewest}; para cortar antes: {fastest}, ver mazo odds"),
        ("en", "Discard fewest points: {fewest}; to cut sooner: {fastest}, see mazo odds"),
    ],
)
def test_the_view_names_the_fastest_when_it_is_another(forty, capsys, monkeypatch, lang, line):
    spec, table = forty
    mine = odds.drawn_odds(table, spec, spec.deck.parse_hand(SLOWER))
    r = mazo(capsys, monkeypatch, "solve", "conga", SLOWER, *RULES, "--lang", lang)
    expected = line.format(fewest=mine.fewest_points_discard, fastest=mine.discard)
    assert expected in r.out.splitlines()
    assert max(map(len, r.out.splitlines())) <= 80


def test_when_the_fewest_points_are_the_fastest_the_view_is_as_before(forty, capsys, monkeypatch):
    spec, table = forty
    assert odds.drawn_odds(table, spec, spec.deck.parse_hand(SAME)).fewest_points_discard == (
        odds.drawn_odds(table, spec, spec.deck.parse_hand(SAME)).discard
    )
    shown = mazo(capsys, monkeypatch, "solve", "conga", SAME, *RULES).out
    data = json.loads(mazo(capsys, monkeypatch, "solve", "conga", SAME, *RULES, "--json").out)
    assert data["fastest_discard"]["card"] == data["discard"]
    monkeypatch.setattr(odds, "_MEMORY", {})  # no table at hand: the view without it
    assert mazo(capsys, monkeypatch, "solve", "conga", SAME, *RULES).out == shown


def test_without_a_table_at_hand_nothing_changes_and_none_is_built(capsys, monkeypatch):
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    monkeypatch.setattr(odds, "_MEMORY", {})
    monkeypatch.setattr(odds, "build", lambda *a, **k: pytest.fail("a solve built a table"))
    r = mazo(capsys, monkeypatch, "solve", "conga", SLOWER, *RULES, "--json")
    spec = rules_for("conga", variant=FORTY)
    assert json.loads(r.out) == solve_with(spec, SLOWER).to_dict()
    shown = mazo(capsys, monkeypatch, "solve", "conga", SLOWER, *RULES).out
    assert "mazo odds" not in shown


def test_each_batch_line_carries_it_too(forty, monkeypatch):
    stdin = f"{SLOWER}\n{SAME}\n".encode()
    code, out, _ = in_memory(monkeypatch, "solve", "conga", *RULES, "-", "--json", stdin=stdin)
    assert code == 0
    first, second = (json.loads(line) for line in out.decode().splitlines())
    assert first["fastest_discard"]["card"] == "12b" and first["discard"] == "10c"
    assert second["fastest_discard"]["card"] == second["discard"]


POZO = ("solve", "conga", "--drawn-from-pozo", "12c", "3o 4o 5o 7e 7c 7b 1b 12c")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("es", "no podés cortar tirando el 12c: es la carta que levantaste del pozo"),
        ("en", "you cannot cut by throwing the 12c: it is the card you took from the pozo"),
    ],
)
def test_a_cut_the_pozo_card_would_make_is_refused_saying_why(capsys, monkeypatch, lang, line):
    free = solve_with(rules_for("conga"), POZO[-1])
    assert free.can_cut and free.discard == "12c"  # the one cut throws the card taken
    r = mazo(capsys, monkeypatch, *POZO, "--lang", lang)
    lines = r.out.splitlines()
    at = next(i for i, shown in enumerate(lines) if line in shown)
    assert r.code == 0 and lines[at - 1].startswith("Cierre" if lang == "es" else "Close")
    assert json.loads(mazo(capsys, monkeypatch, *POZO, "--json").out)["can_cut"] is False


def test_no_word_on_the_pozo_card_when_another_discard_does_as_well(capsys, monkeypatch):
    # the 1b is the pozo card, and no discard of it would cut
    r = mazo(capsys, monkeypatch, "solve", "conga", "--drawn-from-pozo", "1b", POZO[-1])
    assert r.code == 0 and "pozo" not in r.out


SMALL = str(Path(__file__).parents[1] / "odds-small.yaml")


def test_a_table_in_the_cache_is_read_and_a_damaged_one_leaves_the_answer_as_before(
    tmp_path, capsys, monkeypatch
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    monkeypatch.setattr(odds, "_MEMORY", {})
    monkeypatch.setattr(odds, "_AT_HAND", {})
    spec = rules_for(None, rules=SMALL)
    hand = "1o 2o 4c 6c 5o"
    args = ("solve", "odds-small", "--rules", SMALL, hand, "--json")
    plain = json.loads(mazo(capsys, monkeypatch, *args).out)
    assert "fastest_discard" not in plain  # nothing built yet, and the solve builds nothing
    mine = odds.drawn_odds(odds.table(spec), spec, spec.deck.parse_hand(hand))
    monkeypatch.setattr(odds, "_MEMORY", {})  # a new process: only the cache's files
    read = json.loads(mazo(capsys, monkeypatch, *args).out)
    assert read.pop("fastest_discard")["card"] == mine.discard and read == plain
    (path,) = tmp_path.glob("mazo/odds-*.table")
    data = path.read_bytes()
    at = (
        len(odds.MAGIC) + 12 + int.from_bytes(data[len(odds.MAGIC) : len(odds.MAGIC) + 8], "little")
    )
    path.write_bytes(data[: at + 3] + bytes([data[at + 3] ^ 1]) + data[at + 4 :])
    monkeypatch.setattr(odds, "_AT_HAND", {})
    r = mazo(capsys, monkeypatch, *args)
    assert r.code == 0 and json.loads(r.out) == plain and r.err == ""


@pytest.mark.parametrize("hand", ["1o 2o 3o 4o 5o 6o 7o 12b", "1o 2o 3o 5o 6o 7o 1c 11c", CUTS])
def test_a_hand_that_cuts_names_what_ranked_would_without_a_lookup(forty, monkeypatch, hand):
    from mazo.solver.play.beside import beside

    spec, table = forty
    cards = spec.deck.parse_hand(hand)
    solved = solve_with(spec, hand)
    assert isinstance(solved, odds.SolveResult) and solved.can_cut
    mine = odds.ranked(table, spec, cards, solved)

    def no_lookup(*args):
        raise AssertionError("a cut needs no lookup")

    monkeypatch.setattr(odds, "turns_to_cut", no_lookup)
    assert beside(spec, solved).to_dict() == {
        "fastest_discard": {
            "card": mine.discard,
            "turns_to_cut": mine.discards[0].turns_to_cut,
            "discard_turns_to_cut": mine.fewest_points_turns,
        }
    }
