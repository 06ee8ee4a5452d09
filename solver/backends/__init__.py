"""The back ends that solve a hand: CP-SAT (cpsat.py) and the compiled exact search (search.py)."""

from enum import StrEnum


class Backend(StrEnum):
    """The back end asked for; its value is the word a user types (`--backend`)."""

    # The exact search where it applies (playing-size hands), CP-SAT for the rest.
    AUTO = "auto"
    CPSAT = "cpsat"
    SEARCH = "search"
