"""The `mazo` program's first lines: a signal to stop is answered before anything else loads.

Python's own start and `import typer` come before the command's handler (mazo.cli.main) is
set; a Ctrl-C in that time would end in a traceback. Nothing is written yet, so the answer is
the one line and the exit code the command gives later for the same signal.
"""

import gc
import os
import signal
import sys


def _stop_at_start(signum: int, frame: object) -> None:
    name = signal.Signals(signum).name
    said = "interrupted" if signum == signal.SIGINT else f"stopped ({name})"
    try:
        sys.stderr.write(f"mazo: {said}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # no stderr left to tell
        pass
    os._exit(128 + signum)  # as the shell reports a command a signal ended


def main() -> None:
    # What the start-up makes (modules, classes, the command tree) lives as long as the program:
    # the collector would scan it tens of times and free nothing. mazo.cli turns it on again,
    # and leaves all this out of its scans, once the command is set up to run.
    gc.disable()
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is not None:
            signal.signal(signum, _stop_at_start)
    from mazo.cli import main as run

    run()
