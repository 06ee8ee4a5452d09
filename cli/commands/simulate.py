"""`mazo simulate GAME --seats A,B`: bots against bots on duplicate deals, and the report; and
`mazo simulate --merge A.json B.json …`: a run's shards as the one report."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, cast

import typer
from mazo import complete
from mazo.cli import Interrupted, app
from mazo.options import (
    MOST_SEED,
    AsJson,
    Lang,
    RulesFile,
    Variants,
    WholeNumber,
    choose_lang,
    parse_variants,
)
from mazo.output import emit
from mazo.progress import rate_bar
from mazo.solver.errors import InputError, MazoError, quoted, shown_path
from mazo.solver.files import reason
from mazo.words import say

if TYPE_CHECKING:
    from mazo.solver.game.report import Header, Report
    from mazo.solver.game.simulate import DealResult, Plan
    from mazo.solver.spec.rulespec import RuleSpec

DEFAULT_DEALS = 100
MOST_DEALS = 100_000_000
MOST_JOBS = 1024


@app.command(
    "simulate",
    help="Bots against bots on duplicate deals (every deal once per rotation of the seats): "
    "rounds won, points per round and each bot against the first, with 95% intervals. "
    "With --merge: the JSON reports of a run's shards as one report.\n\n"
    "The levels. novice: takes the pozo's top only if it ends in a meld of the best "
    "arrangement; throws the highest-valued of the discards that leave the fewest loose points. "
    "greedy: takes the top when some discard then leaves fewer loose points than a blind draw "
    "would on average; throws to the fewest loose points. fastest: takes or draws and throws to "
    "cut soonest, as mazo advise and mazo odds say. expert: in Conga and Chinchón, takes or "
    "draws and throws to leave the fewest points to pay if a rival cuts first; in Gin, plays "
    "as the fastest but knocks late only with 2 loose points or fewer. Every other cut (knock) "
    "comes at the first chance.",
)
def simulate(
    targets: Annotated[
        list[str] | None,
        typer.Argument(
            help="The game; with --merge, the shards' JSON reports.",
            autocompletion=complete.games,
            show_default=False,
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="The bots, one per seat, comma-separated: a level (novice, greedy, fastest, "
            "expert), module:attr or path/file.py:Name.",
        ),
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(
            "-n",
            click_type=WholeNumber(1, MOST_DEALS),
            help=f"Deals to play (each once per rotation; default {DEFAULT_DEALS}).",
            show_default=False,
        ),
    ] = None,
    matches: Annotated[
        bool, typer.Option("--matches", help="A deal is a whole match, not one round.")
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            click_type=WholeNumber(0, MOST_SEED),
            help="Seed of the deals (default 0): the same seed plays the same games.",
            show_default=False,
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            click_type=WholeNumber(1, MOST_JOBS),
            help="Processes to play on (default: the cores); the results do not change.",
            show_default=False,
        ),
    ] = None,
    record: Annotated[
        str | None,
        typer.Option(
            "--record",
            help="Write each game's record (JSON Lines) into this folder, DEAL-ROTATION.jsonl.",
        ),
    ] = None,
    shard: Annotated[
        str | None,
        typer.Option("--shard", help="Play the K-th of N equal shares of the deals (K/N)."),
    ] = None,
    merge: Annotated[
        bool, typer.Option("--merge", help="Merge the shards' JSON reports given as files.")
    ] = False,
    rules: RulesFile = None,
    variant: Variants = None,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    from mazo.play.tables import BY_TABLE, ready
    from mazo.solver.game import simulate as runs
    from mazo.solver.game.bots.levels import level_id
    from mazo.solver.game.record import rules_file_for
    from mazo.solver.game.report import Report

    if merge:
        given: dict[str, object] = {"--seats": seats, "-n": deals, "--seed": seed}
        given |= {"--matches": matches or None, "--jobs": jobs, "--record": record}
        given |= {"--shard": shard, "--rules": rules, "--variant": variant}
        _merge(targets or [], lang, as_json, [flag for flag, v in given.items() if v is not None])
        return
    game = _one_game(targets)
    if seats is None:
        raise InputError.of("seats_names")
    listed = [s.strip() for s in seats.split(",")]
    if "" in listed:
        raise InputError.of("seats_blank", seats=quoted(seats), n=listed.index("") + 1)

    def tables(spec: RuleSpec) -> None:
        # The first run of a level that plays by the odds table builds it (minutes): shown on
        # stderr as `mazo odds` shows it, not silently as its seat is made.
        if any(level_id(seat) in BY_TABLE for seat in listed):
            ready(spec, choose_lang(lang, spec))

    try:
        plan = runs.make_plan(
            game,
            listed,
            deals=DEFAULT_DEALS if deals is None else deals,
            seed=seed or 0,
            matches=matches,
            rules=rules,
            variant=parse_variants(variant),
            shard=None if shard is None else runs.Shard.parse(shard),
            record=record is not None,
            prepare=tables,
        )
    except KeyboardInterrupt:  # raised by a seat's code as it was made: a stop all the same
        raise Interrupted() from None
    spec = plan.spec()
    lang = choose_lang(lang, spec)
    folder = None if record is None else _record_folder(record, plan)
    if folder is not None:
        plan = replace(plan, rules_file=rules_file_for(rules, folder))
    results, stopped = _run(plan, folder, jobs or os.cpu_count() or 1, lang)
    report = Report.of(plan, results, interrupted=stopped is not None)
    _show(report, lang, as_json, spec.title[lang])
    from mazo.views.simulate import forfeit_notes

    for note in forfeit_notes(results, lang):
        sys.stderr.write(f"mazo: {note}\n")
    if stopped is not None:
        raise stopped  # said on stderr, with the signal's exit code, by the error boundary


def _one_game(targets: list[str] | None) -> str:
    if not targets:
        raise InputError.of("simulate_game")
    if len(targets) > 1:
        raise InputError.of("simulate_one_game", words=len(targets))
    return targets[0]


def _record_folder(path: str, plan: Plan) -> Path:
    """The folder the records go into, made if missing; one that already holds a record of
    the run's deals is refused (nothing is overwritten; the shards of a run may share one)."""
    if not path:
        raise InputError.of("record_unnamed")
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise InputError.of("record_not_folder", path=shown_path(path))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError.of("cannot_make", path=shown_path(path), why=reason(error)) from None
    if not folder.is_dir():
        raise InputError.of("record_not_folder", path=shown_path(path))
    held = plan.recorded_in(folder)
    if held is not None:
        raise InputError.of("record_holds", path=shown_path(path), name=held)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError.of("record_folder", path=shown_path(path))
    return folder


