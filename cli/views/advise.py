"""`mazo advise`: the advice as a player would say it, both options, and the drawn cards
grouped by what they give, in Spanish or English."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mazo import words
from mazo.cardtext import Part, card_part, cards_text, cell_width
from mazo.output import View
from mazo.solver.cards import printed
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import cut_verb, said_to_you
from mazo.views.lines import LABEL_WIDTH, wrapped
from mazo.views.words import agree_for, say_for
from mazo.words.numbers import in_lang, percent

if TYPE_CHECKING:  # mazo odds speaks through Say without loading the advice's exact fractions
    from mazo.solver.play.advise import Advice, Drawn


class Say:
    """The game's words in one language: its verb for cutting, its closes, numbers, cards."""

    def __init__(self, spec: RuleSpec, lang: str):
        self.spec = spec
        self.lang = lang
        verb = cut_verb(spec, self.lang)
        you = said_to_you(verb, lang) if lang == "es" else f"you {verb}"
        self.fields = {"cut": verb, "Cut": verb[:1].upper() + verb[1:], "you_cut": you}
        self.fields["You_cut"] = you[:1].upper() + you[1:]

    def __call__(self, key: str, /, **fields: Any) -> str:
        return say_for(self.spec, self.lang, key, **{**self.fields, **fields})

    def card(self, code: str) -> str:
        if code == "*":
            return words.say(self.lang, "joker")
        return words.say(self.lang, "the", card=printed(code))

    def discard(self, code: str | None, key: str = "advise_discarding") -> str:
        """The discard said in a sentence; none for a close made with every card (big gin)."""
        if code is None:
            return words.say(self.lang, "no_discard")
        card = self.card(code) if key == "advise_discarding" else printed(code)
        return words.say(self.lang, key, card=card)

    def percent(self, value) -> str:
        # Whole percents, but a small chance is not rounded to nothing.
        digits = 1 if 0 < value < Fraction(1, 10) else 0
        return percent(float(value), self.lang, digits)

    def turns(self, value: float) -> str:
        """Expected turns to two decimals, as the language writes them (7,76)."""
        return in_lang(f"{value:.2f}", self.lang)

    def when(self, turns: float, key: str = "turns_in", now: str = "turns_now") -> str:
        """When the cut comes: now (as `now` says it), or in so many turns on average."""
        return self(now) if turns == 0 else self(key, turns=self.turns(turns))

    def number(self, value) -> str:
        return in_lang(f"{float(value):.2f}".rstrip("0").rstrip("."), self.lang)

    def close(self, close_id: str | None) -> str:
        if close_id is None:
            return self("no_cut_group")
        return self.spec.close(close_id).names[self.lang]

    def close_aside(self, close_id: str | None) -> str:
        """The close in brackets after the verb ("cortás (Corte limpio)"); nothing where it is
        the verb itself (Gin's "llamás (Llamar)")."""
        name = self.close(close_id)
        return "" if name.lower() == self.fields["cut"].lower() else f" ({name})"

    def agree(self, n: int, one: str, many: str) -> str:
        """This language's form of a word (by its keys) for `n`."""
        return agree_for(self.spec, self.lang, n, one, many)

    def points(self, n: int) -> str:
        return self.agree(n, "loose_point", "loose_points")


def headline(advice: Advice, say: Say) -> str:
    """The advice as a player would say it."""
    from mazo.solver.play.advise import Reason

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
            close = say.close_aside(take.close)
            return say("take_cut", top=top, discarding=discarding, close=close)
        assert take.discard is not None  # only a close with every card melded keeps none
        return say("take", top=top, discard=say.card(take.discard), why=_why(advice, say))
    if draw.turns_to_cut is not None:  # horizon optimal
        return _draw_by_turns(advice, say, top)
    if take is None:
        line = say("draw_only", **common)
    else:
        if take.can_cut:
            part = say("take_yes", top=top, discarding=say.discard(take.discard))
        elif advice.horizon == 2 and advice.reason.reason is Reason.CHANCE:
            part = _why(advice, say)
        else:
            part = say("take_no", top=top)
        line = say("draw", take_part=part, **common)
    if take is None and advice.horizon == 2:
        line += " " + say("next_draw", p_draw=say.percent(draw.cut_by_next_turn))
    return line


