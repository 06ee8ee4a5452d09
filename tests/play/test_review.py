"""`mazo review`: each decision of a player in a record, judged by the solitaire model.

The views the review rebuilds are the very views the engine gave the players (a spy at every
seat writes them down); the fastest bot is 100 % accurate in Conga by construction and a novice
is not; the costs and grades of positions are checked against the odds table read directly (and,
for Gin, against a count of the unseen cards that let the hand knock); the command speaks both
languages in 80 columns, its JSON has the keys it promises, its PDF reads back and renders, and
bad inputs are one line and exit 2.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from mazo.cardtext import cell_width
from mazo.solver.api import rules_for
from mazo.solver.game.bots import make_level
from mazo.solver.game.engine import Game, Seat
from mazo.solver.game.judge import CHANCE, TURNS, Judge
from mazo.solver.game.record import read_record, record_line
from mazo.solver.game.review import Met, judged, met, review
from mazo.solver.game.view import Play, View
from mazo.solver.mechanisms.rummy.analysis import solve_hand
from mazo.solver.play import odds
from mazo.solver.play.advise import advise_with
from mazo.templates.markdown import to_markdown
from mazo.views.review_sheet import review_sheet

from tests.commands import mazo
from tests.conftest import FORTY
from tests.soak import size

CONGA = rules_for("conga", variant=FORTY)
GIN = rules_for("gin-rummy")
# The grades as the issue states them, in turns and in points of chance.
TURN_GRADES = ((1.0, "blunder"), (0.5, "mistake"), (0.2, "inaccuracy"))
POINT_GRADES = ((20.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))


@pytest.fixture(autouse=True)
def forty_in_memory(forty_table, monkeypatch):
    """The 40-card Conga table is the session's own build; no table is kept on disk."""
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    spec, table = forty_table
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), table)


class Spy:
    """A player that writes down every view it is given, then answers as its player does."""

    def __init__(self, player, seen: list):
        self.player, self.seen = player, seen

    def draw(self, view: View) -> str:
        self.seen.append(("draw", view))
        return self.player.draw(view)

    def discard(self, view: View) -> Play:
        self.seen.append(("discard", view))
        return self.player.discard(view)

    def reenter(self, view: View) -> bool:
        return self.player.reenter(view)


@cache
def game(name: str, levels: tuple[str, ...], seed: int, rounds: int, **variant):
    """A game's events and, by player, the views the engine gave each one."""
    spec = rules_for(name, variant=variant)
    seen: dict[str, list] = {}
    names = ["Ana", "Beto", "Caro"][: len(levels)]
    seats = [
        Seat(n, Spy(make_level(spec, level, seed + i), seen.setdefault(n, [])), level)
        for i, (n, level) in enumerate(zip(names, levels, strict=True))
    ]
    outcome = Game(spec, seats, seed=seed, max_rounds=rounds).play()
    return outcome.events, seen


def saved(tmp_path: Path, events, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(record_line(e) for e in events), encoding="utf-8")
    return path


def fastest_game():
    return game("conga", ("fastest", "novice"), 5, 3, **FORTY)


def expected_grade(cost: float, table) -> str | None:
    return next((grade for threshold, grade in table if cost >= threshold), None)


# --- what the player saw -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "levels", "variant"),
    [
        ("conga", ("novice", "greedy", "novice"), FORTY),
        ("chinchon", ("greedy", "novice"), {}),
        ("gin-rummy", ("novice", "greedy"), {"knock_limit": 0}),
    ],
)
def test_the_views_rebuilt_are_the_views_the_engine_gave(name, levels, variant, tmp_path):
    events, seen = game(name, levels, 16, 3, **variant)
    record = read_record(saved(tmp_path, events))
    for player, views in seen.items():
        # A draw when the pozo may not be taken is no decision: the stock is the only draw.
        given = [(d, v) for d, v in views if d == "discard" or v.may_take]
        rebuilt = [(m.decision, m.view) for m in met(record, player)[0]]
        assert rebuilt == given
    if name == "gin-rummy":  # the first upcard offered, and passed by both (the stock only)
        views = [v for given in seen.values() for _, v in given]
        assert any(v.offer for v in views) and any(v.pozo and not v.may_take for v in views)


# --- the fastest play, and the others ------------------------------------------------------------


