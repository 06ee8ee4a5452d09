"""The levels by id: their classes, and their names in each language."""

from __future__ import annotations

from collections.abc import Callable

from mazo.solver.errors import OptionError, quoted
from mazo.solver.game.bots.expert import Expert
from mazo.solver.game.bots.fastest import Fastest
from mazo.solver.game.bots.greedy import Greedy
from mazo.solver.game.bots.novice import Novice
from mazo.solver.game.engine import playable
from mazo.solver.game.view import Player
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import word

# Weakest first. The ids are the JSON's (a record's "seats"); the words are the views'.
CLASSES: dict[str, type[Novice | Greedy | Fastest | Expert]] = {
    "novice": Novice,
    "greedy": Greedy,
    "fastest": Fastest,
    "expert": Expert,
}
LEVELS: tuple[str, ...] = tuple(CLASSES)

LEVEL_WORDS = {
    "en": {"novice": "novice", "greedy": "greedy", "fastest": "fastest", "expert": "expert"},
    "es": {"novice": "novato", "greedy": "codicioso", "fastest": "rápido", "expert": "experto"},
}
# A level may be asked for by its Spanish name too (and without its accent).
_ALIASES = {
    **{name: level for level, name in LEVEL_WORDS["es"].items()},
    "rapido": "fastest",
}


def level_name(level: str, lang: str) -> str:
    """A level's name in the language of the views."""
    return word(LEVEL_WORDS, lang, level)


def level_id(text: str) -> str | None:
    """The level a name stands for (its id or its Spanish name, any case); None if none."""
    key = text.strip().lower()
    return key if key in CLASSES else _ALIASES.get(key)


def levels_said() -> Callable[[str], str]:
    """The levels as a person types them in each language: Spanish takes its names too."""
    return lambda lang: ", ".join(level_name(level, lang) for level in LEVELS)


def make_level(spec: RuleSpec, level: str, seed: int = 0) -> Player:
    """A bot of this level playing these rules; `seed` breaks its ties."""
    found = level_id(level) if isinstance(level, str) else None
    if found is None:
        raise OptionError.of("play_unknown_level", level=quoted(level), levels=levels_said())
    if type(seed) is not int:
        raise OptionError.of("whole_number", what="seed", value=quoted(seed))
    playable(spec)  # a game whose engine is not written has no bots either
    return CLASSES[found](spec, seed)