def _draw_by_turns(advice: Advice, say: Say, top: str) -> str:
    """Horizon optimal's advice to draw: its turns to the cut, and taking's."""
    assert advice.draw.turns_to_cut is not None  # headline asks only then
    when = say.when(advice.draw.turns_to_cut, now="drawn_now")
    if advice.take is None:
        return say("optimal_draw_only", when=when)
    assert advice.take.turns_to_cut is not None  # the optimal horizon fills both
    # taking cuts now only where drawing does too: drawing is advised only so
    taking = say.when(advice.take.turns_to_cut, "turns_short", now="taken_now")
    return say("optimal_draw", when=when, top=top, taking=taking)


def _why(advice: Advice, say: Say) -> str:
    """The reason the advice gives for taking (or for drawing, on its chances), in words."""
    from mazo.solver.play.advise import Reason

    why = advice.reason
    if why.reason is Reason.TURNS:  # horizon optimal: turns, not chances
        drawing = say.when(why.drawing, "turns_short", now="drawn_now")
        return say("optimal_take", when=say.when(why.taking), drawing=drawing)
    if why.reason is Reason.FEWER_LOOSE:
        return say(
            "tie" if why.chance else "tie_none",
            when=say(f"when_{why.horizon}"),
            p=say.percent(why.chance),
            take=why.taking,
            pts=say.points(why.taking),
            draw=say.number(why.drawing),
        )
    assert why.reason is Reason.CHANCE  # the only other reason to take without cutting now
    return say("next", p_take=say.percent(why.taking), p_draw=say.percent(why.drawing))


def view(advice: Advice, spec: RuleSpec, lang: str) -> View:
    """The headline, both options, the horizon that answered, and the drawn cards grouped by
    the discard they call for; every line within the terminal's 80 columns."""
    from rich.text import Text

    say = Say(spec, lang)
    lines: View = [*wrapped([(headline(advice, say), "bold")])]
    lines += [
        Text.assemble(_label(say("hand")), cards_text(advice.hand)),
        _position(advice, say),
    ]
    if advice.take is not None:
        lines += _row(say("take_row"), _take_row(advice, say))
    lines += _row(say("draw_row"), _draw_row(advice, say))
    lines += wrapped([(say(f"horizon_{advice.horizon}"), "dim")])
    cards = say.agree(advice.unseen, "card", "cards")
    lines.append(Text(say("if_draw", cards=cards), style="italic"))
    return lines + _drawn(advice, spec, say)


def _row(label: str, text: str) -> View:
    """A labelled row, its words going on below the label's width when they pass 80 columns."""
    first, *rest = wrapped([(text, "")], " " * LABEL_WIDTH, hang="")
    return [[_label(label), *first[1:]], *rest]


def _label(word: str) -> tuple[str, str]:
    # A label longer than the column (Gin's "Discard pile") still keeps a space before the cards.
    return f"{word:<{LABEL_WIDTH - 1}} ", "dim"


def _position(advice: Advice, say: Say):
    """The pozo's top card, the cards seen and how many are unseen."""
    from rich.text import Text

    pozo = cards_text([advice.pozo_top]) if advice.pozo_top else Text(say("dash"), style="dim")
    seen = cards_text(advice.seen) if advice.seen else Text(say("none"), style="dim")
    return Text.assemble(
        _label(say("pozo")),
        pozo,
        (f"   {say('seen')}: ", "dim"),
        seen,
        (f"   {say('unseen', n=advice.unseen)}", "dim"),
    )


def _take_row(advice: Advice, say: Say) -> str:
    take = advice.take
    assert take is not None  # view shows this row only with a pozo top
    row = say(
        "row_take",
        discard=say.discard(take.discard, "discard_row"),
        points=take.deadwood_points,
        pts=say.points(take.deadwood_points),
        verdict=say.close(take.close) if take.can_cut else say("no_cut"),
    )
    if advice.horizon == 2 and not take.can_cut:
        row += say("row_next", p=say.percent(take.cut_by_next_turn))
    if take.turns_to_cut is not None:
        row += say("row_turns", when=say.when(take.turns_to_cut))
    return row


