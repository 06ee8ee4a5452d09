"""`mazo simulate`: duplicate deals and their records, the same bytes whatever the processes,
shards that merge into the one run, a report that equals a count made from the records, every
bad input refused in one line, and Ctrl-C keeping the deals finished."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import time
from fractions import Fraction

import pytest
from mazo.solver.game.record import read_record
from mazo.solver.game.referee import referee
from mazo.solver.game.simulate import FIELDS, Shard, deal_seed, seat_names
from mazo.solver.game.stats import mean_interval, sign_test, wilson
from mazo.solver.plain import plain
from mazo.solver.play import odds
from mazo.solver.stopping import signals_held

from tests.commands import in_memory

FORTY = ("--variant", "deck_size=40", "--variant", "jokers=0")


def simulate(monkeypatch, *args: str) -> tuple[int, bytes, str]:
    return in_memory(monkeypatch, "simulate", *map(str, args))


def report_of(monkeypatch, *args: str) -> dict:
    code, out, err = simulate(monkeypatch, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def records(folder) -> dict[str, list[dict]]:
    return {
        f.name: [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines()]
        for f in sorted(folder.glob("*.jsonl"))
    }


def test_every_deal_is_played_once_per_rotation_of_the_seats(tmp_path, monkeypatch):
    """The contract's run: 3 deals × 2 rotations, 6 records; each deal's games deal the same
    cards to the same seats, the bots turned one seat between them."""
    folder = tmp_path / "records"
    report = report_of(
        monkeypatch,
        *("conga", "--seats", "novice,novice", "-n", "3", "--seed", "5"),
        *("--variant", "deck_size=40", "--record", folder, "--jobs", "1"),
    )
    games = records(folder)
    assert list(games) == [f"{d}-{r}.jsonl" for d in (1, 2, 3) for r in (1, 2)]
    assert (report["deals"], report["rotations"], report["seats"]) == (3, 2, ["novice"] * 2)
    for deal in (1, 2, 3):
        first, second = games[f"{deal}-1.jsonl"], games[f"{deal}-2.jsonl"]
        assert first[0]["seed"] == second[0]["seed"] == deal_seed(5, deal)
        assert first[0]["players"] == ["novice", "novice-2"]
        assert second[0]["players"] == ["novice-2", "novice"]
        assert first[0]["seats"] == {"novice": "novice", "novice-2": "novice"}
        # The same hands in the same seats (the deal lists them from the mano on).
        one, two = first[1], second[1]
        assert list(one["hands"].values()) == list(two["hands"].values())
        assert one["stock"] == two["stock"]
        for game in (first, second):
            assert [e["event"] for e in game].count("round_end") == 1
            assert game[-1]["event"] == "game_end"
            assert game[-1]["reason"] in ("stopped", "win_match")
    assert_replay(folder)


def assert_replay(folder) -> None:
    """Every record replays through the referee, which judges each move and score anew."""
    for file in sorted(folder.glob("*.jsonl")):
        verdict = referee(read_record(file))
        assert verdict.ok, (file.name, verdict)


def test_a_whole_chinchon_match_at_three_seats_replays(tmp_path, monkeypatch):
    """With --matches a deal is a whole match, recorded to its end."""
    report = report_of(
        monkeypatch,
        *("chinchon", "--seats", "novice,novice,novice", "-n", "1", "--matches"),
        *("--jobs", "1", "--record", tmp_path),
    )
    games = records(tmp_path)
    assert len(games) == report["rotations"] == 3
    for game in games.values():
        assert game[-1]["reason"] in ("last_player", "win_match")
    assert sum(round(b["matches_won"]["estimate"] * 3) for b in report["bots"]) == 3
    assert_replay(tmp_path)


def test_the_report_is_the_count_made_from_the_records(tmp_path, monkeypatch):
    """Rounds, rounds won (the cutter), points per round and every bot against the first,
    recounted from the records alone."""
    folder = tmp_path / "records"
    report = report_of(
        monkeypatch,
        *("conga", "--seats", "novice,novice,novice", "-n", "4", "--seed", "11"),
        *(*FORTY, "--record", folder, "--jobs", "1"),
    )
    names = ["novice", "novice-2", "novice-3"]
    points: dict[str, list[int]] = {n: [] for n in names}
    cuts = dict.fromkeys(names, 0)
    per_deal: dict[int, dict[str, list[int]]] = {}
    for file, game in records(folder).items():
        deal = per_deal.setdefault(int(file.split("-")[0]), {n: [] for n in names})
        for event in (e for e in game if e["event"] == "round_end"):
            for name, scored in event["points"].items():
                points[name].append(scored)
                deal[name].append(scored)
            cuts[event["cutter"]] += 1
    for line in report["bots"]:
        mine = points[line["bot"]]
        assert line["rounds"] == len(mine) == 12
        assert line["rounds_won"] == plain(wilson(cuts[line["bot"]], len(mine)))
        expected = mean_interval(mine)
        assert line["points_per_round"]["n"] == expected.n
        for key in ("estimate", "low", "high"):
            assert line["points_per_round"][key] == pytest.approx(getattr(expected, key))
    for versus in report["against_first"]:
        # Conga's points are lost: the first bot's points per round less the bot's.
        differences = [
            float(Fraction(sum(d["novice"]), 3) - Fraction(sum(d[versus["bot"]]), 3))
            for _, d in sorted(per_deal.items())
        ]
        expected = mean_interval(differences)
        assert versus["deals"] == 4
        for key in ("estimate", "low", "high"):
            assert versus["difference"][key] == pytest.approx(getattr(expected, key))
        assert versus["sign_test"] == plain(sign_test(differences))
    assert report["better_points"] == "lower"


def test_the_same_seed_gives_the_same_bytes_whatever_the_processes(tmp_path, monkeypatch):
    """Four seats, one process and two: the same JSON and the same records, byte for byte."""
    outputs = []
    for jobs in (1, 2):
        folder = tmp_path / f"jobs{jobs}"
        code, out, err = simulate(
            monkeypatch,
            *("conga", "--seats", "novice,novice,novice,novice", "-n", "2", "--seed", "3"),
            *(*FORTY, "--record", folder, "--jobs", jobs, "--json"),
        )
        assert code == 0, err
        outputs.append((out, {f.name: f.read_bytes() for f in folder.glob("*.jsonl")}))
    assert outputs[0] == outputs[1]
    assert len(outputs[0][1]) == 8
    assert_replay(tmp_path / "jobs2")


def test_shards_merged_are_the_one_run(tmp_path, monkeypatch):
    run = ("chinchon", "--seats", "novice,novice", "-n", "5", "--seed", "2", "--jobs", "1")
    code, whole, err = simulate(monkeypatch, *run, "--json")
    assert code == 0, err
    files = []
    for k in (3, 1, 2):  # any order
        code, out, err = simulate(monkeypatch, *run, "--shard", f"{k}/3", "--json")
        assert code == 0, err
        shard = json.loads(out)
        assert shard["shard"] == f"{k}/3"
        assert [d["deal"] for d in shard["raw"]["deals"]] == list(Shard(k, 3).numbers(5))
        files.append(tmp_path / f"{k}.json")
        files[-1].write_bytes(out)
    code, merged, err = simulate(monkeypatch, "--merge", *files, "--json")
    assert code == 0, err
    assert merged == whole
    # Two of three shards: their deals, and which shards they are.
    code, out, err = simulate(monkeypatch, "--merge", files[1], files[0], "--json")
    part = json.loads(out)
    assert (part["shard"], part["deals"], part["n"]) == ("1,3/3", 3, 5)


@pytest.mark.parametrize("deals", range(1, 9))
def test_shards_share_the_deals_out_once_each(deals):
    for count in range(1, deals + 1):
        shares = [list(Shard(k, count).numbers(deals)) for k in range(1, count + 1)]
        assert [d for share in shares for d in share] == list(range(1, deals + 1))
        assert max(map(len, shares)) - min(map(len, shares)) <= 1


def test_merge_refuses_what_is_not_shards_of_one_run(tmp_path, monkeypatch):
    run = ("conga", "--seats", "novice,novice", "-n", "4", "--jobs", "1", *FORTY)
    shards = {}
    for k in (1, 2):
        code, out, err = simulate(monkeypatch, *run, "--shard", f"{k}/2", "--json")
        assert code == 0, err
        shards[k] = json.loads(out)
    (tmp_path / "one.json").write_text(json.dumps(shards[1]))
    other = dict(shards[2], seed=9)
    (tmp_path / "other.json").write_text(json.dumps(other))
    (tmp_path / "whole.json").write_text(json.dumps(report_of(monkeypatch, *run)))
    (tmp_path / "unmarked.json").write_text(json.dumps(dict(shards[2], shard=None)))
    (tmp_path / "bad.json").write_text(json.dumps({"game": "conga"}))
    jokers = dict(shards[2], options={**shards[2]["options"], "jokers": 1})
    (tmp_path / "jokers.json").write_text(json.dumps(jokers))
    short = dict(shards[2], raw={**shards[2]["raw"], "deals": shards[2]["raw"]["deals"][1:]})
    (tmp_path / "short.json").write_text(json.dumps(short))
    stopped = dict(short, interrupted=True)
    (tmp_path / "stopped.json").write_text(json.dumps(stopped))
    (tmp_path / "claims.json").write_text(json.dumps(dict(shards[1], shard="2/2")))
    (tmp_path / "text.json").write_text("not json")
    five = ("conga", "--seats", "novice,novice", "-n", "5", "--jobs", "1", *FORTY)
    (tmp_path / "five.json").write_text(json.dumps(report_of(monkeypatch, *five, "--shard", "2/2")))
    cases = {
        'another run (its "seed" is': ["one.json", "other.json"],
        "shard 1/2 is given twice": ["one.json", "one.json"],
        "whole.json': it is a whole run's report": ["one.json", "whole.json"],
        "whole run's report, not a shard's": ["whole.json"],
        'another run (its "n" is 5, not 4)': ["one.json", "five.json"],
        'another run (its "jokers" is 1, not 0)': ["one.json", "jokers.json"],
        "unmarked.json' holds 2 of its 4 deals": ["one.json", "unmarked.json"],
        "short.json' holds 1 of its 2 deals, yet says the run was not stopped": [
            "one.json",
            "short.json",
        ],
        "claims.json' is not the JSON of a `mazo simulate` run": ["one.json", "claims.json"],
        "is not the JSON of a `mazo simulate` run": ["one.json", "bad.json"],
        "is not the JSON": ["text.json"],
        "cannot read": ["missing.json"],
        "not a regular file": ["."],
    }
    for said, files in cases.items():
        code, out, err = simulate(monkeypatch, "--merge", *(tmp_path / f for f in files))
        assert (code, err.count("\n")) == (2, 1), (said, err)
        assert said in err and "Traceback" not in err
    # A stopped shard merges: the report says the run was stopped, and how many deals it has.
    merged = report_of(monkeypatch, "--merge", tmp_path / "one.json", tmp_path / "stopped.json")
    assert merged["interrupted"] and merged["deals"] == 3 and merged["shard"] is None


def one_deal_report(first: list[int]) -> dict:
    """A report of one deal of novice against greedy, the first bot's tallies `first`."""
    return {
        **{"game": "conga", "options": {}, "rules_file": None, "n": 1, "rotations": 2},
        **{"seats": ["novice", "greedy"], "matches": False, "seed": 0, "shard": None},
        **{"interrupted": False, "better_points": "lower"},
        "bots": [{"bot": "novice", "label": "novice"}, {"bot": "greedy", "label": "greedy"}],
        "raw": {
            "fields": list(FIELDS),
            "deals": [{"deal": 1, "stalled": 0, "bots": [first, [2, 2, 1, 4, 8, 0, 0]]}],
        },
    }


