"""What a worksheet says, in Spanish and English: titles, instructions, answer lines, explanations.

The game's own words come from its spec (the verb for cutting, close and meld names), so a
Gin sheet asks "Can you knock?" and a Chinchón sheet "¿Podés cerrar?".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from mazo import words
from mazo.solver.cards import printed
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import cut_verb, in_sentence, said_to_you
from mazo.words.numbers import in_lang, percent

from .answers import (
    AcomodoAnswer,
    Answer,
    BestDiscardAnswer,
    CanCutAnswer,
    CountDeadwoodAnswer,
    FastestDiscardAnswer,
    RummyAnswer,
    TakeOrDrawAnswer,
)
from .kinds import LEVELS
from .parts import namespace, parts_of

# --difficulty in Spanish, as the help says it, and as it is typed without accents (or "medio",
# the level's word for a puzzle): the JSON and the reprint keep the English names.
LEVEL_WORDS = {
    **{words.word("es", f"puzzles.{level}"): level for level in LEVELS},
    "facil": "easy",
    "medio": "medium",
    "dificil": "hard",
}


def _asked(verb: str, lang: str) -> str:
    """The cut verb as the sheet asks it ("¿Cortás?", "Knock?"), capitalised."""
    verb = said_to_you(verb, lang)
    return verb[:1].upper() + verb[1:]


# Gin's English word for loose points, phrase by phrase (most specific first).
DEADWOOD = (
    (r"\bthe fewest loose points\b", "the least deadwood"),
    (r"\b([Hh])ow many loose points are\b", r"\1ow much deadwood is"),
    (r"\b([Hh])ow many loose points\b", r"\1ow much deadwood"),
    (r"\bthe fewest you can keep\b", "the least you can keep"),
    (r"\bloose points?\b", "deadwood"),
    (r"\bLoose points\b", "Deadwood"),
    (r"\bcards stay loose\b", "cards are deadwood"),
    (r"\bthe cards left loose\b", "the deadwood cards"),
    (r"\bstays? loose\b", "is deadwood"),
    (r"\bnone loose\b", "no deadwood"),
    (r"\bLoose:", "Deadwood:"),
    (r"\bloose:", "deadwood:"),
)


def _deadwood(text: str) -> str:
    for phrase, said in DEADWOOD:
        text = re.sub(phrase, said, text)
    return text


def say(spec: RuleSpec, lang: str, key: str, **fields: Any) -> str:
    cut = cut_verb(spec, lang)
    cap = cut[:1].upper() + cut[1:]
    asked = _asked(cut, lang)
    text = words.say(
        lang,
        key,
        cut=cut,
        Cut=cap,
        Asked=asked,
        cuts=said_to_you(cut, lang),
        **parts_of(spec).fields(spec, lang),
        **fields,
    )
    if lang == "en" and spec.puzzle_deadwood:
        text = _deadwood(text)
    # A sentence that ends in a name with its own mark ("¡Conga Limpia!") takes no full stop.
    return re.sub(r"([!?])\.", r"\1", text)


def drawn_card(code: str) -> str:
    """A card as the sheet draws it (★, Q♥, 10♥): the drawn 10, never the code's T."""
    shown = printed(code)
    return "10" + shown[1:] if code.startswith("T") else shown


def spelt(codes) -> str:
    """Cards in an answer, spelt as the hand beside it shows them."""
    return " ".join(map(drawn_card, codes))


def kind_key(kind: str, part: str = "") -> str:
    """The key of a kind's word (its title, or `.ask`, `.fill`...), kept by the mechanism that
    offers the kind."""
    return f"{namespace(kind)}.{kind}{part}"


def title(spec: RuleSpec, kind: str, lang: str) -> str:
    return say(spec, lang, kind_key(kind))


def sheet_name(spec: RuleSpec, kinds: list[str], lang: str) -> str:
    """What a sheet asks: its kind's title, or a mixed sheet's name."""
    return title(spec, kinds[0], lang) if len(kinds) == 1 else words.word(lang, "puzzles.sheet")


def about(spec: RuleSpec, kind: str, lang: str) -> str:
    """What a kind of puzzle asks, in one line of the game's words."""
    return say(spec, lang, kind_key(kind, ".about"))


def meld_label(spec: RuleSpec, codes: list[str], lang: str) -> str:
    """The meld's kind in the game's words: a set shares one rank, a run climbs in one suit."""
    naturals = [spec.deck.parse_card(c) for c in codes if c != "*"]
    shape = "set" if len({c.rank for c in naturals}) == 1 and len(naturals) >= 2 else "run"
    if len(naturals) < 2:
        return words.word(lang, "puzzles.meld")
    kind = next((k for k in spec.melds if k.shape == shape), None)
    return kind.names[lang] if kind else words.word(lang, "puzzles.meld")


