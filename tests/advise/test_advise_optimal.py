"""`mazo advise --horizon optimal`: take's and draw's turns to the cut from the odds table,
checked against the plain-Python reference's own cut check and value iteration on the small
test spec, and against `mazo odds` and the Bellman equation on the 40-card Conga table."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest
from mazo.solver.api import rules_for
from mazo.solver.cards import Card
from mazo.solver.errors import OptionError
from mazo.solver.play import odds
from mazo.solver.play.advise import DrawOption, Keep, Reason, _decide, advise_with

from tests.commands import in_memory, mazo
from tests.conftest import FORTY
from tests.odds_reference import Reference

SMALL = str(Path(__file__).parents[1] / "odds-small.yaml")
RULES = ("odds-small", "--rules", SMALL)
pytestmark = pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    """Tables built in memory only, never in the user's cache."""
    monkeypatch.setenv("MAZO_NO_CACHE", "1")


@pytest.fixture(scope="module")
def small():
    """The small spec and the reference with its every resting hand's turns to the cut."""
    ref = Reference(range(1, 7), "oc", 4, {r: r for r in range(1, 7)}, 3, 2, 2, 2)
    return rules_for(None, rules=SMALL), ref, ref.table()


def unfolded(view: str) -> str:
    """The view with each line folded at 80 columns back in one (the lines after a fold are
    indented four columns or more)."""
    return re.sub(r"\n {4,}", " ", view)


def cards_of(hand) -> list[Card]:
    return [Card(rank, suit) for rank, suit in hand]


def pair(card: Card) -> tuple[int, str]:
    assert card.rank is not None and card.suit is not None  # the small deck has no jokers
    return int(card.rank), card.suit


def after(ref: Reference, table, cards: frozenset, forbidden=None) -> float:
    """The reference's turns to the cut once a card joined the hand: 0 if some discard other
    than `forbidden` leaves a close, else the fewest turns a discard leaves."""
    if any(ref.closes(cards - {d}) for d in cards if d != forbidden):
        return 0.0
    return min(table[cards - {d}] for d in cards)


def expected(ref: Reference, table, hand, pozo, seen):
    """take's turns (None without a pozo top), draw's, each unseen card's, and the advice."""
    unseen = [c for c in ref.deck if c not in {*hand, *seen, pozo}]
    by_card = {c: after(ref, table, frozenset(hand) | {c}) for c in unseen}
    draw = sum(by_card.values()) / len(unseen)
    take = None if pozo is None else after(ref, table, frozenset(hand) | {pozo}, pozo)
    advice = "take" if take is not None and take < draw - odds.SAME else "draw"
    return take, draw, by_card, advice


def test_take_draw_and_each_drawn_card_match_the_reference(small):
    spec, ref, table = small
    rng = random.Random(5)
    deck = list(ref.deck)
    advised = set()
    for _ in range(150):
        dealt = rng.sample(deck, rng.randrange(5, 9))
        hand, pozo, seen = dealt[:4], dealt[4], dealt[5:]
        if rng.random() < 0.2:
            pozo = None
        got = advise_with(
            spec,
            cards_of(hand),
            pozo_top=pozo and Card(*pozo),
            seen=cards_of(seen),
            horizon="optimal",
        )
        take, draw, by_card, advice = expected(ref, table, hand, pozo, seen)
        where = (hand, pozo, seen)
        assert abs(got.draw.turns_to_cut - draw) < 1e-9, where
        assert len(got.draw.by_card) == len(by_card)
        for d in got.draw.by_card:
            assert abs(d.keep.turns_to_cut - by_card[pair(spec.deck.parse_card(d.card))]) < 1e-9
        if pozo is None:
            assert got.take is None
        else:
            assert abs(got.take.turns_to_cut - take) < 1e-9, where
            # the discard shown is one that leaves those turns
            kept = frozenset(hand) | {pozo}
            thrown = pair(spec.deck.parse_card(got.take.discard))
            assert got.take.turns_to_cut == 0 or abs(table[kept - {thrown}] - take) < 1e-9
        assert got.advice == advice, where
        advised.add(got.advice)
    assert advised == {"take", "draw"}  # the sample reaches both answers


