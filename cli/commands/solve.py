"""`mazo solve GAME CARD...`: the best melds, loose points, discards and closes of a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer
from mazo.batch import answer_lines
from mazo.cardtext import card_part, cards_parts, joined
from mazo.cli import app
from mazo.options import AsJson, RulesFile, Variants, parse_variants
from mazo.output import Lines, emit, print_json
from mazo.solver.api import rules_for, solve_many_with, split_options
from mazo.solver.errors import InputError, OptionError
from mazo.solver.mechanisms.rummy.result import SolveResult, UpcardSolveResult
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_line
from mazo.solver.spec.load import RuleSpec
from mazo.solver.words import agree

if TYPE_CHECKING:
    from mazo.solver.mechanisms.canasta.solve import CanastaResult
    from mazo.solver.mechanisms.conquian.solve import ConquianResult


@app.command()
def solve(
    game: Annotated[str, typer.Argument(help="Game name or alias (see `mazo games`).")],
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
        typer.Option("--time-limit", help="Seconds the optimiser may take per position."),
    ] = None,
    backend: Annotated[
        str,
        typer.Option(
            "--backend",
            help="auto (the fast exact search for hands of playing size, else CP-SAT), "
            "search or cpsat.",
        ),
    ] = "auto",
    as_json: AsJson = False,
) -> None:
    """Find the best melds of a hand, its loose points and every discard, best first."""
    base = {
        "rules": rules,
        "backend": backend,
        "drawn_from_pozo": drawn_from_pozo,
        "upcard": upcard,
        "time_limit": time_limit,
        "faced": faced,
        "table": table,
        "rival_table": rival_table,
        "score": score,
        "pozo_top": pozo_top,
        "pozo": pozo,
    }
    variants = parse_variants(variant)
    if cards == ["-"]:
        raise typer.Exit(_batch(game, base, variants, as_json))
    if not cards and faced is None:  # a Conquián player may wait with an empty hand
        raise OptionError("no cards given: name the hand's cards, or `-` to read hands from stdin")
    spec, result = _solve_one(game, cards or [], base, variants)
    emit(result.to_dict(), as_json, lambda out: show(Lines(out), result, spec))


def _solve_one(
    game: str,
    hand: Any,
    base: dict[str, Any],
    variants: dict[str, Any],
    extra: dict[str, Any] | None = None,
) -> tuple[RuleSpec, Any]:
    """The rules in force and the answer under them."""
    call, line_variants = split_options(extra or {})
    settings = {**base, **{k: v for k, v in call.items() if v is not None}}
    spec = rules_for(game, rules=settings.pop("rules", None), variant={**variants, **line_variants})
    cards = spec.deck.parse_hand(hand)
    check_hand_size(spec, cards, waiting=settings.get("faced") is not None)
    return spec, solve_many_with(spec, [cards], **settings)[0]


def check_hand_size(spec: RuleSpec, cards: tuple, *, waiting: bool = False) -> None:
    """Refuse a hand of a size the game never has (a Conquián player may wait with none)."""
    if not cards and not (spec.mechanism == "conquian" and waiting):
        raise InputError("the hand is empty: name its cards")
    # Conquián's hand is checked with the table it goes with; Canasta's grows with the pozo.
    if spec.mechanism == "rummy" and len(cards) < spec.hand_size:
        raise InputError(
            f"a {spec.game} hand has {spec.hand_size} cards, {spec.hand_size + 1} with the card "
            f"to discard, or more to analyse as one arrangement; got {len(cards)}"
        )


def _batch(game: str, base: dict[str, Any], variants: dict[str, Any], as_json: bool) -> int:
    """Answer each stdin line in order; a bad line gets an error in its place, exit code 2."""
    rules_for(game, rules=base["rules"], variant=variants)  # a bad game or spec stops at once
    lines = None if as_json else Lines()
    answered = 0

    def answer(hand: Any, extra: dict[str, Any]) -> None:
        nonlocal answered
        spec, result = _solve_one(game, hand, base, variants, extra)
        if lines is None:
            print_json(result.to_dict())
        else:
            if answered:
                lines.print()  # a blank line between hands in the terminal view
            show(lines, result, spec)
            lines.flush()  # a program that writes a line and reads the answer gets it now
        answered += 1

    return answer_lines(answer, as_json, what="the hands")


def show(out: Lines, result, spec: RuleSpec) -> None:
    """The terminal view: melds grouped, loose cards, the verdict and the ranked discards."""
    if not isinstance(result, SolveResult):  # Conquián's or Canasta's, imported only for them
        from mazo.solver.mechanisms.canasta.solve import CanastaResult

        return (show_canasta if isinstance(result, CanastaResult) else show_conquian)(out, result)

    out.print(("Hand  ", "dim"), cards_parts(result.hand))
    for kind, meld in zip(result.meld_kinds, result.melds, strict=True):
        name = spec.meld_kind(kind).names["en"]
        out.print(("Meld  ", "dim"), cards_parts(meld), (f"   {name}", "dim"))
    loose = cards_parts(result.deadwood) if result.deadwood else ("none", "dim")
    points = agree(result.deadwood_points, "{n} point", "{n} points")
    out.print(("Loose ", "dim"), loose, f"   = {points}")
    if result.discard:
        out.print(("Discard ", "dim"), [card_part(result.discard)])
    out.print(("Close ", "dim"), (_verdict(result, spec), "bold"))
    if isinstance(result, UpcardSolveResult):
        out.print((upcard_line(spec, spec.deck.parse_card(result.upcard)), "dim"))
    elif oklahoma_on(spec):
        assert spec.scoring.oklahoma is not None  # oklahoma_on
        limit = spec.close(spec.scoring.oklahoma.close).max_deadwood
        out.print((f"Oklahoma without --upcard: solved at knock_limit, {limit}", "yellow"))
    if not result.proven_optimal:
        out.print(("(not proven optimal: the time limit stopped the search)", "yellow"))
    if len(result.discards) > 1:
        out.print(("Every discard, best first", "italic"))
        header = [[(h, "bold")] for h in ("discard", "loose points", "close", "melds")]
        rows = [header] + [
            [
                [card_part(option.card)],
                [(str(option.deadwood_points), "")],
                [(_close_label(option.close) if option.close else "—", "")],
                joined((cards_parts(m) for m in option.melds), "  "),
            ]
            for option in result.discards
        ]
        _print_columns(out, rows)


def _print_columns(out: Lines, rows) -> None:
    """Rows of cells (lists of parts) in aligned columns, as a borderless rich Table draws them:
    importing rich.table costs more than the whole solve, and one call must start fast."""
    from rich.cells import cell_len

    widths = [[cell_len("".join(text for text, _ in cell)) for cell in row] for row in rows]
    columns = [max(row[i] for row in widths) for i in range(len(rows[0]))]
    for row, width in zip(rows, widths, strict=True):
        line = [(" ", "")]
        for cell, used, column in zip(row[:-1], width, columns, strict=False):
            line += [*cell, (" " * (column - used + 2), "")]
        out.print(line + row[-1])


def _line(out: Lines, label: str, *parts) -> None:
    out.print((f"{label:<9}", "dim"), *parts)


def _melds_text(melds):
    return joined((cards_parts(m) for m in melds), "   ") if melds else ("none", "dim")


def _yes(flag: bool | None) -> tuple[str, str]:
    return ("yes", "bold green") if flag else ("no", "bold red")


def show_conquian(out: Lines, result: ConquianResult) -> None:
    """Conquián: the faced card, whether it is used, the table after the play, the payment."""
    _line(out, "Hand", cards_parts(result.hand) if result.hand else ("empty", "dim"))
    if result.table:
        _line(out, "Table", _melds_text(result.table))
    _line(out, "Faced", [card_part(result.faced)], "   can use: ", _yes(result.can_use))
    if result.can_use:
        _line(out, "Melds", _melds_text(result.melds))
        pay = [card_part(result.pay)] if result.pay else ("none: the hand is empty", "dim")
        _line(out, "Pay", pay)
        on = f"{result.cards_on_table} on the table, {result.cards_in_hand} in hand"
        _line(out, "Then", on, "   goes out: ", _yes(result.can_go_out))
    elif result.lay_down:
        _line(out, "Lay down", _melds_text(result.lay_down), ("   from hand, no payment", "dim"))
    if result.rival_table:
        _line(out, "Force", "rival can be forced: ", _yes(result.can_force))


def _play_line(out: Lines, label: str, play) -> None:
    if play is None:
        _line(out, label, ("none", "dim"))
        return
    detail = f"   = {play.points} points, {play.cards} cards"
    _line(out, label, _melds_text(play.melds), (detail, "dim"))


def show_canasta(out: Lines, result: CanastaResult) -> None:
    """Canasta: the minimum, the fewest-card and richest openings, the pozo, going out."""
    _line(out, "Hand", cards_parts(result.hand))
    if result.red_threes:
        _line(out, "Red 3s", cards_parts(result.red_threes), ("   laid aside", "dim"))
    if result.opened:
        _line(out, "Opened", ("the team has melded: no minimum", "dim"))
        _play_line(out, "Best", result.best)
    else:
        need = f"score {result.score} → minimum {result.required_minimum}   can open: "
        _line(out, "Opening", need, _yes(result.can_open))
        _play_line(out, "Fewest", result.opening_fewest)
        _play_line(out, "Most", result.opening_max)
    for cards, kind in result.best.canastas if result.best else ():
        _line(out, "Canasta", cards_parts(cards), f"   {kind}")
    if result.pozo_top is not None:
        frozen = " (frozen)" if result.pozo_frozen else ""
        _line(
            out,
            "Pozo",
            [card_part(result.pozo_top)],
            f"{frozen}   can take: ",
            _yes(result.can_take_pozo),
        )
        if result.pozo_play is not None:
            _play_line(out, "", result.pozo_play)
    _line(out, "Go out", _yes(result.can_go_out), "  concealed" if result.concealed else "")
    if result.go_out is not None:
        _play_line(out, "", result.go_out)


def _verdict(result: SolveResult, spec: RuleSpec) -> str:
    """The close, or none in the game's own word; a hand past the playing sizes is only
    arranged: a close is judged on the resting hand, or with the card to discard."""
    if result.can_cut:
        return _close_label(result.close)
    if len(result.hand) > spec.hand_size + 1:
        return (
            f"not judged: a close is judged on {spec.hand_size} cards "
            f"(or {spec.hand_size + 1} with the discard), not {len(result.hand)}"
        )
    return f"no {spec.cut.names['en']}"


def _close_label(close_id: str | None) -> str:
    return (close_id or "").replace("_", " ")