@pytest.mark.parametrize(
    ("first", "read"),
    [
        ([2, 2, 2, 5, 13, 1, 1], True),
        ([2, 2, 3, 5, 13, 0, 0], False),  # more rounds won than played
        ([2, 2, 2, 5, 13, 3, 0], False),  # more matches won than games
        ([2, 2, 2, 5, 13, 0, 3], False),  # more forfeits than games
        ([2, 2, 2, 5, 12, 0, 0], False),  # 5 points in 2 rounds: their squares are 13 at least
        ([2, 0, 0, 1, 1, 0, 0], False),  # a point in no round
        ([2, 1, 1, 10**20, 10**40, 0, 0], False),  # past the whole numbers a float holds
    ],
)
def test_a_report_is_read_back_only_with_tallies_a_run_can_give(tmp_path, first, read):
    from mazo.solver.errors import InputError
    from mazo.solver.game import report

    path = tmp_path / "report.json"
    path.write_text(json.dumps(one_deal_report(first)))
    if read:
        assert report.read(str(path)).bots()[0].rounds_won.estimate == 1.0
    else:
        with pytest.raises(InputError, match="is not the JSON of a `mazo simulate` run"):
            report.read(str(path))


# A seat's file: a novice that raises on its third discard (a forfeit), and a class that is
# not a player.
BROKEN = """
from mazo.solver.game.bots import Novice


class Broken(Novice):
    def __init__(self, spec, seed):
        super().__init__(spec, seed)
        self.discards = 0

    def discard(self, view):
        self.discards += 1
        if self.discards == 3:
            raise RuntimeError("no more")
        return super().discard(view)


class NotAPlayer:
    def __init__(self, spec, seed):
        self.spec = spec
"""


