"""Worksheets re-checked against a brute-force reference that shares nothing with the generator.

The reference reads only the resolved rule data (meld limits, card values, closes): it validates
melds itself, tries every partition of the cards into melds by subset DP, classifies the closes
in the spec's order and ranks every discard. Every generated puzzle must have the answer the
reference finds optimal, and that answer must be the only one.
"""

from __future__ import annotations

import pytest
from mazo.puzzles import generate
from mazo.puzzles.generate import KINDS, NotEnoughPuzzles, make_sheet
from mazo.puzzles.kinds import LEVELS, Position, hand_kind
from mazo.solver.api import rules_for
from mazo.solver.cards import Card
from mazo.solver.errors import OptionError
from mazo.solver.spec.load import load_spec

from tests import canasta_reference, reference
from tests import conquian_reference as conquian_ref
from tests.soak import size

GAMES = ("conga", "chinchon", "gin-rummy")
GENERIC_KINDS = ("best-discard", "can-cut", "count-deadwood")
SEEDS = range(1, 1 + size(2, 20))
PER_SHEET = 12


# --- the checks ---------------------------------------------------------------------------


def check_arrangement(spec, kept, answer):
    """The answer's melds are valid, use exactly the kept cards, and leave its loose points."""
    melds = [spec.deck.parse_hand(m) for m in answer["melds"]]
    loose = spec.deck.parse_hand(answer["deadwood"])
    assert all(reference.is_meld(spec, m) for m in melds), answer
    assert sorted(spec.deck.codes([c for m in melds for c in m] + list(loose))) == sorted(
        spec.deck.codes(kept)
    )
    assert sum(spec.value(c) for c in loose) == answer["deadwood_points"]


def kept_after(spec, hand, discard):
    kept = list(hand)
    kept.remove(spec.deck.parse_card(discard))
    return kept


def check_puzzle(spec, kind, puzzle):
    hand = spec.deck.parse_hand(puzzle["hand"])
    answer = puzzle["answer"]
    assert puzzle["difficulty"] in LEVELS
    if kind == "count-deadwood":
        assert len(hand) == spec.hand_size
        assert answer["deadwood_points"] == reference.min_deadwood(spec, hand)
        check_arrangement(spec, hand, answer)
        return
    assert len(hand) == spec.hand_size + 1
    outcomes = reference.ranked_discards(spec, hand)
    if kind == "best-discard":
        best = outcomes[answer["discard"]]
        others = [o for code, o in outcomes.items() if code != answer["discard"]]
        assert all(best < o for o in others), (puzzle, outcomes)  # optimal and unique
        # Unique by the loose points the sheet asks for, not by a ranking of closes it never
        # states: no other discard leaves as few.
        assert all(best[1] < o[1] for o in others), (puzzle, outcomes)
        assert best[1] == answer["deadwood_points"]
        close = spec.closes[best[0]].id if best[0] < len(spec.closes) else None
        assert answer["close"] == close and answer["can_cut"] == (close is not None)
        check_arrangement(spec, kept_after(spec, hand, answer["discard"]), answer)
    else:
        cutting = {code for code, (place, _) in outcomes.items() if place < len(spec.closes)}
        assert answer["can_cut"] == bool(cutting)
        assert set(answer["cut_discards"]) == cutting
        shown = answer["discard"] or answer["best_discard"]
        assert outcomes[shown] == min(outcomes.values())
        if answer["can_cut"]:
            # The discard asked for is the best cut, and no other discard cuts as well.
            assert all(outcomes[shown] < o for code, o in outcomes.items() if code != shown)
            # "With which discard do you keep the fewest points?" has one answer by points.
            fewest = outcomes[shown][1]
            assert all(fewest < o[1] for code, o in outcomes.items() if code != shown), puzzle
        check_arrangement(spec, kept_after(spec, hand, shown), answer)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", GENERIC_KINDS)
@pytest.mark.parametrize("game", GAMES)
def test_every_puzzle_has_the_unique_optimal_answer(game, kind, seed):
    spec = rules_for(game)
    sheet = make_sheet(spec, kind, PER_SHEET, seed=seed).to_dict()
    assert len(sheet["puzzles"]) == PER_SHEET
    assert [p["number"] for p in sheet["puzzles"]] == list(range(1, PER_SHEET + 1))
    for puzzle in sheet["puzzles"]:
        check_puzzle(spec, kind, puzzle)


