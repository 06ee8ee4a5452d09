"""`mazo.advise` against the independent brute force of tests/advise_reference.py: random and
near-cut positions per game, at horizon 1 and 2, every field equal and every fraction exact.

The default run takes a small sample per game; MAZO_SOAK=1 (tests/soak.py) checks 300 positions
per game at horizon 1 and 30 at horizon 2.
"""

from __future__ import annotations

import random
from fractions import Fraction

import mazo
import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import IllegalHandError, NotationError, OptionError
from mazo.solver.play.advise import DrawOption, Keep, Reason, _decide, advise_with, in_english

from tests import reference
from tests.advise_reference import ReferenceAdvisor, judge
from tests.soak import size

H1_POSITIONS = size(20, 300)
H2_POSITIONS = size(2, 30)
GAMES = ["conga", "chinchon", "gin-rummy"]
VARIANTS = {"chinchon-loose-total": ("chinchon", {"close_rule": "loose_total"})}


def position(spec, rng: random.Random, near: bool):
    """A hand at resting size, a pozo top (or none) and a few seen cards. Near-cut positions
    draw the hand and the pozo top from a few neighbouring ranks in two or three suits (plus
    jokers), where melds and cuts are one card away."""
    deck = spec.deck.all_cards()
    pool = list(deck)
    if near:
        ranks = spec.deck.ranks
        start = rng.randrange(len(ranks) - 4)
        close = set(ranks[start : start + rng.choice((4, 5, 6))])
        suits = set(rng.sample(spec.deck.suits, rng.choice((2, 3))))
        pool = [c for c in deck if c.is_joker or (c.rank in close and c.suit in suits)]
    cards = rng.sample(pool, min(len(pool), spec.hand_size + 1))
    rest = list(deck)
    for card in cards:
        rest.remove(card)
    cards += rng.sample(rest, spec.hand_size + 1 - len(cards))
    hand, pozo = cards[: spec.hand_size], cards[spec.hand_size]
    for card in cards:
        if card in rest:
            rest.remove(card)
    seen = rng.sample(rest, rng.randrange(0, 9))
    return hand, (None if rng.random() < 0.1 else pozo), seen


def check(spec, reference: ReferenceAdvisor, hand, pozo, seen, horizon):
    got = advise_with(spec, hand, pozo_top=pozo, seen=seen, horizon=horizon).to_dict()
    expected = reference.advise(hand, pozo, seen, horizon)
    codes = spec.deck.codes
    where = (codes(hand), pozo and spec.deck.code(pozo), codes(seen), horizon)
    for field, value in expected.items():
        assert got[field] == value, (field, where)
    draw = got["draw"]
    assert Fraction(draw["cut_now_fraction"]) == Fraction(draw["cut_now_cards"], got["unseen"])
    assert sum(d["copies"] for d in draw["by_card"]) == got["unseen"]
    assert got["reason"]
    return got


def _setups():
    return [(g, g, {}) for g in GAMES] + [(name, *v) for name, v in VARIANTS.items()]


