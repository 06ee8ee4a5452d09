"""A person's game against mazo's bots: the engine's game with one seat played by a person.

The engine is synchronous: it calls each seat's player for every decision, and the person's
player asks a client (the terminal, the JSON protocol, a test's script) inside that call. A game
is a function of its rules, its seats, its seed and the person's answers, since the bots are
deterministic given their seed and their views. So the record is written after every move, and
resuming a record or taking a move back both play the game again from its start: the person's
answers are read back from the record, every event is checked against the record's, and where
the record ends the game goes on live. A record whose events the game does not give again is
damaged, and is left as it is.

The record is the engine's (format 1) with three kinds of notes beside the events: `hint` (a
hint asked for), `undo` (a move taken back, in a game whose line says `"training": true`) and
`pending` (the person's draw of a turn not finished, the record's last line while it lasts).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from mazo.solver.cells import cell_width
from mazo.solver.errors import OptionError, quoted
from mazo.solver.game.bots import LEVELS, make_level
from mazo.solver.game.bots.levels import level_id, levels_said
from mazo.solver.game.engine import Game, Outcome, Seat
from mazo.solver.game.hint import Hint, hint
from mazo.solver.game.match import Elimination, Target
from mazo.solver.game.person import Answer, Prompt, Refusal, as_json, normal, prompt_for, refusal
from mazo.solver.game.public import RoundCards, Watch, public
from mazo.solver.game.record import GameEnd, Record, RecordError, write_record
from mazo.solver.game.view import Asked, Play, Player, View
from mazo.solver.match.elimination import MatchResult
from mazo.solver.match.target import GameResult
from mazo.solver.messages import Said, said
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.stopping import Stop

Event = dict[str, Any]

# The person's seat in a record's "seats" (a bot's seat holds its level).
HUMAN = "human"
# The bots' names at the table, in seat order (one the person took is skipped).
BOT_NAMES = ("Beto", "Caro", "Dani", "Eli")
# The rivals a person may sit with: as a table of four plays Conga and Chinchón.
MAX_RIVALS = 3
# The widest name at the table, in a terminal's columns: the table's lines (the totals, the
# points) fit 80 columns.
NAME_AT_MOST = 20


def bot(spec: RuleSpec, level: str, seed: int) -> Player:
    """The one place a level becomes its player."""
    return make_level(spec, level, seed)


def bot_seed(seed: int, seat: int) -> int:
    """A bot's own seed, from the game's and its seat: the same game gets the same bots."""
    return seed * 16 + seat


@dataclass(frozen=True, slots=True)
class Setup:
    """Who sits where: the players in seat order (the first is the first round's mano), each
    with its level, the person's `HUMAN`; the rules, the rules file named, and the seed."""

    spec: RuleSpec
    players: tuple[str, ...]
    seats: dict[str, str]
    seed: int
    rules_file: str | None = None

    @property
    def person(self) -> str:
        return next(name for name in self.players if self.seats[name] == HUMAN)


def new_setup(
    spec: RuleSpec, levels: Sequence[str], person: str, seed: int, rules_file: str | None = None
) -> Setup:
    """The person first, then a bot of each level (an id or its Spanish name), named from
    BOT_NAMES; the seats hold the levels' ids."""
    name = person.strip()
    if not name or not name.isprintable():
        raise OptionError.of("play_name_shown", name=quoted(person), option="name")
    if cell_width(name) > NAME_AT_MOST:
        raise OptionError.of(
            "play_name_long",
            most=NAME_AT_MOST,
            width=cell_width(name),
            name=quoted(name),
            option="name",
        )
    most = min(MAX_RIVALS, spec.match.max_players - 1)
    if not 1 <= len(levels) <= most:
        key = "play_seats_one" if most == 1 else "play_seats_some"
        raise OptionError.of(key, game=spec.title["en"], most=most, n=len(levels), option="seats")
    ids = [level_id(level) for level in levels]
    for level, found in zip(levels, ids, strict=True):
        if found is None:
            raise OptionError.of(
                "play_unknown_level", level=quoted(level), levels=levels_said(), option="seats"
            )
    names = [n for n in BOT_NAMES if n.casefold() != name.casefold()][: len(levels)]
    seats = {name: HUMAN, **{n: str(level) for n, level in zip(names, ids, strict=True)}}
    return Setup(spec, (name, *names), seats, seed, rules_file)


def setup_of(record: Record) -> Setup:
    """The seats of a record `mazo play` wrote: one person, bots of known levels."""
    game = record.game
    seats = {name: game.seats.get(name) for name in game.players}
    people = [name for name, level in seats.items() if level == HUMAN]
    if len(people) != 1 or any(v != HUMAN and v not in LEVELS for v in seats.values()):
        raise RecordError.at(
            "resume_seats",
            seats=quoted(game.seats),
            human=quoted(HUMAN),
            levels=", ".join(LEVELS),
            file=record.path,
            line=game.line,
        )
    if not isinstance(game.seed, int) or isinstance(game.seed, bool):
        raise RecordError.at(
            "resume_seed", seed=quoted(game.seed), file=record.path, line=game.line
        )
    levels = {name: str(level) for name, level in seats.items()}
    return Setup(record.spec, game.players, levels, game.seed, game.rules_file)


@dataclass(frozen=True, slots=True)
class Undo:
    """The client's answer that takes the person's last decision back."""


@dataclass(frozen=True, slots=True)
class Quit:
    """The client's answer that stops the game here (it is saved)."""


Action = Answer | Undo | Quit


@dataclass(frozen=True, slots=True)
class Told:
    """An event as the person sees it, with what the table shows beside it."""

    line: Event  # the event in the record's format, its hidden cards left out (`public`)
    # At a round's end: every hand as it ended, to be shown and scored (`RoundCards.score`).
    cards: RoundCards | None = None
    # At a round's end and the game's: the match so far.
    match: MatchResult | GameResult | None = None


class Client(Protocol):
    """What asks the person and shows them the game: the terminal, the JSON protocol, a test."""

    def ask(self, prompt: Prompt) -> Action: ...

    def refused(self, prompt: Prompt, why: Refusal) -> None: ...

    def told(self, told: Told) -> Quit | None:
        """Show what happened; a `Quit` stops the game there (it is saved), as at a prompt."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One answer of the person, and where it was asked: after how many of the game's events
    (the game line counted), in which round."""

    kind: Asked
    answer: Answer
    after: int
    round: int


@dataclass(frozen=True, slots=True)
class Ending:
    """How the session ended: the game finished (its winners and why) or stopped to be
    resumed; the match as far as it went."""

    finished: bool
    winners: tuple[str, ...]
    reason: str
    match: MatchResult | GameResult


class _Halt(Stop):
    """Leaves the engine's game from inside a player's call: a stop, which the engine lets go
    up, where anything else a player raises is its forfeit."""


class _Quit(_Halt):
    pass


class _Rewind(_Halt):
    pass


class _Failed(_Halt):
    """The person's side failed (their input, the screen, a client's bug): no move of theirs,
    so never their forfeit; the error leaves the game as it is."""

    def __init__(self, error: BaseException):
        super().__init__(str(error))
        self.error = error


class _Damaged(_Halt):
    """The record holds what the game does not give again: at which event, and how (said in
    any language)."""

    def __init__(self, at: int, message: Said):
        super().__init__(message("en"))
        self.at, self.message = at, message


Writer = Callable[[str | Path, list[Event]], object]


class Session:
    """One game of the person's, from its start or from its record, to its end or a stop."""

    def __init__(
        self,
        setup: Setup,
        path: str | Path,
        *,
        training: bool = False,
        record: Record | None = None,
        write: Writer = write_record,
    ):
        self.setup = setup
        self.spec = setup.spec
        self.person = setup.person
        self.client: Client | None = None
        self.path = path
        self.write = write
        self.training = training
        # The game's events so far (the game line first), and where the record had each.
        self.events: list[Event] = []
        self.lines: list[int] = []
        self.source = ""
        # The notes (hint, undo), each after the number of events written before it.
        self.notes: list[tuple[int, Event]] = []
        self.pending: str | None = None
        # Whether the record's game line says "training": a training game's does from its
        # start, so a resumed one is still one.
        self.trained = training
        self.run: _Run | None = None
        # What the file holds: a save that would write it again as it is writes nothing.
        self.saved: tuple[int, int, str | None, bool] | None = None
        if record is not None:
            self._load(record)
            self.saved = (len(self.events), len(self.notes), self.pending, self.trained)

    def _load(self, record: Record) -> None:
        self.source = record.path
        if any(isinstance(e, GameEnd) for e in record.events):
            raise RecordError.at("play_game_over", file=record.path)
        self.events = [record.game.raw, *(e.raw for e in record.events)]
        self.lines = [record.game.line, *(e.line for e in record.events)]
        self.trained = self.training or record.game.raw.get("training") is True
        self.training = self.trained
        for line, note in record.notes:
            if note["event"] == "pending":
                self.pending = self._pending(record, line, note)
            else:
                self.notes.append((bisect.bisect_left(self.lines, line), note))

    def _pending(self, record: Record, line: int, note: Event) -> str:
        """The draw of the turn the record stopped in: the record's last line."""
        draw = note.get("draw")
        ours = note.get("player") == self.person and draw in ("stock", "pozo")
        if line != record.last_line or not ours:
            raise RecordError.at("resume_pending", file=record.path, line=line)
        return str(draw)

    # --- playing ---

    def play(self, client: Client) -> Ending:
        """Play to the game's end, or until the person stops; `client` asks the person."""
        self.client = client
        expected, pending = list(self.events), self.pending
        while True:
            run = self.run = _Run(self, expected, pending)
            try:
                outcome: Outcome | None = run.play()
            except _Rewind:
                expected, pending = self._rewind(run)
                continue
            except _Quit:
                self.save()  # the rivals' moves since the person's last one, too
                outcome = None
            except _Damaged as damaged:
                raise self._damaged(damaged) from None
            except _Failed as failed:
                raise failed.error from None
            return self._ending(run, outcome)

    def _damaged(self, damaged: _Damaged) -> RecordError:
        line = self.lines[damaged.at] if damaged.at < len(self.lines) else None
        return RecordError.at(
            "play_damaged", why=damaged.message, file=self.source or str(self.path), line=line
        )

    def _ending(self, run: _Run, outcome: Outcome | None) -> Ending:
        match = run.match()
        if outcome is None:
            return Ending(False, (), "stopped", match)
        return Ending(True, outcome.winners, outcome.reason, match)

    def joined(self) -> list[Event]:
        """What a client of a resumed game is told first, as the person sees them: the game
        line and the deal of the round under way (none for a new game: it is told live)."""
        if not self.events:
            return []
        lines = [public(self.events[0], self.person)]
        deals = [event for event in self.events if event["event"] == "deal"]
        ended = {event["round"] for event in self.events if event["event"] == "round_end"}
        if deals and deals[-1]["round"] not in ended:
            lines.append(public(deals[-1], self.person))
        return lines

    # --- what the client may ask beside the moves ---

    def hint(self, prompt: Prompt) -> Hint:
        """The expert's and the fastest's answers here; the record notes that it was asked."""
        run = self._live_run()
        # The bots break their ties by their seed and the view: the person's seat's seed gives
        # the same hint however often it is asked.
        seed = bot_seed(self.setup.seed, self.setup.players.index(self.person))
        found = hint(self.spec, prompt, lambda level: bot(self.spec, level, seed))
        self.notes.append((len(run.events), found.line(prompt.view.round, self.person)))
        self.save()
        return found

    def undo_refusal(self) -> Refusal | None:
        """Why the person's last decision cannot be taken back now; None when it can."""
        if not self.training:
            return Refusal("not_training")
        if not self._live_run().decisions:
            return Refusal("nothing_to_undo")
        return None

    def asker(self) -> Client:
        assert self.client is not None, "asked outside a game being played"
        return self.client

    def _live_run(self) -> _Run:
        assert self.run is not None, "asked outside a game being played"
        return self.run

    def _rewind(self, run: _Run) -> tuple[list[Event], str | None]:
        """Take the person's last decision back: the game's events before it, the draw of its
        turn if it was the discard; the record says so."""
        undone, kept = run.decisions[-1], run.decisions[:-1]
        at = undone.after
        pending = None
        if kept and kept[-1].kind == "draw" and kept[-1].after == at:
            pending = str(kept[-1].answer)
        # Hints asked in the moves taken back stay in the record, where the game went back to.
        self.notes = [(min(after, at), note) for after, note in self.notes]
        undo = {
            "event": "undo",
            "round": undone.round,
            "player": self.person,
            "decision": undone.kind,
            "answer": as_json(undone.answer),
        }
        self.notes.append((at, undo))
        self.trained = True
        self.events = run.events[:at]
        self.lines = []  # the record's line numbers no longer match its events
        self.write(self.path, self._lines(self.events, pending, undone.round))
        self.saved = (len(self.events), len(self.notes), pending, True)
        self.asker().told(Told(undo))  # what was taken back: the table is drawn again from it
        return self.events, pending

    # --- the record ---

    def save(self) -> None:
        """Write the record as the game stands, unless the file already holds it."""
        run = self._live_run()
        self.events = run.events
        state = (len(run.events), len(self.notes), run.open_draw, self.trained)
        if state != self.saved:
            self.write(self.path, self._lines(run.events, run.open_draw, run.round))
            self.saved = state

    def _lines(self, events: list[Event], open_draw: str | None, round_number: int) -> list[Event]:
        """The record: the events, each note where it was written, the pending draw last."""
        notes = sorted(self.notes, key=lambda note: note[0])
        lines: list[Event] = []
        at = 0
        for number, event in enumerate(events):
            while at < len(notes) and notes[at][0] <= number:
                lines.append(notes[at][1])
                at += 1
            if number == 0 and self.trained:
                event = {**event, "training": True}
            lines.append(event)
        lines += [note for _, note in notes[at:]]
        if open_draw is not None:
            lines.append(
                {
                    "event": "pending",
                    "round": round_number,
                    "player": self.person,
                    "draw": open_draw,
                }
            )
        return lines


def _same(event: Event, recorded: Event) -> bool:
    """Whether the game gave the event the record holds (the training mark aside)."""

    def bare(e: Event) -> Event:
        return {k: v for k, v in e.items() if k != "training"} if e["event"] == "game" else e

    return bare(event) == bare(recorded)


class _Run:
    """One play of the game from its start: the record's events checked, then live."""

    def __init__(self, session: Session, expected: list[Event], pending: str | None):
        self.session = session
        self.spec = session.spec
        self.person = session.person
        self.expected = expected
        self.pending = pending
        self.events: list[Event] = []
        self.decisions: list[Decision] = []
        self.open_draw: str | None = None
        self.round = 0
        self.watch = Watch(self.spec)
        self.game: Game | None = None

    @property
    def live(self) -> bool:
        return len(self.events) >= len(self.expected)

    def play(self) -> Outcome:
        setup = self.session.setup
        seats = [
            Seat(name, self._player(name, at), setup.seats[name])
            for at, name in enumerate(setup.players)
        ]
        self.game = Game(
            self.spec, seats, seed=setup.seed, rules_file=setup.rules_file, on_event=self._see
        )
        return self.game.play()

    def _player(self, name: str, at: int) -> Player:
        level = self.session.setup.seats[name]
        if level == HUMAN:
            return _Person(self)
        return bot(self.spec, level, bot_seed(self.session.setup.seed, at))

    def match(self) -> MatchResult | GameResult:
        assert self.game is not None  # played
        keeper = self.game.match
        assert isinstance(keeper, Elimination | Target)  # the keepers the engine makes
        return keeper.result

    # --- the events ---

    def _see(self, event: Event) -> None:
        at = len(self.events)
        if at < len(self.expected):
            if not _same(event, self.expected[at]):
                raise _Damaged(at, _difference(event, self.expected[at]))
            event = self.expected[at]
        self.events.append(event)
        self.watch.see(event)
        if event["event"] == "deal":
            self.round = event["round"]
        if event["event"] == "turn" and event["player"] == self.person:
            self.open_draw = None
        if at >= len(self.expected):
            # The record is written after every move, the bots' too (a person's draw at its
            # answer), so a stop loses at most the answer being typed and the file read at any
            # moment is the game as the table shows it.
            self.session.save()
            if isinstance(self.session.asker().told(self._told(event)), Quit):
                raise _Quit

    def _told(self, event: Event) -> Told:
        line = public(event, self.person)
        if event["event"] == "round_end":
            return Told(line, self.watch.cards(), self.match())
        if event["event"] == "game_end":
            return Told(line, match=self.match())
        return Told(line)

    # --- the person's decisions ---

    def answer(self, kind: Asked, view: View) -> Answer:
        watch = self.watch
        ending = self._ending() if kind == "reenter" else None
        number = len(self.decisions) + 1
        cards = watch.cards()
        prompt = prompt_for(
            kind, view, watch.cut_spec(), watch.taken_now(), cards, number=number, ending=ending
        )
        at = len(self.events)
        if at < len(self.expected):
            answer = self._recorded(prompt, self.expected[at])
        elif kind == "draw" and self.pending is not None:
            answer, self.pending = self.pending, None
            self._checked(prompt, answer)
        else:
            answer = self._asked(prompt)
        self.decisions.append(Decision(kind, answer, at, view.round))
        if kind == "draw" and answer != "pass":
            self.open_draw = str(answer)
            if self.live:
                self.session.save()
        return answer

    def _ending(self) -> Event:
        """The round's end while the players out are asked back in: the engine's line so far,
        with the totals and the players out before anyone comes back."""
        assert self.game is not None  # asked while it plays
        keeper = self.game.match
        assert isinstance(keeper, Elimination)  # the one keeper that asks to re-enter
        line = keeper.scored.lines[-1]
        return {
            **self.game.ending,
            "totals": keeper.scored.totals,
            "eliminated": list(line.eliminated),
            "reentered": [],
        }

    def _recorded(self, prompt: Prompt, event: Event) -> Answer:
        """The person's answer as the record has it: in their turn's line, or for the
        reenganche in the round's end."""
        kind = prompt.decision
        wanted = "round_end" if kind == "reenter" else "turn"
        if event["event"] != wanted or (wanted == "turn" and event["player"] != self.person):
            asked = said(f"play_to_{kind}")
            raise _Damaged(
                len(self.events),
                said("play_asks", person=self.person, decision=asked, event=_short(event)),
            )
        answer: Answer
        if kind == "reenter":
            answer = self.person in event["reentered"]
        elif kind == "draw":
            answer = event["draw"]
        else:
            answer = Play(event.get("discard"), event.get("cut") is True)
        return self._checked(prompt, answer)

    def _checked(self, prompt: Prompt, answer: Answer) -> Answer:
        why = refusal(prompt, answer, self.spec)
        if why is not None:
            raise _Damaged(
                len(self.events),
                said(
                    "play_illegal_answer",
                    person=self.person,
                    decision=said(f"play_to_{prompt.decision}"),
                    answer=repr(as_json(answer)),
                    reason=why.reason,
                ),
            )
        return answer

    def _asked(self, prompt: Prompt) -> Answer:
        """The person's answer, asked until it is legal."""
        client = self.session.asker()
        while True:
            action = client.ask(prompt)
            if isinstance(action, Quit):
                raise _Quit
            if isinstance(action, Undo):
                why = self.session.undo_refusal()
                if why is None:
                    raise _Rewind
            else:
                answer = normal(self.spec, action)
                why = refusal(prompt, answer, self.spec)
                if why is None:
                    return answer
            client.refused(prompt, why)


def _difference(event: Event, recorded: Event) -> Said:
    """How the game's event differs from the record's, in a few words."""
    if event["event"] != recorded["event"]:
        return said("play_gives_other", event=_short(event), recorded=_short(recorded))
    key = next(k for k in [*event, *recorded] if event.get(k) != recorded.get(k))
    return said(
        "play_gives_value",
        recorded=_short(recorded),
        key=key,
        value=quoted(event.get(key)),
        held=quoted(recorded.get(key)),
    )


def _short(event: Event) -> Callable[[str], str]:
    """An event named in a message: its kind, round and player."""

    def short(lang: str) -> str:
        parts = [str(event.get("event"))]
        if "round" in event:
            parts.append(said("play_round_n", n=event["round"])(lang))
        if "player" in event:
            parts.append(str(event["player"]))
        return " ".join(parts)

    return short


class _Person:
    """The person's seat: each decision asked through the run."""

    def __init__(self, run: _Run):
        self.run = run

    def draw(self, view: View) -> str:
        return str(self._answer("draw", view))

    def discard(self, view: View) -> Play:
        answer = self._answer("discard", view)
        assert isinstance(answer, Play)  # refusal() lets only a Play through
        return answer

    def reenter(self, view: View) -> bool:
        return bool(self._answer("reenter", view))

    def _answer(self, kind: Asked, view: View) -> Answer:
        try:
            return self.run.answer(kind, view)
        except (Exception, SystemExit) as error:  # the engine would take it as a forfeit
            raise _Failed(error) from None