def _run(
    plan: Plan, folder: Path | None, jobs: int, lang: str
) -> tuple[list[DealResult], Interrupted | None]:
    """The deals played (and recorded), and the stop that ended the run early, if any: the
    deals finished before it are kept."""
    from mazo.solver.game.simulate import play, write_records
    from mazo.solver.stopping import signals_held

    results: list[DealResult] = []
    rounds = 0
    words = say(lang, "sim_progress")
    total = len(plan.numbers())
    with rate_bar(words, total, lambda rate: say(lang, "sim_rate", rate=f"{rate:.0f}")) as bar:
        deals = play(plan, jobs)
        try:
            for result in deals:
                # A deal's records and its place in the report, both or neither: a stop that
                # comes as they are written is answered once both are done.
                with signals_held():
                    if folder is not None:
                        write_records(folder, plan, result)
                    results.append(replace(result, records=()))  # written: not kept in memory
                rounds += result.rounds
                bar(len(results), rounds)
        except Interrupted as stop:
            return results, stop
        except KeyboardInterrupt:  # raised by a player, not a signal: a stop all the same
            return results, Interrupted()
        finally:
            deals.close()
    return results, None


def _merge(files: list[str], lang: str | None, as_json: bool, run_options: list[str]) -> None:
    from mazo.solver.game.report import merge, read

    if run_options:
        raise InputError.of("merge_run", flag=run_options[0])
    if not files:
        raise InputError.of("merge_files")
    if not Path(files[0]).exists() and _names_a_game(files[0]):
        raise InputError.of("merge_run", flag=quoted(files[0]))
    report = merge([(file, read(file)) for file in files])
    spec = _report_spec(report.header)
    shown = choose_lang(lang, spec or cast("RuleSpec", _English()))
    _show(report, shown, as_json, spec.title[shown] if spec else report.header.game)


def _names_a_game(text: str) -> bool:
    from mazo.solver.spec.load import resolve_game

    try:
        resolve_game(text)
    except MazoError:
        return False
    return True


def _report_spec(header: Header) -> RuleSpec | None:
    """The rules of a merged report, for its language (as a run's, `choose_lang`) and its
    game's name; None for a game whose rules cannot be read here any more (it speaks English,
    and its game is named by its id)."""
    from mazo.solver.api import rules_for

    try:
        return rules_for(header.game, rules=header.rules_file)
    except MazoError:
        return None


class _English:
    lang = "en"


def _show(report: Report, lang: str, as_json: bool, game: str) -> None:
    from mazo.views import simulate as simulate_view

    emit(report.to_dict(), as_json, lambda: simulate_view.view(report, lang, game))
