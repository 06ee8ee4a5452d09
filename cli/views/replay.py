"""`mazo replay`: a game record told as a player would read it, round by round.

Each round: the deal (the hands, the mano, the upcard), every turn ("Beto levantó el 5o del
pozo y tiró el 12b"), the cut with its melds and loose cards, the acomodo, the points and
totals, who went out and who came back; then the winner and why. Lines are wrapped to 80
columns. The story is the record's as written: `--check` says whether it is right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mazo.cardtext import Part, card_part, cards_parts, cell_width
from mazo.output import View
from mazo.rulebooks.book import house_rules_said
from mazo.solver.cards import Card
from mazo.solver.errors import printable
from mazo.solver.game.bots import LEVELS, level_name
from mazo.solver.game.engine import playable
from mazo.solver.game.record import Deal, GameEnd, Record, Recycle, RoundEnd, Turn
from mazo.solver.game.referee import Verdict
from mazo.solver.game.review import PEOPLE
from mazo.solver.messages import said
from mazo.solver.spec.rulespec import RuleSpec
from mazo.solver.words import series
from mazo.views.lines import HANG, wrapped
from mazo.views.words import say_for, say_parts_for
from mazo.words import agree, say

INDENT = "  "

# What a turn says, by what was drawn, with a card thrown and without one (Gin's big gin).
_THROWS = {None: "replay_threw", "stock": "replay_drew_threw", "pozo": "replay_took_threw"}
_KEEPS = {None: "replay_kept", "stock": "replay_drew", "pozo": "replay_took"}
# How the game was won, by the record's reason.
_WON = {
    "last_player": "replay_last_player",
    "win_match": "replay_win_match",
    "target": "replay_target",
    "lowest_total": "replay_lowest_total",
}


def view(record: Record, lang: str) -> View:
    """The whole game, told."""
    return _Teller(record, lang).tell()


def verdict_line(path: str, verdict: Verdict, lang: str) -> View:
    """`--check`'s line when every move is legal and every score right."""
    rounds = agree(lang, verdict.rounds, "replay_round_one", "replay_round_many")
    return [[(say(lang, "replay_ok", file=path, rounds=rounds), "bold green")]]