@pytest.mark.parametrize(
    "game, variant",
    [
        ("conga", {"deck_size": 40}),
        ("conga", {"cut_threshold": 3, "jokers": 0}),
        ("chinchon", {"close_rule": "loose_total", "chinchon_con_comodin": "on"}),
        ("gin-rummy", {"knock_limit": 5}),
    ],
)
@pytest.mark.parametrize("kind", GENERIC_KINDS)
def test_house_rules_change_the_answers_and_are_recorded(game, variant, kind):
    spec = rules_for(game, variant=variant)
    sheet = make_sheet(spec, kind, 8, seed=7).to_dict()
    assert sheet["variant"] == {k: v for k, v in spec.chosen.items() if k in variant}
    for puzzle in sheet["puzzles"]:
        check_puzzle(spec, kind, puzzle)


def test_reference_agrees_with_worked_example_c13_two_equal_discards():
    # Worked example C13: 10o and 12c tie, so the hand is no best-discard puzzle.
    spec = rules_for("conga")
    hand = spec.deck.parse_hand("12o 12c * 2b 3b 4b 1e 10o")
    outcomes = reference.ranked_discards(spec, hand)
    assert outcomes["10o"] == outcomes["12c"] == (3, 1)
    assert KINDS["best-discard"].pose(spec, Position(hand)) is None


def test_reference_agrees_with_worked_example_c6_threshold_boundary():
    spec = rules_for("conga")
    hand = spec.deck.parse_hand("4o 5o 6o 10c 10e 10b 5c 12b")
    assert reference.ranked_discards(spec, hand)["12b"] == (3, 5)
    strict = rules_for("conga", variant={"cut_threshold": 3})
    assert reference.ranked_discards(strict, hand)["12b"] == (4, 5)


def test_a_sheet_never_repeats_a_position():
    spec = rules_for("chinchon")
    sheet = make_sheet(spec, "count-deadwood", 60, seed=3)
    positions = [tuple(sorted(p.hand)) for p in sheet.puzzles]
    assert len(set(positions)) == len(positions)


def test_same_seed_same_sheet_other_seed_other_positions():
    spec = rules_for("conga")
    first = make_sheet(spec, "best-discard", 6, seed=11).to_dict()
    assert make_sheet(spec, "best-discard", 6, seed=11).to_dict() == first
    other = make_sheet(spec, "best-discard", 6, seed=12).to_dict()
    assert {tuple(p["hand"]) for p in first["puzzles"]}.isdisjoint(
        tuple(p["hand"]) for p in other["puzzles"]
    )


@pytest.mark.parametrize("level", LEVELS)
def test_difficulty_filter_gives_that_level(level):
    spec = rules_for("conga")
    sheet = make_sheet(spec, "best-discard", 4, seed=5, difficulty=level)
    assert {p.difficulty for p in sheet.puzzles} == {level}
    assert all(p.measures.level == level for p in sheet.puzzles)


def test_difficulty_follows_solver_measures():
    spec = rules_for("gin-rummy")
    sheet = make_sheet(spec, "best-discard", 20, seed=2)
    for puzzle in sheet.puzzles:
        m = puzzle.measures
        assert m.margin == (puzzle.answer.runner_up.deadwood_points - puzzle.answer.deadwood_points)
        assert m.melds == len(puzzle.answer.melds)


def test_can_cut_sheets_mix_yes_and_no():
    spec = rules_for("conga")
    sheet = make_sheet(spec, "can-cut", 10, seed=4)
    answers = [p.answer.can_cut for p in sheet.puzzles]
    assert 0 < sum(answers) <= 6 and answers.count(False) <= 6


def test_impossible_sheet_stops_with_a_clear_error(monkeypatch):
    never = hand_kind("best-discard", 1, lambda spec, result: None)
    monkeypatch.setitem(generate.KINDS, "best-discard", never)
    monkeypatch.setattr(generate, "BASE_ATTEMPTS", 5)
    monkeypatch.setattr(generate, "ATTEMPTS_PER_PUZZLE", 2)
    with pytest.raises(NotEnoughPuzzles, match=r"found only 0 of 3 best-discard puzzles"):
        make_sheet(rules_for("conga"), "best-discard", 3, seed=1)


