"""`mazo odds GAME CARD...`: the discard that cuts soonest, and how long the cut takes."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from mazo.cli import app
from mazo.options import AsJson, Game, Lang, RulesFile, Variants, choose_lang, parse_variants
from mazo.output import check_output, emit, write_atomically
from mazo.solver.errors import InputError
from mazo.solver.play.odds import MODEL, DealOdds, DrawnOdds, HandOdds, odds
from mazo.solver.play.odds import deal as deal_figures
from mazo.solver.spec.load import RuleSpec
from mazo.views import odds as odds_view


class _Bar:
    """A rich progress bar on stderr while a table is built: what, which stage, how far."""

    def __init__(self, text: str):
        self.text = text
        self.progress: Any = None
        self.task: Any = None

    def __call__(self, stage: str, done: float) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        if self.progress is None:
            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[stage]}"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task(self.text, total=1.0, stage="")
        self.progress.update(self.task, stage=stage, completed=done)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


def _plot(path: str, spec: RuleSpec, result: DealOdds, lang: str, bar, *, reads) -> None:
    """The chance to cut by each turn under the rules in force, and beside it, when they are
    not the game's own, under the game's defaults."""
    from mazo.templates.scoresheet import write_odds_curves

    curves = {"odds_rules": result.cut_within}
    if spec.changed_options() or spec.variant_name:
        curves["odds_defaults"] = deal_figures(spec.game, progress=bar).cut_within
    write_atomically(path, lambda out: write_odds_curves(out, spec, curves, lang=lang), reads=reads)


@app.command("odds", help=f"The discard that cuts soonest, and the turns it takes. {MODEL}")
def odds_command(
    game: Game,
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            help="The resting hand (7 cards) or one card more (every discard ranked).",
            show_default=False,
        ),
    ] = None,
    rules: RulesFile = None,
    variant: Variants = None,
    lang: Lang = None,
    deal: Annotated[
        bool, typer.Option("--deal", help="No cards: the figures of a random deal.")
    ] = False,
    build: Annotated[
        bool, typer.Option("--build", help="Build the rules set's table now (again if cached).")
    ] = False,
    plot: Annotated[
        str | None,
        typer.Option(
            "--plot",
            help="With --deal: draw the chance to cut by each turn as a PDF, beside the game's "
            "defaults when other rules are in force.",
        ),
    ] = None,
    as_json: AsJson = False,
) -> None:
    from mazo.solver.api import rules_for

    variants = parse_variants(variant)
    spec = rules_for(game, rules=rules, variant=variants)
    lang = choose_lang(lang, spec)
    if cards and (deal or build or plot is not None):
        raise InputError("--deal, --build and --plot take no cards: they are about every deal")
    if not cards and not (deal or build):
        raise InputError("give the hand's cards, or --deal for a random deal")
    if plot is not None:
        if not plot.lower().endswith(".pdf"):
            raise InputError(f"--plot writes a PDF: give it a .pdf name, not {plot!r}")
        check_output(plot, reads=(rules,))
    bar = _Bar(odds_view.building(spec, lang)) if sys.stderr.isatty() else None
    result: HandOdds | DrawnOdds | DealOdds
    try:
        if not cards:
            result = deal_figures(game, rules=rules, variant=variants, progress=bar, rebuild=build)
            if plot is not None:
                _plot(plot, spec, result, lang, bar, reads=(rules,))
        else:
            result = odds(game, cards, rules=rules, variant=variants, progress=bar)
    finally:
        if bar:
            bar.close()
    emit(result.to_dict(), as_json, lambda: odds_view.view(result, spec, lang))
