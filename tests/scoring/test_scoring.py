"""Scoring one hand: worked example C16 and the close, acomodo and passing rules around it."""

from __future__ import annotations

import json

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import IllegalHandError, OptionError
from mazo.solver.mechanisms.rummy.scoring import score_round

from tests.commands import process as mazo


def hand(game, text):
    return rules_for(game).deck.parse_hand(text)


def score(game, cutter, *rivals, **options):
    spec = rules_for(game, variant=options.pop("variant", None))
    return score_round(
        spec,
        ("A", spec.deck.parse_hand(cutter)),
        [(name, spec.deck.parse_hand(cards)) for name, cards in rivals],
        **options,
    )


def codes(game, cards):
    return rules_for(game).deck.codes(cards)


def test_c16_passing_the_cutter():
    result = score(
        "conga",
        "4o 5o 6o 9c 9e 9b 3e",
        ("B", "7o 9o 2c 2e 5e 11c 11e"),
        ("C", "10e 10c 10o 4b 5b 6b 3c"),
    )
    a, b, c = result.players
    assert result.close == "corte_con_puntos" and a.loose_points == 3
    assert b.melds == () and dict(b.lay_offs) == {0: hand("conga", "7o"), 1: hand("conga", "9o")}
    assert b.loose_points == 29
    assert c.loose_points == 3 and c.lay_offs == () and len(c.melds) == 2
    assert result.passed and c.passed_closer and not b.passed_closer
    assert result.points() == {"A": 13, "B": 29, "C": 0}


def test_c16_without_the_tie_rule_nobody_passes(tmp_path):
    rules = tmp_path / "strict.yaml"
    rules.write_text("extends: conga\nmatch: {pass_on_tie: false}\n")
    spec = rules_for(None, rules=rules)
    result = score_round(
        spec,
        ("A", spec.deck.parse_hand("4o 5o 6o 9c 9e 9b 3e")),
        [
            ("B", spec.deck.parse_hand("7o 9o 2c 2e 5e 11c 11e")),
            ("C", spec.deck.parse_hand("10e 10c 10o 4b 5b 6b 3c")),
        ],
    )
    assert not result.passed and result.points() == {"A": 3, "B": 29, "C": 3}


def test_lay_offs_are_cumulative_in_turn_order():
    # B extends 4-5-6o with 7o; only then can C lay 8o on it.
    result = score(
        "conga",
        "4o 5o 6o 9c 9e 9b 3e",
        ("B", "7o 2c 2e 5e 11c 11e 12b"),
        ("C", "8o 10e 10c 10o 12c 12e 1b"),
    )
    b, c = result.players[1:]
    assert dict(b.lay_offs) == {0: hand("conga", "7o")}
    assert dict(c.lay_offs) == {0: hand("conga", "8o")}
    assert codes("conga", result.table[0].cards) == ["4o", "5o", "6o", "7o", "8o"]


def test_turn_order_matters():
    # Listed the other way round, C plays before B and the 8o has nowhere to go.
    result = score(
        "conga",
        "4o 5o 6o 9c 9e 9b 3e",
        ("C", "8o 10e 10c 10o 12c 12e 1b"),
        ("B", "7o 2c 2e 5e 11c 11e 12b"),
    )
    c = result.players[1]
    assert c.lay_offs == () and c.loose_points == 8 + 10 + 10 + 1


def test_a_loose_joker_may_be_laid_off_but_a_pierna_keeps_one_joker():
    result = score("conga", "4o 5o 6o 9c 9e * 3e", ("B", "* 2c 8e 11c 1b 12b 7b"))
    (b,) = result.players[1:]
    # The pierna 9c-9e-* already has its joker: the second joker goes on the run.
    assert dict(b.lay_offs) == {0: hand("conga", "*")} and b.loose_points == 2 + 8 + 10 + 1 + 10 + 7
    no_jokers = tuple(m.cards for m in result.table)
    assert codes("conga", no_jokers[1]) == ["9c", "9e", "*"]


