"""`mazo replay FILE`: a game record told round by round; with --check, replayed through the
rules, every move and every score checked, the first wrong line named."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from mazo.cli import app
from mazo.options import AsJson, Lang, choose_lang
from mazo.output import Lines, print_json
from mazo.solver.errors import named
from mazo.solver.game.record import FORMAT, GameEnd, Record, RoundEnd, read_record
from mazo.solver.game.referee import IllegalRecord, Verdict, referee
from mazo.views import replay as replay_view


@app.command()
def replay(
    file: Annotated[str, typer.Argument(help="The game record (JSON Lines, format 1).")],
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Replay it through the rules: exit 0 when every move is legal and every score "
            "right, else 1, naming the first wrong line.",
        ),
    ] = False,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """Tell a recorded game as a player would read it: each deal, turn, cut, acomodo and score,
    and who won; with --check, say whether every move is legal and every score right."""
    record = read_record(file, lambda spec: choose_lang(lang, spec))
    shown = choose_lang(lang, record.spec)
    verdict = referee(record) if check else None
    if as_json:
        print_json(_as_dict(record, verdict))
    elif verdict is None:
        Lines().show(replay_view.view(record, shown))
    elif verdict.ok:
        Lines().show(replay_view.verdict_line(named(file), verdict, shown))
    if verdict is not None and not verdict.ok:
        error = IllegalRecord(verdict, file)
        if not as_json:
            raise error
        # The JSON above already tells the verdict: the error's own JSON would be a second one.
        typer.echo(f"mazo: error: {error.said_in(shown)}", err=True)
        raise typer.Exit(error.exit_code)


def _as_dict(record: Record, verdict: Verdict | None) -> dict[str, Any]:
    """The record's events as written, each with its line number; with a verdict, whether each
    line was checked right, is the first wrong one, or was not reached."""
    events = [(record.game.line, "game", record.game.raw)]
    events += [(e.line, e.raw["event"], e.raw) for e in record.events]
    end = next((e for e in record.events if isinstance(e, GameEnd)), None)
    data: dict[str, Any] = {
        "file": record.path,
        "format": FORMAT,
        "game": record.spec.game,
        "variant": record.spec.changed_options(),
        "players": list(record.game.players),
        "rounds": sum(isinstance(e, RoundEnd) for e in record.events),
        "winner": None if end is None else end.winner,
        "reason": None if end is None else end.reason,
        "events": [{"line": line, "event": kind, "data": raw} for line, kind, raw in events],
    }
    if verdict is not None:
        data["check"] = verdict.to_dict()
        for event in data["events"]:
            event["check"] = _line_check(event["line"], verdict)
    return data


def _line_check(line: int, verdict: Verdict) -> str:
    if verdict.ok or verdict.line is None or line < verdict.line:
        return "ok"
    return "wrong" if line == verdict.line else "unchecked"
