"""`mazo play`: the table at the person's decision. The round, the totals and the limit or
target; each rival's cards held, the pozo cards they took and hold (face up), their last
discard; the pozo and the stock; the person's hand sorted by suit and rank with its best
arrangement, and whether they can cut now; then the question."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mazo.cardtext import Part, cards_parts, cell_width, joined
from mazo.output import View
from mazo.solver.cards import printed
from mazo.solver.game.bots import level_name
from mazo.solver.game.person import Prompt
from mazo.solver.game.session import HUMAN
from mazo.solver.mechanisms.rummy.analysis import HandSolver
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import cut_verb
from mazo.views.lines import wrapped as wrapped_parts
from mazo.views.words import say_for
from mazo.words import agree, say

# The table is drawn for a terminal of 80 columns.
WIDTH = 78
LABELS = ("play_totals", "play_pozo", "play_hand")


@dataclass(frozen=True, slots=True)
class Seats:
    """How the players are shown: the person by name, a bot with its level."""

    seats: dict[str, str]  # name -> level, the person's HUMAN
    lang: str

    def name(self, who: str) -> str:
        level = self.seats.get(who, HUMAN)
        if level == HUMAN:
            return who
        return say(self.lang, "play_seat", name=who, level=level_name(level, self.lang))

    def told(self, key: str, who: str) -> str:
        """The word `key` about a player, its `_you` form said to the person (`lo tiraste vos`)."""
        return say(
            self.lang, f"{key}_you" if self.seats.get(who) == HUMAN else key, who=self.name(who)
        )


def wrapped(text: str, style: str = "", indent: int = 4) -> View:
    """A sentence in lines that fit the table's width (a wide character takes two columns),
    the lines after the first indented."""
    return wrapped_parts([(text, style)], "", " " * indent, WIDTH)


def heading(text: str) -> list[Part]:
    """A line that opens a part of the game: the text in a rule across the table's width."""
    rule = "─" * max(3, WIDTH - len(text) - 4)
    return [("── ", "dim"), (text, "bold"), (" " + rule, "dim")]


def worded(
    spec: RuleSpec, lang: str, key: str, cards: Mapping[str, Sequence[str]], **fields: Any
) -> list[Part]:
    """A word in the game's terms whose card fields are drawn as cards (in their suits'
    colours)."""
    marks = {name: f"\0{at}\0" for at, name in enumerate(cards)}
    pieces = re.split("\0(\\d+)\0", say_for(spec, lang, key, **fields, **marks))
    named = list(cards.values())
    parts: list[Part] = []
    for at, piece in enumerate(pieces):
        if at % 2:
            parts += cards_parts(named[int(piece)])
        elif piece:
            parts.append((piece, ""))
    return parts


def _label(spec: RuleSpec, lang: str, key: str) -> Part:
    width = max(len(say_for(spec, lang, k)) for k in LABELS) + 2
    return f"{say_for(spec, lang, key):<{width}}", "dim"


def _indent(spec: RuleSpec, lang: str) -> Part:
    return " " * len(_label(spec, lang, "play_hand")[0]), ""


def match_words(spec: RuleSpec, lang: str) -> str:
    """The match's end: the limit, or the target."""
    if spec.match.elimination_limit is not None:
        return say(lang, "play_limit", limit=spec.match.elimination_limit)
    return say(lang, "play_target", target=spec.match.target)


def table(prompt: Prompt, spec: RuleSpec, seats: Seats, note: str | None = None) -> View:
    """The whole table, as the person sees it at the start of a turn; `note`, a line said
    just above the hand."""
    view, lang = prompt.view, seats.lang
    title = say(
        lang,
        "play_heading",
        game=spec.title[lang],
        round=view.round,
        match=match_words(spec, lang),
    )
    totals = "  ·  ".join(f"{name} {total}" for name, total in view.totals.items())
    lines: View = [heading(title), [_label(spec, lang, "play_totals"), totals]]
    lines += [_rival(prompt, spec, rival, seats) for rival in view.rivals]
    lines.append([_label(spec, lang, "play_pozo"), *_pozo(prompt, spec, lang)])
    if note is not None and prompt.decision == "discard":
        lines.append([(note, "bold")])
    return lines + hand(prompt, spec, lang)


def _rival(prompt: Prompt, spec: RuleSpec, rival: dict, seats: Seats) -> list:
    lang, name = seats.lang, rival["name"]
    if name not in prompt.taken:
        return [seats.name(name), (" · " + say(lang, "play_out"), "dim")]
    parts: list = [seats.name(name), " · ", agree(lang, rival["cards"], "card", "cards")]
    taken = prompt.taken[name]
    if taken:
        parts += [" · ", *worded(spec, lang, "play_took", {"cards": taken})]
    last = next((d["card"] for d in reversed(prompt.view.discards) if d["player"] == name), None)
    if last is not None:
        parts += [" · ", *worded(spec, lang, "play_threw", {"card": [last]})]
    return parts


