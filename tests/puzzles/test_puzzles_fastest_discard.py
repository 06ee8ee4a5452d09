"""Fastest-discard worksheets: every hand of the small odds spec posed exactly when the
plain-Python reference (its own cut check and value iteration) says the sheet's filter holds,
the key's turns the reference's; the PDF and key read back, print the same bytes again, and
games or rules without an odds table are refused in one line."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from itertools import combinations
from pathlib import Path

import pytest
from mazo.puzzles import fastest_discard
from mazo.puzzles.fastest_discard import GAIN, MARGIN, clear, pose_fastest_discard
from mazo.puzzles.generate import make_sheet
from mazo.puzzles.kinds import Position
from mazo.puzzles.pdf import KEY_FILE_WORD
from mazo.puzzles.wording import say
from mazo.solver.api import rules_for
from mazo.solver.cards import Card
from mazo.solver.plain import data
from mazo.solver.play import odds
from mazo.solver.play.odds import DiscardOdds, DrawnOdds
from pypdf import PdfReader

from tests.commands import mazo
from tests.odds_reference import Reference
from tests.soak import size

SMALL = Path(__file__).parents[1] / "odds-small.yaml"
pytestmark = pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")


@pytest.fixture(scope="module")
def rules(tmp_path_factory) -> str:
    """The small odds spec as a rules file that offers the kind."""
    path = tmp_path_factory.mktemp("small") / "small.yaml"
    path.write_text(SMALL.read_text() + "\npuzzles:\n  kinds: [fastest-discard]\n")
    return str(path)


@pytest.fixture(scope="module")
def reference():
    ref = Reference(range(1, 7), "oc", 4, {r: r for r in range(1, 7)}, 3, 2, 2, 2)
    return ref, ref.table()


@pytest.fixture
def no_cache(monkeypatch):
    """The table built in memory, as MAZO_NO_CACHE asks, and forgotten after the test."""
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    yield
    odds._MEMORY.clear()


def expected(ref: Reference, turns: dict, hand: frozenset) -> dict | None:
    """The sheet's filter by the reference: None when the hand is no puzzle, else the answer's
    discards and turns."""
    if any(ref.closes(hand - {d}) for d in hand):
        return None  # it cuts now
    after = {d: turns[hand - {d}] for d in hand}
    points = {d: ref.least_loose(hand - {d}) for d in hand}
    best = min(after, key=after.get)
    fewest = min(points.values())
    # turns within 1e-9 are the same turns (the reference's iteration stops a little short)
    if any(after[best] > after[d] - GAIN + 1e-9 for d in hand if points[d] == fewest):
        return None
    if any(after[d] < after[best] + MARGIN - 1e-9 for d in hand if d != best):
        return None
    return {"best": best, "after": after, "points": points, "fewest": fewest}


def code(card) -> str:
    return f"{card[0]}{card[1]}"


def test_every_hand_is_posed_exactly_when_the_reference_says_so(rules, reference, no_cache):
    spec = rules_for(None, rules=rules)
    ref, turns = reference
    posed = 0
    for hand in combinations(ref.deck, 5):
        want = expected(ref, turns, frozenset(hand))
        got = pose_fastest_discard(spec, Position(tuple(Card(r, s) for r, s in hand)))
        assert (got is None) == (want is None), hand
        if got is None or want is None:
            continue
        posed += 1
        answer = data(got.answer)
        after = {code(d): t for d, t in want["after"].items()}
        points = {code(d): p for d, p in want["points"].items()}
        assert answer["discard"] == code(want["best"])
        assert abs(answer["turns_to_cut"] - after[answer["discard"]]) < 1e-9
        assert answer["deadwood_points"] == points[answer["discard"]]
        kept = [c for m in answer["melds"] for c in m] + answer["deadwood"]
        assert sorted([*kept, answer["discard"]]) == sorted(map(code, hand))
        assert sum(int(c[:-1]) for c in answer["deadwood"]) == answer["deadwood_points"]
        fewest = answer["fewest_points_discard"]
        assert points[fewest] == want["fewest"] == answer["fewest_points_deadwood_points"]
        # of the discards that leave as few points, the key names the fastest
        assert after[fewest] == min(t for d, t in after.items() if points[d] == want["fewest"])
        assert abs(answer["fewest_points_turns_to_cut"] - after[fewest]) < 1e-9
        runner_up = min((t, d) for d, t in after.items() if d != answer["discard"])
        assert abs(answer["runner_up_turns_to_cut"] - runner_up[0]) < 1e-9
        check_choices(answer, after, points, [code(c) for c in hand])
    assert posed >= 20  # the filter leaves a sheet's worth among the 792 hands


def check_choices(answer: dict, after: dict, points: dict, hand: list[str]) -> None:
    """The discards a sheet offers: the answer, the fewest-points discard, and the fastest
    other discard that a student can tell apart (half a turn slower), leaves more points than
    the fewest and prints other turns than both, in the hand's order."""
    offered = [c["discard"] for c in answer["choices"]]
    best, fewest = answer["discard"], answer["fewest_points_discard"]
    slow = [d for d in hand if d not in (best, fewest) and points[d] != points[fewest]]
    shown = {f"{after[best]:.1f}", f"{after[fewest]:.1f}"}
    slow = [d for d in slow if after[d] >= after[best] + GAIN - 1e-9]
    slow = [d for d in slow if f"{after[d]:.1f}" not in shown]
    third = [min(slow, key=lambda d: (after[d], hand.index(d)))] if slow else []
    assert sorted(offered) == sorted({best, answer["fewest_points_discard"], *third})
    assert offered == sorted(offered, key=hand.index)  # the answer's place gives nothing away
    for choice in answer["choices"]:
        assert abs(choice["turns_to_cut"] - after[choice["discard"]]) < 1e-9
        assert choice["deadwood_points"] == points[choice["discard"]]
        if choice["discard"] != best:  # every wrong choice half a turn slower, or more
            assert choice["turns_to_cut"] >= after[best] + GAIN - 1e-9


