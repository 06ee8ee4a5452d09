"""mazo's bots: each level's rule on hand-made views where it decides, the fastest level against
`mazo advise` and `mazo odds` on positions from real games, the public `mazo.bots` module, and a
short game of every level in every game."""

from __future__ import annotations

import dataclasses
import functools
import random
import re
import sys
import textwrap
from collections import Counter
from fractions import Fraction

import mazo.bots as bots
import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError, OptionError
from mazo.solver.game.bots import race
from mazo.solver.game.bots.reading import held_by_rivals, read, round_rules
from mazo.solver.game.engine import Game, Seat
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.play import odds
from mazo.solver.play.advise import advise_with

from tests.conftest import FORTY
from tests.soak import SOAK, size

CONGA = rules_for("conga", variant=FORTY)
# Positions of real games the fastest player is checked on against advise and odds.
POSITIONS = size(30, 600)
RIVAL = [{"name": "B", "cards": 7, "total": 0}]


@pytest.fixture(autouse=True)
def forty_in_memory(forty_table, monkeypatch):
    """The 40-card Conga table is the session's own build; no other table is kept on disk."""
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    spec, table = forty_table
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), table)


def view(
    hand, pozo=(), *, drawn=None, discards=None, game="conga", offer=False, rivals=RIVAL, stock=20
):
    """A view of player A; the pozo's cards thrown by B and not taken (but the upcard
    offered), unless told."""
    hand = hand.split() if isinstance(hand, str) else list(hand)
    pozo = pozo.split() if isinstance(pozo, str) else list(pozo)
    if discards is None:  # an offered upcard was dealt: no one threw it
        discards = [] if offer else [{"player": "B", "card": c, "taken_by": None} for c in pozo]
    names = ["A", *(r["name"] for r in rivals)]
    return bots.View(
        game=game,
        me="A",
        hand=hand,
        pozo=pozo,
        discards=discards,
        drawn=drawn,
        stock_count=stock,
        rivals=rivals,
        round=1,
        totals=dict.fromkeys(names, 0),
        offer=offer,
    )


def taken(hand, card, pozo=""):
    """A view after taking `card` from the pozo (thrown by B)."""
    rest = pozo.split()
    thrown = [{"player": "B", "card": c, "taken_by": None} for c in rest]
    thrown.append({"player": "B", "card": card, "taken_by": "A"})
    return view(hand, rest, drawn={"card": card, "source": "pozo"}, discards=thrown)


def drew(hand, card, pozo=""):
    return view(hand, pozo, drawn={"card": card, "source": "stock"})


def make(level, seed=0, game="conga", **variant):
    return bots.make(game, level, seed=seed, variant=variant or (FORTY if game == "conga" else {}))


# --- the public snippet ---


def test_the_public_snippet_takes_the_4o_and_cuts_throwing_the_12b():
    p = bots.make("conga", "novice", seed=1, variant={"deck_size": 40, "jokers": 0})
    assert p.draw(view("1o 2o 3o 5e 6e 7e 12b", "4o")) in ("stock", "pozo")
    play = p.discard(taken("1o 2o 3o 5e 6e 7e 12b 4o", "4o"))
    assert (play.card, play.cut) == ("12b", True), play


# --- what a view shows ---


def test_the_cards_rivals_took_and_hold_are_seen_and_those_thrown_again_are_not():
    thrown = [
        {"player": "B", "card": "5o", "taken_by": "C"},
        {"player": "C", "card": "7e", "taken_by": "B"},
        {"player": "B", "card": "2c", "taken_by": None},
        {"player": "C", "card": "5o", "taken_by": "A"},  # C threw it again; A holds it now
        {"player": "A", "card": "11b", "taken_by": "B"},
    ]
    rivals = [{"name": "B", "cards": 7, "total": 0}, {"name": "C", "cards": 7, "total": 0}]
    seen = view("1o 2o 3o 5o 6e 7c 12b", ["2c"], discards=thrown, rivals=rivals, stock=10)
    assert held_by_rivals(seen) == ["7e", "11b"]
    reading = read(CONGA, seen, "draw")
    assert CONGA.deck.codes(reading.seen) == ["7e", "11b"]  # the pozo under its top: none
    assert CONGA.deck.code(reading.top) == "2c"


def _held_walked(view):
    """The cards the rivals hold, walking every discard: a take held until its taker throws
    the card again, the earliest such take ended first."""
    order = []
    for discard in view.discards:
        thrower, card, taker = discard["player"], discard["card"], discard["taken_by"]
        if (thrower, card) in order:
            order.remove((thrower, card))
        if taker is not None and taker != view.me:
            order.append((taker, card))
    return [card for _, card in order]


def test_the_cards_rivals_hold_are_those_a_walk_over_every_discard_finds():
    rng = random.Random(7)
    for _ in range(3000):
        players = "ABC"[: rng.randrange(2, 4)]
        discards = [
            {
                "player": rng.choice(players),
                "card": rng.choice("xyz"),  # few codes: cards taken and thrown again
                "taken_by": rng.choice([None, None, *players]),
            }
            for _ in range(rng.randrange(25))
        ]
        shown = dataclasses.replace(view(SEVEN), me=rng.choice(players), discards=discards)
        assert held_by_rivals(shown) == _held_walked(shown), discards


SEVEN = "1o 2o 3o 5e 6e 7e 12b"
EIGHT = "1o 2o 3o 5e 6e 7e 12b 4o"


