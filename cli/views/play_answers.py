"""`mazo play`: the table's answers to the person's other commands (a hint, the pozo, the rules,
the help) and the one line that says why a command is refused."""

from __future__ import annotations

from mazo.cardtext import cards_parts, cell_width
from mazo.output import View
from mazo.play.commands import Unread
from mazo.rulebooks.book import rules_said
from mazo.solver.cards import printed
from mazo.solver.errors import cut, printable
from mazo.solver.game.engine import playable
from mazo.solver.game.hint import Hint
from mazo.solver.game.person import Answer, Prompt, Refusal
from mazo.solver.game.view import Play
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import cut_verb, said_to_you
from mazo.views.advise import Say, headline
from mazo.views.play import Seats, worded, wrapped
from mazo.views.words import say_for
from mazo.words import agree, say
from mazo.words.numbers import in_lang


def hint_lines(found: Hint, prompt: Prompt, spec: RuleSpec, lang: str) -> View:
    """The expert's answer and the fastest's (once when they agree), each with the turns to the
    cut or the loose points it leaves; at a draw, the advice's reason (the fastest's)."""
    expert, fastest = found.answers["expert"], found.answers["fastest"]
    top = prompt.view.pozo[-1] if prompt.view.pozo else None
    levels = ["expert"] if expert == fastest else ["expert", "fastest"]
    lines: View = []
    for level in levels:
        who = say(lang, "play_hint_both" if len(levels) == 1 else f"play_hint_{level}")
        answer = said(found.answers[level], spec, lang, top)
        line = say(
            lang, "play_hint", who=who, answer=answer, figures=_figures(found, level, spec, lang)
        )
        lines += wrapped(line, "bold")
    if found.advice is not None:
        # The advice is the fastest's reason: named so where the expert answers otherwise.
        key = "play_hint_why" if expert == fastest else "play_hint_why_fastest"
        lines += wrapped(say(lang, key, why=headline(found.advice, Say(spec, lang))))
    return lines


def said(answer: Answer, spec: RuleSpec, lang: str, top: str | None = None) -> str:
    """An answer as a player says it: draw from the stock, take the 5o (the pozo's `top`),
    throw the 8b, re-enter."""
    if isinstance(answer, Play):
        verb = cut_verb(spec, lang)
        if answer.card is None:
            return say(lang, "play_do_cut_alone", cut=verb)
        key = "play_do_cut" if answer.cut else "play_do_discard"
        return say(lang, key, cut=verb, card=printed(answer.card))
    if isinstance(answer, bool):
        return say(lang, "play_do_reenter" if answer else "play_do_stay_out")
    if answer == "pozo":
        return say(lang, "play_do_pozo", card=printed(top or ""))
    return say(lang, f"play_do_{answer}")


def _figures(found: Hint, level: str, spec: RuleSpec, lang: str) -> str:
    figures = ""
    if found.turns is not None:
        turns = found.turns[level]
        cuts = said_to_you(cut_verb(spec, lang), lang)
        if turns == 0:
            figures += say(lang, "play_hint_cuts", cuts=cuts)
        else:
            shown = in_lang(f"{turns:.2f}", lang)
            figures += say(lang, "play_hint_turns", turns=shown, cuts=cuts)
    if found.loose is not None and not (found.turns is not None and found.turns[level] == 0):
        points = agree(lang, found.loose[level], "point", "points")
        figures += say(lang, "play_hint_loose", points=points)
    return figures


def pozo_lines(prompt: Prompt, spec: RuleSpec, seats: Seats) -> View:
    """Every discard of the round in order, who threw it and who took it; the pozo now."""
    lang, view = seats.lang, prompt.view
    if not view.discards:
        lines: View = [say(lang, "play_pozo_none")]
    else:
        lines = [say_for(spec, lang, "play_pozo_title")]
        # The cards in a column as wide as the widest (10o beside 5c), the words lined up.
        width = max(cell_width(printed(d["card"])) for d in view.discards)
        for discard in view.discards:
            pad = " " * (width - cell_width(printed(discard["card"])))
            parts = ["  ", *cards_parts([discard["card"]]), "  " + pad]
            parts.append(seats.told("play_pozo_thrown", discard["player"]))
            if discard.get("taken_by"):
                parts.append(seats.told("play_pozo_taken", discard["taken_by"]))
            lines.append(parts)
    # Fifteen cards a line: a pozo that grew all round still fits the table's width.
    if not view.pozo:
        return [*lines, say_for(spec, lang, "play_pozo_now_empty")]
    rows = [view.pozo[at : at + 15] for at in range(0, len(view.pozo), 15)]
    lines.append(worded(spec, lang, "play_pozo_now", {"cards": rows[0]}))
    return lines + [["    ", *cards_parts(row)] for row in rows[1:]]


