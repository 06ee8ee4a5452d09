"""Every worked Conga example, C1–C15, as the solver must answer it."""

from __future__ import annotations

import mazo
import pytest


def conga(hand, **options):
    return mazo.solve("conga", hand, **options)


def outcomes(result):
    return {d.card: (d.close, d.deadwood_points) for d in result.discards}


def test_c1_conga_limpia():
    r = conga("1o 2o 3o 4o 5o 6o 7o 12b")
    assert (r.discard, r.close, r.deadwood_points) == ("12b", "conga_limpia", 0)
    assert r.close_score == "win_match"
    others = [d for d in r.discards if d.card != "12b"]
    assert all(not d.can_cut and d.deadwood_points >= 10 for d in others)
    assert outcomes(r)["7o"] == (None, 10)


def test_c2_seven_to_ten_only_in_the_40_card_deck():
    hand = "4c 5c 6c 7c 10c 11c 12c 3e"
    forty = conga(hand, deck_size=40)
    assert (forty.discard, forty.close) == ("3e", "conga_limpia")
    assert outcomes(forty)["4c"] == ("corte_con_puntos", 3)
    assert outcomes(forty)["7c"] == ("corte_con_puntos", 3)
    assert outcomes(forty)["12c"] == ("corte_con_puntos", 3)
    fortyeight = conga(hand)
    assert (fortyeight.discard, fortyeight.close) == ("3e", "corte_limpio")
    assert sorted(map(tuple, fortyeight.melds)) == [("10c", "11c", "12c"), ("4c", "5c", "6c", "7c")]


def test_c3_conga_con_comodin():
    r = conga("3b 4b 5b * 7b 8b 9b 12o")
    assert (r.discard, r.close, r.close_score) == ("12o", "conga_con_comodin", -25)
    assert all(d.deadwood_points >= 10 for d in r.discards if d.card != "12o")


def test_c4_corte_limpio_three_plus_four():
    r = conga("11o 11c 11e 2e 3e 4e 5e 9b")
    assert (r.discard, r.close, r.close_score, r.deadwood_points) == ("9b", "corte_limpio", -10, 0)
    assert r.discards[1].card in ("2e", "5e") and r.discards[1].deadwood_points == 9
    assert not r.discards[1].can_cut


def test_c5_corte_con_puntos_one_loose_card():
    r = conga("1o 1c 1e 6b 7b 8b 3c 10o")
    assert (r.discard, r.close, r.deadwood_points, r.deadwood) == (
        "10o",
        "corte_con_puntos",
        3,
        ("3c",),
    )
    assert outcomes(r)["3c"] == (None, 10)


def test_c6_threshold_is_inclusive_and_an_option():
    r = conga("4o 5o 6o 10c 10e 10b 5c 12b")
    assert (r.discard, r.close, r.deadwood_points, r.can_cut) == (
        "12b",
        "corte_con_puntos",
        5,
        True,
    )
    strict = conga("4o 5o 6o 10c 10e 10b 5c 12b", cut_threshold=3)
    assert not strict.can_cut and strict.close is None
    assert strict.variant == {"cut_threshold": 3}


def test_c7_two_loose_cards_are_fine_in_conga():
    r = conga("3o 4o 5o 6o 7o 1c 2e 12b")
    assert (r.discard, r.close, r.deadwood_points) == ("12b", "corte_con_puntos", 3)
    assert set(r.deadwood) == {"1c", "2e"}


def test_c7_the_chinchon_close_rule_refuses_two_loose_cards():
    r = mazo.solve("chinchon", "3o 4o 5o 6o 7o 1c 2e 12b")
    assert outcomes(r)["12b"] == (None, 3)


def test_c8_the_card_from_the_pozo_cannot_be_the_cutting_discard():
    hand = "3o 4o 5o 7e 7c 7b 1b 12c"
    free = conga(hand)
    assert (free.discard, free.close, free.deadwood_points) == ("12c", "corte_con_puntos", 1)
    r = conga(hand, drawn_from_pozo="12c")
    assert not r.can_cut and r.close is None
    assert outcomes(r)["12c"] == (None, 1)  # still a legal ordinary discard
    assert outcomes(r)["1b"] == (None, 10)