def replaced(made, **fields):
    return lambda: dataclasses.replace(made(), **fields)


# A view no table could show, and what each decision says of it (one text: both say it).
UNSHOWABLE = [
    (lambda: view("1o 2o 3o 5e 6e 7e 99x"), "View.hand: unknown card '99x'"),
    (
        lambda: view("1o 2o 3o 5e 6e 7e"),
        {"draw": "View.hand holds 6 cards at a draw: 7", "discard": "holds 6 cards at a discard"},
    ),
    (lambda: view("1o 2o 3o 5e 6e 7e 7e"), "2 copies of '7e' in View.hand"),
    (lambda: view(SEVEN, "4x"), "View.pozo: unknown card '4x'"),
    (lambda: drew(EIGHT, "11c"), {"draw": "at a draw", "discard": "'11c' is not in View.hand"}),
    (
        lambda: drew(SEVEN, "12b"),
        {"draw": "View.drawn is None at a draw", "discard": "View.hand holds 7 cards"},
    ),
    (
        lambda: view(EIGHT, drawn={"card": "4o", "source": "deck"}),
        {"draw": "at a draw", "discard": "View.drawn: source 'deck'"},
    ),
    (lambda: view(SEVEN, discards=[{"card": "4o"}]), "View.discards"),
    # the same card in the hand and on the pozo, of a deck that holds one
    (lambda: view(SEVEN, "1o"), "2 copies of '1o' (1 in View.hand, 1 in View.pozo)"),
    (lambda: taken(EIGHT, "4o", "4o"), "2 copies of '4o'"),
    (replaced(lambda: view(SEVEN), game="chinchon"), "View.game is 'chinchon'"),
    (
        replaced(lambda: view(SEVEN), options={"deck_size": 48}),
        "View.options: deck_size is 48 in the view, 40 for this player",
    ),
    (
        replaced(lambda: view(SEVEN), options={"foo": 1}),
        "View.options: foo is not an option of conga",
    ),
    (replaced(lambda: view(SEVEN), options=None), "View.options is the rule options in force"),
    (replaced(lambda: view(SEVEN), stock_count=-3), "View.stock_count is a whole number"),
    (replaced(lambda: view(SEVEN), stock_count="20"), "View.stock_count is a whole number"),
    (replaced(lambda: view(SEVEN), round=0), "View.round is a whole number from 1"),
    (replaced(lambda: view(SEVEN), rivals=[{"name": "B"}]), "View.rivals is a list of"),
    (
        replaced(lambda: view(SEVEN), rivals=[{"name": "A", "cards": 7, "total": 0}]),
        "View.rivals: each rival once, not me",
    ),
    (replaced(lambda: view(SEVEN), totals="x"), "View.totals is each player's total"),
    (replaced(lambda: view(SEVEN), rivals=[]), "View.rivals: none, and conga is played by two"),
    (replaced(lambda: view(SEVEN), me=""), "View.me is a player's name, not ''"),
    (
        replaced(lambda: view(SEVEN), rivals=[{"name": "B", "cards": 7, "total": 5}]),
        "View.rivals: the total of 'B' is 5, and View.totals says 0",
    ),
    (lambda: view(SEVEN, "4o", offer=True), "View.offer: these rules offer no first upcard"),
    # codes that are no strings, said as such
    (
        lambda: view([*SEVEN.split(), 5]),
        {"draw": "View.hand: 5 is not a card code", "discard": "5 is"},
    ),
    (lambda: view(SEVEN, [None]), "View.pozo: None is not a card code"),
    (
        lambda: view(EIGHT, drawn={"card": None, "source": "stock"}),
        {"draw": "at a draw", "discard": "View.drawn: None is not a card code"},
    ),
    # discards thrown and taken by players at the table, the pozo what nobody took
    (
        lambda: view(SEVEN, discards=[{"player": "B", "card": "4o"}]),
        'View.discards is a list of {"player", "card", "taken_by"}',
    ),
    (
        lambda: view(SEVEN, "4o", discards=[{"player": None, "card": "4o", "taken_by": None}]),
        "View.discards: player None is not me nor a rival",
    ),
    (
        lambda: view(SEVEN, "4o", discards=[{"player": "Z", "card": "4o", "taken_by": None}]),
        "View.discards: player 'Z' is not me nor a rival",
    ),
    (
        lambda: view(SEVEN, discards=[{"player": "B", "card": "4o", "taken_by": 3}]),
        "View.discards: taken_by 3 is not None, me nor a rival",
    ),
    (
        lambda: view(SEVEN, discards=[{"player": "B", "card": "4o", "taken_by": "B"}]),
        "View.discards: 'B' took back their own discard",
    ),
    (lambda: view(SEVEN, "4o", discards=[]), "View.pozo ['4o'] is not the last discards"),
    (
        lambda: view(SEVEN, "4o 5c", discards=_thrown("5c 4o")),
        "View.pozo ['4o', '5c'] is not the last discards nobody took",
    ),
    (
        lambda: view(SEVEN, "4o", discards=[{"player": "B", "card": "4o", "taken_by": "A"}]),
        "View.pozo: '4o' is taken_by 'A' in View.discards",
    ),
    # counts and seats no table shows
    (
        replaced(lambda: view(SEVEN), rivals=[{"name": "B", "cards": 9, "total": 0}]),
        "View.rivals: 'B' holds 9 cards, a hand at most 8",
    ),
    (
        replaced(lambda: view(SEVEN), stock_count=27),  # 40 cards less 7 and 7 leave 26
        {"draw": "View.stock_count is 27: the deck's 40 cards", "discard": "at a discard"},
    ),
    (replaced(lambda: view(SEVEN), may_take=1), "View.may_take is True or False, not 1"),
    (replaced(lambda: view(SEVEN), mano="Z"), "View.mano is 'Z': neither me ('A') nor a rival"),
    (replaced(lambda: view(SEVEN), totals={"A": 0}), "View.totals is every player's total: 'B'"),
    (replaced(lambda: view(SEVEN), upcard="4o"), "View.upcard is '4o': these rules turn up no"),
    (
        replaced(lambda: view(SEVEN), rivals=[{"name": n, "cards": 7, "total": 0} for n in "BCDE"]),
        "View.rivals: 4 rivals, and conga seats at most 4 players",
    ),
]


