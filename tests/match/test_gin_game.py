"""Gin Rummy as Gin players keep score: big gin, Oklahoma and a whole game to the target.

Each bonus is checked on hands and sheets worked by hand below, then against an independent
calculation (the brute-force references, and a plain fold over the hands) on random hands and
games; MAZO_SOAK=1 runs 500 of each.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter

import pytest
from mazo.solver.api import rules_for, solve_many
from mazo.solver.backends import search
from mazo.solver.errors import IllegalHandError, InputError, OptionError
from mazo.solver.match.sheet import read_sheet
from mazo.solver.match.target import play_game
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.mechanisms.rummy.scoring import score_round

from tests import reference
from tests.acomodo_reference import reference_acomodo
from tests.commands import mazo
from tests.scoring.test_acomodo_bruteforce import random_round
from tests.soak import size

GIN = rules_for("gin-rummy")
OKLAHOMA = rules_for("gin-rummy", variant={"oklahoma": True})
BIG_GIN = "AS 2S 3S 4S 5H 5D 5C 9C TC JC QC"
# Best split: 8H 9H TH; loose 5S 4H QH KS AD 3D 4C = 5 + 4 + 10 + 10 + 1 + 3 + 4 = 37.
DEFENDER = "4H 5S 8H 9H TH QH KS AD 3D 4C"
KNOCKER = "AS 2S 3S 7H 7D 7C KD KC KH 2D"  # knocks with the 2D: 2 loose points
# Lays 4S 5S on A-2-3S and KS on the kings; loose QH AD 3D 4C = 18.
KNOCK_DEFENDER = "4S 5S 8H 9H TH QH KS AD 3D 4C"


def cards(spec, text):
    return spec.deck.parse_hand(text)


def points(spec, closer, defender, **options):
    result = score_round(
        spec, ("A", cards(spec, closer)), [("B", cards(spec, defender))], **options
    )
    return result.close, result.points()


# --- big gin -------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["search", "cpsat"])
def test_big_gin_ends_the_hand_without_a_discard_ranked_above_gin(backend):
    assert search.applies(GIN, cards(GIN, BIG_GIN))  # the compiled search models big gin
    result = solve_hand(GIN, cards(GIN, BIG_GIN), backend=backend)
    assert (result.close, result.discard, result.deadwood_points) == ("big_gin", None, 0)
    assert sorted(len(m) for m in result.melds) == [3, 4, 4]
    # Every discard is still ranked: four of them leave gin.
    assert [d.close for d in result.discards[:4]] == ["gin"] * 4
    assert result.close_score == 0


def test_a_batch_answers_big_gin_from_the_decks_table_too():
    hands = [BIG_GIN, BIG_GIN.split()] * (search.BATCH // 2 + 2)
    spec = rules_for("gin-rummy")  # the rules solve_many reads: other tests may evict GIN
    answers = solve_many("gin-rummy", hands)
    assert search._per_spec(spec).table is not None  # the deck's table answered them
    assert {(a.close, a.discard) for a in answers} == {("big_gin", None)}
    assert answers[-1] == solve_hand(spec, cards(spec, BIG_GIN))


def test_eleven_cards_that_make_gin_only_after_a_discard_are_gin():
    result = solve_hand(GIN, cards(GIN, "AS 2S 3S 4H 4D 4C 7C 8C 9C TC KD"))
    assert (result.close, result.discard) == ("gin", "KD")


def test_big_gin_scores_the_defenders_deadwood_plus_its_bonus():
    assert points(GIN, BIG_GIN, DEFENDER) == ("big_gin", {"A": 37 + 31, "B": 0})
    fifty = rules_for("gin-rummy", variant={"big_gin_bonus": 50})
    assert points(fifty, BIG_GIN, DEFENDER) == ("big_gin", {"A": 37 + 50, "B": 0})


def test_no_lay_off_on_big_gin():
    # The defender's 5S would go on A-4S, and its 8C on 9C-QC, after a knock; not after big gin.
    result = score_round(
        GIN, ("A", cards(GIN, BIG_GIN)), [("B", cards(GIN, "5S 8C 6H 7H 8H KD KH JD 2D 3C"))]
    )
    assert result.close == "big_gin" and not result.lay_off
    assert result.players[1].lay_offs == ()
    assert result.points() == {"A": 5 + 8 + 10 + 10 + 10 + 2 + 3 + 31, "B": 0}


def test_the_card_taken_from_the_pozo_is_not_the_going_out_discard(capsys, monkeypatch):
    # Gin with the 9D discarded, but the 9D was just taken: knock with it instead.
    hand = "AS 2S 3S 4S 5H 5D 5C 9C TC JC 9D"
    run = mazo(capsys, monkeypatch, "solve", "gin", "--drawn-from-pozo", "9D", hand, "--json")
    data = json.loads(run.out)
    assert (data["close"], data["discard"]) == ("knock", "4S")
    assert mazo(capsys, monkeypatch, "solve", "gin", hand, "--json").out.count('"gin"') >= 1
    run = mazo(
        capsys, monkeypatch, "score", "gin", "--drawn-from-pozo", "9D", "--json",
        *("--cutter", hand, "--rival", f"B={DEFENDER}"),
    )  # fmt: skip
    data = json.loads(run.out)
    assert (data["close"], data["discard"]) == ("knock", "4S")


def test_the_table_after_a_knock_shows_the_lay_offs(capsys, monkeypatch):
    run = mazo(
        capsys, monkeypatch, "score", "gin", "--json",
        *("--cutter", KNOCKER, "--rival", f"B={KNOCK_DEFENDER}"),
    )  # fmt: skip
    data = json.loads(run.out)
    assert data["closer_melds"] == [["AS", "2S", "3S"], ["7H", "7D", "7C"], ["KH", "KD", "KC"]]
    assert data["table_after_lay_offs"] == [
        ["AS", "2S", "3S", "4S", "5S"],
        ["7H", "7D", "7C"],
        ["KS", "KH", "KD", "KC"],
    ]


# --- Oklahoma ------------------------------------------------------------------------------------


def test_oklahoma_upcard_sets_the_knock_limit_and_a_spade_doubles():
    # The knocker holds 2 loose points, the defender 18 after laying off: 16 for the knocker.
    assert points(OKLAHOMA, KNOCKER, KNOCK_DEFENDER, upcard=cards(GIN, "2H")[0])[1] == {
        "A": 16,
        "B": 0,
    }
    assert points(OKLAHOMA, KNOCKER, KNOCK_DEFENDER, upcard=cards(GIN, "3S")[0])[1] == {
        "A": 32,
        "B": 0,
    }
    with pytest.raises(IllegalHandError, match="2 points of deadwood"):  # an ace: gin only
        points(OKLAHOMA, KNOCKER, KNOCK_DEFENDER, upcard=cards(GIN, "AH")[0])
    # A gin under a spade: (37 + 25) × 2.
    gin = "AS 2S 3S 4S 5H 5D 5C 9C TC JC"
    defender = "4H 5S 8H 9H TH QH KS AD 3D 4C"
    assert points(OKLAHOMA, gin, defender, upcard=cards(GIN, "AS")[0])[1] == {"A": 124, "B": 0}


def test_oklahoma_doubles_an_undercut_too():
    # Knocker 9 loose (9D), defender 3 (AD 2C) after its melds: undercut 9 - 3 + 25 = 31, × 2.
    knocker = "AS 2S 3S 7H 7D 7C KD KC KH 9D"
    defender = "4H 5H 6H 8S 8D 8C JS JD JH AD"
    plain = points(OKLAHOMA, knocker, defender, upcard=cards(GIN, "TD")[0])[1]
    doubled = points(OKLAHOMA, knocker, defender, upcard=cards(GIN, "TS")[0])[1]
    assert plain == {"A": 0, "B": 9 - 1 + 25}
    assert doubled == {"A": 0, "B": 2 * (9 - 1 + 25)}


def test_an_upcard_without_oklahoma_is_refused():
    with pytest.raises(OptionError, match="Oklahoma is off"):
        points(GIN, KNOCKER, KNOCK_DEFENDER, upcard=cards(GIN, "3S")[0])
    conga = rules_for("conga")
    with pytest.raises(OptionError, match="no Oklahoma rule"):
        score_round(
            conga,
            ("A", cards(conga, "4o 5o 6o 9c 9e 9b 3e")),
            [("B", cards(conga, "7o 9o 2c 2e 5e 11c 11e"))],
            upcard=cards(conga, "3o")[0],
        )


# --- a game --------------------------------------------------------------------------------------


def game(tmp_path, text, **variant):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return play_game(rules_for("gin-rummy", variant=variant), read_sheet(path))


# Ana wins hands 1, 3 and 4 and reaches 106; Beto wins hand 2. Ana: 106 + 3 lines × 25 + 100 =
# 281; Beto: 20 + 25 = 45; Ana wins by 236.
WORKED = """players: [Ana, Beto]
hands:
  - {Ana: 30, Beto: 0}
  - {Ana: 0, Beto: 20}
  - {Ana: 45, Beto: 0}
  - {Ana: 31, Beto: 0}