def test_c9_forty_versus_forty_eight():
    hand = "6e 7e 10e 11e 2o 2c 2b 5c"
    forty = conga(hand, deck_size=40)
    assert (forty.discard, forty.close) == ("5c", "corte_limpio")
    assert outcomes(forty)["6e"] == ("corte_con_puntos", 5)
    assert outcomes(forty)["11e"] == ("corte_con_puntos", 5)
    fortyeight = conga(hand)
    assert fortyeight.discard in ("10e", "11e")
    assert (fortyeight.close, fortyeight.deadwood_points) == (None, 28)


def test_c10_a_joker_bridging_three_plus_four():
    r = conga("1o 2o 3o 5c 6c 7c * 12e")
    assert (r.discard, r.close, r.deadwood_points) == ("12e", "corte_limpio", 0)


@pytest.mark.parametrize(
    "option, close, score",
    [
        ("any_jokers", "conga_con_comodin", -25),
        ("one_joker", "corte_limpio", -10),
        ("none", "corte_limpio", -10),
    ],
)
def test_c11_two_joker_seven_run(option, close, score):
    r = conga("1c * 3c 4c * 6c 7c 12o", conga_con_comodin=option)
    assert (r.discard, r.close, r.close_score) == ("12o", close, score)


def test_c12_no_cut_best_discard():
    r = conga("9o 8c 1b 2b 3b 6e 6c 4o")
    assert (r.discard, r.close, r.deadwood_points) == ("9o", None, 24)
    assert outcomes(r)["8c"] == (None, 25)


def test_c13_two_equally_good_discards():
    r = conga("12o 12c * 2b 3b 4b 1e 10o")
    assert outcomes(r)["10o"] == ("corte_con_puntos", 1)
    assert outcomes(r)["12c"] == ("corte_con_puntos", 1)
    assert r.discard in ("10o", "12c") and r.deadwood_points == 1
    assert conga("12o 12c * 2b 3b 4b 1e 10o").to_dict() == r.to_dict()  # same tie-break


def test_c14_rule_sensitivity_of_jokers():
    default = conga("5e * * 1o 1c 1b 2c 12o")
    assert (default.discard, default.close, default.deadwood_points) == (
        "12o",
        "corte_con_puntos",
        5,
    )
    permissive = conga("5e * * 1o 1c 1b 2c 12o", min_naturals=1, pierna_max_jokers=2)
    assert outcomes(permissive)["12o"] == ("corte_con_puntos", 2)
    assert outcomes(permissive)["5e"][1] <= 2
    assert permissive.discard in ("12o", "5e")


def test_c15_the_manos_opening_discard():
    r = conga("2o 2c 2e 6b 7b 8b 9b 11c")
    assert (r.discard, r.close) == ("11c", "corte_limpio")


def test_a_seven_card_hand_has_no_discard():
    r = conga("11o 11c 11e 2e 3e 4e 5e")
    assert (r.deadwood_points, r.discard, r.discards) == (0, None, ())


def test_meld_validity_reference_table():
    """Meld validity (A4, A5), through the solver: a 3- or 4-card hand is all melded or not."""
    cases = [
        ("1o 2o 3o", 48, True),
        ("11o 12o 1o", 48, False),
        ("12c 1c 2c", 40, False),
        ("7c 10c 11c", 48, False),
        ("7c 10c 11c", 40, True),
        ("6e 7e 8e", 48, True),
        ("5e * *", 48, False),
        ("* 5e 6e *", 48, True),
        ("4o * * 7o", 40, True),
        ("* * 11b 12b", 40, True),
        ("8b 8c *", 48, True),
        ("8b 8c * *", 48, False),
    ]
    for hand, deck, valid in cases:
        r = conga(hand, deck_size=deck)
        assert (r.deadwood == ()) is valid, (hand, deck)
