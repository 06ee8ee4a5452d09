"""A progress bar on stderr for a command that may take a while: shown once the work has taken
a second, on a terminal only (elsewhere rich leaves a blank line it cannot take away)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from mazo.output import console

PROGRESS_AFTER_SECONDS = 1.0


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A callback taking the count done so far; the bar (with `total`, or a count of unknown
    end when None) appears past PROGRESS_AFTER_SECONDS and goes when the work ends."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    started = time.monotonic()
    bar: dict[str, Any] = {}
    errors = console(stderr=True)

    def progress(done: int) -> None:
        if not errors.is_terminal:
            return
        if "bar" not in bar and time.monotonic() - started > PROGRESS_AFTER_SECONDS:
            shown = Progress(
                TextColumn(label),
                BarColumn(),
                MofNCompleteColumn(),
                console=errors,
                transient=True,
            )
            shown.start()
            bar["bar"], bar["task"] = shown, shown.add_task(label, total=total)
        if "bar" in bar:
            bar["bar"].update(bar["task"], completed=done)

    try:
        yield progress
    finally:
        if "bar" in bar:
            bar["bar"].stop()
