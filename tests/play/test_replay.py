"""Game records and `mazo replay`: every record a legal game writes replays, each kind of wrong
line is named, and any legal choice passes, not only mazo's own.

The records come from two engines: mazo's (Conga, Chinchón and Gin games between novices, and
deals set card by card to give a choice between equally good melds or lay-offs) and another
engine's (tests/data/records, written by another program: they must replay as they are). A
tampered copy of a good record must fail at the line tampered with, and a record that is not one
must be refused in one line.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from mazo.cardtext import cell_width
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError
from mazo.solver.game import engine
from mazo.solver.game import record as records_module
from mazo.solver.game.bots import Novice
from mazo.solver.game.engine import Game, Seat, Shuffler
from mazo.solver.game.record import read_record, record_line, write_record
from mazo.solver.game.referee import referee

from tests.commands import mazo
from tests.soak import SOAK, size

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records"
OTHER_ENGINE = sorted(RECORDS.glob("*.jsonl"))

Events = list[dict]


def played(game: str, names: str, seed: int, variant=None, **options) -> Events:
    """A game between novices, as mazo's engine records it."""
    spec = rules_for(game, variant=variant or {})
    seats = [Seat(n, Novice(spec, seed * 10 + i), "novice") for i, n in enumerate(names.split())]
    return Game(spec, seats, seed=seed, **options).play().events


class Dealt(Shuffler):
    """The first round's hands as given (the mano's first), the rest of the deck the stock."""

    def __init__(self, spec, hands: list[str]):
        super().__init__(0)
        self.spec, self.hands = spec, hands

    def deal(self, round_number, cards):
        first = [self.spec.deck.parse_card(c) for hand in self.hands for c in hand.split()]
        rest = list(cards)
        for card in first:
            rest.remove(card)
        return first + rest


def dealt(*hands: str) -> Events:
    """One round of Conga between Ana (the mano, eight cards) and Beto, dealt these hands."""
    spec = rules_for("conga")
    seats = [Seat(n, Novice(spec, i), "novice") for i, n in enumerate(["Ana", "Beto"])]
    return Game(spec, seats, shuffler=Dealt(spec, list(hands)), max_rounds=1).play().events


@cache
def records() -> dict[str, Events]:
    return {
        # eliminations, reenganches, a passed cutter, lay-offs, won on the lowest total
        "conga": played("conga", "Ana Beto Caro", 67),
        "chinchon": played("chinchon", "Ana Beto Caro", 1, max_rounds=3),
        # gin only: two void hands, and the first upcard passed by both
        "gin": played("gin-rummy", "Ana Beto", 82, {"knock_limit": 0}, max_rounds=2),
        "gin-knock": played("gin-rummy", "Ana Beto", 1, max_rounds=3),
        "gin-game": played("gin-rummy", "Ana Beto", 2),  # to the target: the final scores
        "other": [json.loads(x) for x in OTHER_ENGINE[0].read_text().splitlines()],
        "other-40": [json.loads(x) for x in OTHER_ENGINE[1].read_text().splitlines()],
    }


def saved(tmp_path: Path, events: Events, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(record_line(e) for e in events), encoding="utf-8")
    return path


def check(capsys, monkeypatch, path: Path, *more: str):
    lang = () if "--lang" in more else ("--lang", "en")
    return mazo(capsys, monkeypatch, "replay", str(path), "--check", *lang, *more)


def find(events: Events, test: Callable[[dict], bool], nth: int = 0) -> int:
    return [i for i, e in enumerate(events) if test(e)][nth]


# --- records that replay ------------------------------------------------------------------------


@pytest.mark.parametrize("path", OTHER_ENGINE, ids=lambda p: p.name)
def test_another_engines_records_replay(path, capsys, monkeypatch):
    run = check(capsys, monkeypatch, path)
    assert run.code == 0, run.err
    rounds = sum('"round_end"' in line for line in path.read_text().splitlines())
    assert run.out == f"ok: {path}, {rounds} rounds: every move legal, every score right\n"


@pytest.mark.parametrize("name", ["conga", "chinchon", "gin", "gin-knock"])
def test_records_mazo_writes_replay(name, tmp_path, capsys, monkeypatch):
    events = records()[name]
    path = tmp_path / "game.jsonl"
    write_record(path, events)
    assert path.read_text(encoding="utf-8") == "".join(record_line(e) for e in events)
    verdict = referee(read_record(path))
    assert verdict.ok, verdict
    assert verdict.rounds == sum(e["event"] == "round_end" for e in events)


SOAK_GAMES = [
    ("conga", "Ana Beto Caro", {}),
    ("conga", "Ana Beto Caro Dani", {"deck_size": 40}),
    ("chinchon", "Ana Beto", {}),
    ("gin-rummy", "Ana Beto", {"oklahoma": True}),
    ("gin-rummy", "Ana Beto", {"knock_limit": 0}),
]


