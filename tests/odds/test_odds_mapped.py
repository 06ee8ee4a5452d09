"""An odds table's rows mapped from their plain copy in the cache, as the processes of one
simulation read them: every row as the table's own files give it, the copy written once and
written again when it is damaged, and a simulation on two processes that plays by the table
giving the same bytes as one process, its workers reading the mapped rows."""

from __future__ import annotations

import json
import signal

import pytest
from mazo.solver.game import simulate as simulation
from mazo.solver.play import kept as kept_files
from mazo.solver.play import mapped, odds

from tests.commands import in_memory
from tests.conftest import FORTY

pytestmark = pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")

COLUMNS = [name for names in odds.FILES.values() for name in names]


@pytest.fixture(scope="module")
def files(forty_table, tmp_path_factory):
    """The 40-card table kept in a cache folder of the module's own: (spec, table, its path)."""
    spec, found = forty_table
    key = odds.rules_key(spec)
    cache = tmp_path_factory.mktemp("xdg")
    base = kept_files.path(spec, key).relative_to(kept_files.cache_dir())
    odds._save(cache / "mazo" / base, key, found)
    return spec, found, cache, cache / "mazo" / base


@pytest.fixture
def cache(files, monkeypatch):
    """The kept table in the cache, its rows file gone, nothing in memory."""
    spec, found, folder, base = files
    monkeypatch.setenv("XDG_CACHE_HOME", str(folder))
    monkeypatch.delenv("MAZO_NO_CACHE", raising=False)
    kept_files.named(base, mapped.SUFFIX).unlink(missing_ok=True)
    odds._MEMORY.clear()
    yield spec, found, kept_files.named(base, mapped.SUFFIX)
    odds._MEMORY.clear()


def rows_of(table: odds.OddsTable) -> dict[str, bytes]:
    """Each column's rows, every byte (what every row decodes from)."""
    return {name: _bytes(getattr(table, name)) for name in COLUMNS}


def _bytes(column: odds.Rows) -> bytes:
    return b"".join(bytes(column.read(k)) for k in range(column.blocks))


def test_every_row_reads_as_the_tables_own_files_give_it(cache):
    spec, found, rows_file = cache
    assert odds.shared(spec) is None  # no table in memory: nothing plays by one
    stored = odds.table(spec)
    shared = odds.shared(spec)
    assert shared is not None and rows_file.is_file()
    assert all(isinstance(getattr(shared, n).read, mapped.Mapped) for n in COLUMNS)
    assert shared.within.blocks > 1
    assert rows_of(shared) == rows_of(stored) == rows_of(found)
    assert [shared.within[i] for i in range(0, shared.classes, 997)] == [
        found.within[i] for i in range(0, found.classes, 997)
    ]
    assert odds.table(spec) is shared and odds.shared(spec) is shared
    # A second process maps the copy as it is: not written again.
    written = rows_file.stat().st_mtime_ns
    odds._MEMORY.clear()
    odds.table(spec)
    assert rows_of(odds.shared(spec)) == rows_of(found)
    assert rows_file.stat().st_mtime_ns == written


def flipped(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 4]) + data[at + 1 :]


DAMAGE = {
    "magic": lambda data: flipped(data, 3),
    "first row": lambda data: flipped(data, mapped.ROOM + 5),
    "last row": lambda data: flipped(data, len(data) - 1),
    "cut short": lambda data: data[:-7],
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_copy_is_written_again(cache, damage):
    spec, found, rows_file = cache
    odds.table(spec)
    odds.shared(spec)
    data = rows_file.read_bytes()
    rows_file.write_bytes(damage(data))
    odds._MEMORY.clear()
    odds.table(spec)
    assert rows_of(odds.shared(spec)) == rows_of(found)
    assert rows_file.read_bytes() == data


def test_another_tables_copy_is_never_read(cache, monkeypatch):
    """A copy whose header names other rules (a file put in its place by hand) is written
    again for these."""
    spec, found, rows_file = cache
    odds.table(spec)
    odds.shared(spec)
    data = rows_file.read_bytes()
    columns = {n: _plain(getattr(found, n)) for n in COLUMNS}
    mapped.write(rows_file.with_suffix(""), "another key", columns)
    assert rows_file.read_bytes() != data
    odds._MEMORY.clear()
    odds.table(spec)
    odds.shared(spec)
    assert rows_file.read_bytes() == data


def _plain(rows: odds.Rows) -> mapped.Plain:
    return mapped.Plain(rows.count, rows.size, (bytes(rows.read(k)) for k in range(rows.blocks)))


def test_a_copy_that_cannot_be_kept_leaves_the_table_as_it_is(cache):
    spec, _found, rows_file = cache
    rows_file.mkdir()  # a folder in the copy's place
    try:
        stored = odds.table(spec)
        assert odds.shared(spec) is None
        assert odds.table(spec) is stored
        assert not list(rows_file.parent.glob("*.part"))
    finally:
        rows_file.rmdir()


def test_a_table_built_in_memory_is_not_copied(files, monkeypatch, tmp_path):
    spec, found, _, _ = files
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), found)
    assert odds.shared(spec) is None
    assert not (tmp_path / "mazo").exists()


def test_two_processes_play_by_the_mapped_table_as_one_does(cache, monkeypatch, tmp_path):
    """The fastest reads the table at every decision: one process and two give the same
    report byte for byte, the two reading the copy (written by the run)."""
    _spec, _found, rows_file = cache
    outputs = []
    for jobs in (1, 2):
        odds._MEMORY.clear()
        code, out, err = in_memory(
            monkeypatch,
            "simulate",
            *("conga", "--seats", "fastest,novice", "-n", "3", "--seed", "5", "--json"),
            *(arg for k, v in FORTY.items() for arg in ("--variant", f"{k}={v}")),
            *("--jobs", str(jobs)),
        )
        assert code == 0, err
        outputs.append(json.loads(out))
        assert rows_file.is_file() == (jobs == 2)
    assert outputs[0] == outputs[1]


def test_a_worker_maps_the_table_of_the_run(cache):
    """A worker started anew (not forked) finds no table in memory: it loads and maps it."""
    spec, _found, _rows_file = cache
    plan = simulation.make_plan("conga", ["fastest", "novice"], deals=1, seed=1, variant=FORTY)
    odds.shared(plan.spec())
    odds._MEMORY.clear()
    handlers = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    try:
        simulation._worker_start(plan)
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
    assert isinstance(odds.table(spec).within.read, mapped.Mapped)
