"""`mazo odds GAME CARD...`: the discard that cuts soonest, and how long the cut takes."""

from __future__ import annotations

import sys
from typing import Annotated, Any

import typer
from mazo.cli import app
from mazo.options import AsJson, RulesFile, Variants, parse_variants, read_lang
from mazo.output import emit
from mazo.solver.cards import printed
from mazo.solver.play.odds import MODEL, DealOdds, DrawnOdds, HandOdds, odds
from mazo.solver.play.odds import deal as deal_figures
from mazo.solver.spec.load import RuleSpec

WORDS = {
    "es": {
        "throw": "Tirá el {card}: {you_cut} en {turns} turnos de media",
        "same": "; es también el de menos puntos",
        "fewest": "; tirando el {card}, el de menos puntos, en {turns}",
        "now": "{Cut} ya tirando el {card}",
        "hand": "{You_cut} en {turns} turnos de media",
        "within": "dentro de {n} turnos: {p}",
        "within1": "en el próximo turno: {p}",
        "slower": "{p} de las manos repartidas tardan más",
        "deal": "Una mano repartida corta en {turns} turnos de media (10/50/90 %: {spread})",
        "table": "Tabla: {classes} manos (salvo el orden de los palos), {sweeps} barridas",
        "building": "Armando la tabla de {game} (una sola vez por reglamento)",
    },
    "en": {
        "throw": "Throw the {card}: {you_cut} in {turns} turns on average",
        "same": "; it is also the fewest-points discard",
        "fewest": "; throwing the {card}, the fewest-points discard, in {turns}",
        "now": "{Cut} now by throwing the {card}",
        "hand": "{You_cut} in {turns} turns on average",
        "within": "within {n} turns: {p}",
        "within1": "on the next turn: {p}",
        "slower": "{p} of dealt hands take longer",
        "deal": "A dealt hand cuts in {turns} turns on average (10/50/90%: {spread})",
        "table": "Table: {classes} hands (up to suit order), {sweeps} sweeps",
        "building": "Building the {game} table (once per rules set)",
    },
}


class _Say:
    def __init__(self, spec: RuleSpec, lang: str | None):
        from mazo.puzzles.wording import cut_verb

        self.lang = lang or ("es" if spec.deck.notation.name == "spanish" else "en")
        verb = cut_verb(spec, self.lang)
        you = f"{verb[:-2]}ás" if self.lang == "es" and verb.endswith("ar") else f"you {verb}"
        self.fields = {"Cut": verb[:1].upper() + verb[1:], "you_cut": you}
        self.fields["You_cut"] = you[:1].upper() + you[1:]

    def __call__(self, key: str, **fields: Any) -> str:
        return WORDS[self.lang][key].format(**{**self.fields, **fields})

    def number(self, value: float, digits: int = 1) -> str:
        shown = f"{value:.{digits}f}"
        return shown.replace(".", ",") if self.lang == "es" else shown

    def percent(self, value: float) -> str:
        shown = self.number(value * 100)
        return f"{shown} %" if self.lang == "es" else f"{shown}%"


def _drawn_line(result: DrawnOdds, say: _Say) -> str:
    best = result.discards[0]
    if best.can_cut:
        return say("now", card=printed(best.card))
    line = say("throw", card=printed(best.card), turns=say.number(best.turns_to_cut))
    if result.fewest_points_discard == best.card:
        return line + say("same")
    turns = say.number(result.fewest_points_turns)
    return line + say("fewest", card=printed(result.fewest_points_discard), turns=turns)


def _hand_lines(result: HandOdds, say: _Say) -> list[str]:
    within = ", ".join(
        say("within1" if n == 1 else "within", n=n, p=say.percent(result.cut_within[n - 1]))
        for n in (1, 5, 10, 20)
    )
    return [
        say("hand", turns=say.number(result.turns_to_cut)),
        within,
        say("slower", p=say.percent(result.deal_percentile)),
    ]


def _deal_lines(result: DealOdds, say: _Say) -> list[str]:
    q = result.quantiles
    spread = " / ".join(say.number(q[k]) for k in ("10", "50", "90"))
    within = ", ".join(
        say("within1" if n == 1 else "within", n=n, p=say.percent(result.cut_within[n - 1]))
        for n in (1, 5, 10, 20)
    )
    return [
        say("deal", turns=say.number(result.turns_to_cut), spread=spread),
        within,
        say("table", classes=f"{result.classes:,}", sweeps=result.sweeps),
    ]


class _Bar:
    """A rich progress bar on stderr while a table is built: what, which stage, the sweeps."""

    def __init__(self, text: str):
        self.text = text
        self.progress = None
        self.task = None

    def __call__(self, stage: str, sweeps: int, change: float) -> None:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        if self.progress is None:
            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.fields[stage]}"),
                TimeElapsedColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self.progress.start()
            self.task = self.progress.add_task(self.text, total=None, stage="")
        detail = f"sweep {sweeps}, change {change:.1e}" if stage == "sweeps" else stage
        self.progress.update(self.task, stage=detail)

    def close(self) -> None:
        if self.progress is not None:
            self.progress.stop()


@app.command("odds", help=f"The discard that cuts soonest, and the turns it takes. {MODEL}")
def odds_command(
    game: Annotated[str, typer.Argument(help="conga or chinchon (see `mazo games`).")],
    cards: Annotated[
        list[str] | None,
        typer.Argument(
            help="The resting hand (7 cards) or one card more (every discard ranked).",
            show_default=False,
        ),
    ] = None,
    rules: RulesFile = None,
    variant: Variants = None,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="es or en (default: es for Spanish-deck games, else en)."),
    ] = None,
    deal: Annotated[
        bool, typer.Option("--deal", help="No cards: the figures of a random deal.")
    ] = False,
    build: Annotated[
        bool, typer.Option("--build", help="Build the rules set's table now (again if cached).")
    ] = False,
    as_json: AsJson = False,
) -> None:
    from mazo.solver.api import rules_for

    variants = parse_variants(variant)
    spec = rules_for(game, rules=rules, variant=variants)
    say = _Say(spec, read_lang(lang))
    bar = _Bar(say("building", game=spec.game)) if sys.stderr.isatty() else None
    try:
        if deal or build or not cards:
            result = deal_figures(game, rules=rules, variant=variants, progress=bar, rebuild=build)
        else:
            result = odds(game, cards, rules=rules, variant=variants, progress=bar)
    finally:
        if bar:
            bar.close()

    def view(out) -> None:
        if isinstance(result, DealOdds):
            for line in _deal_lines(result, say):
                out.print(line, highlight=False)
        elif isinstance(result, DrawnOdds):
            out.print(_drawn_line(result, say), highlight=False)
        else:
            for line in _hand_lines(result, say):
                out.print(line, highlight=False)

    emit(result.to_dict(), as_json, view)
