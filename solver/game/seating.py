"""Who sits at a simulated table: a seat given as text made a player, and the names the record
gives the seats.

A seat is a bot's level (`novice`), a `module:attr` or a `path/file.py:Name`; the attribute is
a player class (or any callable) taking `(spec, seed)`. Every seat is loaded through `load`
alone, so the day the bots' own loader takes these words it replaces this one in one place.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from mazo.solver.errors import InputError, quoted
from mazo.solver.game.bots import Novice
from mazo.solver.game.view import Player
from mazo.solver.spec.rules import RuleSpec

LEVELS: dict[str, Any] = {"novice": Novice}


def load(
    seat: str,
    game: str,
    *,
    seed: int = 0,
    rules: str | None = None,
    variant: dict[str, Any] | None = None,
) -> Player:
    """The player a seat's text names, seeded; an InputError for a seat that names none."""
    from mazo.solver.api import rules_for

    spec = rules_for(game, rules=rules, variant=variant)
    return _made(seat, _maker(seat), spec, seed)


def shown_name(seat: str, player: Player) -> str:
    """What sits at a seat, as a report and a record's `seats` say it: the level, or the
    player's class name."""
    level = seat.strip().lower()
    return level if level in LEVELS else type(player).__name__


def distinct_names(shown: Sequence[str]) -> list[str]:
    """The names the record gives the seats: each seat's shown name, and for a name already
    taken the same with `-2`, `-3`, … (the first free), so `novice,novice` sit as `novice` and
    `novice-2`."""
    names: list[str] = []
    for name in shown:
        taken, count = name, 1
        while taken in names or (taken in shown and taken != name):
            count += 1
            taken = f"{name}-{count}"
        names.append(taken)
    return names


def _maker(seat: str) -> Any:
    level = seat.strip().lower()
    if level in LEVELS:
        return LEVELS[level]
    where, sep, attr = seat.rpartition(":")
    if not sep or not where or not attr:
        raise InputError(
            f"no bot level {quoted(seat)}: the levels are {', '.join(LEVELS)}, "
            "or give module:attr or path/file.py:Name"
        )
    module = _module_file(where) if where.endswith(".py") else _module(where)
    try:
        return getattr(module, attr)
    except AttributeError:
        raise InputError(f"seat {quoted(seat)}: {quoted(where)} has no {quoted(attr)}") from None


def _module(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ImportError as error:
        raise InputError(f"seat module {quoted(name)} cannot be imported: {error}") from None


def _module_file(path: str) -> Any:
    """A player's file, imported under a name of its own (a file may not be on sys.path)."""
    file = Path(path)
    if not file.is_file():
        raise InputError(f"seat file {quoted(path)} does not exist")
    digest = hashlib.sha1(str(file.resolve()).encode(), usedforsecurity=False).hexdigest()
    name = f"mazo_seat_{digest[:16]}"
    if name in sys.modules:
        return sys.modules[name]
    found = importlib.util.spec_from_file_location(name, file)
    if found is None or found.loader is None:
        raise InputError(f"seat file {quoted(path)} is not a Python module")
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module
    try:
        found.loader.exec_module(module)
    except Exception as error:  # the user's file: any failure is theirs, said in one line
        del sys.modules[name]
        raise InputError(f"seat file {quoted(path)} fails to load: {error!r}") from None
    return module


def _made(seat: str, maker: Any, spec: RuleSpec, seed: int) -> Player:
    """The player a class or factory makes for these rules and seed."""
    if not callable(maker):
        raise InputError(f"seat {quoted(seat)} is not a player class")
    try:
        player = maker(spec, seed)
    except Exception as error:  # the user's code: its failure is said, not raised through
        raise InputError(f"seat {quoted(seat)} cannot be made: {error!r}") from None
    if not isinstance(player, Player):
        raise InputError(f"seat {quoted(seat)} is not a player: it needs draw, discard and reenter")
    return player
