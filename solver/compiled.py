"""The compiled modules (the meld search, the odds tables): loaded when they were built, and
otherwise the reason, for `mazo --version` and the messages that refuse or fall back."""

from __future__ import annotations

import importlib
from typing import Any

from mazo.solver.messages import Told

# How to get the compiled modules, for every message that says one is missing. pip keeps the
# wheel it built without them and would install it again: the reinstall skips that cache.
HOW = Told("how_to_compile")


def load(package: str, name: str) -> tuple[Any, str]:
    """The compiled module `package.name` (it has no type stubs: Any), or None and why it is not
    in use."""
    try:
        return importlib.import_module(f"{package}.{name}"), ""
    except ImportError as error:
        # A module that was never built is the usual case (no C compiler, or no Python headers
        # for it); one that was built but does not load (another Python, a damaged file) says
        # why.
        if error.name in (package, f"{package}.{name}"):
            return None, Told("not_built")
        return None, Told("does_not_load", error=str(error))