def test_a_views_game_is_its_name_or_an_alias_in_any_case():
    for game in ("CONGA", "Conga"):
        assert make("novice").draw(replaced(lambda: view(SEVEN), game=game)()) == "stock"


def _thrown(cards, by="B"):
    return [{"player": by, "card": c, "taken_by": None} for c in cards.split()]


@pytest.mark.parametrize(("made", "said"), UNSHOWABLE)
def test_a_hand_made_view_no_table_could_show_is_a_value_error_naming_its_field(made, said):
    for level in bots.LEVELS:
        player = make(level)
        for decision in (player.draw, player.discard):
            told = said if isinstance(said, str) else said[decision.__name__]
            with pytest.raises(ValueError, match=re.escape(told)):
                decision(made())


GIN = "AS 2S 3S 5H 6H 9C TC KD QH 4D"
GIN_DREW = {"card": "4D", "source": "stock"}


def gin(hand=GIN, pozo="8D", **fields):
    return view(hand, pozo, game="gin-rummy", rivals=[{**RIVAL[0], "cards": 10}], **fields)


# Views of Gin's and Chinchón's tables no table could show: the game, the decision, what is said.
UNSHOWABLE_ELSEWHERE = [
    (
        "gin-rummy",
        "draw",
        replaced(lambda: gin(offer=True), may_take=False),
        "View.offer with View.may_take False: an offered upcard may be taken",
    ),
    ("gin-rummy", "draw", lambda: gin(pozo="", offer=True), "offered alone on the pozo"),
    (
        "gin-rummy",
        "draw",
        lambda: gin(pozo="8D 4H", offer=True, discards=_thrown("4H")),
        "offered alone on the pozo, before any discard",
    ),
    (
        "gin-rummy",
        "discard",
        lambda: gin(GIN + " JS", offer=True, drawn={"card": "JS", "source": "stock"}),
        "View.offer: the first upcard is offered at a draw, not at a discard",
    ),
    (
        "gin-rummy",
        "draw",
        replaced(lambda: gin(), rivals=[{"name": n, "cards": 10, "total": 0} for n in "BC"]),
        "View.rivals: 2 rivals, and gin-rummy seats at most 2 players",
    ),
    ("chinchon", "discard", lambda: view(EIGHT), "chinchon has no opening discard"),
    (
        "chinchon",
        "draw",
        replaced(lambda: view(SEVEN, "5c 4o", discards=_thrown("4o")), upcard="6c"),
        "View.pozo ['5c', '4o'] is not the last discards nobody took",
    ),
    (
        "chinchon",
        "draw",
        lambda: view(SEVEN, "4o", discards=[{"player": "B", "card": "4o", "taken_by": "A"}]),
        "View.pozo: '4o' is taken_by 'A' in View.discards",
    ),
    ("conga", "discard", lambda: view(EIGHT, "11c"), "after the round's first: only the mano's"),
]


@pytest.mark.parametrize(("game", "decision", "made", "said"), UNSHOWABLE_ELSEWHERE)
def test_a_view_no_table_of_the_game_could_show_is_a_value_error(game, decision, made, said):
    player = make("novice", game=game)
    with pytest.raises(ValueError, match=re.escape(said)):
        getattr(player, decision)(dataclasses.replace(made(), game=game))


# The pozo a table shows: the discards nobody took, the first upcard under them while it lies
# there, and after the stock was made of the pozo only the discards since (its top kept or not).
SHOWABLE_POZOS = [
    ("chinchon", "5c 4o", _thrown("4o"), "5c"),
    ("chinchon", "5c 4o", _thrown("4o"), None),
    (
        "chinchon",
        "5c 11c",
        [
            {"player": "A", "card": "12c", "taken_by": "B"},
            {"player": "B", "card": "11c", "taken_by": None},
        ],
        "5c",
    ),
    ("chinchon", "4o", [], None),  # the upcard not taken yet
    ("conga", "7c", _thrown("4o 2c 7c"), None),  # the top kept
    ("conga", "", _thrown("4o 2c 7c"), None),  # every card shuffled
    ("conga", "7c 5c", _thrown("4o 2c 7c 5c"), None),
]


@pytest.mark.parametrize(("game", "pozo", "discards", "upcard"), SHOWABLE_POZOS)
def test_a_pozo_a_table_shows_is_read(game, pozo, discards, upcard):
    shown = dataclasses.replace(view(SEVEN, pozo, discards=discards, game=game), upcard=upcard)
    assert make("novice", game=game).draw(shown) in ("stock", "pozo")


