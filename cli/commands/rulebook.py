"""`mazo rulebook GAME`: the printable rules of a game, as its table plays them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from mazo import complete
from mazo.cli import app
from mazo.options import Game, Lang, RulesFile, Variants, choose_lang, parse_variants
from mazo.output import to_stdout
from mazo.rulebooks.book import build_book
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError, quoted
from mazo.solver.files import check_output, check_pdf_name, write_atomically
from mazo.solver.messages import either
from mazo.templates.markdown import to_markdown
from mazo.templates.page import PAPERS
from mazo.templates.pdf import write_pdf
from mazo.words import say

FORMATS = ("pdf", "md")


@app.command()
def rulebook(
    game: Game,
    lang: Lang = None,
    output: Annotated[
        str | None, typer.Option("-o", "--output", help="File to write (default GAME-LANG.pdf).")
    ] = None,
    fmt: Annotated[
        str | None,
        typer.Option(
            "--format",
            help="pdf or md (default: as the -o file's name ends, else pdf).",
            autocompletion=complete.choices(*FORMATS),
        ),
    ] = None,
    paper: Annotated[
        str,
        typer.Option("--paper", help="a4 or letter.", autocompletion=complete.choices(*PAPERS)),
    ] = "a4",
    rules: RulesFile = None,
    variant: Variants = None,
) -> None:
    """Write the rulebook of a game (PDF or Markdown), with the house rules in force."""
    fmt, paper = _format(fmt, output), paper.lower()  # words read as cards are
    if fmt not in FORMATS:
        raise OptionError.of("flag_takes", flag="--format", values=either(FORMATS), value=repr(fmt))
    if paper not in PAPERS:
        raise OptionError.of("flag_takes", flag="--paper", values=either(PAPERS), value=repr(paper))
    if output is not None and fmt == "pdf":  # before the book is made
        check_pdf_name(output, reads=(rules,))
    elif output is not None:
        check_output(output, reads=(rules,), suffix=".md")
    given = parse_variants(variant)
    spec = rules_for(game, rules=rules, variant=given)
    lang = choose_lang(lang, spec)
    book = build_book(spec, lang, rules_file=rules, given=(*given,))
    target = f"{spec.game}-{lang}.{fmt}" if output is None else output
    if fmt == "md":
        text = to_markdown(book)
        write_atomically(
            target, lambda path: path.write_text(text, encoding="utf-8"), reads=(rules,), text=True
        )
    else:
        write_atomically(
            target, lambda path: write_pdf(book, str(path), paper=paper), reads=(rules,)
        )
    if not to_stdout(target, False, "-o"):
        typer.echo(say(lang, "wrote", path=target))


def _format(fmt: str | None, output: str | None) -> str:
    """The book's format: --format, else the one the -o file's name ends in (book.md is
    Markdown), else PDF. A name that ends in the other format is a mistake to say, not a PDF
    written into book.md."""
    named = Path(output).suffix.lower().lstrip(".") if output and output != "-" else ""
    if fmt is None:
        return named if named in FORMATS else "pdf"
    if named in FORMATS and named != fmt.lower():
        raise OptionError.of("rulebook_suffix", path=quoted(output), fmt=fmt.lower())
    return fmt.lower()
