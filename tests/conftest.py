"""Every test starts from the same language environment: none of the variables that choose the
language of a view is set, so a view speaks its game's language unless the test says otherwise.
And every test runs in debug mode: MAZO_DEBUG=1, set before mazo is imported (the engine reads
it once) and inherited by every command a test runs, turns on the game engine's card check."""

import os

import pytest

os.environ["MAZO_DEBUG"] = "1"

LANGUAGE_VARIABLES = ("MAZO_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def no_language_chosen(monkeypatch):
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


# The 40-card Conga deck without jokers: the smallest real odds table (a build of about 10 s).
FORTY = {"deck_size": 40, "jokers": 0}


@pytest.fixture(scope="session")
def forty_table():
    """The 40-card deck's spec and odds table, built once a session, in memory."""
    from mazo.solver.api import rules_for
    from mazo.solver.play import odds

    spec = rules_for("conga", variant=FORTY)
    return spec, odds.build(spec)
