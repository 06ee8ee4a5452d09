"""The table on a terminal: the views redrawn at each decision, the rivals' moves told at a
pace a person can follow, the person's commands read line by line. Without a terminal (stdin
not a TTY) the same views are printed without pauses or colour, and the commands are read one a
line from stdin, so a whole game can be scripted; the end of the input saves and stops, as
`salir` does."""

from __future__ import annotations

import time
from typing import TextIO

from mazo.output import Lines
from mazo.play.commands import Command, Unread, action, read_command, shown
from mazo.play.tables import ready
from mazo.solver.errors import cut
from mazo.solver.game.person import Prompt, Refusal
from mazo.solver.game.session import Action, Quit, Session, Told, Undo
from mazo.views.play import WIDTH, Seats, drawn, hand, question, table
from mazo.views.play_answers import (
    help_lines,
    hint_lines,
    pozo_lines,
    refusal_line,
    rules_lines,
    unread_line,
)
from mazo.views.play_events import (
    event_lines,
    out_lines,
    points_line,
    round_cards,
    round_end,
)
from mazo.words import say

# Seconds a rival's move stays alone on a terminal before the next: time to read it.
PAUSE = 0.8


class Terminal:
    """The person's side of the session, on a terminal or on plain lines."""

    def __init__(
        self, session: Session, lang: str, stdin: TextIO, *, interactive: bool, fast: bool
    ):
        self.session = session
        self.spec = session.spec
        self.person = session.person
        self.lang = lang
        self.seats = Seats(session.setup.seats, lang)
        self.stdin = stdin
        # A person at a terminal: the question is the input's prompt, and the game paces itself.
        self.interactive = interactive
        self.pause = PAUSE if interactive and not fast else 0.0
        self.out = Lines()
        self.dealt_in = True  # the person plays this round (not out of the match)
        self.shown: Prompt | None = None  # the decision whose table is on the screen
        self.scored = 0  # the round whose hands were shown at the reenganche question
        # The commands typed at the rounds' ends, where the table waits for Enter: the next ones
        # read, in the order typed.
        self.ahead: list[str] = []
        # A move taken back: the table is drawn whole again, whatever the decision.
        self.undone = False

    # --- the client's three calls ---

    def ask(self, prompt: Prompt) -> Action:
        if prompt is not self.shown:  # asked again after a refusal: the table is still there
            # A game resumed between the draw and the discard opens with the whole table too.
            first, self.shown = self.shown is None, prompt
            self.out.show(self._table(prompt, whole=first))
        while True:
            line = self._next(question(prompt, self.spec, self.lang))
            if line is None:
                return Quit()
            found = read_command(line, self.spec)
            if isinstance(found, Unread):
                self._warn(unread_line(found, self.lang))
            elif isinstance(found, Command):
                answer = action(found)
                if answer is not None:
                    self.undone = isinstance(answer, Undo)
                    return answer
                self._answer(found, prompt)

    def refused(self, prompt: Prompt, why: Refusal) -> None:
        self.undone = False
        self._warn(refusal_line(why, prompt, self.spec, self.lang))

    def told(self, told: Told) -> Quit | None:
        line = told.line
        kind = line["event"]
        if kind == "deal":
            self.dealt_in = self.person in line["hands"]
        if kind == "undo":
            # Taken back: the round's end is told whole again (or its question shows it again).
            self.scored = 0
        if kind == "turn" and not self.dealt_in:
            return None  # out of the match: the bots' rounds are told by their ends
        if kind == "round_end":
            shown = self.scored == line["round"]
            lines = round_end(told, self.spec, self.seats, self.person, shown=shown)
        else:
            lines = event_lines(told, self.spec, self.seats, self.person)
        self.out.show(lines)
        self.out.flush()
        if kind == "turn" and line["player"] != self.person and self.pause:
            time.sleep(self.pause)
        if kind == "round_end" and self.pause and self.dealt_in:
            # Typed while the round ended rather than Enter: a command, kept for the next question.
            typed = self._read(say(self.lang, "play_continue"))
            if typed is None:  # the end of the input: saved and stopped, as anywhere
                return Quit()
            if typed.strip():
                self.ahead.append(typed)
        return None

    # --- the rest ---

    def _table(self, prompt: Prompt, *, whole: bool) -> list:
        """The whole table at the start of a turn (or when `whole`); after the draw, the hand
        with its card."""
        view = prompt.view
        if prompt.decision == "reenter":
            # Asked before the round's end is told: the person sees the round's hands first.
            self.scored = view.round
            shown = round_cards(prompt.cards, view.round, self.spec, self.seats, self.person)
            score = None if prompt.cards is None else prompt.cards.score
            if score is not None:
                shown += points_line(score.points(), self.seats)
            # Who is out, said before the question that asks to come back.
            return shown + out_lines(prompt.ending or {}, self.spec, self.seats, self.person)
        whole, self.undone = whole or self.undone, False
        if prompt.decision == "discard" and view.drawn is not None and not whole:
            return [drawn(prompt, self.spec, self.lang), *hand(prompt, self.spec, self.lang)]
        return table(prompt, self.spec, self.seats, note=drawn(prompt, self.spec, self.lang))

    def _answer(self, command: Command, prompt: Prompt) -> None:
        """A command the table answers itself: a hint, the pozo, the rules, the help."""
        if command.name == "hint":
            ready(self.spec, self.lang)
            found = self.session.hint(prompt)
            lines = hint_lines(found, prompt, self.spec, self.lang)
        elif command.name == "pozo":
            lines = pozo_lines(prompt, self.spec, self.seats)
        elif command.name == "rules":
            lines = rules_lines(self.spec, self.lang)
        else:
            lines = help_lines(self.spec, self.lang)
        self.out.show(lines)

    def _warn(self, message: str) -> None:
        self.out.print((message, "yellow"))

    def _next(self, asked: str) -> str | None:
        """The person's next command: the first typed ahead, shown after the question, or one
        read now."""
        if not self.ahead:
            return self._read(asked)
        line = self.ahead.pop(0)
        self.out.print(f"{asked} {line.strip()}")
        return line

    def _read(self, asked: str) -> str | None:
        """A line of the person's (None at the end of the input)."""
        self.out.flush()
        if self.interactive:
            try:
                return input(asked + " ")
            except EOFError:
                self.out.print()  # Ctrl-D leaves the cursor on the question's line
                return None
        self.out.print((asked, "bold"))
        line = self.stdin.readline()
        if not line:
            return None
        # The command read, shown where a person would have typed it: a script reads as a game.
        self.out.print(("> " + cut(shown(line.strip()), WIDTH - 2), "dim"))
        return line
