"""The view of each answer of `mazo solve`, registered by the answer's type: a view module
decorates its view with `@shows(ResultType)`, and the command looks the view up by
`type(result)` (a subclass's answer shown by its base's view unless it has its own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from mazo.output import View
    from mazo.solver.play.beside import Beside
    from mazo.solver.spec.load import RuleSpec

# A view: the answer, its spec, the language, and what goes beside a ranking (or None).
SolveView = Callable[[Any, "RuleSpec", str, "Beside | None"], "View"]
V = TypeVar("V", bound=SolveView)

VIEWS: dict[type, SolveView] = {}


def shows(result_type: type) -> Callable[[V], V]:
    """Register the decorated function as the view of `result_type`."""

    def register(view: V) -> V:
        VIEWS[result_type] = view
        return view

    return register


def view_of(result: Any) -> SolveView:
    """The view registered for the answer's type, or for the nearest of its bases."""
    return next(VIEWS[cls] for cls in type(result).__mro__ if cls in VIEWS)
