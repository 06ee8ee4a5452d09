"""`mazo puzzles GAME --kind KIND`: practice worksheets with answer keys, as PDF and JSON."""

from __future__ import annotations

import shlex
import sys
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
from mazo.puzzles.classset import (
    MAX_VERSIONS,
    VERSION_LETTERS,
    ClassSet,
    make_class_set,
    read_kinds,
)
from mazo.puzzles.generate import FEWER_LEVELS, KINDS, MAX_PUZZLES, kind_for
from mazo.puzzles.kinds import LEVELS
from mazo.puzzles.offer import available_kinds
from mazo.puzzles.pdf import (
    ANSWERS,
    DEFAULT_PER_PAGE,
    Layout,
    answers_path,
    write_key_pdf,
    write_sheet_pdf,
)
from mazo.puzzles.wording import LEVEL_WORDS
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.solver.files import STDOUT, Output, check_outputs, check_pdf_name, write_all
from mazo.templates.page import PAPERS
from mazo.views import puzzles as puzzles_view
from mazo.words import say

ALL = "all"  # --kind all: every kind the game has

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
            "kinds share one sheet: `--kind a,b` or `--kind a --kind b`, -n split among them; "
            "`--kind all`: every kind the game has under these rules.",
            show_default=False,
        ),
    ] = None,
    count: Annotated[
        int,
        typer.Option(
            "-n",
            # every -n out of range said alike, whatever side of the range it falls
            click_type=WholeNumber(1, MAX_PUZZLES),
            help="Number of puzzles on a sheet (on each version).",
        ),
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
            "-o",
            "--output",
            help="Write the PDF here (default GAME-KIND-LANG.pdf in the current folder); `-` "
            "prints the answer key on a terminal, the PDF into a pipe.",
        ),
    ] = None,
    key_only: Annotated[
        bool,
        typer.Option("--key-only", help="Print the answer key on the terminal; write no file."),
    ] = False,
    split: Annotated[
        bool,
        typer.Option(
            "--split", help="With --versions: one file per version (NAME-A.pdf, NAME-B.pdf …)."
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the puzzles as JSON (a file only with -o FILE)."),
    ] = False,
    per_page: Annotated[
        int,
        typer.Option(
            "--per-page",
            click_type=WholeNumber(),
            help="At most this many puzzles a page (1-6), the same number on every page: 8 "
            "puzzles with --per-page 6 go on two pages of 4; the cards shrink to keep that "
            "many, and a page takes fewer only when even small cards do not fit. The answer "
            "key is compact: as many answers a page as fit.",
        ),
    ] = DEFAULT_PER_PAGE,
    answers: Annotated[
        str,
        typer.Option(
            "--answers",
            help="end: the answer key after the puzzles; separate: in NAME-answers.pdf "
            "(NAME-soluciones.pdf in Spanish).",
            autocompletion=complete.choices(*ANSWERS),
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
    paper: Annotated[
        str,
        typer.Option(
            "--paper", help="Paper size: a4 or letter.", autocompletion=complete.choices(*PAPERS)
        ),
    ] = "a4",
    rules: RulesFile = None,
    variant: Variants = None,
) -> None:
    """Write a practice sheet as PDF: positions checked by the solver, each with one right
    answer, and the answer key."""
    variants = parse_variants(variant)
    spec = rules_for(game, rules=rules, variant=variants)
    # Words are read as cards are: in any case.
    lang, answers = choose_lang(lang, spec), answers.lower()
    difficulty = difficulty.lower() if difficulty is not None else None
    difficulty = LEVEL_WORDS.get(difficulty, difficulty) if difficulty is not None else None
    kinds, named = _kinds(spec, kind, difficulty)
    ask = _Ask(kinds, count, seed, difficulty, versions, named, split)
    layout = Layout(
        lang=lang,
        per_page=per_page,
        answers=answers,
        reprint=_reprint(
            spec.game, ask, lang, _Files(per_page, answers, paper.lower(), output), rules, variant
        ),
        paper=paper.lower(),
    )
    layout.check()
    for each in kinds:  # every kind is checked before the first is dealt
        kind_for(spec, each)
    on_terminal = _key_on_terminal(output, key_only, split, as_json)
    piped = not on_terminal and to_stdout(output, as_json, "-o")
    if output is not None and not on_terminal:  # the name given, before --split names its files
        check_pdf_name(output, reads=(rules,))
    files = [] if on_terminal or (as_json and output is None) else _files(spec, ask, lang, output)
    # A bad path is said before the work; the key on the terminal has none.
    outputs = [] if on_terminal else _outputs(files, answers, lang, reads=(rules,))
    sheets = _generate(spec, ask, lang)
    parts = (sheets.split() if split else (sheets,)) if outputs else ()
    written = write_all(
        [
            Output(path, partial(write, spec, part, layout))
            for part, paths in zip(parts, outputs, strict=True)
            # The sheet's file, then the key's when it is apart.
            for path, write in zip(paths, (write_sheet_pdf, write_key_pdf), strict=False)
        ],
        reads=(rules,),
    )
    if not piped:
        emit(sheets.to_dict(), as_json, lambda: puzzles_view.view(spec, sheets, lang, written))


def _kinds(spec, asked: list[str] | None, difficulty: str | None) -> tuple[list[str], str]:
    """The kinds on the sheet, and how the command names them (in the reprint and the default
    file name): the game's first by default; `all`, every kind it has under these rules that
    reaches the level asked."""
    if not asked:
        if not spec.puzzle_kinds:
            raise OptionError.of("no_puzzle_kinds", game=spec.game)
        return [spec.puzzle_kinds[0]], spec.puzzle_kinds[0]
    kinds = read_kinds(asked)
    if ALL not in kinds:
        return kinds, ",".join(kinds)
    if kinds != [ALL]:
        raise OptionError.of("kind_all_alone")
    # An unknown level is said by the kinds' own check, not as "no kind reaches it".
    reached = [k for k in available_kinds(spec) if difficulty in (None, *KINDS[k].levels)]
    every = reached if difficulty in (None, *LEVELS) else available_kinds(spec)
    if not every:
        raise OptionError.of("no_kind_here", game=spec.game)
    return every, ALL


def _key_on_terminal(output: str | None, key_only: bool, split: bool, as_json: bool) -> bool:
    """Whether the key is printed and no file written: `--key-only`, or `-o -` on a terminal
    (into a pipe, `-o -` is the PDF)."""
    if key_only and output not in (None, STDOUT):
        raise OptionError.of("key_only_file")
    shown = key_only or (output == STDOUT and not as_json and sys.stdout.isatty())
    if split and (shown or output == STDOUT):
        raise OptionError.of("split_file")
    return shown


def _files(spec, ask: _Ask, lang: str, output: str | None) -> list[str]:
    """The sheets' files: -o's, or GAME-KIND-LANG.pdf in the current folder as `mazo rulebook`
    names its own; with --split, one per version beside it (NAME-A.pdf …)."""
    if output is None:
        output = str(Path.cwd() / f"{spec.game}-{ask.named.replace(',', '+')}-{lang}.pdf")
    if not ask.split:
        return [output]
    if ask.versions < 2:
        raise OptionError.of("split_versions")
    path = Path(output)
    return [
        str(path.with_name(f"{path.stem}-{label}{path.suffix or '.pdf'}"))
        for label in VERSION_LETTERS[: ask.versions]
    ]


def _outputs(
    files: list[str], answers: str, lang: str, *, reads: tuple[str | None, ...]
) -> list[list[str]]:
    """Each sheet's files, checked together: the sheet's, then the key's when it is separate.
    A sheet can take minutes: a path that cannot be written is said before it."""
    if answers != "separate":
        check_outputs(files, reads=reads)
        return [[path] for path in files]
    if not files:
        raise OptionError.of("separate_needs_file")
    paths = [[path, str(answers_path(Path(path), lang))] for path in files]
    if None in check_outputs([p for pair in paths for p in pair], reads=reads):
        # Standard output, a pipe or a device has no folder to put the key beside.
        raise OptionError.of("separate_needs_file")
    return paths


@dataclass(frozen=True, slots=True)
class _Ask:
    """What the sheet is made of: the kinds, how many puzzles, the seed, level and versions."""

    kinds: list[str]
    count: int
    seed: int
    difficulty: str | None
    versions: int
    named: str  # the kinds as the command names them: `all`, or a,b
    split: bool = False


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


@dataclass(frozen=True, slots=True)
class _Files:
    """How the sheet is laid out and where it goes: what the reprint repeats besides the ask."""

    per_page: int
    answers: str
    paper: str
    output: str | None


def _reprint(game, ask: _Ask, lang, files: _Files, rules, variant) -> str:
    """The command that prints this sheet again, the same files under the same names, for the
    footer of the key's pages; the rules file as given, so it is found from the same folder."""
    per_page, paper = files.per_page, files.paper
    words = ["mazo", "puzzles", game, "--kind", ask.named, "-n", str(ask.count)]
    words += ["--seed", str(ask.seed)]
    if ask.difficulty:
        words += ["--difficulty", ask.difficulty]
    words += ["--lang", lang]
    if per_page != DEFAULT_PER_PAGE:
        words += ["--per-page", str(per_page)]
    if ask.versions != 1:
        words += ["--versions", str(ask.versions)]
    if ask.split:
        words += ["--split"]
    if paper != "a4":
        words += ["--paper", paper]
    if files.answers != "end":
        words += ["--answers", files.answers]
    if files.output is not None:
        words += ["-o", files.output]
    if rules:
        words += ["--rules", rules]
    for item in variant or []:
        words += ["--variant", item]
    return shlex.join(words)
