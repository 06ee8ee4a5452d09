"""`mazo play` at its edges: input its encoding cannot read, a long name or line, a folder for
the record, a relative data folder, the end of the input at a round's end, Ctrl-C's one line, the
JSON stream after an undo and on a resumed game, the pozo command, the resume hint a shell
takes, and a review of a record that stops before the player's first decision. Each plays a few
moves of a 48-card Conga against a novice (no odds table) or reads a view: quick."""

from __future__ import annotations

import json
import shlex
import sys

import pytest
from mazo.cli import main

from tests.commands import in_memory
from tests.play.test_play_cli import (
    _Interrupting,
    _stops,
    at_a_terminal,
    play,
    resume,
    variant_flags,
)
from tests.play.test_play_cli import conga9 as conga9  # the fixture: a game lost after a reenganche

NOVICE = ["--seats", "novice"]
# Seed 9 with a novice: you are mano and hold the 10o; Beto answers with the 9o.
OPENING = ["t 10o", "r"]


def _events(record) -> list[dict]:
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]


def test_a_line_the_input_cannot_read_is_one_refused_command(monkeypatch, tmp_path):
    """Bytes that are not text in the input's encoding: that line is no command, said in one
    line and asked again; the line before it (read in the same block) is kept; no forfeit."""
    record = tmp_path / "g.jsonl"
    stdin = b"reglas\nt \xff\xfe\nsalir\n"
    args = ["play", "conga", *NOVICE, "--seed", "9", "--record", str(record), "--lang", "en"]
    code, out, err = in_memory(monkeypatch, *args, stdin=stdin)
    text = out.decode()
    assert code == 0, err
    assert "At this table:" in text  # the rules, asked on the line before
    assert "Not a command: the line has bytes this terminal cannot read." in text
    assert "> t ??" in text and "Saved. To go on" in err
    assert all(e["event"] != "game_end" for e in _events(record))
    record.unlink()
    code, out, err = in_memory(monkeypatch, *args, "--json", stdin=stdin)
    lines = [json.loads(line) for line in out.decode().splitlines()]
    assert code == 0 and [e["event"] for e in lines].count("rules") == 1
    assert {"event": "error", "reason": "unreadable"}.items() <= next(
        e for e in lines if e["event"] == "error"
    ).items()


def test_a_long_name_is_refused_and_a_long_line_is_echoed_short(monkeypatch, tmp_path):
    args = ["play", "conga", *NOVICE, "--record", str(tmp_path / "g.jsonl")]
    code, _, err = in_memory(monkeypatch, *args, "--name", "N" * 21, "--lang", "en", stdin=b"")
    assert code == 2 and "at most 20 characters" in err and len(err.splitlines()) == 1
    assert not (tmp_path / "g.jsonl").exists()
    code, out, err = play(monkeypatch, tmp_path / "h.jsonl", ["x" * 500, "salir"], *NOVICE)
    assert code == 0 and "x" * 29 + "…" in out and "x" * 80 not in out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_control_characters_typed_are_shown_escaped_never_sent(monkeypatch, tmp_path):
    typed = ["\x1b[31mRED\x07", "t \x1b[2J", "salir"]
    code, out, _ = play(monkeypatch, tmp_path / "g.jsonl", typed, *NOVICE, "--lang", "en")
    assert code == 0 and "\x1b" not in out and "\x07" not in out
    assert "> \\x1b[31mRED\\x07" in out and "'\\x1b[31mRED\\x07'" in out
    assert "'\\x1b[2J' is not a card" in out


def test_a_game_being_played_is_not_resumed_a_second_time_at_once(monkeypatch, tmp_path):
    from mazo.solver.files import kept_to_one

    record = tmp_path / "g.jsonl"
    assert play(monkeypatch, record, OPENING[:1], *NOVICE)[0] == 0
    before = record.read_bytes()
    with kept_to_one(record):  # as a first `mazo play --resume` holds it
        code, out, err = resume(monkeypatch, record, ["r", "salir"], "--lang", "es")
        assert (code, out) == (2, "") and "lo está escribiendo otro mazo" in err
        assert record.read_bytes() == before
    assert resume(monkeypatch, record, ["r", "salir"])[0] == 0  # let go: it goes on
    assert record.read_bytes() != before
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]  # no lock file left


def test_a_game_resumed_between_the_draw_and_the_discard_opens_with_the_whole_table(
    monkeypatch, tmp_path
):
    record = tmp_path / "g.jsonl"
    assert play(monkeypatch, record, OPENING, *NOVICE, "--lang", "en")[0] == 0
    code, out, _ = resume(monkeypatch, record, ["salir"], "--lang", "en")
    assert code == 0 and out.index("Totals") < out.index("You drew the") < out.index("Your hand")