def test_a_view_may_leave_out_the_options_in_force_and_name_the_game_by_an_alias():
    seen = dataclasses.replace(view(SEVEN, "4o"), game="conga-uruguaya", options={"jokers": 0})
    for level in bots.LEVELS:
        assert make(level).draw(seen) in ("stock", "pozo")


def test_a_draw_from_an_empty_pozo_is_from_the_stock_whatever_may_take_says():
    for level in bots.LEVELS:
        assert make(level).draw(view(SEVEN)) == "stock"


def test_a_discard_is_read_back_to_the_turns_start():
    after_take = read(CONGA, taken("1o 2o 3o 5e 6e 7e 12b 4o", "4o", "11c"), "discard")
    assert CONGA.deck.codes(after_take.before) == ["1o", "2o", "3o", "5e", "6e", "7e", "12b"]
    assert CONGA.deck.code(after_take.top) == "4o"
    assert CONGA.deck.codes(after_take.seen) == ["11c"]
    opening = read(CONGA, view("1o 2o 3o 5e 6e 7e 12b 4o"), "discard")
    assert opening.before is None and opening.top is None


@pytest.mark.parametrize(("upcard", "limit"), [("5H", 5), ("KS", 10), ("AD", 0), (None, 0)])
def test_under_oklahoma_the_upcard_sets_the_rounds_knock_limit(upcard, limit):
    spec = rules_for("gin-rummy", variant={"oklahoma": True})
    shown = dataclasses.replace(
        view("AS 2S 3S 5H 6H 9C TC KD QH 4D", game="gin-rummy"), upcard=upcard
    )
    ruled = round_rules(spec, shown)
    assert next(c.max_deadwood for c in ruled.closes if c.id == "knock") == limit
    assert advise_with(ruled, shown.hand, horizon=1).draw  # settled: advise takes these rules


# --- novice ---


def test_novice_takes_a_card_that_ends_in_a_meld_and_draws_past_one_that_does_not():
    novice = make("novice")
    assert novice.draw(view("1o 2o 3o 5e 6e 11c 12b", "4o")) == "pozo"
    assert novice.draw(view("1o 2o 3o 5e 6e 11c 12b", "4c")) == "stock"
    # Two of a kind with the card: still no meld of three.
    assert novice.draw(view("1o 2o 3o 5e 6e 11c 12b", "11o")) == "stock"
    assert novice.draw(view("1o 2o 3o 5e 6e 11c 12b", "7e")) == "pozo"


def test_novice_passes_the_first_upcard_it_does_not_want():
    novice = make("novice", game="gin-rummy")
    hand = "AS 2S 3S 5H 6H 9C TC KD QH 4D"
    assert novice.draw(view(hand, "8D", game="gin-rummy", offer=True)) == "pass"
    assert novice.draw(view(hand, "4S", game="gin-rummy", offer=True)) == "pozo"


def test_novice_throws_the_highest_of_the_fewest_points_discards_ties_by_the_seed():
    # Throwing 11c or 12b leaves 21 loose points (both worth 10): the seed picks.
    position = drew("1o 2o 3o 4o 5e 6e 11c 12b", "12b")
    picks = {make("novice", seed=s).discard(position).card for s in range(12)}
    assert picks == {"11c", "12b"}


def test_novice_never_throws_back_the_card_it_took():
    # 12c makes no meld: thrown back it would leave the fewest points, so the next best goes.
    play = make("novice").discard(taken("1o 2o 3o 5e 6e 11c 12b 12c", "12c"))
    assert play.card in ("11c", "12b") and not play.cut


# --- every level ---


@pytest.mark.parametrize("level", bots.LEVELS)
def test_every_level_cuts_at_the_first_chance(level):
    play = make(level).discard(drew("1o 2o 3o 5e 6e 7e 12b 4o", "4o"))
    assert (play.card, play.cut) == ("12b", True)
    play = make(level).discard(drew("1o 2o 3o 5e 6e 7e 12b 1c", "1c"))  # a cut with 1 point
    assert play.cut


@pytest.mark.parametrize("level", bots.LEVELS)
def test_the_same_view_gets_the_same_answer_whatever_came_before(level):
    positions = [
        view("1o 2o 3o 5e 6e 11c 12b", "4c 7b"),
        drew("1o 2o 3o 4o 5e 6e 11c 12b", "12b", "7b"),
        taken("1o 2o 3o 5e 6e 11c 12b 7e", "7e", "4c"),
    ]
    player, fresh = make(level, seed=3), make(level, seed=3)
    first = [_answer(player, v) for v in positions]
    again = [_answer(player, v) for v in reversed(positions)][::-1]
    assert first == again == [_answer(fresh, v) for v in positions]


def _answer(player, position):
    """The draw for a resting hand (7 cards), else the discard."""
    if position.drawn is None and len(position.hand) == 7:
        return player.draw(position)
    return player.discard(position)


@pytest.mark.parametrize("level", bots.LEVELS)
def test_every_level_comes_back_when_it_may(level):
    assert make(level).reenter(view("1o 2o 3o 5e 6e 11c 12b")) is True


# --- greedy ---