@pytest.mark.parametrize(("game", "names", "variant"), SOAK_GAMES)
def test_every_game_the_engine_plays_replays(game, names, variant, tmp_path):
    """Whole games in a soak (MAZO_SOAK=1: 40 of each), a few rounds of one by default."""
    for seed in range(100, 100 + size(1, 40)):
        events = played(game, names, seed, variant, max_rounds=None if SOAK else 3)
        verdict = referee(read_record(saved(tmp_path, events)))
        assert verdict.ok, (seed, verdict)


def test_the_engine_records_hold_what_the_tests_need():
    """The seeds chosen give what the records are meant to show: no test that cannot fail."""
    conga, gin, knock = records()["conga"], records()["gin"], records()["gin-knock"]
    ends = [e for e in conga if e["event"] == "round_end"]
    assert any(e["reentered"] for e in ends) and any(e["passed_by"] for e in ends)
    assert any(any(e["layoffs"].values()) for e in ends)
    assert conga[-1]["reason"] == "lowest_total"
    gin_ends = [e for e in gin if e["event"] == "round_end"]
    assert [e["close"] for e in gin_ends] == ["void", "void"]
    assert sum(e.get("draw") == "pass" for e in gin) >= 2
    assert {e["close"] for e in knock if e["event"] == "round_end"} & {"knock", "gin"}


# --- any legal choice passes --------------------------------------------------------------------

# Ana cuts at once throwing 12b: 4o 5o 6o and 7c 7e 7b, 1c loose. Beto lays off 7o on either.
TWO_HOMES = ("4o 5o 6o 7c 7e 7b 1c 12b", "7o 2c 3e 9e 10e 11b 2b")
# Ana cuts throwing 12b: 1o to 6o as two runs or as one, 1c loose; Beto lays off 7o.
TWO_SPLITS = ("1o 2o 3o 4o 5o 6o 1c 12b", "7o 2c 3e 9e 10e 11b 2b")


def _cut_and_end(events: Events) -> tuple[dict, dict]:
    cut = next(e for e in events if e.get("cut"))
    end = next(e for e in events if e["event"] == "round_end")
    return cut, end


def test_a_rival_may_lay_off_on_either_meld_it_fits(tmp_path):
    events = dealt(*TWO_HOMES)
    cut, end = _cut_and_end(events)
    assert cut["melds"] == [["4o", "5o", "6o"], ["7c", "7e", "7b"]]
    (mine,) = end["layoffs"]["Beto"]
    other = copy.deepcopy(events)
    _, other_end = _cut_and_end(other)
    other_end["layoffs"]["Beto"][0]["onto"] = 1 - mine["onto"]
    for record in (events, other):
        assert referee(read_record(saved(tmp_path, record))).ok


def test_the_cutter_may_lay_down_any_best_split(tmp_path):
    events = dealt(*TWO_SPLITS)
    cut, end = _cut_and_end(events)
    assert cut["melds"] == [["1o", "2o", "3o"], ["4o", "5o", "6o"]]
    assert end["layoffs"]["Beto"] == [{"cards": ["7o"], "onto": 1}]
    cut["melds"] = [["1o", "2o", "3o", "4o", "5o", "6o"]]
    end["layoffs"]["Beto"][0]["onto"] = 0
    verdict = referee(read_record(saved(tmp_path, events)))
    assert verdict.ok, verdict


def test_a_split_that_is_not_the_best_is_refused(tmp_path):
    events = dealt(*TWO_HOMES)
    cut, _ = _cut_and_end(events)
    cut["melds"], cut["loose"] = [["4o", "5o", "6o"]], ["7c", "7e", "7b", "1c"]
    verdict = referee(read_record(saved(tmp_path, events)))
    assert (verdict.line, verdict.why) == (
        3,
        "the melds leave 22 loose points (1c 7c 7e 7b); the best split of the kept cards leaves 1",
    )
    assert verdict.why_in("es") == (
        "los juegos dejan 22 puntos sueltos (1c 7c 7e 7b); la mejor manera de bajar las cartas "
        "que guarda deja 1"
    )


def test_a_rival_that_lays_off_less_than_it_can_is_refused(tmp_path):
    events = dealt(*TWO_HOMES)
    _, end = _cut_and_end(events)
    end["layoffs"]["Beto"] = []
    end["loose"]["Beto"].append("7o")
    end["points"]["Beto"] += 7
    verdict = referee(read_record(saved(tmp_path, events)))
    assert (verdict.line, verdict.why) == (
        4,
        "Beto keeps 43 loose points; its best acomodo leaves 36",
    )
    assert verdict.why_in("es") == "Beto: se queda con 43 puntos sueltos; su mejor acomodo deja 36"
    assert verdict.why_in("en") == verdict.why and verdict.to_dict()["why"] == verdict.why