def _draw_row(advice: Advice, say: Say) -> str:
    draw = advice.draw
    row = say(
        "row_draw",
        k=draw.cut_now_cards,
        cards=say.agree(advice.unseen, "of_card", "of_cards"),
        let=say.agree(draw.cut_now_cards, "lets", "let"),
        p=say.percent(draw.cut_now),
        loose=say.number(draw.expected_deadwood),
    )
    if advice.horizon == 2:
        row += say("row_next", p=say.percent(draw.cut_by_next_turn))
    if draw.turns_to_cut is not None:
        row += say("row_turns", when=say.when(draw.turns_to_cut))
    return row


def _drawn(advice: Advice, spec: RuleSpec, say: Say) -> View:
    """The drawn cards grouped by what each calls for: a close and its discard, a discard, or
    throwing the card back; the largest group that cuts nothing is said as "any other"."""
    groups: dict[tuple[int, str | None, bool], list[Drawn]] = {}
    order = {c.id: i for i, c in enumerate(spec.closes)}
    for d in advice.draw.by_card:
        back = d.keep.discard == d.card
        close = order[d.keep.close] if d.keep.close is not None else len(order)
        groups.setdefault((close, None if back else d.keep.discard, back), []).append(d)
    deck = spec.deck
    ranked = sorted(
        groups.items(),
        key=lambda item: (
            item[0][0],
            -sum(d.copies for d in item[1]),
            item[0][2],
            deck.sort_key(deck.parse_card(item[0][1])) if item[0][1] else (),
        ),
    )
    rest = [(key, drawn) for key, drawn in ranked if not drawn[0].keep.can_cut]
    other = max(rest, key=lambda item: sum(d.copies for d in item[1]), default=None)
    rows = [
        (_action(drawn[0], key[2], say), drawn, (key, drawn) == other)
        for key, drawn in [*(g for g in ranked if g != other), *([other] if other else [])]
    ]
    width = max(cell_width(action) for action, _, _ in rows)
    counted = max(cell_width(say.agree(n, "card", "cards")) for n in _counts(rows))
    lines: View = []
    for action, drawn, is_other in rows:
        count = sum(d.copies for d in drawn)
        label = say.agree(count, "card", "cards")
        head = [("  " + action + " " * (width - cell_width(action) + 2), "")]
        head.append((" " * (counted - cell_width(label)) + label + ": ", "dim"))
        if is_other:
            lines.append([*head, (say("group_other" if len(rows) > 1 else "group_any"), "")])
            continue
        cards: list[Part] = []
        for d in drawn:
            cards += [card_part(d.card), *([(f"×{d.copies}", "dim")] if d.copies > 1 else [])]
            cards.append((" ", ""))
        indent = " " * cell_width("".join(text for text, _ in head))
        first, *more = wrapped(_words(cards[:-1]), indent, hang="")
        lines += [[*head, *first[1:]], *more]
    return lines


def _counts(rows) -> list[int]:
    return [sum(d.copies for d in drawn) for _, drawn, _ in rows]


def _action(drawn: Drawn, back: bool, say: Say) -> str:
    """What a drawn card calls for, said once for its group."""
    keep = drawn.keep
    if keep.can_cut:
        close = say.close_aside(keep.close)
        if keep.discard is None:
            return say("group_cut_whole", close=close)
        return say("group_cut", close=close, card=printed(keep.discard))
    if back:
        return say("group_back")
    assert keep.discard is not None  # a hand that cannot cut has a discard
    return say("group_discard", card=printed(keep.discard))


def _words(parts: list[Part]) -> list[Part]:
    """A card and its copies kept as one word: wrapping breaks only between cards."""
    joined: list[Part] = []
    for text, style in parts:
        if text.startswith("×") and joined:
            joined[-1] = (joined[-1][0] + text, joined[-1][1])
        else:
            joined.append((text, style))
    return joined
