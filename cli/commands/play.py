"""`mazo play GAME`: sit down at the table against mazo's bots, on a terminal, from a script on
stdin, or through the JSON protocol (`--json`); every move recorded, a stopped game resumed."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from mazo.cli import JSON_ERRORS, Interrupted, InterruptedSaid, app
from mazo.options import (
    MOST_SEED,
    AsJson,
    Game,
    Lang,
    RulesFile,
    Variants,
    WholeNumber,
    choose_lang,
    parse_variants,
)
from mazo.play.tables import BY_TABLE, ready
from mazo.solver.api import rules_for
from mazo.solver.errors import InputError, MazoError, OptionError, named, quoted, shown_path
from mazo.solver.files import (
    check_output,
    check_pdf_output,
    kept_to_one,
    reason,
    write_atomically,
    xdg_folder,
)
from mazo.solver.game.bots.levels import levels_said
from mazo.solver.game.engine import playable
from mazo.solver.game.person import Prompt, Refusal
from mazo.solver.game.record import read_record, rules_file_for
from mazo.solver.game.session import (
    Action,
    Client,
    Ending,
    Quit,
    Session,
    Told,
    new_setup,
    setup_of,
)
from mazo.solver.match.elimination import MatchResult
from mazo.solver.messages import Said, said, titled
from mazo.solver.spec.load import load_spec, resolve_game
from mazo.words import say

# The person's name when --name is not given, in the language of the views.
DEFAULT_NAME = {"es": "Vos", "en": "You"}
# The seeds drawn for a game given none: a number a person can read out and type again (--seed
# takes it, and more).
SEEDS = 1_000_000
# With --json every line on stdout is an event, an error at the start too.
JSON_ERRORS["play"] = lambda message: {"event": "error", "message": message}


@app.command()
def play(
    game: Game,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="The bots at the table, by level, comma separated: novice, greedy, fastest, "
            "expert (default: one expert; up to three in Conga and Chinchón).",
            show_default=False,
        ),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(
            "--name",
            help="Your name at the table, up to 20 characters, a wide one counting two (default: "
            "Vos, or You in English).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            click_type=WholeNumber(0, MOST_SEED),
            help="The seed of the deals and the bots (default: a new one, said at the start).",
        ),
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(
            "--record",
            help="The game's record (JSON Lines), written after every move (default: a new file "
            "in $XDG_DATA_HOME/mazo/games).",
        ),
    ] = None,
    resume: Annotated[
        str | None,
        typer.Option("--resume", help="Go on with the game of this record, where it stopped."),
    ] = None,
    training: Annotated[
        bool,
        typer.Option("--training", help="A training game: `undo` takes a decision back."),
    ] = False,
    as_json: AsJson = False,
    rules: RulesFile = None,
    variant: Variants = None,
    lang: Lang = None,
    pdf: Annotated[
        str | None, typer.Option("--pdf", help="At the end, write the planilla (PDF) here.")
    ] = None,
    fast: Annotated[
        bool, typer.Option("--fast", help="No pauses after the rivals' moves on a terminal.")
    ] = False,
) -> None:
    """Play Conga, Chinchón or Gin Rummy against mazo's bots. Type `ayuda` (or `help`) at the
    table for the commands; without a terminal the commands are read one a line from stdin;
    with --json every line out is a JSON object (see the README)."""
    # Standard output carries the game: no file of the game's goes there too.
    for flag, path in (("--pdf", pdf), ("--record", record), ("--resume", resume)):
        if path is not None and (path == "-" or not path):
            raise OptionError.of("play_flag_file", flag=flag)
    # One mazo at a time writes a game's record: a second resume of it is refused, not left
    # to replace the first one's moves.
    writes = _writes_into(resume, record)
    with kept_to_one(writes) if writes is not None else contextlib.nullcontext():
        if resume is not None:
            given: dict[str, object] = {"--seats": seats, "--name": name, "--seed": seed}
            given.update({"--rules": rules, "--variant": variant})
            for flag, value in given.items():
                if value is not None:
                    raise OptionError.of("play_resume_flag", flag=flag)
            session = _resumed(game, resume, record, training)
        else:
            # JSON never changes with the language: there the default name is the English one.
            named_as = name if name is not None or not as_json else DEFAULT_NAME["en"]
            session = _new(game, seats, named_as, seed, record, training, rules, variant, lang)
        # A new file in the data folder is taken as its name is chosen: drop it if no move is made.
        taken = Path(session.path) if resume is None and record is None else None
        shown = choose_lang(lang, session.spec)
        try:
            if pdf is not None:
                check_pdf_output(pdf, reads=(session.path, rules))
            if any(level in BY_TABLE for level in session.setup.seats.values()):
                ready(session.spec, shown, waiting=_waiting(as_json, shown))
            opening = say(shown, _opening_key(session), **_opening_fields(session))
            client = _client(session, shown, as_json, fast)
            ending = session.play(_Announced(client, opening, lambda: _copied(session)))
        except Interrupted:
            _left_empty(taken)
            # Ctrl-C, or the terminal closed: the record holds every move made; say how to go on,
            # in the game's language, as the one line of the stop. On a terminal the ^C shown
            # stands where the cursor was: the line starts below it.
            if os.path.exists(session.path):
                below = "\n" if _tty(sys.stderr) else ""
                if _noted(below + say(shown, "play_saved", game=game, path=_typed(session.path))):
                    raise InterruptedSaid from None
            raise
        except BrokenPipeError:
            _left_empty(taken)
            # The game's reader left (`mazo play … | head`): the record holds every move made; how
            # to go on is said, as at any stop.
            if os.path.exists(session.path):
                _noted(say(shown, "play_saved", game=game, path=_typed(session.path)))
            raise
        except BaseException:
            _left_empty(taken)
            raise
        if pdf is not None:
            _planilla(pdf, session, ending, shown)
            _note(say(shown, "wrote", path=named(pdf)))  # as the other commands say a file written
        _said_at_the_end(session, ending, shown, game)


def _new(
    game: str,
    seats: str | None,
    name: str | None,
    seed: int | None,
    record: str | None,
    training: bool,
    rules: str | None,
    variant: list[str] | None,
    lang: str | None,
) -> Session:
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    playable(spec)
    shown = choose_lang(lang, spec)
    if seats is not None and not seats.strip():
        raise OptionError.of("play_seats_empty", levels=levels_said())
    levels = [level.strip().lower() for level in (seats or "expert").split(",")]
    if seed is None:
        import random

        seed = random.SystemRandom().randrange(SEEDS)
    setup = new_setup(spec, levels, name if name is not None else DEFAULT_NAME[shown], seed)
    if record is not None and os.path.lexists(record):
        raise _taken(record, said("play_then_resume", path=quoted(record)))
    if record is None:
        path = _new_record(spec.game, seed)
    else:
        check_output(record, reads=(rules,), suffix=".jsonl")
        path = Path(record)
    # The record names its rules file from its own folder, where `mazo replay` looks.
    setup = replace(setup, rules_file=rules_file_for(rules, path.parent))
    return Session(setup, path, training=training)


def _writes_into(resume: str | None, record: str | None) -> str | None:
    """The record a game will write into, when it is named (a new game's own name in the data
    folder is new, and no other mazo takes it)."""
    if record is not None and record and not os.path.isdir(record):
        return record
    return resume


def _resumed(game: str, resume: str, record: str | None, training: bool) -> Session:
    found = read_record(resume)
    if resolve_game(game) != found.spec.game:
        raise InputError.of(
            "play_record_of",
            file=named(resume),
            found=titled(found.spec),
            wanted=titled(load_spec(resolve_game(game))),
        )
    if training and found.game.raw.get("training") is not True:
        # Undoing the moves of a game played for real would let a player see and choose again.
        raise OptionError.of("play_not_training", file=named(resume))
    setup = setup_of(found)
    target = resume
    if record is not None and not (os.path.exists(record) and os.path.samefile(record, resume)):
        if os.path.lexists(record):
            raise _taken(record, said("play_then_without", path=quoted(resume)))
        target = record
    check_output(target)
    return Session(setup, target, training=training, record=found)


def _taken(record: str, then: Said) -> InputError:
    """--record naming what is there already: a folder is no record's file; a file is never
    written over (`then` says how to go on with it)."""
    if os.path.isdir(record):
        return InputError.of("play_record_folder", path=shown_path(record))
    if not os.path.exists(record):  # a link to nothing: not a file there, nor one to make
        return InputError.of("play_record_link", path=shown_path(record))
    return InputError.of("play_record_there", path=shown_path(record), then=then)


def _new_record(game: str, seed: int) -> Path:
    """A new file in the user's data folder, made empty: GAME-SEED-N.jsonl, N the first number
    free."""
    folder = xdg_folder("XDG_DATA_HOME", ".local", "share") / "mazo" / "games"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError.of(
            "play_cannot_make", folder=shown_path(str(folder)), why=reason(error)
        ) from None
    number = 1
    while True:
        path = folder / f"{game}-{seed}-{number}.jsonl"
        try:
            # Made here, empty, only if no file has the name: two games started at once with
            # one seed never share a file, whichever writes first.
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
        except FileExistsError:
            number += 1
            continue
        except OSError as error:
            raise InputError.of(
                "play_cannot_write", path=shown_path(str(path)), why=reason(error)
            ) from None
        return path


def _left_empty(taken: Path | None) -> None:
    """The new record's file taken for a game that never wrote a line: gone."""
    if taken is not None:
        with contextlib.suppress(OSError):
            if taken.stat().st_size == 0:
                taken.unlink()