"""


def test_a_worked_game_lines_game_bonus_and_margin(tmp_path):
    result = game(tmp_path, WORKED)
    assert result.winner == "Ana" and result.totals == {"Ana": 106, "Beto": 20}
    assert result.boxes == {"Ana": 3, "Beto": 1}
    assert {p: s.total for p, s in result.final.items()} == {"Ana": 281, "Beto": 45}
    assert result.margin == 236
    assert not result.final["Ana"].shutout


def test_a_shutout_doubles_the_winners_score(tmp_path):
    text = (
        "players: [Ana, Beto]\nhands:\n"
        "  - {Ana: 60, Beto: 0}\n  - {Ana: 0, Beto: 0}\n  - {Ana: 50, Beto: 0}\n"
    )
    result = game(tmp_path, text)
    # (110 + 2 × 25 + 100) × 2 = 520; the void hand 2 is nobody's line.
    assert result.final["Ana"].total == 520 and result.final["Ana"].shutout
    assert result.boxes == {"Ana": 2, "Beto": 0}
    assert game(tmp_path, text, shutout=False).final["Ana"].total == 260
    assert game(tmp_path, text, line_bonus=20, game_target=150).winner is None


def test_a_game_from_cards_with_big_gin_and_an_upcard(tmp_path):
    text = f"""players: [Ana, Beto]
