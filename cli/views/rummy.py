"""`mazo solve` for a rummy hand (Conga, Chinchón, Gin): melds, loose cards, the close and every
discard, best first."""

from __future__ import annotations

from mazo.cardtext import card_part, cards_parts, joined
from mazo.output import View
from mazo.solver.cards import Card, printed
from mazo.solver.mechanisms.rummy.result import SolveResult, UpcardSolveResult
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.spec.load import RuleSpec
from mazo.views.words import agree, say


def view(result: SolveResult, spec: RuleSpec) -> View:
    """Melds grouped, loose cards, the verdict and the ranked discards."""
    lines: View = [[_label("hand"), cards_parts(result.hand)]]
    for kind, meld in zip(result.meld_kinds, result.melds, strict=True):
        name = spec.meld_kind(kind).names["en"]
        lines.append([_label("meld"), cards_parts(meld), (f"   {name}", "dim")])
    loose = cards_parts(result.deadwood) if result.deadwood else (say("en", "none"), "dim")
    points = agree("en", result.deadwood_points, "point", "points")
    lines.append([_label("loose"), loose, f"   = {points}"])
    if result.discard:
        lines.append([_label("discard"), [card_part(result.discard)]])
    lines.append([_label("close"), (_verdict(result, spec), "bold")])
    lines += _notes(result, spec)
    if len(result.discards) > 1:
        lines.append([(say("en", "every_discard"), "italic")])
        lines += _discards(result)
    return lines


def _label(key: str) -> tuple[str, str]:
    return f"{say('en', key):<5} ", "dim"


def _notes(result: SolveResult, spec: RuleSpec) -> View:
    """What an Oklahoma upcard did, and whether the time limit cut the search short."""
    notes: View = []
    if isinstance(result, UpcardSolveResult):
        notes.append([(upcard_line(spec, spec.deck.parse_card(result.upcard)), "dim")])
    elif oklahoma_on(spec):
        assert spec.scoring.oklahoma is not None  # oklahoma_on
        limit = spec.close(spec.scoring.oklahoma.close).max_deadwood
        notes.append([(say("en", "no_upcard", limit=limit), "yellow")])
    if not result.proven_optimal:
        notes.append([(say("en", "not_proven"), "yellow")])
        gap = say("en", "proven_gap", bound=result.deadwood_bound, points=result.deadwood_points)
        notes.append([(gap, "yellow")])
    return notes


def _discards(result: SolveResult) -> View:
    header = [
        [(say("en", key), "bold")]
        for key in ("col_discard", "col_loose_points", "col_close", "col_melds")
    ]
    rows = [header] + [
        [
            [card_part(option.card)],
            [(str(option.deadwood_points), "")],
            [(_close_label(option.close) if option.close else say("en", "dash"), "")],
            joined((cards_parts(m) for m in option.melds), "  "),
        ]
        for option in result.discards
    ]
    return _columns(rows)


def _columns(rows) -> View:
    """Rows of cells (lists of parts) in aligned columns, as a borderless rich Table draws them:
    importing rich.table costs more than the whole solve, and one call must start fast."""
    from rich.cells import cell_len

    widths = [[cell_len("".join(text for text, _ in cell)) for cell in row] for row in rows]
    columns = [max(row[i] for row in widths) for i in range(len(rows[0]))]
    lines: View = []
    for row, width in zip(rows, widths, strict=True):
        line = [(" ", "")]
        for cell, used, column in zip(row[:-1], width, columns, strict=False):
            line += [*cell, (" " * (column - used + 2), "")]
        lines.append(line + row[-1])
    return lines


def _verdict(result: SolveResult, spec: RuleSpec) -> str:
    """The close, or none in the game's own word; a hand past the playing sizes is only
    arranged: a close is judged on the resting hand, or with the card to discard."""
    if result.can_cut:
        return _close_label(result.close)
    if len(result.hand) > spec.hand_size + 1:
        return say(
            "en",
            "not_judged",
            size=spec.hand_size,
            with_discard=spec.hand_size + 1,
            given=len(result.hand),
        )
    return say("en", "no_close", cut=spec.cut.names["en"])


def upcard_line(spec: RuleSpec, upcard: Card) -> str:
    """What the upcard did to the hand, in a line."""
    ruled, multiplier = upcard_rules(spec, upcard)
    rule = spec.scoring.oklahoma
    assert rule is not None  # upcard_rules refuses a spec without one
    limit = ruled.close(rule.close).max_deadwood
    assert limit is not None  # upcard_rules sets the Oklahoma close's limit
    verb = spec.cut.names["en"]
    if limit == 0:
        reach = say("en", "gin_only", cut=verb)
    else:
        pts = agree("en", limit, "loose_point", "loose_points")
        reach = say("en", "knock_limit", cut=verb, n=limit, pts=pts)
    doubled = say("en", "upcard_doubles", n=multiplier) if multiplier != 1 else ""
    card = printed(spec.deck.code(upcard))
    return say("en", "upcard", card=card, reach=reach, doubled=doubled)


def _close_label(close_id: str | None) -> str:
    return (close_id or "").replace("_", " ")