@pytest.mark.parametrize(
    "kind, count, difficulty, culprit",
    [
        ("nope", 3, None, "'nope'"),
        ("best-discard", 0, None, "-n"),
        ("best-discard", 10_000, None, "-n"),
        ("best-discard", 3, "brutal", "--difficulty"),
    ],
)
def test_bad_requests_are_input_errors(kind, count, difficulty, culprit):
    with pytest.raises(OptionError, match=culprit):
        make_sheet(rules_for("conga"), kind, count, seed=1, difficulty=difficulty)


# --- Conquián: every set of hand cards tried with the table and the offered card ----------


def conquian_reference(spec, hand, table, faced):
    """The most hand cards that go down with the table and the offered card, and every largest
    set of them (sorted codes); None when the offered card cannot be used at all."""
    pair = lambda c: (c.rank, c.suit)  # noqa: E731
    best, plays = conquian_ref.largest_plays(
        [pair(c) for c in hand], pair(faced), [pair(c) for c in table], spec.deck.ranks
    )
    return best, {tuple(sorted(spec.deck.code(Card(*c)) for c in p)) for p in plays}


def check_conquian_answer(spec, puzzle, best):
    answer = puzzle["answer"]
    hand = puzzle["hand"]
    if not answer["can_use"]:
        return
    used = [c for m in answer["melds"] for c in m]
    given = [c for m in answer["table"] for c in m] + [answer["faced"]]
    assert sorted(used) == sorted(given + answer["laid"])
    assert all(reference.is_meld(spec, spec.deck.parse_hand(m)) for m in answer["melds"])
    left = sorted(set(hand) - set(answer["laid"]))
    assert answer["can_go_out"] == (best == len(hand))
    assert (answer["pay"] is None) == (not left) and (
        answer["pay"] is None or answer["pay"] in left
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["use-faced-card", "go-out"])
def test_conquian_answers_match_the_brute_force(kind, seed):
    spec = rules_for("conquian")
    sheet = make_sheet(spec, kind, 10, seed=seed).to_dict()
    assert len(sheet["puzzles"]) == 10
    for puzzle in sheet["puzzles"]:
        answer = puzzle["answer"]
        hand = spec.deck.parse_hand(puzzle["hand"])
        table = [c for m in answer["table"] for c in spec.deck.parse_hand(m)]
        assert all(reference.is_meld(spec, spec.deck.parse_hand(m)) for m in answer["table"])
        assert len(hand) + len(table) == spec.hand_size
        best, winners = conquian_reference(spec, hand, table, spec.deck.parse_card(answer["faced"]))
        assert answer["can_use"] == (best is not None), puzzle
        assert answer["can_go_out"] == (best == len(hand)), puzzle
        if kind == "use-faced-card" and best is not None:
            # The hand cards that go down are the only largest set.
            assert winners == {tuple(sorted(answer["laid"]))}, (puzzle, winners)
            assert answer["cards_laid"] == best
        if kind == "go-out":
            assert len(hand) <= 3
        check_conquian_answer(spec, puzzle, best)


# --- Canasta: every split of naturals and wild cards into one meld per rank ---------------


def canasta_rules():
    """The reference's rules as the spec sets them (its switches and the opening minimum table)."""
    return canasta_reference.Rules.of(load_spec("canasta-uruguaya").own)


def canasta_most_points(hand, rules) -> int | None:
    """The most points one turn can meld from the hand; None: nothing to meld."""
    return canasta_reference.richest([(c.rank, c.suit) for c in hand], rules)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("kind", ["can-open", "count-hand"])