hands:
  - cutter: Ana
    upcard: 7D
    cards: {{Ana: {BIG_GIN}, Beto: {DEFENDER}}}
  - cutter: Beto
    upcard: 3S
    cards: {{Beto: {KNOCKER}, Ana: {KNOCK_DEFENDER}}}
"""
    result = game(tmp_path, text, oklahoma=True, game_target=100)
    assert [line.points for line in result.lines] == [
        {"Ana": 68, "Beto": 0},
        {"Ana": 0, "Beto": 32},
    ]
    assert result.lines[0].round.close == "big_gin"
    assert result.winner is None


@pytest.mark.parametrize(
    "rows, message",
    [
        ("  - {Ana: 10, Beto: 5}\n", "only the hand's winner scores"),
        ("  - {Ana: -3, Beto: 0}\n", "only the hand's winner scores"),
        ("  - {Ana: 120, Beto: 0}\n  - {Ana: 5, Beto: 0}\n", "already won by Ana"),
        ("  - {Ana: 10, Beto: 0, upcard: 3S}\n", "upcard is given but the hand gives points"),
        (
            f"  - cutter: Ana\n    Ana: 30\n    cards: {{Ana: {KNOCKER}, Beto: {DEFENDER}}}\n",
            r"game.yaml:3 \(hand 1\): Ana has cards and points: give cards or points, not both",
        ),
        (
            f"  - cutter: Ana\n    close: gin\n    cards: {{Ana: {KNOCKER}, Beto: {DEFENDER}}}\n",
            # A row may write its close, which the cards must make.
            r"\(hand 1\): the cards make a Knock, not the Gin the row writes",
        ),
    ],
)
def test_bad_game_sheets_name_the_row(tmp_path, rows, message):
    with pytest.raises(InputError, match=message):
        game(tmp_path, "players: [Ana, Beto]\nhands:\n" + rows)


def test_a_start_total_is_refused_it_holds_no_lines(tmp_path):
    # Beto's 20 came from hands whose lines the sheet does not hold: no false shutout.
    text = "players: [Ana, Beto]\nstart: {Ana: 0, Beto: 20}\nhands:\n  - {Ana: 60, Beto: 0}\n"
    with pytest.raises(InputError, match=r"game.yaml:2: a game to a target has no start totals"):
        game(tmp_path, text)
    with pytest.raises(InputError, match="no start totals"):
        game(tmp_path, text.replace("20}", "-5}"))
    assert game(tmp_path, text.replace("20}", "0}")).boxes == {"Ana": 1, "Beto": 0}


def test_a_game_is_for_two(tmp_path):
    with pytest.raises(InputError, match=r"game.yaml:1: gin-rummy is a game for two"):
        game(tmp_path, "players: [A, B, C]\nhands:\n  - {A: 1, B: 0, C: 0}\n")


# --- independent calculations ---------------------------------------------------------------------


def independent_game(hands, target, line_bonus, game_bonus, shutout):
    """A plain fold over (winner, points) pairs: the rules as a player at the table keeps them."""
    total = {"A": 0, "B": 0}
    won = {"A": 0, "B": 0}
    winner = None
    for who, value in hands:
        if who is not None:
            total[who] += value
            won[who] += 1
            if total[who] >= target:
                winner = who
    final = {}
    for player, other in (("A", "B"), ("B", "A")):
        score = total[player] + won[player] * line_bonus
        if player == winner:
            score += game_bonus
            if shutout and won[other] == 0:
                score *= 2
        final[player] = score
    return winner, final


@pytest.mark.parametrize("seed", range(2))
def test_random_games_agree_with_a_plain_fold(tmp_path, seed):
    rng = random.Random(f"gin-game-{seed}")
    seen = Counter()
    for number in range(size(50, 250)):
        target = rng.choice([100, 150, 250])
        line_bonus = rng.choice([20, 25])
        shutout = rng.random() < 0.5
        hands, winner = [], None
        # Some games stop short of the target; some are one-sided (a shutout, with it on).
        longest = rng.choice([6, 40, 40])
        sides = rng.choice([["A", "B", "A", None], ["A", "A", None]])
        while winner is None and len(hands) < longest:
            who = rng.choice(sides)
            hands.append((who, rng.randint(1, 70) if who else 0))
            winner, final = independent_game(hands, target, line_bonus, 100, shutout)
        rows = "".join(
            f"  - {{A: {v if w == 'A' else 0}, B: {v if w == 'B' else 0}}}\n" for w, v in hands
        )
        result = game(
            tmp_path,
            "players: [A, B]\nhands:\n" + rows,
            game_target=target,
            line_bonus=line_bonus,
            shutout=shutout,
        )
        assert result.winner == winner, number
        assert {p: s.total for p, s in result.final.items()} == final, number
        seen["won" if winner else "open"] += 1
        seen["shutout"] += any(s.shutout for s in result.final.values())
    assert seen["won"] and seen["open"] and seen["shutout"], seen


def random_big_gin(spec, rng):
    """Eleven cards in melds: a partition of 11 into runs and sets, dealt without overlap."""
    deck = spec.deck
    while True:
        parts = rng.choice([(3, 4, 4), (3, 3, 5), (4, 7), (5, 6), (3, 8)])
        hand: list = []
        for length in parts:
            if length <= 4 and rng.random() < 0.5:
                rank = rng.choice(deck.ranks)
                meld = rng.sample([c for c in deck.all_cards() if c.rank == rank], length)
            else:
                suit = rng.choice(deck.suits)
                start = rng.randrange(len(deck.ranks) - length + 1)
                ranks = deck.ranks[start : start + length]
                meld = [c for c in deck.all_cards() if c.suit == suit and c.rank in ranks]
            hand += meld
        if len(set(hand)) == 11:
            return hand


@pytest.mark.parametrize("chunk", range(2))
def test_random_big_gins_score_as_the_brute_force_says(chunk):
    rng = random.Random(f"big-gin-{chunk}")
    for number in range(size(40, 250)):
        bonus = rng.choice([31, 50])
        spec = rules_for("gin-rummy", variant={"big_gin_bonus": bonus, "oklahoma": True})
        hand = random_big_gin(spec, rng)
        assert reference.closes_without_discard(spec, hand) == "big_gin"
        if number % 10 == 0:  # CP-SAT, slower, on a tenth of them: the same close, no discard
            exact = solve_hand(spec, hand, backend="cpsat")
            assert (exact.close, exact.discard) == ("big_gin", None)
        rest = list((Counter(spec.deck.all_cards()) - Counter(hand)).elements())
        rng.shuffle(rest)
        defender, upcard = rest[:10], rest[10]
        result = score_round(spec, ("A", hand), [("B", defender)], upcard=upcard)
        double = 2 if upcard.suit == "S" else 1
        expected = (reference.min_deadwood(spec, defender) + bonus) * double
        assert (result.close, result.discard) == ("big_gin", None)
        assert result.points() == {"A": expected, "B": 0}, spec.deck.codes(hand)


@pytest.mark.parametrize("chunk", range(2))
def test_random_oklahoma_knocks_score_as_the_brute_force_says(chunk):
    """Knocks (random_round deals a hand that knocks at 10) under a random upcard: refused above
    the upcard's limit, else the difference or the undercut, doubled under a spade."""
    rng = random.Random(f"oklahoma-{chunk}")
    seen = Counter()
    for _ in range(size(40, 250)):
        kept, _, rivals = random_round(GIN, rng)
        defender = rivals[0]
        rest = list((Counter(GIN.deck.all_cards()) - Counter(kept) - Counter(defender)).elements())
        upcard = rng.choice(rest)
        mine = reference.min_deadwood(GIN, kept)
        limit = 0 if upcard.rank == 1 else GIN.value(upcard)
        where = f"{GIN.deck.codes(kept)} / {GIN.deck.codes(defender)} / {GIN.deck.code(upcard)}"
        if mine > limit:
            with pytest.raises(IllegalHandError):
                score_round(OKLAHOMA, ("A", kept), [("B", defender)], upcard=upcard)
            seen["refused"] += 1
            continue
        result = score_round(OKLAHOMA, ("A", kept), [("B", defender)], upcard=upcard)
        table = [list(m.cards) for m in result.closer_melds]
        kinds = [GIN.meld_kind(m.kind) for m in result.closer_melds]
        theirs, _ = reference_acomodo(GIN, defender, table, kinds, allow_joker=False)
        undercut = theirs <= mine
        expected = {"A": 0, "B": mine - theirs + 25} if undercut else {"A": theirs - mine, "B": 0}
        double = 2 if upcard.suit == "S" else 1
        assert result.points() == {p: v * double for p, v in expected.items()}, where
        seen["undercut" if undercut else "knock"] += 1
        seen["doubled"] += double == 2
    assert seen["refused"] and seen["knock"] and seen["doubled"], seen  # undercuts: worked above


