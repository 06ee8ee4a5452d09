"""`mazo advise GAME CARD... --pozo-top CARD`: take the pozo's top card or draw blind?"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer
from mazo.batch import answer_lines
from mazo.cardtext import cards_text
from mazo.cli import app
from mazo.options import AsJson, RulesFile, Variants, parse_variants, read_lang
from mazo.output import emit
from mazo.solver.api import rules_for, split_options
from mazo.solver.cards import printed
from mazo.solver.errors import InputError, OptionError
from mazo.solver.play.advise import Advice, advise_with
from mazo.solver.spec.load import RuleSpec
from mazo.solver.words import agree

# What a batch line may give besides its hand; anything else is a rule option of the game.
LINE_FIELDS = ("pozo_top", "seen", "horizon")


# The rules of the decision, as --help prints them (one paragraph a string: rich folds them).
HELP = "\n\n".join(
    [
        "Take the pozo's top card or draw blind? Exact chances over every card still unseen.",
        "Unseen cards: the deck less the hand, the pozo top and --seen (jokers count per copy); "
        "the blind draw is equally likely to be each. Take: the top card joins the hand and "
        "cannot be discarded this turn. Draw: each unseen card in turn, then the game's best "
        "discard. A hand can cut (Gin: knock) when some allowed discard leaves a close. Horizon "
        "2 (default): when no cut is possible now, keep the discard with the best chance of "
        "cutting after one more blind draw (ties: fewer loose points); the discard goes to the "
        "pozo and cannot be drawn.",
        "Advice: the option with the higher chance of cutting by the end of the next turn "
        "(horizon 1: this turn); on a tie, the lower expected loose points after this turn's "
        "best discard (the fewest any discard leaves); on a further tie, draw (it shows the "
        "rivals nothing). Probabilities are exact "
        'fractions: --json gives each as a number and as "k/n" beside it (FIELD_fraction).',
    ]
)


@app.command(help=HELP)
def advise(
    game: Annotated[str, typer.Argument(help="conga, chinchon or gin-rummy (or an alias).")],
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
        int, typer.Option("--horizon", help="1: cut this turn; 2: cut by the next turn.")
    ] = 2,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="es or en (default: es for Spanish-deck games, else en)."),
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help="auto, search or cpsat (as for `mazo solve`).")
    ] = "auto",
    rules: RulesFile = None,
    variant: Variants = None,
    as_json: AsJson = False,
) -> None:
    """Take the pozo's top card or draw blind? (The rules of the decision: HELP.)"""
    lang = read_lang(lang)
    base = {"pozo_top": pozo_top, "seen": seen, "horizon": horizon, "backend": backend}
    variants = parse_variants(variant)
    if cards == ["-"]:
        raise typer.Exit(_batch(game, rules, variants, base, lang, as_json))
    if not cards:
        raise OptionError("no cards given: name the hand's cards, or `-` to read from stdin")
    spec, advice = _advise_one(game, rules, variants, cards, base)
    emit(advice.to_dict(), as_json, lambda out: show(out, advice, spec, lang))


def _advise_one(game, rules, variants, hand, base, extra=None) -> tuple[RuleSpec, Advice]:
    extra = dict(extra or {})
    given = {k: extra.pop(k) for k in LINE_FIELDS if k in extra}
    call, line_variants = split_options(extra)
    if call:
        raise InputError(f"{sorted(call)[0]!r} does not apply to advise")
    spec = rules_for(game, rules=rules, variant={**variants, **line_variants})
    settings = {**base, **{k: v for k, v in given.items() if v is not None}}
    if not isinstance(settings["horizon"], int) or isinstance(settings["horizon"], bool):
        raise InputError(f'"horizon" is 1 or 2, got {settings["horizon"]!r}')
    if not isinstance(settings["seen"], str | list | None):
        raise InputError('"seen" is a list of card codes or one string')
    if not isinstance(settings["pozo_top"], str | None):
        raise InputError('"pozo_top" is one card code')
    return spec, advise_with(spec, hand, **settings)


def _batch(game, rules, variants, base, lang, as_json) -> int:
    """Answer each stdin line in order; a bad line gets an error in its place, exit code 2."""
    rules_for(game, rules=rules, variant=variants)  # a bad game or spec stops at once

    def answer(hand: Any, extra: dict[str, Any]) -> None:
        spec, advice = _advise_one(game, rules, variants, hand, base, extra)
        emit(advice.to_dict(), as_json, lambda out: show(out, advice, spec, lang))

    return answer_lines(answer, as_json, what="the positions")


# --- the terminal view --------------------------------------------------------------------------

