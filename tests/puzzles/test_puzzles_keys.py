"""What the answer keys say: one right answer in the sheet's own terms, words a student can check
(the cards paid and kept, the outs), cards and scores spelt as the sheet prints them, and levels
that each mix the answers."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from mazo.puzzles import generate
from mazo.puzzles.generate import KINDS, make_sheet
from mazo.puzzles.kinds import LEVELS, Position
from mazo.puzzles.wording import about, explain, say
from mazo.solver.api import rules_for
from mazo.solver.mechanisms.canasta.worksheets import FAR_FROM_MINIMUM
from mazo.solver.plain import data

from tests import canasta_reference
from tests.commands import process as mazo
from tests.puzzles.test_puzzles import canasta_most_points, canasta_rules, conquian_reference

RED_THREES = {"3H", "3D"}


def test_go_out_key_names_the_card_paid_and_the_cards_kept():
    spec = rules_for("conquian")
    sheet = make_sheet(spec, "go-out", 8, seed=1, difficulty="medium")
    tempting = 0
    for puzzle in sheet.puzzles:
        answer = data(puzzle.answer)
        hand = spec.deck.parse_hand(puzzle.hand) if puzzle.hand else []
        table = [c for m in answer["table"] for c in spec.deck.parse_hand(m)]
        best, _ = conquian_reference(spec, hand, table, spec.deck.parse_card(answer["faced"]))
        for lang in ("es", "en"):
            text = explain(spec, puzzle.answer, lang)
            assert not re.search(r"(con|with) \S+ (juegos|melds):", text), text
        if not answer["can_use"] or answer["can_go_out"]:
            continue
        tempting += 1
        # What stays is the hand less the cards laid with the offered one and the card paid.
        assert len(answer["left"]) == len(hand) - best - 1
        assert sorted([*answer["left"], *answer["laid"], answer["pay"]]) == sorted(puzzle.hand)
        es, en = explain(spec, puzzle.answer, "es"), explain(spec, puzzle.answer, "en")
        assert f"pagás {answer['pay']}" in es and f"pay {answer['pay']}" in en
        for card in answer["left"]:
            assert card in es.split("pagás")[1] and card in en.split("pay")[1]
    assert tempting >= 2


@pytest.mark.slow
def test_go_out_keys_read_right_in_both_languages():
    """The tempting case said whole: the card offered, the melds it makes, the card paid and
    the card that stays, in both languages."""
    spec = rules_for("conquian")
    checked = 0
    for seed in range(1, 6):
        for puzzle in make_sheet(spec, "go-out", 8, seed=seed, difficulty="hard").puzzles:
            answer = data(puzzle.answer)
            if not answer["can_use"] or answer["can_go_out"] or len(answer["left"]) != 1:
                continue
            es, en = explain(spec, puzzle.answer, "es"), explain(spec, puzzle.answer, "en")
            faced, pay, left = answer["faced"], answer["pay"], answer["left"][0]
            assert es.startswith(f"No: con {faced} armás "), es
            assert es.endswith(f"; pagás {pay} y te queda {left} en la mano."), es
            assert en.startswith(f"No: with {faced} you make "), en
            assert en.endswith(f"; you pay {pay} and {left} stays in your hand."), en
            checked += 1
    assert checked >= 1


def test_count_hand_keeps_a_card_to_discard_and_never_a_red_three():
    spec = rules_for("canasta-uruguaya")
    rules = canasta_rules()
    for lang, words in (("es", "para descartar"), ("en", "to discard")):
        asked = say(spec, lang, "canasta.count-hand.ask", n=11)
        assert words in asked and ("3 rojo" in asked or "red 3" in asked)
    for puzzle in make_sheet(spec, "count-hand", 8, seed=2).puzzles:
        answer = puzzle.answer
        assert not RED_THREES & set(answer.left)
        hand = spec.deck.parse_hand(puzzle.hand)
        assert answer.meld_points == canasta_most_points(hand, rules)
        if answer.left:
            assert "to discard" in explain(spec, answer, "en")
            assert "para descartar" in explain(spec, answer, "es")


def gap(answer) -> int:
    return abs((answer.max_points or 0) - answer.required_minimum)


@pytest.mark.parametrize("level", LEVELS)
def test_can_open_is_hard_near_the_minimum_and_mixes_answers(level):
    spec = rules_for("canasta-uruguaya")
    rules = canasta_rules()
    sheet = make_sheet(spec, "can-open", 8, seed=1, difficulty=level)
    answers = [p.answer for p in sheet.puzzles]
    assert {a.can_open for a in answers} == {True, False}
    for answer in answers:
        minimum = canasta_reference.minimum(answer.score, rules)
        assert answer.required_minimum == minimum
    if level == "hard":
        assert all(gap(a) < FAR_FROM_MINIMUM for a in answers), answers


@pytest.mark.parametrize(
    "kind, level",
    [
        *(("go-out", level) for level in LEVELS),
        ("use-faced-card", "easy"),
        ("use-faced-card", "medium"),
    ],
)
def test_conquian_levels_each_mix_the_answers(kind, level):
    spec = rules_for("conquian")
    sheet = make_sheet(spec, kind, 8, seed=1, difficulty=level)
    assert (
        len(
            {data(p.answer)["can_go_out" if kind == "go-out" else "can_use"] for p in sheet.puzzles}
        )
        == 2
    )


def test_a_sheet_all_one_answer_is_refused(monkeypatch):
    monkeypatch.setattr(generate, "BASE_ATTEMPTS", 20)
    monkeypatch.setattr(generate, "ATTEMPTS_PER_PUZZLE", 20)
    go_out = KINDS["go-out"]

    def only_no(spec, position):
        posed = go_out.pose(spec, position)
        return posed if posed is not None and posed.category == "no" else None

    monkeypatch.setitem(KINDS, "go-out", go_out.__class__(**{**_fields(go_out), "pose": only_no}))
    with pytest.raises(Exception, match="never all one answer"):
        make_sheet(rules_for("conquian"), "go-out", 2, seed=1)


def _fields(kind) -> dict:
    return {name: getattr(kind, name) for name in kind.__dataclass_fields__}


def test_hard_gin_acomodo_sheets_fill():
    sheet = make_sheet(rules_for("gin"), "acomodo", 3, seed=1, difficulty="hard")
    assert {p.difficulty for p in sheet.puzzles} == {"hard"}


def test_take_or_draw_keys_count_the_outs():
    spec = rules_for("conga")
    for puzzle in make_sheet(spec, "take-or-draw", 4, seed=1).puzzles:
        answer = puzzle.answer
        take, draw = answer.take, answer.draw
        for lang, of in (("es", "de"), ("en", "of")):
            text = explain(spec, answer, lang)
            assert f"{draw.cut_now_cards} {of} {answer.unseen}" in text
            if not (answer.advice == "take" and take.can_cut):
                outs = take.cut_by_next_turn * answer.unseen
                assert outs.denominator == 1
                assert f"{int(outs)} {of} {answer.unseen}" in text
    for lang, goal in (("es", "El objetivo"), ("en", "The goal")):
        assert goal in say(spec, lang, "puzzles.take-or-draw.ask", n=7)


def test_keys_spell_tens_as_drawn_and_gin_says_deadwood():
    spec = rules_for("gin")
    texts = [
        explain(spec, p.answer, "en") for p in make_sheet(spec, "count-deadwood", 6, seed=1).puzzles
    ]
    joined = " ".join(texts)
    assert "10♠" in joined and not re.search(r"T[♠♥♦♣]", joined)
    assert "deadwood" in joined and "loose" not in joined
    for kind in ("best-discard", "can-cut", "count-deadwood", "acomodo"):
        for key in (kind, f"{kind}.ask", f"{kind}.fill"):
            key = f"puzzles.{key}"
            assert "loose" not in say(spec, "en", key, n=10).lower()
        assert "loose" not in about(spec, kind, "en")
    # Other games keep their loose points, and Spanish is untouched.
    assert "loose points" in about(rules_for("conga"), "count-deadwood", "en")
    assert "puntos sueltos" in about(spec, "best-discard", "es")


@pytest.mark.parametrize(
    "game, asked", [("conga", "¿Cortás?"), ("chinchon", "¿Cerrás?"), ("gin", "¿Llamás?")]
)
def test_spanish_asks_the_player(game, asked):
    spec = rules_for(game)
    assert say(spec, "es", "puzzles.can-cut.fill").startswith(asked)
    assert (
        say(spec, "en", "puzzles.can-cut.fill").split("?")[0] == spec.cut.names["en"].capitalize()
    )


def test_negative_scores_print_a_true_minus():
    spec = rules_for("canasta-uruguaya")
    hand = spec.deck.parse_hand("AS AH AD KS KH * 5C 6D 7S 8C 9H")
    posed = KINDS["can-open"].pose(spec, Position(hand, team_score=-5))
    assert posed is not None
    text = explain(spec, posed.answer, "es")
    assert "\N{MINUS SIGN}5" in text and "-5" not in text


def test_help_says_which_kinds_have_fewer_levels():
    r = mazo("puzzles", "--help", columns=200)
    assert r.returncode == 0
    assert "use-faced-card: easy or medium only" in r.stdout


def test_no_red_three_in_a_counted_meld():
    spec = rules_for("canasta-uruguaya")
    for puzzle in make_sheet(spec, "count-hand", 6, seed=3).puzzles:
        melded = Counter(c for m in puzzle.answer.melds for c in m)
        assert not RED_THREES & set(melded)


@pytest.mark.parametrize(
    ("lang", "one"),
    [
        ("es", "El 3 rojo (3♥) no va en frentes: es bonificación."),
        ("en", "The red 3 (3♥) never goes in melds: it is a bonus card."),
    ],
)
def test_a_single_red_three_is_said_in_the_singular(lang, one):
    spec = rules_for("canasta")
    (puzzle,) = [p for p in make_sheet(spec, "count-hand", 8, seed=1).puzzles if p.number == 1]
    assert len(puzzle.answer.red_threes) == 1
    assert explain(spec, puzzle.answer, lang).endswith(one)


@pytest.mark.slow
def test_a_knock_is_not_named_after_the_verb_that_says_it():
    """Gin: "you can knock now, discarding 5♦ (knock)" said the close twice; a close named
    otherwise (Gin, Big Gin) keeps its name."""
    spec = rules_for("gin")
    keys = [
        explain(spec, p.answer, "en") for p in make_sheet(spec, "take-or-draw", 8, seed=1).puzzles
    ]
    now = [k for k in keys if "knock now, discarding" in k]
    assert now and not any("(knock)" in k for k in now)
