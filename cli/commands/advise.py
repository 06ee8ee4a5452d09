"""`mazo advise GAME CARD... --pozo-top CARD`: take the pozo's top card or draw blind?"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Annotated, Any

import typer
from mazo import complete
from mazo.batch import answer_lines
from mazo.cli import app
from mazo.options import (
    AsJson,
    Lang,
    RulesFile,
    Variants,
    choose_lang,
    one_card,
    parse_variants,
    with_line_variants,
)
from mazo.output import emit
from mazo.progress import OddsTableBar, odds_table_bar, progress_bar
from mazo.solver.api import rules_for, split_options
from mazo.solver.errors import InputError, OptionError
from mazo.solver.play.advise import HORIZONS, OPTIMAL, Advice, advise_with, default_horizon
from mazo.solver.spec.reader import whole_number
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views import advise as advise_view
from mazo.words import say
from typer._click.types import ParamType

# What a batch line may give besides its hand; anything else is a rule option of the game.
LINE_FIELDS = ("pozo_top", "seen", "horizon")


# The rules of the decision, as --help prints them (one paragraph a string: rich folds them).
HELP = "\n\n".join(
    [
        "Take the pozo's top card or draw blind? Exact chances over every card still unseen.",
        "Unseen cards: the deck less the hand, the pozo top and --seen (jokers count per copy); "
        "the blind draw is equally likely to be each. Take: the top card joins the hand and "
        "may be discarded again, but never as the discard that cuts. Draw: each unseen card in "
        "turn, then the game's best discard. A hand can cut (Gin: knock) when some allowed "
        "discard leaves a close. Horizon 2 (the default without an odds table): when no cut is "
        "possible now, keep the discard with the best chance of cutting after one more blind "
        "draw (ties: fewer loose points); the discard goes to the pozo and cannot be drawn.",
        "Advice: the option with the higher chance of cutting by the end of the next turn "
        "(horizon 1: this turn); on a tie, the lower expected loose points after this turn's "
        "best discard (the fewest any discard leaves); on a further tie, draw (it shows the "
        "rivals nothing). Probabilities are exact "
        'fractions: --json gives each as a number and as "k/n" beside it (FIELD_fraction).',
        "Horizon optimal (the default for Conga, Chinchón; `mazo odds`' table, built once per "
        "rules set): turns_to_cut after this turn, as `mazo odds` counts it for a hand after "
        "the draw. Take: 0 if it cuts now, else the fewest expected turns any allowed discard "
        "leaves; draw: the mean of the same over the unseen cards. Only this turn's draw comes "
        "from the position's unseen cards; later turns draw from the model's pool, the deck "
        "less the hand. Advice: fewer turns; on a tie, draw.",
    ]
)


class Horizon(ParamType):
    """--horizon: a whole number, read as every number a user gives is read, or `optimal`;
    anything else goes on to advise, which says what the horizon may be."""

    name = "1|2|optimal"

    def convert(self, value: Any, param: Any, ctx: Any) -> int | str:
        if isinstance(value, str) and value.strip().lower() == OPTIMAL:
            return OPTIMAL
        try:
            return whole_number(value, "--horizon")
        except InputError:
            return value


@app.command(help=HELP)
def advise(
    game: Annotated[
        str,
        typer.Argument(
            help="conga, chinchon or gin-rummy (or an alias).", autocompletion=complete.games
        ),
    ],
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            help="The hand before drawing, at its resting size (7; Gin 10). `-` reads positions "
            'from stdin, one JSON line each: {"hand": [...], "pozo_top": "4o", "seen": [...]}.',
            show_default=False,
        ),
    ] = None,
    pozo_top: Annotated[
        str | None,
        typer.Option("--pozo-top", help="The face-up card; without it only the draw is analysed."),
    ] = None,
    seen: Annotated[
        str | None,
        typer.Option(
            "--seen", help='Other cards known not to be in the stock, "CARDS" (buried, shown).'
        ),
    ] = None,
    horizon: Annotated[
        Any,
        typer.Option(
            "--horizon",
            click_type=Horizon(),
            autocompletion=complete.choices(*map(str, HORIZONS)),
            help="1: cut this turn; 2: cut by the next turn; optimal: fewest turns to the cut. "
            "Default: optimal where the rules have an odds table (built once, the first time), "
            "else 2.",
            show_default=False,
        ),
    ] = None,
    lang: Lang = None,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            help="auto, search or cpsat (as for `mazo solve`).",
            autocompletion=complete.listed("mazo.solver.backends", "Backend"),
        ),
    ] = "auto",
    rules: RulesFile = None,
    variant: Variants = None,
    as_json: AsJson = False,
) -> None:
    """Take the pozo's top card or draw blind? (The rules of the decision: HELP.)"""
    base = {
        "pozo_top": one_card("--pozo-top", pozo_top),
        "seen": seen,
        "horizon": horizon,
        "backend": backend,
    }
    variants = parse_variants(variant)
    if cards == ["-"]:
        raise typer.Exit(_batch(game, rules, variants, base, lang, as_json))
    if not cards:
        raise OptionError.of("advise_no_cards")
    spec, advice = _advise_one(game, rules, variants, cards, base, lang=lang)
    shown = choose_lang(lang, spec)
    emit(advice.to_dict(), as_json, lambda: advise_view.view(advice, spec, shown))


def _advise_one(
    game, rules, variants, hand, base, extra=None, *, lang=None
) -> tuple[RuleSpec, Advice]:
    extra = dict(extra or {})
    given = {k: extra.pop(k) for k in LINE_FIELDS if k in extra}
    call, line_variants = split_options(extra)
    if call:
        raise InputError.of("not_for_advise", name=repr(sorted(call)[0]))
    spec = rules_for(game, rules=rules, variant=with_line_variants(variants, line_variants))
    settings = {**base, **{k: v for k, v in given.items() if v is not None}}
    if settings["horizon"] is None:
        settings["horizon"] = default_horizon(spec)
    # A line's horizon is a JSON number or "optimal" (the command line's went through Horizon).
    line = given.get("horizon")
    if line not in (None, OPTIMAL) and (not isinstance(line, int) or isinstance(line, bool)):
        raise InputError.of("line_horizon", value=repr(line))
    if not isinstance(settings["seen"], str | list | None):
        raise InputError.of("line_seen")
    if not isinstance(settings["pozo_top"], str | None):
        raise InputError.of("line_pozo_top")
    shown = choose_lang(lang, spec)
    # CP-SAT may take minutes on a position the compiled search answers at once: say so.
    with (
        _building(spec, shown, settings["horizon"]) as building,
        progress_bar(say(shown, "advise_progress"), None) as progress,
    ):
        return spec, advise_with(spec, hand, progress=progress, building=building, **settings)


def _building(
    spec: RuleSpec, lang: str, horizon: Any
) -> AbstractContextManager[OddsTableBar | None]:
    """Horizon optimal: the bar `mazo odds` shows while the rules set's table is built."""
    return odds_table_bar(spec, lang) if horizon == OPTIMAL else nullcontext()


def _batch(game, rules, variants, base, lang, as_json) -> int:
    """Answer each stdin line in order; a bad line gets an error in its place, exit code 2."""
    # A bad game, spec or language stops at once; a line's house rules leave the language.
    shown = choose_lang(lang, rules_for(game, rules=rules, variant=variants))

    def answer(hand: Any, extra: dict[str, Any]) -> None:
        spec, advice = _advise_one(game, rules, variants, hand, base, extra, lang=lang)
        emit(advice.to_dict(), as_json, lambda: advise_view.view(advice, spec, shown))

    return answer_lines(answer, as_json, what="the_positions")