class _Teller:
    """Tells a record's events in order, keeping what a later line refers to: the last cut's
    melds (a lay-off names one) and close (a match won at once names it)."""

    def __init__(self, record: Record, lang: str):
        self.record, self.spec, self.lang = record, record.spec, lang
        self.lines: View = []
        self.melds: tuple[tuple[Card, ...], ...] = ()
        self.close: str | None = None
        # The totals as the last round left them: a game starts at 0.
        self.totals: dict[str, int] = {}
        # A round dealt and not ended: a game stopped there ran out of turns, not of rounds.
        self.in_round = False

    def say(self, key: str, **fields) -> list[Part]:
        return say_parts_for(self.spec, self.lang, key, **fields)

    def codes(self, cards: Sequence[Card]) -> list[Part]:
        if not cards:
            return [(say(self.lang, "none"), "dim")]
        return cards_parts(self.spec.deck.codes(cards))

    def card(self, card: Card | None) -> list[Part]:
        return [card_part(self.spec.deck.code(card))] if card is not None else []

    def add(self, parts: Sequence[Part], indent: str = "") -> None:
        self.lines.extend(wrapped(parts, indent))

    def tell(self) -> View:
        self._game()
        for event in self.record.events:
            match event:
                case Deal():
                    self._deal(event)
                case Turn():
                    self._turn(event)
                case Recycle():
                    self._recycle(event)
                case RoundEnd():
                    self._round_end(event)
                case GameEnd():
                    self._game_end(event)
        if not self.record.events or not isinstance(self.record.events[-1], GameEnd):
            self.lines.append("")
            self.add([(say(self.lang, "replay_cut_off"), "yellow")])
        return self.lines

    def _game(self) -> None:
        game, lang = self.record.game, self.lang
        players = _listed(lang, game.players)
        title = self.spec.title.get(lang, self.spec.game)
        self.add([(say(lang, "replay_title", title=title, players=players), "bold")])
        notes = []
        if game.seed is not None:
            notes.append(say(lang, "replay_seed", seed=game.seed))
        if game.seats:
            seats = ", ".join(_seat(name, label, lang) for name, label in game.seats.items())
            notes.append(say(lang, "replay_seats", seats=seats))
        rules = house_rules_said(self.spec, lang)
        if rules:
            notes.append(say(lang, "replay_house", rules=rules))
        if game.rules_file is not None:
            notes.append(say(lang, "replay_rules_file", file=game.rules_file))
        if notes:
            self.add([("; ".join(notes), "dim")])

    def _deal(self, deal: Deal) -> None:
        lang = self.lang
        self.lines.append("")
        self.in_round = True
        header = say_for(self.spec, lang, "replay_round", n=deal.round, mano=deal.mano)
        if deal.dealer is not None:
            header += say(lang, "replay_dealer", dealer=deal.dealer)
        self.add([(header, "bold")])
        width = max(cell_width(name) for name in deal.hands) if deal.hands else 0
        for name, cards in deal.hands.items():
            pad = " " * (width - cell_width(name))
            held = sorted(cards, key=self.spec.deck.sort_key)  # as a player holds them
            self.lines.append([(INDENT + name + pad + "  ", ""), *self.codes(held)])
        if deal.pozo:
            self.add(self.say("replay_upcard", card=self.card(deal.pozo[-1])), INDENT)
        self.add([(say(lang, "replay_stock", n=len(deal.stock)), "dim")], INDENT)

    def _turn(self, turn: Turn) -> None:
        if turn.draw == "pass":
            self.add(self.say("replay_passed_upcard", who=turn.player), INDENT)
            return
        fields = {"who": turn.player, "taken": self.card(turn.card)}
        if turn.discard is not None:
            said = self.say(_THROWS[turn.draw], card=self.card(turn.discard), **fields)
        else:
            said = self.say(_KEEPS[turn.draw], **fields)
        if not turn.cut:
            self.add([*said, (".", "")], INDENT)
            return
        self.melds, self.close = turn.melds, turn.close
        self.add(
            [*said, (": ", ""), (_close_name(self.spec, turn.close, self.lang), "bold")], INDENT
        )
        melds: list[Part] = []
        for meld in turn.melds:
            melds.extend([*([(" · ", "dim")] if melds else []), *self.codes(meld)])
        line = self.say("replay_melds", melds=melds or self.codes(()))
        self.add([*line, *self.say("replay_loose", cards=self.codes(turn.loose))], INDENT + HANG)

    def _recycle(self, recycle: Recycle) -> None:
        said = self.say("replay_recycle", n=len(recycle.stock))
        if recycle.pozo:
            said += self.say("replay_recycle_top", card=self.card(recycle.pozo[-1]))
        self.add([*said, (".", "")], INDENT)

    def _round_end(self, end: RoundEnd) -> None:
        lang = self.lang
        self.in_round = False
        if end.close == "void":
            self.add(self.say("replay_void", n=playable(self.spec).void_stock), INDENT)
        else:
            self._acomodo(end)
            key = (
                "replay_undercuts" if self.spec.scoring.method == "difference" else "replay_passes"
            )
            for name in end.passed_by:
                self.add(self.say(key, who=name, cutter=end.cutter), INDENT)
        self.add([(say(lang, "replay_points", points=_scores(end.points)), "")], INDENT)
        # The totals as the round left them, over the limit too; who comes back, at what total.
        scored = {
            name: self.totals.get(name, 0) + end.points.get(name, 0)
            if name in end.reentered
            else total
            for name, total in end.totals.items()
        }
        self.totals = dict(end.totals)
        self.add([(say(lang, "replay_totals", totals=_scores(scored)), "bold")], INDENT)
        limit = self.spec.match.elimination_limit
        for name in end.eliminated:
            self.add([(say(lang, "replay_out", who=name, limit=limit), "red")], INDENT)
        for name in end.reentered:
            total = end.totals.get(name)
            self.add([(say(lang, "replay_back", who=name, total=total), "green")], INDENT)

    def _acomodo(self, end: RoundEnd) -> None:
        """Each rival's lay-offs, onto the cutter's melds as laid down, and loose cards."""
        lays_off = _lays_off(self.spec, end.close)
        loose = end.loose or {}
        for name in dict.fromkeys([*end.layoffs, *loose]):
            said: list[Part] = []
            for lay in end.layoffs.get(name, ()):
                key = "replay_lays_more" if said else "replay_lays"
                meld = self.melds[lay.onto] if 0 <= lay.onto < len(self.melds) else ()
                said += self.say(key, who=name, cards=self.codes(lay.cards), meld=self.codes(meld))
            if not said and not lays_off:
                if name in loose:
                    said = self.say("replay_loose_of", who=name, cards=self.codes(loose[name]))
                    self.add([*said, (".", "")], INDENT)
                continue
            if not said:
                said = self.say("replay_lays_none", who=name)
            if name in loose:
                said += self.say("replay_loose", cards=self.codes(loose[name]))
            self.add([*said, (".", "")], INDENT)

    def _game_end(self, end: GameEnd) -> None:
        lang = self.lang
        self.lines.append("")
        who = _listed(lang, end.winners or ([end.winner] if end.winner else []))
        if end.reason in _WON:
            close = _close_name(self.spec, self.close, lang)
            target = self.spec.match.target
            key = _WON[end.reason] + ("_many" if len(end.winners or ()) > 1 else "")
            said = _sentence(say(lang, key, who=who, close=close, target=target))
        elif end.reason == "forfeit":
            error = forfeit_why(end.raw, lang)
            said = say(lang, "replay_forfeit", who=end.forfeit or "?", error=error)
            if who:
                said += say(lang, "replay_forfeit_winner", winner=who)
        elif end.reason == "stopped":
            said = say(lang, "replay_stalled" if self.in_round else "replay_stopped")
        else:
            said = f"{who} ({end.reason})"
        self.add([(said, "bold green")])
        self.add([(say(lang, "replay_totals", totals=_scores(end.totals)), "bold")])
        if end.final is not None:
            self.add([(say(lang, "replay_final", scores=_scores(end.final)), "")])