def test_a_forfeit_ends_its_game_and_is_counted(tmp_path, monkeypatch):
    bot = tmp_path / "broken.py"
    bot.write_text(BROKEN, encoding="utf-8")
    report = report_of(
        monkeypatch,
        *("conga", "--seats", f"novice,{bot}:Broken", "-n", "3", "--jobs", "1", *FORTY),
    )
    novice, broken = report["bots"]
    assert broken["bot"] == "Broken" and broken["label"] == "Broken"
    assert broken["forfeits"] > 0 and novice["forfeits"] == 0
    # A game ends at the forfeit: its round is not counted.
    assert novice["rounds"] == broken["rounds"] == 6 - broken["forfeits"]


# Players of a user's that print (importing, made, playing), call sys.exit(), or raise
# KeyboardInterrupt in their second game.
UNRULY = """
import sys

from mazo.solver.game.bots import Novice

print("importing")


class Chatty(Novice):
    def __init__(self, spec, seed):
        super().__init__(spec, seed)
        print("made")

    def draw(self, view):
        print("drawing", view.hand)
        return super().draw(view)


class Leaver(Novice):
    def discard(self, view):
        sys.exit(3)


class Stopper(Novice):
    games = 0

    def __init__(self, spec, seed):
        super().__init__(spec, seed)
        Stopper.games += 1

    def draw(self, view):
        if Stopper.games > 3:  # made once to check the seat, then once a game
            raise KeyboardInterrupt
        return super().draw(view)
"""