def _blind_mean(spec, hand, pozo, seen):
    """Independently of advise: the mean, over the unseen cards, of the fewest loose points a
    discard leaves after drawing each; and the fewest after taking the pozo's top."""
    deck = spec.deck
    cards = [deck.parse_card(c) for c in hand.split()]
    top = deck.parse_card(pozo[-1])
    out = Counter(deck.all_cards()) - Counter(cards) - Counter([top])
    out -= Counter(deck.parse_card(c) for c in [*pozo[:-1], *seen])
    total = 0
    for card, copies in out.items():
        result = solve_hand(spec, [*cards, card])
        total += copies * min(o.deadwood_points for o in result.discards)
    took = solve_hand(spec, [*cards, top], drawn_from_pozo=top)
    return Fraction(total, sum(out.values())), min(o.deadwood_points for o in took.discards)


@pytest.mark.parametrize(
    ("hand", "pozo", "wanted"),
    [
        ("1o 2o 3o 5e 6e 11c 12b", "4o", "pozo"),  # 4o melds
        ("1o 2o 3o 5e 6e 11c 12b", "12c", "stock"),  # a pair of 12s: 31 points, as now
        ("1o 2o 3o 5e 6e 11c 12b", "2e", "pozo"),  # melds nothing, but low: 23 points
        ("1o 2o 3o 5e 6e 11c 12b", "11e", "stock"),
    ],
)
def test_greedy_takes_when_the_blind_draw_leaves_more_points_on_average(hand, pozo, wanted):
    pozo_cards = pozo.split()
    mean, take = _blind_mean(CONGA, hand, pozo_cards, [])
    assert ("pozo" if take < mean else "stock") == wanted  # the case is what it says
    assert make("greedy").draw(view(hand, pozo)) == wanted


def test_greedy_counts_the_cards_a_rival_holds_as_seen():
    thrown = [
        {"player": "B", "card": "4c", "taken_by": None},
        {"player": "A", "card": "12o", "taken_by": "B"},
        {"player": "B", "card": "7b", "taken_by": None},
    ]
    position = view("1o 2o 3o 5e 6e 11c 12b", ["4c", "7b"], discards=thrown)
    mean, take = _blind_mean(CONGA, "1o 2o 3o 5e 6e 11c 12b", ["4c", "7b"], ["12o"])
    advice = advise_with(CONGA, position.hand, pozo_top="7b", seen=["4c", "12o"], horizon=1)
    assert advice.draw.expected_deadwood == mean and advice.take.fewest_deadwood_points == take
    assert make("greedy").draw(position) == ("pozo" if take < mean else "stock")


def test_greedy_throws_the_fewest_points_card():
    play = make("greedy").discard(drew("1o 2o 3o 5e 6e 11c 12b 4c", "4c"))
    assert play == bots.Play("11c", False)  # 11c and 12b leave 19; the ranking: 11c


# --- fastest, against advise and odds on positions of real games ---


class Recorder:
    """A player that keeps every view it is shown."""

    def __init__(self, player):
        self.player = player
        self.views = []

    def draw(self, view):
        self.views.append(view)
        return self.player.draw(view)

    def discard(self, view):
        self.views.append(view)
        return self.player.discard(view)

    def reenter(self, view):
        return self.player.reenter(view)