def test_the_fastest_bot_is_always_accurate_and_a_novice_is_not(tmp_path):
    events, _ = fastest_game()
    record = read_record(saved(tmp_path, events))
    judge = Judge(record.spec)
    fastest = review(record, "Ana", judge=judge)
    assert fastest.summary.decisions > 10 and fastest.summary.accuracy == 1.0
    assert fastest.summary.cost == 0 and not fastest.summary.worst
    assert all(d.played == d.best and d.grade is None for d in fastest.decisions)
    assert {d.kind for d in fastest.decisions} == {"draw", "discard", "cut"}
    novice = review(record, "Beto", judge=judge)
    assert novice.summary.accuracy < 1 and novice.summary.cost > 0
    assert novice.summary.inaccuracies + novice.summary.mistakes + novice.summary.blunders > 0


@pytest.mark.parametrize("name", ["conga", "chinchon"])
def test_the_fastest_bot_is_always_accurate_over_many_games(name, tmp_path):
    """In the soak only (MAZO_SOAK=1): ten whole matches each, Chinchón's table built too."""
    if size(0, 1) == 0:
        pytest.skip("a soak test: MAZO_SOAK=1")
    for seed in range(100, 100 + size(0, 10)):
        events, _ = game(name, ("fastest", "novice", "fastest"), seed, 20, **FORTY)
        record = read_record(saved(tmp_path, events))
        for player in ("Ana", "Caro"):
            found = review(record, player)
            assert found.summary.accuracy == 1.0 and found.summary.cost == 0, (seed, player)


def _after_draw(hand: str, drawn: str, pozo: str = "11o", game_name: str = "conga") -> View:
    """A's view after drawing `drawn` from the stock, the pozo thrown by B."""
    pile = pozo.split()
    return View(
        game=game_name,
        me="A",
        hand=hand.split(),
        pozo=pile,
        discards=[{"player": "B", "card": c, "taken_by": None} for c in pile],
        drawn={"card": drawn, "source": "stock"},
        stock_count=20,
        rivals=[{"name": "B", "cards": len(hand.split()) - 1, "total": 0}],
        round=1,
        totals={"A": 0, "B": 0},
    )


def _resting(hand: str, pozo: str, game_name: str = "conga", offer: bool = False) -> View:
    """A's view at a draw, the pozo thrown by B (an upcard offered was dealt: no one threw it)."""
    pile = pozo.split()
    return View(
        game=game_name,
        me="A",
        hand=hand.split(),
        pozo=pile,
        discards=[] if offer else [{"player": "B", "card": c, "taken_by": None} for c in pile],
        drawn=None,
        stock_count=20,
        rivals=[{"name": "B", "cards": len(hand.split()), "total": 0}],
        round=1,
        totals={"A": 0, "B": 0},
        offer=offer,
    )


def test_each_discard_is_graded_by_the_turns_the_table_gives_it(forty_table):
    spec, table = forty_table
    hand = "2b 4c 7c 10e 12c 7e 3b 5e"
    turns = {
        d.card: d.turns_to_cut
        for d in odds.drawn_odds(table, spec, spec.deck.parse_hand(hand)).discards
    }
    fewest = min(turns.values())
    judge = Judge(spec)
    view = _after_draw(hand, "5e")
    grades = set()
    for card, value in turns.items():
        found = judged(judge, Met(1, 1, 1, "discard", view, card, False))
        cost = round(value - fewest, 2)
        assert (found.kind, found.cost, found.best_value) == ("discard", cost, round(fewest, 4))
        assert found.grade == expected_grade(cost, TURN_GRADES), card
        assert found.best == "12c" and not found.missed_cut
        grades.add(found.grade)
    # the position reaches every grade, and a cost of 0.02 that is accurate but not the best
    assert grades == {None, "inaccuracy", "mistake", "blunder"}
    assert TURNS.is_accurate(round(turns["4c"] - fewest, 2), False)
    assert not TURNS.is_accurate(0.06, False) and TURNS.grade(0.199, False) is None