def test_a_card_taken_from_the_pozo_never_cuts_but_drawn_blind_it_does(small):
    spec, _, table = small
    # 1o 2o 3o 4o is a close already (one run): throwing the pozo's 5c back would keep it.
    got = advise_with(spec, "1o 2o 3o 4o", pozo_top="5c", seen="6c", horizon="optimal")
    assert not got.take.can_cut and got.take.turns_to_cut > 0
    hand = frozenset(((1, "o"), (2, "o"), (3, "o"), (4, "o")))
    taken = hand | {(5, "c")}
    assert got.take.turns_to_cut == min(table[taken - {d}] for d in taken) == 1
    drawn = {d.card: d.keep for d in got.draw.by_card}
    assert drawn["5o"].turns_to_cut == 0 and drawn["5o"].can_cut  # 2o-5o or 1o-4o both cut
    assert drawn["1c"].turns_to_cut == 0 and drawn["1c"].discard == "1c"  # thrown, it cuts


def test_seen_cards_change_only_the_first_draw(small):
    spec, _, _ = small
    hand, pozo = "1o 2o 4c 6c", "5o"
    alone = advise_with(spec, hand, pozo_top=pozo, horizon="optimal")
    seen = advise_with(spec, hand, pozo_top=pozo, seen="5c 3o", horizon="optimal")
    assert seen.take == alone.take  # taking draws nothing this turn
    assert seen.unseen == alone.unseen - 2
    left = {d.card: d.keep.turns_to_cut for d in alone.draw.by_card if d.card not in ("5c", "3o")}
    assert {d.card: d.keep.turns_to_cut for d in seen.draw.by_card} == left
    assert seen.draw.turns_to_cut == pytest.approx(sum(left.values()) / len(left), abs=1e-12)
    assert seen.draw.turns_to_cut != pytest.approx(alone.draw.turns_to_cut)


def test_without_a_pozo_top_or_seen_cards_drawing_is_the_table_less_this_turn(small):
    # The position's unseen cards are then the model's own pool: E(hand) = 1 + the draw's mean.
    spec, _, table = small
    for hand in [
        ((1, "o"), (2, "o"), (4, "c"), (6, "c")),
        ((3, "o"), (3, "c"), (5, "o"), (6, "o")),
    ]:
        got = advise_with(spec, cards_of(hand), horizon="optimal")
        assert got.advice == "draw" and got.take is None
        assert abs(1 + got.draw.turns_to_cut - table[frozenset(hand)]) < 1e-9


def keep(turns: float, can_cut: bool = False) -> Keep:
    return Keep("1c", 3, can_cut, None, None, 3, (), turns_to_cut=turns)


def draw(turns: float) -> DrawOption:
    return DrawOption(0, 0, 0, {}, None, (), turns_to_cut=turns)


@pytest.mark.parametrize(
    ("take", "drawing", "advice"),
    [
        (5.0, 5.0, "draw"),
        (5.0, 5.0 + odds.SAME / 2, "draw"),  # equal turns: drawing shows the rivals nothing
        (5.0 + odds.SAME / 2, 5.0, "draw"),
        (5.0, 5.0 + 1e-6, "take"),
        (5.0 + 1e-6, 5.0, "draw"),
    ],
)
def test_fewer_turns_decide_and_a_tie_draws(take, drawing, advice):
    assert _decide("optimal", "4c", keep(take), draw(drawing))[0] == advice


def test_when_every_card_cuts_both_are_0_and_the_tie_draws(small):
    spec, _, _ = small
    got = advise_with(spec, "1o 2o 3o 4o", pozo_top="5o", horizon="optimal")
    assert got.take.turns_to_cut == 0 and got.draw.turns_to_cut == 0
    assert got.advice == "draw" and got.reason.reason is Reason.SAME_TURNS
    assert "equal" in got.to_dict()["reason"]


