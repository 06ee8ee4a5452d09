"""Sample sizes: small by default, the long soaks with MAZO_SOAK.

The default run checks every solver against its reference on a sample that keeps the suite to
minutes. MAZO_SOAK=1 runs the soak sizes the README quotes; MAZO_SOAK=N runs N times as many.
"""

from __future__ import annotations

import os

_RAW = os.environ.get("MAZO_SOAK", "").strip()
try:
    SOAK = float(_RAW) if _RAW else 0.0
except ValueError:
    raise ValueError(f"MAZO_SOAK is a number (1: the README's soak sizes), got {_RAW!r}") from None


def size(quick: int, soak: int) -> int:
    """The sample for this run: `quick` by default, `soak` (times MAZO_SOAK) in a soak."""
    return max(1, round(soak * SOAK)) if SOAK > 0 else quick
