"""`mazo play` from the command line: whole games typed on stdin give the very game the session
plays with the same answers (byte for byte, and legal by the referee), a game stopped anywhere
and resumed is the game played straight, the JSON protocol is JSON line by line, the views fit
80 columns in both languages, and bad input is one line and exit 2 with the files untouched."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest
from mazo.cardtext import cell_width
from mazo.cli import Interrupted, main
from mazo.solver.api import rules_for
from mazo.solver.game.record import read_record
from mazo.solver.game.referee import referee
from mazo.solver.game.view import Play, View
from mazo.solver.play import odds

from tests.commands import in_memory
from tests.conftest import FORTY
from tests.play_script import script

LIMIT = {"elimination_limit": 50}
# The games that ask for hints: the 40-card deck, whose odds table the tests build once.
HINTED = {**FORTY, **LIMIT}


@pytest.fixture
def forty(forty_table, monkeypatch):
    """The 40-card deck's table in memory, where the bots and the hints look first."""
    spec, table = forty_table
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), table)


def variant_flags(variant: dict) -> list[str]:
    return [f for k, v in variant.items() for f in ("--variant", f"{k}={v}")]


def play(monkeypatch, record: Path, commands: list[str], *flags: str, game="conga", seed=9):
    """`mazo play` with the commands on stdin: its exit code, stdout and stderr."""
    stdin = "".join(c + "\n" for c in commands).encode()
    args = ["play", game, "--seed", str(seed), "--record", str(record), "--fast", *flags]
    code, out, err = in_memory(monkeypatch, *args, stdin=stdin)
    return code, out.decode(), err


def resume(monkeypatch, record: Path, commands: list[str], *flags: str, game="conga"):
    stdin = "".join(c + "\n" for c in commands).encode()
    code, out, err = in_memory(
        monkeypatch, "play", game, "--resume", str(record), *flags, stdin=stdin
    )
    return code, out.decode(), err


# --- whole games typed on stdin ---


@pytest.fixture(scope="module")
def conga9(tmp_path_factory):
    """The game most tests type: Conga to 50 against a novice, seed 9, lost after a
    reenganche; the novice's commands, and the record they give."""
    path = tmp_path_factory.mktemp("conga9") / "expected.jsonl"
    return script(rules_for("conga", variant=LIMIT), 9, ["novice"], path), path


# Each: the game, its seed, the bots, the house rules, where to stop (None: the game's end),
# and what its table must say (in Spanish, the language of these games).
# The seeds were found by playing: a change to the novice's play may call for others (the test
# says so first).
GAMES = {
    "a win": ("conga", 18, ["novice"], LIMIT, "won", "Gana Vos: queda solo en juego."),
    "a cut passed": ("conga", 11, ["novice"], LIMIT, "passed", "pasa"),
    "a recycle of the stock": (
        "chinchon",
        23,
        ["novice"] * 3,
        LIMIT,
        "recycle",
        "Se acabó el mazo",
    ),
    "out, and the bots play on": ("chinchon", 7, ["novice"] * 3, LIMIT, "out", "Quedaste afuera"),
    "gin's void hand": ("gin", 5, ["novice"], {"knock_limit": 0}, "void", "Ronda nula"),
}
# Where each game shows what it is there for (the games stopped there are typed that far).
SHOWN = {
    "won": lambda e: e["event"] == "game_end" and e["winner"] == "Vos",
    "passed": lambda e: e["event"] == "round_end" and bool(e["passed_by"]),
    "recycle": lambda e: e["event"] == "recycle",
    "out": lambda e: e["event"] == "round_end" and "Vos" in e["eliminated"],
    "void": lambda e: e["event"] == "round_end" and e["close"] == "void",
}
STOPPED = ("passed", "recycle", "void")


@pytest.mark.parametrize("case", GAMES)
def test_a_scripted_game_is_the_game_the_session_plays(monkeypatch, tmp_path, case):
    game, seed, levels, variant, shown, said = GAMES[case]
    spec = rules_for(game, variant=variant)
    expected = tmp_path / "expected.jsonl"
    stop = shown in STOPPED
    typist = script(spec, seed, levels, expected, until=SHOWN[shown] if stop else None)
    assert any(map(SHOWN[shown], typist.events)), f"seed {seed} no longer shows it"
    record = tmp_path / "typed.jsonl"
    flags = ["--seats", ",".join(levels), "--lang", "es", *variant_flags(variant)]
    code, out, err = play(monkeypatch, record, typist.commands, *flags, game=game, seed=seed)
    assert code == 0, err
    assert record.read_bytes() == expected.read_bytes()
    assert said in out
    if not stop:
        assert "El registro:" in err and referee(read_record(record)).ok
    else:
        assert f"--resume {record}" in err


