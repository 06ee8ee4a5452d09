"""The odds tables' cached files, damaged as a disk or a person may damage them: every read is
bounded by the file's size, anything wrong is "damaged: build again", never a traceback or a
hang. The 40-card table (no jokers) is kept once for the module, from the session's build; a
test's own build is that same table (counted), and keeping it writes back the bytes first kept
(the real writing is pinned byte for byte in test_odds.py)."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
import threading
import zlib

import pytest
from mazo.solver.play import odds

from tests.commands import mazo
from tests.conftest import FORTY

pytestmark = pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")

VARIANT = [arg for name, value in FORTY.items() for arg in ("--variant", f"{name}={value}")]
RESTING = "1o 2o 3o 4o 5o 7c 11e"
# What the header's length is written in: the 8 bytes after the magic line.
LENGTH = range(len(odds.MAGIC), len(odds.MAGIC) + 8)


@pytest.fixture(scope="module")
def kept(forty_table, tmp_path_factory):
    """The 40-card table's files as this version keeps them: (spec, table, base path, bytes
    of each file)."""
    spec, found = forty_table
    key = odds.rules_key(spec)
    base = tmp_path_factory.mktemp("cache") / "mazo" / f"odds-{spec.game}-v{odds.FORMAT}-{key}"
    odds._save(base, key, found)
    return spec, found, base, {s: odds.kept.named(base, s).read_bytes() for s in odds.FILES}


@pytest.fixture
def cache(kept, monkeypatch):
    """The kept files alone in the cache folder, nothing in memory; builds counted."""
    spec, found, base, data = kept
    for other in base.parent.iterdir():
        if other.is_dir():
            other.rmdir()
        else:
            other.unlink()
    for suffix, content in data.items():
        odds.kept.named(base, suffix).write_bytes(content)
    monkeypatch.setenv("XDG_CACHE_HOME", str(base.parent.parent))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    builds: list[str] = []
    monkeypatch.setattr(odds, "build", lambda spec, progress=None: builds.append(spec) or found)

    def save(path, key, table):
        assert table is found
        for suffix, content in data.items():  # as _save does: in a part, put in its place
            part = odds.kept.named(path, f"{suffix}.part")
            part.write_bytes(content)
            part.replace(odds.kept.named(path, suffix))

    monkeypatch.setattr(odds, "_save", save)
    odds._MEMORY.clear()
    yield spec, base, data, builds
    odds._MEMORY.clear()


def damaged(data: bytes, at: int, flip: int) -> bytes:
    return data[:at] + bytes([data[at] ^ flip]) + data[at + 1 :]


@pytest.mark.parametrize("suffix", list(odds.FILES))
def test_a_header_length_damaged_in_any_bit_is_damage_not_a_crash(cache, suffix):
    spec, base, data, _ = cache
    path, key = odds.kept.named(base, suffix), odds.rules_key(spec)
    assert odds._load(base, key) is not None
    for at in LENGTH:
        for flip in (0x01, 0x80, 0xFF):
            path.write_bytes(damaged(data[suffix], at, flip))
            assert odds._load(base, key) is None, (at, flip)


@pytest.mark.parametrize("suffix", list(odds.FILES))
def test_every_command_that_reads_a_table_builds_a_damaged_one_again(capsys, monkeypatch, cache,
                                                                     suffix):  # fmt: skip
    _, base, data, builds = cache
    path = odds.kept.named(base, suffix)
    commands = [
        ["odds", "conga", RESTING, "--json"],
        ["advise", "conga", RESTING, "--pozo-top", "6o", "--horizon", "optimal", "--json"],
        ["puzzles", "conga", "--kind", "fastest-discard", "-n", "1", "--json"],
    ]
    for args in commands:
        odds._MEMORY.clear()
        whole = mazo(capsys, monkeypatch, *args, *VARIANT)
        assert whole.code == 0, whole.err
        # the 6th byte of the length: a header of some terabytes, more than any memory
        path.write_bytes(damaged(data[suffix], len(odds.MAGIC) + 5, 0x40))
        odds._MEMORY.clear()
        r = mazo(capsys, monkeypatch, *args, *VARIANT)
        assert (r.code, r.out) == (0, whole.out), r.err
        assert "Traceback" not in r.err and path.read_bytes() == data[suffix]
    assert len(builds) == len(commands)


@pytest.mark.parametrize("suffix", list(odds.FILES))
def test_a_fifo_in_a_files_place_is_damage_never_waited_on(cache, suffix):
    spec, base, data, builds = cache
    path = odds.kept.named(base, suffix)
    path.unlink()
    os.mkfifo(path)
    answers: list = []
    reading = threading.Thread(target=lambda: answers.append(odds.table(spec)), daemon=True)
    reading.start()
    reading.join(timeout=30)
    if reading.is_alive():  # let the reader go, or the thread would wait on for ever
        with open(path, "wb"):
            pass
        pytest.fail("the read waited on the FIFO")
    assert len(builds) == 1 and path.is_file() and path.read_bytes() == data[suffix]
    again = odds._load(base, odds.rules_key(spec))
    assert [answers[0].turns[i] for i in range(9)] == [again.turns[i] for i in range(9)]


def test_a_block_whose_file_went_after_it_opened_is_damage(cache):
    spec, base, _, _ = cache
    found = odds._load(base, odds.rules_key(spec))
    odds.kept.named(base, ".chances").unlink()
    with pytest.raises(odds.DamagedTable):
        found.within[0]


def test_parts_of_a_killed_build_go_when_the_next_build_starts(cache):
    spec, base, _, builds = cache
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                           capture_output=True, text=True, check=True)  # fmt: skip
    gone = int(ended.stdout)
    killed = [odds.kept.named(base, f"{s}.{gone}.part") for s in odds.FILES]
    running = odds.kept.named(base, f".table.{os.getppid()}.part")  # a build still writing
    for part in (*killed, running):
        part.write_bytes(b"half a table")
    odds.kept.named(base, ".table").unlink()
    odds.table(spec)
    assert len(builds) == 1
    assert not any(part.exists() for part in killed) and running.exists()


def test_the_note_names_the_file_that_could_not_be_kept(cache):
    _, base, _, _ = cache
    # the real writing, of a table with no columns: the note is the point
    path = odds.kept.named(base, ".table")
    path.unlink()
    path.mkdir()
    with pytest.raises(OSError) as error:
        odds._write(path, "key", {}, {})
    assert odds._not_kept(error.value, base)("en") == f"{path}: Is a directory"
    assert odds._not_kept(error.value, base)("es") == f"{path}: es una carpeta"
    assert [p.name for p in base.parent.iterdir() if p.suffix == ".part"] == []


def rewritten(data: bytes, change) -> bytes:
    """The file with its header changed by `change` (a function of the header's dict), its
    length and checksum written anew: a header damaged where no checksum can tell."""
    start = len(odds.MAGIC) + 12
    length = int.from_bytes(data[len(odds.MAGIC) : len(odds.MAGIC) + 8], "little")
    header = json.loads(data[start : start + length])
    change(header)
    text = json.dumps(header, sort_keys=True).encode()
    size = len(text).to_bytes(8, "little") + zlib.adler32(text).to_bytes(4, "little")
    return odds.MAGIC + size + text + data[start + length :]


def _block(header, value):
    header["columns"]["turns"]["blocks"][0] = value


def _count(header, value):
    header["columns"]["by_turns"]["count"] = value


def _deal(header, value):
    header["deal"]["cut_within"] = value


HEADERS = {
    "as kept": (lambda header: None, True),
    "a block of two numbers": (lambda h: _block(h, h["columns"]["turns"]["blocks"][0][:2]), False),
    "a block of four": (lambda h: _block(h, [*h["columns"]["turns"]["blocks"][0], 0]), False),
    "a true for a number": (
        lambda h: _block(h, [True, *h["columns"]["turns"]["blocks"][0][1:]]),
        False,
    ),
    "a float for a number": (
        lambda h: _block(h, [0.0, *h["columns"]["turns"]["blocks"][0][1:]]),
        False,
    ),
    "a block past the end": (lambda h: _block(h, [10**9, 1, 1]), False),
    "rows without their blocks": (lambda h: _count(h, 10**6), False),
    "a deal cut short": (lambda h: _deal(h, [0.5]), False),
    "a deal not of numbers": (lambda h: _deal(h, ["x"] * 20), False),
}


@pytest.mark.parametrize("name", list(HEADERS))
def test_a_solve_finds_a_table_at_hand_exactly_when_a_lookup_would(cache, monkeypatch, name):
    spec, base, data, _ = cache
    change, whole = HEADERS[name]
    odds.kept.named(base, ".table").write_bytes(rewritten(data[".table"], change))
    monkeypatch.setattr(odds.kept, "_SEEN", {})
    monkeypatch.setattr(odds, "_AT_HAND", {})
    assert (odds._load(base, odds.rules_key(spec), whole=False) is not None) is whole
    assert odds.kept.at_hand(spec) is whole
    assert (odds.table_at_hand(spec) is not None) is whole


def test_the_rules_key_is_hashlibs_sha256_whichever_module_gives_it(monkeypatch):
    data = b"mazo" * 1000
    assert odds.kept._sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    real = importlib.import_module

    def without_builtin(name, *args):
        if name in ("_sha2", "_sha256"):
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(odds.kept.importlib, "import_module", without_builtin)
    assert odds.kept._sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()


def test_with_no_file_of_the_games_tables_none_is_at_hand(cache, monkeypatch):
    spec, base, _, _ = cache
    monkeypatch.setattr(odds.kept, "_SEEN", {})
    for suffix in odds.FILES:
        odds.kept.named(base, suffix).rename(base.with_name(f"odds-other-{suffix}"))
    assert odds.kept.at_hand(spec) is False
    monkeypatch.setenv("XDG_CACHE_HOME", str(base.parent / "none"))
    assert odds.kept.at_hand(spec) is False
