"""Every `mazo` example in the README's bash blocks runs as written and succeeds.

The README's YAML blocks that start with `# NAME.yaml` are the files its examples read; they are
written first into an empty folder, where the examples run. Lines that install, run the test
suite or rebuild the extension are not examples of mazo and are left out.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"(?ms)^```{language}\n(.*?)^```", README.read_text(encoding="utf-8"))


def commands() -> list[str]:
    """Each bash line that runs mazo (alone or at the end of a pipe), continuations joined."""
    found = []
    for block in blocks("bash"):
        for command in re.sub(r"\\\n\s*", "", block).splitlines():
            if re.search(r"(^|\|\s*)mazo ", command):
                found.append(command)
    return found


def test_the_readme_has_examples_of_every_command():
    ran = {re.search(r"mazo (\w+)", c).group(1) for c in commands()}
    assert {"solve", "advise", "score", "match", "rulebook", "puzzles", "spec"} <= ran


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    here = tmp_path_factory.mktemp("readme")
    for block in blocks("yaml"):
        name = re.match(r"# (\S+\.yaml)\n", block)
        if name:
            (here / name.group(1)).write_text(block, encoding="utf-8")
    return here


@pytest.mark.parametrize("command", commands())
def test_the_readme_example_runs(folder, command):
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    r = subprocess.run(
        ["bash", "-o", "pipefail", "-c", command],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, (command, r.stderr[-500:])
    assert "error" not in r.stdout.lower(), (command, r.stdout[-500:])


def sessions() -> list[tuple[str, list[str]]]:
    """Each `$ command` of the README's console blocks with the lines shown under it."""
    found: list[tuple[str, list[str]]] = []
    for block in blocks("console"):
        for line in block.splitlines():
            if line.startswith("$ "):
                found.append((line[2:], []))
            else:
                found[-1][1].append(line)
    return found


# The 48-card odds table takes a minute and more than a gigabyte to build: the examples that need
# it run in a soak (MAZO_SOAK=1), where the table is built once for all of them.
NEEDS_TABLE = ("mazo advise", "mazo odds")


@pytest.mark.slow
def test_the_quick_start_prints_what_it_shows(tmp_path):
    """The quick start's outputs are what the commands print, in the game's own language (the
    lines before a `…` start the output, those after it end it)."""
    from tests.soak import SOAK

    env = {k: v for k, v in os.environ.items() if k not in ("MAZO_LANG", "LC_ALL", "LC_MESSAGES")}
    env |= {"LANG": "C.UTF-8", "COLUMNS": "80", "NO_COLOR": "1"}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env['PATH']}"
    ran = 0
    for command, shown in sessions():
        if command.startswith("cat "):
            (tmp_path / command.split()[1]).write_text("\n".join(shown) + "\n", encoding="utf-8")
            continue
        if not shown or (command.startswith(NEEDS_TABLE) and not SOAK):
            continue
        r = subprocess.run(
            ["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True
        )
        assert r.returncode == 0, (command, r.stderr[-500:])
        printed = r.stdout.splitlines()
        head, *rest = "\n".join(shown).split("…")
        first = head.strip("\n").splitlines()
        assert printed[: len(first)] == first, command
        if rest:
            last = rest[-1].strip("\n").splitlines()
            assert printed[len(printed) - len(last) :] == last, command
        else:
            assert printed == first, command
        ran += 1
    assert ran >= 3