# --- the commands --------------------------------------------------------------------------------


def test_puzzles_ask_no_discard_of_a_big_gin():
    from mazo.puzzles.kinds import pose_best_discard, pose_can_cut

    result = solve_hand(GIN, cards(GIN, BIG_GIN))
    assert pose_best_discard(GIN, result) is None and pose_can_cut(GIN, result) is None


def test_score_and_solve_take_the_upcard(capsys, monkeypatch):
    run = mazo(
        capsys,
        monkeypatch,
        *("score", "gin", "--variant", "oklahoma=true", "--upcard", "3S", "--json"),
        *("--cutter", KNOCKER, "--rival", f"B={KNOCK_DEFENDER}"),
    )
    data = json.loads(run.out)
    assert (data["upcard"], data["multiplier"], data["points"]) == ("3S", 2, {"cutter": 32, "B": 0})
    run = mazo(capsys, monkeypatch, "solve", "gin", KNOCKER + " 9C", "--upcard", "AC", "--json")
    assert run.code == 2 and "Oklahoma is off" in run.err
    run = mazo(
        capsys, monkeypatch, "solve", "gin", KNOCKER + " 9C", "--json",
        *("--variant", "oklahoma=true", "--upcard", "AC"),
    )  # fmt: skip
    assert json.loads(run.out)["close"] is None  # 2 loose points, and an ace allows gin only