def test_every_command_and_every_refusal(monkeypatch, tmp_path, forty):
    expected = tmp_path / "expected.jsonl"
    two_rounds = lambda e: e["event"] == "round_end" and e["round"] == 2  # noqa: E731
    typist = script(rules_for("conga", variant=HINTED), 9, ["novice"], expected, until=two_rounds)
    first, second, third = typist.commands[:3]  # the opening discard, a draw, its discard
    hand = typist.prompts[0].view.hand
    other = next(
        c
        for c in rules_for("conga").deck.codes(rules_for("conga").deck.all_cards())
        if c not in hand
    )
    extra = [
        "pista",
        "pozo",
        "reglas",
        "ayuda",
        "xyz",  # unknown
        "t 99x",  # not a card
        "tirar 1o 2o",  # too many
        "tirar",  # needs a card
        "cortar",  # a cut needs its discard in Conga
        f"t {other}",  # not held
        f"cortar {hand[0]}",  # does not close
        "r",  # not now: it is the opening discard
        "deshacer",  # nothing to undo yet
    ]
    after = typist.commands[3:9]
    commands = [*extra, first, "si", second, "deshacer", second, third, *after, "salir"]
    record = tmp_path / "typed.jsonl"
    flags = ["--seats", "novice", "--training", "--lang", "es", *variant_flags(HINTED)]
    code, out, err = play(monkeypatch, record, commands, *flags)
    assert code == 0, err
    for said in [
        "Pista (experto",  # with the fastest too when their choices agree
        "Todavía nadie tiró en esta ronda.",
        "Cierres: ¡Conga Limpia!",
        "Comandos (en castellano o en inglés):",
        "No conozco «xyz»",
        "«99x» no es una carta de este mazo.",
        "«tirar 1o 2o»: un comando",
        "«tirar» lleva una carta",
        "Para cortar, nombrá la carta que tirás",
        f"No tenés el {other}.",
        f"Tirando el {hand[0]} no podés cortar",
        "Ahora no: t CARTA (tirar) o cortar CARTA.",
        "Todavía no hay nada que deshacer.",
        "Ahora no: r (robar) o l (levantar).",  # "si" at a draw
    ]:
        assert said in out, said
    lines = [json.loads(x) for x in record.read_text().splitlines()]
    assert [x["event"] for x in lines if x["event"] in ("hint", "undo")] == ["hint", "undo"]
    assert lines[0]["training"] is True
    # Without its notes, the record is the game played straight, as far as it went.
    kept = [x for x in lines if x["event"] not in ("hint", "undo")]
    kept[0].pop("training")
    straight = [json.loads(x) for x in expected.read_text().splitlines()]
    assert len(kept) > 10 and kept == straight[: len(kept)]


def test_undo_outside_training_and_the_first_upcard(monkeypatch, tmp_path):
    code, out, _ = play(
        monkeypatch,
        tmp_path / "g.jsonl",
        ["deshacer", "r", "paso", "paso", "r", "t 12b", "salir"],
        "--seats",
        "novice",
        "--lang",
        "en",
        game="gin",
        seed=5,
    )
    assert code == 0
    assert "Undo is for training games only" in out
    assert "The first upcard is taken (l) or passed (pass), not drawn over." in out
    assert "Only the first upcard may be passed: draw (r) or take (l)." in out
    assert "You do not hold the 12b" not in out  # not a card of this deck: said as such
    assert "'12b' is not a card of this deck." in out


# --- stopped anywhere, resumed: the game played straight ---


def _stops(typist) -> dict[str, int]:
    """Where to stop: the command to be typed next at each kind of point."""
    prompts = typist.prompts
    mid_turn = next(i for i, p in enumerate(prompts) if p.decision == "discard" and p.view.drawn)
    reenter = next(i for i, p in enumerate(prompts) if p.decision == "reenter")
    rounds = [p.view.round for p in prompts]
    round_end = next(i for i in range(1, len(rounds)) if rounds[i] != rounds[i - 1])
    return {"mid-turn": mid_turn, "a round's end": round_end, "a reenganche question": reenter}


def test_a_game_stopped_and_resumed_is_the_game_played_straight(monkeypatch, tmp_path, conga9):
    """Stopped mid-turn (after the draw), at a round's end, at a reenganche question, each
    time resumed from the record: the game is the one played straight, byte for byte."""
    typist, expected = conga9
    stops = sorted(_stops(typist).values())
    assert len(set(stops)) == 3
    record = tmp_path / "game.jsonl"
    flags = ["--seats", "novice", "--lang", "es", *variant_flags(LIMIT)]
    code, _, err = play(monkeypatch, record, [*typist.commands[: stops[0]], "salir"], *flags)
    assert code == 0 and "Para seguir: mazo play conga --resume" in err
    for start, stop in zip(stops, [*stops[1:], None], strict=True):
        ahead = typist.commands[start:stop]
        code, out, err = resume(monkeypatch, record, ahead if stop is None else [*ahead, "salir"])
        assert code == 0 and "Sigue la partida de" in err, err
    assert "Gana Beto: queda solo en juego." in out
    assert record.read_bytes() == expected.read_bytes()


class _Interrupting(io.TextIOWrapper):
    """Standard input that gives its lines, then is interrupted (Ctrl-C) as the next is typed."""

    def __init__(self, lines: list[str]):
        super().__init__(io.BytesIO("".join(x + "\n" for x in lines).encode()), encoding="utf-8")

    def readline(self, *args):
        line = super().readline(*args)
        if not line:
            raise Interrupted
        return line

    def isatty(self):
        return False


def test_ctrl_c_loses_at_most_the_answer_being_typed(monkeypatch, tmp_path, conga9, capsys):
    typist, expected = conga9
    at = _stops(typist)["mid-turn"]  # after a draw: the card drawn is seen, and kept
    record = tmp_path / "game.jsonl"
    args = ["play", "conga", "--seats", "novice", "--seed", "9", "--record", str(record)]
    monkeypatch.setattr(sys, "argv", ["mazo", *args, "--lang", "es", *variant_flags(LIMIT)])
    monkeypatch.setattr(sys, "stdin", _Interrupting(typist.commands[:at]))
    with pytest.raises(SystemExit) as leaving:
        main()
    err = capsys.readouterr().err
    assert leaving.value.code == 130 and "Para seguir: mazo play conga --resume" in err
    assert json.loads(record.read_text().splitlines()[-1])["event"] == "pending"
    code, _, err = resume(monkeypatch, record, typist.commands[at:])
    assert code == 0, err
    assert record.read_bytes() == expected.read_bytes()