def drawn(turns_and_points: dict[str, tuple[float, int]], fewest: str) -> DrawnOdds:
    discards = sorted(
        (
            DiscardOdds(card=c, turns_to_cut=t, deadwood_points=p, can_cut=False, close=None)
            for c, (t, p) in turns_and_points.items()
        ),
        key=lambda d: d.turns_to_cut,
    )
    return DrawnOdds(
        game="x",
        hand=tuple(turns_and_points),
        can_cut=False,
        discards=tuple(discards),
        fewest_points_discard=fewest,
    )


def test_the_filter_at_its_edges():
    # half a turn saved and a tenth to the next discard: kept (binary fractions, exact sums)
    assert clear(drawn({"a": (4.0, 9), "b": (4.125, 8), "c": (4.5, 5)}, "c"))
    assert not clear(drawn({"a": (4.0, 9), "b": (4.125, 8), "c": (4.375, 5)}, "c"))
    assert not clear(drawn({"a": (4.0, 9), "b": (4.0625, 8), "c": (4.5, 5)}, "c"))
    # a discard that leaves as few points and is not slow enough: a student counting points
    # may throw it, so the sheet has no answer that points alone miss
    assert not clear(drawn({"a": (4.0, 9), "b": (4.25, 5), "c": (4.5, 5)}, "c"))
    # the fastest itself leaves the fewest points: nothing to learn
    assert not clear(drawn({"a": (4.0, 5), "b": (4.25, 8), "c": (5.0, 5)}, "c"))


def test_no_two_choices_tie_on_the_fewest_points_or_print_the_same_turns():
    """Conga sheets over several seeds: two "fewest-points" twins once came up on most of them;
    now the key's fewest-points discard is the fastest of its twins and the third choice never
    ties with it, nor do two choices print the same turns."""
    spec = rules_for("conga")
    for seed in range(1, 1 + size(3, 20)):
        for puzzle in make_sheet(spec, "fastest-discard", 8, seed=seed).puzzles:
            answer = puzzle.answer
            points = [c.deadwood_points for c in answer.choices]
            assert points.count(min(points)) == 1, (seed, puzzle.number)
            assert min(points) == answer.fewest_points_deadwood_points
            printed = [f"{c.turns_to_cut:.1f}" for c in answer.choices]
            assert len(set(printed)) == len(printed), (seed, puzzle.number)


