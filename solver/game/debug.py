"""Debug runs: `MAZO_DEBUG=1` in the environment (read once, when this module is imported; the
test suite sets it) turns on the checks that prove mazo's own engine rather than the players:
every card in exactly one place after every step (`Table.check`), and the bots' checks of the
views the engine builds, which a production run trusts (`TableView`)."""

from __future__ import annotations

import os

DEBUG = os.environ.get("MAZO_DEBUG") == "1"