# --- the JSON protocol ---


def test_the_json_protocol_is_a_json_object_a_line(monkeypatch, tmp_path, conga9):
    typist, _ = conga9
    commands = ["nada", *typist.commands[:1], "pista", "pozo", *typist.commands[1:]]
    record = tmp_path / "game.jsonl"
    flags = ["--seats", "novice", "--json", *variant_flags(LIMIT)]
    code, out, err = play(monkeypatch, record, commands, *flags)
    assert code == 0, err
    lines = [json.loads(x) for x in out.splitlines()]
    kinds = [x["event"] for x in lines]
    assert kinds[0] == "game" and kinds[-1] == "game_end"
    # JSON never changes with the language: the default name is the English one.
    assert lines[0]["players"] == ["You", "Beto"]
    prompts = [x for x in lines if x["event"] == "prompt"]
    fields = set(View.__dataclass_fields__)
    assert all(set(p["view"]) == fields and "can_cut" in p for p in prompts)
    # An unknown answer: an error line, then the same prompt again.
    at = kinds.index("error")
    assert lines[at]["reason"] == "unknown" and lines[at + 1] == lines[at - 1]
    # The hint and the pozo answer in a line, then the prompt again.
    assert "hint" in kinds and "pozo" in kinds
    # The person sees no hidden card: their own hand, never the stock nor a rival's draw.
    deals = [x for x in lines if x["event"] == "deal"]
    assert all(set(d["hands"]) == {"You"} and "stock" not in d for d in deals)
    assert all(
        "card" not in x
        for x in lines
        if x["event"] == "turn" and x["player"] == "Beto" and x["draw"] == "stock"
    )
    # Each decision has its number; asked again (after the error, the hint, the pozo) it
    # keeps it.
    ids = [p["id"] for p in prompts]
    assert ids[0] == 1 and sorted(set(ids)) == list(range(1, max(ids) + 1)) and ids == sorted(ids)
    # The reenganche question comes after its round's end, told as it stood (no one back
    # yet); once answered, who came back and the totals.
    asked = next(i for i, x in enumerate(lines) if x.get("decision") == "reenter")
    early = lines[asked - 1]
    assert early["event"] == "round_end" and early["reentered"] == []
    back = next(x for x in lines[asked:] if x["event"] in ("reentered", "round_end"))
    assert back["event"] == "reentered" and back["round"] == early["round"]
    early.update(back, event="round_end")
    # Everything but the prompts and the answers is the record's own lines, as seen.
    told = [x for x in lines if x["event"] in ("turn", "round_end", "game_end")]
    recorded = [json.loads(x) for x in record.read_text().splitlines()]
    mine = [x for x in recorded if x["event"] in ("turn", "round_end", "game_end")]
    assert len(told) == len(mine)
    assert all(
        t == {k: v for k, v in r.items() if t.keys() >= {k}}
        for t, r in zip(told, mine, strict=True)
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--seats", "master"], "unknown level 'master'"),
        (["--bogus"], "no such option --bogus"),
        (["--resume", "notes.txt"], "not JSON"),
    ],
)
def test_an_error_at_the_start_is_an_event_too(monkeypatch, tmp_path, args, said):
    """With --json every line on stdout is an event, from the first: a table that cannot be
    set is an error event, with the exit code it always had."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("not a record\n")
    code, out, err = in_memory(monkeypatch, "play", "conga", "--json", *args, stdin=b"")
    assert code == 2 and err.count("\n") == 1
    (line,) = out.decode().splitlines()
    found = json.loads(line)
    assert found["event"] == "error" and said in found["message"]


def test_a_table_being_built_is_said_before_the_first_prompt(monkeypatch, tmp_path, forty):
    """The first game under new rules waits for its odds table: the protocol says so first,
    once, however many stages the build reports; at the table, a line on stderr says why the
    game waits and that it is once."""
    from mazo.play import tables

    built = tables.odds.table

    def building(spec, progress=None, **kwargs):
        for stage in ("closes", "listing", "labels") if progress is not None else ():
            progress(stage, 0.5)
        return built(spec, **kwargs)

    monkeypatch.setattr(tables.odds, "table", building)
    flags = ["--seats", "expert", "--json", *variant_flags(HINTED)]
    code, out, err = play(monkeypatch, tmp_path / "g.jsonl", ["salir"], *flags)
    assert code == 0, err
    lines = [json.loads(x) for x in out.splitlines()]
    assert [x["event"] for x in lines[:2]] == ["wait", "game"]
    assert lines[0]["reason"] == "odds_table" and "once" in lines[0]["message"]
    assert [x["event"] for x in lines].count("wait") == 1
    flags = ["--seats", "expert", "--lang", "en", *variant_flags(HINTED)]
    code, out, err = play(monkeypatch, tmp_path / "h.jsonl", ["salir"], *flags)
    assert code == 0, err
    assert err.count("The bots play by an odds table of these rules, not built yet") == 1
    assert err.index("not built yet") < err.index("Playing Conga Uruguaya")


# --- the views ---


def test_gins_table_fits_80_columns_with_a_wide_name(monkeypatch, tmp_path):
    """Oklahoma's upcard at a round's end and a long list of knocks, broken in lines (Spanish,
    the longer words); a name of wide characters as wide as the table takes."""
    name = "漢" * 10
    spec = rules_for("gin", variant={"oklahoma": "true"})
    ended = lambda line: line["event"] == "round_end"  # noqa: E731
    typist = script(spec, 36, ["novice"], tmp_path / "x.jsonl", ended, name=name)
    flags = ["--seats", "novice", "--lang", "es", "--variant", "oklahoma=true", "--name", name]
    code, out, err = play(
        monkeypatch, tmp_path / "g.jsonl", typist.commands, *flags, game="gin", seed=36
    )
    assert code == 0, err
    assert not [line for line in out.splitlines() if cell_width(line) > 80]
    assert "Oklahoma" in out and re.search(r" ·\n +llamar ", out)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_table_fits_80_columns(monkeypatch, tmp_path, lang, forty):
    spec = rules_for("conga", variant=HINTED)
    typist = script(
        spec, 3, ["novice"] * 3, tmp_path / "x.jsonl", until=lambda e: e["event"] == "round_end"
    )
    record = tmp_path / "game.jsonl"
    commands = ["pista", "pozo", "reglas", "ayuda", *typist.commands]
    flags = ["--seats", "novice,novice,novice", "--lang", lang, *variant_flags(HINTED)]
    code, out, _ = play(monkeypatch, record, commands, *flags, seed=3)
    assert code == 0
    wide = [line for line in out.splitlines() if cell_width(line) > 80]
    assert not wide
    assert ("Tu mano" if lang == "es" else "Your hand") in out


def test_the_terminal_table_in_a_pseudo_terminal(tmp_path):
    """The real command on a terminal of 80 columns: the question is the input's prompt, and
    every line the terminal shows fits."""
    pty = pytest.importorskip("pty")
    import select
    import subprocess

    main, side = pty.openpty()
    import fcntl
    import struct
    import termios

    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "COLUMNS": "80", "TERM": "xterm"}
    command = [sys.executable, "-m", "mazo", "play", "gin", "--seats", "novice", "--seed", "5"]
    process = subprocess.Popen(
        [*command, "--fast", "--lang", "en", "--record", "g.jsonl"],
        stdin=side,
        stdout=side,
        stderr=side,
        env=env,
        cwd=tmp_path,
    )
    os.close(side)
    seen = b""

    def read_until(mark: bytes, times: int = 1) -> None:
        nonlocal seen
        while seen.count(mark) < times:
            ready, _, _ = select.select([main], [], [], 60)
            assert ready, seen.decode(errors="replace")
            seen += os.read(main, 4096)

    asked = b"take it (l) or pass (pass)? "
    read_until(asked)
    os.write(main, b"hint\r")
    read_until(asked, 2)  # typed after the question, as a person would
    os.write(main, b"quit\r")
    process.wait(60)
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(main)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode(errors="replace"))
    assert process.returncode == 0
    assert "Your hand" in text and "Saved. To go on: mazo play gin --resume g.jsonl" in text
    wide = [line for line in text.replace("\r", "").splitlines() if cell_width(line) > 80]
    assert not wide


def at_a_terminal(monkeypatch, commands: list[str], *, enter_at_the_end: bool = False) -> None:
    """`mazo play` on a terminal, without pauses: `commands` typed one at each input() (the
    question, or Enter at a round's end), then Ctrl-D, or Enter where the table waits for it."""
    from mazo.commands import play as command
    from mazo.play import terminal

    typed = list(commands)

    def keyboard(asked: str) -> str:
        if not typed:
            if enter_at_the_end and asked.startswith("(Enter"):
                return ""
            raise EOFError
        return typed.pop(0)

    monkeypatch.setattr(command, "_tty", lambda stream: True)
    monkeypatch.setattr("builtins.input", keyboard)
    monkeypatch.setattr(terminal.time, "sleep", lambda seconds: None)


def test_a_command_typed_at_a_rounds_end_is_kept(monkeypatch, tmp_path, conga9):
    """On a terminal, without --fast, the table waits for Enter at each round's end: a command
    typed there instead is the next one read, never lost. Typed without a single Enter, the
    game is the one played straight."""
    typist, expected = conga9
    # At the last round's end, Enter: Ctrl-D there would stop the game before its end.
    at_a_terminal(monkeypatch, typist.commands, enter_at_the_end=True)
    record = tmp_path / "g.jsonl"
    args = ["play", "conga", "--seats", "novice", "--seed", "9", "--record", str(record)]
    code, out, err = in_memory(monkeypatch, *args, "--lang", "es", *variant_flags(LIMIT))
    assert code == 0, err
    assert "(Enter para seguir)" not in out.decode()  # asked through input(), as a terminal does
    assert record.read_bytes() == expected.read_bytes()


def test_undo_draws_the_whole_table_again(monkeypatch, tmp_path, conga9):
    """A discard taken back goes back to the decision after the draw: the whole table is drawn
    again (the rivals, the pozo), not the hand alone as after a draw."""
    typist, _ = conga9
    first, second, third = typist.commands[:3]
    commands = [first, second, third, "deshacer", "salir"]
    flags = ["--seats", "novice", "--training", "--lang", "es", *variant_flags(LIMIT)]
    code, out, err = play(monkeypatch, tmp_path / "g.jsonl", commands, *flags)
    assert code == 0, err
    after = out[out.index("> deshacer") :]
    assert "Totales" in after and "Beto (novato) ·" in after and "Pozo" in after
    before = out[out.index(f"> {second}") : out.index(f"> {third}")]
    assert "Totales" not in before  # after a draw, only the card drawn and the hand


# --- the record's file ---


def test_a_new_record_goes_to_the_user_s_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    args = ["play", "conga", "--seats", "novice", "--seed", "4", "--lang", "en"]
    for number in (1, 2):
        code, _, err = in_memory(monkeypatch, *args, stdin=b"salir\n")
        path = tmp_path / "mazo" / "games" / f"conga-4-{number}.jsonl"
        assert code == 0 and f"the record: {path}" in err and path.exists()
        assert json.loads(path.read_text().splitlines()[0])["seats"] == {
            "You": "human",
            "Beto": "novice",
        }


def test_games_started_at_once_with_one_seed_never_share_a_file(monkeypatch, tmp_path):
    """Each game's default record is made as its name is chosen: a second game started with the
    same seed before the first wrote a line takes the next name; a game that never starts
    leaves no file."""
    from mazo.commands import play as command

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    first, second = command._new_record("conga", 4), command._new_record("conga", 4)
    assert (first.name, second.name) == ("conga-4-1.jsonl", "conga-4-2.jsonl")
    assert first.read_bytes() == second.read_bytes() == b""
    (tmp_path / "notes").write_text("a note\n")  # no suffix: what is in it is looked at
    args = ["play", "conga", "--seats", "novice", "--seed", "4", "--pdf", str(tmp_path / "notes")]
    code, _, err = in_memory(monkeypatch, *args, stdin=b"salir\n")
    assert code == 2 and "no es un PDF" in err  # conga speaks Spanish
    folder = tmp_path / "mazo" / "games"
    assert sorted(p.name for p in folder.iterdir()) == ["conga-4-1.jsonl", "conga-4-2.jsonl"]
    code, _, err = in_memory(monkeypatch, *args[:-2], stdin=b"salir\n")
    assert code == 0 and "conga-4-3.jsonl" in err
    assert (folder / "conga-4-3.jsonl").read_text().startswith('{"event": "game"')


def test_a_planilla_that_cannot_be_written_at_the_end_is_a_failure_not_a_usage(
    monkeypatch, tmp_path, conga9
):
    from mazo.solver.errors import InputError

    def gone(path, write, **kwargs):  # its folder removed while the game was played
        raise InputError.of("write_no_folder", path=repr(str(path)))

    typist, expected = conga9
    monkeypatch.setattr("mazo.commands.play.write_atomically", gone)
    flags = ["--seats", "novice", "--lang", "es", "--pdf", str(tmp_path / "game.pdf")]
    record = tmp_path / "g.jsonl"
    code, _, err = play(monkeypatch, record, typist.commands, *flags, *variant_flags(LIMIT))
    assert code == 1 and err.endswith("game.pdf': su carpeta no existe\n"), err
    assert record.read_bytes() == expected.read_bytes()


def test_a_loss_with_a_reenganche_and_its_planilla(monkeypatch, tmp_path, conga9):
    """A game lost after coming back: the record is the session's, legal by the referee; the
    PDF at the end is the sheet `mazo match` prints for the game's rounds."""
    typist, expected = conga9
    record = tmp_path / "g.jsonl"
    flags = ["--seats", "novice", "--lang", "es", "--pdf", str(tmp_path / "game.pdf")]
    code, out, err = play(monkeypatch, record, typist.commands, *flags, *variant_flags(LIMIT))
    assert code == 0, err
    assert record.read_bytes() == expected.read_bytes() and referee(read_record(record)).ok
    assert "¿Te reenganchás? (sí / no)" in out and "Te reenganchás con" in out
    assert "Gana Beto: queda solo en juego." in out
    assert f"escrito: {tmp_path / 'game.pdf'}" in err
    ends = [json.loads(x) for x in expected.read_text().splitlines() if '"round_end"' in x]
    rows = []
    for end in ends:
        row = ", ".join(f"{p}: {n}" for p, n in end["points"].items())
        again = f", reenter: [{', '.join(end['reentered'])}]" if end["reentered"] else ""
        rows.append(f"  - {{{row}{again}}}\n")
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text("players: [Vos, Beto]\nhands:\n" + "".join(rows), encoding="utf-8")
    code, _, err = in_memory(
        monkeypatch,
        "match",
        "conga",
        str(sheet),
        *variant_flags(LIMIT),
        "--lang",
        "es",
        "--pdf",
        str(tmp_path / "match.pdf"),
    )
    assert code == 0, err
    assert (tmp_path / "game.pdf").read_bytes() == (tmp_path / "match.pdf").read_bytes()


# --- bad input: one line, exit 2, files untouched ---


@pytest.fixture
def finished(tmp_path, conga9) -> Path:
    path = tmp_path / "finished.jsonl"
    path.write_bytes(conga9[1].read_bytes())
    return path


def _refused(monkeypatch, args: list[str], files: list[Path]) -> str:
    before = {f: f.read_bytes() for f in files}
    english = () if "--lang" in args else ("--lang", "en")  # else Conga's own, Spanish
    code, out, err = in_memory(monkeypatch, *english, *args, stdin=b"r\n")
    assert code == 2 and out == b""
    assert err.startswith("mazo: error: ") and err.count("\n") == 1, err
    assert {f: f.read_bytes() for f in files} == before
    return err


def test_a_resume_file_that_is_not_a_game_to_go_on_with(monkeypatch, tmp_path, finished):
    text = tmp_path / "notes.txt"
    text.write_text("not a record\n")
    assert "not JSON" in _refused(monkeypatch, ["play", "conga", "--resume", str(text)], [text])
    err = _refused(monkeypatch, ["play", "gin", "--resume", str(finished)], [finished])
    assert "a record of Conga Uruguaya, not of Gin Rummy" in err
    err = _refused(monkeypatch, ["play", "conga", "--resume", str(finished)], [finished])
    assert "the game is over" in err
    # Damaged: a bot's move the game does not give again.
    lines = finished.read_text().splitlines()
    cut = lines[: len(lines) // 2]
    at = next(
        i for i in range(len(cut) - 1, 0, -1) if '"player": "Beto", "draw": "stock"' in cut[i]
    )
    event = json.loads(cut[at])
    hand = json.loads(cut[1])["hands"]["Vos"]
    event["card"] = hand[0]
    cut[at] = json.dumps(event, ensure_ascii=False)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join(cut) + "\n")
    args = ["play", "conga", "--resume", str(damaged), "--lang", "en"]
    err = _refused(monkeypatch, args, [damaged])
    assert f"damaged.jsonl:{at + 1}: damaged: in turn round" in err
    assert "the game gives card " in err and " where the record has " in err
    args[-1] = "es"
    err = _refused(monkeypatch, args, [damaged])
    assert f"damaged.jsonl:{at + 1}: dañado: en turn ronda " in err, err
    assert "la partida da card " in err and " donde el registro tiene " in err


def test_a_record_is_never_written_over(monkeypatch, tmp_path, finished):
    args = ["play", "conga", "--seats", "novice", "--record", str(finished)]
    assert "--resume" in _refused(monkeypatch, args, [finished])
    args = ["play", "conga", "--resume", str(finished), "--seats", "novice"]
    assert "--seats and --resume" in _refused(monkeypatch, args, [finished])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "conquian"], "cannot be played yet"),
        (["play", "canasta"], "cannot be played yet"),
        (["play", "conga", "--seats", "master"], "unknown level 'master'"),
        (["play", "conga", "--seats", "novice,novice,novice,novice"], "1 to 3 bots"),
        (["play", "gin", "--seats", "novice,novice"], "Gin Rummy takes exactly one bot"),
        (["play", "conga", "--seats", ""], "--seats names the bots by level"),
        (["play", "conga", "--pdf", "-"], "--pdf takes a file name"),
        (["play", "conga", "--record", "-"], "--record takes a file name"),
        (["play", "conga", "--resume", "-"], "--resume takes a file name"),
    ],
)
def test_a_table_that_cannot_be_set(monkeypatch, tmp_path, args, said):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert said in _refused(monkeypatch, [*args, "--lang", "en"], [])
    assert not (tmp_path / "mazo").exists() or not any((tmp_path / "mazo").rglob("*.jsonl"))