def test_the_command_prints_json_with_the_turns(capsys, monkeypatch):
    args = ["advise", *RULES, "1o 2o 4c 6c", "--pozo-top", "5o", "--horizon", "optimal"]
    r = mazo(capsys, monkeypatch, *args, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["horizon"] == "optimal" and data["advice"] == "draw"
    assert data["take"]["turns_to_cut"] > data["draw"]["turns_to_cut"] > 0
    assert all("turns_to_cut" in d for d in data["draw"]["by_card"])
    assert "cut_by_next_turn" not in data["take"] and "cut_by_next_turn" not in data["draw"]
    # the same answer as `mazo odds` gives for the hand after taking
    mine = mazo(capsys, monkeypatch, "odds", *RULES, "1o 2o 4c 6c 5o", "--json")
    assert json.loads(mine.out)["turns_to_cut"] == data["take"]["turns_to_cut"]
    for horizon in ("1", "2"):
        r = mazo(capsys, monkeypatch, *args[:-1], horizon, "--json")
        out = json.loads(r.out)
        assert "turns_to_cut" not in out["take"] and "turns_to_cut" not in out["draw"]
        assert out["horizon"] == int(horizon)


@pytest.mark.parametrize(
    ("lang", "first", "rows"),
    [
        (
            "es",
            "Robá del mazo: cortás en 2,08 turnos más en promedio; si levantás el 5o, en 3,22 más.",
            [
                "no cortás ya; cortás en 3,22 turnos más en promedio",
                "; cortás en 2,08 turnos más en promedio",
            ],
        ),
        (
            "en",
            "Draw from the stock: you cut in 2.08 more turns on average; if you take the 5o, in "
            "3.22 more.",
            [
                "you do not cut now; you cut in 3.22 more turns",
                "; you cut in 2.08 more turns on average",
            ],
        ),
    ],
)
def test_the_view_says_the_turns_as_a_player_would(capsys, monkeypatch, lang, first, rows):
    args = ["advise", *RULES, "1o 2o 4c 6c", "--pozo-top", "5o", "--horizon", "optimal"]
    r = mazo(capsys, monkeypatch, *args, "--lang", lang)
    assert r.code == 0, r.err
    assert unfolded(r.out).startswith(first)
    for row in rows:
        assert row in unfolded(r.out)


NOW = "Robá del mazo: cortás ya, robes lo que robes; si levantás el {top}, {taking}."


@pytest.mark.parametrize(
    ("top", "lang", "first"),
    [
        ("5o", "es", NOW.format(top="5o", taking="también cortás ya")),
        ("6o", "es", NOW.format(top="6o", taking="en 1,00 más")),
        (
            "5o",
            "en",
            "Draw from the stock: you cut now, whatever you draw; if you take the 5o, you cut now "
            "as well.",
        ),
    ],
)
def test_a_cut_now_is_said_plainly(capsys, monkeypatch, top, lang, first):
    """Every card drawn cuts: drawing says so, and taking that cuts too says it does."""
    args = ["advise", *RULES, "1o 2o 3o 4o", "--pozo-top", top, "--horizon", "optimal"]
    r = mazo(capsys, monkeypatch, *args, "--lang", lang)
    assert r.code == 0 and unfolded(r.out).splitlines()[0] == first


def test_taking_is_said_with_both_turns(capsys, monkeypatch):
    # The 4c pairs with the 4o: taking it is faster than drawing, though it does not cut yet.
    args = ["advise", *RULES, "1o 2o 4o 5c", "--pozo-top", "4c", "--horizon", "optimal"]
    data = json.loads(mazo(capsys, monkeypatch, *args, "--json").out)
    assert data["advice"] == "take"
    take, drawn = data["take"]["turns_to_cut"], data["draw"]["turns_to_cut"]
    es = unfolded(mazo(capsys, monkeypatch, *args).out).splitlines()[0]
    shown = f"{take:.2f}".replace(".", ","), f"{drawn:.2f}".replace(".", ",")
    assert es == (
        f"Levantá el 4c y tirá el {data['take']['discard']}: cortás en {shown[0]} turnos más "
        f"en promedio; si robás del mazo, en {shown[1]} más."
    )
    en = unfolded(mazo(capsys, monkeypatch, *args, "--lang", "en").out).splitlines()[0]
    assert en.endswith(
        f"you cut in {take:.2f} more turns on average; if you draw from the stock, in {drawn:.2f} "
        "more."
    )


def test_a_batch_line_may_ask_for_the_optimal_horizon(monkeypatch):
    lines = [
        {"hand": "1o 2o 4c 6c", "pozo_top": "5o", "horizon": "optimal"},
        {"hand": "1o 2o 4c 6c", "pozo_top": "5o", "horizon": 1},
        {"hand": "1o 2o 4c 6c", "horizon": "2"},
        {"hand": "1o 2o 4c 6c", "horizon": "best"},
        {"hand": "1o 2o 4c 6c", "horizon": True},
        {"hand": "1o 2o 4c 6c", "horizon": 1.5},
        {"hand": "1o 2o 4c 6c", "horizon": 3},
    ]
    stdin = "".join(json.dumps(line) + "\n" for line in lines).encode()
    code, out, _ = in_memory(monkeypatch, "advise", *RULES, "-", "--json", stdin=stdin)
    assert code == 2
    answers = [json.loads(line) for line in out.decode().splitlines()]
    assert answers[0]["horizon"] == "optimal" and "turns_to_cut" in answers[0]["draw"]
    assert answers[1]["horizon"] == 1
    for bad in answers[2:]:
        assert "optimal" in bad["error"] and "horizon" in bad["error"]


@pytest.mark.parametrize("value", ["3", "0", "x", "", "optimum", "1.5", "2_0"])
def test_a_bad_horizon_is_one_line_naming_the_choices(capsys, monkeypatch, value):
    r = mazo(
        capsys,
        monkeypatch,
        "advise",
        *RULES,
        "1o 2o 4c 6c",
        "--horizon",
        value,
        "--json",
        "--lang",
        "en",
    )
    assert r.code == 2 and r.err.count("\n") == 1 and "Traceback" not in r.err
    assert "--horizon" in r.err and "1, 2 or optimal" in r.err
    assert json.loads(r.out) == {"error": r.err.strip()[len("mazo: error: ") :]}


def test_the_horizon_is_read_case_blind_on_the_command_line(capsys, monkeypatch):
    r = mazo(capsys, monkeypatch, "advise", *RULES, "1o 2o 4c 6c", "--horizon", "Optimal")
    assert r.code == 0 and r.out.startswith("Robá del mazo")


def test_the_library_names_the_horizon_keyword():
    with pytest.raises(OptionError, match=r"horizon=\) is 1, 2 or optimal, got 'best'"):
        advise_with(rules_for(None, rules=SMALL), "1o 2o 4c 6c", horizon="best")


@pytest.mark.parametrize(
    ("game", "hand", "why"),
    [
        (
            "gin-rummy",
            "AS 2S 3S 7H 8H 9C KD QC 9H 4D",
            "Gin Rummy is out of reach of an exact table",
        ),
        ("conquian", "1o 2o 3o 4o 5o 6o 7o 10o", "Conquián plays otherwise"),
        ("canasta", "3H 4H 5H 6H 7H 8H 9H 10H 4S 5S 6S", "Canasta Uruguaya plays otherwise"),
    ],
)
def test_games_without_a_table_are_refused_in_one_line(capsys, monkeypatch, game, hand, why):
    r = mazo(capsys, monkeypatch, "advise", game, hand, "--horizon", "optimal", "--lang", "en")
    assert r.code == 2 and r.err.count("\n") == 1 and why in r.err, r.err


def test_without_the_compiled_tables_optimal_is_refused_and_1_still_answers(capsys, monkeypatch):
    monkeypatch.setattr(odds.kept, "_odds", None)
    monkeypatch.setattr(odds.kept, "MISSING", "it was not built at install: no C compiler")
    args = ["advise", *RULES, "1o 2o 4c 6c", "--pozo-top", "5o"]
    r = mazo(capsys, monkeypatch, *args, "--horizon", "optimal", "--lang", "en")
    assert r.code == 2 and r.err.count("\n") == 1
    assert "optimal horizon (--horizon) needs an odds table" in r.err and "no C compiler" in r.err
    assert mazo(capsys, monkeypatch, *args, "--horizon", "1").code == 0


def test_the_40_card_deck_agrees_with_mazo_odds_and_the_bellman_equation(forty_table, monkeypatch):
    spec, table = forty_table
    assert spec.changed_options() == FORTY
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), table)  # the session's own build
    hand = "4o 5o 6o 10c 10e 5c 12b"
    got = advise_with(spec, hand, pozo_top="1b", horizon="optimal")
    eight = odds.drawn_odds(table, spec, spec.deck.parse_hand(hand + " 1b"))
    assert got.take.turns_to_cut == eight.discards[0].turns_to_cut
    assert got.take.discard == eight.discard == "12b"
    # the README's word: `mazo odds` gives the hand kept the same figure as the advice
    kept = spec.deck.parse_hand("4o 5o 6o 10c 10e 5c 1b")
    assert got.take.turns_to_cut == odds.turns_to_cut(table, spec, kept)
    # no pozo top, nothing seen: this turn's draw is the model's own, E(hand) = 1 + its mean
    alone = advise_with(spec, hand, horizon="optimal")
    resting = odds.turns_to_cut(table, spec, spec.deck.parse_hand(hand))
    assert abs(1 + alone.draw.turns_to_cut - resting) < 1e-9
    assert got.advice == ("take" if got.take.turns_to_cut < got.draw.turns_to_cut else "draw")


