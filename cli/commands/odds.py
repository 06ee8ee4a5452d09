"""`mazo odds GAME CARD...`: the discard that cuts soonest, and how long the cut takes."""

from __future__ import annotations

from typing import Annotated

import typer
from mazo.cli import app
from mazo.options import AsJson, Game, Lang, RulesFile, Variants, choose_lang, parse_variants
from mazo.output import emit, to_stdout
from mazo.progress import odds_table_bar
from mazo.solver.errors import InputError
from mazo.solver.files import check_pdf_name, write_atomically
from mazo.solver.play.odds import (
    MODEL,
    DealOdds,
    DrawnOdds,
    HandOdds,
    deal_odds,
    odds,
    refusal,
    rules_key,
    table,
)
from mazo.solver.play.odds import deal as deal_figures
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views import odds as odds_view
from mazo.words import say


def _plot(path: str, spec: RuleSpec, result: DealOdds, lang: str, *, rules_file) -> None:
    """The chance to cut by each turn under the rules in force, and beside it, when they cut
    otherwise than the game's own (a built-in game's, or a whole spec file's with no option
    changed) and those have a table, under those (their table built if need be)."""
    from mazo.rulebooks.book import house_rules_said
    from mazo.solver.api import rules_for
    from mazo.solver.spec.load import game_names
    from mazo.views.score_sheets import write_odds_curves

    # The chart's caption says the rules in a player's words, as the book's cover does.
    name, changes = spec.variant_name, house_rules_said(spec, lang)
    rules = f"{name} ({changes})" if name and changes else name or changes
    builtin = spec.game in game_names()
    defaults = rules_for(spec.game) if builtin else rules_for(None, rules=rules_file)
    curves = {"odds_rules" if rules else "odds_defaults": (result.turns_to_cut, result.cut_within)}
    if refusal(defaults) is None and rules_key(defaults) != rules_key(spec):
        with odds_table_bar(defaults, lang, beside=True) as bar:
            theirs = deal_odds(table(defaults, bar), defaults)
        curves["odds_defaults"] = (theirs.turns_to_cut, theirs.cut_within)

    def write(out) -> None:
        write_odds_curves(out, spec, curves, rules=rules, lang=lang)

    write_atomically(path, write, reads=(rules_file,))


def _check_asked(
    cards: bool, deal: bool, build: bool, plot: str | None, rules, as_json: bool
) -> bool:
    """A hand, or a deal (its plot with it), or a build: one of them, before any work. Whether
    the plot goes to standard output (and nothing else does)."""
    if cards and (deal or build or plot is not None):
        raise InputError.of("odds_no_cards")
    if plot is not None and not deal:
        raise InputError.of("plot_needs_deal")
    if not cards and not (deal or build):
        raise InputError.of("cards_or_deal")
    if plot is not None:
        check_pdf_name(plot, reads=(rules,))
    return to_stdout(plot, as_json, "--plot")


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
    piped = _check_asked(bool(cards), deal, build, plot, rules, as_json)
    result: HandOdds | DrawnOdds | DealOdds
    with odds_table_bar(spec, lang) as bar:
        if cards:
            result = odds(game, cards, rules=rules, variant=variants, progress=bar)
        else:
            result = dealt = deal_figures(
                game, rules=rules, variant=variants, progress=bar, rebuild=build
            )
    if plot is not None:  # with --deal, so without cards
        _plot(plot, spec, dealt, lang, rules_file=rules)
    if piped:
        return  # the PDF is the command's standard output
    emit(result.to_dict(), as_json, lambda: odds_view.view(result, spec, lang))
    if plot is not None and not as_json:
        typer.echo(say(lang, "wrote", path=plot))
