"""Every output of a command checked before any is written, all written or none; signals and
standard streams that fail; spec text and sheet names the PDFs draw. Commands run in this
process through `main`, or as a real process where a signal or a stream needs one."""

from __future__ import annotations

import importlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from importlib.resources import files
from pathlib import Path

import pytest
import yaml
from mazo.cli import main
from pypdf import PdfReader

from tests.commands import _Stream, in_memory

GOOD = "1o 2o 3o 4o 5o 6o 7o 12b"
# A name past the file system's limit (255 bytes a name on Linux and macOS).
TOO_LONG = "x" * 300


def fails_cleanly(code: int, err: str, exit_code: int = 2) -> str:
    lines = err.splitlines()
    assert code == exit_code, (code, err)
    assert len(lines) == 1 and lines[0].startswith("mazo: error: "), err
    return lines[0]


@pytest.fixture
def run(monkeypatch):
    def call(*args: str, stdin: bytes | None = b""):
        code, out, err = in_memory(monkeypatch, *args, stdin=stdin)
        return code, out, err

    return call


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def listing(path: Path) -> dict[str, bytes | str]:
    """Every entry, hidden ones too: a link as where it points, a file as its bytes."""
    return {
        p.name: f"-> {os.readlink(p)}" if p.is_symlink() else p.read_bytes()
        for p in sorted(path.iterdir())
        if p.is_symlink() or p.is_file()
    }


def mazo_process(*args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "mazo", *args],
        stdout=kwargs.pop("stdout", subprocess.PIPE),
        stderr=subprocess.PIPE,
        **kwargs,
    )


# --- outputs checked together, written all or none ---------------------------------------------


def test_a_key_that_is_its_sheet_is_refused_before_the_work(run, folder):
    (folder / "a-answers.pdf").symlink_to("a.pdf")
    before = listing(folder)
    code, _, err = run(
        "puzzles", "conga", "-n", "1", "--answers", "separate", "-o", "a.pdf", "--lang", "en"
    )
    assert "'a-answers.pdf': it is the same file as 'a.pdf'" in fails_cleanly(code, err)
    assert listing(folder) == before


@pytest.mark.parametrize("key", ["folder", "rules"])
def test_a_key_that_cannot_be_written_leaves_no_sheet(run, folder, key):
    (folder / "club.yaml").write_text("extends: conga\nvariant:\n  cut_threshold: 3\n")
    if key == "folder":
        (folder / "a-soluciones.pdf").mkdir()
    else:
        (folder / "a-soluciones.pdf").symlink_to("club.yaml")
    before = listing(folder)
    args = ("--rules", "club.yaml", "--answers", "separate", "-o", "a.pdf")
    code, _, err = run("puzzles", "conga", "-n", "1", *args)
    assert "a-soluciones.pdf" in fails_cleanly(code, err)
    assert listing(folder) == before


def test_a_device_takes_no_key_beside_it(run, folder):
    args = ("puzzles", "conga", "-n", "1", "--answers", "separate", "-o", os.devnull)
    code, _, err = run(*args, "--lang", "en")
    assert "--answers separate needs -o FILE.pdf" in fails_cleanly(code, err)
    assert not os.path.lexists(f"{os.devnull}-answers.pdf")


def test_a_loop_of_links_is_refused_not_replaced(run, folder):
    (folder / "a").symlink_to("b")
    (folder / "b").symlink_to("a")
    before = listing(folder)
    code, _, err = run("rulebook", "conga", "--format", "md", "-o", "a", "--lang", "en")
    assert "symbolic links go round in a loop" in fails_cleanly(code, err)
    assert listing(folder) == before


# Every flag that names a file a command writes, and the name its files take.
WRITERS = [
    (("rulebook", "conga", "-o"), ".pdf"),
    (("rulebook", "conga", "--format", "md", "-o"), ".md"),
    (("puzzles", "conga", "-n", "1", "-o"), ".pdf"),
    (("match", "conga", "--players", "A,B", "--pdf"), ".pdf"),
    (("odds", "conga", "--deal", "--plot"), ".pdf"),
    (("play", "conga", "--seats", "novice", "--pdf"), ".pdf"),
    (("play", "conga", "--seats", "novice", "--record"), ".jsonl"),
]