def test_a_players_prints_exit_and_interrupt_leave_the_report_whole(tmp_path, monkeypatch):
    bot = tmp_path / "unruly.py"
    bot.write_text(UNRULY, encoding="utf-8")
    run = ("conga", "-n", "3", "--jobs", "1", *FORTY, "--json", "--seats")
    code, out, err = simulate(monkeypatch, *run, f"novice,{bot}:Chatty")
    assert code == 0 and json.loads(out)["bots"][1]["forfeits"] == 0
    assert "importing" in err and "made" in err and "drawing" in err
    # sys.exit() from a player is a forfeit like any exception, recorded as such.
    code, out, err = simulate(monkeypatch, *run, f"novice,{bot}:Leaver", "--record", tmp_path)
    assert code == 0 and json.loads(out)["bots"][1]["forfeits"] == 6, err
    # The report counts the forfeits; stderr says why the first came.
    assert err.endswith(
        "mazo: Leaver abandonó 6 partidas; la primera en el reparto 1, rotación 1: "
        "al responder discard() lanzó SystemExit: 3\n"
    )
    ends = [game[-1] for game in records(tmp_path).values()]
    assert {e["error"] for e in ends} == {"discard raised SystemExit: 3"}
    why = {"key": "forfeit_raised", "decision": "discard", "error": "SystemExit: 3"}
    assert all(e["why"] == why for e in ends)
    told = in_memory(monkeypatch, "replay", str(next(tmp_path.glob("*.jsonl"))), "--lang", "es")
    assert "pierde la partida: al responder discard() lanzó SystemExit: 3." in told[1].decode()
    # A KeyboardInterrupt is a stop: the finished deal's report, and the stop said.
    code, out, err = simulate(monkeypatch, *run, f"novice,{bot}:Stopper")
    assert (code, err) == (128 + signal.SIGINT, "mazo: interrupted\n")
    report = json.loads(out)
    assert report["interrupted"] is True and report["deals"] == 1


