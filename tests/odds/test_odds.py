"""The odds tables (`mazo odds`): the compiled value iteration against a plain-Python reference on
a small spec, the Bellman equation, a Monte-Carlo play of the policy, the cache and the command.
The real 40-card table (no jokers) builds once in the default run; the 48-card one with two
jokers only under MAZO_SOAK=1 (a minute and over a gigabyte)."""

from __future__ import annotations

import json
import os
import random
import struct
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from mazo.solver.api import rules_for
from mazo.solver.cards import Card
from mazo.solver.messages import Told
from mazo.solver.play import odds

from tests import soak
from tests.commands import mazo
from tests.odds_reference import JOKER, Reference

SMALL = str(Path(__file__).parents[1] / "odds-small.yaml")
pytestmark = pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")


@pytest.fixture(scope="module")
def small():
    spec = rules_for(None, rules=SMALL)
    return spec, odds.build(spec)


@pytest.fixture(scope="module")
def reference():
    ref = Reference(range(1, 7), "oc", 4, {r: r for r in range(1, 7)}, 3, 2, 2, 2)
    return ref, ref.table()


def cards_of(hand):
    return [Card.joker() if suit == JOKER else Card(rank, suit) for rank, suit in hand]


def test_every_hand_equals_the_reference(small, reference):
    spec, table = small
    _, expected = reference
    assert table.classes == 255  # C(12, 4) = 495 hands, up to the order of the two suits
    worst = max(abs(odds.turns_to_cut(table, spec, cards_of(h)) - e) for h, e in expected.items())
    assert worst < 1e-9
    assert table.max_change < odds.TOLERANCE and table.sweeps == 1


def test_the_bellman_equation_holds_with_the_brute_force_cut_check(small, reference):
    spec, table = small
    ref, _ = reference
    pool_of = [c for c in ref.deck]
    rng = random.Random(7)
    hands = [frozenset(rng.sample(pool_of, 4)) for _ in range(500)]
    for hand in hands:
        total = 0.0
        for c in pool_of:
            if c in hand:
                continue
            after = hand | {c}
            kept = [after - {d} for d in after]
            if not any(ref.closes(k) for k in kept):
                total += min(odds.turns_to_cut(table, spec, cards_of(k)) for k in kept)
        residual = 1 + total / (len(pool_of) - 4) - odds.turns_to_cut(table, spec, cards_of(hand))
        assert abs(residual) < 1e-9


def test_a_monte_carlo_play_of_the_policy_agrees_with_the_table(small, reference):
    _, table = small
    ref, expected = reference
    rng = random.Random(11)
    deck = list(ref.deck)
    turns = []
    for _ in range(3000):
        hand = frozenset(rng.sample(deck, 4))
        n = 0
        while True:
            n += 1
            c = rng.choice([x for x in deck if x not in hand])
            kept = [(hand | {c}) - {d} for d in hand | {c}]
            if any(ref.closes(k) for k in kept):
                break
            hand = min(kept, key=lambda k: (expected[k], sorted(k)))
        turns.append(n)
    mean = table.deal.turns_to_cut
    error = np.std(turns) / np.sqrt(len(turns))
    assert abs(np.mean(turns) - mean) < 3 * error


def test_within_and_percentile(small):
    spec, table = small
    hand = odds.hand_odds(table, spec, spec.deck.parse_hand("1o 2o 4c 6c"))
    assert len(hand.cut_within) == odds.HORIZON
    assert all(a <= b for a, b in zip(hand.cut_within, hand.cut_within[1:], strict=False))
    assert 0 <= hand.deal_percentile <= 1
    for i in range(table.classes):
        chances = table.within[i]
        assert list(chances) == sorted(chances) and chances[-1] <= odds.WITHIN_STEPS


