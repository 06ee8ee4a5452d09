"""`mazo advise` from the command line: JSON fields, the players' wording, stdin batches, errors."""

import json
import re

import pytest

from tests.commands import process as mazo

TAKE_CUTS = ["conga", "3o", "4o", "6o", "11c", "11e", "11b", "12b", "--pozo-top", "5o"]
# Conga's default is the optimal horizon, whose table of the whole deck takes a minute to build:
# these tests ask for two turns.
TWO = ("--horizon", "2")


def test_json_fields_exactly_as_named():
    r = mazo("advise", *TAKE_CUTS, *TWO, "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for field in ("game", "hand", "pozo_top", "seen", "unseen", "horizon", "take", "draw"):
        assert field in out
    assert out["advice"] == "take" and out["reason"]
    assert set(out["take"]) >= {
        "discard",
        "deadwood_points",
        "can_cut",
        "close",
        "cut_by_next_turn",
    }
    draw = out["draw"]
    for field in ("cut_now", "cut_now_cards", "expected_deadwood", "closes", "cut_by_next_turn"):
        assert field in draw
    assert draw["cut_now"] == draw["cut_now_cards"] / out["unseen"]
    assert set(draw["by_card"][0]) >= {"card", "discard", "deadwood_points", "can_cut", "close"}


def test_horizon_1_has_no_next_turn():
    out = json.loads(mazo("advise", *TAKE_CUTS, "--horizon", "1", "--json").stdout)
    assert "cut_by_next_turn" not in out["take"] and "cut_by_next_turn" not in out["draw"]


def test_spanish_for_spanish_decks_unless_english_asked():
    es = mazo("advise", *TAKE_CUTS, *TWO)
    assert es.returncode == 0, es.stderr
    assert es.stdout.startswith("Levantá el 5o: cortás ya tirando el 12b (Corte limpio).")
    en = mazo("advise", *TAKE_CUTS, *TWO, "--lang", "en")
    assert en.stdout.startswith("Take the 5o: you cut now, discarding the 12b (Clean cut).")
    gin = mazo(
        "advise", "gin", "AS 2S 3S 7H 7D 9C KD QC 9H 4D", "--pozo-top", "8H", "--horizon", "1"
    )
    # Neither knocks this turn: the fewer loose points decide.
    # the headline is folded at 80 columns, its lines after the first indented
    assert gin.stdout.replace("\n    ", " ").startswith(
        "Take the 8♥ and discard the K♦: neither taking nor drawing lets you knock this turn;"
    )
    # One spelling of the cards in the whole view: the card lines draw suits as symbols.
    assert not re.search(r"\b[2-9TJQKA][SHDC]\b", gin.stdout), gin.stdout


def test_draw_names_the_cards_that_cut():
    r = mazo("advise", "chinchon", "1o 2o 3o 5e 6e 7e 12b", "--pozo-top", "12c", "--horizon", "1")
    assert r.returncode == 0, r.stderr
    out = json.loads(
        mazo(
            "advise",
            "chinchon",
            "1o 2o 3o 5e 6e 7e 12b",
            "--pozo-top",
            "12c",
            "--horizon",
            "1",
            "--json",
        ).stdout
    )
    k, n = out["draw"]["cut_now_cards"], out["unseen"]
    assert r.stdout.startswith(f"Robá: {k} de las {n} cartas te dejan cerrar")


def test_big_gin_is_said_with_no_discard():
    hand = "AS 2S 3S 4S 5H 5D 9C TC JC QC"
    r = mazo("advise", "gin", hand, "--pozo-top", "5C", "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("Take the 5♣: you knock now, with no discard (Big gin).")
    assert "Take     with no discard, 0 points of deadwood, Big gin" in r.stdout
    assert re.search(r"\n  you knock \(Big gin\) with no discard +1 card: 5♠\n", r.stdout)


def test_stdin_batch_answers_each_line_and_reports_bad_ones():
    lines = [
        '{"hand": "3o 4o 6o 11c 11e 11b 12b", "pozo_top": "5o"}',
        "zz",
        '{"hand": ["1o", "2o", "3o", "5e", "6e", "11c", "12b"], "seen": ["*"], "horizon": 1}',
        '{"hand": "1o 2o", "pozo_top": "4o"}',
        '{"hand": "1o 2o 3o 5e 6e 11c 12b", "horizon": "two"}',
        "1o 2o 3o 5e 6e 11c 12b",
    ]
    r = mazo("advise", "conga", "-", *TWO, "--json", stdin="\n".join(lines) + "\n")
    assert r.returncode == 2
    out = [json.loads(line) for line in r.stdout.splitlines()]
    assert [o.get("line") for o in out] == [None, 2, None, 4, 5, None]
    assert out[5]["pozo_top"] is None and out[5]["horizon"] == 2
    assert out[0]["advice"] == "take" and out[2]["seen"] == ["*"] and out[2]["horizon"] == 1
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize(
    "args, culprit",
    [
        (["advise", "conquian", "1o 2o 3o 4o 5o 6o 7o 10o"], "Conquián"),
        (["advise", "conga", "1o 2o 3o"], "7 cards"),
        (["advise", "conga", "1o 2o 3o 5e 6e 11c 12b", "--pozo-top", "1o"], "1o"),
        (["advise", "conga", "1o 2o 3o 5e 6e 11c 12b", "--seen", "zz"], "zz"),
        (["advise", "conga", "1o 2o 3o 5e 6e 11c 12b", "--horizon", "3"], "horizon"),
        (["advise", "conga", "1o 2o 3o 5e 6e 11c 12b", "--lang", "fr"], "fr"),
        (["advise", "conga"], "no cards"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(monkeypatch, args, culprit):
    monkeypatch.setenv("MAZO_LANG", "en")  # JSON's errors are English: stderr's too, here
    r = mazo(*args, "--json")
    assert r.returncode == 2 and json.loads(r.stdout) == {"error": r.stderr.strip()[13:]}
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert culprit in r.stderr


# Every card but the 5o is in the hand, on the pozo or seen: one card is left unseen.
ONE_UNSEEN = "1o 2o 7o 8o 9o 10o 11o 12o 2c 3c 4c 5c 6c 7c 8c 9c 10c 12c 1e 2e 3e 4e 5e 6e 7e"
ONE_UNSEEN += " 8e 9e 10e 12e 1b 2b 3b 4b 5b 6b 7b 8b 9b 10b * *"


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        ("es", ["Robá: 1 de 1 carta te deja cortar", "Si robás (1 carta)", "14 puntos sueltos"]),
        ("en", ["Draw: 1 of 1 card lets you cut", "If you draw (1 card)", "14 loose points"]),
    ],
)
def test_one_card_is_one_card_in_both_languages(lang, lines):
    hand = ["conga", "3o 4o 6o 11c 11e 11b 12b", "--pozo-top", "1c"]
    r = mazo("advise", *hand, "--seen", ONE_UNSEEN, *TWO, "--lang", lang)
    assert r.returncode == 0, r.stderr
    for line in lines:
        assert line in r.stdout
    assert "cartas" not in r.stdout.replace("Vistas", "") and "1 cards" not in r.stdout
