"""Shell completion's candidates (`mazo --install-completion`): game names and aliases, a game's
puzzle kinds and house rules, the languages, and fixed option values. A parameter without
candidates (a file) is left to the shell, which completes paths.

Each function runs only when the shell asks for candidates, and imports what it reads then: a
plain `mazo solve` builds its command without loading a spec for them.
"""

from __future__ import annotations

from collections.abc import Callable

import typer

# An integer option's values are offered one by one up to this many.
MOST_LISTED = 20


def games(incomplete: str) -> list[str]:
    from mazo.solver.spec.load import game_names

    return [
        name
        for game, aliases in game_names().items()
        for name in (game, *aliases)
        if name.startswith(incomplete)
    ]


def kinds(ctx: typer.Context, incomplete: str) -> list[str]:
    spec = _spec(ctx)
    # `all`: every kind on one sheet.
    return [k for k in (*spec.puzzle_kinds, "all") if k.startswith(incomplete)] if spec else []


def variants(ctx: typer.Context, incomplete: str) -> list[str]:
    """`KEY=` for each house rule; once a key is typed, `KEY=VALUE` for each of its values."""
    spec = _spec(ctx)
    if spec is None:
        return []
    key, sep, _ = incomplete.partition("=")
    if not sep:
        return [f"{o.name}=" for o in spec.options if o.name.startswith(incomplete)]
    from mazo.solver.spec.options import show

    option = next((o for o in spec.options if o.name == key.replace("-", "_")), None)
    if option is None:
        return []
    candidates = [f"{key}={show(value)}" for value in _values(option)]
    return [c for c in candidates if c.startswith(incomplete)]


def _values(option) -> list:
    if option.choices is not None:
        return list(option.choices)
    if option.kind == "bool":
        return [True, False]
    low, high = option.minimum, option.maximum
    if option.kind == "int" and low is not None and high is not None and high - low < MOST_LISTED:
        return list(range(low, high + 1))
    return []


def _spec(ctx: typer.Context):
    """The rules of the game already typed on the line (None without a game, or a wrong one)."""
    from mazo.solver.errors import MazoError
    from mazo.solver.spec.load import load_spec

    # An option still waiting for its value stops click's parse of the line: the game typed
    # before it is then left among the words not read.
    unread = (word for word in ctx.args if not word.startswith("-"))
    game = ctx.params.get("game") or next(unread, None)
    if not game:
        return None
    try:
        return load_spec(game)
    except MazoError:
        return None


def listed(module: str, name: str) -> Callable[[str], list[str]]:
    """The candidates of an option whose values a library module lists, imported only when the
    shell asks (a plain command may never load that module)."""

    def complete(incomplete: str) -> list[str]:
        import importlib

        values = getattr(importlib.import_module(module), name)
        return [str(v) for v in values if str(v).startswith(incomplete)]

    return complete


def choices(*values: str) -> Callable[[str], list[str]]:
    """The candidates of an option that takes one of a few fixed words."""

    def complete(incomplete: str) -> list[str]:
        return [v for v in values if v.startswith(incomplete)]

    return complete
