"""One hand of a sheet scored: the points each player still in scores, written as points or
worked out from everyone's cards (`score_round`, the cutter named), for an elimination match
and for a game to a target alike."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from mazo.solver.closes import reachable
from mazo.solver.errors import InputError, NotationError, quoted
from mazo.solver.match.sheet import Sheet, SheetHand
from mazo.solver.mechanisms.rummy.scoring import RoundScore, fixed_closer_points, score_round
from mazo.solver.messages import MESSAGES
from mazo.solver.spec.rulespec import Close, RuleSpec


@dataclass(frozen=True, slots=True)
class HandPoints:
    """A hand's points per player, its round when given as cards, and who won the match
    outright in it (`wins`, or a close that wins it)."""

    points: dict[str, int]
    round: RoundScore | None
    wins: str | None


def hand_points(spec: RuleSpec, sheet: Sheet, hand: SheetHand, active: list[str]) -> HandPoints:
    _check_players(sheet, hand, active)
    card_rows = [p for p, v in hand.entries.items() if isinstance(v, str)]
    if not card_rows:
        return _points_given(spec, hand, active)
    _check_missing(hand, active, hand.wins)
    if len(card_rows) != len(hand.entries):
        raise _mixed(spec, hand, card_rows)
    return _points_of_cards(spec, hand, active)


def _check_players(sheet: Sheet, hand: SheetHand, active: list[str]) -> None:
    for player, written in hand.sides.items():
        from mazo.solver.mechanisms.registry import side_games

        raise InputError.of(
            "fields_not_here", player=player, fields=quoted(written.fields), games=side_games()
        )
    for player in [*hand.entries, *([hand.cutter] if hand.cutter else []), *hand.reenter]:
        if player not in sheet.players:
            raise InputError.of(
                "unknown_player", player=repr(player), players=", ".join(sheet.players)
            )
    for player in hand.entries:
        if player not in active:
            raise InputError.of("out_cannot_play", player=player)


def _check_missing(hand: SheetHand, active: list[str], wins: str | None) -> None:
    """Every player still in has points or cards, but the one who won the match in the hand."""
    missing = [p for p in active if p not in hand.entries and p != wins]
    if missing:
        raise InputError.of("no_points_for", sides=", ".join(missing))


def _points_given(spec: RuleSpec, hand: SheetHand, active: list[str]) -> HandPoints:
    close = written_close(spec, hand)
    if hand.cutter is not None and close is None:
        raise InputError.of("cutter_with_points")
    if close is not None and hand.cutter is None:
        raise InputError.of("close_without_cutter", close=_named(close))
    if hand.upcard is not None:
        raise InputError.of("upcard_with_points")
    if close is not None and hand.cutter is not None:
        _check_close_points(spec, hand, close, hand.cutter)
    wins = hand.wins
    if close is not None and close.effect == "win_match":
        # The cards would have ended the match there: the written close does too.
        if wins not in (None, hand.cutter):
            raise InputError.of(
                "close_wins_for", close=_named(close), cutter=hand.cutter, wins=wins
            )
        wins = hand.cutter
    if wins is not None and wins not in active:
        raise InputError.of("out_cannot_win", player=wins)
    _check_missing(hand, active, wins)
    given = {p: v for p, v in hand.entries.items() if isinstance(v, int)}  # every row: points
    return HandPoints(points={p: given.get(p, 0) for p in active}, round=None, wins=wins)


def _check_close_points(spec: RuleSpec, hand: SheetHand, close: Close, cutter: str) -> None:
    """The cutter's points agree with the close written beside them, when it fixes them (a
    Conga Limpia leaves no loose points: 0; a Corte limpio -10)."""
    fixed = fixed_closer_points(spec, close)
    written = hand.entries.get(cutter)
    if fixed is not None and isinstance(written, int) and written != fixed:
        raise InputError.of(
            "close_scores", cutter=cutter, points=written, close=_named(close), fixed=fixed
        )


def written_close(spec: RuleSpec, hand: SheetHand) -> Close | None:
    """The close a row names, one the game's hands can make, by its id or its name in either
    language, in any case and with or without accents (`¡Conga Limpia!`, `conga-limpia`,
    `Conga con comodín`)."""
    if hand.close is None:
        return None
    key = _close_key(hand.close)
    known = reachable(spec)
    found = next((c for c in known if key in map(_close_key, (c.id, *c.names.values()))), None)
    if found is None:
        raise InputError.of(
            "unknown_close", close=quoted(hand.close), game=spec.game, closes=_typed(known)
        )
    return found


def _close_key(text: str) -> str:
    """A close as written, reduced to what tells closes apart: `¡Conga Limpia!` is
    `conga_limpia`, `Conga con comodín` `conga_con_comodin`."""
    bare = unicodedata.normalize("NFKD", text.lower())
    bare = "".join(c for c in bare if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", "_", bare).strip("_")


def _named(close: Close) -> Callable[[str], str]:
    """A close as a message that explains names it: by its name in the language, as the
    book does (`Corte limpio`)."""
    return lambda lang: close.names[lang]


def _typed(closes: list[Close]) -> Callable[[str], str]:
    """The closes a row may name, as typed: each id, or its name in the language when that
    reads otherwise (`corte_limpio o Corte limpio`)."""

    def said(lang: str) -> str:
        typed = (
            c.id
            if c.names[lang].lower() == c.id
            else f"{c.id}{MESSAGES[lang]['or']}{c.names[lang]}"
            for c in closes
        )
        return ", ".join(typed)

    return said


def _mixed(spec: RuleSpec, hand: SheetHand, card_rows: list[str]) -> InputError:
    """Some players' cards and others' points: a word that is not cards is named as the
    mistake, else the mix is."""
    for player in card_rows:
        given = hand.entries[player]
        assert isinstance(given, str)  # card_rows holds the rows given as cards
        try:
            spec.deck.parse_hand(given)
        except NotationError as error:
            return InputError.of(
                "neither_points_nor_cards", player=player, given=quoted(given), error=error
            )
    pointed = [p for p in hand.entries if p not in card_rows]
    return InputError.of("cards_or_points", cards=", ".join(card_rows), points=", ".join(pointed))


def _points_of_cards(spec: RuleSpec, hand: SheetHand, active: list[str]) -> HandPoints:
    if hand.cutter is None:
        raise InputError.of("cards_need_cutter")
    if hand.cutter not in active:
        raise InputError.of("cutter_out", cutter=hand.cutter)
    seat = active.index(hand.cutter)
    order = active[seat + 1 :] + active[:seat]
    deck = spec.deck
    cards = {p: v for p, v in hand.entries.items() if isinstance(v, str)}  # every row: cards
    result = score_round(
        spec,
        (hand.cutter, deck.parse_hand(cards[hand.cutter])),
        [(p, deck.parse_hand(cards[p])) for p in order],
        drawn_from_pozo=deck.parse_card(hand.drawn_from_pozo) if hand.drawn_from_pozo else None,
        upcard=deck.parse_card(hand.upcard) if hand.upcard else None,
    )
    close = written_close(spec, hand)
    if close is not None and close.id != result.close:
        raise InputError.of(
            "cards_make", made=_named(spec.close(result.close)), written=_named(close)
        )
    return HandPoints(points=result.points(), round=result, wins=result.wins_match)