def test_solve_and_score_say_what_the_upcard_did_in_gins_words(capsys, monkeypatch):
    oklahoma = ("--variant", "oklahoma=true")
    run = mazo(capsys, monkeypatch, "solve", "gin", KNOCKER + " 9C", *oklahoma, "--upcard", "3S")
    assert re.search(r"^Close +Knock$", run.out, re.M)
    assert (
        "Oklahoma, upcard 3♠: knock with 3 points of deadwood or fewer; the hand's points × 2"
        in run.out
    )
    run = mazo(
        capsys, monkeypatch, "solve", "gin", KNOCKER + " 9C", *oklahoma, "--upcard", "3S", "--json"
    )
    data = json.loads(run.out)
    assert (data["upcard"], data["multiplier"], data["close"]) == ("3S", 2, "knock")
    assert "upcard" not in json.loads(
        mazo(capsys, monkeypatch, "solve", "gin", KNOCKER, "--json").out
    )
    run = mazo(capsys, monkeypatch, "solve", "gin", KNOCKER + " 9C", *oklahoma, "--upcard", "AH")
    assert re.search(r"^Close +no knock$", run.out, re.M) and "no knock, gin only" in run.out
    run = mazo(capsys, monkeypatch, "solve", "gin", BIG_GIN + " KC")  # 12 cards, all melded
    assert "not judged: a close is judged on 10 cards (or 11 with the discard), not 12" in run.out
    assert "no cut" not in run.out
    run = mazo(
        capsys, monkeypatch, "score", "gin", *oklahoma, "--upcard", "3S",
        *("--cutter", KNOCKER, "--rival", f"B={KNOCK_DEFENDER}"),
    )  # fmt: skip
    assert "Oklahoma, upcard 3♠: knock with 3 points of deadwood or fewer" in run.out
    run = mazo(
        capsys, monkeypatch, "score", "gin",
        *("--cutter", "AS 2S 3S 7H 7D 7C KD KC KH 9D"),
        *("--rival", "B=4H 5H 6H 8S 8D 8C JS JD JH AD"),
    )  # fmt: skip
    assert "B  undercuts" in run.out and "passes" not in run.out