def test_a_missed_cut_is_a_blunder_costing_the_turns_of_the_cards_kept(forty_table):
    spec, table = forty_table
    judge = Judge(spec)
    view = _after_draw("1o 2o 3o 4o 5c 5e 5b 12b", "5b")
    cut = judged(judge, Met(1, 2, 5, "discard", view, "12b", True))
    assert (cut.kind, cut.cost, cut.grade, cut.missed_cut) == ("cut", 0.0, None, False)
    kept = spec.deck.parse_hand("1o 2o 3o 4o 5c 5e 5b")
    missed = judged(judge, Met(1, 2, 5, "discard", view, "12b", False))
    assert (missed.kind, missed.grade, missed.missed_cut) == ("cut", "blunder", True)
    assert missed.cost == round(odds.turns_to_cut(table, spec, kept), 2) > 0
    # a cost under every threshold still marks a missed cut a blunder
    assert TURNS.grade(0.0, True) == "blunder" and not TURNS.is_accurate(0.0, True)


def test_a_draw_costs_the_turns_of_taking_against_the_mean_of_drawing(forty_table):
    """The take and the blind draw worked out from the table: the take's best discard, and the
    mean over the unseen cards of each one's best discard."""
    spec, table = forty_table
    deck = spec.deck
    hand, top = "1o 2o 3o 5e 6e 11c 12b", "4o"
    cards = list(deck.parse_hand(hand))
    taken = deck.parse_card(top)
    take = odds.drawn_odds(table, spec, [*cards, taken], drawn_from_pozo=taken)
    unseen = [c for c in deck.all_cards() if c not in cards and c != taken]
    mean = sum(odds.drawn_odds(table, spec, [*cards, c]).discards[0].turns_to_cut for c in unseen)
    mean /= len(unseen)
    judge = Judge(spec)
    view = _resting(hand, top)
    options = judge.options(view, "draw")
    assert options.values["pozo"] == pytest.approx(take.discards[0].turns_to_cut, abs=1e-9)
    assert options.values["stock"] == pytest.approx(mean, abs=1e-9)
    values = {"pozo": take.discards[0].turns_to_cut, "stock": mean}
    worse = max(values, key=values.__getitem__)
    found = judged(judge, Met(1, 2, 5, "draw", view, worse, False))
    assert found.best != worse and found.kind == "draw" and found.pozo_top == top
    assert found.cost == round(abs(mean - values["pozo"]), 2) > 0
    assert found.grade == expected_grade(found.cost, TURN_GRADES)


def _knocks(spec, kept, unseen) -> float:
    """The points of chance that one card of `unseen` lets `kept` knock, counted one by one."""
    return 100 * sum(solve_hand(spec, [*kept, c]).can_cut for c in unseen) / len(unseen)


def test_gin_judges_each_discard_by_the_chance_to_knock_next_turn():
    deck = GIN.deck
    hand, pozo = "AS 2S 3S 4H 5H 6H 7C 8C 7H JH 2D", "4S 5S"
    judge = Judge(GIN)
    assert judge.model is CHANCE
    view = _after_draw(hand, "2D", pozo, "gin-rummy")
    cards = list(deck.parse_hand(hand))
    unseen = [c for c in deck.all_cards() if c not in cards and deck.code(c) not in pozo.split()]
    options = judge.options(view, "discard")
    assert not options.can_cut
    chances = {}
    for code in hand.split():
        kept = [c for c in cards if deck.code(c) != code]
        chances[code] = _knocks(GIN, kept, unseen)
        assert options.values[code] == pytest.approx(chances[code], abs=1e-9), code
    best = max(chances.values())
    assert options.values[options.fastest] == pytest.approx(best, abs=1e-9)
    grades = set()
    for code, chance in chances.items():
        found = judged(judge, Met(1, 1, 1, "discard", view, code, False))
        assert found.cost == round(best - chance, 2)
        assert found.grade == expected_grade(found.cost, POINT_GRADES)
        grades.add(found.grade)
    assert grades == {None, "inaccuracy", "mistake", "blunder"}


def test_gin_judges_taking_or_passing_the_upcard_by_the_two_turn_odds():
    hand, upcard = "AS 2S 3S 5H 6H 9C TC KD QH 4D", "7H"
    advice = advise_with(GIN, hand, pozo_top=upcard, horizon=2)
    judge = Judge(GIN)
    view = _resting(hand, upcard, "gin-rummy", offer=True)
    found = judged(judge, Met(1, 1, 3, "draw", view, "pass", False))
    take, draw = float(advice.take.cut_by_next_turn), float(advice.draw.cut_by_next_turn)
    assert found.best == "pozo" and take > draw
    assert found.cost == round(100 * (take - draw), 2)


