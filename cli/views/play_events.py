"""`mazo play`: what happens at the table, told from public information only (a rival's draw
from the stock is told without its card); a round's end with every hand laid face up and
scored, the acomodo, the points and the match; the game's end."""

from __future__ import annotations

from mazo.cardtext import Part, cards_parts
from mazo.output import View
from mazo.solver.cards import printed
from mazo.solver.game.public import RoundCards
from mazo.solver.game.session import Told
from mazo.solver.match.elimination import MatchResult
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views import match as match_view
from mazo.views import score as score_view
from mazo.views.play import WIDTH, Seats, arrangement, fitted, heading, worded, wrapped
from mazo.views.words import say_for
from mazo.words import say
from mazo.words.numbers import signed


def event_lines(told: Told, spec: RuleSpec, seats: Seats, person: str) -> View:
    """An event as its lines; an event the table does not tell (the game line), none."""
    line, lang = told.line, seats.lang
    kind = line["event"]
    if kind == "deal":
        return [_deal(line, spec, seats, person)]
    if kind == "turn":
        return turn_lines(line, spec, seats, person)
    if kind == "recycle":
        return [[(say_for(spec, lang, "play_recycle", n=line["stock_count"]), "yellow")]]
    if kind == "round_end":
        return round_end(told, spec, seats, person, shown=False)
    if kind == "game_end":
        return game_end(told, spec, seats, person)
    return []


def _deal(line: dict, spec: RuleSpec, seats: Seats, person: str) -> list:
    """A round dealt: who is mano, and the first upcard, face up on the pozo."""
    lang, number = seats.lang, line["round"]
    if spec.puzzle_deadwood and line.get("dealer"):  # Gin has a dealer and a non-dealer, no mano
        key = "play_deal_dealer_you" if line["dealer"] == person else "play_deal_dealer"
        said = say(lang, key, round=number, dealer=seats.name(line["dealer"]))
    elif line["mano"] == person:
        said = say(lang, "play_deal_you", round=number)
    else:
        said = say(lang, "play_deal", round=number, mano=seats.name(line["mano"]))
    parts: list = [(said, "bold")]
    if line["pozo"]:
        parts += [" ", *worded(spec, lang, "play_deal_upcard", {"card": line["pozo"][:1]})]
    return parts


def turn_lines(line: dict, spec: RuleSpec, seats: Seats, person: str) -> View:
    """A turn: a rival's move as the table saw it; anyone's cut."""
    lang, who = seats.lang, seats.name(line["player"])
    if line.get("cut"):
        close = spec.close(line["close"]).names[lang]
        if line.get("discard") is None:
            return [[(say(lang, "play_cut_alone", who=who, close=close), "bold")]]
        cards = {"card": [line["discard"]]}
        draw = line.get("draw") if line["player"] != person else None
        if draw == "pozo":  # the table saw the card taken: say it, as a move without a cut
            cards["taken"] = [line["card"]]
        key = {"pozo": "play_cut_pozo", "stock": "play_cut_stock"}.get(draw or "", "play_cut")
        return [worded(spec, lang, key, cards, who=who, close=close)]
    if line["player"] == person:
        return []
    draw = line.get("draw")
    if draw == "pass":
        return [say(lang, "play_bot_pass", who=who)]
    card = {"card": [line["discard"]]}
    if draw == "pozo":
        return [worded(spec, lang, "play_bot_pozo", {"taken": [line["card"]], **card}, who=who)]
    key = "play_bot_opening" if draw is None else "play_bot_stock"
    return [worded(spec, lang, key, card, who=who)]


def round_end(told: Told, spec: RuleSpec, seats: Seats, person: str, *, shown: bool) -> View:
    """The round's end: every hand laid face up and scored (unless `shown` already, at the
    reenganche question), the points, the totals, who is out and who comes back."""
    line = told.line
    back = bool(line.get("reentered"))
    lines = [] if shown else round_cards(told.cards, line["round"], spec, seats, person)
    if not shown:
        # The totals as the round left them; after who is out and who comes back, the totals
        # they come back to.
        lines += points_line(line["points"], seats)
        lines += _totals(_before_reenganche(told) if back else line["totals"], seats)
    lines += _match_news(told, spec, seats, person, shown=shown)
    if back or shown:
        lines += _totals(line["totals"], seats)
    return lines + _you_out(told, seats, person)


def _totals(totals: dict[str, int], seats: Seats) -> View:
    shown = [f"{name} {total}" for name, total in totals.items()]
    return listed(say(seats.lang, "play_totals") + ": ", shown, "bold")


def _before_reenganche(told: Told) -> dict[str, int]:
    """The totals of a round's end before the players out came back."""
    match = told.match
    if isinstance(match, MatchResult) and match.lines:
        return {
            name: match.lines[-1].scored.get(name, total)
            for name, total in told.line["totals"].items()
        }
    return told.line["totals"]