def test_a_rival_loose_card_that_its_melds_would_take_is_refused(tmp_path):
    events = dealt("4o 5o 6o 7c 7e 7b 1c 12b", "7o 2c 3c 4c 10e 11b 2b")
    _, end = _cut_and_end(events)
    loose = end["loose"]["Beto"]
    assert "3c" not in loose  # 2c 3c 4c is Beto's own run
    end["loose"]["Beto"] = [*loose, "3c"]
    verdict = referee(read_record(saved(tmp_path, events)))
    assert verdict.line == 4 and "loose cards count" in verdict.why
    assert "sus cartas sueltas suman" in verdict.why_in("es")


def test_every_finding_of_the_referee_is_in_both_languages_with_the_same_fields():
    """Each key the referee and the lay-off checks raise is in the catalogue, in English and
    Spanish, with the same fields (a missing one would fail only when that line is wrong), and
    each is said in Spanish, not left in English."""
    import re
    from string import Formatter

    from mazo.solver.game import referee as referee_module
    from mazo.solver.game.person import DECISIONS
    from mazo.solver.mechanisms.rummy import laid
    from mazo.solver.messages import EN, ES

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in Formatter().parse(text) if name}

    source = "".join(Path(m.__file__).read_text() for m in (referee_module, laid))
    keys = set(re.findall(r'"((?:ref|laid)_[a-z_]+)"', source))
    assert len(keys) > 60
    # A resumed game's record that the game does not give again names the decision asked.
    keys |= {f"play_to_{decision}" for decision in DECISIONS}
    assert sorted(k for k in keys if k not in EN or k not in ES) == []
    assert sorted(k for k in keys if fields(EN[k]) != fields(ES[k])) == []
    assert all(EN[k] != ES[k] for k in keys if k not in ("ref_the_pozo",)), keys


class Failing(Novice):
    """A novice whose `at`-th discard raises, or, with `at` 0, whose re-entry does."""

    def __init__(self, spec, seed, at):
        super().__init__(spec, seed)
        self.at, self.breaks_on_reentry = at, at == 0

    def discard(self, view):
        self.at -= 1
        if self.at == 0:
            raise RuntimeError("broken")
        return super().discard(view)

    def reenter(self, view):
        if self.breaks_on_reentry:
            raise RuntimeError("broken")
        return True


@pytest.mark.parametrize(("names", "seed", "at"), [("Ana Beto", 3, 2), ("Ana Beto Caro", 1, 0)])
def test_a_forfeit_is_the_player_being_asked(names, seed, at, tmp_path):
    """A forfeit by the player whose turn it is, or by one asked to come back, replays; the same
    blamed on another player still in is wrong."""
    spec = rules_for("conga")
    seats = [
        Seat(n, Failing(spec, i, at if n == "Beto" else -1), "x")
        for i, n in enumerate(names.split())
    ]
    events = Game(spec, seats, seed=seed).play().events
    end = events[-1]
    assert end["reason"] == "forfeit" and end["forfeit"] == "Beto", end
    assert referee(read_record(saved(tmp_path, events))).ok
    blamed = copy.deepcopy(events)
    blamed[-1].update(forfeit="Ana", winner="Beto" if len(seats) == 2 else None)
    verdict = referee(read_record(saved(tmp_path, blamed)))
    assert verdict.line == len(events), verdict
    assert verdict.why.startswith("Ana forfeits, but the game was waiting on Beto")
    assert verdict.why.endswith("a forfeit is the answer of a player being asked")


# --- a tampered record fails at the line tampered with -----------------------------------------


def _swap_in_hand(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "deal")
    hands = events[i]["hands"]
    first, second = list(hands)[:2]
    hands[first][0] = hands[second][0]
    return i


def _stock_not_top(events: Events) -> int:
    i = find(events, lambda e: e.get("draw") == "stock")
    deal = next(e for e in reversed(events[:i]) if e["event"] == "deal")
    events[i]["card"] = deal["stock"][-1]  # the stock's bottom card
    return i


def _wrong_place(events: Events) -> int:
    i = find(events, lambda e: e.get("draw") == "pozo")
    events[i]["draw"] = "stock"
    return i


def _illegal_cut(events: Events) -> int:
    i = find(events, lambda e: e.get("draw") == "stock")
    events[i].update(cut=True, close="corte_con_puntos", melds=[], loose=[])
    return i


def _cut_with_pozo_card(events: Events) -> int:
    i = find(events, lambda e: e.get("draw") == "pozo")
    events[i].update(discard=events[i]["card"], cut=True, close="corte_con_puntos")
    events[i].update(melds=[], loose=[])
    return i