def close_name(spec: RuleSpec, close_id: str | None, lang: str) -> str:
    """The close as a key's sentence names it, or that there is none."""
    if close_id is None:
        return say(spec, lang, "puzzles.no_cut")
    return in_sentence(spec.close(close_id).names[lang])


def _points_word(points: int, lang: str) -> str:
    return words.agree(lang, points, "puzzles.point", "puzzles.points")


def _either(cards: list[str], lang: str) -> str:
    """Cards that do equally well: `JS`, `JS or QS`, `JS, QS or KS`."""
    cards = [drawn_card(c) for c in cards]
    if len(cards) == 1:
        return cards[0]
    return f"{', '.join(cards[:-1])} {words.word(lang, 'puzzles.or')} {cards[-1]}"


def _loose(deadwood: Sequence[str]) -> str:
    return f" ({spelt(deadwood)})" if deadwood else ""


def meld_list(spec: RuleSpec, melds: Sequence[Sequence[str]], lang: str) -> str:
    """Each meld named by its kind: `trinca 4o 4e 4b, secuencia 5o 6o 7o`."""
    return ", ".join(f"{meld_label(spec, list(m), lang)} {spelt(m)}" for m in melds)


def melds_said(spec: RuleSpec, melds: Sequence[Sequence[str]], lang: str) -> str:
    if not melds:
        return words.word(lang, "puzzles.no_melds")
    return words.say(lang, "puzzles.melds_are", melds=meld_list(spec, melds, lang))


def explain(spec: RuleSpec, answer: Answer, lang: str) -> str:
    """The answer key's one line for a puzzle: the worksheets' own kinds explained here, the
    others by their mechanism."""
    explained = _EXPLAIN.get(type(answer)) or parts_of(spec).explained[type(answer)]
    return explained(spec, answer, lang)


def _left(answer: RummyAnswer, lang: str) -> dict[str, Any]:
    """What every rummy key says: the loose points left, and which cards."""
    points = answer.deadwood_points
    return {"points": points, "pts": _points_word(points, lang), "loose": _loose(answer.deadwood)}


def _explain_best_discard(spec: RuleSpec, answer: BestDiscardAnswer, lang: str) -> str:
    runner = answer.runner_up
    same_close = runner.close == answer.close
    return say(
        spec,
        lang,
        "puzzles.best-discard.why",
        discard=drawn_card(answer.discard),
        verdict=close_name(spec, answer.close, lang),
        runner=_either(list(runner.discards) or [runner.discard], lang),
        runner_points=runner.deadwood_points,
        runner_pts=_points_word(runner.deadwood_points, lang),
        runner_close="" if same_close else f" ({close_name(spec, runner.close, lang)})",
        **_left(answer, lang),
    )


def _explain_can_cut(spec: RuleSpec, answer: CanCutAnswer, lang: str) -> str:
    common = _left(answer, lang)
    if answer.can_cut and answer.discard is not None:
        others = [c for c in answer.cut_discards if c != answer.discard]
        return say(
            spec,
            lang,
            "puzzles.can-cut.yes",
            discard=drawn_card(answer.discard),
            others=say(spec, lang, "puzzles.other_cuts", cards=_either(others, lang))
            if others
            else say(spec, lang, "puzzles.only_cut"),
            verdict=close_name(spec, answer.close, lang),
            **common,
        )
    tied = list(answer.best_discards) or [answer.best_discard]
    shown = f"{drawn_card(tied[0])}{common['loose']}" if len(tied) == 1 else _either(tied, lang)
    return say(spec, lang, "puzzles.can-cut.no", discards=shown, **common)


def _explain_acomodo(spec: RuleSpec, answer: AcomodoAnswer, lang: str) -> str:
    onto = words.word(lang, "puzzles.onto")
    laid = ", ".join(
        f"{spelt(lay.cards)} {onto} {spelt(answer.cutter_melds[lay.meld - 1])}"
        for lay in answer.laid_off
    )
    return say(
        spec,
        lang,
        "puzzles.acomodo.why",
        laid=laid,
        melds=melds_said(spec, answer.melds, lang),
        without=answer.points_without_acomodo,
        **_left(answer, lang),
    )


def _explain_count_deadwood(spec: RuleSpec, answer: CountDeadwoodAnswer, lang: str) -> str:
    melds = melds_said(spec, answer.melds, lang)
    return say(spec, lang, "puzzles.count-deadwood.why", melds=melds, **_left(answer, lang))


def _close_named(spec: RuleSpec, close: str | None, lang: str) -> str:
    """The close a cut makes, in brackets, unless it is called as the cut is (Gin's knock):
    "you can knock now, discarding 5♦ (knock)" says it twice."""
    name = close_name(spec, close, lang)
    return "" if name.lower() == cut_verb(spec, lang).lower() else f" ({name})"


