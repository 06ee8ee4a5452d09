"""`mazo puzzles GAME --kind KIND`: practice worksheets with answer keys, as PDF and JSON."""

from __future__ import annotations

import shlex
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from mazo import complete
from mazo.cli import app
from mazo.options import Game, Lang, RulesFile, Variants, WholeNumber, choose_lang, parse_variants
from mazo.output import Output, check_outputs, emit, to_stdout, write_all
from mazo.progress import progress_bar
from mazo.puzzles.generate import Sheet, make_sheet
from mazo.puzzles.kinds import LEVELS
from mazo.puzzles.pdf import DEFAULT_PER_PAGE, Layout, answers_path, write_key_pdf, write_sheet_pdf
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.views import puzzles as puzzles_view
from mazo.views.words import say

SEPARATE_NEEDS_A_FILE = "--answers separate needs -o FILE.pdf (the key goes beside it)"

# A bar only for sheets slow enough to wonder about.


@app.command()
def puzzles(
    game: Game,
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            autocompletion=complete.kinds,
            help="Puzzle kind; the game's spec lists its kinds (default: its first).",
            show_default=False,
        ),
    ] = None,
    count: Annotated[
        int, typer.Option("-n", click_type=WholeNumber(), help="Number of puzzles.")
    ] = 8,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            click_type=WholeNumber(0),
            help="Seed: the same seed prints the same sheet.",
        ),
    ] = 1,
    difficulty: Annotated[
        str | None,
        typer.Option(
            "--difficulty",
            help="easy, medium or hard (default: mixed).",
            autocompletion=complete.choices(*LEVELS),
        ),
    ] = None,
    lang: Lang = None,
    output: Annotated[
        str | None, typer.Option("-o", "--output", help="Write the PDF here (`-`: stdout).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the puzzles as JSON.")] = False,
    per_page: Annotated[
        int,
        typer.Option(
            "--per-page",
            click_type=WholeNumber(),
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
    kind, lang, answers = kind.lower(), choose_lang(lang, spec), answers.lower()
    difficulty = difficulty.lower() if difficulty is not None else None
    layout = Layout(
        lang=lang,
        per_page=per_page,
        answers=answers,
        reprint=_reprint(spec.game, kind, count, seed, difficulty, lang, per_page, rules, variant),
    )
    layout.check()
    piped = to_stdout(output, as_json, "-o")
    outputs = _outputs(output, answers, reads=(rules,))  # a bad path is said before the work
    sheet = _generate(spec, kind, count, seed, difficulty, lang)
    # The sheet, then the key when it is apart.
    writers = (write_sheet_pdf, write_key_pdf)[: len(outputs)]
    written = write_all(
        [
            Output(path, partial(write, spec, sheet, layout))
            for path, write in zip(outputs, writers, strict=True)
        ],
        reads=(rules,),
    )
    if not piped:
        emit(sheet.to_dict(), as_json, lambda: puzzles_view.view(spec, sheet, lang, written))


def _outputs(output: str | None, answers: str, *, reads: tuple[str | None, ...]) -> list[str]:
    """The files the sheet goes to, checked together: the sheet's, then the key's when it is
    separate. A sheet can take minutes: a path that cannot be written is said before it."""
    if output is None:
        if answers == "separate":
            raise OptionError(SEPARATE_NEEDS_A_FILE)
        return []
    if answers != "separate":
        check_outputs([output], reads=reads)
        return [output]
    paths = [output, str(answers_path(Path(output)))]
    if check_outputs(paths, reads=reads)[0] is None:
        # Standard output, a pipe or a device has no folder to put the key beside.
        raise OptionError(SEPARATE_NEEDS_A_FILE)
    return paths


def _generate(spec, kind: str, count: int, seed: int, difficulty: str | None, lang: str) -> Sheet:
    """Make the sheet, with a progress bar on stderr once it has taken a second."""
    with progress_bar(say(lang, "progress", kind=kind), count) as progress:
        return make_sheet(spec, kind, count, seed=seed, difficulty=difficulty, progress=progress)


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