def test_under_oklahoma_a_knock_is_judged_by_the_upcards_limit():
    from dataclasses import replace

    spec = rules_for("gin-rummy", variant={"oklahoma": True})
    judge = Judge(spec)
    view = _after_draw("AS 2S 3S 4H 5H 6H 7C 8C 9C KD 5D", "5D", "JH", "gin-rummy")
    for upcard, knocks in (("TD", True), ("3D", False)):  # 5 loose points left throwing KD
        options = judge.options(replace(view, upcard=upcard), "discard")
        assert options.can_cut is knocks and ("KD" in options.cutting) is knocks, upcard
        found = judged(judge, Met(1, 3, 7, "discard", replace(view, upcard=upcard), "KD", False))
        assert (found.kind == "cut", found.missed_cut) == (knocks, knocks)


# --- the command ---------------------------------------------------------------------------------


@pytest.fixture
def record(tmp_path) -> Path:
    return saved(tmp_path, fastest_game()[0])


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["the solitaire model: the rivals are not modelled", "Round 1", "Match"]),
        ("es", ["el modelo solitario: no se modelan los rivales", "Ronda 1", "Partida"]),
    ],
)
def test_the_review_reads_at_80_columns_in_each_language(lang, said, record, capsys, monkeypatch):
    run = mazo(capsys, monkeypatch, "review", record, "--player", "Beto", "--lang", lang)
    assert run.code == 0, run.err
    assert all(cell_width(line) <= 80 for line in run.out.splitlines())
    text = run.out.replace("\n", " ")
    for words in said:
        assert words.casefold() in text.casefold()
    found = review(read_record(record), "Beto")
    marks = {"inaccuracy": " ?!", "mistake": " ?", "blunder": " ??"}
    for grade in ("inaccuracy", "mistake", "blunder"):
        shown = sum(line.rstrip().endswith(marks[grade]) for line in run.out.splitlines())
        counted = sum(d.grade == grade for d in found.decisions)
        # each graded decision's row ends in its mark; the costliest moments (each round's in
        # one line, the match's one a line) repeat some
        assert counted <= shown <= counted + len(found.rounds) + len(found.summary.worst)


def test_a_grade_mark_is_never_alone_on_a_line(record, capsys, monkeypatch):
    from mazo.views.review import MARKS

    run = mazo(capsys, monkeypatch, "review", record, "--player", "Beto", "--lang", "en")
    marks = set(MARKS.values())
    assert run.code == 0 and any(m in run.out for m in marks)
    assert not [line for line in run.out.splitlines() if line.split() and line.split()[0] in marks]


def test_a_name_of_wide_characters_is_wrapped_by_the_columns_it_takes(record, capsys, monkeypatch):
    wide = "東京" * 5  # twenty columns, the longest name a game takes
    record.write_text(record.read_text(encoding="utf-8").replace("Beto", wide), encoding="utf-8")
    for lang in ("es", "en"):
        run = mazo(capsys, monkeypatch, "review", record, "--player", wide, "--lang", lang)
        assert run.code == 0 and wide in run.out, run.err
        assert max(cell_width(line) for line in run.out.splitlines()) in range(70, 81)


def test_the_experts_answer_is_shown_where_it_differs_from_the_fastest(record):
    """The expert plays as the fastest for now: a novice stands in for one that does not."""
    from mazo.views.review import view

    judge = Judge(CONGA)
    judge.expert = make_level(CONGA, "novice", 7)
    found = review(read_record(record), "Ana", judge=judge)
    differ = [d for d in found.decisions if d.expert != d.best]
    assert differ and all(d.cost == 0 for d in found.decisions)
    for lang, said in (("en", "(expert: "), ("es", "(experto: ")):
        lines = ["".join(text for text, _ in line) for line in view(found, lang) if line]
        assert sum(said in line for line in lines) == len(differ)
        assert all(cell_width(line) <= 80 for line in lines)


