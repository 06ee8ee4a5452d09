"""The words and messages each mechanism keeps in its own package (`words.py`, `messages.py`),
for the tests that check the tables are whole."""

from __future__ import annotations

from importlib.util import find_spec
from types import ModuleType

from mazo.solver.mechanisms.registry import MECHANISMS


def own_tables(module: str) -> dict[str, ModuleType]:
    """Each mechanism's module `module` (`words` or `messages`), by the mechanism's name, for
    the mechanisms that have one."""
    return {
        name: mechanism.own(module)
        for name, mechanism in MECHANISMS.items()
        if find_spec(f"{mechanism.package}.{module}") is not None
    }
