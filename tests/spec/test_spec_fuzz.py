"""Mutants of the bundled specs: `spec check` accepts one and every command then works on it, or
refuses it in one line with exit code 2. Never a traceback, never more than 10 s a command.

Each mutant is one bundled spec (as a whole spec file) with one change: a key deleted or written
twice, a value of another type, a huge, negative or fractional number, an empty or very deep
structure, an alias loop, or bytes that are not UTF-8. The default run takes 40 mutants;
`MAZO_SOAK=1` (tests/soak.py) runs 2,000.
"""

from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest
import yaml
from mazo.solver.spec.load import _spec_files, load_spec
from mazo.solver.spec.yamlsource import load_yaml

from tests.commands import command_lines, mazo
from tests.soak import size

COUNT = size(40, 2000)
SECONDS = 10
GAMES = sorted(_spec_files())

ODD_VALUES = [
    None,
    True,
    0,
    -1,
    7,
    -(10**12),
    10**20,
    0.5,
    -2.75,
    1e300,
    "",
    "word",
    "∞",
    [],
    {},
    [1, 2],
    {"es": "x"},
    {"unknown": 1},
]


def bundled(game: str) -> tuple[str, object]:
    text = _spec_files()[game].read_text(encoding="utf-8")
    return text, load_yaml(text, game).data


def paths(data, path=()):
    """Every path in the data, with its value."""
    yield path, data
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        yield from paths(value, (*path, key))


def replace(data, path, value):
    if not path:
        return value
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = replace(data[path[0]], path[1:], value)
    return copy


def delete(data, path):
    if len(path) == 1:
        copy = dict(data) if isinstance(data, dict) else list(data)
        del copy[path[0]]
        return copy
    copy = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = delete(data[path[0]], path[1:])
    return copy


def dump(data) -> bytes:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8")


def mutant(number: int) -> tuple[str, str, bytes]:
    """(game, what changed, the file's bytes) for mutant `number`: the same every run."""
    rng = random.Random(number)
    game = GAMES[number % len(GAMES)]
    text, data = bundled(game)
    # Mutations are drawn where the rules are, not only in the long prose.
    every = [(p, v) for p, v in paths(data) if p and (p[0] != "prose" or rng.random() < 0.05)]
    path, value = rng.choice(every)
    where = ".".join(map(str, path))
    kind = rng.choice(
        ["delete", "type", "number", "empty", "deep", "alias", "bytes", "duplicate", "delete"]
    )
    if kind == "delete":
        return game, f"delete {where}", dump(delete(data, path))
    if kind == "type":
        odd = rng.choice(ODD_VALUES)
        return game, f"{where} = {odd!r}", dump(replace(data, path, odd))
    if kind == "number":
        numbers = [(p, v) for p, v in every if isinstance(v, int) and not isinstance(v, bool)]
        path, value = rng.choice(numbers)
        odd = rng.choice([-value, value * 10**9, value + 0.5, 2**63, -(2**31), 0, value + 1])
        return game, f"{'.'.join(map(str, path))} = {odd!r}", dump(replace(data, path, odd))
    if kind == "empty":
        return game, f"{where} emptied", dump(replace(data, path, rng.choice([{}, [], "", None])))
    if kind == "deep":
        deep = value
        for _ in range(rng.choice([5, 30, 100])):
            deep = [deep] if rng.random() < 0.5 else {"x": deep}
        return game, f"{where} nested deep", dump(replace(data, path, deep))
    if kind == "alias":
        body = dump(data).decode()
        loop = rng.choice(
            [
                "loop: &a [*a]\n",
                "loop: &a {x: *a}\n",
                "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
                + "".join(
                    f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
                    for p, c in zip("abcdefg", "bcdefgh", strict=True)
                ),
            ]
        )
        return game, "alias loop", (body + loop).encode()
    if kind == "bytes":
        raw = text.encode("utf-8")
        at = rng.randrange(len(raw))
        bad = rng.choice([b"\xff", b"\xe9", b"\xc3\x28", b"\x80\x80"])
        return game, f"bytes {bad!r} at {at}", raw[:at] + bad + raw[at:]
    lines = text.splitlines(keepends=True)
    keys = [i for i, line in enumerate(lines) if ":" in line and not line.lstrip().startswith("#")]
    at = rng.choice(keys)
    return game, f"line {at + 1} written twice", "".join([*lines[: at + 1], *lines[at:]]).encode()


class TooSlow(Exception):
    pass


def _alarm(signum, frame):
    raise TooSlow


def timed(capsys, monkeypatch, *args):
    """The command in this process, stopped if it runs past SECONDS."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(SECONDS)
    try:
        return mazo(capsys, monkeypatch, *args)
    except TooSlow:
        pytest.fail(f"mazo {' '.join(map(str, args))} ran past {SECONDS} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def refused_cleanly(result) -> bool:
    lines = result.err.splitlines()
    return result.code == 2 and len(lines) == 1 and lines[0].startswith("mazo: error: ")


@pytest.mark.parametrize("number", range(COUNT))
def test_a_mutant_spec_is_accepted_and_usable_or_refused_in_one_line(
    number, tmp_path, capsys, monkeypatch
):
    game, change, raw = mutant(number)
    path = tmp_path / f"{game}-mutant.yaml"
    path.write_bytes(raw)
    checked = timed(capsys, monkeypatch, "spec", "check", path)
    if checked.code != 0:
        assert refused_cleanly(checked), f"{game}, {change}: {checked.err or checked.code}"
        return
    spec = load_spec(None, rules=Path(path))
    for name, args in command_lines(spec, ["--rules", path], tmp_path).items():
        result = timed(capsys, monkeypatch, *args)
        if name in ("solve", "rulebook"):  # a position from the spec's own deck always works
            assert result.code == 0, f"{game}, {change}: {name}: {result.err}"
        else:  # a rule change can leave no closing hand or no puzzle: said in one line
            assert result.code == 0 or refused_cleanly(result), (
                f"{game}, {change}: {name}: {result.err}"
            )
