"""Stop signals (Ctrl-C, SIGTERM, a closed terminal's SIGHUP) held while a short piece of work
must not be cut in two."""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


class Stop(BaseException):
    """A stop, raised where the program is: a stop signal (the command line's handler raises
    one), or a person at the table leaving the game. A user's code that was running then did
    not fail."""


# What stops the program, never a failure of a user's code that was running: anything else it
# raises, sys.exit() too, is its failure.
STOPS = (KeyboardInterrupt, Stop)


@contextlib.contextmanager
def signals_held() -> Iterator[list[int]]:
    """A stop signal that comes inside the block is answered once the block is done, by the
    handler that was in place (which may raise where the block ends). The list yielded holds
    the signals received meanwhile, so a wait inside can end early.

    The handlers are swapped, not the signal mask: Python runs its handlers in the main thread
    whichever thread the signal reached, so a mask on the main thread alone would hold nothing
    while another thread (a process pool's) runs. Only the main thread is ever interrupted:
    elsewhere the block runs as it is."""
    held: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    stopping = [getattr(signal, name) for name in STOP_SIGNALS if hasattr(signal, name)]
    previous = {signum: signal.signal(signum, lambda n, _: held.append(n)) for signum in stopping}
    try:
        yield held
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if held:
            _deliver(held[0], previous[held[0]])


def _deliver(signum: int, handler: Any) -> None:
    if callable(handler):
        handler(signum, sys._getframe(1))
    elif handler == signal.SIG_DFL:
        signal.raise_signal(signum)