def test_a_review_of_a_training_game_whose_moves_were_all_taken_back(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    typed = ["t 10o", "deshacer", "salir"]
    assert play(monkeypatch, record, typed, *NOVICE, "--training", "--lang", "en")[0] == 0
    code, out, err = in_memory(monkeypatch, "review", str(record), "--lang", "en")
    assert code == 0, err
    assert "No decisions left: every one You made was taken back (undo)." in out.decode()


def test_a_link_to_nothing_for_the_record_is_said_to_be_one(monkeypatch, tmp_path):
    (tmp_path / "g.jsonl").symlink_to(tmp_path / "nothere.jsonl")
    code, _, err = play(monkeypatch, tmp_path / "g.jsonl", ["salir"], *NOVICE, "--lang", "en")
    assert code == 2 and "is a link to a file that is not there" in err
    assert not (tmp_path / "nothere.jsonl").exists()


def test_every_line_a_program_sends_has_its_reply_a_blank_one_too(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    code, out, _ = play(monkeypatch, record, ["", "   ", "salir"], *NOVICE, "--json")
    events = [json.loads(line) for line in out.splitlines()]
    kinds = [(e["event"], e.get("reason")) for e in events if e["event"] in ("prompt", "error")]
    assert code == 0 and kinds == [("prompt", None), *[("error", "empty"), ("prompt", None)] * 2]


@pytest.mark.parametrize(
    ("recycle", "said"),
    [("keep_top", "but its top card"), ("shuffle_all", "the whole pozo is shuffled")],
)
def test_the_short_rules_say_the_recycle_in_force(monkeypatch, tmp_path, recycle, said):
    flags = [*NOVICE, "--variant", f"recycle={recycle}", "--lang", "en"]
    code, out, _ = play(monkeypatch, tmp_path / "g.jsonl", ["rules", "salir"], *flags)
    assert code == 0 and said in " ".join(out.split())


def test_a_review_speaks_the_records_game_once_read(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    assert play(monkeypatch, record, ["salir"], *NOVICE)[0] == 0
    code, _, err = in_memory(monkeypatch, "review", str(record), "--player", "Nadie")
    assert code == 2 and "'Nadie' no jugó en esta partida" in err  # Conga's own language


def test_a_damaged_note_line_is_refused_as_any_damaged_line(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    assert play(monkeypatch, record, OPENING[:1], *NOVICE)[0] == 0
    with record.open("a", encoding="utf-8") as more:
        more.write('{"event": "hint"}\n')
    before = record.read_bytes()
    code, out, err = resume(monkeypatch, record, ["salir"], "--lang", "en")
    assert (code, out) == (2, "") and "a hint line needs the field 'round'" in err
    assert record.read_bytes() == before


def test_a_folder_for_the_record_is_said_to_be_one(monkeypatch, tmp_path):
    code, _, err = play(monkeypatch, tmp_path, ["salir"], *NOVICE, "--lang", "en")
    assert code == 2 and "is a folder" in err and "the file is there" not in err


def test_a_planillas_folder_that_takes_no_file_is_refused_before_the_game(monkeypatch, tmp_path):
    import tempfile

    made = tempfile.mkstemp

    def refuse_beside_the_planilla(*args, **kwargs):
        if kwargs.get("dir") == tmp_path / "sheets":
            raise OSError(30, "Read-only file system")
        return made(*args, **kwargs)

    (tmp_path / "sheets").mkdir()
    monkeypatch.setattr(tempfile, "mkstemp", refuse_beside_the_planilla)
    pdf = ["--pdf", str(tmp_path / "sheets" / "p.pdf")]
    code, out, err = play(monkeypatch, tmp_path / "g.jsonl", ["r"], *NOVICE, *pdf, "--lang", "es")
    assert (code, out) == (2, "") and err.endswith("el sistema de archivos es de solo lectura\n")
    assert not (tmp_path / "g.jsonl").exists()


def test_a_relative_data_folder_is_not_used(monkeypatch, tmp_path):
    """The XDG spec: a relative XDG_DATA_HOME is ignored, the default taken."""
    monkeypatch.setenv("XDG_DATA_HOME", "relative")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    args = ["play", "conga", *NOVICE, "--seed", "4", "--lang", "en"]
    code, _, err = in_memory(monkeypatch, *args, stdin=b"salir\n")
    assert code == 0, err
    assert (tmp_path / "home/.local/share/mazo/games/conga-4-1.jsonl").exists()
    assert not (tmp_path / "relative").exists()


def test_the_resume_hint_is_a_command_the_shell_takes(monkeypatch, tmp_path):
    record = tmp_path / "my game's.jsonl"
    code, _, err = play(monkeypatch, record, ["salir"], *NOVICE, "--lang", "en")
    assert code == 0 and f"--resume {shlex.quote(str(record))}" in err


def test_the_pozo_empty_and_its_cards_lined_up(monkeypatch, tmp_path):
    code, out, err = play(monkeypatch, tmp_path / "g.jsonl", ["pozo", *OPENING[:1], "pozo"])
    assert code == 0, err
    assert "Todavía nadie tiró en esta ronda.\nEl pozo está vacío ahora." in out
    # The person's own discard is said to them, lined up with the bot's.
    thrown = [line for line in out.splitlines() if " lo tir" in line]
    assert len(thrown) == 2 and len({line.index(" lo tir") for line in thrown}) == 1, thrown
    assert thrown[0].endswith("lo tiraste vos") and "lo tiró Beto (experto)" in thrown[1], thrown
    assert "Vos" not in "".join(thrown)


def test_ctrl_c_says_one_line_on_its_own(monkeypatch, tmp_path, capsys):
    """The stop's one line is the game's, in its language, below the ^C a terminal shows."""
    from mazo.commands import play as command

    record = tmp_path / "g.jsonl"
    args = ["play", "conga", *NOVICE, "--seed", "9", "--record", str(record), "--lang", "es"]
    monkeypatch.setattr(sys, "argv", ["mazo", *args])
    monkeypatch.setattr(sys, "stdin", _Interrupting(["pozo"]))
    monkeypatch.setattr(command, "_tty", lambda stream: True)
    with pytest.raises(SystemExit) as leaving:
        main()
    err = capsys.readouterr().err
    assert leaving.value.code == 130
    stop = err.splitlines()[1:]  # after the line that opened the game
    assert stop[0] == "" and stop[1].startswith("Guardada. Para seguir: mazo play conga --resume")
    assert len(stop) == 2 and "interrupted" not in err, err


def test_a_stop_after_the_bots_moves_finds_them_in_the_record(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    args = ["play", "conga", *NOVICE, "--seed", "9", "--record", str(record), "--fast"]
    monkeypatch.setattr(sys, "argv", ["mazo", *args])
    monkeypatch.setattr(sys, "stdin", _Interrupting(OPENING[:1]))  # Ctrl-C at the next draw
    with pytest.raises(SystemExit):
        main()
    last = _events(record)[-1]
    assert (last["event"], last["player"]) == ("turn", "Beto")  # Beto's answer to the 10o


def test_the_end_of_the_input_at_a_rounds_end_saves_and_stops(monkeypatch, tmp_path, conga9):
    """Ctrl-D where the table waits for Enter stops there, as it does at a question."""
    typist, _ = conga9
    at_a_terminal(monkeypatch, typist.commands[: _stops(typist)["a round's end"]])
    record = tmp_path / "g.jsonl"
    args = ["play", "conga", *NOVICE, "--seed", "9", "--record", str(record), "--lang", "es"]
    code, out, err = in_memory(monkeypatch, *args, *variant_flags({"elimination_limit": 50}))
    assert code == 0 and "Guardada. Para seguir" in err, err
    assert _events(record)[-1]["event"] == "round_end"
    assert "Ronda 2" not in out.decode()


def test_who_is_out_is_said_before_the_reenganche_question(monkeypatch, tmp_path, conga9):
    typist, _ = conga9
    at = _stops(typist)["a reenganche question"]
    flags = [*NOVICE, "--lang", "es", *variant_flags({"elimination_limit": 50})]
    code, out, err = play(monkeypatch, tmp_path / "g.jsonl", typist.commands[: at + 1], *flags)
    assert code == 0, err
    out_at, asked = out.index("Quedás afuera: pasaste los 50."), out.index("¿Te reenganchás?")
    assert out_at < asked and "Quedás afuera" not in out[asked:]


def test_the_json_stream_says_the_undo_and_starts_a_resumed_game(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    flags = [*NOVICE, "--json", "--training"]
    code, out, err = play(monkeypatch, record, [*OPENING, "undo", "undo"], *flags)
    assert code == 0, err
    undone = [json.loads(x) for x in out.splitlines() if '"undo"' in x]
    assert undone == [
        {"event": "undo", "round": 1, "player": "You", "decision": d, "answer": a}
        for d, a in (("draw", "stock"), ("discard", {"card": "10o", "cut": False}))
    ]
    code, out, err = resume(monkeypatch, record, ["salir"], "--json")
    lines = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and [e["event"] for e in lines[:3]] == ["game", "deal", "prompt"]
    assert "seed" not in lines[0] and set(lines[1]["hands"]) == {"You"}


def test_a_review_of_a_record_stopped_before_the_first_decision(monkeypatch, tmp_path):
    record = tmp_path / "g.jsonl"
    code, _, err = play(monkeypatch, record, ["salir"], *NOVICE, "--name", "Ana", game="gin")
    assert code == 0, err
    for lang, said in (
        ("en", "the record stops before a decision came to Ana"),
        ("es", "el registro termina antes de que le tocara decidir a Ana"),
    ):
        code, out, err = in_memory(monkeypatch, "review", str(record), "--lang", lang)
        assert code == 0 and said in out.decode(), out
