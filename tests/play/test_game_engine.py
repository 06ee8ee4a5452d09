"""The game engine: every card in one place, only public information in a view, the rules of the
deal and of the stock from the spec, illegal answers as forfeits, the same seed the same game."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from mazo.solver.api import rules_for
from mazo.solver.game import engine
from mazo.solver.game.bots import Novice
from mazo.solver.game.engine import MAX_TURNS, Game, Seat, Shuffler, playable
from mazo.solver.game.record import read_record
from mazo.solver.game.referee import referee
from mazo.solver.game.simulate import record_text
from mazo.solver.game.table import EngineError, Table
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand

from tests.soak import size

GAMES = ("conga", "chinchon", "gin-rummy")


class Wanderer:
    """Random legal play: a random source, a random discard, a cut whenever the best discard
    cuts (so rounds end), re-entering at random. It plays every branch the rules allow."""

    def __init__(self, spec, seed: int):
        self.spec = spec
        self.random = random.Random(seed)
        self.views: list[View] = []

    def draw(self, view: View) -> str:
        self.views.append(view)
        if view.offer:
            return self.random.choice(["pozo", "pass"])
        return self.random.choice(["stock", "pozo"] if view.may_take else ["stock"])

    def discard(self, view: View) -> Play:
        self.views.append(view)
        deck = self.spec.deck
        taken = view.drawn["card"] if view.drawn and view.drawn["source"] == "pozo" else None
        result = solve_hand(
            self.spec,
            [deck.parse_card(c) for c in view.hand],
            drawn_from_pozo=deck.parse_card(taken) if taken else None,
        )
        if result.can_cut and self.random.random() < 0.7:
            return Play(result.discard, True)
        return Play(self.random.choice(view.hand), False)

    def reenter(self, view: View) -> bool:
        self.views.append(view)
        return self.random.random() < 0.5


def _game(spec, players, seed=0, **kw) -> Game:
    return Game(spec, [Seat(n, p, "test") for n, p in players], seed=seed, **kw)


def _wanderers(spec, count: int, seed: int):
    return [(f"P{i}", Wanderer(spec, seed * 10 + i)) for i in range(count)]


@pytest.mark.parametrize("game", GAMES)
def test_every_card_stays_in_one_place_over_random_rounds(game):
    """The table checks itself after every step; random play over many rounds (recycles, void
    hands, offers passed and taken, cuts, eliminations) never breaks it."""
    assert engine.DEBUG  # the suite's MAZO_DEBUG=1 (conftest.py): the check runs
    spec = rules_for(game)
    rounds = 0
    seed = 0
    wanted = size(25, 2000)
    while rounds < wanted:
        count = 2 if game == "gin-rummy" else 2 + seed % 3
        outcome = _game(spec, _wanderers(spec, count, seed), seed=seed, max_rounds=5).play()
        assert outcome.reason in ("stopped", "last_player", "win_match", "target", "lowest_total")
        rounds += outcome.rounds
        seed += 1


def test_table_check_finds_a_card_in_two_places():
    spec = rules_for("conga", variant={"deck_size": 40, "jokers": 0})
    cards = spec.deck.all_cards()
    table = Table(deck=spec.deck, order=["A"], hands={"A": cards[:7]}, stock=cards[7:], pozo=[])
    table.check()
    table.pozo.append(cards[0])
    with pytest.raises(EngineError, match="extra"):
        table.check()


@pytest.mark.parametrize("debug", [True, False])
def test_the_engine_checks_the_table_in_debug_mode_only(monkeypatch, debug):
    """A table that keeps a thrown card in the hand too (a deliberately broken engine) stops
    the game at the first discard under MAZO_DEBUG=1; without it the game goes on."""
    spec = rules_for("conga", variant={"deck_size": 40, "jokers": 0})
    monkeypatch.setattr(engine, "DEBUG", debug)
    monkeypatch.setattr(Table, "throw", lambda table, player, card: table.pozo.append(card))
    seats = [(n, Novice(spec, i)) for i, n in enumerate(("Ana", "Beto"))]
    game = _game(spec, seats, seed=1, max_rounds=1)
    if debug:
        with pytest.raises(EngineError, match="extra"):
            game.play()
    else:
        assert game.play().events[2]["event"] == "turn"


@pytest.mark.parametrize(("value", "on"), [("1", True), ("", False), (None, False)])
def test_mazo_debug_turns_the_check_on(value, on):
    """The switch as the engine reads it at import, in a process of its own."""
    env = {k: v for k, v in os.environ.items() if k != "MAZO_DEBUG"}
    if value is not None:
        env["MAZO_DEBUG"] = value
    shown = subprocess.run(
        [sys.executable, "-c", "import mazo.solver.game.engine as e; print(e.DEBUG)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == str(on)


def _events(game, seed, names=("Ana", "Beto"), variant=None, **kw):
    spec = rules_for(game, variant=variant)
    seats = [(n, Novice(spec, seed + i)) for i, n in enumerate(names)]
    return _game(spec, seats, seed=seed, **kw).play().events


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_game(game):
    first = json.dumps(_events(game, 3, max_rounds=3))
    assert first == json.dumps(_events(game, 3, max_rounds=3))
    assert first != json.dumps(_events(game, 4, max_rounds=3))


def test_the_deal_follows_the_play_rules():
    conga = _events("conga", 1, names=("A", "B", "C"), max_rounds=1)
    deal = conga[1]
    assert deal["event"] == "deal" and deal["mano"] == "A" and deal["dealer"] == "C"
    assert [len(h) for h in deal["hands"].values()] == [8, 7, 7]
    assert deal["pozo"] == []
    assert conga[2]["draw"] is None and conga[2]["player"] == "A"
    chinchon = _events("chinchon", 1, max_rounds=1)[1]
    assert [len(h) for h in chinchon["hands"].values()] == [7, 7] and len(chinchon["pozo"]) == 1
    gin = _events("gin-rummy", 1, max_rounds=1)
    assert [len(h) for h in gin[1]["hands"].values()] == [10, 10] and len(gin[1]["pozo"]) == 1
    # The first upcard goes to the non-dealer (the mano) first.
    assert gin[2]["player"] == gin[1]["mano"] and gin[2]["draw"] in ("pass", "pozo")


def test_the_mano_moves_to_the_next_player_still_in():
    events = _events("conga", 2, names=("A", "B", "C"))
    manos = [e["mano"] for e in events if e["event"] == "deal"]
    assert manos[:3] == ["A", "B", "C"]


class Scripted:
    """Answers from a list; draws from the stock and throws the first card otherwise."""

    def __init__(self, answers=None):
        self.answers = list(answers or [])

    def draw(self, view):
        return self.answers.pop(0) if self.answers else "stock"

    def discard(self, view):
        answer = self.answers.pop(0) if self.answers else Play(view.hand[0], False)
        return answer(view) if callable(answer) else answer

    def reenter(self, view):
        return True


def _not_held(view):
    spec = rules_for("chinchon", variant={"jokers": 0})
    return next(c for c in spec.deck.codes(spec.deck.all_cards()) if c not in view.hand)


@pytest.mark.parametrize(
    ("answers", "why"),
    [
        (["flip"], "draw answers"),
        (["pass"], "only to the first upcard"),
        (["stock", Play("99x", False)], "not a card"),
        (["stock", lambda view: Play(_not_held(view), False)], "not held"),
        (["stock", "not a play"], "Play"),
        (["stock", Play(None, True)], "no card thrown"),
    ],
)
def test_an_illegal_answer_is_a_forfeit(answers, why):
    spec = rules_for("chinchon", variant={"jokers": 0})
    outcome = _game(spec, [("Ana", Scripted(answers)), ("Beto", Scripted())], seed=5).play()
    end = outcome.events[-1]
    assert end["event"] == "game_end" and end["reason"] == "forfeit"
    assert end["forfeit"] == "Ana" and end["winner"] == "Beto" and why in end["error"]


def test_a_cut_that_does_not_close_is_a_forfeit():
    spec = rules_for("chinchon")
    deal = _events("chinchon", 5, max_rounds=1)[1]
    first = deal["hands"]["Ana"][0]
    outcome = _game(
        spec, [("Ana", Scripted(["stock", Play(first, True)])), ("Beto", Scripted())], seed=5
    ).play()
    assert outcome.events[-1]["reason"] == "forfeit"
    assert "does not close" in outcome.events[-1]["error"]


class Raising(Scripted):
    def draw(self, view):
        raise RuntimeError("boom")


def test_the_mano_draws_from_the_stock_after_both_pass_the_first_upcard():
    spec = rules_for("gin-rummy")
    outcome = _game(
        spec, [("Ana", Scripted(["pass", "pozo"])), ("Beto", Scripted(["pass"]))], seed=2
    ).play()
    end = outcome.events[-1]
    assert [e.get("draw") for e in outcome.events[2:4]] == ["pass", "pass"]
    assert end["reason"] == "forfeit" and "both players passed" in end["error"]


def test_after_the_dealer_takes_the_first_upcard_the_mano_may_take_its_discard(tmp_path):
    spec = rules_for("gin-rummy")

    class Looking(Scripted):
        def draw(self, view):
            self.seen = [*getattr(self, "seen", []), view]
            return super().draw(view)

    ana = Looking(["pass", "pozo"])
    players = [("Ana", ana), ("Beto", Scripted(["pozo"]))]
    outcome = _game(spec, players, seed=2, max_rounds=1).play()
    turns = [e for e in outcome.events if e["event"] == "turn"]
    assert [t.get("draw") for t in turns[:3]] == ["pass", "pozo", "pozo"]
    assert turns[2]["card"] == turns[1]["discard"] and ana.seen[1].may_take
    assert outcome.forfeit is None
    path = tmp_path / "game.jsonl"
    path.write_text(record_text(outcome.events), encoding="utf-8")
    assert referee(read_record(path)).ok


def test_a_player_that_raises_forfeits_and_the_game_goes_on_reporting():
    spec = rules_for("gin-rummy")
    outcome = _game(spec, [("Ana", Raising()), ("Beto", Scripted())], seed=1).play()
    assert outcome.forfeit == "Ana" and "RuntimeError: boom" in outcome.events[-1]["error"]


class Recording(Novice):
    def __init__(self, spec, seed):
        super().__init__(spec, seed)
        self.seen: list[tuple[View, object]] = []

    def draw(self, view):
        answer = super().draw(view)
        self.seen.append((view, answer))
        return answer

    def discard(self, view):
        answer = super().discard(view)
        self.seen.append((view, answer))
        return answer


class HiddenSwap(Shuffler):
    """The same deal, with two cards of the stock below its top swapped: nothing a player sees
    changes until one of them is drawn."""

    def deal(self, round_number, cards):
        dealt = super().deal(round_number, cards)
        dealt[0], dealt[1] = dealt[1], dealt[0]  # the stock's bottom two cards
        return dealt


def test_hidden_cards_do_not_reach_a_view():
    spec = rules_for("conga")
    views = []
    for shuffler in (Shuffler(9), HiddenSwap(9)):
        me = Recording(spec, 1)
        _game(
            spec, [("Ana", me), ("Beto", Novice(spec, 2))], seed=9, shuffler=shuffler, max_rounds=1
        ).play()
        views.append(me.seen[:6])
    assert views[0] == views[1]


def test_views_hold_only_public_information():
    spec = rules_for("conga")
    me = Recording(spec, 1)
    _game(spec, [("Ana", me), ("Beto", Novice(spec, 2))], seed=3, max_rounds=1).play()
    view, _ = me.seen[1]
    assert set(View.__dataclass_fields__) >= {
        "game",
        "me",
        "hand",
        "pozo",
        "discards",
        "drawn",
        "stock_count",
        "rivals",
        "round",
        "totals",
    }
    assert view.rivals == [{"name": "Beto", "cards": 7, "total": 0}]
    assert all(set(d) == {"player", "card", "taken_by"} for d in view.discards)


def test_engines_are_refused_for_games_without_one():
    from mazo.solver.errors import OptionError

    for game in ("conquian", "canasta"):
        with pytest.raises(OptionError, match="cannot be played yet"):
            playable(rules_for(game))


def test_a_round_that_never_ends_is_stopped():
    spec = rules_for("conga", variant={"deck_size": 40, "jokers": 0})

    class Never(Scripted):
        def discard(self, view):
            return Play(view.drawn["card"] if view.drawn else view.hand[0], False)

    outcome = _game(spec, [("A", Never()), ("B", Never())], seed=1).play()
    assert outcome.reason == "stopped"
    turns = [e for e in outcome.events if e["event"] == "turn"]
    assert len(turns) == MAX_TURNS + 1
    assert any(e["event"] == "recycle" for e in outcome.events)


class Asked(Wanderer):
    """A wanderer that keeps the views it is asked to come back with."""

    def __init__(self, spec, seed: int):
        super().__init__(spec, seed)
        self.asked: list[View] = []

    def reenter(self, view: View) -> bool:
        self.asked.append(view)
        return super().reenter(view)


def test_a_reentry_is_asked_with_the_totals_after_the_round_that_put_the_player_out():
    """What a person sees when asked: their own total past the limit, the round's points
    added to every player's total, not the totals before the round."""
    spec = rules_for("conga")
    players = [(f"P{i}", Asked(spec, 670 + i)) for i in range(3)]
    events = _game(spec, players, seed=67).play().events
    ends = [e for e in events if e["event"] == "round_end"]
    asked = [(n, v) for n, p in players for v in p.asked]
    assert asked  # the seed gives a player the choice to come back
    for name, view in asked:
        end = ends[view.round - 1]
        start = ends[view.round - 2]["totals"] if view.round > 1 else {}
        after = {n: start.get(n, 0) + end["points"].get(n, 0) for n in view.totals}
        assert view.totals[name] > spec.match.elimination_limit
        assert view.totals == after and all(r["total"] == after[r["name"]] for r in view.rivals)


def test_a_players_error_is_kept_on_one_line_with_control_characters_escaped():
    def broken(view):
        raise RuntimeError("no\nmore\x1b[2J")

    spec = rules_for("chinchon", variant={"jokers": 0})
    seats = [("Ana", Scripted(["stock", broken])), ("Beto", Scripted())]
    end = _game(spec, seats, seed=5).play().events[-1]
    assert end["error"] == "discard raised RuntimeError: no more\\x1b[2J"