def test_rival_reoptimises_its_own_melds_with_its_lay_offs():
    # Alone, B's best is the run 7-8-9o (loose 1c 1e 2b 12b 11c... ); with lay-offs, 7o joins the
    # cutter's run and 8o-9o can no longer make a run, so keeping 7-8-9o is still better.
    result = score("conga", "4o 5o 6o 1c 1e 1b 3e", ("B", "7o 8o 9o 1o 12b 11c 11e"))
    (b,) = result.players[1:]
    assert dict(b.lay_offs) == {1: hand("conga", "1o")} and b.loose_points == 30
    assert [codes("conga", m.cards) for m in b.melds] == [["7o", "8o", "9o"]]


@pytest.mark.parametrize(
    "cutter, close, points",
    [
        ("11o 11c 11e 2e 3e 4e 5e", "corte_limpio", -10),
        ("3b 4b 5b * 7b 8b 9b", "conga_con_comodin", -25),
    ],
)
def test_closed_cuts_allow_no_acomodo(cutter, close, points):
    result = score("conga", cutter, ("B", "11b 1e 6e 1o 2o 3o 12c"))
    a, b = result.players
    assert result.close == close and not result.lay_off and b.lay_offs == ()
    assert (
        a.points == points and b.points == b.loose_points == 10 + 1 + 6 + 10
    )  # 1-2-3o is B's own run
    assert not result.passed


def test_conga_limpia_wins_the_match():
    result = score("conga", "1o 2o 3o 4o 5o 6o 7o", ("B", "1c 2c 3c 4e 5e 6e 12b"))
    assert result.wins_match == "A" and result.close == "conga_limpia"


def test_eight_cards_choose_the_discard_and_respect_the_pozo_card():
    result = score("conga", "1o 1c 1e 6b 7b 8b 3c 10o", ("B", "7o 9o 2c 2e 5e 11b 12e"))
    assert codes("conga", [result.discard]) == ["10o"] and result.players[0].points == 3
    # The one cutting discard is the pozo card: the message says so, not "no close".
    with pytest.raises(IllegalHandError, match="only by discarding '10o', the card just taken"):
        score(
            "conga",
            "1o 1c 1e 6b 7b 8b 3c 10o",
            ("B", "7o 9o 2c 2e 5e 11b 12e"),
            drawn_from_pozo=hand("conga", "10o")[0],
        )
    with pytest.raises(IllegalHandError, match="taken from the pozo"):
        score(
            "conga",
            "1o 1c 1e 6b 7b 8b 3c",
            ("B", "7o 9o 2c 2e 5e 11b 12e"),
            drawn_from_pozo=hand("conga", "10o")[0],
        )


@pytest.mark.parametrize(
    "cutter, rivals, message",
    [
        ("1o 1c 1e 6b 7b 8b 3c", [("B", "1o 9o 2c 2e 5e 11b 12e")], "2 copies of '1o'"),
        ("1o 1c 1e 6b 7b 8b 3c", [("B", "9o 2c 2e 5e 11b 12e")], "B has 6 cards"),
        ("1o 1c 1e 6b 7b 8b 12c", [("B", "9o 2c 2e 5e 11b 12e 4o")], "no close"),
        ("1o 1c 1e 6b 7b 8b 3c", [("A", "9o 2c 2e 5e 11b 12e 4o")], "named twice"),
        ("1o 1c 1e 6b 7b 8b 3c", [], "at least one rival"),
    ],
)
def test_bad_rounds_are_input_errors(cutter, rivals, message):
    with pytest.raises((IllegalHandError, OptionError), match=message):
        score("conga", cutter, *rivals)


def test_chinchon_has_lay_offs_but_no_passing():
    result = score("chinchon", "1o 2o 3o 5c 5e 5b 2e", ("B", "4o 5o 2c 2b 7e 1e 1b"))
    b = result.players[1]
    assert dict(b.lay_offs) == {0: hand("chinchon", "4o"), 1: hand("chinchon", "5o")}
    assert b.loose_points == 2 + 2 + 7 + 1 + 1 and not result.passed
    assert result.points() == {"A": 2, "B": 13}


def test_gin_knock_lay_offs_and_difference():
    result = score("gin", "AS 2S 3S 7H 7D 7C KD KC KH 2D", ("B", "4S 5S 8H 9H TH QH KS AD 3D 4C"))
    b = result.players[1]
    assert result.close == "knock" and dict(b.lay_offs) == {
        0: hand("gin", "4S 5S"),
        2: hand("gin", "KS"),
    }
    assert b.loose_points == 10 + 1 + 3 + 4
    assert result.points() == {"A": 18 - 2, "B": 0}