def _misnamed_close(events: Events) -> int:
    i = find(events, lambda e: e.get("close") in ("corte_con_puntos", "corte_limpio"))
    events[i]["close"] = {"corte_con_puntos": "corte_limpio"}.get(
        events[i]["close"], "corte_con_puntos"
    )
    return i


def _wrong_score(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "round_end")
    events[i]["points"][events[i]["cutter"]] += 1
    return i


def _wrong_total(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "round_end")
    events[i]["totals"][events[i]["cutter"]] += 1
    return i


def _missing_line(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "turn", 3)
    del events[i]
    return i  # the next line takes its number


def _missing_game_end(events: Events) -> int:
    events.pop()
    return len(events)


def _line_after_the_end(events: Events) -> int:
    events.append(dict(events[-1]))
    return len(events) - 1


def _wrong_recycle(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "recycle")
    events[i]["stock"][0] = events[i]["pozo"][0]
    return i


def _draw_at_the_opening(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "turn")
    events[i].update(draw="stock", card=events[i - 1]["stock"][0])
    return i


def _wrong_mano(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "deal", 1)
    events[i]["mano"] = events[find(events, lambda e: e["event"] == "deal")]["mano"]
    return i


def _may_not_come_back(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "round_end" and not e["eliminated"])
    events[i]["reentered"] = [events[i]["cutter"]]
    return i


def _pass_out_of_turn(events: Events) -> int:
    i = find(events, lambda e: e.get("draw") == "pass")
    events[i]["player"] = events[i + 1]["player"]
    return i


def _upcard_after_both_pass(events: Events) -> int:
    """The mano's first draw after both passed made a take of the refused upcard."""
    i = find(events, lambda e: e.get("draw") == "pass", 1) + 1
    deal = next(e for e in events[:i] if e["event"] == "deal")
    events[i].update(draw="pozo", card=deal["pozo"][-1])
    return i


def _undeclared_void(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "round_end")
    events[i].update(close="gin", cutter=events[i - 1]["player"])
    return i


def _no_winner(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "game_end")
    events[i]["winner"] = None
    return i


def _wrong_final(events: Events) -> int:
    i = find(events, lambda e: e["event"] == "game_end" and e.get("final"))
    events[i]["final"] = {name: points + 1 for name, points in events[i]["final"].items()}
    return i