WORDS: dict[str, dict[str, str]] = {
    "es": {
        "the": "el {card}",
        "joker": "el comodín",
        "take_cut": "Levantá {top}: {you_cut} ya {discarding} ({close}).",
        "take": "Levantá {top} y tirá {discard}: {why}.",
        "draw": "Robá: {k} de {cards} {let} {cut} ({p}); {take_part}.",
        "draw_only": "Robá: {k} de {cards} {let} {cut} ({p}).",
        "take_no": "levantar {top} no te deja {cut}",
        "take_yes": "levantar {top} te deja {cut} {discarding}, pero con más puntos",
        "next": "{cut} hasta el próximo turno: levantando {p_take}, robando {p_draw}",
        "next_draw": "{Cut} hasta el próximo turno robando: {p}.",
        "tie": "las dos opciones dan {p} de {cut}; con el descarte que menos puntos deja, "
        "levantando quedan {take} {pts}, robando {draw} en promedio",
        "hand": "Mano",
        "pozo": "Pozo",
        "seen": "Vistas",
        "unseen": "sin ver: {n}",
        "take_row": "Levantar",
        "draw_row": "Robar",
        "row_take": "{discard}, {points} {pts}, {verdict}",
        "discarding": "tirando {card}",
        "discard_row": "tirás {card}",
        "no_discard": "sin descartar",
        "row_draw": "{cut} ya: {k}/{n} ({p}); puntos sueltos esperados: {loose}",
        "row_next": "; {cut} hasta el próximo turno: {p}",
        "no_cut": "no {you_cut}",
        "if_draw": "Si robás ({cards}), carta robada → descarte:",
        "no_cut_group": "sin {cut}",
        "cards": "{n} cartas",
        "card": "{n} carta",
        "of_cards": "las {n} cartas",
        "of_card": "{n} carta",
        "let": "te dejan",
        "lets": "te deja",
        "point": "punto suelto",
        "points": "puntos sueltos",
        "none": "ninguna",
    },
    "en": {
        "the": "the {card}",
        "joker": "the joker",
        "take_cut": "Take {top}: {you_cut} now, {discarding} ({close}).",
        "take": "Take {top} and discard {discard}: {why}.",
        "draw": "Draw: {k} of {cards} {let} you {cut} ({p}); {take_part}.",
        "draw_only": "Draw: {k} of {cards} {let} you {cut} ({p}).",
        "take_no": "taking {top} does not let you {cut}",
        "take_yes": "taking {top} lets you {cut} {discarding}, but with more points",
        "next": "{cut} by the next turn: taking {p_take}, drawing {p_draw}",
        "next_draw": "{Cut} by the next turn by drawing: {p}.",
        "tie": "both give a {p} chance to {cut}; after the discard that leaves the fewest, "
        "taking leaves {take} {pts}, drawing {draw} on average",
        "hand": "Hand",
        "pozo": "Pozo",
        "seen": "Seen",
        "unseen": "unseen: {n}",
        "take_row": "Take",
        "draw_row": "Draw",
        "row_take": "{discard}, {points} {pts}, {verdict}",
        "discarding": "discarding {card}",
        "discard_row": "discard {card}",
        "no_discard": "with no discard",
        "row_draw": "{cut} now: {k}/{n} ({p}); expected loose points: {loose}",
        "row_next": "; {cut} by the next turn: {p}",
        "no_cut": "you do not {cut}",
        "if_draw": "If you draw ({cards}), card drawn → discard:",
        "no_cut_group": "no {cut}",
        "cards": "{n} cards",
        "card": "{n} card",
        "of_cards": "the {n} cards",
        "of_card": "{n} card",
        "let": "let",
        "lets": "lets",
        "point": "loose point",
        "points": "loose points",
        "none": "none",
    },
}


class _Say:
    """The game's words in one language: its verb for cutting, its closes, numbers, cards."""

    def __init__(self, spec: RuleSpec, lang: str | None):
        from mazo.puzzles.wording import cut_verb

        self.spec = spec
        self.lang = lang or ("es" if spec.deck.notation.name == "spanish" else "en")
        self.words = WORDS[self.lang]
        verb = cut_verb(spec, self.lang)
        # Spanish verbs of cutting are -ar verbs: cortar → cortás, cerrar → cerrás.
        you = f"{verb[:-2]}ás" if self.lang == "es" and verb.endswith("ar") else f"you {verb}"
        self.fields = {"cut": verb, "Cut": verb[:1].upper() + verb[1:], "you_cut": you}

    def __call__(self, key: str, **fields: Any) -> str:
        return self.words[key].format(**{**self.fields, **fields})

    def card(self, code: str) -> str:
        return self.words["joker"] if code == "*" else self.words["the"].format(card=printed(code))

    def discard(self, code: str | None, words: str = "discarding") -> str:
        """The discard said in a sentence; none for a close made with every card (big gin)."""
        if code is None:
            return self.words["no_discard"]
        return self.words[words].format(
            card=self.card(code) if words == "discarding" else printed(code)
        )

    def percent(self, value) -> str:
        # Whole percents, but a small chance is not rounded to nothing.
        digits = 1 if 0 < value < Fraction(1, 10) else 0
        shown = f"{float(value) * 100:.{digits}f}"
        shown = shown.replace(".", ",") if self.lang == "es" else shown
        return f"{shown} %" if self.lang == "es" else f"{shown}%"

    def number(self, value) -> str:
        shown = f"{float(value):.2f}".rstrip("0").rstrip(".")
        return shown.replace(".", ",") if self.lang == "es" else shown

    def close(self, close_id: str | None) -> str:
        if close_id is None:
            return self("no_cut_group")
        return self.spec.close(close_id).names[self.lang]

    def agree(self, n: int, one: str, many: str) -> str:
        """This language's form of a word (by its key) for `n`."""
        return agree(n, self.words[one], self.words[many])

    def points(self, n: int) -> str:
        return self.agree(n, "point", "points")


