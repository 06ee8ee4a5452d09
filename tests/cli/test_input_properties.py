"""Random input never ends in a traceback: any JSON value in any batch field, any bytes or any
data as a score sheet. Each bad line gets its error in place and the next line is answered."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mazo.batch import LINE_FIELDS
from mazo.solver.api import rules_for
from mazo.solver.errors import MazoError
from mazo.solver.match.elimination import play_match
from mazo.solver.match.sheet import read_sheet
from mazo.views.score_sheets import write_planilla

from tests.commands import in_memory
from tests.soak import size

EXAMPLES = size(60, 1000)
QUICK = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and infinities too: json.dumps writes them, the reader must refuse them
    | st.text(max_size=12)
    | st.sampled_from(["1o", "12b", "*", "AS", "QH", "10c", "5o 6o 7o", "auto", "3", "-1"])
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)

# Per game: a line that solves, and the keys a line may carry (its fields and some options).
GAMES = {
    "conga": ({"hand": "1o 2o 3o 4o 5o 6o 7o 12b"}, ["cut_threshold", "jokers", "x-y"]),
    "conquian": ({"hand": "4o 5o 1c", "faced": "6o"}, ["deal"]),
    "canasta": ({"hand": "AS AD AC", "score": 0}, ["players"]),
}


def _batch(monkeypatch, game: str, lines: list[str]) -> tuple[int, list[dict]]:
    stdin = "\n".join(lines).encode() + b"\n"
    code, out, err = in_memory(monkeypatch, "solve", game, "--json", "-", stdin=stdin)
    assert err == ""
    return code, [json.loads(x) for x in out.decode().splitlines()]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@QUICK
@given(data=st.data(), value=json_values)
def test_any_json_value_in_any_field_is_answered_in_place(monkeypatch, game, data, value):
    good, options = GAMES[game]
    key = data.draw(st.sampled_from(sorted({"hand", *LINE_FIELDS, *options})), label="field")
    line = json.dumps({**good, key: value})
    code, answers = _batch(monkeypatch, game, [line, json.dumps(good)])
    assert code in (0, 2) and len(answers) == 2
    assert ("error" in answers[0]) == (code == 2)
    assert "error" not in answers[1]


@pytest.mark.slow
@QUICK
@given(raw=st.binary(max_size=300))
def test_any_bytes_as_a_batch(monkeypatch, raw):
    lines = raw.replace(b"\r", b"").split(b"\n")
    code, out, _ = in_memory(monkeypatch, "solve", "conga", "--json", "-", stdin=raw)
    answers = out.decode().splitlines()
    assert code in (0, 2)
    assert len(answers) <= len(lines)
    assert all(isinstance(json.loads(a), dict) for a in answers)


@pytest.fixture(scope="module")
def sheets(tmp_path_factory):
    return tmp_path_factory.mktemp("sheets")


def _play(path) -> None:
    """Read and play the sheet, and print its planilla: a MazoError is the only way out."""
    spec = rules_for("conga")
    try:
        result = play_match(spec, read_sheet(path))
    except MazoError:
        return
    write_planilla(path.with_suffix(".pdf"), spec, result)


@QUICK
@given(raw=st.binary(max_size=400), suffix=st.sampled_from([".csv", ".yaml", ".txt"]))
def test_any_bytes_as_a_sheet(sheets, raw, suffix):
    path = sheets / f"random{suffix}"
    path.write_bytes(raw)
    _play(path)


names = st.sampled_from(["A", "B", "C", "<b>", "&", "x\x01", "10"]) | st.text(max_size=4)
cells = json_values | st.sampled_from(["4o 5o 6o 9c 9e 9b 3e", "7o 9o 2c 2e 5e 11c 11e"])
rows = st.dictionaries(
    names | st.sampled_from(["cutter", "reenter", "wins", "drawn_from_pozo", "cards"]),
    cells | names | st.lists(names, max_size=3),
    max_size=5,
)


@QUICK
@given(
    players=st.lists(names, max_size=4) | json_values,
    start=st.dictionaries(names, json_values, max_size=3) | json_values,
    hands=st.lists(rows, max_size=4) | json_values,
    csv=st.booleans(),
)
def test_any_data_as_a_sheet(sheets, players, start, hands, csv):
    if csv:
        header = [str(p) for p in (players if isinstance(players, list) else [players])]
        body = [
            ",".join(str(h.get(p, "")) for p in header) if isinstance(h, dict) else str(h)
            for h in (hands if isinstance(hands, list) else [hands])
        ]
        path = sheets / "data.csv"
        path.write_text("\n".join([",".join(header), *body]), encoding="utf-8")
    else:
        path = sheets / "data.yaml"
        data = {"players": players, "start": start, "hands": hands}
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    _play(path)