# Each: the tampering, the record tampered with, and what --check says in English and Spanish.
TAMPERED = [
    ("a card swapped in a hand", "conga", _swap_in_hand, "dealt more often than the deck holds",
     "se reparten más veces de las que están en la baraja"),
    ("a stock draw not the top card", "conga", _stock_not_top, "from the stock, whose top card",
     "del mazo, que tiene arriba el"),
    ("a draw from the wrong place", "conga", _wrong_place, "from the stock, whose top card",
     "del mazo, que tiene arriba el"),
    ("an illegal cut", "conga", _illegal_cut, "the cards kept make no close",
     "las cartas que guarda no hacen ningún cierre"),
    ("a cut with the pozo card", "chinchon", _cut_with_pozo_card, "just taken from the pozo",
     "que acaba de levantar del pozo"),
    ("a wrong score", "conga", _wrong_score, "the points are", "los puntos son"),
    ("a close misnamed", "conga", _misnamed_close, "Clean cut (corte_limpio)",
     "no Corte limpio (corte_limpio)"),
    ("a wrong total", "conga", _wrong_total, "the totals are", "los totales son"),
    ("a missing line", "chinchon", _missing_line, "'s turn", "pero le toca a"),
    ("a missing game_end", "gin", _missing_game_end, "stops before its game_end",
     "termina antes de la línea del fin de la partida (game_end)"),
    ("a line after the game_end", "conga", _line_after_the_end, "after the game_end",
     "después de la del fin de la partida (game_end)"),
    ("a recycle with a wrong card", "other-40", _wrong_recycle, "the new stock holds",
     "el mazo nuevo tiene"),
    ("a draw at conga's opening", "other", _draw_at_the_opening, "opening turn",
     "en su primer turno la mano tira"),
    ("the wrong mano", "conga", _wrong_mano, "mano, but the rules make",
     "según las reglas la mano es"),
    ("a comeback not allowed", "conga", _may_not_come_back, "may not come back",
     "no se puede reenganchar ahora"),
    ("a pass out of turn", "gin", _pass_out_of_turn, "plays, but it is", "pero le toca a"),
    ("a void hand scored as a cut", "gin", _undeclared_void, "the hand is void",
     "la mano es nula"),
    ("the upcard taken after both passed", "gin", _upcard_after_both_pass, "both players passed",
     "después de que los dos la pasaron"),
    ("no winner named", "conga", _no_winner, ", not no one", ", no nadie"),
    ("wrong final scores", "gin-game", _wrong_final, "the final scores are",
     "puntajes finales son"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("source", "tamper", "why", "dice"), [t[1:] for t in TAMPERED], ids=[t[0] for t in TAMPERED]
)
def test_a_tampered_record_fails_at_its_line(
    source, tamper, why, dice, tmp_path, capsys, monkeypatch
):
    events = copy.deepcopy(records()[source])
    line = tamper(events) + 1
    path = saved(tmp_path, events)
    for lang, said in (("en", why), ("es", dice)):
        run = check(capsys, monkeypatch, path, "--lang", lang)
        assert run.code == 1, run.err
        assert run.out == ""
        assert run.err.startswith(f"mazo: error: {path}:{line}: ") and said in run.err, run.err
        assert run.err.count("\n") == 1 and "Traceback" not in run.err
    # The finding in Spanish is said through and through: not one English sentence left.
    assert why not in run.err


def test_a_tampered_record_with_json_says_which_line(tmp_path, capsys, monkeypatch):
    events = copy.deepcopy(records()["conga"])
    line = _wrong_score(events) + 1
    path = saved(tmp_path, events)
    run = check(capsys, monkeypatch, path, "--json")
    assert run.code == 1 and run.err.count("\n") == 1 and f":{line}: " in run.err
    data = json.loads(run.out)
    assert data["check"]["ok"] is False and data["check"]["line"] == line
    marks = {e["line"]: e["check"] for e in data["events"]}
    assert marks[line] == "wrong" and marks[line - 1] == "ok" and marks[line + 1] == "unchecked"
    # In Spanish the line on stderr is Spanish; the JSON is the English one, byte for byte.
    spanish = check(capsys, monkeypatch, path, "--json", "--lang", "es")
    assert spanish.code == 1 and spanish.out == run.out
    assert data["check"]["why"].startswith("the points are ") and data["check"]["why"] in run.err
    assert spanish.err.startswith(f"mazo: error: {path}:{line}: los puntos son "), spanish.err


# --- what replay prints ---------------------------------------------------------------------------


def test_json_gives_the_events_and_the_verdict(capsys, monkeypatch):
    path = OTHER_ENGINE[0]
    run = check(capsys, monkeypatch, path, "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert set(data) == {
        "file", "format", "game", "variant", "players", "rounds", "winner", "reason", "events",
        "check",
    }  # fmt: skip
    assert data["check"] == {"ok": True, "rounds": data["rounds"], "line": None, "why": None}
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    assert [e["data"] for e in data["events"]] == lines
    assert [e["line"] for e in data["events"]] == list(range(1, len(lines) + 1))
    assert {e["check"] for e in data["events"]} == {"ok"}
    # Without --check there is no verdict, and the language changes nothing.
    plain = json.loads(mazo(capsys, monkeypatch, "replay", str(path), "--json").out)
    spanish = json.loads(
        mazo(capsys, monkeypatch, "replay", str(path), "--json", "--lang", "es").out
    )
    assert "check" not in plain and plain == spanish
    assert {k: v for k, v in data.items() if k != "check"} == {
        **plain,
        "events": [{**e, "check": "ok"} for e in plain["events"]],
    }


def test_the_story_holds_each_hand_in_order_and_names_each_card_drawn(
    tmp_path, capsys, monkeypatch
):
    events = records()["conga"]
    spec = rules_for("conga")
    run = mazo(capsys, monkeypatch, "replay", str(saved(tmp_path, events)), "--lang", "en")
    deal = events[find(events, lambda e: e["event"] == "deal")]
    shown = {line.split()[0]: line.split()[1:] for line in run.out.splitlines()[4:7]}

    def as_shown(codes):
        return [c.replace("*", "★") for c in codes]

    for name, hand in deal["hands"].items():
        held = sorted(map(spec.deck.parse_card, hand), key=spec.deck.sort_key)
        assert shown[name] == as_shown(spec.deck.codes(held))
    # Dealt out of order: the order shown is the view's own, not the record's.
    assert any(shown[n] != as_shown(hand) for n, hand in deal["hands"].items())
    drawn = events[find(events, lambda e: e["event"] == "turn" and e["draw"] == "stock")]
    assert f"{drawn['player']} drew the {drawn['card']} from the stock" in run.out


def test_a_game_stopped_in_a_round_with_no_cut_says_the_turn_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(engine, "MAX_TURNS", 4)
    stalled = played("chinchon", "Ana Beto", 3)
    assert stalled[-1]["reason"] == "stopped" and stalled[-2]["event"] == "turn"
    capped = records()["chinchon"]  # stopped between rounds, by its round cap
    assert capped[-1]["reason"] == "stopped" and capped[-2]["event"] == "round_end"
    for events, said in ((stalled, "turn limit without a cut"), (capped, "rounds were capped")):
        path = saved(tmp_path, events)
        told = mazo(capsys, monkeypatch, "replay", str(path), "--lang", "en").out
        assert said in " ".join(told.split())
        assert check(capsys, monkeypatch, path).code == 0


def test_gin_hands_read_in_gin_words(tmp_path, capsys, monkeypatch):
    path = saved(tmp_path, records()["gin-knock"])
    english = mazo(capsys, monkeypatch, "replay", str(path), "--lang", "en").out
    assert "Hand 1 — first to play: " in english and "mano" not in english
    spanish = mazo(capsys, monkeypatch, "replay", str(path), "--lang", "es").out
    assert "Ronda 1 — mano: " in spanish and ", reparte: " in spanish


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", ["del mazo y tiró el", "del pozo y tiró el", "Totales:", "Gana el total"]),
        ("en", ["from the stock and threw the", "from the pozo and threw the", "Totals:"]),
    ],
)
def test_the_story_reads_at_80_columns(lang, said, tmp_path, capsys, monkeypatch):
    path = saved(tmp_path, records()["conga"])
    run = mazo(capsys, monkeypatch, "replay", str(path), "--lang", lang)
    assert run.code == 0, run.err
    assert all(cell_width(line) <= 80 for line in run.out.splitlines())
    for words in said:
        assert words in run.out
    assert run.out.count("\n\n") == sum(e["event"] == "deal" for e in records()["conga"]) + 1