def test_records_name_the_rules_file_from_their_folder(tmp_path, monkeypatch):
    rules = tmp_path / "rules" / "club.yaml"
    rules.parent.mkdir()
    rules.write_text("extends: conga\nvariant:\n  deck_size: 40\n  jokers: 0\n")
    monkeypatch.chdir(tmp_path)
    run = ("conga", "--seats", "novice,novice", "-n", "1", "--jobs", "1", "--json")
    code, _, err = simulate(monkeypatch, *run, "--rules", "rules/club.yaml", "--record", "out")
    assert code == 0, err
    assert {g[0]["rules_file"] for g in records(tmp_path / "out").values()} == {
        "../rules/club.yaml"
    }
    monkeypatch.chdir(rules.parent)  # replayed from anywhere, the record finds its rules
    assert_replay(tmp_path / "out")


def test_a_level_that_plays_by_the_odds_table_shows_its_build(monkeypatch):
    """The table's build (minutes the first time) is shown on stderr as `mazo odds` shows it;
    stdout stays the JSON. Here the cached table stands for a build that reports a stage."""
    real = odds.table

    def table(spec, progress=None, **kw):
        if progress is not None:
            progress("closes", 0.0)
        return real(spec, progress, **kw)

    monkeypatch.setattr(odds, "table", table)
    run = ("conga", "-n", "1", "--jobs", "1", *FORTY, "--json", "--lang", "en", "--seats")
    code, out, err = simulate(monkeypatch, *run, "novice,experto")
    assert code == 0 and json.loads(out)["n"] == 1, err
    assert err == "Building the Conga Uruguaya table (once per rules set)\n", err
    code, out, err = simulate(monkeypatch, *run, "novice,greedy")
    assert (code, err) == (0, "")


def test_gin_matches_count_the_matches_won(tmp_path, monkeypatch):
    report = report_of(
        monkeypatch,
        *("gin", "--seats", "novice,novice", "-n", "1", "--matches", "--record", tmp_path),
    )
    first, second = report["bots"]
    assert report["better_points"] == "higher" and report["matches"] is True
    assert first["games"] == second["games"] == 2
    won = [round(b["matches_won"]["estimate"] * b["games"]) for b in (first, second)]
    assert sum(won) == 2  # each match has one winner
    assert first["rounds"] == second["rounds"] > 2
    games = records(tmp_path).values()
    assert [g[-1]["reason"] for g in games] == ["target", "target"]
    # In Gin a round is won by whoever scores in it (the knocker, or the rival who undercuts).
    for bot in (first, second):
        ends = [e for g in games for e in g if e["event"] == "round_end"]
        scored = sum(e["points"][bot["bot"]] > 0 for e in ends)
        assert bot["rounds_won"] == plain(wilson(scored, len(ends)))
    assert_replay(tmp_path)


def test_the_table_fits_80_columns_in_both_languages(monkeypatch):
    for lang, words in (("en", "lower is better"), ("es", "menos es mejor")):
        code, out, err = simulate(
            monkeypatch,
            *("conga", "--seats", "novice,novice,novice", "-n", "2", "--jobs", "1"),
            *(*FORTY, "--lang", lang),
        )
        text = out.decode("utf-8")
        assert code == 0, err
        assert words in " ".join(text.split())
        assert max(len(line) for line in text.splitlines()) <= 80


