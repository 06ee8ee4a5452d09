"""`mazo solve GAME CARD...`: the best melds, loose points, discards and closes of a hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import typer
from mazo import complete
from mazo.batch import answer_lines
from mazo.cli import app
from mazo.options import (
    AsJson,
    Game,
    Lang,
    RulesFile,
    Seconds,
    Variants,
    choose_lang,
    one_card,
    parse_variants,
    with_line_variants,
)
from mazo.output import Lines, View, emit, print_json
from mazo.solver.api import rules_for, solve_many_with, split_options
from mazo.solver.errors import InputError, OptionError
from mazo.solver.mechanisms.registry import (
    CANASTA,
    CONQUIAN,
    RUMMY,
    Mechanism,
    Result,
    mechanism_of,
)
from mazo.solver.mechanisms.rummy.result import SolveResult
from mazo.solver.play.beside import Beside, beside
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views import rummy


@app.command()
def solve(
    game: Game,
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            help="The hand: card codes, one quoted string or several. Conga, Chinchón and Gin "
            "take the resting size (7, 7, 10), one card more (every discard ranked) or more "
            "(analysed as one arrangement). Conquián: hand and --table hold at most the hand size "
            "(8) between them; fewer is a partial position, analysed with only the cards given; an "
            "empty hand needs all 8 on the table. `-` reads hands from stdin, one per line (codes, "
            'or a JSON object {"hand": [...], option: value}).',
            show_default=False,
        ),
    ] = None,
    rules: RulesFile = None,
    variant: Variants = None,
    drawn_from_pozo: Annotated[
        str | None,
        typer.Option(
            "--drawn-from-pozo",
            help="The card just taken from the pozo: it cannot be the cutting discard.",
        ),
    ] = None,
    upcard: Annotated[
        str | None,
        typer.Option(
            "--upcard",
            help="Gin under Oklahoma: the hand's first upcard, which sets the knock limit.",
        ),
    ] = None,
    faced: Annotated[
        str | None,
        typer.Option("--faced", help="Conquián: the faced card offered to the player."),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option("--table", help='Conquián, Canasta: the team\'s melds, "MELD; MELD".'),
    ] = None,
    rival_table: Annotated[
        str | None,
        typer.Option("--rival-table", help='Conquián: a rival\'s melds, "MELD; MELD".'),
    ] = None,
    score: Annotated[
        str | None, typer.Option("--score", help="Canasta: the team's cumulative score.")
    ] = None,
    pozo_top: Annotated[
        str | None, typer.Option("--pozo-top", help="Canasta: the top card of the pozo.")
    ] = None,
    pozo: Annotated[
        str | None,
        typer.Option("--pozo", help='Canasta: the other cards of the pozo, "CARDS".'),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            click_type=Seconds(),
            help="Seconds the optimiser may take per position.",
        ),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            help="auto (the fast exact search for hands of playing size, else CP-SAT), "
            "search or cpsat.",
            autocompletion=complete.listed("mazo.solver.mechanisms.rummy.analysis", "BACKENDS"),
        ),
    ] = "auto",
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """Find the best melds of a hand, its loose points and every discard, best first."""
    base = {
        "rules": rules,
        "backend": backend,
        "drawn_from_pozo": one_card("--drawn-from-pozo", drawn_from_pozo),
        "upcard": one_card("--upcard", upcard),
        "time_limit": time_limit,
        "faced": one_card("--faced", faced),
        "table": table,
        "rival_table": rival_table,
        "score": score,
        "pozo_top": one_card("--pozo-top", pozo_top),
        "pozo": pozo,
    }
    variants = parse_variants(variant)
    if cards == ["-"]:
        raise typer.Exit(_batch(game, base, variants, lang, as_json))
    if not cards and faced is None:  # a Conquián player may wait with an empty hand
        raise OptionError.of("no_cards")
    spec, result, extra = _solve_one(game, cards or [], base, variants)
    shown = choose_lang(lang, spec)
    emit(_json(result, extra), as_json, lambda: view(result, spec, shown, extra))


def _solve_one(
    game: str,
    hand: Any,
    base: dict[str, Any],
    variants: dict[str, Any],
    extra: dict[str, Any] | None = None,
) -> tuple[RuleSpec, Any, Beside]:
    """The rules in force, the answer under them and what goes beside it."""
    call, line_variants = split_options(extra or {})
    settings = {**base, **{k: v for k, v in call.items() if v is not None}}
    spec = rules_for(
        game, rules=settings.pop("rules", None), variant=with_line_variants(variants, line_variants)
    )
    cards = spec.deck.parse_hand(hand)
    check_hand_size(spec, cards, waiting=settings.get("faced") is not None)
    result = solve_many_with(spec, [cards], **settings)[0]
    return spec, result, beside(spec, result, settings)


def _json(result: Result, extra: Beside) -> dict[str, Any]:
    """The answer's JSON, and beside its ranking the fastest discard when a table has it."""
    return {**result.to_dict(), **extra.to_dict()}


def check_hand_size(spec: RuleSpec, cards: tuple, *, waiting: bool = False) -> None:
    """Refuse a hand of a size the game never has (a Conquián player may wait with none)."""
    if not cards and not (mechanism_of(spec).faced_card and waiting):
        raise InputError.of("empty_hand")
    # Conquián's hand is checked with the table it goes with; Canasta's grows with the pozo.
    if mechanism_of(spec).refuses_short_hands and len(cards) < spec.hand_size:
        raise InputError.of(
            "hand_size",
            game=spec.game,
            size=spec.hand_size,
            more=spec.hand_size + 1,
            given=len(cards),
        )


def _batch(
    game: str, base: dict[str, Any], variants: dict[str, Any], lang: str | None, as_json: bool
) -> int:
    """Answer each stdin line in order; a bad line gets an error in its place, exit code 2."""
    # A bad game, spec or language stops at once; a line's house rules leave the language.
    shown = choose_lang(lang, rules_for(game, rules=base["rules"], variant=variants))
    lines = None if as_json else Lines()
    answered = 0

    def answer(hand: Any, extra: dict[str, Any]) -> None:
        nonlocal answered
        spec, result, beside = _solve_one(game, hand, base, variants, extra)
        if lines is None:
            print_json(_json(result, beside))
        else:
            if answered:
                lines.print()  # a blank line between hands in the terminal view
            lines.show(view(result, spec, shown, beside))
            lines.flush()  # a program that writes a line and reads the answer gets it now
        answered += 1

    return answer_lines(answer, as_json, what="the_hands")


def view(result: Result, spec: RuleSpec, lang: str, extra: Beside | None = None) -> View:
    """The answer's terminal view, by the spec's mechanism, in `lang`; a rummy hand's with what
    goes `extra` beside its ranking."""
    if extra is not None and isinstance(result, SolveResult):
        return rummy.view(result, spec, lang, extra)
    return VIEWS[mechanism_of(spec)](result, spec, lang)


# Conquián's and Canasta's views are imported only for them: `mazo solve` starts light.
def _conquian_view(result: Any, spec: RuleSpec, lang: str) -> View:
    from mazo.views import conquian

    return conquian.view(result, lang)


def _canasta_view(result: Any, spec: RuleSpec, lang: str) -> View:
    from mazo.views import canasta

    return canasta.view(result, lang)


VIEWS: dict[Mechanism[Any], Callable[[Any, RuleSpec, str], View]] = {
    RUMMY: rummy.view,
    CONQUIAN: _conquian_view,
    CANASTA: _canasta_view,
}