def test_oklahoma_without_an_upcard_is_refused_or_said(capsys, monkeypatch, tmp_path):
    oklahoma = ("--variant", "oklahoma=true")
    run = mazo(
        capsys, monkeypatch, "score", "gin", *oklahoma,
        *("--cutter", KNOCKER, "--rival", f"B={KNOCK_DEFENDER}"),
    )  # fmt: skip
    assert run.code == 2 and run.err.count("\n") == 1 and "every hand has an upcard" in run.err
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(
        f"players: [A, B]\nhands:\n  - cutter: A\n    cards: {{A: {KNOCKER}, B: {DEFENDER}}}\n"
    )
    run = mazo(capsys, monkeypatch, "match", "gin", sheet, *oklahoma)
    assert (
        run.code == 2
        and "sheet.yaml:3 (hand 1): under Oklahoma every hand has an upcard" in run.err
    )
    run = mazo(capsys, monkeypatch, "advise", "gin", KNOCKER, *oklahoma)
    assert run.code == 2 and "advise plays without Oklahoma" in run.err
    run = mazo(capsys, monkeypatch, "solve", "gin", KNOCKER + " 9C", *oklahoma)
    assert run.code == 0 and "Oklahoma without --upcard: solved at knock_limit, 10" in run.out


def test_the_game_sheet_pdf_shows_the_boxes_and_the_final_scores(capsys, monkeypatch, tmp_path):
    from pypdf import PdfReader

    sheet = tmp_path / "game.yaml"
    sheet.write_text(WORKED, encoding="utf-8")
    pdf, again = tmp_path / "game.pdf", tmp_path / "again.pdf"
    run = mazo(capsys, monkeypatch, "match", "gin", sheet, "--pdf", pdf, "--lang", "en", "--json")
    data = json.loads(run.out)
    assert data["winner"] == "Ana" and data["margin"] == 236
    assert data["final"]["Ana"] == {
        "points": 106, "lines": 3, "line_points": 75, "game_bonus": 100,
        "shutout": False, "total": 281,
    }  # fmt: skip
    text = PdfReader(pdf).pages[0].extract_text()
    for words in ("■ line 3", "3 × 25 = 75", "281", "45", "Ana wins, by 236 points.", "target 100"):
        assert words in text, words
    mazo(capsys, monkeypatch, "match", "gin", sheet, "--pdf", again, "--lang", "en")
    assert pdf.read_bytes() == again.read_bytes()
    es = tmp_path / "es.pdf"
    mazo(capsys, monkeypatch, "match", "gin", sheet, "--pdf", es, "--lang", "es")
    assert "Gana Ana, por 236 puntos." in PdfReader(es).pages[0].extract_text()