@pytest.mark.parametrize(
    ("lang", "won", "shared"),
    [
        ("es", "Gana Ana en el acto, con ¡Conga Limpia!\n", "Ganan Ana y Caro, empatados en"),
        ("en", "Ana wins the match at once, with a Conga Limpia", "Ana and Caro win, tied on"),
    ],
)
def test_the_story_names_closes_in_words_and_every_winner(
    lang, won, shared, tmp_path, capsys, monkeypatch
):
    events = copy.deepcopy(records()["conga"])
    cut = events[find(events, lambda e: e.get("cut") is True, -1)]
    cut.update(player="Ana", close="conga_limpia")
    events[-1].update(reason="win_match", winner="Ana")
    told = mazo(capsys, monkeypatch, "replay", str(saved(tmp_path, events)), "--lang", lang).out
    assert won in told and "conga_limpia" not in told
    events[-1].update(reason="lowest_total", winner=None, winners=["Ana", "Caro"])
    told = mazo(capsys, monkeypatch, "replay", str(saved(tmp_path, events)), "--lang", lang).out
    assert shared in " ".join(told.split())


def test_the_story_of_gin_tells_the_passes_and_the_void_hands(tmp_path, capsys, monkeypatch):
    path = saved(tmp_path, records()["gin"])
    run = mazo(capsys, monkeypatch, "replay", str(path), "--lang", "en")
    assert run.code == 0, run.err
    assert "passed on the upcard." in run.out and run.out.count("Void hand") == 2
    cut_off = saved(tmp_path, records()["gin"][:-1], "cut.jsonl")
    told = mazo(capsys, monkeypatch, "replay", str(cut_off), "--lang", "es").out
    assert told.rstrip().endswith("antes del final de la partida.")


# --- files that are not records ------------------------------------------------------------------