@pytest.mark.parametrize(("args", "suffix"), WRITERS)
@pytest.mark.parametrize("name", ["sub/", "there"])
def test_a_folder_named_as_an_output_is_refused_before_the_work(run, folder, args, suffix, name):
    # `sub/` was written as a file named `sub`; a folder there was "not a regular file".
    (folder / "there").mkdir()
    code, out, err = run(*args, name, "--lang", "en")
    example = f"'{name.rstrip('/')}/mazo{suffix}'"
    said = f"'{name}' names a folder: name a file, e.g. {example}"
    if args[-1] == "--record" and name != "sub/":  # play's own word for a folder there
        said = f"--record '{name}' is a folder: --record names a new file for the record"
    assert said in fails_cleanly(code, err)
    assert out == b"" and sorted(p.name for p in folder.iterdir()) == ["there"]
    assert not any((folder / "there").iterdir())
    code, _, err = run(*args, name, "--lang", "es")
    assert f"'{name}' " in fails_cleanly(code, err) and "carpeta" in err


@pytest.mark.parametrize("args", [args for args, suffix in WRITERS if suffix == ".pdf"])
@pytest.mark.parametrize("name", ["club.yaml", "x.md", "notes.txt"])
def test_a_pdf_is_never_written_under_another_suffix(run, folder, args, name):
    if args[0] == "rulebook" and name == "x.md":
        args = (*args[:-1], "--format", "pdf", "-o")  # x.md alone is the book in Markdown
    (folder / "club.yaml").write_text("extends: conga\n")
    before = listing(folder)
    code, out, err = run(*args, name, "--lang", "en")
    line = fails_cleanly(code, err)
    if "--format" not in args:  # else said as the other format --format asks
        example = f"e.g. '{name.split('.')[0]}.pdf'"
        assert f"'{name}' is written as a PDF: name a file that ends in .pdf, {example}" in line
    assert out == b"" and listing(folder) == before
    code, _, err = run(*args, name, "--lang", "es")
    if "--format" not in args:
        said = "se escribe como PDF: nombrá un archivo que termine en .pdf"
        assert said in fails_cleanly(code, err)


@pytest.mark.parametrize("name", ["Noche.PDF", "noche", os.devnull])
def test_a_pdf_takes_a_pdf_name_any_case_no_suffix_or_a_device(run, folder, name):
    code, out, err = run("match", "conga", "--players", "A,B", "--pdf", name, "--lang", "en")
    assert code == 0 and out.decode().endswith(f"wrote {name}\n"), err
    if name != os.devnull:
        assert (folder / name).read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    "args",
    [
        ("rulebook", "conga", "-o", f"{TOO_LONG}.pdf"),
        ("rulebook", "conga", "--format", "md", "-o", f"{TOO_LONG}.md"),
        ("puzzles", "conga", "-n", "1", "-o", f"{TOO_LONG}.pdf"),
        # the sheet's name fits; the key's, 8 characters longer, does not
        ("puzzles", "conga", "-n", "1", "--answers", "separate", "-o", "x" * 250),
        ("match", "conga", "sheet.csv", "--pdf", f"{TOO_LONG}.pdf"),
    ],
)
def test_a_name_past_the_file_systems_limit_is_one_line(run, folder, args):
    (folder / "sheet.csv").write_text("A,B\n3,4\n")
    before = listing(folder)
    code, out, err = run(*args, "--lang", "en")
    assert "the name is too long for the file system" in fails_cleanly(code, err)
    assert out == b"" and listing(folder) == before
    code, out, err = run(*args, "--json", "--lang", "en")
    line = fails_cleanly(code, err)
    assert json.loads(out) == {"error": line.removeprefix("mazo: error: ")}


