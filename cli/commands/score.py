"""`mazo score GAME ...`: the points of one hand.

Rummy games (Conga, Chinchón, Gin): `--cutter CARDS --rival NAME=CARDS...` → the close, each
rival's acomodo, passing the cutter, everyone's points. Canasta: `--table MELDS --red-threes N
--hand CARDS --going-out out` → one partnership's points, item by item.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

import typer
from mazo.cardtext import cards_text
from mazo.cli import app
from mazo.options import AsJson, RulesFile, Variants, parse_variants
from mazo.output import emit
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError, quoted
from mazo.solver.mechanisms.canasta.scoring import GOING_OUT, CanastaScore, score_partnership
from mazo.solver.mechanisms.rummy.scoring import RoundScore, score_round
from mazo.solver.mechanisms.rummy.upcard import upcard_line
from mazo.solver.spec.groups import parse_groups


def parse_rivals(items: list[str] | None) -> list[tuple[str, str]]:
    """`--rival NAME=CARDS` pairs, in the order given (the turn order after the cutter)."""
    found = []
    for item in items or []:
        name, sep, cards = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f'--rival takes NAME="CARDS", got {quoted(item)}')
        found.append((name.strip(), cards))
    return found


@app.command()
def score(
    game: Annotated[str, typer.Argument(help="Game name or alias (see `mazo games`).")],
    cutter: Annotated[
        str | None,
        typer.Option(
            "--cutter",
            help="The closer's cards: the 7 kept (10 in Gin), or with the discard still in hand.",
        ),
    ] = None,
    rival: Annotated[
        list[str] | None,
        typer.Option(
            "--rival",
            help='A rival, NAME="CARDS" (repeatable, in turn order starting after the cutter).',
        ),
    ] = None,
    cutter_name: Annotated[
        str | None, typer.Option("--cutter-name", help="The closer's name.  [default: cutter]")
    ] = None,
    drawn_from_pozo: Annotated[
        str | None,
        typer.Option(
            "--drawn-from-pozo",
            help="The card the cutter just took from the pozo: it cannot be the cutting discard.",
        ),
    ] = None,
    upcard: Annotated[
        str | None,
        typer.Option(
            "--upcard",
            help="Gin under Oklahoma: the first upcard (sets the knock limit; a spade doubles).",
        ),
    ] = None,
    table: Annotated[
        list[str] | None,
        typer.Option("--table", help="Canasta: the partnership's melds, separated by ';'."),
    ] = None,
    red_threes: Annotated[
        int | None,
        typer.Option(
            "--red-threes", min=0, help="Canasta: red 3s the partnership laid down.  [default: 0]"
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option("--hand", help="Canasta: cards left in a partner's hand (repeatable)."),
    ] = None,
    going_out: Annotated[
        str | None,
        typer.Option(
            "--going-out",
            help=f"Canasta: {' / '.join(GOING_OUT)} (concealed).  [default: {GOING_OUT[0]}]",
        ),
    ] = None,
    score_before: Annotated[
        int | None,
        typer.Option("--score", help="Canasta: the partnership's total before this hand."),
    ] = None,
    rules: RulesFile = None,
    variant: Variants = None,
    as_json: AsJson = False,
) -> None:
    """Score one hand: the close, each rival's best acomodo, passing the cutter, the points."""
    spec = rules_for(game, rules=rules, variant=parse_variants(variant))
    canasta = {
        "--table": table,
        "--red-threes": red_threes,
        "--hand": hand,
        "--going-out": going_out,
        "--score": score_before,
    }
    rummy = {
        "--cutter": cutter,
        "--rival": rival,
        "--cutter-name": cutter_name,
        "--drawn-from-pozo": drawn_from_pozo,
    }
    is_canasta = spec.mechanism == "canasta"
    _refuse_others(
        spec.game, rummy if is_canasta else canasta, "rummy" if is_canasta else "Canasta"
    )
    if is_canasta:
        melds = [m for text in table or [] for m in parse_groups(spec, text)]
        held = [c for text in hand or [] for c in spec.deck.parse_hand(text)]
        if not melds and not held:
            raise OptionError(
                "nothing to score: give the partnership's melds (--table) or the cards left in "
                "a hand (--hand)"
            )
        counted = score_partnership(
            spec,
            melds,
            red_threes=red_threes or 0,
            hand=held,
            going_out=going_out or GOING_OUT[0],
            score_before=score_before,
        )
        emit(counted.to_dict(), as_json, lambda out: show_canasta(out, counted))
        return
    if cutter is None:
        raise OptionError(f"name the closer's cards with --cutter to score a hand of {spec.game}")
    rivals = [(name, spec.deck.parse_hand(cards)) for name, cards in parse_rivals(rival)]
    result = score_round(
        spec,
        ("cutter" if cutter_name is None else cutter_name.strip(), spec.deck.parse_hand(cutter)),
        rivals,
        drawn_from_pozo=spec.deck.parse_card(drawn_from_pozo) if drawn_from_pozo else None,
        upcard=spec.deck.parse_card(upcard) if upcard is not None else None,
    )
    emit(result.to_dict(), as_json, lambda out: show(out, result))