def sheet_args(rules: str, *more: str) -> list[str]:
    return ["puzzles", "odds-small", "--rules", rules, "--kind", "fastest-discard", *more]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_sheet_and_key_read_back_and_print_the_same_bytes(
    capsys, monkeypatch, tmp_path, rules, reference, no_cache, lang
):
    args = sheet_args(rules, "-n", "4", "--seed", "3", "--lang", lang)
    r = mazo(capsys, monkeypatch, *args, "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    ref, turns = reference
    for puzzle in data["puzzles"]:  # each position the reference's
        want = expected(ref, turns, frozenset((int(c[:-1]), c[-1]) for c in puzzle["hand"]))
        assert want is not None and code(want["best"]) == puzzle["answer"]["discard"]
    prints = []
    for folder in ("a", "b"):  # the same command twice (the key's reprint line names -o)
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        r = mazo(capsys, monkeypatch, *args, "--answers", "separate", "-o", "hoja.pdf")
        assert r.code == 0, r.err
        key = tmp_path / folder / f"hoja-{KEY_FILE_WORD[lang]}.pdf"
        prints.append(((tmp_path / folder / "hoja.pdf").read_bytes(), key.read_bytes()))
    assert prints[0] == prints[1]
    sheet, key = (
        " ".join(p.extract_text() for p in PdfReader(io.BytesIO(b)).pages) for b in prints[0]
    )
    sheet, key = " ".join(sheet.split()), " ".join(key.split())
    spec = rules_for(None, rules=rules)
    question = say(spec, lang, "puzzles.fastest-discard")
    assert question == (
        "¿Qué tirás para cortar antes?" if lang == "es" else "Which discard lets you cut soonest?"
    )
    assert question in sheet
    assert " ".join(say(spec, lang, "puzzles.fastest-discard.rule").split()) in sheet
    assert "turnos en promedio." not in sheet and "on average." not in sheet  # no answer on it
    mark = "," if lang == "es" else "."
    for puzzle in data["puzzles"]:
        answer = puzzle["answer"]
        for field in ("turns_to_cut", "fewest_points_turns_to_cut"):
            turns = f"{answer[field]:.1f}".replace(".", mark)
            assert f"{turns} {'turnos' if lang == 'es' else 'turns'}" in key
        said = "Tirá" if lang == "es" else "Discard"
        assert f"{said} {answer['discard']} (" in key
        assert answer["fewest_points_discard"] in key
        # The sheet offers the discards to tick; the key gives each one's turns.
        ticks = "    ".join(f"☐ {c['discard']}" for c in answer["choices"])
        assert (
            " ".join(say(spec, lang, "puzzles.fastest-discard.fill", choices=ticks).split())
            in sheet
        )
        for choice in answer["choices"]:
            assert f"{choice['turns_to_cut']:.1f}".replace(".", mark) in key
    if shutil.which("pdftoppm"):  # the pages, to look at
        subprocess.run(
            ["pdftoppm", "-png", "-r", "60", tmp_path / "a" / "hoja.pdf", tmp_path / "a"]
        )
        assert list(tmp_path.glob("a-*.png"))


def test_the_table_is_built_once_with_the_bar_and_kept_in_the_cache(
    capsys, monkeypatch, tmp_path, rules
):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    odds._MEMORY.clear()
    builds = []
    build = odds.build

    def counted(spec, progress=None):
        builds.append(type(progress).__name__)
        return build(spec, progress)

    monkeypatch.setattr(odds, "build", counted)
    try:
        r = mazo(capsys, monkeypatch, *sheet_args(rules, "-n", "3", "--json"))
        assert r.code == 0, r.err
        assert builds == ["OddsTableBar"]
        assert len(list((tmp_path / "mazo").glob("odds-odds-small-*.table"))) == 1
        odds._MEMORY.clear()  # a new process: the cached file, not a build
        again = mazo(capsys, monkeypatch, *sheet_args(rules, "-n", "3", "--json"))
        assert again.out == r.out and builds == ["OddsTableBar"]
    finally:
        odds._MEMORY.clear()


def test_a_damaged_cached_table_is_built_again(monkeypatch, tmp_path, rules):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    odds._MEMORY.clear()
    try:
        spec = rules_for(None, rules=rules)
        first = make_sheet(spec, "fastest-discard", 3, seed=2).to_dict()
        (path,) = (tmp_path / "mazo").glob("odds-*.table")
        data = path.read_bytes()
        header = int.from_bytes(data[len(odds.MAGIC) : len(odds.MAGIC) + 8], "little")
        at = len(odds.MAGIC) + 12 + header + 8  # in the first column, the keys every hand reads
        path.write_bytes(data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :])
        odds._MEMORY.clear()
        assert make_sheet(spec, "fastest-discard", 3, seed=2).to_dict() == first
        assert path.read_bytes() == data  # built again and kept
    finally:
        odds._MEMORY.clear()


@pytest.mark.parametrize("game", ["gin-rummy", "conquian", "canasta"])
def test_games_without_an_odds_table_are_refused_in_one_line(capsys, monkeypatch, game):
    r = mazo(capsys, monkeypatch, "puzzles", game, "--kind", "fastest-discard", "--lang", "en")
    assert r.code == 2 and r.err.count("\n") == 1
    assert "has no puzzle kind 'fastest-discard'" in r.err


def test_rules_out_of_the_tables_reach_are_refused_and_left_out_of_the_book(
    capsys, monkeypatch, tmp_path
):
    from tests.rulebooks.test_rulebook import practice_rows

    big = tmp_path / "big.yaml"
    big.write_text("extends: conga\nhand_size: 9\n")
    r = mazo(capsys, monkeypatch, "puzzles", "conga", "--rules", big, "--kind", "fastest-discard")
    assert r.code == 2 and r.err.count("\n") == 1
    assert "no tiene ejercicios fastest-discard con estas reglas" in r.err
    assert "fuera del alcance" in r.err and "una tabla llega hasta 30.000.000" in r.err
    spec = rules_for("conga", rules=str(big))
    assert "fastest-discard" not in practice_rows(spec, "es")
    assert practice_rows(rules_for("conga"), "es")[-1] == "fastest-discard"


@pytest.mark.parametrize(
    ("game", "lang", "question"),
    [
        ("conga", "es", "¿Qué tirás para cortar antes?"),
        ("chinchon", "es", "¿Qué tirás para cerrar antes?"),
        ("chinchon", "en", "Which discard lets you close soonest?"),
    ],
)
def test_the_question_in_the_games_words(game, lang, question):
    spec = rules_for(game)
    assert say(spec, lang, "puzzles.fastest-discard") == question
    assert fastest_discard.FASTEST_DISCARD.reads_odds_table