def test_canasta_answers_match_the_brute_force(kind, seed):
    spec = rules_for("canasta-uruguaya")
    rules = canasta_rules()
    sheet = make_sheet(spec, kind, 12, seed=seed).to_dict()
    assert len(sheet["puzzles"]) == 12
    for puzzle in sheet["puzzles"]:
        answer = puzzle["answer"]
        hand = spec.deck.parse_hand(puzzle["hand"])
        most = canasta_most_points(hand, rules)
        melded = [c for m in answer["melds"] for c in m]
        assert sorted(melded + answer["left"] + answer["red_threes"]) == sorted(puzzle["hand"])
        if kind == "count-hand":
            assert answer["meld_points"] == most, puzzle
            continue
        minimum = canasta_reference.minimum(answer["score"], rules)
        assert answer["required_minimum"] == minimum
        assert answer["can_open"] == (most is not None and most >= minimum), puzzle
        assert answer["max_points"] == most, puzzle


def test_k14_threshold_boundaries_on_can_open_sheets():
    spec = rules_for("canasta-uruguaya")
    rules = canasta_rules()
    sheet = make_sheet(spec, "can-open", 30, seed=5).to_dict()
    for puzzle in sheet["puzzles"]:
        score = puzzle["answer"]["score"]
        assert puzzle["answer"]["required_minimum"] == canasta_reference.minimum(score, rules)
    assert len({p["answer"]["required_minimum"] for p in sheet["puzzles"]}) == 4


@pytest.mark.parametrize(
    "game, kind",
    [
        ("conga", "best-discard"),
        ("conga", "can-cut"),
        ("gin", "best-discard"),
        ("canasta", "count-hand"),
        ("conga", "take-or-draw"),
    ],
)
def test_answer_text_spells_cards_as_the_hand_shows_them(game, kind):
    """One spelling: ★ for the joker, suit symbols for French cards; no doubled full stop after
    "¡Conga Limpia!"; a mean written as the whole points beside it are."""
    import re

    from mazo.puzzles.generate import make_sheet
    from mazo.puzzles.wording import explain

    spec = load_spec(game)
    answers = [p.answer for p in make_sheet(spec, kind, 6, seed=1).puzzles]
    if (game, kind) == ("conga", "best-discard"):
        # A clean conga, and a joker in the melds, so the checks below bite.
        for shown, hand in (
            ("best-discard", "1o 2o 3o 4o 5o 6o 7o 12c"),
            ("count-deadwood", "1o 2o * 12c 12o 12e 5b"),
        ):
            answers.append(KINDS[shown].pose(spec, Position(spec.deck.parse_hand(hand))).answer)
    joined = " ".join(explain(spec, answer, "es") for answer in answers)
    assert "*" not in joined and not re.search(r"[!?]\.", joined)
    assert not re.search(r"\b[A2-9TJQK][SHDC]\b", joined)
    assert not re.search(r"\d,0\b", joined)
    if (game, kind) == ("conga", "best-discard"):
        assert "★" in joined and "¡Conga Limpia!" in joined
    if game in ("gin", "canasta"):
        assert re.search(r"[♠♥♦♣]", joined)


@pytest.mark.parametrize(
    ("name", "inside"),
    [
        ("Corte con puntos", "corte con puntos"),
        ("Llamar", "llamar"),
        ("Big gin", "big gin"),
        ("Conga Limpia (clean conga)", "Conga Limpia (clean conga)"),
        ("¡Chinchón!", "¡Chinchón!"),
        ("", ""),
    ],
)
def test_a_close_named_inside_a_keys_sentence_keeps_only_a_names_capitals(name, inside):
    from mazo.solver.words import in_sentence

    assert in_sentence(name) == inside


@pytest.mark.parametrize(("game", "kind"), [("gin", "best-discard"), ("conga", "can-cut")])
def test_no_key_line_capitalises_a_close_after_a_colon(game, kind):
    """ "deja 7 puntos sueltos (4♥ 3♦): llamar", not "…: Llamar"."""
    from mazo.puzzles.wording import explain
    from mazo.solver.words import in_sentence

    spec = rules_for(game)
    names = [c.names["es"] for c in spec.closes if in_sentence(c.names["es"]) != c.names["es"]]
    lines = [explain(spec, p.answer, "es") for p in make_sheet(spec, kind, 12, seed=3).puzzles]
    assert names and any(f": {in_sentence(name)}" in line for line in lines for name in names)
    assert not any(f": {name}" in line for line in lines for name in names)