def round_cards(
    cards: RoundCards | None, number: int, spec: RuleSpec, seats: Seats, person: str
) -> View:
    """Every hand at the round's end laid face up and scored, and the person's acomodo."""
    lang = seats.lang
    lines: View = [heading(say(lang, "play_round_end", round=number))]
    score = None if cards is None else cards.score
    if score is None:
        lines.append([(say(lang, "play_void"), "yellow")])
        deck = spec.deck
        for name, hand in cards.hands.items() if cards is not None else ():
            # Sorted by suit and rank, as the table shows a hand.
            shown = deck.codes(sorted(map(deck.parse_card, hand), key=deck.sort_key))
            lines.append([f"{seats.name(name)}: ", *cards_parts(shown)])
            lines += fitted([("    ", ""), *arrangement(spec, hand, lang)])
        return lines
    lines += [row for line in score_view.view(score, lang, person) for row in _narrowed(line)]
    mine = next((p for p in score.players if p.name == person), None)
    if mine is not None and mine.lay_offs:
        lays = [
            say(lang, "play_lay", cards=" ".join(map(printed, spec.deck.codes(cards))), n=at + 1)
            for at, cards in mine.lay_offs
        ]
        # Each lay but the last ends in its ";": a line broken after one keeps it.
        head = say(lang, "play_your_lay_off", lays="\0").split("\0")[0]
        items = [lay + ";" for lay in lays[:-1]] + lays[-1:]
        lines += listed(head, items, "", sep="  ", head_style="")
    return lines


def _narrowed(line: object) -> View:
    """A line of the score's view as the table's width takes it: a note wider (Gin's Oklahoma
    upcard and what it did) in lines broken between words, its style kept."""
    from rich.text import Text

    if isinstance(line, Text) and "\n" not in line.plain and line.cell_len > WIDTH:
        return wrapped(line.plain, str(line.style))
    return [line]


def points_line(points: dict[str, int], seats: Seats) -> View:
    shown = [f"{name} {signed(p, plus=True, terminal=True)}" for name, p in points.items()]
    return listed(say(seats.lang, "play_points") + ": ", shown, "")


def listed(
    head: str, items: list[str], style: str, *, sep: str = "  ·  ", head_style: str = "dim"
) -> View:
    """A label and its items in lines of the table's width, broken only between items, the
    lines after the first indented."""
    parts: list[Part] = [(head, head_style)]
    for at, item in enumerate(items):
        if at:
            parts.append((sep, style))
        parts.append((item, style))
    return [_merged(line) for line in fitted(parts, hang=("    ", ""))]


def _merged(parts: list[Part]) -> list[Part]:
    """A line's parts, those of one style next to each other as one: styled as one span, as
    the line was before it could break."""
    merged: list[Part] = []
    for text, style in parts:
        if merged and merged[-1][1] == style:
            merged[-1] = (merged[-1][0] + text, style)
        else:
            merged.append((text, style))
    return merged


def _match_news(
    told: Told, spec: RuleSpec, seats: Seats, person: str, *, shown: bool = False
) -> View:
    """Who is out (unless `shown` at the reenganche question) and who comes back."""
    line, lang = told.line, seats.lang
    news = [] if shown else out_lines(line, spec, seats, person)
    for who in line.get("reentered", []):
        total = line["totals"][who]
        said = say(lang, _yours("play_reentered", who, person), who=seats.name(who), total=total)
        news.append([(said, "green")])
    return news


def _you_out(told: Told, seats: Seats, person: str) -> View:
    """That the person is out for good, while the bots play on."""
    line, match = told.line, told.match
    out = person in line.get("eliminated", []) and person not in line.get("reentered", [])
    if out and isinstance(match, MatchResult) and len(match.still_in) > 1:
        return [[(say(seats.lang, "play_you_out"), "bold")]]
    return []


def out_lines(line: dict, spec: RuleSpec, seats: Seats, person: str) -> View:
    """The players a round's end puts out, past the limit."""
    lang, limit = seats.lang, spec.match.elimination_limit
    said = [
        say(lang, _yours("play_eliminated", who, person), who=seats.name(who), limit=limit)
        for who in line.get("eliminated", [])
    ]
    return [[(out, "red")] for out in said]


def _yours(key: str, who: str, person: str) -> str:
    """The word that tells a player's news, the person's said to them (`You are out`)."""
    return f"{key}_you" if who == person else key


def game_end(told: Told, spec: RuleSpec, seats: Seats, person: str) -> View:
    """The match's sheet (a row a hand, as the printed planilla has it) and its verdict; a
    forfeit or a stopped game said as such."""
    line, lang = told.line, seats.lang
    lines: View = [heading(say(lang, "play_game_end"))]
    if told.match is not None:
        if isinstance(told.match, MatchResult):
            lines += match_view.view(told.match, spec, lang, sheet=False)
        else:
            lines += match_view.game_view(told.match, spec, lang)
    if line["reason"] == "forfeit":
        out = line.get("forfeit") or ""
        key = _yours("play_forfeit", out, person)
        lines.append([(say(lang, key, who=seats.name(out), error=line.get("error")), "red")])
    elif line["reason"] == "stopped":
        lines.append([(say(lang, "play_stopped_cap"), "yellow")])
    return lines