def headline(advice: Advice, say: _Say) -> str:
    """The advice as a player would say it."""
    draw, take = advice.draw, advice.take
    top = say.card(advice.pozo_top) if advice.pozo_top else ""
    common = {
        "k": draw.cut_now_cards,
        "cards": say.agree(advice.unseen, "of_card", "of_cards"),
        "let": say.agree(draw.cut_now_cards, "lets", "let"),
        "p": say.percent(draw.cut_now),
    }
    if advice.advice == "take":
        assert take is not None  # advised only with a pozo top
        if take.can_cut:
            discarding = say.discard(take.discard)
            return say("take_cut", top=top, discarding=discarding, close=say.close(take.close))
        assert take.discard is not None  # only a close with every card melded keeps none
        return say("take", top=top, discard=say.card(take.discard), why=_why(advice, say))
    if take is None:
        line = say("draw_only", **common)
    else:
        if take.can_cut:
            part = say("take_yes", top=top, discarding=say.discard(take.discard))
        elif advice.horizon == 2 and advice.chance("take") != advice.chance("draw"):
            part = _why(advice, say)
        else:
            part = say("take_no", top=top)
        line = say("draw", take_part=part, **common)
    if take is None and advice.horizon == 2:
        line += " " + say("next_draw", p=say.percent(draw.cut_by_next_turn))
    return line


def _why(advice: Advice, say: _Say) -> str:
    p_take, p_draw = advice.chance("take"), advice.chance("draw")
    if p_take == p_draw:
        assert advice.take is not None  # chance("take") refuses a position without it
        return say(
            "tie",
            p=say.percent(p_take),
            take=advice.take.fewest_deadwood_points,
            pts=say.points(advice.take.fewest_deadwood_points),
            draw=say.number(advice.draw.expected_deadwood),
        )
    return say("next", p_take=say.percent(p_take), p_draw=say.percent(p_draw))


def show(out, advice: Advice, spec: RuleSpec, lang: str | None) -> None:
    """The headline, both options, and the drawn cards grouped by what they give."""
    from rich.text import Text

    say = _Say(spec, lang)
    out.print(Text(headline(advice, say), style="bold"))
    out.print(Text.assemble((f"{say('hand'):<9}", "dim"), cards_text(advice.hand)))
    pozo = cards_text([advice.pozo_top]) if advice.pozo_top else Text("—", style="dim")
    seen = cards_text(advice.seen) if advice.seen else Text(say("none"), style="dim")
    out.print(
        Text.assemble(
            (f"{say('pozo'):<9}", "dim"),
            pozo,
            (f"   {say('seen')}: ", "dim"),
            seen,
            (f"   {say('unseen', n=advice.unseen)}", "dim"),
        )
    )
    next_turn = advice.horizon == 2
    if advice.take is not None:
        take = advice.take
        verdict = say.close(take.close) if take.can_cut else say("no_cut")
        row = say(
            "row_take",
            discard=say.discard(take.discard, "discard_row"),
            points=take.deadwood_points,
            pts=say.points(take.deadwood_points),
            verdict=verdict,
        )
        if next_turn:
            row += say("row_next", p=say.percent(take.cut_by_next_turn))
        out.print(Text.assemble((f"{say('take_row'):<9}", "dim"), row))
    draw = advice.draw
    row = say(
        "row_draw",
        k=draw.cut_now_cards,
        n=advice.unseen,
        p=say.percent(draw.cut_now),
        loose=say.number(draw.expected_deadwood),
    )
    if next_turn:
        row += say("row_next", p=say.percent(draw.cut_by_next_turn))
    out.print(Text.assemble((f"{say('draw_row'):<9}", "dim"), row))
    out.print(Text(say("if_draw", cards=say.agree(advice.unseen, "card", "cards")), style="italic"))
    rows = []
    for close_id in [c.id for c in spec.closes] + [None]:
        drawn = [d for d in draw.by_card if d.keep.close == close_id]
        if not drawn:
            continue
        count = sum(d.copies for d in drawn)
        pairs = Text("  ").join(
            Text.assemble(
                cards_text([d.card]),
                ("→", "dim"),
                cards_text([d.keep.discard]) if d.keep.discard else Text("—", style="dim"),
            )
            + (Text(f"×{d.copies}", style="dim") if d.copies > 1 else Text(""))
            for d in drawn
        )
        label = say.agree(count, "card", "cards")
        rows.append((say.close(close_id), label, pairs))
    name_width = max(len(r[0]) for r in rows)
    count_width = max(len(r[1]) for r in rows)
    for name, label, pairs in rows:
        out.print(
            Text.assemble(
                f"  {name:<{name_width}}  ", (f"{label:>{count_width}}", "dim"), "  ", pairs
            )
        )