def test_the_json_has_the_keys_promised_whatever_the_language(record, capsys, monkeypatch):
    runs = [
        mazo(capsys, monkeypatch, "review", record, "--player", "Beto", "--json", "--lang", lang)
        for lang in ("es", "en")
    ]
    assert runs[0].code == 0 and runs[0].out == runs[1].out
    data = json.loads(runs[0].out)
    assert data["player"] == "Beto"
    assert data["model"]["description"] == "the solitaire model: the rivals are not modelled"
    assert data["model"]["unit"] == "turns"
    assert {"decisions", "accuracy", "cost", "inaccuracies", "mistakes", "blunders", "hints",
            "undos"} <= set(data["summary"])  # fmt: skip
    for decision in data["decisions"]:
        assert {"round", "turn", "kind", "played", "best", "cost", "grade"} <= set(decision)
        assert decision["kind"] in ("draw", "discard", "cut") and decision["cost"] >= 0
        assert decision["grade"] in (None, "inaccuracy", "mistake", "blunder")
    summary = data["summary"]
    assert summary["decisions"] == len(data["decisions"])
    assert summary["cost"] == pytest.approx(sum(d["cost"] for d in data["decisions"]), abs=1e-6)
    graded = [d["grade"] for d in data["decisions"]]
    assert summary["blunders"] == graded.count("blunder") and summary["hints"] == 0


def test_the_person_is_reviewed_without_naming_them_and_the_notes_are_counted(
    tmp_path, capsys, monkeypatch
):
    events = [dict(e) for e in fastest_game()[0]]
    events[0] = {**events[0], "seats": {"Ana": "human", "Beto": "novice"}, "training": True}
    hint = {"event": "hint", "round": 1, "player": "Ana", "decision": "draw"}
    undo = {"event": "undo", "round": 1, "player": "Ana", "decision": "discard", "answer": "4o"}
    events[3:3] = [hint, hint, undo, {**hint, "player": "Beto"}]
    run = mazo(capsys, monkeypatch, "review", saved(tmp_path, events), "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["player"] == "Ana" and (data["summary"]["hints"], data["summary"]["undos"]) == (
        2,
        1,
    )


def test_a_record_cut_short_is_reviewed_as_far_as_it_goes(tmp_path, capsys, monkeypatch):
    events = fastest_game()[0]
    end = max(i for i, e in enumerate(events) if e["event"] == "turn" and e["round"] == 2)
    path = saved(tmp_path, events[: end + 1])
    run = mazo(capsys, monkeypatch, "review", path, "--player", "Ana", "--lang", "en")
    assert run.code == 0, run.err
    assert "The record stops before the game's end" in run.out
    found = review(read_record(path), "Ana")
    assert not found.finished and {d.round for d in found.decisions} == {1, 2}


def test_the_pdf_reads_back_renders_and_prints_the_same_bytes(
    record, tmp_path, capsys, monkeypatch
):
    from pypdf import PdfReader

    pdfs = [tmp_path / "es.pdf", tmp_path / "again.pdf"]
    alone = mazo(capsys, monkeypatch, "review", record, "--player", "Beto", "--lang", "es")
    for pdf in pdfs:
        run = mazo(capsys, monkeypatch, "review", record, "--player", "Beto", "--pdf", pdf,
                   "--lang", "es")  # fmt: skip
        assert run.code == 0, run.err
        # as `mazo match --pdf`: the view as without --pdf, then where the PDF went
        assert run.out == f"{alone.out}escrito: {pdf}\n"
    assert pdfs[0].read_bytes() == pdfs[1].read_bytes()
    text = " ".join(page.extract_text() for page in PdfReader(pdfs[0]).pages)
    text = " ".join(text.split())
    for words in ("Análisis de la partida", "Beto", "no se modelan los rivales", "Ronda 1",
                  "Los momentos más costosos", "Más rápida"):  # fmt: skip
        assert words in text
    # the same sheet in English, as its Markdown says it
    sheet = to_markdown(review_sheet(review(read_record(record), "Beto"), "en"))
    assert "# Game review" in sheet and "the rivals are not modelled" in sheet
    assert "## Round 1" in sheet and "Contents" not in sheet
    if shutil.which("pdftoppm") is not None:
        subprocess.run(["pdftoppm", "-png", "-r", "70", str(pdfs[0]), str(tmp_path / "p")],
                       check=True)  # fmt: skip
        assert sorted(tmp_path.glob("p-*.png"))