GAME = {"event": "game", "format": 1, "game": "conga", "options": {}, "players": ["Ana", "Beto"]}
BAD_FILES = [
    ("not JSON", "{not json\n", 1, "not JSON"),
    ("a list, not an object", "[1, 2]\n", 1, "not an object"),
    ("no event", '{"format": 1}\n', 1, "no 'event' field"),
    ("an event not named", json.dumps({**GAME, "event": None}) + "\n", 1, "unknown event"),
    ("unknown event", json.dumps(GAME) + '\n{"event": "shuffle"}\n', 2, "unknown event"),
    ("another format", json.dumps({**GAME, "format": 2}) + "\n", 1, "format 2"),
    ("an unknown game", json.dumps({**GAME, "game": "poker"}) + "\n", 1, "unknown game"),
    ("a game without engine", json.dumps({**GAME, "game": "conquian"}) + "\n", 1, "played"),
    (
        "a game without engine, with another game's options",
        json.dumps({**GAME, "game": "conquian", "options": {"conga_con_comodin": True}}) + "\n",
        1,
        "Conquián cannot be played yet",
    ),
    ("a seed below 0", json.dumps({**GAME, "seed": -1}) + "\n", 1, "field 'seed' is -1"),
    ("NaN", json.dumps({**GAME, "seed": float("nan")}) + "\n", 1, "not JSON"),
    ("five at a conga table", json.dumps({**GAME, "players": list("ABCDE")}) + "\n", 1, "not 5"),
    ("an unknown option", json.dumps({**GAME, "options": {"speed": 3}}) + "\n", 1, "speed"),
    ("missing field", json.dumps(GAME) + '\n{"event": "deal", "round": 1}\n', 2, "'mano'"),
    (
        "wrong type",
        json.dumps(GAME) + '\n{"event": "recycle", "round": "1", "stock": [], "pozo": []}\n',
        2,
        "field 'round'",
    ),
    (
        "not a card",
        json.dumps(GAME) + '\n{"event": "recycle", "round": 1, "stock": ["1x"], "pozo": []}\n',
        2,
        "'1x'",
    ),
    ("a second game line", json.dumps(GAME) + "\n" + json.dumps(GAME) + "\n", 2, "second game"),
    ("a missing rules file", json.dumps({**GAME, "rules_file": "club.yaml"}) + "\n", 1, "club"),
    ("the first line not a game", '{"event": "deal"}\n', 1, "starts with its game line"),
    (
        "an escape sequence in a name",
        json.dumps({**GAME, "players": ["\x1b[2JAna", "Beto"]}) + "\n",
        1,
        "field 'players[0]' holds a control character",
    ),
    (
        "a line break in a name",
        json.dumps(GAME)
        + "\n"
        + json.dumps({"event": "deal", "round": 1, "mano": "Ana", "hands": {"Be\nto": []}})
        + "\n",
        2,
        "the name of field 'hands.Be\\nto' holds a control character",
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "why"), [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES]
)
def test_a_file_that_is_not_a_record_is_refused_in_one_line(
    text, line, why, tmp_path, capsys, monkeypatch
):
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    for extra in ((), ("--check",), ("--check", "--json")):
        run = mazo(capsys, monkeypatch, "replay", str(path), *extra, "--lang", "en")
        assert run.code == 2, run.err
        assert run.err.startswith(f"mazo: error: {path}:{line}: ") and why in run.err, run.err
        assert run.err.count("\n") == 1
    assert json.loads(run.out)["error"].startswith(f"{path}:{line}: ")


def test_a_missing_or_empty_file_is_refused(tmp_path, capsys, monkeypatch):
    for path, why in ((tmp_path / "none.jsonl", "cannot read it"), (tmp_path / "e", "empty")):
        if why == "empty":
            path.write_text("\n")
        run = mazo(capsys, monkeypatch, "replay", str(path), "--check")
        assert run.code == 2 and why in run.err and run.err.count("\n") == 1, run.err