def test_two_seats_of_one_level_get_names_of_their_own():
    assert seat_names(["novice", "novice", "Greedy"]) == ["novice", "novice-2", "Greedy"]
    assert seat_names(["a", "a", "a-2"]) == ["a", "a-3", "a-2"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["conga", "--seats", "wizard,novice"], "no such level"),
        (["nosuchgame", "--seats", "novice,novice"], "nosuchgame"),
        (["conga", "--seats", "missing.py:Bot,novice"], "no file"),
        (["conga", "--seats", "novice,{bot}:NotAPlayer"], "is not a player"),
        (["conga", "--seats", "novice,{bot}:Nobody"], "has no attribute 'Nobody'"),
        (["conga", "--seats", "novice,no.such.module:Bot"], "no module named"),
        (["gin", "--seats", "novice,novice,novice"], "Gin Rummy seats 2 players: --seats gives 3"),
        (["gin", "--seats", "novice,,novice"], "--seats 'novice,,novice': seat 2 is empty"),
        (["gin", "--seats", ""], "--seats '': seat 1 is empty"),
        (["conga", "--seats", "novice"], "2 to 4 players"),
        (["conga", "--seats", "novice,novice", "-n", "0"], "-n: 0 is out of range"),
        (["conga", "--seats", "novice,novice", "-n", "-3"], "-n: -3 is out of range"),
        (["conga", "--seats", "novice,novice", "--shard", "0/2"], "1 <= K <= N"),
        (["conga", "--seats", "novice,novice", "--shard", "3/2"], "1 <= K <= N"),
        (["conga", "--seats", "novice,novice", "--shard", "a/b"], "K/N"),
        (["conga", "--seats", "novice,novice", "-n", "2", "--shard", "1/3"], "with -n 2, 3 shares"),
        (["conga", "--seats", "novice,novice", "--record", "{bot}"], "bots.py' is not a folder"),
        (["conga", "--seats", "novice,novice", "--record", ""], "not an empty one"),
        (["conquian", "--seats", "novice,novice"], "cannot be played yet"),
        (["canasta", "--seats", "novice,novice,novice,novice"], "cannot be played yet"),
        (["conga"], "--seats"),
        ([], "name the game"),
        (["--merge"], "give the files"),
        (["--merge", "--seats", "novice", "x.json"], "--seats is for a run"),
        (["gin", "--merge", "x.json", "y.json"], "'gin' is for a run"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, monkeypatch, args, said):
    bot = tmp_path / "bots.py"
    bot.write_text(BROKEN, encoding="utf-8")
    code, _, err = simulate(monkeypatch, *(a.format(bot=bot) for a in args), "--lang", "en")
    assert (code, err.count("\n")) == (2, 1), err
    assert said in err and err.startswith("mazo: error:")


def test_a_record_folder_that_holds_the_runs_records_is_refused(tmp_path, monkeypatch):
    """A record of one of the run's deals is never overwritten; the other shards' records (and
    other files) may share the folder, so one folder gathers a study's shards."""
    run = ("conga", "--seats", "novice,novice", "-n", "4", "--jobs", "1", *FORTY, "--lang", "en")
    (tmp_path / "old.jsonl").write_text("{}\n")
    (tmp_path / "01-1.jsonl").write_text("{}\n")  # another width: another run's
    code, _, err = simulate(monkeypatch, *run, "--shard", "2/2", "--record", tmp_path)
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "01-1.jsonl",
        "3-1.jsonl",
        "3-2.jsonl",
        "4-1.jsonl",
        "4-2.jsonl",
        "old.jsonl",
    ]
    written = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    for shard in ("2/2", "1/1"):
        code, _, err = simulate(monkeypatch, *run, "--shard", shard, "--record", tmp_path)
        assert (code, err.count("\n")) == (2, 1), err
        assert "already holds records of these deals (3-1.jsonl)" in err
    code, _, err = simulate(monkeypatch, *run, "--shard", "1/2", "--record", tmp_path)
    assert code == 0, err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()}.items() >= written.items()
    assert len(list(tmp_path.iterdir())) == 10


@pytest.mark.parametrize("shard", [" 1/2", "1/2 ", "1 /2", "1/２", "١/2"])
def test_a_shard_is_written_in_plain_digits(monkeypatch, shard):
    code, _, err = simulate(monkeypatch, "conga", "--seats", "novice,novice", "--shard", shard)
    assert (code, err.count("\n")) == (2, 1) and "--shard" in err, err


def test_a_stop_inside_the_pools_code_is_held_then_answered_by_the_handler_in_place():
    answered = []
    previous = signal.signal(signal.SIGINT, lambda n, _: answered.append(n))
    try:
        with signals_held() as held:
            signal.raise_signal(signal.SIGINT)
            assert (held, answered) == ([signal.SIGINT], [])
        assert answered == [signal.SIGINT]
        with signals_held() as held:
            pass
        assert (held, answered) == ([], [signal.SIGINT])
    finally:
        signal.signal(signal.SIGINT, previous)


