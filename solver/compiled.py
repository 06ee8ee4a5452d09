"""The compiled modules (the meld search, the odds tables): loaded when they were built, and
otherwise the reason, for `mazo --version` and the messages that refuse or fall back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from mazo.solver.messages import Told

# How to get the compiled modules, for every message that says one is missing. pip keeps the
# wheel it built without them and would install it again: the reinstall skips that cache.
HOW = Told("how_to_compile")

T = TypeVar("T")


def load(module: str, imported: Callable[[], T]) -> tuple[T | None, str]:
    """What `imported` takes from the compiled module `module` (a class: mypy reads its type
    from the module's stub), or None and why the module is not in use."""
    try:
        return imported(), ""
    except ImportError as error:
        # A module that was never built is the usual case (no C compiler, or no Python headers
        # for it); one that was built but does not load (another Python, a damaged file) says
        # why.
        if error.name in (module.rpartition(".")[0], module):
            return None, Told("not_built")
        return None, Told("does_not_load", error=str(error))