def _pozo(prompt: Prompt, spec: RuleSpec, lang: str) -> list:
    view = prompt.view
    stock = (" · " + say(lang, "play_stock", n=view.stock_count), "")
    if not view.pozo:
        return [(say(lang, "play_pozo_empty"), "dim"), stock]
    under = len(view.pozo) - 1
    key = "play_pozo_top" if under else "play_pozo_alone"
    top = worded(spec, lang, key, {"card": view.pozo[-1:]}, n=under)
    return [*top, stock]


def hand(prompt: Prompt, spec: RuleSpec, lang: str) -> View:
    """The person's hand sorted by suit and rank, its best arrangement, and the cuts open."""
    view = prompt.view
    lines: View = [[_label(spec, lang, "play_hand"), *cards_parts(view.hand)]]
    lines += fitted([_indent(spec, lang), *arrangement(spec, view.hand, lang)])
    if prompt.decision == "discard":
        lines += _cuts(prompt, spec, lang)
    return lines


def fitted(parts: list[Part], hang: Part | None = None) -> View:
    """A line of parts (its first, the indent or a label) in lines of the table's width, broken
    only where two spaces part its groups (between melds, before the loose cards, between a
    list's items), never inside a meld; the lines after the first under the first's text, or
    indented by `hang`."""
    indent = parts[0] if hang is None else hang
    groups: list[list[Part]] = [[]]
    for part in parts[1:]:
        if part[0].startswith("  ") and groups[-1]:
            groups.append([])
        groups[-1].append(part)
    lines: list[list[Part]] = [[parts[0], *groups[0]]]
    for group in groups[1:]:
        if _width(lines[-1]) + _width(group) > WIDTH:
            gap, style = group[0]
            opening = [] if not gap.strip(" ·") else [(gap.lstrip(), style)]
            lines.append([indent, *opening, *group[1:]])
        else:
            lines[-1] += group
    return lines


def _width(parts: list[Part]) -> int:
    return sum(cell_width(text) for text, _ in parts)


def arrangement(spec: RuleSpec, codes: Sequence[str], lang: str) -> list[Part]:
    """Cards in their best arrangement: the melds, then the loose cards and their points."""
    deck = spec.deck
    cards = [deck.parse_card(c) for c in codes]
    best = HandSolver(spec, cards).best(cards)
    assert best is not None  # without limits every hand has an arrangement
    parts: list[Part] = []
    if best.melds:
        melds = joined((cards_parts(deck.codes(m.cards)) for m in best.melds), "  ")
        parts += [(say(lang, "play_melds") + " ", "dim"), *melds]
    if best.loose:
        if parts:
            parts.append(("  ·  ", "dim"))
        points = agree(lang, best.deadwood, "point", "points")
        parts += [
            (say_for(spec, lang, "play_loose") + " ", "dim"),
            *cards_parts(deck.codes(best.loose)),
        ]
        parts.append((f" = {points}", ""))
    return parts


def _cuts(prompt: Prompt, spec: RuleSpec, lang: str) -> View:
    """Whether the person can cut now, and the commands that do, in lines of the table's width
    (Gin may knock with many cards), broken only between two commands."""
    verb = cut_verb(spec, lang)
    indent = _indent(spec, lang)
    commands = [f"{verb} {printed(card)}" for card in prompt.can_cut]
    if prompt.cut_alone:
        commands.insert(0, verb)
    if not commands:
        return [[indent, (say(lang, "play_cannot_cut", cut=verb), "dim")]]
    first, *rest = say(lang, "play_can_cut", cut=verb, commands="\0".join(commands)).split("\0")
    rows = [first]
    for command in rest:
        if cell_width(indent[0] + rows[-1] + " · " + command) > WIDTH:
            rows[-1] += " ·"
            rows.append(command)
        else:
            rows[-1] += " · " + command
    return [[indent, (row, "bold green")] for row in rows]


def question(prompt: Prompt, spec: RuleSpec, lang: str) -> str:
    """What the person is asked now, with the commands that answer it."""
    view = prompt.view
    if prompt.decision == "reenter":
        # The view's totals are the round's own: the points of the round that put them out in.
        return say(lang, "play_ask_reenter", total=view.totals[view.me])
    if prompt.decision == "discard":
        return say(lang, "play_ask_discard")
    if view.offer:
        return say(lang, "play_ask_offer", card=printed(view.pozo[-1]))
    if not view.pozo:
        return say_for(spec, lang, "play_ask_draw_only")
    if not view.may_take:
        return say(lang, "play_ask_draw_passed", card=printed(view.pozo[-1]))
    return say(lang, "play_ask_draw", card=printed(view.pozo[-1]))


def drawn(prompt: Prompt, spec: RuleSpec, lang: str) -> str:
    """What the person just drew, or that they open the round."""
    view = prompt.view
    if view.drawn is None:
        return say(lang, "play_opening")
    key = "play_took_pozo" if view.drawn["source"] == "pozo" else "play_drew"
    return say_for(spec, lang, key, card=printed(view.drawn["card"]))