def test_ctrl_c_keeps_the_finished_deals_report_and_records(tmp_path):
    folder = tmp_path / "records"
    run = subprocess.Popen(
        [
            *(sys.executable, "-m", "mazo", "simulate", "conga", "--seats", "novice,novice"),
            *("-n", "5000", *FORTY, "--record", str(folder), "--jobs", "2", "--json"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while len(list(folder.glob("*.jsonl"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    assert run.returncode == 128 + signal.SIGINT, err
    assert err == "mazo: interrupted\n"
    report = json.loads(out)
    assert report["interrupted"] is True and 1 <= report["deals"] < 5000
    deals = [d["deal"] for d in report["raw"]["deals"]]
    written = records(folder)
    assert sorted(written) == sorted(f"{d:04d}-{r}.jsonl" for d in deals for r in (1, 2))
    assert all(game[-1]["event"] == "game_end" for game in written.values())
    assert [p.name for p in folder.iterdir() if not p.name.endswith(".jsonl")] == []
    assert report["bots"][0]["games"] == 2 * len(deals)
    assert not math.isnan(report["bots"][0]["points_per_round"]["estimate"])


def test_the_difference_is_the_first_seats_points_minus_the_bots_where_fewer_is_better(
    monkeypatch,
):
    run = ("conga", "--seats", "novice,greedy", "-n", "4", "--seed", "5", "--jobs", "1", *FORTY)
    report = report_of(monkeypatch, *run)
    novice, greedy = (bot["points_per_round"]["estimate"] for bot in report["bots"])
    # Each deal gives both seats the same rounds, so the mean difference is that of the means.
    assert report["against_first"][0]["difference"]["estimate"] == pytest.approx(novice - greedy)
    for lang, said in (
        ("es", "de novato menos los del bot (el juego cuenta menos puntos como mejor), así que"),
        ("en", "novice's points per round minus the bot's (the game counts fewer points as"),
    ):
        code, out, err = simulate(monkeypatch, *run, "--lang", lang)
        text = out.decode("utf-8")
        assert code == 0, err
        assert said in " ".join(text.split())
        assert max(len(line) for line in text.splitlines()) <= 80
    code, out, _ = simulate(monkeypatch, *run, "--lang", "es")
    spanish = out.decode("utf-8")
    assert "Contra novato, reparto por reparto" in spanish and "novice" not in spanish
    assert "\ncodicioso " in spanish and "greedy" not in spanish


def test_standard_output_comes_back_whatever_stops_a_player(capsys):
    """A stop (Ctrl-C) that comes as a player's turn begins, once standard output is turned to
    standard error but before the turn runs, still gives standard output back: the stopped
    run's report is printed there, never on standard error."""
    import gc
    import sys

    from mazo.solver.game import simulate as simulation

    out = sys.stdout
    entered = simulation._players_print_to_stderr()
    entered.__enter__()  # the stop comes here: the block's body never runs, nor its __exit__
    assert sys.stdout is sys.stderr
    del entered
    gc.collect()
    assert sys.stdout is out
    with pytest.raises(KeyboardInterrupt), simulation._players_print_to_stderr():
        raise KeyboardInterrupt
    assert sys.stdout is out


# Players of a user's that end in what is no Exception: sys.exit() as they are made or
# imported, a bare BaseException as they play.
ENDING = """
import sys

from mazo.solver.game.bots import Novice


class ExitMade(Novice):
    def __init__(self, spec, seed):
        sys.exit(0)


class BaseDraw(Novice):
    def draw(self, view):
        raise BaseException("base")


class StopMade(Novice):
    def __init__(self, spec, seed):
        raise KeyboardInterrupt
"""


def test_a_seat_that_stops_as_it_is_made_stops_the_run(tmp_path, monkeypatch):
    bot = tmp_path / "ending.py"
    bot.write_text(ENDING, encoding="utf-8")
    code, _, err = simulate(
        monkeypatch, *("conga", "--seats", f"novice,{bot}:StopMade", "-n", "2", "--jobs", "1")
    )
    assert (code, err) == (128 + signal.SIGINT, "mazo: interrupted\n")


@pytest.mark.parametrize(
    ("seat", "said"),
    [
        ("{bot}:ExitMade", "ExitMade raised SystemExit"),
        ("{exits}:Novice", "raised SystemExit"),
        ("sys:exit", "exit raised SystemExit"),
    ],
)
def test_a_seat_that_exits_as_it_loads_is_refused_in_one_line(tmp_path, monkeypatch, seat, said):
    bot, exits = tmp_path / "ending.py", tmp_path / "exits.py"
    bot.write_text(ENDING, encoding="utf-8")
    exits.write_text("import sys\n\nsys.exit(0)\n", encoding="utf-8")
    code, out, err = simulate(
        monkeypatch,
        *("conga", "--seats", "novice," + seat.format(bot=bot, exits=exits), "-n", "2"),
        *("--jobs", "1", "--json", "--lang", "en"),
    )
    assert (code, err.count("\n")) == (2, 1), err
    assert said in err and "error" in json.loads(out)


PICKY = """
from mazo.solver.game.bots import Novice


class Picky(Novice):
    def __init__(self, spec, seed):
        if seed:
            raise ValueError("only seed 0")
        super().__init__(spec, seed)
"""


def test_a_seat_that_fails_made_for_a_deal_names_the_deal(tmp_path, monkeypatch):
    bot = tmp_path / "picky.py"
    bot.write_text(PICKY, encoding="utf-8")
    args = ("gin", "--seats", f"novice,{bot}:Picky", "-n", "2", "--jobs", "1", "--lang", "en")
    code, _, err = simulate(monkeypatch, *args)
    assert code == 1 and err.count("\n") == 1, err
    assert err.endswith(", made for deal 1: Picky raised ValueError: only seed 0\n")
    assert "a seat is a level" not in err


def test_a_player_that_raises_a_base_exception_forfeits(tmp_path, monkeypatch):
    bot = tmp_path / "ending.py"
    bot.write_text(ENDING, encoding="utf-8")
    report = report_of(
        monkeypatch, *("conga", "--seats", f"novice,{bot}:BaseDraw", "-n", "2", "--jobs", "1")
    )
    assert report["bots"][1]["forfeits"] == 4


# A player that quits its bad hands: as the greedy player, but it raises at its draw once the
# round has gone on and its hand is far from a cut.
QUITTER = """
from mazo.solver.game.bots.greedy import Greedy
from mazo.solver.mechanisms.rummy.analysis import solve_hand


class Quitter(Greedy):
    def draw(self, view):
        cards = [self.spec.deck.parse_card(c) for c in view.hand]
        if len(view.discards) > 4 and solve_hand(self.spec, cards).deadwood_points > 12:
            raise RuntimeError("not this one")
        return super().draw(view)
"""


def test_a_deal_with_a_forfeit_is_lost_by_the_forfeiter_against_the_first(tmp_path, monkeypatch):
    bot = tmp_path / "quitter.py"
    bot.write_text(QUITTER, encoding="utf-8")
    seats = ("--seats", f"novice,{bot}:Quitter", "-n", "12", "--seed", "5", "--jobs", "1")
    report = report_of(monkeypatch, "conga", *seats, *FORTY)
    quitter = report["bots"][1]
    raw = report["raw"]["deals"]
    forfeits = [deal["bots"][1][6] - deal["bots"][0][6] for deal in raw]
    assert quitter["forfeits"] > 0 and any(forfeits)
    versus = report["against_first"][0]
    test = versus["sign_test"]
    # Every deal it forfeited more in is a loss; the points compare only the others.
    assert test["losses"] >= sum(1 for f in forfeits if f > 0)
    assert versus["deals"] == test["wins"] + test["losses"] + test["ties"]
    assert versus["difference"]["n"] == versus["deals"] - sum(1 for f in forfeits if f)


def test_a_long_seat_keeps_its_end_in_the_table():
    from mazo.views.simulate import NAME_WIDTH, _bot

    long = "some/very/long/folder/name/here/player.py:expert"
    shown = _bot(long, "en")
    assert len(shown) == NAME_WIDTH and shown == "…" + long[1 - NAME_WIDTH :]
    assert _bot("novice-2", "es") == "novato-2" and _bot("Mine", "es") == "Mine"