def test_taking_the_upcard_both_passed_is_refused_and_asked_again(monkeypatch, tmp_path):
    """Gin: after both pass the first upcard, the mano draws from the stock; a take is refused
    with why, never a forfeit."""
    record = tmp_path / "gin.jsonl"
    code, out, err = play(
        monkeypatch,
        record,
        ["paso", "l", "salir"],
        "--seats",
        "novice",
        "--lang",
        "es",
        game="gin",
        seed=4,
    )
    assert code == 0, err
    assert "Los dos pasaron la primera carta del pozo: robá del mazo (r)." in out
    assert "Los dos pasaron el 4♠: robá del mazo (r)." in out
    assert "forfeit" not in record.read_text(encoding="utf-8")


def test_the_planilla_never_writes_over_the_record_or_a_file_that_is_not_a_pdf(
    monkeypatch, tmp_path
):
    record, other = tmp_path / "game.pdf", tmp_path / "other.jsonl"
    other.write_text("a record\n", encoding="utf-8")
    code, _, err = play(monkeypatch, record, ["salir"], "--seats", "novice", "--pdf", str(record))
    assert code == 2 and "es el archivo de la partida" in err
    record = tmp_path / "game.jsonl"
    code, _, err = play(monkeypatch, record, ["salir"], "--seats", "novice", "--pdf", str(other))
    assert code == 2 and "se escribe como PDF: nombrá un archivo que termine en .pdf" in err
    plain = tmp_path / "other"  # a name without suffix is refused by what it holds
    plain.write_text("a record\n", encoding="utf-8")
    code, _, err = play(monkeypatch, record, ["salir"], "--seats", "novice", "--pdf", str(plain))
    assert code == 2 and "no es un PDF" in err
    assert other.read_text(encoding="utf-8") == plain.read_text(encoding="utf-8") == "a record\n"