def test_the_sheets_show_oklahoma_and_each_hands_upcard(capsys, monkeypatch, tmp_path):
    from pypdf import PdfReader

    sheet = tmp_path / "okla.yaml"
    sheet.write_text(
        f"""players: [Ana, Beto]
hands:
  - cutter: Beto
    upcard: 3S
    cards: {{Beto: {KNOCKER}, Ana: {KNOCK_DEFENDER}}}
""",
        encoding="utf-8",
    )
    pdf = tmp_path / "okla.pdf"
    args = ("match", "gin", sheet, "--variant", "oklahoma=true")
    run = mazo(capsys, monkeypatch, *args, "--pdf", pdf, "--lang", "en")
    assert "line 25, game 100, Oklahoma" in run.out and "+32 → 32 ■ · 3♠ ×2" in run.out
    text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "a shutout doubles · Oklahoma" in text and "line 1 · 3♠ ×2" in text
    assert json.loads(mazo(capsys, monkeypatch, *args, "--json").out)["oklahoma"] is True


@pytest.mark.parametrize(("rows", "blank"), [("  - {Ana: 120, Beto: 0}\n", 0), ("", 12)])
def test_blank_rows_to_carry_on_only_while_the_game_is_open(tmp_path, monkeypatch, rows, blank):
    import mazo.templates.scoresheet as gamesheet
    from mazo.views.score_sheets import write_game_sheet

    asked = []
    real = gamesheet.grid
    monkeypatch.setattr(
        gamesheet, "grid", lambda *a, **k: asked.append(k["blank_until"]) or real(*a, **k)
    )
    result = game(tmp_path, "players: [Ana, Beto]\nhands:\n  - {Ana: 10, Beto: 0}\n" + rows)
    write_game_sheet(tmp_path / "g.pdf", GIN, result, lang="en")
    # the final scores' grid first (the hands' is measured with what goes below it), then the
    # hands' (more than once when its chart might not fit)
    assert asked[0] == 0 and set(asked[1:]) == {blank}, asked


