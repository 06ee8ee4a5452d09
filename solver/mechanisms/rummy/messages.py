"""The rummy mechanism's own error messages, in each language: keys namespaced `rummy.`, said
by `mazo.solver.messages`."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # messages
        "rummy.scoring": "rummy",
    },
    "es": {
        # messages
        "rummy.scoring": "una mano de rummy",
    },
}