def test_the_percentile_is_the_share_of_deals_slower(small, reference):
    """Every deal of four cards counted by hand: the share whose turns are larger."""
    spec, table = small
    ref, expected = reference
    deals = list(combinations(ref.deck, 4))
    for hand in random.Random(3).sample(deals, 40):
        mine = expected[frozenset(hand)]
        slower = sum(expected[frozenset(d)] > mine + odds.SAME for d in deals) / len(deals)
        found = odds.hand_odds(table, spec, cards_of(hand)).deal_percentile
        assert found == round(slower, 4)


@pytest.mark.parametrize("shape", [(2, 6, 0, 4), (2, 6, 2, 4), (3, 5, 1, 5), (4, 10, 0, 7)])
def test_ranks_number_the_classes_from_zero_each_once(shape):
    suits, ranks, jokers, size = shape
    compiled = odds._odds(suits=suits, ranks=ranks, jokers=jokers, size=size)
    ranks = np.frombuffer(compiled.ranks(compiled.classes().keys), dtype=np.uint32)
    assert np.array_equal(np.sort(ranks), np.arange(len(ranks)))


@pytest.mark.parametrize(
    "key",
    [
        0b000111 | 0b000001 << 6,  # the second suit's mask larger than the first's
        0b000111,  # three cards
        0b000111 | 1 << 12,  # a card past the two suits
        0b000011 | 3 << odds._odds.JOKER_SHIFT,  # more jokers than the deck has
    ],
)
def test_ranks_refuse_what_is_not_a_class(key):
    with pytest.raises(ValueError):
        odds._odds(suits=2, ranks=6, jokers=2, size=4).ranks(struct.pack("<Q", key))