def test_a_file_that_is_not_regular_or_too_big_is_refused_unread(tmp_path, capsys, monkeypatch):
    """A device without end, a folder, a pipe with no writer: refused before any read or wait;
    a file or a line too big: refused after the bound, not read whole."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for path in (Path("/dev/zero"), tmp_path, pipe):
        run = check(capsys, monkeypatch, path)
        assert run.code == 2 and "not a regular file" in run.err, run.err
        assert run.err.count("\n") == 1
    long_line = tmp_path / "long.jsonl"
    blank = " " * (records_module.MOST_LINE_BYTES + 1)
    long_line.write_text(json.dumps(GAME) + "\n" + blank + "\n")
    run = check(capsys, monkeypatch, long_line)
    assert run.code == 2 and "long.jsonl:2: a line of 1,048,577 bytes" in run.err, run.err
    monkeypatch.setattr(records_module, "MOST_BYTES", 100)
    run = check(capsys, monkeypatch, saved(tmp_path, records()["gin"]))
    assert run.code == 2 and "larger than 100 bytes" in run.err, run.err


# --- rules files, and writing records ------------------------------------------------------------


def test_a_rules_file_is_read_beside_the_record(tmp_path, capsys, monkeypatch):
    club = tmp_path / "club.yaml"
    club.write_text("extends: conga\nvariant:\n  cut_threshold: 3\n  deck_size: 40\n")
    spec = rules_for("conga", rules=str(club))
    seats = [Seat(n, Novice(spec, i), "novice") for i, n in enumerate(["Ana", "Beto"])]
    events = Game(spec, seats, seed=3, rules_file="club.yaml", max_rounds=2).play().events
    path = saved(tmp_path, events)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert check(capsys, monkeypatch, path).code == 0
    # Not from the current folder: a file of that name there is not the record's.
    (elsewhere / "club.yaml").write_text(club.read_text())
    club.unlink()
    run = check(capsys, monkeypatch, path)
    assert run.code == 2 and f"{path}:1: the rules file 'club.yaml' is not there" in run.err
    assert f"looked for '{club}'" in run.err and run.err.count("\n") == 1
    # A record named from its own folder: where the file was looked for is said whole.
    monkeypatch.chdir(tmp_path)
    run = check(capsys, monkeypatch, Path(path.name))
    assert f"looked for '{club}'" in run.err, run.err
    # A folder by that name is there, and is no rules file.
    club.mkdir()
    run = check(capsys, monkeypatch, path)
    assert run.code == 2 and "the rules file 'club.yaml' is not a regular file" in run.err


def test_a_record_is_written_whole_one_line_per_event(tmp_path):
    events = copy.deepcopy(records()["gin"])
    events[0]["players"] = ["Ana\u2028B", "Beto"]  # a line separator inside a name
    path = write_record(tmp_path / "r.jsonl", events)
    lines = path.read_bytes().split(b"\n")
    assert len(lines) == len(events) + 1 and lines[-1] == b""
    assert [json.loads(x) for x in lines[:-1]] == events
    with pytest.raises(InputError, match="its folder does not exist"):
        write_record(tmp_path / "no" / "r.jsonl", events)


@pytest.mark.parametrize("line", ["[" * 100_000, '{"event": "deal", "round": ' + "9" * 5001 + "}"])
def test_a_line_json_cannot_hold_is_refused_in_one_line(line, tmp_path, capsys, monkeypatch):
    path = tmp_path / "crafted.jsonl"
    path.write_text(json.dumps(GAME) + "\n" + line + "\n", encoding="utf-8")
    run = check(capsys, monkeypatch, path)
    assert run.code == 2 and "crafted.jsonl:2: not a JSON object mazo can read" in run.err
    assert "Traceback" not in run.err


def test_a_move_taken_back_in_a_game_not_played_for_training_is_refused(
    tmp_path, capsys, monkeypatch
):
    """Only a training game may take moves back: an `undo` note under a game line that does not
    say so is a tampered record, and names its line."""
    events = list(records()["conga"])
    undo = {"event": "undo", "round": 1, "player": "Ana", "decision": "draw", "answer": "stock"}
    plain = saved(tmp_path, [*events[:3], undo, *events[3:]])
    run = check(capsys, monkeypatch, plain)
    assert run.code == 2 and ":4: " in run.err and "not played for training" in run.err
    trained = saved(tmp_path, [{**events[0], "training": True}, *events[1:3], undo, *events[3:]])
    assert check(capsys, monkeypatch, trained).code == 0


def test_a_round_with_a_reentry_shows_the_totals_it_left_then_the_comeback(
    tmp_path, capsys, monkeypatch
):
    """The totals over the limit as the round left them, who is out, then the total they come
    back at, as the planilla and mazo play show it."""
    events = records()["conga"]
    end = next(e for e in events if e["event"] == "round_end" and e["reentered"])
    before = next(e for e in reversed(events[: events.index(end)]) if e["event"] == "round_end")
    back = end["reentered"][0]
    over = before["totals"][back] + end["points"][back]
    run = mazo(capsys, monkeypatch, "replay", str(saved(tmp_path, events)), "--lang", "en")
    lines = [line.strip() for line in run.out.splitlines()]
    at = lines.index(f"{back} re-enters at {end['totals'][back]}.")
    totals = next(line for line in reversed(lines[:at]) if line.startswith("Totals:"))
    assert run.code == 0 and over > 100 and f"{back} {over}" in totals.replace(",", "")
    assert f"{back}: past 100, out." in lines[lines.index(totals) : at]


def test_the_header_names_the_seats_as_mazo_play_does(tmp_path, capsys, monkeypatch):
    events = copy.deepcopy(records()["conga"])
    events[0]["seats"] = {"Ana": "human", "Beto": "novice", "Caro": "greedy"}
    events[0]["options"]["cut_threshold"] = 3
    path = saved(tmp_path, events)
    said = {
        "es": "asientos: Ana (persona), Beto (novato), Caro (codicioso)",
        "en": "seats: Ana (person), Beto (novice), Caro (greedy)",
    }
    for lang, seats in said.items():
        run = mazo(capsys, monkeypatch, "replay", str(path), "--lang", lang)
        header = " ".join(run.out.split("\n\n")[0].split())
        assert seats in header, header
        assert "cut_threshold" not in header and "=" not in header


def test_an_error_after_the_game_line_speaks_the_games_language(tmp_path, capsys, monkeypatch):
    """Nothing asks for a language: the record's game, once read, sets it, for the errors of
    the lines after it too (Conga's Spanish); before it, English."""
    game = {"event": "game", "format": 1, "game": "conga", "options": {}, "rules_file": None}
    game |= {"players": ["Ana", "Beto"], "seats": {}, "seed": 1}
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(game) + "\n" + '{"event": "bogus"}\n', encoding="utf-8")
    run = mazo(capsys, monkeypatch, "replay", str(path))
    assert run.code == 2 and run.err.startswith(f"mazo: error: {path}:2: "), run.err
    assert "evento desconocido 'bogus'" in run.err, run.err
    path.write_text('{"event": "bogus"}\n', encoding="utf-8")
    run = mazo(capsys, monkeypatch, "replay", str(path))
    assert "unknown event 'bogus'" in run.err, run.err