@pytest.mark.parametrize(
    ("make", "args", "says"),
    [
        (lambda p: p.write_text("not a record\n"), [], "not JSON"),
        (None, ["--player", "Zoe"], "'Zoe' did not play in this game; its players: Ana, Beto"),
        (None, [], "say whose decisions to review with --player; its players: Ana, Beto"),
        (None, ["--player", "Ana", "--pdf", "-", "--json"], "and --json both print"),
    ],
)
def test_bad_inputs_are_one_line_and_exit_2(make, args, says, record, capsys, monkeypatch):
    if make is not None:
        make(record)
    run = mazo(capsys, monkeypatch, "review", record, *args, "--lang", "en")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and says in run.err, run.err
    # with --json the error is also the one JSON line on standard output
    assert run.out == "" if "--json" not in args else says in json.loads(run.out)["error"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["draws the ", " from the stock, whose top card is the ", "only a legal one is"]),
        ("es", ["roba el ", " del mazo, que tiene arriba el ", "solo se revisa uno legal"]),
    ],
)
def test_a_record_with_an_illegal_move_is_refused_in_one_line(
    lang, said, tmp_path, capsys, monkeypatch
):
    events = [dict(e) for e in fastest_game()[0]]
    at = next(i for i, e in enumerate(events) if e["event"] == "turn" and e.get("draw") == "stock")
    events[at]["card"] = "1o" if events[at]["card"] != "1o" else "2o"
    path = saved(tmp_path, events)
    run = mazo(capsys, monkeypatch, "review", path, "--player", "Ana", "--lang", lang)
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1
    assert run.err.startswith(f"mazo: error: {path}:{at + 1}: "), run.err
    assert all(words in run.err for words in said), run.err


@pytest.mark.parametrize(("lang", "said"), [("es", "Acá 1 de 2 decisiones"), ("en", "Here 1 of 2")])
def test_gin_says_why_its_costs_are_small_and_marks_the_decisions_out_of_reach(lang, said):
    """Far from a knock every answer's chance to knock by the next turn is 0: such a decision
    is shown with a dot, not a cost of 0.00 that reads as a good move, and the note above the
    table counts them; Conga's review has neither."""
    from mazo.solver.game.review import Decision, Review, RoundReview, summarize
    from mazo.views.review import view

    def decision(turn: int, value: float) -> Decision:
        return Decision(1, turn, 3, "discard", "KC", "QS", "QS", value, value, 0.0, None, False,
                        ("KC", "QS"), None)  # fmt: skip

    def shown(spec, model) -> str:
        decisions = (decision(1, 0.0), decision(2, 12.5))
        summary = summarize(decisions, model)
        found = Review("g.jsonl", spec, "Ana", "human", model, decisions,
                       (RoundReview(1, summary),), summary, 0, 0, True)  # fmt: skip
        return "\n".join(
            "".join(p[0] for p in line) if isinstance(line, list) else line
            for line in view(found, lang)
        )

    text = shown(rules_for("gin"), CHANCE)
    assert said in text
    rows = [line for line in text.splitlines() if line.lstrip().startswith(("1 ", "2 "))]
    assert rows[0].endswith("·") and rows[1].endswith(("0.00", "0,00")), rows
    assert "·" not in shown(rules_for("conga", variant=FORTY), TURNS).replace(" · ", "")


def test_the_pdf_sets_figures_ragged_nests_the_costliest_and_aligns_the_table(
    record, tmp_path, capsys, monkeypatch
):
    from mazo.templates import document as doc
    from pypdf import PdfReader

    sheet = review_sheet(review(read_record(record), "Beto"), "en")
    boxes = [b for b in sheet.front if isinstance(b, doc.Box)]
    # the costliest moments under their own title, not bullets beside the line that says so
    assert [b.title for b in boxes] == ["The match", "The costliest moments"]
    assert not any(i.startswith("The costliest") for b in boxes for i in b.items)
    summaries = [b for b in sheet.blocks if isinstance(b, doc.Paragraph) and " · " in b.text]
    assert summaries and all(p.ragged for p in summaries)
    pdf = tmp_path / "en.pdf"
    run = mazo(capsys, monkeypatch, "review", record, "--player", "Beto", "--pdf", pdf,
               "--lang", "en")  # fmt: skip
    assert run.code == 0, run.err
    starts: dict[str, float] = {}

    def seen(text, cm, tm, *_):
        starts.setdefault(text.strip(), cm[4] + tm[4])  # reportlab moves the origin, not the text

    PdfReader(pdf).pages[0].extract_text(visitor_text=seen)
    # the table's left edge is the boxes' (their text 10 points in, a cell's 6)
    assert abs((starts["Round"] - 6) - (starts["The match"] - 10)) < 1