def test_gin_undercut_ties_count_and_get_the_bonus():
    result = score("gin", "AS 2S 3S 7H 7D 7C KD KC KH 4D", ("B", "4S 5S 6S 8H 9H TH QD QC QS 3C"))
    assert result.undercut and result.points() == {"A": 0, "B": 4 - 3 + 25}
    tie = score("gin", "AS 2S 3S 7H 7D 7C KD KC KH 3D", ("B", "4S 5S 6S 8H 9H TH QD QC QS 3C"))
    assert tie.undercut and tie.points() == {"A": 0, "B": 25}
    bonus = score(
        "gin",
        "AS 2S 3S 7H 7D 7C KD KC KH 3D",
        ("B", "4S 5S 6S 8H 9H TH QD QC QS 3C"),
        variant={"undercut_bonus": 10},
    )
    assert bonus.points() == {"A": 0, "B": 10}


def test_gin_allows_no_lay_off_and_earns_the_gin_bonus():
    result = score("gin", "AS 2S 3S 7H 7D 7C KD KC KH KS", ("B", "4S 5S 8H 9H TH JH QS AD 3D 4C"))
    b = result.players[1]
    assert result.close == "gin" and not result.lay_off and b.lay_offs == ()
    assert result.points() == {"A": b.loose_points + 25, "B": 0}


def test_gin_is_scored_between_two_players():
    with pytest.raises(OptionError, match="exactly one rival"):
        score(
            "gin",
            "AS 2S 3S 7H 7D 7C KD KC KH 2D",
            ("B", "4S 5S 8H 9H TH QH KS AD 3D 4C"),
            ("C", "4H 5H 8D 9D TD QD KC AC 3C 4D"),
        )


def test_cli_score_c16_json():
    r = mazo(
        "score",
        "conga",
        "--cutter",
        "4o 5o 6o 9c 9e 9b 3e",
        "--cutter-name",
        "A",
        "--rival",
        "B=7o 9o 2c 2e 5e 11c 11e",
        "--rival",
        "C=10e 10c 10o 4b 5b 6b 3c",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["points"] == {"A": 13, "B": 29, "C": 0} and out["passed"] is True
    assert out["table_after_lay_offs"] == [["4o", "5o", "6o", "7o"], ["9o", "9c", "9e", "9b"]]


@pytest.mark.parametrize(
    "args, culprit",
    [
        (["--cutter", "4o 5o 6o 9c 9e 9b 3e", "--rival", "B"], "NAME="),
        (["--cutter", "4o 5o 6o 9c 9e 9b 3e", "--rival", "B=13o 1o"], "13o"),
        (["--cutter", "4o 5o 6o 9c 9e 9b 12e", "--rival", "B=1o 2o 3o 4c 4e 4b 5b"], "no close"),
    ],
)
def test_cli_score_bad_input(args, culprit):
    r = mazo("score", "conga", *args, "--json", "--lang", "en")
    assert r.returncode == 2 and culprit in r.stderr
    assert json.loads(r.stdout) == {"error": r.stderr.strip()[13:]}
    assert "Traceback" not in r.stderr
    # The error line speaks the player's language; the JSON never changes with it.
    spanish = mazo("score", "conga", *args, "--json", "--lang", "es")
    assert spanish.returncode == 2 and spanish.stderr.count("\n") == 1
    assert spanish.stdout == r.stdout and spanish.stderr != r.stderr


def test_a_game_without_closes_has_no_hand_to_score():
    """Conquián's hand ends by going out, never by a close: scoring one is refused in a line,
    not answered with a close the cards cannot make."""
    spec = rules_for("conquian")
    hand = spec.deck.parse_hand("1o 2o 3o 4o 5c 6c 7c 10c")
    rival = spec.deck.parse_hand("1c 2c 3c 5o 6o 7o 10b 11b")
    with pytest.raises(OptionError, match="Conquián has no closes"):
        score_round(spec, ("Ana", hand), [("Beto", rival)])
