"""`mazo play --json`: the game as a protocol for other programs (a GUI, a chat bot, a web page),
as chess engines speak UCI. Every line on stdout is one JSON object:

- at each of the person's decisions, `{"event": "prompt", "id": the decision's number,
  "decision": "draw" | "discard" | "reenter", "view": {the View's fields}, "can_cut": [cards
  whose discard cuts now]}`;
- everything that happens, a line in the record's format as the person sees it (the deal with
  their own hand only and the stock's count, a rival's draw from the stock without its card);
  a resumed game starts with its game line and the deal of the round under way, as a new one;
- after `undo` (a training game), the record's undo line, `{"event": "undo", "round",
  "player", "decision", "answer"}`: the decision taken back and the answer it had; the prompt
  of that decision follows;
  at a round's end that asks the reenganche question, its `round_end` comes before the prompt,
  as it stands then (no one back yet), and after the answers `{"event": "reentered", "round",
  "reentered", "totals"}`;
- while an odds table is built (a minute or two, once per rules set), `{"event": "wait",
  "reason": "odds_table", "message": ...}` first;
- an answer that cannot be given now, `{"event": "error", "reason": ..., "message": ...}`, and
  the same prompt again;
- `hint` answers with the record's hint line, `pozo` with `{"event": "pozo", "discards", "pozo"}`,
  `rules` with `{"event": "rules", "game", "options"}`, `help` with `{"event": "help",
  "commands"}`; each followed by the prompt again.

The answers on stdin are the commands a person types. JSON never changes with the language: the
messages are English.
"""

from __future__ import annotations

from typing import Any, TextIO

from mazo.output import print_json
from mazo.play.commands import WORDS, Command, Unread, action, read_command
from mazo.play.tables import ready
from mazo.solver.game.person import Prompt, Refusal
from mazo.solver.game.session import Action, Quit, Session, Told
from mazo.views.play_answers import refusal_line, unread_line

LANG = "en"
# What the round's end adds once the players out have answered the reenganche question.
REENTERED = ("round", "reentered", "totals")


class Protocol:
    """The person's side of the session, as JSON lines."""

    def __init__(self, session: Session, stdin: TextIO):
        self.session = session
        self.spec = session.spec
        self.stdin = stdin
        self.ended = 0  # the last round whose end was told before its reenganche question
        # A resumed game's stream starts as a new one's does: the game line, the deal.
        self.opening = session.joined()

    def _open(self) -> None:
        for line in self.opening:
            print_json(line)
        self.opening = []

    def ask(self, prompt: Prompt) -> Action:
        self._open()
        if prompt.ending is not None and self.ended != prompt.view.round:
            self.ended = prompt.view.round
            print_json(prompt.ending)
        print_json(prompt.to_dict())
        while True:
            line = self.stdin.readline()
            if not line:
                return Quit()
            # A blank answer is answered too: a program waits for one reply to each line.
            found = read_command(line, self.spec) or Unread("empty", "")
            if isinstance(found, Unread):
                print_json(_error(found.why, unread_line(found, LANG)))
            else:
                answer = action(found)
                if answer is not None:
                    return answer
                print_json(self._answer(found, prompt))
            print_json(prompt.to_dict())

    def refused(self, prompt: Prompt, why: Refusal) -> None:
        print_json(_error(why.reason, refusal_line(why, prompt, self.spec, LANG)))

    def told(self, told: Told) -> None:
        self._open()
        line = told.line
        if line["event"] == "undo" and line["decision"] != "reenter":
            # Taken back to a turn: the round's end comes again, whole, when it is played.
            self.ended = 0
        if line["event"] == "round_end" and line["round"] == self.ended:
            print_json({"event": "reentered", **{k: line[k] for k in REENTERED}})
        else:
            print_json(line)

    def _answer(self, command: Command, prompt: Prompt) -> dict[str, Any]:
        view = prompt.view
        if command.name == "hint":
            ready(self.spec, LANG, waiting=wait)
            return self.session.hint(prompt).line(view.round, self.session.person)
        if command.name == "pozo":
            return {"event": "pozo", "discards": view.discards, "pozo": view.pozo}
        if command.name == "rules":
            return {"event": "rules", "game": self.spec.game, "options": dict(self.spec.chosen)}
        return {"event": "help", "commands": {name: list(words) for name, words in WORDS.items()}}


def wait(message: str) -> None:
    """The line that says why nothing comes for a while: an odds table being built."""
    print_json({"event": "wait", "reason": "odds_table", "message": message})


def _error(reason: str, message: str) -> dict[str, Any]:
    return {"event": "error", "reason": reason, "message": message}
