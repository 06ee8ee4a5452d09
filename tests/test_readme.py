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

README = Path(__file__).resolve().parent.parent / "README.md"


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