def test_the_json_stream_keeps_the_seed_that_deals_every_card_to_itself(monkeypatch, tmp_path):
    record = tmp_path / "game.jsonl"
    code, out, err = play(monkeypatch, record, ["salir"], "--seats", "novice", "--json")
    assert code == 0, err
    first = json.loads(out.splitlines()[0])
    assert first["event"] == "game" and "seed" not in first
    assert json.loads(record.read_text(encoding="utf-8").splitlines()[0])["seed"] == 9


def test_a_rivals_cut_says_what_it_drew_as_the_table_saw_it():
    from mazo.views.play_events import turn_lines

    class Seats:
        lang = "es"

        def name(self, name):
            return name

    spec = rules_for("conga")
    line = {
        "player": "Beto",
        "draw": "pozo",
        "card": "2c",
        "discard": "6c",
        "cut": True,
        "close": "corte_limpio",
    }
    said = "".join(text for text, _ in turn_lines(line, spec, Seats(), "Vos")[0])
    assert said == "Beto levantó el 2c del pozo: Corte limpio, tirando el 6c."
    said = "".join(
        text for text, _ in turn_lines({**line, "draw": "stock"}, spec, Seats(), "Vos")[0]
    )
    assert said == "Beto robó del mazo: Corte limpio, tirando el 6c."