def _decimal(value: float, lang: str, *, always: bool = False) -> str:
    """A mean to one decimal with the language's decimal mark (4,2); without `always`, written
    as the whole numbers beside it are when the decimal is 0."""
    shown = f"{value:.1f}"
    if not always:
        shown = shown.removesuffix(".0")
    return in_lang(shown, lang)


def _turns(value: float, lang: str) -> str:
    """Expected turns to the cut, always with their decimal: `4,2 turnos`, `8.0 turns`."""
    return f"{_decimal(value, lang, always=True)} {words.word(lang, 'puzzles.turns')}"


def fill(spec: RuleSpec, kind: str, answer: Answer, lang: str) -> str:
    """The answer line under a puzzle; a fastest discard's offers its discards to tick, as no
    student finds expected turns by hand."""
    if isinstance(answer, FastestDiscardAnswer):
        ticks = "    ".join(f"☐ {drawn_card(choice.discard)}" for choice in answer.choices)
        return say(spec, lang, kind_key(kind, ".fill"), choices=ticks)
    return say(spec, lang, kind_key(kind, ".fill"))


def _explain_fastest_discard(spec: RuleSpec, answer: FastestDiscardAnswer, lang: str) -> str:
    shown = (answer.discard, answer.fewest_points_discard)
    others = "".join(
        say(
            spec,
            lang,
            "puzzles.fastest-discard.other",
            other=drawn_card(choice.discard),
            other_points=choice.deadwood_points,
            other_turns=_turns(choice.turns_to_cut, lang),
        )
        for choice in answer.choices
        if choice.discard not in shown
    )
    why = say(
        spec,
        lang,
        "puzzles.fastest-discard.why",
        discard=drawn_card(answer.discard),
        turns=_turns(answer.turns_to_cut, lang),
        points=answer.deadwood_points,
        pts=_points_word(answer.deadwood_points, lang),
        fewest=drawn_card(answer.fewest_points_discard),
        fewest_turns=_turns(answer.fewest_points_turns_to_cut, lang),
        fewest_points=answer.fewest_points_deadwood_points,
    )
    return why + others


def _explain_take_or_draw(spec: RuleSpec, answer: TakeOrDrawAnswer, lang: str) -> str:
    take, draw = answer.take, answer.draw
    # The sheets look two turns ahead and keep only takes that throw a card.
    assert take.discard is not None
    assert take.cut_by_next_turn is not None and draw.cut_by_next_turn is not None
    fields = {
        "top": drawn_card(answer.pozo_top),
        "discard": drawn_card(take.discard),
        "p_take": percent(float(take.cut_by_next_turn), lang),
        "p_draw": percent(float(draw.cut_by_next_turn), lang),
        "take_points": take.fewest_deadwood_points,
        "take_pts": _points_word(take.fewest_deadwood_points, lang),
        "draw_points": _decimal(float(draw.expected_deadwood), lang),
    }
    cards = words.agree(lang, answer.unseen, "puzzles.of_card", "puzzles.of_cards")
    if answer.advice == "take" and take.can_cut:
        text = say(
            spec,
            lang,
            "puzzles.take-or-draw.take_cut",
            close=_close_named(spec, take.close, lang),
            k=draw.cut_now_cards,
            cards=cards,
            let=words.agree(lang, draw.cut_now_cards, "puzzles.lets", "puzzles.let"),
            **fields,
        )
    else:
        # Counts a student can check: the unseen cards that let the hand cut on the draw.
        k_take = take.cut_by_next_turn * answer.unseen
        assert k_take.denominator == 1  # a share of the unseen cards after taking
        text = say(
            spec,
            lang,
            f"puzzles.take-or-draw.{answer.advice}",
            cards=cards,
            k_take=int(k_take),
            let_take=words.agree(lang, int(k_take), "puzzles.lets", "puzzles.let"),
            k_draw=draw.cut_now_cards,
            let_draw=words.agree(lang, draw.cut_now_cards, "puzzles.lets", "puzzles.let"),
            **fields,
        )
        text += say(spec, lang, "puzzles.take-or-draw.points", **fields)
    if answer.thumbs_wrong:
        rules = words.word(lang, "puzzles.and").join(
            words.word(lang, f"puzzles.thumb.{t}") for t in answer.thumbs_wrong
        )
        text += say(spec, lang, "puzzles.take-or-draw.wrong", rules=rules)
    return text


_EXPLAIN: dict[type, Callable[[RuleSpec, Any, str], str]] = {
    BestDiscardAnswer: _explain_best_discard,
    CanCutAnswer: _explain_can_cut,
    CountDeadwoodAnswer: _explain_count_deadwood,
    AcomodoAnswer: _explain_acomodo,
    TakeOrDrawAnswer: _explain_take_or_draw,
    FastestDiscardAnswer: _explain_fastest_discard,
}
