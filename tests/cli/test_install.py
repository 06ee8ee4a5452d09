"""What an install tells its user: the back ends `mazo --version` names, and the one note a
command gives when the compiled search is missing and every hand goes through CP-SAT instead.

The wheels themselves (built, repaired, installed without a compiler) are checked by .ci/wheel.
"""

from __future__ import annotations

import json

import pytest
from mazo.solver.backends import search
from mazo.solver.messages import Told

from tests.commands import in_memory

HAND = ("1o", "2o", "3o", "4o", "5o", "6o", "7o", "12b")


@pytest.fixture
def without_compiled_search(monkeypatch):
    monkeypatch.setattr(search, "_Table", None)
    monkeypatch.setattr(search, "_MISSING", Told("not_built"))
    monkeypatch.setattr(search, "_warned", False)


def test_version_names_the_compiled_search(monkeypatch):
    code, out, _ = in_memory(monkeypatch, "--version")
    lines = out.decode().splitlines()
    assert code == 0 and lines[0].startswith("mazo ")
    assert (
        lines[1] == "compiled search: yes"
        if search.available()
        else lines[1].startswith("compiled search: no (")
    )


def test_version_says_no_without_it(monkeypatch, without_compiled_search):
    _, out, _ = in_memory(monkeypatch, "--version")
    assert out.decode().splitlines()[1] == (
        "compiled search: no (it was not built at install: no C compiler, or no Python headers, "
        "were found)"
    )
    # the odds tables are built with the search's closes: without it they are not in use
    assert out.decode().splitlines()[2] == ("compiled odds: no (the compiled search is not in use)")


def test_every_refusal_for_a_missing_module_says_how_to_get_it(
    monkeypatch, without_compiled_search
):
    code, _, err = in_memory(monkeypatch, "odds", "conga", "1o 2o 3o 4o 5o 6o 7o")
    assert code == 2 and err.count("\n") == 1
    assert "--no-cache-dir --no-binary mazo mazo" in err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "mazo: note: the compiled search is not in use (it was not built at install: no C "),
        (
            "es",
            "mazo: note: la búsqueda compilada no está en uso (no se compiló al instalar: no se",
        ),
    ],
)
def test_the_slow_path_is_said_once_and_answers_the_same(
    monkeypatch, without_compiled_search, lang, said
):
    code, slow, err = in_memory(monkeypatch, "solve", "conga", *HAND, "--json", "--lang", lang)
    notes = err.splitlines()
    assert code == 0 and len(notes) == 1
    assert notes[0].startswith(said) and "pip install --force-reinstall" in notes[0]
    monkeypatch.undo()
    if search.available():
        _, fast, quiet = in_memory(monkeypatch, "solve", "conga", *HAND, "--json")
        # The fastest discard comes from an odds table, which only the compiled modules read:
        # with an odds table in the user's cache, the fast path names it and the slow one cannot.
        compiled = json.loads(fast)
        compiled.pop("fastest_discard", None)
        assert json.loads(slow) == compiled and quiet == ""


def test_a_batch_says_it_once(monkeypatch, without_compiled_search):
    lines = b"".join(b" ".join(h.encode() for h in HAND) + b"\n" for _ in range(5))
    code, out, err = in_memory(monkeypatch, "solve", "conga", "-", "--json", stdin=lines)
    assert code == 0 and len(out.splitlines()) == 5
    assert len(err.splitlines()) == 1 and err.startswith("mazo: note: ")


def test_conquian_takes_no_slower_path_and_says_nothing(monkeypatch, without_compiled_search):
    # Conquián's positions always go through CP-SAT: nothing is slower without the search.
    code, _, err = in_memory(
        monkeypatch,
        "solve",
        "conquian",
        "10c",
        "1b",
        "3c",
        "12e",
        "--faced",
        "10b",
        "--table",
        "5o 6o 7o 10o",
    )
    assert code == 0 and "note" not in err


@pytest.mark.parametrize(
    "args",
    [
        ("--backend", "cpsat"),  # CP-SAT asked for: nothing slower than asked
        ("4c", "5c", "6c", "7c", "8c", "9c", "10c", "11c", "12c", "1e"),  # CP-SAT's size anyway
    ],
)
def test_no_note_where_nothing_is_slower(monkeypatch, without_compiled_search, args):
    code, _, err = in_memory(monkeypatch, "solve", "conga", *HAND, *args)
    assert code == 0 and err == ""


def test_the_search_asked_for_and_missing_is_one_error(monkeypatch, without_compiled_search):
    args = ("solve", "conga", *HAND, "--backend", "search", "--lang", "en")
    code, _, err = in_memory(monkeypatch, *args)
    assert code == 2 and err.splitlines() == [
        "mazo: error: the search back end is not in use (it was not built at install: no C "
        "compiler, or no Python headers, were found); use cpsat"
    ]


def test_warnings_as_errors_do_not_turn_the_note_into_a_failure(
    monkeypatch, without_compiled_search
):
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code, out, err = in_memory(monkeypatch, "solve", "conga", *HAND, "--json")
    assert code == 0 and json.loads(out)["close"] == "conga_limpia"
    assert err.startswith("mazo: note: ")