def test_a_long_games_chart_keeps_its_labels_apart_and_its_legend_on_the_page():
    from mazo.templates.chart import totals_chart
    from mazo.templates.document import Chart
    from mazo.templates.fonts import register_fonts
    from mazo.templates.scoresheet import chart_width
    from reportlab.graphics.shapes import String
    from reportlab.pdfbase.pdfmetrics import stringWidth

    font = register_fonts()["regular"]
    players = ("Ana Lucía Fernández de la Serna y Ortiz de Zárate, de Montevideo", "Beto")
    paths = {p: [(h, 3 * h) for h in range(42)] for p in players}
    chart = Chart(
        title="",
        players=players,
        paths=paths,
        hands=41,
        line_value=100,
        line_label="target 100",
        line_colour="score_ink",
        start_label="start",
    )
    drawing = totals_chart(chart, chart_width(), 150, font=font)
    strings = [d for d in drawing.contents if isinstance(d, String)]
    axis = sorted((d for d in strings if d.y == min(s.y for s in strings)), key=lambda d: d.x)
    assert 5 <= len(axis) < 42 and axis[0].text == "start"
    for a, b in itertools.pairwise(axis):  # centred: half of each width on either side
        room = (stringWidth(a.text, font, 7) + stringWidth(b.text, font, 7)) / 2
        assert b.x - a.x > room, (a.text, b.text)
    legend = [d for d in strings if d.fontSize == 8]
    # the players and the target's line
    assert sorted(d.text[:3] for d in legend) == ["Ana", "Bet", "tar"]
    assert next(d for d in legend if d.text.startswith("Ana")).text.endswith("…")
    for d in legend:
        assert d.x + stringWidth(d.text, font, 8) <= drawing.width


def test_the_book_plays_the_worked_game_as_the_sheet_does():
    """The rulebook's short game is WORKED above, played by hand: its table says the same."""
    from mazo.rulebooks.book import build_book
    from mazo.templates.markdown import to_markdown

    text = to_markdown(build_book(GIN, "en"))
    assert "| 4 | +31 → 106 ■ | 20 |" in text and "| 2 | 30 | +20 → 20 ■ |" in text
    assert "| ■■■ 3 × 25 = 75 | ■ 1 × 25 = 25 |" in text  # lines marked as the planilla marks them
    assert "| Total | **281** | **45** |" in text and "Ana wins, by 236 points." in text
    assert "| 5 |" not in text  # the game ends at the target


def test_games_lists_the_new_options(capsys, monkeypatch):
    out = mazo(capsys, monkeypatch, "games").out
    for option in ("big_gin_bonus", "oklahoma", "line_bonus", "shutout", "game_target"):
        assert option in out


@pytest.mark.parametrize(
    "rules, message",
    [
        ("extends: gin-rummy\nscoring: {close_bonus: {nope: 5}}\n", "no close 'nope'"),
        (
            "extends: gin-rummy\nscoring: {oklahoma: {close: knock, doubling_suit: X}}\n",
            "expected one of S, H, D, C",
        ),
        ("extends: gin-rummy\ncloses: {big_gin: {no_discard: 1}}\n", "expected true or false"),
        ("extends: conga\nmatch: {shutout: true}\n", "belongs to a game played to a target"),
    ],
)
def test_the_new_rule_data_is_typed(tmp_path, rules, message):
    from mazo.solver.errors import SpecError
    from mazo.solver.spec.load import load_spec

    path = tmp_path / "rules.yaml"
    path.write_text(rules, encoding="utf-8")
    with pytest.raises(SpecError, match=message):
        load_spec(rules=path)
