"""Scoring a Canasta Uruguaya hand for one partnership: worked examples K12, K13, K14."""

from __future__ import annotations

import json

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import IllegalHandError
from mazo.solver.mechanisms.canasta.scoring import score_partnership
from mazo.solver.melds import parse_groups

from tests.commands import mazo as in_process
from tests.commands import process as mazo

NS_TABLE = "KS KH KD KC KS KH KD; QS QH QD QC QS 2D *; 7S 7H 7D"
EW_TABLE = "AS AH AD; 5S 5H 5D"
EW_HANDS = "* 2S KD 6C 6H 3C"


def score(table, *, variant=None, hand="", **kw):
    spec = rules_for("canasta-uruguaya", variant=variant)
    return score_partnership(spec, parse_groups(spec, table), hand=spec.deck.parse_hand(hand), **kw)


def test_k12_end_of_hand_scoring_ns():
    ns = score(NS_TABLE, red_threes=2, hand="9C 4D", going_out="out")
    assert [k for k in ns.kinds] == ["limpia", "sucia", None]
    assert ns.table_points == 205 and ns.canasta_points == 800
    assert ns.red_three_points == 200 and ns.going_out_points == 100 and ns.hand_points == 15
    assert ns.total == 1290


@pytest.mark.parametrize(
    "variant, total",
    [
        ({}, -195),
        ({"table_without_canasta": "positive", "red3_positive_if": "any_meld"}, 80),
        ({"table_without_canasta": "negative"}, -270),
    ],
)
def test_k12_end_of_hand_scoring_ew(variant, total):
    ew = score(EW_TABLE, red_threes=1, hand=EW_HANDS, variant=variant)
    assert ew.kinds == (None, None) and ew.hand_points == 95
    assert ew.total == total


def test_k12_concealed_going_out_adds_100():
    ns = score(NS_TABLE, red_threes=2, hand="9C 4D", going_out="concealed")
    assert ns.going_out_points == 200 and ns.total == 1390


@pytest.mark.parametrize(
    "table, variant, points",
    [
        ("KS KH KD KC KS KH KD", {}, 800),
        ("AS AH AD", {}, -800),
        ("", {}, -800),
        ("AS AH AD", {"red3_positive_if": "any_meld"}, 800),
        ("", {"red3_positive_if": "any_meld"}, -800),
    ],
)
def test_k13_four_red_threes(table, variant, points):
    assert score(table, red_threes=4, variant=variant).red_three_points == points


@pytest.mark.parametrize(
    "before, minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120)]
)
def test_k14_threshold_boundaries(before, minimum):
    nothing = score("", score_before=before).to_dict()
    assert nothing["total"] == 0 and nothing["next_initial_meld_minimum"] == minimum


def test_k14_a_hand_moves_the_partnership_across_a_threshold():
    ns = score(NS_TABLE, red_threes=2, hand="9C 4D", going_out="out", score_before=1200)
    assert ns.to_dict()["score_after"] == 2490 and ns.to_dict()["next_initial_meld_minimum"] == 90


def test_canasta_needs_five_naturals_by_default():
    # K8: 9999 + 2 2 * is a valid frente but not a canasta (4 naturals), unless the option says 4.
    assert score("9S 9H 9D 9C 2S 2D *").kinds == (None,)
    assert score("9S 9H 9D 9C 2S 2D *", variant={"canasta_min_naturals": 4}).kinds == ("sucia",)


@pytest.mark.parametrize(
    "table, kw, message",
    [
        ("AS AH AD", {"going_out": "out"}, "without a canasta"),
        ("AS AH", {}, "not a valid frente"),
        ("AS AH AD", {"hand": "3H"}, "red 3"),
        ("AS AH AD", {"red_threes": 5}, "0 to 4"),
        ("AS AS AH AD", {"hand": "AS"}, "3 copies of 'AS'"),
        ("AS AH AD; AS AC AH", {}, "two melds of As"),
    ],
)
def test_bad_canasta_hands(table, kw, message):
    with pytest.raises(IllegalHandError, match=message):
        score(table, **kw)