def _waiting(as_json: bool, lang: str) -> Callable[[str], None]:
    """What says, as an odds table's build starts, why the game waits: a program reading the
    JSON gets its own line; a person, a line on stderr above the build's bar."""
    if as_json:
        from mazo.play.protocol import wait

        return wait
    import textwrap

    said = "\n".join(textwrap.wrap(say(lang, "play_building"), 78))  # 80 columns, as the table
    return lambda _: _note(said)


def _client(session: Session, lang: str, as_json: bool, fast: bool) -> Client:
    """The JSON protocol, or the table on the terminal (or on plain lines without one)."""
    stdin = sys.stdin
    if stdin is None:
        raise InputError.of("play_stdin_closed")
    from mazo.play.commands import readable_input

    readable_input(stdin)
    if as_json:
        from mazo.play.protocol import Protocol

        return Protocol(session, stdin)
    from mazo.play.terminal import Terminal

    interactive = _tty(stdin) and _tty(sys.stdout)
    return Terminal(session, lang, stdin, interactive=interactive, fast=fast)


class _Announced:
    """A client that says first where the game is recorded: once the game is under way, so a
    record that cannot be resumed is refused in its one line; `started` is called then."""

    def __init__(self, client: Client, opening: str, started: Callable[[], None]):
        self.client, self.opening, self.started = client, opening, started

    def _announce(self) -> None:
        if self.opening:
            self.started()
            _note(self.opening)
            self.opening = ""

    def ask(self, prompt: Prompt) -> Action:
        self._announce()
        return self.client.ask(prompt)

    def refused(self, prompt: Prompt, why: Refusal) -> None:
        self.client.refused(prompt, why)

    def told(self, told: Told) -> Quit | None:
        self._announce()
        return self.client.told(told)


