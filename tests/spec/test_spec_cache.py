"""The parsed-spec cache: the same answer as parsing, and parsing again whenever it might differ."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from mazo.solver.spec import yamlsource
from mazo.solver.spec.load import _spec_files
from mazo.solver.spec.yamlsource import load_yaml, load_yaml_cached

TEXT = "game: demo\nnames: {es: uno, en: one}\nlist:\n  - 1\n  - true\n  - on\n"


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    return tmp_path / "mazo"


@pytest.fixture
def parses(monkeypatch):
    """Count the real parses behind load_yaml_cached."""
    calls: list[str] = []

    def counting(text, filename):
        calls.append(text)
        return load_yaml(text, filename)

    monkeypatch.setattr(yamlsource, "load_yaml", counting)
    return calls


def same(a, b) -> bool:
    return a.data == b.data and a.lines == b.lines and repr(a.data) == repr(b.data)


def test_every_bundled_spec_reads_back_from_the_cache_as_parsed(cache_home, parses):
    for game, entry in _spec_files().items():
        text = entry.read_text(encoding="utf-8")
        fresh = load_yaml(text, f"specs/{game}.yaml")
        first = load_yaml_cached(text, f"specs/{game}.yaml")
        second = load_yaml_cached(text, f"specs/{game}.yaml")
        assert same(first, fresh) and same(second, fresh), game
    assert len(parses) == len(_spec_files())  # each parsed once, then read from the cache
    assert len(list(cache_home.iterdir())) == len(_spec_files())


def test_a_changed_text_is_parsed_again(cache_home, parses):
    load_yaml_cached(TEXT, "specs/demo.yaml")
    changed = TEXT.replace("uno", "dos")
    assert load_yaml_cached(changed, "specs/demo.yaml").data["names"]["es"] == "dos"
    assert load_yaml_cached(changed, "specs/demo.yaml").data["names"]["es"] == "dos"
    assert parses == [TEXT, changed]


@pytest.fixture
def parser_files(tmp_path, monkeypatch):
    """Stand-ins for this module's and PyYAML's files, to edit and to move."""
    files = [tmp_path / "yamlsource.py", tmp_path / "yaml" / "__init__.py"]
    for f in files:
        f.parent.mkdir(exist_ok=True)
        f.write_text("# parser code\n")
    monkeypatch.setattr(yamlsource, "_parser_files", lambda: tuple(map(str, files)))
    return files


@pytest.mark.parametrize("which", [0, 1])
def test_a_changed_parser_is_parsed_again(cache_home, parses, parser_files, which):
    load_yaml_cached(TEXT, "specs/demo.yaml")
    load_yaml_cached(TEXT, "specs/demo.yaml")
    parser_files[which].write_text("# parser code, changed\n")
    load_yaml_cached(TEXT, "specs/demo.yaml")
    load_yaml_cached(TEXT, "specs/demo.yaml")
    assert len(parses) == 2
    assert len(list(cache_home.iterdir())) == 1  # the edited copy reuses its entry


def test_the_parsers_are_this_module_and_pyyaml():
    import yaml

    assert yamlsource._parser_files() == (yamlsource.__file__, yaml.__file__)


def test_two_installs_keep_their_own_entries(cache_home, parses, monkeypatch):
    here = yamlsource._parser_files()
    elsewhere = (here[0], "/another/venv/site-packages/yaml/__init__.py")
    for parsers in [here, elsewhere] * 2:
        monkeypatch.setattr(yamlsource, "_parser_files", lambda p=parsers: p)
        load_yaml_cached(TEXT, "specs/demo.yaml")
    assert len(parses) == 2  # not four: neither copy overwrote the other's entry
    assert len(list(cache_home.iterdir())) == 2


@pytest.mark.parametrize("junk", [b"", b"\x00garbage", b"\xe9\x01\x00\x00\x00"])
def test_an_unreadable_entry_is_parsed_again(cache_home, parses, junk):
    load_yaml_cached(TEXT, "specs/demo.yaml")
    (entry,) = cache_home.iterdir()
    entry.write_bytes(junk)
    assert same(load_yaml_cached(TEXT, "specs/demo.yaml"), load_yaml(TEXT, "specs/demo.yaml"))
    assert len(parses) == 2


def test_no_writable_cache_folder_still_parses(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert load_yaml_cached(TEXT, "specs/demo.yaml").data["game"] == "demo"
    assert os.listdir(tmp_path) == ["file"]


@pytest.mark.parametrize("variable", ["XDG_CACHE_HOME", "HOME"])
def test_a_relative_cache_home_is_not_used(tmp_path, monkeypatch, variable):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv(variable, "relative")
    assert load_yaml_cached(TEXT, "specs/demo.yaml").data["game"] == "demo"
    assert os.listdir(tmp_path) == []


def test_a_relative_cache_home_gives_way_to_the_default_for_every_cache(tmp_path, monkeypatch):
    """The XDG spec: a relative XDG_CACHE_HOME is not used; ~/.cache stands instead."""
    from mazo.solver.play import kept

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", "relative")
    assert kept.cache_dir() == tmp_path / ".cache" / "mazo"
    load_yaml_cached(TEXT, "specs/demo.yaml")
    assert [p.parent for p in (tmp_path / ".cache" / "mazo").iterdir()] == [kept.cache_dir()]


def test_a_warm_cache_spares_the_cli_pyyaml(tmp_path):
    """The point of the cache: `mazo solve` on a bundled game does not import PyYAML at all."""
    code = (
        "import sys; from mazo.cli import main; sys.argv = ['mazo', 'solve', 'conga', '1o', '2o',"
        " '3o', '4o', '5o', '6o', '7o', '12b', '--json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('yaml' in sys.modules)"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    runs = [
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        for _ in range(2)
    ]
    assert [r.stdout.splitlines()[-1] for r in runs] == ["True", "False"]
    assert runs[0].stdout.splitlines()[0] == runs[1].stdout.splitlines()[0]


def test_the_entry_of_an_install_that_is_gone_is_pruned(cache_home, parses, tmp_path, monkeypatch):
    gone = tmp_path / "old-venv" / "yaml.py"
    gone.parent.mkdir()
    gone.write_text("# an older install's parser\n")
    here = yamlsource._parser_files()
    monkeypatch.setattr(yamlsource, "_parser_files", lambda: (here[0], str(gone)))
    load_yaml_cached(TEXT, "specs/demo.yaml")
    load_yaml_cached(TEXT, "specs/other.yaml")
    gone.unlink()  # that install was removed
    monkeypatch.setattr(yamlsource, "_parser_files", lambda: here)
    load_yaml_cached(TEXT, "specs/demo.yaml")
    names = sorted(p.name.split(".")[0] for p in cache_home.iterdir())
    assert names == ["specs_demo", "specs_other"]  # one entry per spec; other specs untouched


def test_mazo_no_cache_turns_the_cache_off(cache_home, parses, monkeypatch):
    monkeypatch.setenv("MAZO_NO_CACHE", "1")
    load_yaml_cached(TEXT, "specs/demo.yaml")
    load_yaml_cached(TEXT, "specs/demo.yaml")
    assert len(parses) == 2 and not cache_home.exists()


def test_an_edited_rules_file_is_read_again_in_the_same_process(tmp_path):
    import mazo

    club = tmp_path / "club.yaml"
    hand = "4o 5o 6o 10c 10e 10b 5c 12b"  # 5 loose points
    club.write_text("extends: conga\nvariant: {cut_threshold: 3}\n")
    assert not mazo.solve("conga", hand, rules=str(club)).can_cut
    stat = club.stat()
    club.write_text("extends: conga\nvariant: {cut_threshold: 5}\n")  # same size
    os.utime(club, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # and the same time
    assert mazo.solve("conga", hand, rules=str(club)).can_cut


def test_live_entries_of_many_past_installs_are_pruned_to_the_last_few(
    cache_home, parses, tmp_path, monkeypatch
):
    """Installs kept on disk after upgrades stay live: a cache once held a hundred entries of
    them. Writing an entry keeps it and the KEEP_INSTALLS - 1 last written of the others."""
    here = yamlsource._parser_files()
    installs = []
    for n in range(yamlsource.KEEP_INSTALLS + 3):
        parser = tmp_path / f"venv-{n}" / "yaml.py"
        parser.parent.mkdir()
        parser.write_text("# a parser\n")
        installs.append((here[0], str(parser)))
    for n, parsers in enumerate(installs):
        monkeypatch.setattr(yamlsource, "_parser_files", lambda p=parsers: p)
        load_yaml_cached(TEXT, "specs/demo.yaml")
        # an older install, an older entry (the clock may not tick between two writes)
        os.utime(yamlsource._cache_path("specs/demo.yaml", parsers), (n, n))
    kept = sorted(cache_home.glob("specs_demo*"), key=lambda e: e.stat().st_mtime)
    assert [e.stat().st_mtime for e in kept] == [
        len(installs) - n for n in range(yamlsource.KEEP_INSTALLS, 0, -1)
    ]