def test_cli_score_canasta_k12():
    r = mazo(
        "score",
        "canasta",
        "--table",
        NS_TABLE,
        "--red-threes",
        "2",
        "--hand",
        "9C 4D",
        "--going-out",
        "out",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["total"] == 1290 and out["canastas_limpias"] == 1 and out["canastas_sucias"] == 1


def test_cli_score_canasta_bad_input():
    args = ("score", "canasta", "--table", "AS AH AD", "--going-out", "out", "--json")
    r = mazo(*args, "--lang", "en")
    assert r.returncode == 2 and "without a canasta" in r.stderr
    assert json.loads(r.stdout) == {"error": r.stderr.strip()[13:]}


def test_black_threes_melded_going_out_score_as_the_solver_melds_them():
    """black3=meldable_going_out: the solver goes out melding 3S 3S 3C, so score takes them."""
    from mazo.solver.api import solve

    black3 = {"black3": "meldable_going_out"}
    hand, table = "3S 3S 3C 5H 5D 5S 5C 5H 5D 5S 9C", "KS KH KD KC KS KH KD"
    assert solve("canasta", hand, table=table, **black3).can_go_out
    spec = rules_for("canasta", variant=black3)
    threes = 3 * spec.value(spec.deck.parse_hand("3S")[0])
    melds = "3S 3C 3S; 9S 9H 9D 9C 9S 9H 9D"
    out = score(melds, variant=black3, going_out="out")
    assert out.table_points == threes + 7 * spec.value(spec.deck.parse_hand("9S")[0])
    with pytest.raises(IllegalHandError, match="only when going out"):
        score(melds, variant=black3)
    with pytest.raises(IllegalHandError, match="not a valid frente"):
        score(melds, going_out="out")
    with pytest.raises(IllegalHandError, match="at least 3"):
        score("3S 3C; 9S 9H 9D 9C 9S 9H 9D", variant=black3, going_out="out")


@pytest.mark.parametrize("players, hands", [("4", 3), ("2", 2), ("3", 2)])
def test_cli_score_canasta_takes_one_hand_a_partner(players, hands):
    """As `mazo match` takes a side's cards: four players in pairs, two or three alone."""
    args = ["score", "canasta", "--variant", f"players={players}", "--table", "AS AH AD"]
    r = mazo(*args, *(w for _ in range(hands) for w in ("--hand", "4C")), "--lang", "en")
    assert r.returncode == 2 and r.stdout == ""
    assert f"one hand per partner, and a side has {hands - 1}: {hands} given" in r.stderr
    assert mazo(*args, *(w for _ in range(hands - 1) for w in ("--hand", "4C"))).returncode == 0


def test_red_threes_alone_score_as_a_sheets_row_of_them(capsys, monkeypatch):
    """Two red 3s and no meld: −200, by the command as by the sheet's row {red_threes: 2}."""
    from mazo.solver.match.sheet import parse_sheet
    from mazo.solver.mechanisms.canasta.game import ROW_FIELDS, play_sides_game

    r = in_process(capsys, monkeypatch, "score", "canasta", "--red-threes", "2", "--json")
    assert r.code == 0, r.err
    text = b"players: [A, B]\nhands:\n  - {A: {red_threes: 2}, B: 0}\n"
    sheet = parse_sheet(text, "sheet", ROW_FIELDS, csv=False)
    row = play_sides_game(rules_for("canasta"), sheet).to_dict()["hands"][0]["cards"]["A"]
    scored = json.loads(r.out)
    assert scored["total"] == scored["red_three_points"] == -200
    assert scored == {k: v for k, v in row.items() if k in scored}


def test_an_upcard_is_refused_as_it_does_not_apply(capsys, monkeypatch):
    r = in_process(
        capsys,
        monkeypatch,
        "score",
        "canasta",
        "--table",
        "KS KH KD",
        "--upcard",
        "5H",
        "--lang",
        "en",
    )
    assert (r.code, r.out) == (2, "") and r.err.count("\n") == 1
    assert "--upcard does not apply to canasta-uruguaya" in r.err


HAND = "4C 5C 6C 7H 8H 9D"


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (("score", "canasta", "--table", "KS KH KD KS KH KD KS"), "in the partnership's melds"),
        (("score", "canasta", "--table", "KS KH KD; 5S 5S 5S"), "in the partnership's melds"),
        (("solve", "canasta", HAND, "--table", "KS KH KD KS KH KD KS"), "on the table"),
        (("solve", "canasta", HAND, "--pozo", "QH QH QH", "--pozo-top", "5D"), "in the pozo"),
    ],
)
def test_a_card_given_too_often_is_named_where_it_was_given(capsys, monkeypatch, args, where):
    r = in_process(capsys, monkeypatch, *args, "--lang", "en")
    assert r.code == 2 and r.err.count("\n") == 1
    assert f"3 copies of '{r.err.split(chr(39))[1]}' {where};" in r.err, r.err


@pytest.mark.parametrize("lang", ["en", "es"])
def test_going_out_with_cards_in_every_partners_hand_is_refused(capsys, monkeypatch, lang):
    """The partner who went out holds nothing: one hand may keep cards, never both."""
    table = ("score", "canasta", "--table", "KS KH KD KC KS KH KD", "--going-out", "out")
    one = in_process(capsys, monkeypatch, *table, "--hand", "5S 6D", "--lang", lang)
    assert one.code == 0
    both = in_process(
        capsys, monkeypatch, *table, "--hand", "5S 6D", "--hand", "7C", "--lang", lang
    )
    assert both.code == 2 and both.err.count("\n") == 1
    said = "every hand given holds cards" if lang == "en" else "todas las manos dadas tienen"
    assert said in both.err
    heads_up = in_process(
        capsys, monkeypatch, *table, "--hand", "5S", "--variant", "players=2", "--lang", lang
    )
    assert heads_up.code == 2


def test_a_sheets_points_off_the_step_of_every_score_are_refused(capsys, monkeypatch, tmp_path):
    from mazo.solver.mechanisms.canasta.scoring import points_step

    assert points_step(rules_for("canasta")) == 5
    sheet = tmp_path / "noche.yaml"
    sheet.write_text("players: [Nos, Ellos]\nhands:\n  - {Nos: 135, Ellos: 62}\n")
    r = in_process(capsys, monkeypatch, "match", "canasta", str(sheet), "--lang", "en")
    assert r.code == 2 and "Ellos scores 62: every card and bonus counts a multiple of 5" in r.err
    sheet.write_text("players: [Nos, Ellos]\nhands:\n  - {Nos: 135, Ellos: 60}\n")
    assert in_process(capsys, monkeypatch, "match", "canasta", str(sheet)).code == 0