def _tty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (ValueError, AttributeError):
        return False


def _opening_key(session: Session) -> str:
    if not session.events:
        return "play_started"
    return "play_resumed" if _same_file(session) else "play_resumed_in"


def _opening_fields(session: Session) -> dict[str, object]:
    return {
        "game": session.spec.title["en"],
        "seed": session.setup.seed,
        "path": named(str(session.path)),
        "source": named(session.source),
    }


def _same_file(session: Session) -> bool:
    """Whether a resumed game goes on in the file it was read from (not in --record NEW)."""
    return str(session.path) == session.source


def _copied(session: Session) -> None:
    """A game resumed from one record into another (--record NEW): the new one holds the game
    from the start, once the old one is known good, so the game can go on from it even if no
    move is made."""
    if session.events and not _same_file(session) and not os.path.exists(session.path):
        source = Path(session.source).read_bytes()
        write_atomically(session.path, lambda path: path.write_bytes(source))


def _noted(message: str) -> bool:
    """The note written, if stderr takes it (after a hang-up it may be gone)."""
    try:
        _note(message)
    except (OSError, ValueError):
        return False
    return True


def _note(message: str) -> None:
    """A line for the person on stderr: stdout is the game's (and, with --json, only JSON)."""
    typer.echo(message, err=True)


def _planilla(pdf: str, session: Session, ending: Ending, lang: str) -> None:
    """The same sheet `mazo match` prints, from the game's rounds."""
    from mazo.views import score_sheets as scoresheet

    match = ending.match

    def sheet(path: Path) -> None:
        if isinstance(match, MatchResult):
            scoresheet.write_planilla(path, session.spec, match, lang=lang)
        else:
            scoresheet.write_game_sheet(path, session.spec, match, lang=lang)

    try:
        write_atomically(pdf, sheet)
    except InputError as error:
        # The path was tried before the game: what went wrong since is a failure, not the
        # command's input (the record holds the game either way).
        raise MazoError.of(error.said or str(error)) from None


def _said_at_the_end(session: Session, ending: Ending, lang: str, game: str) -> None:
    if ending.finished:
        _note(say(lang, "play_recorded", path=named(str(session.path))))
    else:
        _note(say(lang, "play_saved", game=game, path=_typed(session.path)))


def _typed(path: str | Path) -> str:
    """The record's name as the shell takes it in the command that goes on (a space, a quote);
    one with a line break or a control character escaped instead, so the note stays a line."""
    import shlex

    text = str(path)
    return shlex.quote(text) if text.isprintable() else named(text)
