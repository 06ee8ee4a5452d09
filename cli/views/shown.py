"""The view of each result, registered by the result's type: a view module decorates its view
with `@shows(ResultType)`, and a command looks the view up by `type(result)` (a subclass's
result shown by its base's view unless it has its own). A score sheet's result also names its
planilla's writer by dotted path, imported only when a PDF is asked for.

A mechanism's own views are the `views` module of its package; a command that shows its
results imports that module first (`shown_by`).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from mazo.output import View
    from mazo.solver.mechanisms.base import Mechanism

V = TypeVar("V", bound=Callable[..., "View"])

# Each command calls its results' views alike: `mazo solve`'s take the answer, its spec, the
# language and what goes beside a ranking; `mazo score`'s the count and the language; `mazo
# match`'s the result, its spec, the language, the PDF written and the sheet's title.
VIEWS: dict[type, Callable[..., View]] = {}
PLANILLAS: dict[type, str] = {}


def shows(result_type: type) -> Callable[[V], V]:
    """Register the decorated function as the view of `result_type`."""

    def register(view: V) -> V:
        VIEWS[result_type] = view
        return view

    return register


def planilla(result_type: type, writer: str) -> None:
    """Register `writer`, a function by dotted path (`module.function`), as the planilla of
    `result_type`."""
    PLANILLAS[result_type] = writer


def planilla_of(result: Any) -> Callable[..., None]:
    """The planilla's writer registered for the result's type, imported now (the page code
    loads only when a PDF is asked for)."""
    module, _, name = PLANILLAS[type(result)].rpartition(".")
    return getattr(import_module(module), name)


def shown_by(mechanism: Mechanism[Any]) -> None:
    """Import the mechanism's own views, which register themselves."""
    mechanism.own("views")


def view_of(result: Any) -> Callable[..., View]:
    """The view registered for the result's type, or for the nearest of its bases."""
    return next(VIEWS[cls] for cls in type(result).__mro__ if cls in VIEWS)