@pytest.fixture
def cached(tmp_path, monkeypatch):
    """The small spec's table, built and kept in a cache of the test's own: (spec, table, its
    file, the file's bytes)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    spec = rules_for(None, rules=SMALL)
    odds._MEMORY.clear()
    first = odds.table(spec)
    files = list((tmp_path / "mazo").glob("odds-*.table"))
    assert len(files) == 1
    yield spec, first, files[0], files[0].read_bytes()
    odds._MEMORY.clear()


def test_the_cache_is_rebuilt_when_damaged_and_answers_byte_identically(cached):
    spec, first, path, data = cached
    odds._MEMORY.clear()
    again = odds.table(spec)
    assert list(again.turns) == list(first.turns)
    for damaged in (data[: len(data) // 2], data[:900] + bytes([data[900] ^ 1]) + data[901:]):
        path.write_bytes(damaged)
        odds._MEMORY.clear()
        rebuilt = odds.table(spec)
        assert list(rebuilt.turns) == list(first.turns)
        assert path.read_bytes() == data
    # the chances, beside the table, are read a block at a time as a resting hand asks for them
    chances = path.with_suffix(".chances")
    kept = chances.read_bytes()
    hand = "1o 2o 4c 6c"
    expected = odds.odds(None, hand, rules=SMALL)
    for damaged in (kept[:-9] + bytes([kept[-9] ^ 1]) + kept[-8:], None):
        if damaged is None:
            chances.unlink()
        else:
            chances.write_bytes(damaged)
        odds._MEMORY.clear()
        assert odds.odds(None, hand, rules=SMALL) == expected
        assert chances.read_bytes() == kept and path.read_bytes() == data


def test_no_cache_builds_in_memory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    odds._MEMORY.clear()
    odds.table(rules_for(None, rules=SMALL))
    assert not (tmp_path / "mazo").exists()
    odds._MEMORY.clear()


def test_the_command_ranks_discards_fastest_first(capsys, monkeypatch):
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    r = mazo(
        capsys, monkeypatch, "odds", "odds-small", "--rules", SMALL, "1o 2o 4c 6c 5o", "--json"
    )
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["discard"] == "5o" and data["fewest_points_discard"] == "6c"
    turns = [d["turns_to_cut"] for d in data["discards"]]
    assert turns == sorted(turns)
    assert set(data["discards"][0]) == {
        "card",
        "turns_to_cut",
        "deadwood_points",
        "can_cut",
        "close",
    }
    r = mazo(capsys, monkeypatch, "odds", "odds-small", "--rules", SMALL, "1o 2o 4c 6c 5o")
    assert "Tirá el 5o: cortás en 3,22 turnos en promedio; tirando el 6c" in r.out


@pytest.mark.parametrize("args", [["1o 2o 4c 6c 5o"], ["1o 2o 4c 6c"], ["--deal"]])
def test_every_answer_reads_at_80_columns(capsys, monkeypatch, args):
    for lang in ("es", "en"):
        r = mazo(capsys, monkeypatch, "odds", "odds-small", "--rules", SMALL, *args, "--lang", lang)
        assert r.code == 0 and max(map(len, r.out.splitlines())) <= 80, r.out
        if lang == "es" and args != ["1o 2o 4c 6c 5o"]:  # each chance kept whole on its line
            assert "dentro\u00a0de\u00a020\u00a0turnos:\u00a0" in r.out


def test_gin_is_refused_in_one_line(capsys, monkeypatch):
    r = mazo(capsys, monkeypatch, "odds", "gin-rummy", "AS 2S 3S 7H 7D 7C KD QC 9H 4D")
    assert r.code == 2
    assert "out of reach" in r.err and r.err.count("\n") == 1


def reference_of(spec):
    """The brute-force reference of a real Conga table's rules (Conga's own melds)."""
    values = {r: spec.value(Card(r, "o")) for r in spec.deck.ranks}
    threshold = next(c.max_deadwood for c in spec.closes if c.id == "corte_con_puntos")
    run, pierna = spec.melds
    jokers = (spec.deck.jokers, run.min_naturals, pierna.max_jokers, spec.value(Card.joker()))
    return Reference(
        spec.deck.ranks, spec.deck.suits, 7, values, run.min_len, pierna.min_len,
        pierna.max_len, threshold, jokers,
    )  # fmt: skip


@pytest.fixture(scope="module")
def forty(forty_table):
    spec, table = forty_table  # the 40-card deck without jokers, built once a session (conftest)
    return spec, table, reference_of(spec)


@pytest.fixture(scope="module")
def forty_eight_jokers():
    if not soak.SOAK:
        pytest.skip("the 48-card table with jokers builds only under MAZO_SOAK")
    spec = rules_for("conga", variant={"deck_size": 48, "jokers": 2})
    return spec, odds.build(spec), reference_of(spec)


def test_the_public_figures_of_the_40_card_deck(forty):
    spec, table, _ = forty
    assert odds.turns_to_cut(table, spec, spec.deck.parse_hand("1o 2o 3o 4o 5o 6o 7o")) == 1.0
    seven = odds.hand_odds(table, spec, spec.deck.parse_hand("4o 5o 6o 10c 10e 10b 12b"))
    assert abs(seven.turns_to_cut - 1.6298725637) < 1e-9
    eight = odds.drawn_odds(table, spec, spec.deck.parse_hand("4o 5o 6o 10c 10e 5c 12b 1b"))
    assert eight.discard == "12b"
    by = {d.card: d.turns_to_cut for d in eight.discards}
    assert abs(by["5c"] - 7.8022433746) < 1e-9
    assert table.classes == 849_270 and table.after_draw == 3_395_160


@pytest.mark.slow
@pytest.mark.parametrize("tables", ["forty", "forty_eight_jokers"])
def test_the_real_tables_hold_the_bellman_equation_with_the_brute_force_cut_check(request, tables):
    spec, table, ref = request.getfixturevalue(tables)
    rng = random.Random(40)
    deck = list(ref.deck)
    hands = [frozenset(rng.sample(deck, 7)) for _ in range(400)]
    # near cuts: a run of three and a set of three, and one card more or less apart (with a
    # joker in every other one where the deck has them)
    jokers = [c for c in deck if c[1] == JOKER]
    for n in range(100):
        suit, start = rng.choice(ref.suits), rng.randrange(len(ref.ranks) - 2)
        run = {(r, suit) for r in ref.ranks[start : start + 3]}
        rank = rng.choice(ref.ranks)
        three = {(rank, s) for s in rng.sample(ref.suits, 3)}
        near = run | three | set(jokers[: n % 2])
        while len(near) < 7:
            near.add(rng.choice(deck))
        hands.append(frozenset(near))
    assert len(hands) == 500 and all(len(h) == 7 for h in hands)
    assert any(h & set(jokers) for h in hands) == bool(jokers)
    pool = len(deck) - 7
    for hand in hands:
        total = 0.0
        for c in deck:
            if c in hand:
                continue
            kept = [(hand | {c}) - {d} for d in hand | {c}]
            if not any(ref.closes(k) for k in kept):
                total += min(odds.turns_to_cut(table, spec, cards_of(k)) for k in kept)
        residual = 1 + total / pool - odds.turns_to_cut(table, spec, cards_of(hand))
        assert abs(residual) < 1e-9, sorted(hand)


def test_without_the_compiled_tables_the_command_is_refused_in_one_line(capsys, monkeypatch):
    monkeypatch.setattr(odds.kept, "_odds", None)
    monkeypatch.setattr(odds.kept, "MISSING", Told("not_built"))
    r = mazo(capsys, monkeypatch, "odds", "conga", "1o 2o 3o 4o 5o 6o 7o", "--lang", "en")
    assert r.code == 2 and r.err.count("\n") == 1
    assert "compiled tables" in r.err and "no C compiler" in r.err
    r = mazo(capsys, monkeypatch, "odds", "conga", "1o 2o 3o 4o 5o 6o 7o", "--lang", "es")
    assert "tablas compiladas" in r.err and "no se encontró un compilador de C" in r.err


def test_damage_anywhere_in_the_table_is_found_as_it_opens(cached):
    """A block no lookup of this call reads: the table is built again all the same."""
    spec, _, path, data = cached
    last = len(data) - 3  # inside the last block of the last column
    path.write_bytes(data[:last] + bytes([data[last] ^ 0xFF]) + data[last + 1 :])
    odds._MEMORY.clear()
    builds = []
    build = odds.build
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(odds, "build", lambda *args: builds.append(1) or build(*args))
        odds.table(spec)
    assert builds == [1] and path.read_bytes() == data


def test_a_tampered_header_is_rebuilt_never_trusted(cached):
    spec, first, path, data = cached
    mean = json.dumps(first.deal.turns_to_cut).encode()
    assert mean in data  # the deal's figures sit in the header
    path.write_bytes(data.replace(mean, mean[:-1] + b"9", 1))
    odds._MEMORY.clear()
    assert odds.table(spec).deal == first.deal
    assert path.read_bytes() == data


def test_a_cache_that_cannot_be_written_still_answers_with_a_note(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    env = {**os.environ, "XDG_CACHE_HOME": str(blocked)}
    env.pop("MAZO_NO_CACHE", None)
    args = ["odds", "odds-small", "--rules", SMALL, "1o 2o 4c 6c", "--json", "--lang", "en"]
    r = subprocess.run(
        [sys.executable, "-m", "mazo", *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert r.returncode == 0 and json.loads(r.stdout)["turns_to_cut"] > 1
    building, note = r.stderr.splitlines()
    assert building == "Building the Small test table (once per rules set)"
    why = f"{blocked} is a file, where the cache needs a folder"
    assert note == f"mazo: note: the table was not kept: {why}"
    assert [p.name for p in tmp_path.iterdir()] == ["a-file"]


@pytest.mark.parametrize(
    "args",
    [
        ("--deal", "1o 2o 4c 6c"),
        ("--build", "1o 2o 4c 6c"),
        (),
        ("--deal", "--plot", "curve.png"),
    ],
)
def test_cards_and_a_deal_do_not_mix(capsys, monkeypatch, args):
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    r = mazo(capsys, monkeypatch, "odds", "odds-small", "--rules", SMALL, *args)
    assert r.code == 2 and r.err.count("\n") == 1 and r.err.startswith("mazo: error:")


def test_the_chances_follow_the_policy_turn_by_turn(small, reference):
    """Each class's chance to cut within n turns, from the reference's own cut check and the
    table's turns: the draws that cut, plus the chance within n - 1 turns of the kept class the
    fastest discard leaves (any of them on a tie), each kept to the nearest 1/WITHIN_STEPS; a
    certain cut reads 1 and only an impossible one 0."""
    spec, table = small
    ref, expected = reference
    deck = list(ref.deck)
    step = 1 / odds.WITHIN_STEPS
    chances = {h: odds.hand_odds(table, spec, cards_of(h)).cut_within for h in expected}
    for hand, found in chances.items():
        pool = len(deck) - len(hand)
        for n in range(odds.HORIZON):
            low = high = 0.0
            for c in deck:
                if c in hand:
                    continue
                kept = [(hand | {c}) - {d} for d in hand | {c}]
                if any(ref.closes(k) for k in kept):
                    low, high = low + 1, high + 1
                elif n:
                    best = min(expected[k] for k in kept)
                    tied = [chances[k][n - 1] for k in kept if expected[k] < best + 1e-9]
                    low, high = low + min(tied), high + max(tied)
            assert low / pool - step - 1e-12 <= found[n] <= high / pool + step + 1e-12, n + 1
            if low == pool:
                assert found[n] == 1, (sorted(hand), n + 1)
            if low > 0:
                assert found[n] > 0, (sorted(hand), n + 1)
            if high == 0:
                assert found[n] == 0, (sorted(hand), n + 1)


def test_the_deal_chances_agree_with_a_monte_carlo_play(small, reference):
    _, table = small
    ref, expected = reference
    rng = random.Random(5)
    deck = list(ref.deck)
    cut_by = np.zeros(odds.HORIZON)
    plays = 4000
    for _ in range(plays):
        hand = frozenset(rng.sample(deck, 4))
        for n in range(odds.HORIZON):
            c = rng.choice([x for x in deck if x not in hand])
            kept = [(hand | {c}) - {d} for d in hand | {c}]
            if any(ref.closes(k) for k in kept):
                cut_by[n:] += 1
                break
            hand = min(kept, key=lambda k: (expected[k], sorted(k)))
    for n, p in enumerate(table.deal.cut_within):
        error = max(np.sqrt(p * (1 - p) / plays), 1e-3)
        assert abs(cut_by[n] / plays - p) < 4 * error, n + 1


OPTIONS = """
options:
  cut_threshold:
    default: 2
    choices: [1, 2]
    path: closes.corte_con_puntos.max_deadwood
    description: {es: Puntos para cortar., en: Points to cut with.}
  joker_loose_value:
    default: 25
    choices: [25, 50]
    path: values.joker
    description: {es: Un comodín suelto., en: A loose joker.}
