"""Scripted games for the `mazo play` tests: a novice plays the person's seat through the game
session, and each of its answers is written down as the command a person would type; the
session's record is the game those commands must give again through `mazo play`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mazo.solver.game.bots import Novice
from mazo.solver.game.person import Prompt
from mazo.solver.game.session import Quit, Session, Told, new_setup
from mazo.solver.game.view import Play
from mazo.solver.spec.rulespec import RuleSpec

DRAWS = {"stock": "r", "pozo": "l", "pass": "paso"}


def typed(answer) -> str:
    """An answer as the command that gives it."""
    if isinstance(answer, Play):
        return f"{'cortar' if answer.cut else 't'} {answer.card or ''}".strip()
    if isinstance(answer, bool):
        return "si" if answer else "no"
    return DRAWS[answer]


@dataclass
class Typist:
    """A novice at the person's seat, noting what it types and where: the command's index at
    each prompt, and the events told; it stops at the first prompt after `until` holds."""

    spec: RuleSpec
    until: Callable[[dict], bool] | None = None
    commands: list[str] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)
    events: list[dict] = field(default_factory=list)
    stop: bool = False
    # Answers given first, in place of the novice's.
    first: list = field(default_factory=list)
    answers: list = field(default_factory=list)

    def __post_init__(self):
        self.bot = Novice(self.spec, 99)

    def ask(self, prompt: Prompt):
        if self.stop:
            return Quit()
        self.prompts.append(prompt)
        view = prompt.view
        decision = prompt.decision
        answer = self.first.pop(0) if self.first else getattr(self.bot, decision)(view)
        self.answers.append(answer)
        self.commands.append(typed(answer))
        return answer

    def refused(self, prompt, why):
        raise AssertionError(f"a novice's answer was refused: {why}")

    def told(self, told: Told) -> None:
        self.events.append(told.line)
        if self.until is not None and self.until(told.line):
            self.stop = True


def script(
    spec: RuleSpec,
    seed: int,
    levels: list[str],
    path: Path,
    until: Callable[[dict], bool] | None = None,
    name: str = "Vos",
    first: list | None = None,
) -> Typist:
    """Play the game (up to the first prompt after `until`) and record it at `path`; the
    person's first answers `first`, if given."""
    typist = Typist(spec, until, first=list(first or []))
    Session(new_setup(spec, levels, name, seed), path).play(typist)
    return typist
