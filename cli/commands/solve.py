"""`mazo solve GAME CARD...`: the best melds, loose points, discards and closes of a hand."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

import typer
from mazo import complete
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
    with_options,
)
from mazo.output import Lines, View, emit, print_json
from mazo.solver.api import rules_for, solve_many_with, split_options
from mazo.solver.errors import OptionError
from mazo.solver.mechanisms.base import Result
from mazo.solver.mechanisms.registry import (
    help_parts,
    mechanism_of,
    position_fields,
    position_help,
)
from mazo.solver.play.beside import Beside, beside
from mazo.solver.spec.rulespec import RuleSpec
from mazo.spoken import composed
from mazo.views.shown import shown_by, view_of


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def with_position_options(command: Callable[..., None]) -> Callable[..., None]:
    """The command with an option for each field of every mechanism's position, into
    `**position`."""
    options = [
        inspect.Parameter(
            name,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=None,
            annotation=Annotated[
                str | None,
                typer.Option(
                    _flag(name), help=composed(f"solve {name}", partial(position_help, name))
                ),
            ],
        )
        for name in position_fields()
    ]
    return with_options(command, options)


CARDS = (
    "The hand: card codes, one quoted string or several. {games} `-` reads hands from stdin, "
    'one per line (codes, or a JSON object {{"hand": [...], option: value}}).'
)


def _cards_help(lang: str) -> str:
    """The help of the hand: what each mechanism's games take, within the words of every
    game's (the catalogue's in Spanish)."""
    from mazo.views.help_words import ES

    text = CARDS if lang == "en" else ES["solve cards"]
    return text.format(games=" ".join(help_parts("solve cards", lang)))


@app.command()
@with_position_options
def solve(
    game: Game,
    cards: Annotated[
        list[str] | None,
        typer.Argument(help=composed("solve cards", _cards_help), show_default=False),
    ] = None,
    rules: RulesFile = None,
    variant: Variants = None,
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
            autocompletion=complete.listed("mazo.solver.backends", "Backend"),
        ),
    ] = "auto",
    lang: Lang = None,
    as_json: AsJson = False,
    **position: str | None,
) -> None:
    """Find the best melds of a hand, its loose points and every discard, best first."""
    fields = position_fields()
    base = {
        "rules": rules,
        "backend": backend,
        "time_limit": time_limit,
        **{
            name: one_card(_flag(name), value) if fields[name].metadata["card"] else value
            for name, value in position.items()
        },
    }
    variants = parse_variants(variant)
    if cards == ["-"]:
        raise typer.Exit(_batch(game, base, variants, lang, as_json))
    # A player may wait with an empty hand for a card offered (an option that `waits`).
    if not cards and not any(
        position[n] is not None for n, f in fields.items() if f.metadata["waits"]
    ):
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
    mechanism_of(spec).check_hand(spec, cards, settings)
    result = solve_many_with(spec, [cards], **settings)[0]
    return spec, result, beside(spec, result, settings)


def _json(result: Result, extra: Beside) -> dict[str, Any]:
    """The answer's JSON, and beside its ranking the fastest discard when a table has it."""
    return {**result.to_dict(), **extra.to_dict()}


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

    # Imported here: one hand, the usual call, never reads stdin.
    from mazo.batch import answer_lines

    return answer_lines(answer, as_json, what="the_hands")


def view(result: Result, spec: RuleSpec, lang: str, extra: Beside | None = None) -> View:
    """The answer's terminal view, by its type, in `lang`, with what goes `extra` beside a
    ranking; the mechanism's views are imported with its first answer: `mazo solve` starts
    light."""
    shown_by(mechanism_of(spec))
    return view_of(result)(result, spec, lang, extra)