def test_a_key_that_fails_to_write_leaves_the_old_sheet_and_no_temporary_file(
    run, folder, monkeypatch
):
    def half_then_fail(spec, sheet, layout, path):
        Path(path).write_bytes(b"%PDF-1.4 half")
        raise OSError(28, "No space left on device")

    (folder / "a.pdf").write_bytes(b"the old sheet")
    monkeypatch.setattr("mazo.commands.puzzles.write_key_pdf", half_then_fail)
    args = ("puzzles", "conga", "-n", "1", "--answers", "separate", "-o", "a.pdf")
    code, _, err = run(*args)
    assert "'a-soluciones.pdf': no queda espacio en el disco" in fails_cleanly(code, err, 1)
    assert listing(folder) == {"a.pdf": b"the old sheet"}


def test_a_file_replaced_keeps_its_permissions_and_a_new_one_gets_the_umasks(run, folder):
    import os
    import stat

    kept, new = folder / "kept.md", folder / "new.md"
    kept.write_text("an old book")
    kept.chmod(0o600)
    for path in (kept, new):
        code, _, err = run("rulebook", "conga", "--format", "md", "-o", path.name)
        assert code == 0, err
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text() != "an old book"
    assert stat.S_IMODE(new.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize(
    ("lang", "sheet", "key"),
    [
        ("es", "a.pdf", "a-soluciones.pdf"),
        ("en", "a.pdf", "a-answers.pdf"),
        ("es", "ñandú con espacio", "ñandú con espacio-soluciones"),  # no suffix, none on either
    ],
)
def test_a_sheet_and_its_key_are_both_written(run, folder, lang, sheet, key):
    """The key's file is named in the sheet's language, with the sheet's suffix."""
    args = ("puzzles", "conga", "-n", "1", "--answers", "separate", "-o", sheet, "--lang", lang)
    code, _, err = run(*args)
    assert code == 0, err
    written = listing(folder)
    assert set(written) == {sheet, key}
    assert all(isinstance(v, bytes) and v.startswith(b"%PDF") for v in written.values())


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_a_write_leaves_no_temporary_file(tmp_path, signum):
    writing = mazo_process("rulebook", "conga", "-o", "book.pdf", cwd=tmp_path)
    # The temporary file lives from the start of the PDF's build to its rename.
    deadline = time.monotonic() + 60
    while not list(tmp_path.glob(".*.tmp")) and writing.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    assert writing.poll() is None, "the book was written before the signal could come"
    writing.send_signal(signum)
    out, err = writing.communicate(timeout=60)
    name = signal.Signals(signum).name
    assert (writing.returncode, err.decode(), out) == (
        128 + signum,
        f"mazo: stopped ({name})\n",
        b"",
    )
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_while_the_command_modules_import_is_one_line(monkeypatch):
    real = importlib.import_module

    def interrupted(name, *args):
        if name.startswith("mazo.commands."):
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C in the first moments of the command
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", interrupted)
    code, out, err = in_memory(monkeypatch, "rulebook", "conga", "-o", "-")
    assert (code, out, err) == (130, b"", "mazo: interrupted\n")


# The signal comes as `mazo` starts to import Typer, before the command's own handler exists.
TYPER_LOADING = """
import builtins, os, signal, sys
import mazo.entry
real = builtins.__import__
def hooked(name, *args, **kwargs):
    if name == "typer":
        os.kill(os.getpid(), signal.{name})
    return real(name, *args, **kwargs)
builtins.__import__ = hooked
sys.argv = ["mazo", "games"]
mazo.entry.main()
"""


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_while_typer_loads_is_one_line(signum):
    program = TYPER_LOADING.format(name=signal.Signals(signum).name)
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    said = "interrupted" if signum == signal.SIGINT else f"stopped ({signal.Signals(signum).name})"
    assert (done.returncode, done.stdout, done.stderr) == (128 + signum, "", f"mazo: {said}\n")


# --- standard streams --------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args, stdin",
    [
        (("games",), None),
        (("solve", "conga", "--json", GOOD), None),
        (("solve", "conga", "--json", "-"), f"{GOOD}\n{GOOD}\n"),
        (
            ("advise", "conga", "3o 4o 6o 11c 11e 11b 12b", "--pozo-top", "5o", "--horizon", "2"),
            None,
        ),
    ],
)
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "cannot write standard output: No space left on device"),
        ("es", "no se puede escribir en la salida estándar: no queda espacio en el disco"),
    ],
)
def test_standard_output_that_cannot_be_written_is_one_line_and_exit_1(args, stdin, lang, said):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "mazo", *args, "--lang", lang],
            input=stdin,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    line = fails_cleanly(done.returncode, done.stderr, exit_code=1)
    assert line == f"mazo: error: {said}"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("lang", "card", "full"),
    [
        ("en", "unknown card 'zz'", "cannot write standard output"),
        ("es", "carta desconocida 'zz'", "(y no se puede escribir en la salida estándar: no queda"),
    ],
)
def test_a_json_error_that_cannot_be_written_is_still_one_line(lang, card, full):
    with open("/dev/full", "w") as full_device:
        done = subprocess.run(
            [sys.executable, "-m", "mazo", "solve", "conga", "--json", "zz", "--lang", lang],
            stdout=full_device,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    line = fails_cleanly(done.returncode, done.stderr, exit_code=1)
    assert card in line and full in line


def test_an_ascii_terminal_gets_cards_as_their_codes():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}

    def mazo(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "mazo", *args], capture_output=True, env=env, timeout=120
        )

    shown = mazo("solve", "gin", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    assert shown.returncode == 0 and shown.stderr == b""
    assert re.match(r"Hand +AS 2S 3S", shown.stdout.decode("ascii"))
    joker = mazo("solve", "conga", "--json", "* 2o 3o 4o 5o 6o 7o 12b")
    assert joker.returncode == 0 and json.loads(joker.stdout.decode("ascii"))["hand"][0] == "*"
    games = mazo("games")
    assert games.returncode == 0 and games.stdout.decode("ascii")
    bad = mazo("solve", "conga", "1o ñ")
    assert "carta desconocida" in fails_cleanly(bad.returncode, bad.stderr.decode())


def test_standard_input_that_cannot_be_read_is_one_line(monkeypatch):
    # Python itself refuses to start on a folder as stdin; a device may fail a read the same way.
    class Unreadable:
        def __iter__(self):
            return self

        def __next__(self):
            raise IsADirectoryError(21, "Is a directory")

    class Stdin:
        buffer = Unreadable()

    for command in ("solve", "advise"):
        err = _Stream()
        monkeypatch.setattr(sys, "argv", ["mazo", command, "conga", "-", "--lang", "en"])
        monkeypatch.setattr(sys, "stdin", Stdin())
        monkeypatch.setattr(sys, "stdout", _Stream())
        monkeypatch.setattr(sys, "stderr", err)
        with pytest.raises(SystemExit) as leaving:
            main()
        line = fails_cleanly(leaving.value.code, err.buffer.getvalue().decode())
        assert line == "mazo: error: cannot read standard input: Is a directory"


# --- what the PDFs draw ------------------------------------------------------------------------

MARKUP = "<b>&amp; <i x"


def _marked(node):
    """Every text of both languages with markup characters before it."""
    if isinstance(node, dict):
        if {"es", "en"} <= set(node) <= {"es", "en", "when"} and all(
            isinstance(node[lang], str) for lang in ("es", "en")
        ):
            return {k: f"{MARKUP} {v}" if k in ("es", "en") else v for k, v in node.items()}
        return {k: _marked(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_marked(v) for v in node]
    return node


def test_every_text_of_a_spec_prints_as_written_in_every_pdf(run, folder):
    spec = yaml.safe_load(files("mazo.rulebooks").joinpath("specs/conga.yaml").read_text())
    spec = {**_marked(spec), "game": "marcado", "aliases": []}
    (folder / "marked.yaml").write_text(yaml.safe_dump(spec, allow_unicode=True))
    (folder / "sheet.csv").write_text("A,B\n3,4\n")
    rules = ("--rules", "marked.yaml")
    for args in (
        ("spec", "check", "marked.yaml"),
        ("rulebook", "marcado", *rules, "-o", "book.pdf"),
        ("puzzles", "marcado", *rules, "--kind", "can-cut", "-n", "2", "-o", "sheet.pdf"),
        ("match", "marcado", "sheet.csv", *rules, "--pdf", "planilla.pdf"),
    ):
        code, _, err = run(*args)
        assert code == 0, (args, err)
    for name in ("book.pdf", "sheet.pdf", "planilla.pdf"):
        text = "".join(page.extract_text() for page in PdfReader(folder / name).pages)
        assert MARKUP in text, name
    contents = PdfReader(folder / "book.pdf").pages[1].extract_text()
    assert f"{MARKUP} Objetivo" in contents


@pytest.mark.parametrize(
    "sheet, culprit",
    [
        (",".join(f"P{i}" for i in range(40)) + "\n" + ",".join(["3"] * 40) + "\n", "40 players"),
        ("A" * 3000 + ",B\n3,4\n", "3000 characters long; a name has at most 24"),
        ("A,B,cutter\n3,4," + "C" * 25 + "\n", "25 characters long"),
    ],
)
def test_a_sheet_the_planilla_cannot_draw_is_refused(run, folder, sheet, culprit):
    (folder / "sheet.csv").write_text(sheet)
    before = listing(folder)
    code, _, err = run("match", "conga", "sheet.csv", "--pdf", "planilla.pdf", "--lang", "en")
    assert culprit in fails_cleanly(code, err)
    assert listing(folder) == before


def test_the_planilla_draws_the_most_players_and_the_longest_names(run, folder):
    # Chinchón seats the most players of the bundled games, six
    names = [f"{i}" + "Ñ" * 23 for i in range(6)]
    (folder / "sheet.csv").write_text(",".join(names) + "\n" + ",".join(["3"] * 6) + "\n")
    code, _, err = run("match", "chinchon", "sheet.csv", "--pdf", "planilla.pdf")
    assert code == 0, err
    pages = PdfReader(folder / "planilla.pdf").pages
    sheet = pages[0].extract_text()
    assert all(name in sheet for name in names)
    # The chart stays on the table's page (its blank rows give way) with its heading.
    assert len(pages) == 1 and "Total de cada jugador" in sheet


def test_an_ascii_table_keeps_the_width_of_its_borders(monkeypatch, tmp_path):
    """A cell's → written as -> is measured as such: every row as wide as the borders."""
    import io

    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(
        "players: [Ana, Beto]\nhands:\n  - {Ana: 30, Beto: 5}\n  - {Ana: 80, Beto: 7}\n"
    )
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii", write_through=True)
    monkeypatch.setattr(sys, "argv", ["mazo", "match", "conga", str(sheet)])
    monkeypatch.setattr(sys, "stdout", out)
    with pytest.raises(SystemExit) as leaving:
        main()
    assert leaving.value.code == 0
    lines = out.buffer.getvalue().decode("ascii").splitlines()
    rows = [line for line in lines if line[:1] in "+|"]
    assert len(rows) == 6 and len({len(row) for row in rows}) == 1, rows
    assert "+80 -> 110  afuera*" in rows[4] and "* Ana no se reengancho" in lines[7]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_games_says_what_each_word_value_means(run, lang):
    """A club reads what `face` or `keep_top` play before typing them into `--variant`."""
    code, out, _ = run("games", "chinchon", "--lang", lang)
    assert code == 0
    flat = " ".join(out.decode().split())
    face = "figuras 10, 11 y 12" if lang == "es" else "jack, knight and king 10, 11 and 12"
    assert f"face = {face}." in flat
    assert "keep_top = " in flat and "shuffle_all = " in flat