def rules_lines(spec: RuleSpec, lang: str) -> View:
    """The rules in force, short: the hand, the closes, the match, the options."""
    play, match = playable(spec), spec.match
    hand = say(lang, "play_rules_hand", game=spec.title[lang], n=spec.hand_size)
    if play.mano_extra:
        hand += say(lang, "play_rules_mano", n=spec.hand_size + play.mano_extra)
    closes = ", ".join(close.names[lang] for close in spec.closes)
    lines: View = [*wrapped(hand + "."), *wrapped(say(lang, "play_rules_closes", closes=closes))]
    if match.elimination_limit is not None:
        limit, again = match.elimination_limit, match.reenganche
        again = say(lang, f"play_reenganche_{again}")
        lines.append(say(lang, "play_rules_limit", limit=limit, reenganche=again))
    else:
        target = match.target
        bonus = match.game_bonus
        lines.append(
            say(lang, "play_rules_target", target=target, line=match.line_bonus, bonus=bonus)
        )
    if play.stock_out == "void":
        lines += wrapped(say(lang, "play_rules_void", n=play.void_stock))
    else:  # recycle keeps the pozo's top card; recycle_all shuffles the whole pozo
        lines += wrapped(say_for(spec, lang, f"play_rules_{play.stock_out}"))
    # Each option as a page says it ("se corta con 5 puntos"), not as a file writes it.
    options = rules_said(spec, lang)
    return lines + wrapped(say(lang, "play_rules_options", options=options), "dim")


# The help's lines: the words that give each command, and what it does.
HELP = (
    ("r · robar · draw", "play_help_draw"),
    ("l · levantar · take", "play_help_take"),
    ("paso · pass", "play_help_pass"),
    ("t {card} · tirar {card} · discard {card}", "play_help_discard"),
    ("{cuts}", "play_help_cut"),
    ("sí · si · s · yes · y · no · n", "play_help_yes_no"),
    ("pista · hint", "play_help_hint"),
    ("pozo", "play_help_pozo"),
    ("reglas · rules", "play_help_rules"),
    ("deshacer · undo", "play_help_undo"),
    ("salir · quit", "play_help_quit"),
    ("ayuda · help · ?", "play_help_help"),
)


def help_lines(spec: RuleSpec, lang: str) -> View:
    """Each command's words, and what it does, a line or two each."""
    card = _example(spec)
    # Each verb with its card, as the discard's line writes each of its forms.
    verbs = dict.fromkeys(["cortar", "cut", *spec.cut.names.values()])
    cuts = " · ".join(f"{verb} {card}" for verb in verbs)
    lines: View = [say(lang, "play_help_title")]
    # Passing answers only the first upcard's offer, yes and no only the reenganche question:
    # a game without them has no such commands.
    missing = set()
    if not playable(spec).upcard_offer:
        missing.add("play_help_pass")
    if spec.match.elimination_limit is None or spec.match.reenganche == "off":
        missing.add("play_help_yes_no")
    for words, key in HELP:
        if key in missing:
            continue
        what = say_for(spec, lang, key, cut=cut_verb(spec, lang))
        lines += wrapped(f"  {words.format(cuts=cuts, card=card)}: {what}", indent=6)
    return lines


# The card the help's examples name, the first the game's deck has: a person types it as shown.
EXAMPLES = ("12b", "QH")


def _example(spec: RuleSpec) -> str:
    from mazo.solver.errors import InputError

    for code in EXAMPLES:
        try:
            spec.deck.parse_card(code)
        except InputError:
            continue
        return code
    return spec.deck.code(spec.deck.all_cards()[0])


def refusal_line(why: Refusal, prompt: Prompt, spec: RuleSpec, lang: str) -> str:
    """Why an answer cannot be given now, in a line."""
    verb = cut_verb(spec, lang)
    card = "" if why.card is None else printed(why.card)
    if why.reason == "not_now":
        return say(lang, "play_refused_not_now", usage=usage(prompt, spec, lang))
    return say_for(spec, lang, f"play_refused_{why.reason}", card=card, cut=verb)


def usage(prompt: Prompt, spec: RuleSpec, lang: str) -> str:
    """The commands that answer the decision asked now."""
    key = "offer" if prompt.decision == "draw" and prompt.view.offer else prompt.decision
    return say(lang, f"play_usage_{key}", cut=cut_verb(spec, lang))


# The most of a line a refusal echoes: the refusal, in either language, fits 80 columns.
WORD_AT_MOST = 30


def unread_line(unread: Unread, lang: str) -> str:
    """Why a line is no command, the word it stopped at cut short: a pasted page stays a line."""
    word = cut(printable(unread.word), WORD_AT_MOST)  # a control character shown, never sent
    return say(lang, f"play_unread_{unread.why}", word=word)