def _refuse_others(game: str, given: Mapping[str, object], kind: str) -> None:
    """Options of the other kind of scoring are refused, as `mazo solve` refuses them."""
    for flag, value in given.items():
        if value is not None:
            raise OptionError(f"{flag} does not apply to {game}: it is for {kind} scoring")


def show(out, result: RoundScore) -> None:
    """The terminal view: the close, each player's melds and lay-offs, the points."""
    from rich.table import Table
    from rich.text import Text

    data = result.to_dict()
    close = result.spec.close(result.close).names["en"]
    discard = f", discarding {data['discard']}" if data["discard"] else ""
    out.print(Text.assemble((f"{result.closer}: ", "bold"), close, discard))
    if not result.lay_off:
        out.print(Text("No lay-offs after this close.", style="dim"))
    table = Table(box=None, title_justify="left")
    for column in ("player", "melds", "laid off", "loose", "loose pts", "points"):
        # None leaves rich's own default, which lays the table out differently from "left".
        justify = "right" if "pts" in column or column == "points" else None
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for player in data["players"]:
        laid = Text("  ").join(
            Text.assemble(cards_text(lay["cards"]), (f"→#{lay['onto'] + 1}", "dim"))
            for lay in player["lay_offs"]
        )
        beat = "  undercuts" if result.undercut else "  passes"
        name = player["name"] + (beat if player["passed_closer"] else "")
        table.add_row(
            name,
            Text("  ").join(cards_text(m) for m in player["melds"]),
            laid,
            cards_text(player["loose"]),
            str(player["loose_points"]),
            Text(str(player["points"]), style="bold"),
        )
    out.print(table)
    if result.lay_off:
        melds = Text("  ").join(
            Text.assemble((f"#{i + 1} ", "dim"), cards_text(m))
            for i, m in enumerate(data["table_after_lay_offs"])
        )
        out.print(Text.assemble(("Closer's melds after lay-offs: ", "dim"), melds))
    if result.passed:
        out.print(Text(f"{result.closer} was passed.", style="yellow"))
    if result.undercut:
        out.print(Text(f"{result.closer} was undercut.", style="yellow"))
    if result.upcard is not None:
        out.print(Text(upcard_line(result.spec, result.upcard)))
    if result.wins_match:
        out.print(Text(f"{result.wins_match} wins the match.", style="bold green"))
    if not result.proven_optimal:
        out.print(Text("(not proven optimal: the time limit stopped the search)", style="yellow"))


def show_canasta(out, result: CanastaScore) -> None:
    """The partnership's points item by item, then the total."""
    from rich.table import Table
    from rich.text import Text

    data = result.to_dict()
    melds = Table(box=None, title="Melds", title_justify="left")
    melds.add_column("cards")
    melds.add_column("canasta")
    for meld in data["melds"]:
        melds.add_row(cards_text(meld["cards"]), meld["canasta"] or "—")
    out.print(melds)
    items = Table(box=None, show_header=False)
    items.add_column("item")
    items.add_column("points", justify="right")
    rows = [
        (f"table cards ({data['table_cards']})", data["table_points"]),
        (
            f"canastas ({data['canastas_limpias']} limpia, {data['canastas_sucias']} sucia)",
            data["canasta_points"],
        ),
        (f"red 3s ({data['red_threes']})", data["red_three_points"]),
        (f"going out ({data['going_out']})", data["going_out_points"]),
        (f"cards left in hand ({len(data['hand'])})", data["hand_points"]),
    ]
    for label, points in rows:
        items.add_row(label, f"{points:+d}")
    items.add_row(Text("total", style="bold"), Text(f"{data['total']:+d}", style="bold"))
    out.print(items)
    if "score_after" in data:
        out.print(
            f"Score {data['score_before']} → {data['score_after']}; "
            f"next initial meld minimum {data['next_initial_meld_minimum']}."
        )