def test_building_the_table_shows_the_bar_mazo_odds_shows(monkeypatch):
    from mazo.cli import main

    from tests.commands import _Stream

    odds._MEMORY.clear()  # built by this call, on a terminal
    err = _Stream(tty=True)
    args = ["advise", *RULES, "1o 2o 4c 6c", "--horizon", "optimal", "--json"]
    monkeypatch.setattr(sys, "argv", ["mazo", *args])
    monkeypatch.setattr(sys, "stdout", _Stream())
    monkeypatch.setattr(sys, "stderr", err)
    with pytest.raises(SystemExit) as leaving:
        main()
    assert leaving.value.code == 0
    shown = err.buffer.getvalue().decode()
    assert "Armando la tabla de Prueba chica (una sola vez por reglamento)" in shown
    assert json.loads(sys.stdout.buffer.getvalue())["horizon"] == "optimal"


def test_a_damaged_table_file_is_rebuilt_and_the_advice_stands(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("MAZO_NO_CACHE")
    spec = rules_for(None, rules=SMALL)
    odds._MEMORY.clear()
    first = advise_with(spec, "1o 2o 4c 6c", pozo_top="5o", horizon="optimal")
    (path,) = (tmp_path / "mazo").glob("odds-*.table")
    data = path.read_bytes()
    # a byte of the turns' first block, just past the header: a lookup reads it, finds it bad
    at = (
        len(odds.MAGIC) + 12 + int.from_bytes(data[len(odds.MAGIC) : len(odds.MAGIC) + 8], "little")
    )
    path.write_bytes(data[: at + 3] + bytes([data[at + 3] ^ 1]) + data[at + 4 :])
    odds._MEMORY.clear()
    assert advise_with(spec, "1o 2o 4c 6c", pozo_top="5o", horizon="optimal") == first
    assert path.read_bytes() == data
    odds._MEMORY.clear()
