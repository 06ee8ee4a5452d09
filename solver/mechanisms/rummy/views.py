"""`mazo solve` for a rummy hand (Conga, Chinchón, Gin): melds, loose cards, the close and every
discard, best first."""

from __future__ import annotations

from mazo.cardtext import card_part, cards_parts, cell_width, joined
from mazo.output import View
from mazo.solver.cards import Card, printed
from mazo.solver.mechanisms.rummy.result import SolveResult, UpcardSolveResult
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.play.beside import Beside
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views.shown import shows
from mazo.views.words import agree_for, say_for, say_parts
from mazo.words import agree, say


@shows(SolveResult)
def view(result: SolveResult, spec: RuleSpec, lang: str, beside: Beside | None = None) -> View:
    """Melds grouped, loose cards, the verdict and the ranked discards; `beside` says the
    fastest discard when it is another, and a cut the pozo card's rule refuses."""
    beside = beside or Beside()
    lines: View = [[_label(spec, lang, "hand"), cards_parts(result.hand)]]
    for kind, meld in zip(result.meld_kinds, result.melds, strict=True):
        name = spec.meld_kind(kind).names[lang]
        lines.append([_label(spec, lang, "meld"), cards_parts(meld), (f"   {name}", "dim")])
    loose = cards_parts(result.deadwood) if result.deadwood else (say(lang, "none"), "dim")
    points = agree(lang, result.deadwood_points, "point", "points")
    lines.append([_label(spec, lang, "loose"), loose, f"   = {points}"])
    if result.discard:
        lines.append([_label(spec, lang, "discard"), _discard(result.discard, beside, lang)])
    lines.append([_label(spec, lang, "close"), (_verdict(result, spec, lang), "bold")])
    if beside.refused is not None:
        card, cut = printed(beside.refused.card), spec.cut.names[lang]
        refused = say_for(spec, lang, "pozo_cut_refused", cut=cut, card=card)
        lines.append([(" " * len(_label(spec, lang, "close")[0]), ""), (refused, "dim")])
    lines += _notes(result, spec, lang)
    if len(result.discards) > 1:
        lines.append([(say(lang, "every_discard"), "italic")])
        lines += _discards(result, spec, lang)
    return lines


def _discard(card: str, beside: Beside, lang: str) -> list[tuple[str, str]]:
    """The discard, and the fastest beside it when an odds table says it is another."""
    fastest = beside.fastest
    if fastest is None or fastest.card == card:
        return [card_part(card)]
    shown = {"fewest": [card_part(card)], "fastest": [card_part(fastest.card)]}
    return say_parts(lang, "fastest_not_fewest", **shown)


# The labels of the view's lines, lined up after the widest in the language shown.
LABELS = ("hand", "meld", "loose", "discard", "close")


def _label(spec: RuleSpec, lang: str, key: str) -> tuple[str, str]:
    width = max(len(say_for(spec, lang, label)) for label in LABELS)
    return f"{say_for(spec, lang, key):<{width}} ", "dim"


def _notes(result: SolveResult, spec: RuleSpec, lang: str) -> View:
    """What an Oklahoma upcard did, and whether the time limit cut the search short."""
    notes: View = []
    if isinstance(result, UpcardSolveResult):
        notes.append([(upcard_line(spec, spec.deck.parse_card(result.upcard), lang), "dim")])
    elif oklahoma_on(spec):
        assert spec.scoring.oklahoma is not None  # oklahoma_on
        limit = spec.close(spec.scoring.oklahoma.close).max_deadwood
        notes.append([(say(lang, "no_upcard", limit=limit), "yellow")])
    if not result.proven_optimal:
        notes.append([(say(lang, "not_proven"), "yellow")])
        gap = say_for(
            spec, lang, "proven_gap", bound=result.deadwood_bound, points=result.deadwood_points
        )
        notes.append([(gap, "yellow")])
    return notes


def _discards(result: SolveResult, spec: RuleSpec, lang: str) -> View:
    header = [
        [(say_for(spec, lang, key), "bold")]
        for key in ("col_discard", "col_loose_points", "col_close", "col_melds")
    ]
    rows = [header] + [
        [
            [card_part(option.card)],
            [(str(option.deadwood_points), "")],
            [(close_name(spec, option.close, lang) if option.close else say(lang, "dash"), "")],
            joined((cards_parts(m) for m in option.melds), "  "),
        ]
        for option in result.discards
    ]
    return _columns(rows)


def _columns(rows) -> View:
    """Rows of cells (lists of parts) in aligned columns, as a borderless rich Table draws them:
    importing rich.table costs more than the whole solve, and one call must start fast."""
    widths = [[cell_width("".join(text for text, _ in cell)) for cell in row] for row in rows]
    columns = [max(row[i] for row in widths) for i in range(len(rows[0]))]
    lines: View = []
    for row, width in zip(rows, widths, strict=True):
        line = [(" ", "")]
        for cell, used, column in zip(row[:-1], width, columns, strict=False):
            line += [*cell, (" " * (column - used + 2), "")]
        lines.append(line + row[-1])
    return lines


def _verdict(result: SolveResult, spec: RuleSpec, lang: str) -> str:
    """The close, or none in the game's own word; a hand past the playing sizes is only
    arranged: a close is judged on the resting hand, or with the card to discard."""
    if result.can_cut:
        return close_name(spec, result.close, lang)
    if len(result.hand) > spec.hand_size + 1:
        return say(
            lang,
            "not_judged",
            size=spec.hand_size,
            with_discard=spec.hand_size + 1,
            given=len(result.hand),
        )
    return say(lang, "no_close", cut=spec.cut.names[lang])


def upcard_line(spec: RuleSpec, upcard: Card, lang: str) -> str:
    """What the upcard did to the hand, in a line."""
    ruled, multiplier = upcard_rules(spec, upcard)
    rule = spec.scoring.oklahoma
    assert rule is not None  # upcard_rules refuses a spec without one
    limit = ruled.close(rule.close).max_deadwood
    assert limit is not None  # upcard_rules sets the Oklahoma close's limit
    verb = spec.cut.names[lang]
    if limit == 0:
        reach = say(lang, "gin_only", cut=verb)
    else:
        pts = agree_for(spec, lang, limit, "loose_point", "loose_points")
        reach = say(lang, "knock_limit", cut=verb, n=limit, pts=pts)
    doubled = say(lang, "upcard_doubles", n=multiplier) if multiplier != 1 else ""
    card = printed(spec.deck.code(upcard))
    return say(lang, "upcard", card=card, reach=reach, doubled=doubled)


def close_name(spec: RuleSpec, close_id: str | None, lang: str) -> str:
    """A close in the game's own words: ¡Conga Limpia!, Gin, Knock."""
    return spec.close(close_id).names[lang] if close_id else ""