@pytest.mark.parametrize("near", [False, True], ids=["random", "near-cut"])
@pytest.mark.parametrize(("name", "game", "variant"), _setups(), ids=[s[0] for s in _setups()])
def test_horizon_1_matches_brute_force(name, game, variant, near):
    spec = rules_for(game, variant=variant)
    reference = ReferenceAdvisor(spec)
    rng = random.Random(f"h1 {name} {near}")
    count = max(1, H1_POSITIONS // 2)
    answers = [check(spec, reference, *position(spec, rng, near), 1) for _ in range(count)]
    if near and count >= 20:  # the near-cut deal must reach cuts, or it tests little
        assert any(a["draw"]["cut_now_cards"] for a in answers)


@pytest.mark.slow
@pytest.mark.parametrize("near", [False, True], ids=["random", "near-cut"])
@pytest.mark.parametrize("game", GAMES)
def test_horizon_2_matches_brute_force(game, near):
    spec = rules_for(game)
    reference = ReferenceAdvisor(spec)
    rng = random.Random(f"h2 {game} {near}")
    count = max(1, H2_POSITIONS // 2 + (near and H2_POSITIONS % 2))
    for _ in range(count):
        check(spec, reference, *position(spec, rng, near), 2)


@pytest.mark.parametrize("game", GAMES)
def test_the_reference_judges_kept_hands_as_the_splits_reference_does(game):
    """The advise reference's fast judgement against tests/reference.py's, on random and
    near-cut kept hands, with and without the right to cut."""
    spec = rules_for(game)
    rng = random.Random(f"judge {game}")
    for i in range(60):
        hand, _, _ = position(spec, rng, near=i % 2 == 0)
        may_cut = i % 5 != 0
        assert judge(spec, hand, may_cut) == reference.outcome(spec, hand, may_cut), hand


def test_taking_the_five_cuts_now():
    """3o 4o 6o with the 11s and a loose rey: the 5o from the pozo closes the run, and throwing
    the 12b leaves nothing loose (corte limpio)."""
    advice = mazo.advise("conga", "3o 4o 6o 11c 11e 11b 12b", pozo_top="5o")
    assert advice.advice == "take"
    assert advice.take.discard == "12b" and advice.take.close == "corte_limpio"
    assert advice.take.cut_by_next_turn == 1
    assert advice.unseen == 50 - 8


def test_the_taken_card_is_never_the_discard():
    """Gin allows discarding the pozo card in solve, but not in the same turn it is taken."""
    advice = mazo.advise("gin", "AS 2S 3S 7H 7D 7C KD QC 9H 4D", pozo_top="KC", horizon=1)
    assert advice.take.discard != "KC"
    assert advice.take.discard == "KD"


@pytest.mark.parametrize("horizon", [1, 2])
@pytest.mark.parametrize("pozo", [None, "5C"])
def test_a_draw_that_makes_big_gin_is_big_gin_as_solve_says(horizon, pozo):
    """5S or 5C melds all eleven cards: the hand ends with no discard, as `mazo solve` says."""
    spec = rules_for("gin")
    hand = spec.deck.parse_hand("AS 2S 3S 4S 5H 5D 9C TC JC QC")
    top = None if pozo is None else spec.deck.parse_card(pozo)
    got = check(spec, ReferenceAdvisor(spec), hand, top, [], horizon)
    made = [d for d in got["draw"]["by_card"] if d["close"] == "big_gin"]
    assert [d["card"] for d in made] == (["5S", "5C"] if pozo is None else ["5S"])
    assert {d["discard"] for d in made} == {None}
    assert got["draw"]["closes"]["big_gin"] == len(made)
    solved = mazo.solve("gin", "AS 2S 3S 4S 5H 5D 9C TC JC QC 5S")
    assert (solved.close, solved.discard) == ("big_gin", None)
    if pozo is not None:
        assert (got["take"]["close"], got["take"]["discard"]) == ("big_gin", None)


def test_without_a_pozo_top_only_the_draw():
    advice = mazo.advise("chinchon", "1o 2o 3o 5e 6e 11c 12b", horizon=1)
    assert advice.take is None and advice.advice == "draw"
    assert advice.to_dict()["take"] is None
    assert "cut_by_next_turn" not in advice.to_dict()["draw"]


def test_jokers_count_per_copy():
    advice = mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", seen="*", horizon=1)
    joker = next(d for d in advice.draw.by_card if d.card == "*")
    assert joker.copies == 1 and advice.unseen == 50 - 7 - 1


def test_cpsat_answers_the_same_without_the_compiled_search():
    """What an install without a C compiler computes: every hand through CP-SAT."""
    spec = rules_for("gin")
    hand = spec.deck.parse_hand("AS 2S 3S 7H 7D 9C KD QC 9H 4D")
    pozo = spec.deck.parse_card("8H")
    rest = [c for c in spec.deck.all_cards() if c not in (*hand, pozo)]
    seen = rest[:30]  # a small stock keeps CP-SAT's share short
    fast = advise_with(spec, hand, pozo_top=pozo, seen=seen, horizon=1)
    slow = advise_with(spec, hand, pozo_top=pozo, seen=seen, horizon=1, backend="cpsat")
    assert fast == slow


def test_the_take_field_of_fewest_loose_points_is_what_the_draw_mean_counts():
    """The 8o 7c 7b 9b 7o 7e 1c hand with 4c on the pozo throws the 4c back for the next turn's
    chance (the hand as it was, 18 loose points; a taken card may be discarded, only not to cut),
    while throwing the 9b leaves 13: the draw's mean counts the latter kind, card by card."""
    advice = mazo.advise("conga", "8o 7c 7b 9b 7o 7e 1c", pozo_top="4c", seen="12c 10b")
    assert (advice.take.discard, advice.take.deadwood_points) == ("4c", 18)
    assert advice.take.fewest_deadwood_points == 13
    drawn = advice.draw.by_card
    mean = Fraction(sum(d.copies * d.keep.fewest_deadwood_points for d in drawn), advice.unseen)
    assert advice.draw.expected_deadwood == mean == Fraction(517, 40)


def _tied(kept: int, fewest: int, mean: Fraction):
    take = Keep("1c", kept, False, None, Fraction(1, 8), fewest, ())
    draw = DrawOption(Fraction(0), 0, mean, {}, Fraction(1, 8), ())
    return _decide(2, "4c", take, draw)


def test_a_tie_in_chances_goes_to_the_fewer_loose_points_like_with_like():
    # Taking keeps 21 points for its chance but can keep 13: fewer than the draw's 15.
    choice, why = _tied(21, 13, Fraction(15))
    assert choice == "take" and (why.reason, why.taking, why.drawing) == (
        Reason.FEWER_LOOSE,
        13,
        Fraction(15),
    )
    assert "taking 13" in in_english(why)
    choice, why = _tied(21, 13, Fraction(517, 40))
    assert choice == "draw" and why.reason is Reason.FEWER_LOOSE  # draw won on points
    assert "shows nothing" not in in_english(why)
    choice, why = _tied(13, 13, Fraction(13))
    assert choice == "draw" and why.reason is Reason.SAME_LOOSE
    assert in_english(why).endswith("drawing shows nothing")


@pytest.mark.parametrize(
    ("hand", "pozo", "seen", "message"),
    [
        ("3o 4o 6o 11c 11e 11b 12b", None, "4e 4e", "2 copies of '4e' among the seen cards;"),
        ("3o 4o 6o 11c 11e 11b 12b", None, "* * *", "3 jokers among the seen cards;"),
        ("3o 3o 6o 11c 11e 11b 12b", None, "", "2 copies of '3o' in the hand;"),
        ("3o 4o 6o 11c 11e 11b 12b", "3o", "", "2 copies of '3o' (1 in the hand, 1 on the pozo);"),
        ("3o 4o 6o 11c 11e 11b *", "*", "*", "3 jokers (1 in the hand, 1 on the pozo, 1 among"),
    ],
)
def test_a_card_given_too_often_is_named_where_each_copy_was_given(hand, pozo, seen, message):
    with pytest.raises(IllegalHandError) as raised:
        mazo.advise("conga", hand, pozo_top=pozo, seen=seen)
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: mazo.advise("conquian", "1o 2o 3o 4o 5o 6o 7o 10o"), OptionError),
        (lambda: mazo.advise("canasta", "AS AD AC KH KD KC QS QD TC 9H 3S"), OptionError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b 4o"), IllegalHandError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", pozo_top="1o"), IllegalHandError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", seen="12b"), IllegalHandError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", seen="* * *"), IllegalHandError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", pozo_top="13o"), NotationError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", horizon=3), OptionError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", backend="x"), OptionError),
        (lambda: mazo.advise("conga", "1o 2o 3o 5e 6e 11c 12b", faced="4o"), OptionError),
    ],
)
def test_bad_input_is_one_clear_error(call, error):
    with pytest.raises(error):
        call()


def test_the_card_taken_follows_one_rule_in_solve_and_advise():
    """C8's hand: 12c was taken from the pozo. Throwing it would cut (1b = 1 point), but a taken
    card never cuts; it may still be thrown as an ordinary discard, in solve and advise alike."""
    hand_before = "3o 4o 5o 7e 7c 7b 1b"
    solved = mazo.solve("conga", f"{hand_before} 12c", drawn_from_pozo="12c")
    by_card = {d.card: d for d in solved.discards}
    assert not by_card["12c"].can_cut and not solved.can_cut
    advice = mazo.advise("conga", hand_before, pozo_top="12c", horizon=1)
    assert advice.take is not None and not advice.take.can_cut
    assert advice.take.discard == solved.discard  # the same ranking of the same discards
