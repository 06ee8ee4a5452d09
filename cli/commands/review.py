"""`mazo review FILE`: a player's decisions in a game record, each judged against the fastest
play by the solitaire model (the rivals are not modelled), with the mistakes marked."""

from __future__ import annotations

from typing import Annotated

import typer
from mazo.cli import app
from mazo.options import AsJson, Lang, choose_lang
from mazo.output import Lines, print_json, to_stdout
from mazo.progress import odds_table_bar, progress_bar
from mazo.solver.files import check_pdf_output, write_atomically
from mazo.solver.game.bots.fastest import has_table
from mazo.solver.game.judge import Judge
from mazo.solver.game.record import read_record
from mazo.solver.game.review import review as review_record
from mazo.solver.game.review import reviewed_player
from mazo.solver.play import odds
from mazo.views import review as review_view
from mazo.views.lines import wrote
from mazo.words import say


@app.command()
def review(
    file: Annotated[str, typer.Argument(help="The game record (JSON Lines, format 1).")],
    player: Annotated[
        str | None,
        typer.Option(
            "--player",
            help="Whose decisions to judge (default: the record's one person, as mazo play "
            "seats them).",
            show_default=False,
        ),
    ] = None,
    pdf: Annotated[
        str | None,
        typer.Option(
            "--pdf",
            help="Also write the review as a PDF to hand back: the summary and each "
            "round's costliest moments, the cards drawn.",
            show_default=False,
        ),
    ] = None,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """Judge each decision a player made in a recorded game (take or draw, the discard, cutting
    or not) against the fastest play, from what that player knew then: the cost in expected
    turns to the cut (Gin Rummy: in points of the chance to knock by the next turn), graded
    ?! inaccuracy, ? mistake, ?? blunder; per round and for the match, the accuracy, the cost,
    the costliest moments, the hints and undos. The solitaire model: the rivals are not
    modelled."""
    record = read_record(file)
    shown = choose_lang(lang, record.spec)  # the record's game read: its errors speak it too
    name = reviewed_player(record, player)
    piped = to_stdout(pdf, as_json, "--pdf")
    if pdf is not None:
        check_pdf_output(pdf, reads=(file,))
    if has_table(record.spec):
        with odds_table_bar(record.spec, shown) as bar:
            odds.table(record.spec, bar)  # built now when not kept, with its bar
    judge = Judge(record.spec)
    with progress_bar(say(shown, "review_progress"), None) as bar:
        found = review_record(record, name, judge=judge, progress=lambda done, _: bar(done))
    if pdf is not None:
        from mazo.templates.pdf import write_pdf
        from mazo.views.review_sheet import review_sheet

        sheet = review_sheet(found, shown)
        write_atomically(pdf, lambda path: write_pdf(sheet, str(path)), reads=(file,))
    if piped:
        return  # the PDF is the command's standard output
    if as_json:
        print_json(found.to_dict())
        return
    lines = Lines()
    lines.show(review_view.view(found, shown))
    if pdf is not None:
        lines.show(wrote(pdf, shown))