"""


@pytest.fixture
def optioned(tmp_path, monkeypatch):
    """The small spec with an option that changes the cut and one that does not (its deck has
    no jokers), cached in the test's own folder."""
    rules = tmp_path / "small.yaml"
    own = Path(SMALL).read_text()
    for set_by_an_option in ("    max_deadwood: 2\n", "  joker: 25\n"):
        assert set_by_an_option in own
        own = own.replace(set_by_an_option, "")
    rules.write_text(own + OPTIONS)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    odds._MEMORY.clear()
    yield str(rules)
    odds._MEMORY.clear()


def pdf_text(path) -> str:
    from pypdf import PdfReader

    reader = PdfReader(path)
    assert len(reader.pages) == 1
    return " ".join(reader.pages[0].extract_text().split())


def test_the_plot_draws_the_rules_in_force_beside_the_games_own(capsys, monkeypatch, optioned):
    from mazo.words.numbers import chance

    out = Path(optioned).with_name("curve.pdf")
    args = ["odds", "odds-small", "--rules", optioned, "--deal", "--json", "--plot", out]
    r = mazo(capsys, monkeypatch, *args, "--variant", "cut_threshold=1")
    assert r.code == 0, r.err
    mine = json.loads(r.out)
    theirs = odds.deal(None, rules=optioned)
    assert mine["turns_to_cut"] > theirs.turns_to_cut  # a harder cut takes longer
    text = pdf_text(out)
    assert "estas reglas" in text and "reglas de Prueba chica" in text
    assert " promedio en 1 en 3 " in text  # the table's heads, each whole on its line
    assert "Estas reglas: cut_threshold=1." in text
    for by in (mine["cut_within"]["5"], theirs.cut_within[4]):
        assert chance(by, "es") in text
    assert "Armando también la tabla de las reglas de Prueba chica" in r.err
    # a rule that changes no cut shares the game's table and draws one curve
    r = mazo(capsys, monkeypatch, *args, "--variant", "joker_loose_value=50", "--lang", "en")
    assert r.code == 0, r.err
    text = pdf_text(out)
    assert "These rules (joker_loose_value=50) change the match, not when a hand can cut" in text
    assert text.count("Small test's rules") == 1 and "Building" not in r.err  # no second curve
    assert len(list(Path(optioned).parent.glob("mazo/odds-*.table"))) == 2