def forfeit_why(raw: Mapping[str, Any], lang: str) -> str:
    """Why a player forfeited: in the view's language from the record's `why` (mazo's message
    key and its fields), else the record's own text (another engine's, as it wrote it)."""
    why = raw.get("why")
    if isinstance(why, dict) and str(why.get("key", "")).startswith("forfeit_"):
        fields = {k: printable(str(v)) for k, v in why.items() if k != "key"}
        try:
            return said(why["key"], **fields)(lang)
        except (KeyError, IndexError, ValueError):  # fields that are not the message's
            pass
    return printable(str(raw.get("error") or "?"))


def _close_name(spec: RuleSpec, close: str | None, lang: str) -> str:
    """A close in the game's words; an id these rules do not know, as written."""
    found = next((c for c in spec.closes if c.id == close), None)
    return found.names[lang] if found is not None else str(close)


def _listed(lang: str, names: Sequence[str]) -> str:
    """Names as a sentence lists them: "Ana, Beto and Caro"; none, empty."""
    return series(names, say(lang, "and"))


def _sentence(text: str) -> str:
    """A sentence ending in a name that ends in its own exclamation (¡Chinchón!) takes no
    period after it."""
    return text[:-1] if text.endswith(("!.", "?.")) else text


def _lays_off(spec: RuleSpec, close: str) -> bool:
    found = next((c for c in spec.closes if c.id == close), None)
    return found is not None and found.lay_off


def _scores(points: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {n}" for name, n in points.items())


def _seat(name: str, label: Any, lang: str) -> str:
    """A seat as `mazo play` names it, "Beto (novato)"; a person's as such, a loaded bot's
    label as the record has it."""
    if label in PEOPLE:
        shown = say(lang, "replay_person")
    else:
        shown = level_name(label, lang) if label in LEVELS else str(label)
    return say(lang, "play_seat", name=name, level=shown)
