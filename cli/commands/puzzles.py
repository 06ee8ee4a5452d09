"""`mazo puzzles GAME --kind KIND`: practice worksheets with answer keys, as PDF and JSON."""

from __future__ import annotations

import shlex
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from mazo.cli import app
from mazo.options import RulesFile, Variants, parse_variants, read_lang
from mazo.output import check_output, console, emit, to_stdout, write_atomically
from mazo.puzzles.generate import FEWER_LEVELS, Sheet, make_sheet
from mazo.puzzles.pdf import DEFAULT_PER_PAGE, Layout, answers_path, write_key_pdf, write_sheet_pdf
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.views import puzzles as puzzles_view
from mazo.views.words import say

# A bar only for sheets slow enough to wonder about.
PROGRESS_AFTER_SECONDS = 1.0


@app.command()
def puzzles(
    game: Annotated[str, typer.Argument(help="Game name or alias (see `mazo games`).")],
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            help="Puzzle kind; the game's spec lists its kinds (default: its first).",
            show_default=False,
        ),
    ] = None,
    count: Annotated[int, typer.Option("-n", help="Number of puzzles.")] = 8,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="Seed: the same seed prints the same sheet.")
    ] = 1,
    difficulty: Annotated[
        str | None,
        typer.Option(
            "--difficulty", help=f"easy, medium or hard (default: mixed; {FEWER_LEVELS})."
        ),
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the sheet: es or en.")] = "es",
    output: Annotated[
        str | None, typer.Option("-o", "--output", help="Write the PDF here (`-`: stdout).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the puzzles as JSON.")] = False,
    per_page: Annotated[
        int,
        typer.Option(
            "--per-page",
            help="At most this many puzzles a page (1-6), as many on every page (6 make 3 + 3) "
            "and fewer when the positions are too tall to fit. The answer key is compact: as "
            "many answers a page as fit.",
        ),
    ] = DEFAULT_PER_PAGE,
    answers: Annotated[
        str,
        typer.Option(
            "--answers",
            help="end: the answer key after the puzzles; separate: in NAME-answers.pdf.",
        ),
    ] = "end",
    rules: RulesFile = None,
    variant: Variants = None,
) -> None:
    """Print a practice sheet: positions checked by the solver, each with one right answer."""
    variants = parse_variants(variant)
    spec = rules_for(game, rules=rules, variant=variants)
    if kind is None:
        if not spec.puzzle_kinds:
            raise OptionError(f"{spec.game} lists no puzzle kinds")
        kind = spec.puzzle_kinds[0]
    # Words are read as cards are: in any case.
    kind, lang, answers = kind.lower(), read_lang(lang), answers.lower()
    difficulty = difficulty.lower() if difficulty is not None else None
    layout = Layout(
        lang=lang,
        per_page=per_page,
        answers=answers,
        reprint=_reprint(spec.game, kind, count, seed, difficulty, lang, per_page, rules, variant),
    )
    layout.check()
    piped = to_stdout(output, as_json, "-o")
    if answers == "separate" and (output is None or piped):
        raise OptionError("--answers separate needs -o FILE.pdf (the key goes beside it)")
    if output is not None:  # a sheet can take minutes: a bad path is said before, not after
        check_output(output, reads=(rules,))
        if answers == "separate":
            check_output(answers_path(Path(output)), reads=(rules,))
    sheet = _generate(spec, kind, count, seed, difficulty)
    written = []
    if output is not None:
        written.append(
            write_atomically(
                output, lambda tmp: write_sheet_pdf(spec, sheet, layout, tmp), reads=(rules,)
            )
        )
        if answers == "separate":
            key = answers_path(Path(output))
            written.append(
                write_atomically(
                    key, lambda tmp: write_key_pdf(spec, sheet, layout, tmp), reads=(rules,)
                )
            )
    if not piped:
        emit(sheet.to_dict(), as_json, lambda: puzzles_view.view(spec, sheet, lang, written))


def _generate(spec, kind: str, count: int, seed: int, difficulty: str | None) -> Sheet:
    """Make the sheet, with a progress bar on stderr once it has taken a second."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    started = time.monotonic()
    bar: dict[str, Any] = {}
    errors = console(stderr=True)

    def progress(done: int) -> None:
        # Only a terminal can take the bar away again: elsewhere rich leaves a blank line.
        if not errors.is_terminal:
            return
        if "bar" not in bar and time.monotonic() - started > PROGRESS_AFTER_SECONDS:
            shown = Progress(
                TextColumn(say("en", "progress", kind=kind)),
                BarColumn(),
                MofNCompleteColumn(),
                console=errors,
                transient=True,
            )
            shown.start()
            bar["bar"], bar["task"] = shown, shown.add_task(kind, total=count)
        if "bar" in bar:
            bar["bar"].update(bar["task"], completed=done)

    try:
        return make_sheet(spec, kind, count, seed=seed, difficulty=difficulty, progress=progress)
    finally:
        if "bar" in bar:
            bar["bar"].stop()


def _reprint(game, kind, count, seed, difficulty, lang, per_page, rules, variant) -> str:
    """The command that prints this sheet again, for the footer of every page."""
    words = ["mazo", "puzzles", game, "--kind", kind, "-n", str(count), "--seed", str(seed)]
    if difficulty:
        words += ["--difficulty", difficulty]
    words += ["--lang", lang]
    if per_page != DEFAULT_PER_PAGE:
        words += ["--per-page", str(per_page)]
    if rules:
        words += ["--rules", Path(rules).name]
    for item in variant or []:
        words += ["--variant", item]
    return shlex.join(words)
