"""Every test starts from the same language environment: none of the variables that choose the
language of a view is set, so a view speaks its game's language unless the test says otherwise."""

import pytest

LANGUAGE_VARIABLES = ("MAZO_LANG", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def no_language_chosen(monkeypatch):
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