def test_a_build_off_a_terminal_says_so_once_and_old_tables_go(capsys, monkeypatch, optioned):
    folder = Path(optioned).parent / "mazo"
    folder.mkdir()
    stale = [folder / "odds-conga-0123.table", folder / "odds-conga-0123.chances"]
    for path in stale:
        path.write_bytes(b"an older version's table")
    kept = folder / "notes.txt"
    kept.write_text("not a table")
    r = mazo(capsys, monkeypatch, "odds", "odds-small", "--rules", optioned, "1o 2o 4c 6c")
    assert r.code == 0, r.err
    assert r.err == "Armando la tabla de Prueba chica (una sola vez por reglamento)\n"
    assert not any(path.exists() for path in stale) and kept.exists()
    odds._MEMORY.clear()
    again = mazo(capsys, monkeypatch, "odds", "odds-small", "--rules", optioned, "1o 2o 4c 6c")
    assert again.out == r.out and again.err == ""


def test_a_plot_needs_a_deal(capsys, monkeypatch, tmp_path):
    r = mazo(capsys, monkeypatch, "odds", "odds-small", "--rules", SMALL, "--build", "--plot",
             tmp_path / "curve.pdf")  # fmt: skip
    assert r.code == 2 and "--plot" in r.err and "--deal" in r.err
    assert not (tmp_path / "curve.pdf").exists()