def test_a_game_played_for_real_is_not_resumed_for_training(monkeypatch, tmp_path):
    record = tmp_path / "game.jsonl"
    code, _, err = play(monkeypatch, record, ["salir"], "--seats", "novice")
    assert code == 0, err
    before = record.read_bytes()
    code, _, err = resume(monkeypatch, record, ["salir"], "--training")
    assert code == 2 and "no se jugó como entrenamiento" in err  # Conga's own language
    assert record.read_bytes() == before


def test_the_reenganche_question_says_the_total_the_record_adds_up(monkeypatch, tmp_path, conga9):
    typist, _ = conga9
    record = tmp_path / "game.jsonl"
    flags = ["--seats", "novice", "--lang", "en", *variant_flags(LIMIT)]
    code, out, err = play(monkeypatch, record, typist.commands, *flags)
    assert code == 0, err
    said = [int(n) for n in re.findall(r"past the limit, at (\d+)\.", out)]
    ends = [json.loads(x) for x in record.read_text().splitlines() if '"round_end"' in x]
    # The person's points round by round, summed up to each round that put them out.
    totals, total = [], 0
    for end in ends:
        total += end["points"].get("You", 0)
        if "You" in end["eliminated"]:
            totals.append(total)
        total = end["totals"].get("You", total)
    # Asked at each elimination while a re-entry is still open to them.
    assert said and said == totals[: len(said)]


