"""Bad and odd input to every command: one line on stderr, exit 2, nothing written, and a batch
that answers every good line around a bad one. Commands run in this process through `main`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib.resources import files

import pytest
from mazo.cli import main
from mazo.solver.api import rules_for, solve
from mazo.solver.errors import QUOTE_AT_MOST

from tests.commands import _Stream, in_memory

GOOD = "1o 2o 3o 4o 5o 6o 7o 12b"


@dataclass
class Run:
    code: int
    out: bytes
    err: str

    @property
    def text(self) -> str:
        return self.out.decode("utf-8")

    def fails_cleanly(self, exit_code: int = 2) -> str:
        """The one error line, after checking the call failed as it should (2: a usage error,
        1: a failure of the machine, such as a write that fails)."""
        lines = self.err.splitlines()
        assert self.code == exit_code, (self.code, self.err)
        assert len(lines) == 1 and lines[0].startswith("mazo: error: "), self.err
        assert "Traceback" not in self.err
        return lines[0]


@pytest.fixture
def run(monkeypatch):
    """`mazo ARGS` through its error boundary, with stdin given as bytes (None: closed)."""

    def call(*args: str, stdin: bytes | None = b"", tty: bool = False) -> Run:
        return Run(*in_memory(monkeypatch, *args, stdin=stdin, tty=tty))

    return call


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A working folder whose files after the call show what a command wrote."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def listing(path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.iterdir()) if p.is_file()}


# --- batch lines -------------------------------------------------------------------------------

BAD_LINES = {
    "conga": [
        '{"hand": "1o 2o 3o", "cut_threshold": {"a": 1}}',
        f'{{"hand": "{GOOD}", "cut_threshold": [[3]]}}',
        f'{{"hand": "{GOOD}", "variant": "x"}}',
        f'{{"hand": "{GOOD}", "variant": {{"cut_threshold": [1]}}}}',
        f'{{"hand": "{GOOD}", "drawn_from_pozo": 5}}',
        f'{{"hand": "{GOOD}", "time_limit": true}}',
        f'{{"hand": "{GOOD}", "time_limit": -1}}',
        f'{{"hand": "{GOOD}", "backend": ["search"]}}',
        f'{{"hand": "{GOOD}", "cut_threshold": NaN}}',
        f'{{"hand": "{GOOD}", "cut_threshold": 1e400}}',
        f'{{"hand": "{GOOD}", "cut_threshold": {"9" * 5000}}}',
        f'{{"hand": "{GOOD}", "table": "5o 6o 7o"}}',
        '{"hand": []}',
        '{"hand": ""}',
        '{"hand": null}',
        '{"hand": [1, 2]}',
        '{"hand": {"1o": 1}}',
        '{"cards": "1o"}',
        '{"hand": "1o 2o',
        "[" * 100_000 + "]" * 100_000,
        '{"hand": ' + "[" * 100_000 + "]" * 100_000 + "}",
        ",,,",
        "1o 2o 3o",
        "1o 1o 2o 3o 4o 5o 6o 7o",
        "x" * 1_000_000,
    ],
    "conquian": [
        '{"hand": "4o 5o 1c", "faced": 10}',
        '{"hand": "4o 5o 1c", "faced": "6o", "rival_table": [5]}',
        '{"hand": "4o 5o 1c", "faced": "6o", "table": {"a": 1}}',
        '{"hand": "4o 5o 1c", "faced": "6o", "table": "5o 6o 7o; 5o 5c 5e"}',
        '{"hand": []}',
    ],
    "canasta": [
        '{"hand": "AS AD AC", "pozo_top": 5}',
        '{"hand": "AS AD AC", "pozo": 7}',
        '{"hand": "AS AD AC", "score": [1]}',
        '{"hand": "AS AD AC", "score": true}',
        '{"hand": "AS AD AC", "score": 1.5}',
        '{"hand": []}',
    ],
}
GOOD_LINES = {
    "conga": [GOOD, '{"hand": ["4o","5o","6o","10c","10e","10b","5c","12b"], "cut_threshold": 3}'],
    "conquian": ['{"hand": "4o 5o 1c 1e 7b 10b 12c 3e", "faced": "6o"}'],
    "canasta": ['{"hand": "AS AD AC KH KD KC QS QD TC 9H 3S", "score": 3000, "pozo_top": "QH"}'],
}


@pytest.mark.parametrize(
    "game, bad", [(game, line) for game, lines in BAD_LINES.items() for line in lines]
)
def test_a_bad_batch_line_is_answered_in_place_and_the_batch_goes_on(run, game, bad):
    good = GOOD_LINES[game]
    lines = [*good, bad, *good]
    r = run("solve", game, "--json", "-", stdin="\n".join(lines).encode() + b"\n")
    assert r.code == 2 and r.err == ""
    answers = [json.loads(line) for line in r.text.splitlines()]
    assert len(answers) == len(lines)
    error = answers[len(good)]
    assert set(error) == {"error", "line"} and error["line"] == len(good) + 1
    assert len(error["error"]) < 300
    for answer in answers[: len(good)] + answers[len(good) + 1 :]:
        assert "error" not in answer and answer["game"].startswith(game)


def test_a_batch_in_the_terminal_view_reports_bad_lines_on_stderr(run):
    r = run("solve", "conga", "-", stdin=f"{GOOD}\n1o 2o zz\n{GOOD}\n".encode())
    assert r.code == 2
    # in the view's language (Conga's own, Spanish)
    assert r.err.splitlines() == [r.err.strip()] and "línea 2" in r.err and "zz" in r.err
    # one hand after another, with a blank line between them
    assert r.text.count("Mano ") == 2 and "\n\nMano " in r.text


# Each batch command with a good line of its own: the same reading serves both.
BATCH_GOOD = {
    "solve": GOOD,
    "advise": '{"hand": "3o 4o 6o 11c 11e 11b 12b", "pozo_top": "5o", "horizon": 1}',
}


@pytest.mark.parametrize("command", sorted(BATCH_GOOD))
def test_a_batch_reads_a_byte_order_mark_and_reports_bad_bytes_by_line(run, command):
    good = BATCH_GOOD[command].encode()
    stdin = b"\xef\xbb\xbf" + good + b"\n1o \xff\xfe\n" + good + b"\n"
    r = run(command, "conga", "--json", "-", stdin=stdin)
    answers = [json.loads(line) for line in r.text.splitlines()]
    assert r.code == 2 and len(answers) == 3
    assert answers[0] == answers[2] and "error" not in answers[0]
    assert answers[1] == {"line": 2, "error": "the line is not UTF-8 text"}


@pytest.mark.parametrize("command", sorted(BATCH_GOOD))
def test_a_closed_stdin_is_one_line(run, command):
    assert (
        "standard input" in run(command, "conga", "-", "--lang", "en", stdin=None).fails_cleanly()
    )


@pytest.mark.parametrize("command", sorted(BATCH_GOOD))
@pytest.mark.parametrize("stdin", [b"", b"\n  \n\r\n"])
def test_a_batch_with_nothing_to_answer_is_one_line_not_silence(run, command, stdin):
    said = {
        "en": "standard input holds no line to answer: pipe the {} in, one per line",
        "es": "la entrada estándar no trae ninguna línea que responder: redirigí las {} desde un "
        "archivo (<) o desde otro programa (|)",
    }
    what = {"solve": ("hands", "manos"), "advise": ("positions", "posiciones")}[command]
    for lang, word in zip(("en", "es"), what, strict=True):
        result = run(command, "conga", "-", "--lang", lang, stdin=stdin)
        assert said[lang].format(word) in result.fails_cleanly() and result.out == b""
    result = run(command, "conga", "-", "--json", "--lang", "en", stdin=stdin)
    assert json.loads(result.out)["error"] == result.fails_cleanly().removeprefix("mazo: error: ")


@pytest.mark.parametrize("command", sorted(BATCH_GOOD))
@pytest.mark.parametrize("line", ["[1, 2]", '["1o", "2o"]', "[]"])
def test_a_json_array_line_is_told_a_line_is_an_object(run, command, line):
    r = run(command, "conga", "--json", "-", stdin=f"{line}\n".encode())
    (answer,) = [json.loads(x) for x in r.text.splitlines()]
    assert r.code == 2 and "object" in answer["error"] and "unknown card" not in answer["error"]


CLOSED = {
    "en": "cannot write standard output: it is closed",
    "es": "no se puede escribir en la salida estándar: está cerrada",
}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("args", [("solve", "conga", GOOD), ("solve", "conga", GOOD, "--json")])
def test_a_closed_stdout_is_an_answer_lost_said_in_one_line(monkeypatch, args, lang):
    err = _Stream()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "argv", ["mazo", *args, "--lang", lang])
    monkeypatch.setattr(sys, "stdout", None)
    with pytest.raises(SystemExit) as leaving:
        main()
    assert leaving.value.code == 1
    assert err.buffer.getvalue().decode() == f"mazo: error: {CLOSED[lang]}\n"


def test_a_closed_stderr_drops_what_goes_there(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setattr(sys, "argv", ["mazo", "solve", "conga", GOOD, "--json"])
    with pytest.raises(SystemExit) as leaving:
        main()
    assert leaving.value.code == 1  # the answer had nowhere to go, nor the line that says so
    monkeypatch.setattr(sys, "stdout", _Stream())
    monkeypatch.setattr(sys, "argv", ["mazo", "solve", "conga", "zz"])
    with pytest.raises(SystemExit) as leaving:
        main()
    assert leaving.value.code == 2


def test_a_good_batch_exits_0(run):
    r = run("solve", "conga", "--json", "-", stdin=f"{GOOD}\n\n{GOOD}\n".encode())
    assert r.code == 0 and len(r.text.splitlines()) == 2


# --- score sheets ------------------------------------------------------------------------------

HEAD = "players: [A, B]\nhands:\n"
# Aliases of aliases: a short file that expands to a billion values.
LAUGHS = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 9)
)
BAD_SHEETS = [
    ("null.yaml", HEAD + "  - {A: null, B: 3}\n", "nothing"),
    ("list.yaml", HEAD + "  - {A: [1], B: 3}\n", "[1]"),
    ("map.yaml", HEAD + "  - {A: {x: 1}, B: 3}\n", '{"x": 1}'),
    ("cardlist.yaml", HEAD + "  - cutter: A\n    cards: {A: [1, 2], B: 3}\n", "[1, 2]"),
    ("drawn.yaml", HEAD + "  - {A: 3, B: 3, drawn_from_pozo: 5}\n", "drawn_from_pozo"),
    ("loop.yaml", "players: &x [A, *x]\nhands:\n  - {A: 3, B: 3}\n", "nests"),
    ("laughs.yaml", LAUGHS + HEAD + "  - {A: 3, B: 3}\n", "aliases"),
    ("half.yaml", HEAD + "  - {A: 10.5, B: 3}\n", "10.5"),
    ("nan.yaml", HEAD + "  - {A: .nan, B: 3}\n", "nan"),
    ("inf.yaml", HEAD + "  - {A: .inf, B: 3}\n", "inf"),
    ("true.yaml", HEAD + "  - {A: true, B: 3}\n", "A has true:"),
    ("huge.yaml", HEAD + "  - {A: 12345678901234567890123456, B: 3}\n", "100000"),
    (
        "huge-start.yaml",
        "players: [A, B]\nstart: {A: -200000}\nhands:\n  - {A: 1, B: 3}\n",
        "100000",
    ),
    ("under.yaml", HEAD + "  - {A: 10_000, B: 3}\n", "10_000"),
    ("hex.yaml", HEAD + "  - {A: 0x1F, B: 3}\n", "'0x1F': neither points"),
    ("wide.yaml", HEAD + "  - {A: １０, B: 3}\n", "１０"),
    ("key.yaml", "players: [A, B]\nextra: 1\nhands:\n  - {A: 1, B: 3}\n", "extra"),
    ("start.yaml", "players: [A, B]\nstart: {A: 1.5}\nhands:\n  - {A: 1, B: 3}\n", "1.5"),
    ("player.yaml", "players: [A, {B: 1}]\nhands:\n  - {A: 1, B: 3}\n", "name"),
    ("empty-name.yaml", "players: [A, '']\nhands:\n  - {A: 1}\n", "name"),
    ("cutter.yaml", HEAD + "  - {A: 1, B: 3, cutter: [A]}\n", "cutter"),
    (
        "reenter.yaml",
        "players: [A, B, C]\nhands:\n  - {A: 120, B: 130, C: 3, reenter: [A, A]}\n",
        "twice",
    ),
    ("scalar.yaml", "42\n", "mapping"),
    ("tag.yaml", "!!python/object:os.system {}\n", "tag"),
    ("bad.yaml", "players: [A, B\n", "YAML"),
    ("latin1.yaml", "players: [Ñandú, B]\n".encode("latin-1"), "UTF-8"),
    ("cell.csv", "A,B\n10_000,3\n", "10_000"),
    ("huge.csv", "A,B\n12345678901234567890123456,3\n", "100000"),
    ("wide.csv", "A,B\n１０,3\n", "１０"),
    ("bool.csv", "A,B\ntrue,3\n", "'true': neither points"),
    ("columns.csv", "A,B\n1,2,3\n", "cells"),
    ("noname.csv", "A,,B\n1,2,3\n", "no name"),
    ("twice.csv", "A,A\n1,2\n", "twice"),
    ("reenter.csv", "A,B,C,reenter\n120,130,3,A A\n", "twice"),
    ("latin1.csv", "Ñandú,B\n1,2\n".encode("latin-1"), "UTF-8"),
    ("missing.csv", None, "cannot read"),
    ("", None, "empty"),
]


@pytest.mark.parametrize("name, content, culprit", BAD_SHEETS, ids=[s[0] for s in BAD_SHEETS])
def test_a_bad_sheet_is_one_line_and_writes_nothing(run, folder, name, content, culprit):
    if content is not None:
        (folder / name).write_bytes(content if isinstance(content, bytes) else content.encode())
    before = listing(folder)
    line = run("match", "conga", name, "--pdf", "planilla.pdf", "--lang", "en").fails_cleanly()
    assert culprit in line
    assert listing(folder) == before


RULES = "extends: conga\nvariant:\n  cut_threshold: 3\n"
RECORD = "conga-3-players.jsonl"


@pytest.mark.parametrize(
    "args, said",
    [
        (("spec", "check", "-"), ("the rules are read from a file", "las reglas se leen de un")),
        (("match", "conga", "--players", "A,B", "--rules", "-"), ("the rules are", "las reglas")),
        (("rulebook", "conga", "--rules", "-", "-o", "b.pdf"), ("the rules are", "las reglas")),
        (("replay", "-"), ("'-': a game record is read", "'-': un registro de partida se lee")),
        (("review", "-"), ("'-': a game record is read", "'-': un registro de partida se lee")),
    ],
)
def test_rules_and_records_are_not_read_from_standard_input(run, folder, args, said):
    # `-` was looked for as a file and said "No such file"; a file named - is ./-.
    record = (files("tests") / "data" / "records" / RECORD).read_bytes()
    stdin = record if args[1] == "-" else RULES.encode()  # what the user meant to give there
    for lang, words in zip(("en", "es"), said, strict=True):
        result = run(*args, "--lang", lang, stdin=stdin)
        assert words in result.fails_cleanly() and "./-" in result.err
        assert result.out == b"" and listing(folder) == {}


def test_a_rules_file_named_dash_is_read_as_dot_slash_dash(run, folder):
    (folder / "-").write_text(RULES)
    result = run("spec", "check", "./-", "--json")
    assert result.code == 0 and json.loads(result.out)["variant"] == {"cut_threshold": 3}


@pytest.mark.parametrize(
    "text, culprit", [("extends: conga\nvariant: &x [*x]\n", "nests"), (LAUGHS, "aliases")]
)
def test_a_rules_file_whose_aliases_never_end_is_one_line(run, folder, text, culprit):
    (folder / "club.yaml").write_text(text)
    assert culprit in run("spec", "check", "club.yaml").fails_cleanly()
    line = run("--lang", "en", "solve", "conga", "--rules", "club.yaml", GOOD).fails_cleanly()
    assert culprit in line


def test_a_spreadsheet_csv_with_a_byte_order_mark(run, folder):
    (folder / "sheet.csv").write_bytes(b"\xef\xbb\xbfA,B\n3,4\n")
    r = run("match", "conga", "sheet.csv", "--json")
    assert r.code == 0 and json.loads(r.text)["totals"] == {"A": 3, "B": 4}


def test_a_csv_sheet_from_a_spanish_spreadsheet_separates_with_semicolons(run, folder):
    (folder / "semi.csv").write_text("A;B;reenter\n10;20;\n5;3;\n")
    r = run("match", "conga", "semi.csv", "--json")
    assert r.code == 0, r.err
    assert json.loads(r.text)["totals"] == {"A": 15, "B": 23}


def test_a_word_that_is_neither_points_nor_cards_is_named(run, folder):
    (folder / "ten.yaml").write_text(HEAD + "  - {A: ten, B: 5}\n")
    line = run("match", "conga", "ten.yaml", "--lang", "en").fails_cleanly()
    assert "A has 'ten': neither points (a whole number) nor cards" in line
    assert "not a mix" not in line


def test_a_game_without_match_play_names_those_with_it(run, folder):
    (folder / "s.yaml").write_text(HEAD + "  - {A: 1, B: 3}\n")
    line = run("match", "conquian", "s.yaml").fails_cleanly()
    assert "conga" in line and "gin-rummy" in line and "canasta-uruguaya" in line
    assert "spec" not in line and ".yaml" not in line


def test_a_player_named_like_markup_prints_in_the_planilla(run, folder):
    (folder / "s.yaml").write_text("players: ['<b>A', B&C]\nhands:\n  - {'<b>A': 3, B&C: 4}\n")
    r = run("match", "conga", "s.yaml", "--pdf", "p.pdf")
    assert r.code == 0, r.err
    from pypdf import PdfReader

    assert "<b>A" in PdfReader(folder / "p.pdf").pages[0].extract_text()


# --- output paths ------------------------------------------------------------------------------


def test_a_link_is_written_through(run, folder):
    (folder / "real.md").write_text("old")
    (folder / "link.md").symlink_to("real.md")
    r = run("rulebook", "conga", "--format", "md", "-o", "link.md")
    assert r.code == 0, r.err
    assert (folder / "link.md").is_symlink()
    assert (folder / "real.md").read_text().startswith("# Conga")


def test_a_link_into_a_missing_folder_names_the_links_target(run, folder):
    (folder / "l.md").symlink_to("nowhere/t.md")
    line = run("rulebook", "conga", "--format", "md", "-o", "l.md", "--lang", "en").fails_cleanly()
    assert f"it links to {str(folder / 'nowhere' / 't.md')!r}, whose folder does not exist" in line
    assert not (folder / "nowhere").exists()


def test_the_file_a_command_reads_is_never_its_output(run, folder):
    (folder / "sheet.yaml").write_text(HEAD + "  - {A: 1, B: 3}\n")
    (folder / "club.yaml").write_text("extends: conga\nvariant:\n  cut_threshold: 3\n")
    (folder / "alias.yaml").symlink_to("club.yaml")
    before = listing(folder)
    for args in (
        ("match", "conga", "sheet.yaml", "--pdf", "sheet.yaml"),
        ("rulebook", "conga", "--rules", "club.yaml", "--format", "md", "-o", "club.yaml"),
        ("rulebook", "conga", "--rules", "club.yaml", "--format", "md", "-o", "alias.yaml"),
        ("puzzles", "conga", "-n", "1", "--rules", "club.yaml", "-o", "club.yaml"),
    ):
        assert "reads" in run(*args, "--lang", "en").fails_cleanly()
    assert listing(folder) == before


def test_dash_is_standard_output(run, folder):
    md = run("rulebook", "conga", "--format", "md", "-o", "-", tty=True)
    assert md.code == 0 and md.text.startswith("# Conga") and "wrote" not in md.text
    pdf = run("rulebook", "conga", "-o", "-")
    assert pdf.code == 0 and pdf.out.startswith(b"%PDF") and pdf.out.rstrip().endswith(b"%%EOF")
    sheet = run("puzzles", "conga", "-n", "1", "-o", "-")
    assert sheet.code == 0 and sheet.out.startswith(b"%PDF")
    assert "terminal" in run("rulebook", "conga", "-o", "-", tty=True).fails_cleanly()
    assert "--json" in run("puzzles", "conga", "-n", "1", "-o", "-", "--json").fails_cleanly()
    assert listing(folder) == {}


def test_a_device_or_pipe_is_written_into_not_replaced(run, folder):
    assert run("rulebook", "conga", "--format", "md", "-o", os.devnull).code == 0
    assert os.path.exists(os.devnull) and not os.path.isfile(os.devnull)
    piped = subprocess.run(
        [sys.executable, "-m", "mazo", "rulebook", "conga", "--format", "md", "-o", "/dev/stdout"],
        capture_output=True,
        timeout=120,
    )
    assert piped.returncode == 0 and piped.stderr == b""
    assert piped.stdout.startswith(b"# Conga") and b"wrote" not in piped.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("rulebook", "conga", "-o", ""),
        ("puzzles", "conga", "-n", "1", "-o", ""),
        ("rulebook", "conga", "-o", "nowhere/book.pdf"),
        ("puzzles", "conga", "-n", "1", "--answers", "separate", "-o", "-"),
    ],
)
def test_an_output_that_cannot_be_written_is_one_line(run, folder, args):
    run(*args).fails_cleanly()
    assert listing(folder) == {}


def test_an_unwritable_folder_and_a_failed_write_leave_nothing(run, folder, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    with monkeypatch.context() as patch:
        patch.setattr(tempfile, "mkstemp", refuse)
        # Found before the work, when the folder is tried: an input to change, exit 2.
        line = run("rulebook", "conga", "--format", "md", "-o", "book.md").fails_cleanly(2)
    assert "'book.md': permiso denegado" in line

    def half_then_fail(book, path, paper):
        with open(path, "wb") as f:
            f.write(b"%PDF-1.4 half")
        raise OSError(28, "No space left on device")

    (folder / "book.pdf").write_bytes(b"the old book")
    monkeypatch.setattr("mazo.commands.rulebook.write_pdf", half_then_fail)
    assert "no queda espacio" in run("rulebook", "conga", "-o", "book.pdf").fails_cleanly(1)
    assert listing(folder) == {"book.pdf": b"the old book"}


# --- hands and options -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, culprit",
    [
        (("solve", "conga", ""), "empty"),
        (("solve", "conga", ",,,"), "empty"),
        (("solve", "conga", "1o 2o 3o"), "7 cards"),
        (("solve", "gin", "AS 2S 3S"), "10 cards"),
        (("solve", "canasta", ","), "empty"),
        (("solve", "conquian", ""), "empty"),
        (("score", "canasta"), "nothing to score"),
        (("score", "conga", "--cutter", "4o 5o 6o 9c 9e 9b 3e", "--table", "x"), "--table"),
        (("score", "conga", "--cutter", "4o 5o 6o 9c 9e 9b 3e", "--score", "5"), "--score"),
        (("score", "canasta", "--table", "KS KH KD", "--cutter", "x"), "--cutter"),
        (
            (
                "score",
                "conga",
                "--cutter",
                "4o 5o 6o 9c 9e 9b 3e",
                "--cutter-name",
                " ",
                "--rival",
                "B=7o 9o 2c 2e 5e 11c 11e",
            ),
            "name is empty",
        ),
        (
            ("score", "conga", "--cutter", "4o 5o 6o 9c 9e 9b 3e", "--rival", "cutter=1o"),
            "'cutter' is named twice",
        ),
        (("score", "canasta", "--table", "KS KH KD", "--red-threes", "-1"), "--red-threes"),
        (("puzzles", "conga", "--seed", "-7"), "--seed"),
        (("solve", "conga", "x" * 5_000_000), "unknown card"),
        (("solve", "conga", "--backend", "y" * 10_000, GOOD), "backend"),
        (("solve", "conga", "--variant", "z" * 10_000, GOOD), "--variant"),
        (("solve", "conga", "--" + "w" * 10_000), "no such option"),
        (("solve", "g" * 100_000, GOOD), "unknown game"),
        (("solve", "conga", "--variant", "cut_threshold=" + "9" * 100_000, GOOD), "option"),
        (("solve", "conga", "--variant", "k" * 100_000 + "=1", GOOD), "unknown option"),
    ],
)
def test_a_hand_or_option_the_game_never_has_is_one_line(run, folder, args, culprit):
    line = run(*args, "--lang", "en").fails_cleanly()
    assert culprit in line and len(line) < 300


def test_languages_and_words_are_read_in_any_case(run, folder):
    assert run("rulebook", "conga", "--lang", "EN", "--format", "MD", "-o", "-").code == 0
    r = run("puzzles", "conga", "-n", "1", "--lang", "En", "--difficulty", "EASY", "--json")
    assert r.code == 0 and json.loads(r.text)["puzzles"][0]["difficulty"] == "easy"
    args = ("advise", "conga", "3o 4o 6o 11c 11e 11b 12b", "--pozo-top", "5o", "--horizon", "2")
    r = run(*args, "--lang", "EN")
    assert r.code == 0 and r.text.startswith("Take the 5o"), r.err
    (folder / "s.yaml").write_text("players: [A, B]\nhands:\n  - {A: 3, B: 4}\n")
    r = run("match", "conga", "s.yaml", "--pdf", "p.pdf", "--lang", " EN ")
    assert r.code == 0, r.err
    for command in (
        ("advise", "conga", "3o 4o 6o 11c 11e 11b 12b"),
        ("match", "conga", "s.yaml"),
        ("puzzles", "conga", "-n", "1", "--json"),
        ("rulebook", "conga", "--format", "md", "-o", "-"),
    ):
        # A language that cannot be read passes the choice on: Conga's own, Spanish.
        assert "--lang lleva es o en, no 'FR'" in run(*command, "--lang", "FR").fails_cleanly()


def test_a_quoted_token_is_cut(run):
    line = run("solve", "conga", "q" * 1000).fails_cleanly()
    assert "q" * QUOTE_AT_MOST not in line and "…" in line


# --- messages ----------------------------------------------------------------------------------


def test_the_pozo_card_as_the_only_cutting_discard_is_named(run):
    line = run(
        "score",
        "conga",
        "--cutter",
        "4o 5o 6o 9c 9e 9b 3e 12e",
        "--drawn-from-pozo",
        "12e",
        "--rival",
        "B=7o 9o 2c 2e 5e 11c 11e",
    ).fails_cleanly()
    assert "'12e'" in line and "pozo" in line and "loose points" not in line


def test_a_card_twice_in_one_table(run):
    table = ("--table", "5o 6o 7o; 5o 5c 5e")
    line = run("--lang", "en", "solve", "conquian", "1o", "--faced", "2o", *table)
    assert "twice in the table" in line.fails_cleanly()


@pytest.mark.parametrize(
    "args, culprit",
    [
        (("solve",), "missing argument GAME"),
        (("solve", "conga", "--bogus"), "--bogus"),
        (("puzzles", "conga", "-n", "x"), "-n"),
        (("rulebook", "conga", "--format"), "--format"),
        (("nonsense",), "nonsense"),
    ],
)
def test_usage_errors_are_one_line(run, args, culprit):
    assert culprit in run(*args).fails_cleanly()


def test_help_and_version(run):
    helped = run("solve", "--help")
    assert helped.code == 0 and "Usage" in helped.text and len(helped.text.splitlines()) > 10
    assert "resting size" in helped.text
    version = run("--version")
    assert version.code == 0 and version.text.startswith("mazo ")


def test_ctrl_c_is_one_line_and_exit_130():
    waiting = subprocess.Popen(
        [sys.executable, "-m", "mazo", "solve", "conga", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    waiting.stdin.write(GOOD.encode() + b"\n")
    waiting.stdin.flush()
    assert b"conga_limpia" in waiting.stdout.readline()  # answered: now waiting for a line
    waiting.send_signal(signal.SIGINT)
    out, err = waiting.communicate(timeout=60)
    assert waiting.returncode == 130 and err.decode() == "mazo: interrupted\n" and out == b""


def test_ctrl_c_during_a_cpsat_search_stops_it_with_no_answer():
    # A hand CP-SAT needs a while for: the signal comes while it searches.
    slow = "1o 2o 3o 4o 5o 6o 7o 12b 1c 2c 3c 4c 5c 6c 7c 8c 9c 10c 11c 1e 2e 3e 4e 5e 6e * *"
    waiting = subprocess.Popen(
        [sys.executable, "-m", "mazo", "solve", "conga", "--backend", "cpsat", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    waiting.stdin.write(GOOD.encode() + b"\n")
    waiting.stdin.flush()
    assert b"conga_limpia" in waiting.stdout.readline()  # started and warm
    waiting.stdin.write(f"{slow}\n".encode() * 4)
    waiting.stdin.flush()
    time.sleep(0.5)
    waiting.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, err = waiting.communicate(timeout=60)
    assert (waiting.returncode, err.decode(), out) == (130, "mazo: interrupted\n", b"")
    assert time.monotonic() - sent < 5


# --- worksheets --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en"])
def test_canasta_can_open_keys_print(run, lang):
    r = run("puzzles", "canasta", "--kind", "can-open", "--lang", lang, "-n", "3", "--key-only")
    assert r.code == 0, r.err


@pytest.mark.parametrize(
    "game, seed, lang", [("gin", 1, "en"), ("chinchon", 1, "es"), ("conga", 2, "en")]
)
def test_a_key_never_calls_one_card_the_best_when_others_tie(run, game, seed, lang):
    from mazo.puzzles.generate import make_sheet
    from mazo.puzzles.wording import explain
    from mazo.solver.cards import printed

    spec = rules_for(game)
    for kind in ("can-cut", "best-discard"):
        r = run("puzzles", game, "--kind", kind, "-n", "6", "--seed", str(seed), "--json")
        # The same sheet in this process: its answers as records, for the key's words.
        records = make_sheet(spec, kind, 6, seed=seed).puzzles
        for puzzle, record in zip(json.loads(r.text)["puzzles"], records, strict=True):
            answer = puzzle["answer"]
            result = solve(game, puzzle["hand"])
            worth = {d.card: (d.close is None, d.deadwood_points) for d in result.discards}
            shown = answer["runner_up"] if kind == "best-discard" else answer
            named = shown["discards"] if kind == "best-discard" else answer["best_discards"]
            card = shown["discard"] if kind == "best-discard" else answer["best_discard"]
            assert set(named) == {c for c, w in worth.items() if w == worth[card]}
            key = explain(spec, record.answer, lang)
            # Each spelt as the sheet draws it: 10♦, not the code's T.
            drawn = [printed("10" + c[1:] if c.startswith("T") else c) for c in named]
            assert all(c in key for c in drawn), key
            if kind == "best-discard" or answer["can_cut"]:
                # the card asked for is alone in being best
                best = answer["discard"]
                assert [c for c, w in worth.items() if w == worth[best]] == [best]


def test_a_level_a_kind_never_reaches_is_refused_at_once(run):
    started = time.monotonic()
    args = ("puzzles", "conquian", "--kind", "use-faced-card", "--difficulty", "hard", "-n", "1")
    line = run(*args).fails_cleanly()
    assert "nunca son de nivel difícil" in line and "fácil o media" in line
    assert time.monotonic() - started < 5


@pytest.mark.parametrize(
    "args, joker",
    [
        (["gin", "ZZ"], False),
        (["conga", "--variant", "jokers=0", "13b"], False),
        (["conga", "13b"], True),
        (["canasta", "ZZ"], True),
    ],
)
def test_an_unknown_card_names_the_joker_only_in_a_deck_with_jokers(run, args, joker):
    line = run("--lang", "en", "solve", *args).fails_cleanly()
    assert "unknown card" in line and ("joker" in line) == joker


def test_a_batch_option_value_is_quoted_as_json_writes_it(run):
    r = run("solve", "conga", "-", stdin=f'{{"hand": "{GOOD}", "cut_threshold": true}}\n'.encode())
    # in the view's language: Conga's own, Spanish
    assert r.code == 2 and "no admite true:" in r.err and "True" not in r.err


# --- the Python API ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, culprit",
    [
        (lambda m: m.solve_many("gin-rummy", "AS 2S 3S 7H 7D 7C KD QC 9H 4D"), "list of hands"),
        (lambda m: m.solve_many("conga", None), "list of hands"),
        (lambda m: m.solve_many("conga", [None]), "got None"),
        (lambda m: m.solve("conga", None), "got None"),
        (lambda m: m.solve("conga", 7), "got 7"),
        (lambda m: m.solve("conquian", "1o 2o"), "(faced=)"),
        (lambda m: m.advise("conga", "1o 2o 3o 5e 6e 11c 12b", horizon=3), "(horizon=)"),
    ],
)
def test_python_misuse_is_a_mazo_error_naming_the_parameter(call, culprit):
    import mazo
    from mazo.solver.errors import InputError

    with pytest.raises(InputError) as err:
        call(mazo)
    assert culprit in str(err.value) and "--" not in str(err.value)


def test_the_command_line_names_the_flag_where_python_names_the_parameter(run):
    assert "(--faced)" in run("solve", "conquian", "1o 2o").fails_cleanly()
    line = run("advise", "conga", "1o 2o 3o 5e 6e 11c 12b", "--horizon", "3").fails_cleanly()
    assert "(--horizon)" in line


@pytest.mark.parametrize("mark", ["\x85", "\u2028", "\u2029"])
def test_a_line_break_inside_a_json_string_stays_on_its_line(run, mark):
    # str.splitlines, like many JSON Lines readers, breaks at these; the answer must not.
    line = json.dumps({"hand": "1o 2o 3o 4o 5o 6o 7o 12b", "backend": {mark: None}})
    r = run("solve", "conga", "--json", "-", stdin=line.encode() + b"\n")
    answers = [json.loads(text) for text in r.text.splitlines()]
    assert r.code == 2 and len(answers) == 1 and mark in answers[0]["error"]


def test_an_unnamed_cutter_is_named_in_the_language_and_cutter_in_json(run):
    """Without --cutter-name the cutter is "Cortador" in Spanish views and errors, notes too;
    the JSON, which never changes with the language, calls them "cutter"."""
    hand, rival = "4o 5o 6o 9c 9e 9b 3e 1o", "B=7o 9o 2c 2e 5e 11c 11e"
    view = run("score", "conga", "--cutter", hand, "--rival", rival, "--lang", "es")
    assert view.code == 0 and view.text.startswith("Cortador: ") and "cutter" not in view.text
    data = json.loads(run("score", "conga", "--cutter", hand, "--rival", rival, "--json").text)
    assert data["closer"] == "cutter" and data["players"][0]["name"] == "cutter"
    short = run("score", "conga", "--cutter", hand[:17], "--rival", rival, "--lang", "es")
    assert (
        short.fails_cleanly() == "mazo: error: Cortador tiene 6 cartas; Conga Uruguaya lleva 7 o 8"
    )
    clean = ("--cutter", "1o 2o 3o 4o 5o 6o 7o", "--rival", "B=8o 9o 2c 2e 5e 11c 11e")
    limpia = run("score", "conga", *clean, "--lang", "es")
    assert limpia.text.rstrip().endswith("Gana Cortador la partida en el acto.")


def test_a_meld_that_fits_is_never_broken_in_the_score_table(run):
    """Seven cards in one meld stay on one line at 80 columns; the loose cards give way."""
    args = ("score", "chinchon", "--cutter", "1o 2o 3o 4o 5o 6o 7o")
    view = run(*args, "--rival", "Ana=4c 6c 7c 3b 12c 11c 8e", "--lang", "es")
    assert view.code == 0 and "1o 2o 3o 4o 5o 6o 7o" in view.text
    assert max(len(line) for line in view.text.splitlines()) <= 80