@functools.cache
def _positions(count):
    """Views from real games on the 40-card deck, the fastest player's and the greedy's: a
    sample of `count`, every kind of decision in it."""
    views = []
    for seed in range(1, 1 + max(1, count // 40)):
        seats = [Recorder(make("fastest", seed)), Recorder(make("greedy", seed))]
        named = [Seat(n, p, "x") for n, p in zip("AB", seats, strict=True)]
        Game(CONGA, named, seed=seed, max_rounds=3).play()
        views += [v for s in seats for v in s.views]
    return random.Random(count).sample(views, min(count, len(views)))


def _advised(position):
    """What advise and odds say for a view: the draw, or the discard and whether it cuts."""
    spec, deck = CONGA, CONGA.deck
    held = held_by_rivals(position)
    found = odds.table(spec)
    drawn = position.drawn
    if drawn is None and len(position.hand) == spec.hand_size:
        pozo = position.pozo
        if not pozo:
            return "stock"
        advice = advise_with(
            spec, position.hand, pozo_top=pozo[-1], seen=[*pozo[:-1], *held], horizon="optimal"
        )
        return "pozo" if advice.advice == "take" else "stock"
    if drawn is None or drawn["source"] == "stock":
        best = odds.drawn_odds(found, spec, [deck.parse_card(c) for c in position.hand])
        return bots.Play(best.discard, best.discards[0].can_cut)
    before = list(position.hand)
    before.remove(drawn["card"])
    advice = advise_with(
        spec, before, pozo_top=drawn["card"], seen=[*position.pozo, *held], horizon="optimal"
    )
    return bots.Play(advice.take.discard, advice.take.can_cut)


def test_novice_throws_the_highest_valued_of_the_fewest_points_on_positions_of_real_games():
    novice, deck = make("novice", seed=5), CONGA.deck
    for position in _positions(POSITIONS):
        if _kind(position) == "draw":
            continue
        drawn = position.drawn
        taken = drawn["card"] if drawn and drawn["source"] == "pozo" else None
        hand = [deck.parse_card(c) for c in position.hand]
        result = solve_hand(
            CONGA, hand, drawn_from_pozo=None if taken is None else deck.parse_card(taken)
        )
        play = novice.discard(position)
        if result.can_cut:
            assert play == bots.Play(result.discard, True)
            continue
        allowed = {o.card: o.deadwood_points for o in result.discards if o.card != taken}
        fewest = [c for c, p in allowed.items() if p == min(allowed.values())]
        value = {c: CONGA.value(deck.parse_card(c)) for c in fewest}
        assert not play.cut and value.get(play.card) == max(value.values()), position


def test_fastest_decides_as_advise_and_odds_on_positions_of_real_games():
    fastest = make("fastest", seed=9)
    positions = _positions(POSITIONS)
    kinds = Counter(_kind(p) for p in positions)
    assert set(kinds) == {"draw", "stock", "pozo", "opening"}, kinds
    for position in positions:
        assert _answer(fastest, position) == _advised(position), position


def _kind(position):
    if position.drawn is not None:
        return position.drawn["source"]
    return "draw" if len(position.hand) == 7 else "opening"


def test_expert_cuts_as_the_fastest_on_positions_of_real_games():
    expert, fastest = make("expert", seed=9), make("fastest", seed=9)
    settled = drawn = 0
    for position in _positions(POSITIONS):
        if _kind(position) == "draw":
            drawn += expert.draw(position) != fastest.draw(position)
            continue
        play, fast = expert.discard(position), fastest.discard(position)
        assert play.cut == fast.cut and (not play.cut or play == fast), position
        settled += play != fast
    assert settled  # the race settles some discard the fastest way alone does not
    assert drawn  # and some take or draw


@pytest.mark.parametrize(
    ("hand", "top", "wanted"),
    [
        # The 11o fits two ways (the 10o, the 11c), but is a figure held till they are made.
        ("10o 4c 11c 12c 6e 12e 3b", "11o", "stock"),
        # The 1c pairs the 1b at a point; the fastest way draws for a card that fits more.
        ("6o 11o 4c 1b 2b 7b 12b", "1c", "pozo"),
    ],
)
def test_expert_takes_when_the_best_discard_then_leaves_less_to_pay(hand, top, wanted):
    position = view(hand, top)
    assert make("fastest").draw(position) != wanted
    assert make("expert").draw(position) == wanted


# A rival's chance to cut in each of its turns: a curve of a steady 1 in 8.
STEADY = 1 / 8
CURVE = tuple(1 - (1 - STEADY) ** n for n in range(1, odds.HORIZON + 1))


@pytest.mark.parametrize("played", [[0], [3], [25], [2, 30]])
def test_a_rival_with_a_steady_chance_to_cut_stays_in_as_a_geometric_law(played):
    left = race.rivals_left(CURVE, played)
    for n, chance in enumerate(left):
        assert chance == pytest.approx((1 - STEADY) ** (n * len(played)))


def test_the_chance_to_cut_first_is_the_geometric_sum_of_both_steady_chances():
    mine = 0.2
    within = [round(odds.WITHIN_STEPS * (1 - (1 - mine) ** n)) for n in range(1, 21)]
    both = (1 - mine) * (1 - STEADY)
    # the n-th turn: both missed n - 1 times, then I cut and the rival (who plays first) missed
    wanted = mine * (1 - STEADY) * (1 - both**20) / (1 - both)
    assert race.first(within, race.rivals_left(CURVE, [4])) == pytest.approx(wanted, abs=1e-3)


def test_the_turns_each_rival_played_are_its_discards():
    thrown = [("A", "1o"), ("B", "2o"), ("C", "3o"), ("A", "4o"), ("B", "5o")]
    discards = [{"player": p, "card": c, "taken_by": None} for p, c in thrown]
    rivals = [{"name": n, "cards": 7, "total": 0} for n in "BC"]
    assert race.rival_turns(view("1c", discards=discards, rivals=rivals)) == [2, 1]


# Cards thrown before, none of them in the hands below.
THROWN = [
    "1o",
    "1c",
    "2o",
    "2c",
    "2e",
    "3o",
    "3c",
    "3e",
    "3b",
    "4o",
    "4c",
    "4e",
    "4b",
    "5o",
    "5c",
    "5e",
]


def _after_turns(hand, drawn, turns):
    """A view of A after drawing `drawn` from the stock, A and B having played `turns` turns
    each before: their discards lie in the pozo, untaken."""
    thrown = THROWN[: 2 * turns]
    discards = [{"player": "AB"[i % 2], "card": c, "taken_by": None} for i, c in enumerate(thrown)]
    # The stock: the 40 cards less both hands (8 and 7) and the pozo.
    stock = 25 - len(thrown)
    return view(
        hand, thrown, drawn={"card": drawn, "source": "stock"}, discards=discards, stock=stock
    )


@pytest.mark.parametrize(("turns", "wanted"), [(0, "6o"), (8, "10c")])
def test_expert_sheds_the_high_card_once_the_rival_has_played_long(turns, wanted):
    hand = "1e 1b 2b 6o 7c 7b 10c 10b"
    position = _after_turns(hand, "7b", turns)
    assert make("fastest").discard(position) == bots.Play("6o", False)
    assert make("expert").discard(position) == bots.Play(wanted, False)


def _gin_turn(hand, drawn, turn):
    """A Gin view at A's `turn`-th turn of the hand, after drawing `drawn` from the stock."""
    thrown = ["4H", "JS", "8D", "QC", "9S", "6C", "2H", "TD", "5S", "JH", "3C", "TS"]
    order = [("B" if i % 2 else "A", c) for i, c in enumerate(thrown[: 2 * (turn - 1)])]
    discards = [{"player": p, "card": c, "taken_by": None} for p, c in order]
    pozo = [c for _, c in order] or ["4H"]
    drew = {"card": drawn, "source": "stock"}
    # The stock: the 52 cards less both hands (11 and 10) and the pozo.
    position = view(hand, pozo, drawn=drew, discards=discards, stock=31 - len(pozo))
    return dataclasses.replace(position, game="gin-rummy", rivals=[{**RIVAL[0], "cards": 10}])


@pytest.mark.parametrize(("turn", "points", "knocks"), [(6, 5, True), (7, 3, False), (7, 2, True)])
def test_expert_knocks_late_only_with_few_points(turn, points, knocks):
    loose = {5: "5D", 3: "3D", 2: "2D"}[points]
    position = _gin_turn(f"AS 2S 3S 7H 7D 7C KD KC KH {loose} 9C", "9C", turn)
    assert make("fastest", game="gin-rummy").discard(position) == bots.Play("9C", True)
    assert make("expert", game="gin-rummy").discard(position) == bots.Play("9C", knocks)


def test_expert_goes_gin_late():
    position = _gin_turn("AS 2S 3S 4S 7H 7D 7C KD KC KH 9C", "9C", 7)
    assert make("expert", game="gin-rummy").discard(position) == bots.Play("9C", True)


@pytest.mark.parametrize(("upcard", "wanted"), [("7H", "pozo"), ("9D", "pass")])
def test_fastest_takes_the_first_upcard_as_two_turns_advise(upcard, wanted):
    hand = "AS 2S 3S 5H 6H 9C TC KD QH 4D"
    advice = advise_with(rules_for("gin-rummy"), hand, pozo_top=upcard, horizon=2)
    assert {"take": "pozo", "draw": "pass"}[advice.advice] == wanted
    gin = make("fastest", game="gin-rummy")
    assert gin.draw(view(hand, upcard, game="gin-rummy", offer=True)) == wanted


# --- make and load ---


@pytest.mark.parametrize("level", bots.LEVELS)
def test_make_makes_every_level_and_load_labels_it(level):
    assert isinstance(make(level), bots.Player)
    loaded = bots.load(level, "conga", variant=FORTY)
    assert loaded.label == level and isinstance(loaded.player, bots.Player)


def test_a_level_by_its_spanish_name():
    assert bots.load("Experto", "conga", variant=FORTY).label == "expert"
    assert bots.level_name("fastest", "es") == "rápido"


PLAYER_FILE = """
from mazo.solver.game.view import Play

class Mine:
    def __init__(self, game, seed):
        self.game, self.seed = game, seed

    def draw(self, view):
        return "stock"

    def discard(self, view):
        return Play(view.hand[-1], False)

    def reenter(self, view):
        return False

class Bare:
    draw = discard = reenter = Mine.draw

ready = Mine("conga", 7)
not_a_player = 3

class Broken:
    def __init__(self):
        raise RuntimeError("no\\nway")
"""


@pytest.fixture
def player_file(tmp_path, monkeypatch):
    path = tmp_path / "mine.py"
    path.write_text(textwrap.dedent(PLAYER_FILE))
    (tmp_path / "broken.py").write_text("def (:\n")
    monkeypatch.chdir(tmp_path)
    yield path
    sys.modules.pop("mine", None)


def test_load_a_class_from_a_file_with_the_keywords_it_takes(player_file):
    loaded = bots.load(f"{player_file}:Mine", "conga", seed=5, variant=FORTY)
    assert loaded.label == "Mine"
    assert (loaded.player.game, loaded.player.seed) == ("conga", 5)
    assert bots.load(f"{player_file}:Bare", "conga", variant=FORTY).label == "Bare"


def test_load_a_module_attribute_a_ready_player(player_file):
    loaded = bots.load("mine:ready", "conga", variant=FORTY)
    assert loaded.label == "Mine" and loaded.player.seed == 7
    assert bots.load("mine:Mine", "conga", seed=2).player.seed == 2


@pytest.mark.parametrize(
    ("seat", "error", "says"),
    [
        ("wizard", OptionError, "no such level"),
        ("nowhere.py:Bot", InputError, "no file"),
        ("no_such_module_here:Bot", InputError, "no module named"),
        ("mine:Missing", InputError, "has no attribute"),
        ("mine:not_a_player", InputError, "not a player"),
        ("mine:Broken", InputError, "raised RuntimeError: no way"),
        (":Bot", InputError, "a module or file and a name"),
        ("broken.py:Bot", InputError, "'broken.py' raised SyntaxError"),
    ],
)
def test_a_bad_seat_is_one_line_naming_the_seat_and_the_levels(player_file, seat, error, says):
    with pytest.raises(error) as raised:
        bots.load(seat, "conga", variant=FORTY)
    message = str(raised.value)
    assert says in message and repr(seat) in message and "\n" not in message
    assert "a seat is a level (novice, greedy, fastest, expert)" in message


def test_make_refuses_an_unknown_level():
    with pytest.raises(OptionError, match="the levels: novice, greedy, fastest, expert") as raised:
        bots.make("conga", "wizard")
    assert not isinstance(raised.value, ValueError)  # as the README says: a view's checks only


# --- whole games ---


@pytest.mark.parametrize("level", bots.LEVELS)
def test_a_game_of_every_level_on_the_40_card_conga_ends_without_a_forfeit(level):
    spec = rules_for("conga", variant={**FORTY, "elimination_limit": 50})
    seats = [
        Seat("A", make(level, seed=1, elimination_limit=50, **FORTY), level),
        Seat("B", make("novice", seed=2, elimination_limit=50, **FORTY), "novice"),
    ]
    outcome = Game(spec, seats, seed=4).play()
    assert outcome.forfeit is None and outcome.reason not in ("stopped", "forfeit")


@pytest.mark.parametrize(
    ("game", "variant"), [("chinchon", {}), ("gin-rummy", {}), ("gin-rummy", {"oklahoma": True})]
)
@pytest.mark.parametrize("level", ["novice", "greedy"])
def test_a_game_of_the_quick_levels_ends_without_a_forfeit(game, variant, level):
    spec = rules_for(game, variant=variant)
    seats = [
        Seat("A", bots.make(game, level, seed=1, variant=variant), level),
        Seat("B", bots.make(game, "novice", seed=2, variant=variant), "novice"),
    ]
    outcome = Game(spec, seats, seed=4).play()
    assert outcome.forfeit is None and outcome.reason not in ("stopped", "forfeit")


@pytest.mark.parametrize("level", ["fastest", "expert"])
def test_a_gin_hand_of_the_levels_without_a_table_ends_without_a_forfeit(level):
    # The seed deals a hand that ends within a few turns: each turn asks two-turn advice.
    seats = [
        Seat("A", make(level, game="gin-rummy"), level),
        Seat("B", make("novice", game="gin-rummy"), "novice"),
    ]
    outcome = Game(rules_for("gin-rummy"), seats, seed=24, max_rounds=1).play()
    assert outcome.forfeit is None and outcome.reason == "stopped"
    assert outcome.events[-2]["event"] == "round_end" and outcome.events[-2]["close"] != "void"


@pytest.mark.skipif(not SOAK, reason="a Chinchón table and whole Gin games: MAZO_SOAK=1")
@pytest.mark.parametrize(
    ("game", "variant"), [("chinchon", FORTY), ("gin-rummy", {}), ("gin-rummy", {"oklahoma": True})]
)
@pytest.mark.parametrize("level", ["fastest", "expert"])
def test_a_whole_game_of_the_levels_that_look_ahead_ends_without_a_forfeit(game, variant, level):
    seats = [
        Seat("A", bots.make(game, level, seed=1, variant=variant), level),
        Seat("B", bots.make(game, "greedy", seed=2, variant=variant), "greedy"),
    ]
    outcome = Game(rules_for(game, variant=variant), seats, seed=4).play()
    assert outcome.forfeit is None and outcome.reason not in ("stopped", "forfeit")


@pytest.mark.parametrize(
    ("game", "seed", "said"),
    [("canasta", 0, "cannot be played yet"), ("conga", "x", "seed")],
)
def test_make_refuses_a_game_without_an_engine_and_a_seed_that_is_no_whole_number(game, seed, said):
    with pytest.raises(OptionError, match=said):
        bots.make(game, "novice", seed=seed)


@pytest.mark.parametrize(("variant", "kind"), [([("knock_limit", 5)], "list"), ("x=1", "str")])
def test_a_variant_that_is_no_dict_is_refused_in_plain_words(variant, kind):
    refused = rf"^variant is a dict .*, not a {kind}$"
    with pytest.raises(OptionError, match=refused):
        bots.make("gin", "novice", variant=variant)
    with pytest.raises(OptionError, match=refused):
        bots.load("novice", "gin", variant=variant)


def test_a_class_named_as_a_level_is_labelled_by_its_seat(tmp_path):
    file = tmp_path / "names.py"
    file.write_text(
        "from mazo.solver.game.bots import Novice\n\n\nclass novice(Novice):\n    pass\n"
    )
    seat = f"{file}:novice"
    assert bots.load(seat, "conga").label == seat


@pytest.mark.parametrize(
    ("game", "variant", "seats"),
    [
        ("conga", FORTY, 3),
        ("chinchon", {}, 2),
        ("gin-rummy", {}, 2),
        ("gin-rummy", {"oklahoma": True}, 2),
    ],
)
def test_an_engine_view_read_unchecked_reads_as_the_same_view_checked(
    game, variant, seats, monkeypatch
):
    """A production run trusts the engine's views (TableView) and skips their checks: the
    reading is the one the checks give the same view made by hand."""
    from mazo.solver.game.bots import reading
    from mazo.solver.game.view import TableView, View

    spec = rules_for(game, variant=variant)
    players = [Recorder(bots.make(game, "novice", seed=i, variant=variant)) for i in range(seats)]
    named = [Seat(n, p, "novice") for n, p in zip("ABCD", players, strict=False)]
    Game(spec, named, seed=11, max_rounds=3).play()
    views = [v for p in players for v in p.views]
    assert views and all(type(v) is TableView for v in views)
    monkeypatch.setattr(reading, "DEBUG", False)
    for view in views:
        asked = "draw" if view.drawn is None and len(view.hand) == spec.hand_size else "discard"
        by_hand = View(**{f.name: getattr(view, f.name) for f in dataclasses.fields(View)})
        assert read(spec, view, asked) == read(spec, by_hand, asked), view
