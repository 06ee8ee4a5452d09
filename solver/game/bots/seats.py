"""A seat as a user writes it: a level, or their own player as `module:attr` or
`path/to/file.py:Name` (as uvicorn names an app).

A class (or any other callable that is not itself a player) is called once with the keywords
among `game` (the game's name), `seed`, `rules` (the rules file's path or None), `variant` (a
dict of options) and `spec` (the resolved rules, a `RuleSpec`) that its signature takes; all of
them if it takes `**kwargs`; none if it takes none of them. What it returns, or the attribute
itself when it already is one, must be a player: an object with `draw`, `discard` and
`reenter`. A module is looked for on the import path, then in the current folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from mazo.solver.errors import InputError, OptionError, cut, printable, quoted, shown_path
from mazo.solver.game.bots.levels import level_id, levels_said, make_level
from mazo.solver.game.view import Player
from mazo.solver.messages import Said, said
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.stopping import STOPS

PLAYER_METHODS = ("draw", "discard", "reenter")
KEYWORDS = ("game", "seed", "rules", "variant", "spec")


def _bad(seat: str, why: Said, kind: type[InputError] = InputError) -> InputError:
    """A seat's error: one line naming the seat, what is wrong, and what a seat may be."""
    return kind.of("seat_bad", seat=quoted(seat), why=why, levels=levels_said())


@dataclass(frozen=True, slots=True)
class Loaded:
    """A seat's player and what a record says sits there: the level, or the class's name."""

    player: Player
    label: str


def load_seat(
    seat: str,
    spec: RuleSpec,
    *,
    seed: int = 0,
    rules: str | Path | None = None,
    variant: dict[str, Any] | None = None,
) -> Loaded:
    """The player a seat names, ready to play these rules."""
    text = seat.strip() if isinstance(seat, str) else ""
    where, colon, attr = text.rpartition(":")
    if not colon:
        level = level_id(text)
        if level is None:
            raise _bad(seat, said("seat_no_level"), OptionError)
        return Loaded(make_level(spec, level, seed), level)
    if not where or not attr:
        raise _bad(seat, said("seat_colon"))
    module = _module(seat, where)
    found: Any = module
    for name in attr.split("."):
        if not hasattr(found, name):
            raise _bad(seat, said("seat_no_attribute", where=where, attr=quoted(attr)))
        found = getattr(found, name)
    keywords = {
        "game": spec.game,
        "seed": seed,
        "rules": None if rules is None else str(rules),
        "variant": dict(variant or {}),
        "spec": spec,
    }
    player = found if _is_player(found) else _made(seat, found, keywords)
    label = found.__name__ if isinstance(found, type) else type(player).__name__
    if level_id(label) is not None:  # a class named as a level is not mazo's: named as given
        label = text
    return Loaded(player, printable(label))  # a name records and tables print


def _is_player(found: Any) -> bool:
    """An object (not a class) with the three decisions."""
    return not isinstance(found, type) and all(
        callable(getattr(found, m, None)) for m in PLAYER_METHODS
    )


def _made(seat: str, found: Any, keywords: dict[str, Any]) -> Player:
    """A class or factory called with the keywords it takes; the player it makes."""
    if not callable(found):
        raise _bad(seat, _not_a_player(found))
    params: list[inspect.Parameter] = []
    # A callable whose signature Python cannot read is called with no keywords.
    with contextlib.suppress(TypeError, ValueError):
        params = list(inspect.signature(found).parameters.values())
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        given = keywords
    else:
        named = {p.name for p in params if p.kind is not inspect.Parameter.POSITIONAL_ONLY}
        given = {k: v for k, v in keywords.items() if k in named}
    try:
        player = found(**given)
    except STOPS:
        raise
    except BaseException as error:  # the user's code: its failure (a sys.exit() too) is the
        raise _bad(seat, _raised(found, error)) from None  # seat's error, one line
    if not _is_player(player):
        raise _bad(seat, _not_a_player(player))
    return player


def _not_a_player(found: Any) -> Said:
    missing = [m for m in PLAYER_METHODS if not callable(getattr(found, m, None))]
    return said("seat_not_player", name=type(found).__name__, missing=", ".join(missing))


def _raised(what: Any, error: BaseException) -> Said:
    name = what if isinstance(what, str) else getattr(what, "__name__", type(what).__name__)
    return _raised_by(name, error)


def _raised_by(name: str, error: BaseException) -> Said:
    """An exception of the user's code in a few words: its class and its message on one line."""
    message = " ".join(str(error).split())
    return said("seat_raised", what=name, error=type(error).__name__, message=cut(message, 120))


def _module(seat: str, where: str) -> ModuleType:
    if where.endswith(".py") or "/" in where or os.sep in where:
        return _from_file(seat, Path(where))
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())  # last: a user's file never hides a module of Python's
    try:
        return importlib.import_module(where)
    except ModuleNotFoundError as error:
        if error.name is not None and (where + ".").startswith(error.name + "."):
            raise _bad(seat, said("seat_no_module", name=quoted(where))) from None
        raise _bad(seat, _raised(where, error)) from None
    except STOPS:
        raise
    except BaseException as error:  # importing runs the user's code
        raise _bad(seat, said("seat_importing", raised=_raised(where, error))) from None


def _from_file(seat: str, path: Path) -> ModuleType:
    if not path.is_file():
        raise _bad(seat, said("seat_no_file", path=shown_path(path)))
    # One module name a file: loading the same file twice gives the same module.
    digest = hashlib.sha256(str(path.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    name = f"mazo_seat_{digest[:16]}"
    if name in sys.modules:
        return sys.modules[name]
    found = importlib.util.spec_from_file_location(name, path)
    if found is None or found.loader is None:
        raise _bad(seat, said("seat_not_python", path=shown_path(path)))
    module = importlib.util.module_from_spec(found)
    sys.modules[name] = module  # a dataclass in the file looks its module up while it runs
    try:
        found.loader.exec_module(module)
    except BaseException as error:
        del sys.modules[name]
        if isinstance(error, STOPS):
            raise
        raise _bad(seat, _raised_by(shown_path(path), error)) from None
    return module