@pytest.mark.parametrize(
    "p, es, en",
    [
        (2 / 33, "6,1 %", "6.1%"),
        (0.99996, "99,9 %", "99.9%"),
        (1.0, "100,0 %", "100.0%"),
        (0.0002, "0,1 %", "0.1%"),
        (0.0, "0,0 %", "0.0%"),
    ],
)
def test_a_chance_is_shown_to_the_nearest_tenth_but_never_as_a_certainty(p, es, en):
    from mazo.words.numbers import chance

    assert (chance(p, "es"), chance(p, "en")) == (es, en)


def test_the_key_holds_what_changes_a_cut_and_nothing_else():
    def key(**variant):
        return odds.rules_key(rules_for("conga", variant=variant))

    base = key()
    # the match's own rules, and values above the most loose points a cut allows (5)
    assert key(elimination_limit=150, reenganche="off", pass_penalty=0) == base
    assert key(figure_values="face") == key(joker_loose_value=50) == base
    # values a cut can leave loose, the limit itself, the deck, the melds
    assert key(figure_values="face", cut_threshold=10) != key(cut_threshold=10)
    changed = [key(cut_threshold=3), key(deck_size=40), key(jokers=0), key(min_naturals=1)]
    assert len({base, *changed}) == 5
    # without jokers, what melds and closes ask of jokers
    bare = key(jokers=0)
    same = [key(jokers=0, min_naturals=1), key(jokers=0, pierna_max_jokers=2)]
    assert same == [bare, bare] == [key(jokers=0, conga_con_comodin="none")] * 2