@pytest.mark.parametrize("as_json", [True, False])
def test_a_move_taken_back_then_played_tells_what_the_game_played_straight_tells(
    monkeypatch, tmp_path, conga9, as_json
):
    typist, _ = conga9
    # The cut that ended a round in a reenganche question, taken back, and another discard
    # that plays the round on to its end.
    asked = next(i for i, p in enumerate(typist.prompts) if p.decision == "reenter")
    view = typist.prompts[asked - 1].view
    other = Play(next(c for c in view.hand if c != typist.answers[asked - 1].card), False)
    first = [*typist.answers[: asked - 1], other]
    ended = lambda line: line["event"] == "round_end" and line["round"] == view.round  # noqa: E731
    spec = rules_for("conga", variant=LIMIT)
    straight = script(spec, 9, ["novice"], tmp_path / "x.jsonl", ended, first=first).commands
    undone = [*typist.commands[:asked], "undo", *straight[asked - 1 :]]
    flags = ["--seats", "novice", *variant_flags(LIMIT), "--training"]
    flags += ["--json"] if as_json else ["--lang", "en"]
    code, again, err = play(monkeypatch, tmp_path / "u.jsonl", undone, *flags)
    assert code == 0, err
    code, once, err = play(monkeypatch, tmp_path / "s.jsonl", straight, *flags)
    assert code == 0, err
    # From the decision made again on, the same lines as the game played straight.
    told, first_told = again.splitlines(), once.splitlines()
    if as_json:  # the prompt asked again, as it was asked the first time
        at = next(i for i, x in enumerate(told) if '"event": "undo"' in x) + 1
        start = first_told.index(told[at])
    else:  # the command typed again, shown as it was typed the first time
        at = [i for i, x in enumerate(told) if x.startswith("> ")][asked + 1]
        start = [i for i, x in enumerate(first_told) if x.startswith("> ")][asked - 1]
    assert told[at:] == first_told[start:]


def test_a_training_game_is_one_in_its_record_from_the_start_and_resumed(
    monkeypatch, tmp_path, conga9
):
    typist, _ = conga9
    record = tmp_path / "game.jsonl"
    flags = ["--seats", "novice", "--training", "--lang", "en", *variant_flags(LIMIT)]
    code, _, err = play(monkeypatch, record, typist.commands[:2], *flags)
    assert code == 0, err
    assert json.loads(record.read_text().splitlines()[0])["training"] is True
    code, out, err = resume(monkeypatch, record, ["undo", "salir"], "--lang", "en")
    assert code == 0, err
    assert "training games only" not in out
    assert '"event": "undo"' in record.read_text()


def test_the_seed_a_game_is_given_is_one_seed_takes(monkeypatch, tmp_path):
    drawn = tmp_path / "drawn.jsonl"
    args = ["play", "conga", "--seats", "novice", "--record", str(drawn), "--lang", "en"]
    code, _, err = in_memory(monkeypatch, *args, stdin=b"salir\n")
    assert code == 0, err
    seed = int(re.search(r"seed (\d+)", err)[1])
    flags = ["--seats", "novice", "--lang", "en"]
    code, _, err = play(monkeypatch, tmp_path / "again.jsonl", ["salir"], *flags, seed=seed)
    assert code == 0, err
    assert (tmp_path / "again.jsonl").read_bytes() == drawn.read_bytes()
    # As many digits as simulate's --seed takes, and no more.
    code, _, err = play(monkeypatch, tmp_path / "big.jsonl", ["salir"], seed=999_999_999_999)
    assert code == 0, err
    code, _, err = play(monkeypatch, tmp_path / "more.jsonl", ["salir"], seed=10**12)
    assert code == 2 and not (tmp_path / "more.jsonl").exists()


def test_a_game_resumed_into_a_new_record_is_there_at_once(monkeypatch, tmp_path, conga9):
    typist, _ = conga9
    old, new = tmp_path / "old.jsonl", tmp_path / "new.jsonl"
    flags = ["--seats", "novice", "--lang", "en", *variant_flags(LIMIT)]
    code, _, err = play(monkeypatch, old, typist.commands[:1], *flags)
    assert code == 0, err
    before = old.read_bytes()
    code, _, err = resume(monkeypatch, old, ["salir"], "--record", str(new), "--lang", "en")
    assert code == 0, err
    # No move made: the new record holds the game as the old one does, and is the one named.
    assert new.read_bytes() == old.read_bytes() == before
    assert f"Resuming {old}; the record: {new}" in err
    assert f"--resume {new}" in err


