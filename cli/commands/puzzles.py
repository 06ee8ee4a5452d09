"""`mazo puzzles GAME --kind KIND`: practice worksheets with answer keys, as PDF and JSON."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from mazo import complete
from mazo.cli import app
from mazo.options import Game, Lang, RulesFile, Variants, WholeNumber, choose_lang, parse_variants
from mazo.output import emit, to_stdout
from mazo.progress import odds_table_bar, progress_bar
from mazo.puzzles.classset import MAX_VERSIONS, ClassSet, make_class_set, read_kinds
from mazo.puzzles.generate import FEWER_LEVELS, KINDS, kind_for
from mazo.puzzles.kinds import LEVELS
from mazo.puzzles.pdf import DEFAULT_PER_PAGE, Layout, answers_path, write_key_pdf, write_sheet_pdf
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.solver.files import Output, check_outputs, write_all
from mazo.views import puzzles as puzzles_view
from mazo.views.words import say

SEPARATE_NEEDS_A_FILE = "--answers separate needs -o FILE.pdf (the key goes beside it)"

# A bar only for sheets slow enough to wonder about.


@app.command()
def puzzles(
    game: Game,
    kind: Annotated[
        list[str] | None,
        typer.Option(
            "--kind",
            autocompletion=complete.kinds,
            help="Puzzle kind; the game's spec lists its kinds (default: its first). Several "
            "kinds share one sheet: `--kind a,b` or `--kind a --kind b`, -n split among them.",
            show_default=False,
        ),
    ] = None,
    count: Annotated[
        int, typer.Option("-n", click_type=WholeNumber(), help="Number of puzzles on a sheet.")
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
            help=f"easy, medium or hard (default: mixed; {FEWER_LEVELS}).",
            autocompletion=complete.choices(*LEVELS),
        ),
    ] = None,
    lang: Lang = None,
    output: Annotated[
        str | None,
        typer.Option(
            "-o", "--output", help="Write the PDF here (`-`: stdout); the key is not printed."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the puzzles as JSON.")] = False,
    per_page: Annotated[
        int,
        typer.Option(
            "--per-page",
            click_type=WholeNumber(),
            help="At most this many puzzles a page (1-6), as many on every page (6 of 8 make "
            "4 + 4); the cards shrink to keep that many, and a page takes fewer only when even "
            "small cards do not fit. The answer key is compact: as many answers a page as fit.",
        ),
    ] = DEFAULT_PER_PAGE,
    answers: Annotated[
        str,
        typer.Option(
            "--answers",
            help="end: the answer key after the puzzles; separate: in NAME-answers.pdf.",
        ),
    ] = "end",
    versions: Annotated[
        int,
        typer.Option(
            "--versions",
            click_type=WholeNumber(),
            help=f"A class set: this many different sheets (1-{MAX_VERSIONS}) of the same "
            "kinds and levels, labelled A, B …, with one key for them all.",
        ),
    ] = 1,
    paper: Annotated[str, typer.Option("--paper", help="Paper size: a4 or letter.")] = "a4",
    rules: RulesFile = None,
    variant: Variants = None,
) -> None:
    """Print a practice sheet: positions checked by the solver, each with one right answer."""
    variants = parse_variants(variant)
    spec = rules_for(game, rules=rules, variant=variants)
    if not kind:
        if not spec.puzzle_kinds:
            raise OptionError(f"{spec.game} lists no puzzle kinds")
        kind = [spec.puzzle_kinds[0]]
    # Words are read as cards are: in any case.
    kinds, lang, answers = read_kinds(kind), choose_lang(lang, spec), answers.lower()
    difficulty = difficulty.lower() if difficulty is not None else None
    ask = _Ask(kinds, count, seed, difficulty, versions)
    layout = Layout(
        lang=lang,
        per_page=per_page,
        answers=answers,
        reprint=_reprint(spec.game, ask, lang, per_page, paper.lower(), rules, variant),
        paper=paper.lower(),
    )
    layout.check()
    for each in kinds:  # every kind is checked before the first is dealt
        kind_for(spec, each)
    piped = to_stdout(output, as_json, "-o")
    outputs = _outputs(output, answers, reads=(rules,))  # a bad path is said before the work
    sheets = _generate(spec, ask, lang)
    # The sheet, then the key when it is apart.
    writers = (write_sheet_pdf, write_key_pdf)[: len(outputs)]
    written = write_all(
        [
            Output(path, partial(write, spec, sheets, layout))
            for path, write in zip(outputs, writers, strict=True)
        ],
        reads=(rules,),
    )
    if not piped:
        emit(sheets.to_dict(), as_json, lambda: puzzles_view.view(spec, sheets, lang, written))


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


@dataclass(frozen=True, slots=True)
class _Ask:
    """What the sheet is made of: the kinds, how many puzzles, the seed, level and versions."""

    kinds: list[str]
    count: int
    seed: int
    difficulty: str | None
    versions: int


def _generate(spec, ask: _Ask, lang: str) -> ClassSet:
    """Make the sheets, with a progress bar on stderr once it has taken a second; an odds
    table a kind reads is built first, with the bar `mazo odds` shows."""
    if any(KINDS[kind].reads_odds_table for kind in ask.kinds):
        from mazo.solver.play import odds

        with odds_table_bar(spec, lang) as bar:
            odds.table(spec, bar)
    label = say(lang, "progress", kind=",".join(ask.kinds))
    with progress_bar(label, ask.count * ask.versions) as progress:
        return make_class_set(
            spec,
            ask.kinds,
            ask.count,
            seed=ask.seed,
            difficulty=ask.difficulty,
            versions=ask.versions,
            progress=progress,
        )


def _reprint(game, ask: _Ask, lang, per_page, paper, rules, variant) -> str:
    """The command that prints this sheet again, for the footer of the key's pages."""
    words = ["mazo", "puzzles", game, "--kind", ",".join(ask.kinds), "-n", str(ask.count)]
    words += ["--seed", str(ask.seed)]
    if ask.difficulty:
        words += ["--difficulty", ask.difficulty]
    words += ["--lang", lang]
    if per_page != DEFAULT_PER_PAGE:
        words += ["--per-page", str(per_page)]
    if ask.versions != 1:
        words += ["--versions", str(ask.versions)]
    if paper != "a4":
        words += ["--paper", paper]
    if rules:
        words += ["--rules", Path(rules).name]
    for item in variant or []:
        words += ["--variant", item]
    return shlex.join(words)