def test_a_call_waits_for_another_calls_build_and_reads_its_table(cached, monkeypatch):
    """The lock a build holds, held here as another process's build would: the call waits,
    says so, and once the table is kept reads it rather than build it again."""
    import fcntl
    import threading

    spec, first, path, _ = cached
    path.unlink()  # not kept yet: the other build is under way
    builds, stages, answers = [], [], []
    monkeypatch.setattr(odds, "build", lambda *args: builds.append(args) or first)
    odds._MEMORY.clear()
    with path.with_suffix(".lock").open("a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        call = threading.Thread(
            target=lambda: answers.append(odds.table(spec, lambda s, _: stages.append(s)))
        )
        call.start()
        call.join(timeout=1.0)
        assert call.is_alive() and stages == ["waiting"]
        odds._save(path.with_suffix(""), odds.rules_key(spec), first)  # the other build ends
    call.join(timeout=30)
    assert not call.is_alive() and not builds
    assert list(answers[0].turns) == list(first.turns)
    assert not path.with_suffix(".lock").exists()  # gone with its last holder


def test_the_plot_keeps_its_legend_over_the_table_and_fills_the_page(capsys, monkeypatch, optioned):
    """The legend once ran past the table's right edge, and the chart took a strip at the top
        of an empty page: the legend ends by the table's edge (its last figure, right-aligned, and
    the cell's padding),
        and the chart's axis reaches below a third of the page."""
    from mazo.templates.fonts import register_fonts
    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import stringWidth

    out = Path(optioned).with_name("curve.pdf")
    args = ["odds", "odds-small", "--rules", optioned, "--deal", "--plot", out]
    assert mazo(capsys, monkeypatch, *args).code == 0
    page = PdfReader(out).pages[0]
    regular = register_fonts()["regular"]
    words: list[tuple[str, float, float]] = []  # each text, where it ends and its height

    def seen(text, cm, tm, font, size):
        if text.strip():
            x, y = cm[0] * tm[4] + cm[2] * tm[5] + cm[4], cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            end = x + stringWidth(text.strip(), regular, size * tm[0] * cm[0])
            words.append((text.strip(), end, y))

    page.extract_text(visitor_text=seen)
    legend = [end for text, end, _ in words if text.startswith("reglas de")]
    table = max(end for text, end, _ in words if text.endswith("%"))
    assert legend and max(legend) <= table + 3  # the cell's right padding: the table's edge
    axis = min(y for text, _, y in words if text == "0 %")
    assert axis < float(page.mediabox.height) * 2 / 3


@pytest.mark.parametrize(
    "lang, clause, close",
    [("es", "; cada comodín cuenta una vez)", "al juego)"), ("en", "; each joker", "play)")],
)
def test_the_plot_says_how_jokers_count_only_where_the_rules_have_some(
    tmp_path, lang, clause, close
):
    from mazo.solver.spec.load import load_spec
    from mazo.views.score_sheets import write_odds_curves

    curve = {"odds_rules": (2.0, tuple(min(1.0, n / 10) for n in range(1, 21)))}
    said = {}
    for jokers in (2, 0):
        out = tmp_path / f"curve-{jokers}.pdf"
        spec = load_spec("chinchon", variant={"deck_size": 40, "jokers": jokers})
        write_odds_curves(out, spec, curve, rules=None, lang=lang)
        said[jokers] = pdf_text(out)
    assert clause in said[2] and clause not in said[0]
    assert close in said[0]  # the parenthesis closes where the clause stood
