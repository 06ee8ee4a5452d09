"""`mazo solve GAME CARD...`: the best melds, loose points, discards and closes of a hand."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from mazo.cardtext import cards_text
from mazo.cli import app
from mazo.output import console, emit, print_json
from mazo.solver.api import rules_for, solve_with, split_options
from mazo.solver.errors import InputError, MazoError, OptionError


def parse_variants(items: list[str] | None) -> dict[str, str]:
    """`--variant KEY=VALUE` pairs as a mapping; a malformed pair is a usage error."""
    found: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"--variant takes KEY=VALUE, got {item!r}")
        found[key.strip().replace("-", "_")] = value.strip()
    return found


@app.command()
def solve(
    game: Annotated[str, typer.Argument(help="Game name or alias (see `mazo games`).")],
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            help="The hand: card codes, one quoted string or several; `-` reads hands from stdin, "
            'one per line (codes, or a JSON object {"hand": [...], option: value}).',
            show_default=False,
        ),
    ] = None,
    rules: Annotated[str | None, typer.Option("--rules", help="A rules file (YAML).")] = None,
    variant: Annotated[
        list[str] | None, typer.Option("--variant", help="A house rule, KEY=VALUE (repeatable).")
    ] = None,
    drawn_from_pozo: Annotated[
        str | None,
        typer.Option(
            "--drawn-from-pozo",
            help="The card just taken from the pozo: it cannot be the cutting discard.",
        ),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option("--time-limit", help="Seconds the optimiser may take per position."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Find the best melds of a hand, its loose points and every discard, best first."""
    base = {"rules": rules, "drawn_from_pozo": drawn_from_pozo, "time_limit": time_limit}
    variants = parse_variants(variant)
    if cards == ["-"]:
        raise typer.Exit(_batch(game, base, variants, as_json))
    if not cards:
        raise OptionError("no cards given: name the hand's cards, or `-` to read hands from stdin")
    result = _solve_one(game, cards, base, variants)
    emit(result.to_dict(), as_json, lambda out: show(out, result))


def _solve_one(
    game: str,
    hand: Any,
    base: dict[str, Any],
    variants: dict[str, Any],
    extra: dict[str, Any] | None = None,
):
    call, line_variants = split_options(extra or {})
    settings = {**base, **{k: v for k, v in call.items() if v is not None}}
    spec = rules_for(game, rules=settings.get("rules"), variant={**variants, **line_variants})
    return solve_with(
        spec,
        hand,
        drawn_from_pozo=settings.get("drawn_from_pozo"),
        time_limit=settings.get("time_limit"),
    )


def _batch(game: str, base: dict[str, Any], variants: dict[str, Any], as_json: bool) -> int:
    """Answer each stdin line in order; a bad line gets an error in its place, exit code 2."""
    rules_for(game, rules=base["rules"], variant=variants)  # a bad game or spec stops at once
    failed = False
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            hand, extra = _read_line(line)
            result = _solve_one(game, hand, base, variants, extra)
        except MazoError as error:
            failed = True
            if as_json:
                print_json({"error": str(error), "line": number})
            else:
                typer.echo(f"mazo: error: line {number}: {error}", err=True)
            continue
        emit(result.to_dict(), as_json, lambda out, r=result: show(out, r))
    return 2 if failed else 0


def _read_line(line: str) -> tuple[Any, dict[str, Any]]:
    text = line.strip()
    if not text.startswith("{"):
        return text, {}
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}") from None
    if not isinstance(obj, dict) or "hand" not in obj:
        raise InputError('a JSON line needs a "hand": {"hand": ["1o", "2o", ...]}')
    hand = obj.pop("hand")
    if not isinstance(hand, str | list):
        raise InputError('"hand" is a list of card codes or one string')
    return hand, obj


def show(out, result) -> None:
    """The terminal view: melds grouped, loose cards, the verdict and the ranked discards."""
    from rich.table import Table
    from rich.text import Text

    spec = rules_for(result.game) if not result.variant else None
    out.print(Text.assemble(("Hand  ", "dim"), cards_text(result.hand)))
    for kind, meld in zip(result.meld_kinds, result.melds, strict=True):
        name = spec.meld_kind(kind).names["en"] if spec else kind
        out.print(Text.assemble(("Meld  ", "dim"), cards_text(meld), (f"   {name}", "dim")))
    loose = cards_text(result.deadwood) if result.deadwood else Text("none", style="dim")
    out.print(Text.assemble(("Loose ", "dim"), loose, f"   = {result.deadwood_points} points"))
    if result.discard:
        out.print(Text.assemble(("Discard ", "dim"), cards_text([result.discard])))
    verdict = _close_label(result.close) if result.can_cut else "no cut"
    out.print(Text.assemble(("Close ", "dim"), (verdict, "bold")))
    if not result.proven_optimal:
        out.print(Text("(not proven optimal: the time limit stopped the search)", style="yellow"))
    if len(result.discards) > 1:
        table = Table(title="Every discard, best first", title_justify="left", box=None)
        for column in ("discard", "loose points", "close", "melds"):
            table.add_column(column)
        for option in result.discards:
            table.add_row(
                cards_text([option.card]),
                str(option.deadwood_points),
                _close_label(option.close) if option.close else "—",
                Text("  ").join(cards_text(m) for m in option.melds),
            )
        out.print(table)


def _close_label(close_id: str | None) -> str:
    return (close_id or "").replace("_", " ")


__all__ = ["console", "solve"]