@pytest.mark.parametrize(("lang", "said"), [("en", "You were undercut."), ("es", "te ganaron")])
def test_the_person_undercut_is_told_so(monkeypatch, tmp_path, lang, said):
    name = "You" if lang == "en" else "Vos"
    ended = lambda line: line["event"] == "round_end"  # noqa: E731
    typist = script(rules_for("gin"), 5, ["novice"], tmp_path / "x.jsonl", ended, name=name)
    flags = ["--seats", "novice", "--lang", lang]
    code, out, err = play(
        monkeypatch, tmp_path / "g.jsonl", typist.commands, *flags, game="gin", seed=5
    )
    assert code == 0, err
    assert said in out and f"{name} was" not in out and f"a {name}," not in out


def test_a_rounds_end_tells_the_totals_then_who_is_out_and_back_then_the_new_totals(
    monkeypatch, tmp_path
):
    # Caro goes past 50 in round 1 and comes back; the person is not asked anything.
    ended = lambda line: line["event"] == "round_end"  # noqa: E731
    spec = rules_for("conga", variant=LIMIT)
    typist = script(spec, 4, ["novice"] * 2, tmp_path / "x.jsonl", ended, name="You")
    record = tmp_path / "game.jsonl"
    flags = ["--seats", "novice,novice", "--lang", "en", *variant_flags(LIMIT)]
    code, out, err = play(monkeypatch, record, typist.commands, *flags, seed=4)
    assert code == 0, err
    end = next(json.loads(x) for x in record.read_text().splitlines() if '"round_end"' in x)
    assert end["round"] == 1 and end["reentered"] == ["Caro"]
    lines = out.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("Points this round"))
    stood = "  ·  ".join(f"{name} {end['points'][name]}" for name in end["totals"])
    after = "  ·  ".join(f"{name} {total}" for name, total in end["totals"].items())
    assert lines[at + 1 : at + 5] == [
        f"Totals: {stood}",
        "Caro (novice) is out, past 50.",
        f"Caro (novice) re-enters at {end['totals']['Caro']}.",
        f"Totals: {after}",
    ]


def test_commands_typed_at_two_rounds_ends_are_kept_in_order(monkeypatch):
    """Two rounds' ends before the person's next decision (a round cut before their turn):
    what was typed at the first wait is not lost to an Enter at the second."""
    from types import SimpleNamespace

    from mazo.play import terminal
    from mazo.solver.game.session import Told

    session = SimpleNamespace(
        spec=rules_for("conga"), person="Vos", setup=SimpleNamespace(seats={"Vos": "human"})
    )
    typed = iter(["no", "", "r"])
    monkeypatch.setattr("builtins.input", lambda asked: next(typed))
    monkeypatch.setattr(terminal, "round_end", lambda *args, **kwargs: [])
    table = terminal.Terminal(session, "es", io.StringIO(), interactive=True, fast=False)
    monkeypatch.setattr(terminal.time, "sleep", lambda seconds: None)
    for number in (1, 2, 3):
        table.told(Told({"event": "round_end", "round": number}))
    assert [table._next("?"), table._next("?")] == ["no", "r"]


def test_errors_are_said_in_the_players_language(monkeypatch, tmp_path):
    record = tmp_path / "game.jsonl"
    code, _, err = play(monkeypatch, record, ["salir"], "--seats", "novice")
    assert code == 0, err
    refused = {
        "el archivo ya existe": ["play", "conga", "--record", str(record)],
        "lleva un nombre de hasta 20 caracteres": ["play", "conga", "--name", "x" * 21],
        "todavía no se puede jugar": ["play", "conquian"],
        "no jugó en esta partida": ["review", str(record), "--player", "Zed"],
        "una partida sigue con el --seed de su registro": [
            *("play", "conga", "--resume", str(record), "--seed", "3")
        ],
    }
    for words, args in refused.items():
        code, _, err = in_memory(monkeypatch, *args, "--lang", "es", stdin=b"")
        assert code == 2 and words in err and len(err.splitlines()) == 1, err


def test_a_game_whose_reader_left_says_how_to_go_on(monkeypatch, tmp_path):
    from mazo.play import terminal

    def gone(self, told):
        raise BrokenPipeError

    monkeypatch.setattr(terminal.Terminal, "told", gone)
    record = tmp_path / "game.jsonl"
    code, _, err = play(monkeypatch, record, ["salir"], "--seats", "novice", "--lang", "en")
    assert code == 1 and record.exists()
    assert err.splitlines()[-1] == f"Saved. To go on: mazo play conga --resume {record}"


def test_a_record_refused_for_resuming_is_said_in_the_players_language(monkeypatch, finished):
    args = ["play", "conga", "--resume", str(finished), "--lang", "es"]
    said = _refused(monkeypatch, args, [finished])
    assert "finished.jsonl': la partida terminó" in said


@pytest.mark.parametrize(
    ("lang", "why"), [("en", "Why, for the fastest: "), ("es", "Por qué, para el más rápido: ")]
)
def test_a_hint_where_the_expert_answers_otherwise_names_whose_reason_it_gives(
    monkeypatch, tmp_path, forty, lang, why
):
    """At the README's second hint the expert draws and the fastest takes: the advice that
    follows is the fastest's reason, and says so."""
    commands = ["t 7b", "pista", "salir"]
    code, out, err = play(
        monkeypatch,
        tmp_path / "g.jsonl",
        commands,
        "--seats",
        "novice",
        "--lang",
        lang,
        *variant_flags(HINTED),
    )
    assert code == 0, err
    hints = [line for line in out.splitlines() if line.startswith(("Hint (", "Pista ("))]
    assert len(hints) == 2 and hints[0] != hints[1]
    assert any(line.startswith(why) for line in out.splitlines())
