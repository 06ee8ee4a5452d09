"""A progress bar on stderr for a command that may take a while: shown once the work has taken
a second, on a terminal only (elsewhere rich leaves a blank line it cannot take away)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from mazo.output import console

if TYPE_CHECKING:  # a hint only: the bar itself loads no spec code
    from mazo.solver.spec.rulespec import RuleSpec

PROGRESS_AFTER_SECONDS = 1.0


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A callback taking the count done so far; the bar (with `total`, or a count of unknown
    end when None) appears past PROGRESS_AFTER_SECONDS and goes when the work ends."""
    started = time.monotonic()
    bar: dict[str, Any] = {}

    def progress(done: int) -> None:
        if "shown" not in bar:
            # rich loads only once the work has taken a while: quick work never pays for it.
            if time.monotonic() - started <= PROGRESS_AFTER_SECONDS:
                return
            bar["shown"] = _started(label, total)
        if bar["shown"] is not None:
            shown, task = bar["shown"]
            shown.update(task, completed=done)

    try:
        yield progress
    finally:
        if bar.get("shown") is not None:
            bar["shown"][0].stop()


def _started(label: str, total: int | None, *extra: Any) -> tuple[Any, Any] | None:
    """A bar on stderr and its task, started, with any `extra` columns after the count; None
    off a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    errors = console(stderr=True)
    if not errors.is_terminal:
        return None
    shown = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        *extra,
        console=errors,
        transient=True,
    )
    shown.start()
    return shown, shown.add_task(label, total=total, rate="")


@contextmanager
def rate_bar(
    label: str, total: int, rate: Callable[[float], str]
) -> Iterator[Callable[[int, int], None]]:
    """As `progress_bar`, with beside the count a rate: the callback takes the count done and
    a count of other units (rounds played), shown per second as `rate` words it."""
    started = time.monotonic()
    bar: dict[str, Any] = {}

    def progress(done: int, units: int) -> None:
        elapsed = time.monotonic() - started
        if "shown" not in bar:
            if elapsed <= PROGRESS_AFTER_SECONDS:
                return
            from rich.progress import TextColumn

            bar["shown"] = _started(label, total, TextColumn("{task.fields[rate]}"))
        if bar["shown"] is not None:
            shown, task = bar["shown"]
            shown.update(task, completed=done, rate=rate(units / elapsed))

    try:
        yield progress
    finally:
        if bar.get("shown") is not None:
            bar["shown"][0].stop()


class OddsTableBar:
    """While an odds table is built (`mazo odds`, the fastest-discard sheets): on a terminal, a
    rich progress bar on stderr (what, which stage, how far); elsewhere, what is built, said
    once on stderr as each build starts (or as the call waits for another's build)."""

    def __init__(self, text: str, lang: str, *, terminal: bool):
        self.text = text
        self.lang = lang
        self.terminal = terminal
        self.progress: Any = None
        self.task: Any = None

    def __call__(self, stage: str, done: float) -> None:
        from mazo.words import say

        if not self.terminal:
            if stage == "closes":  # a build's first stage
                print(self.text, file=sys.stderr, flush=True)
            elif stage == "waiting":  # for another call's build of the same table
                waiting = say(self.lang, "odds_stage_waiting")
                print(f"{self.text}: {waiting}", file=sys.stderr, flush=True)
            return
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        if self.progress is None:
            # what is built, said once above the bar: on the bar's line it would leave a narrow
            # terminal no room for the bar
            errors = Console(stderr=True)
            errors.print(self.text, highlight=False)
            self.progress = Progress(
                TextColumn("{task.fields[stage]:<8}"),  # the stages' longest: the bar holds still
                BarColumn(),
                TimeRemainingColumn(),
                console=errors,
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task(self.text, total=1.0, stage="")
        shown = say(self.lang, f"odds_stage_{stage}")
        self.progress.update(self.task, stage=shown, completed=done)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


@contextmanager
def odds_table_bar(spec: RuleSpec, lang: str, *, beside: bool = False) -> Iterator[OddsTableBar]:
    """The bar to hand a table build, saying that the table is built once per rules set (with
    `beside`, that it is the game's own rules' table, drawn beside the rules in force); it goes
    when the block ends."""
    from mazo.views.odds import building

    bar = OddsTableBar(building(spec, lang, beside=beside), lang, terminal=sys.stderr.isatty())
    try:
        yield bar
    finally:
        bar.close()
