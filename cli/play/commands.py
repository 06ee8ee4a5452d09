"""The commands a person types at the table, in Spanish or English whatever the views speak.

`draw`/`robar` (`r`), `take`/`levantar` (`l`), `pass`/`paso`, `discard 12b`/`tirar 12b`
(`t 12b`, or the card alone), `cut 12b`/`cortar 12b` (or the game's own verb: `cerrar`, `knock`,
`llamar`), `yes`/`sí`/`si` (`s`, `y`), `no` (`n`), `hint`/`pista`, `pozo`, `rules`/`reglas`,
`undo`/`deshacer`, `quit`/`salir`, `help`/`ayuda`/`?`. A line is read whole: one command, and a
card where it takes one.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from typing import TextIO

from mazo.solver.errors import MazoError, printable
from mazo.solver.game.person import Answer
from mazo.solver.game.session import Action, Quit, Undo
from mazo.solver.game.view import Play
from mazo.solver.spec.rulespec import RuleSpec

# Each command by its words, accents and case aside.
WORDS: dict[str, tuple[str, ...]] = {
    "draw": ("draw", "robar", "robo", "r"),
    "take": ("take", "levantar", "levanto", "l"),
    "pass": ("pass", "paso", "pasar"),
    "discard": ("discard", "tirar", "tiro", "t"),
    "cut": ("cut", "cortar", "corto"),
    "yes": ("yes", "si", "s", "y"),
    "no": ("no", "n"),
    "hint": ("hint", "pista"),
    "pozo": ("pozo", "discards"),
    "rules": ("rules", "reglas"),
    "undo": ("undo", "deshacer"),
    "quit": ("quit", "salir"),
    "help": ("help", "ayuda", "?"),
}
# The commands that take a card: one the discard always, the cut unless it needs none.
WITH_CARD = ("discard", "cut")
# The answers to the game, as the session takes them; the rest are answered by the client.
ANSWERS: dict[str, Answer] = {
    "draw": "stock",
    "take": "pozo",
    "pass": "pass",
    "yes": True,
    "no": False,
}


@dataclass(frozen=True, slots=True)
class Command:
    name: str  # a key of WORDS
    card: str | None = None  # the card named, as the deck writes it


@dataclass(frozen=True, slots=True)
class Unread:
    """A line that is no command: why (`unknown`, `needs_card`, `not_a_card`, `too_many`,
    `unreadable`), and the word it stopped at."""

    why: str
    word: str


def _bare(word: str) -> str:
    """A word without case or accents: `Sí` is `si`."""
    folded = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in folded if not unicodedata.combining(c))


def read_command(line: str, spec: RuleSpec) -> Command | Unread | None:
    """The command on a line (None: a blank line); a line with bytes the input's encoding
    cannot read (kept as lone surrogates, see `readable_input`) is no command."""
    if unreadable(line):
        return Unread("unreadable", "")
    words = line.split()
    if not words:
        return None
    name = _name(words[0], spec)
    if name is None:
        # A card alone is its discard.
        card = _card(words[0], spec)
        if card is None or len(words) > 1:
            return Unread("unknown", words[0])
        return Command("discard", card)
    rest = words[1:]
    if name not in WITH_CARD:
        return Unread("too_many", " ".join(words)) if rest else Command(name)
    if len(rest) > 1:
        return Unread("too_many", " ".join(words))
    if not rest:
        return Command(name) if name == "cut" else Unread("needs_card", words[0])
    card = _card(rest[0], spec)
    return Unread("not_a_card", rest[0]) if card is None else Command(name, card)


def readable_input(stdin: TextIO) -> None:
    """Standard input read so that bytes its encoding cannot read (a ★ typed where the input
    is ASCII) come as lone surrogates in their line, never as an error: the line is refused as
    no command, and the lines before it, read in the same block, are kept."""
    if isinstance(stdin, io.TextIOWrapper):
        stdin.reconfigure(errors="surrogateescape")


def unreadable(line: str) -> bool:
    return any("\udc80" <= char <= "\udcff" for char in line)


def shown(line: str) -> str:
    """A line as it can be echoed: each byte that could not be read as a `?`, each control
    character (an escape sequence's, a bell) as its escape, never sent to the terminal."""
    return printable("".join("?" if unreadable(char) else char for char in line))


def _name(word: str, spec: RuleSpec) -> str | None:
    bare = _bare(word)
    if bare in (_bare(verb) for verb in spec.cut.names.values()):
        return "cut"
    return next((name for name, said in WORDS.items() if bare in said), None)


def _card(word: str, spec: RuleSpec) -> str | None:
    try:
        return spec.deck.code(spec.deck.parse_card(word))
    except MazoError:
        return None


def action(command: Command) -> Action | None:
    """The command as an answer to the game; None for those the client answers itself."""
    if command.name in ANSWERS:
        return ANSWERS[command.name]
    if command.name in WITH_CARD:
        return Play(command.card, command.name == "cut")
    if command.name == "undo":
        return Undo()
    if command.name == "quit":
        return Quit()
    return None
