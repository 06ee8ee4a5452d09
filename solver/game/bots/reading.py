"""What a bot reads from its `View`, as cards: nothing else, so a bot never knows more than the
player whose seat it plays.

The advice's position is the turn's start: the resting hand, the pozo's top and the cards seen
(`mazo advise --seen`: cards known not to be in the stock). A view at the discard is read back to
that start, so a decision made at the draw and the discard that follows it read one position.
"""

from __future__ import annotations

import dataclasses
import operator
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, count, repeat
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import MazoError
from mazo.solver.game.debug import DEBUG
from mazo.solver.game.view import Asked, TableView, View
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on, upcard_rules
from mazo.solver.spec.rulespec import RuleSpec


@dataclass(frozen=True, slots=True)
class Reading:
    """One view as cards.

    `before`, `top` and `seen` are the turn's start as `mazo advise` takes it: the hand before
    the draw (None for the mano's opening discard, which follows no draw), the pozo's top then,
    and the seen cards, the pozo under that top and the cards the rivals took from the pozo and
    have not thrown again (they hold them).
    """

    # The rules the round is played by (under Oklahoma, its upcard's knock limit).
    spec: RuleSpec
    hand: tuple[Card, ...]
    drawn: Card | None
    source: str | None  # "stock" or "pozo": where `drawn` came from
    before: tuple[Card, ...] | None
    top: Card | None
    seen: tuple[Card, ...]
    # The player's turns this round, this one included (their discards so far, and one).
    turn: int
    # Whether a draw may take the pozo's top: the view allows it, and there is one.
    may_take: bool

    @property
    def taken(self) -> Card | None:
        """The card this turn took from the pozo (it may not be thrown straight back)."""
        return self.drawn if self.source == "pozo" else None


def read(spec: RuleSpec, view: View, asked: Asked) -> Reading:
    """The view as cards, as the player is `asked` its decision; a view no table could show
    there (a hand-made one) is a ValueError naming its field: another game or other rules, an
    unknown card, a card more often than the deck holds it (in the hand, the pozo and the
    rivals' hands together), a hand of the wrong size, a drawn card not in the hand, a count,
    a round or a rival that cannot be, a discard thrown or taken by no one at the table, a
    pozo that is not what nobody took of the discards, an upcard or an offer the rules do not
    make, an opening discard they do not have."""
    if type(view) is TableView and not DEBUG:
        return _trusted(spec, view)
    deck = spec.deck
    _check_table(spec, view, asked)
    # Each card once is checked over the hand, the pozo and the rivals' hands together.
    hand = _cards(spec, "hand", view.hand, once=False)
    pozo = list(_cards(spec, "pozo", view.pozo, once=False))
    _check_upcard(spec, view)
    throwers, takers, codes = _check_discards(spec, view, pozo)
    _check_offer(spec, view, asked)
    held = [deck.parse_card(c) for c in _held(throwers, takers, codes, view.me)]
    if not deck.dealt_once((*hand, *pozo, *held)):
        deck_cards = [("in View.hand", hand), ("in View.pozo", pozo), ("held by rivals", held)]
        try:
            deck.check_supply(deck_cards)
        except MazoError as error:
            raise ValueError(f"View: {error}") from None
    _check_size(spec, view, len(hand), asked)
    _check_stock(spec, view, len(hand) + len(pozo))
    return _reading(spec, view, hand, pozo, held, throwers.count(view.me))


def _trusted(spec: RuleSpec, view: TableView) -> Reading:
    """An engine's view as cards, unchecked."""
    deck = spec.deck
    held = deck.parse_cards(held_by_rivals(view))
    hand, pozo = deck.parse_cards(view.hand), list(deck.parse_cards(view.pozo))
    thrown = sum(1 for d in view.discards if d["player"] == view.me)
    return _reading(spec, view, hand, pozo, held, thrown)


def _reading(
    spec: RuleSpec,
    view: View,
    hand: tuple[Card, ...],
    pozo: list[Card],
    held: Sequence[Card],
    thrown: int,
) -> Reading:
    """The reading of a view's cards: the hand, the pozo (bottom to top), the cards the rivals
    took and hold, and the player's discards this round so far."""
    drawn = source = None
    before: tuple[Card, ...] | None = hand
    if view.drawn is not None:
        drawn, source = _drawn(spec, view.drawn, hand)
        rest = list(hand)
        rest.remove(drawn)
        before = tuple(rest)
        if source == "pozo":  # the top was the card taken; the pozo under it is as it was
            pozo.append(drawn)
    elif len(hand) > spec.hand_size:  # the mano's opening discard: no draw came before it
        before = None
    top = pozo.pop() if pozo else None
    turn = 1 + thrown
    spec = round_rules(spec, view)
    may_take = view.may_take and top is not None
    return Reading(spec, hand, drawn, source, before, top, (*pozo, *held), turn, may_take)


# What a view's lists may be. A tuple of types, not `list | tuple`: a bot reads every view of
# the game, and isinstance takes a union slower.
_LISTS = (list, tuple)


def _cards(spec: RuleSpec, field: str, codes: object, *, once: bool = True) -> tuple[Card, ...]:
    """The codes as cards; with `once`, no card more often than the deck holds it (a discard
    taken and thrown again is in `discards` twice)."""
    if not isinstance(codes, _LISTS):
        raise ValueError(f"View.{field} is a list of card codes, not {type(codes).__name__}")
    try:
        cards = spec.deck.parse_cards(codes)
        if once and not spec.deck.dealt_once(cards):
            spec.deck.check_supply([(f"in View.{field}", cards)])
    except (MazoError, TypeError, AttributeError) as error:
        # Looked for once a code failed: a view of codes pays nothing for it.
        wrong = [code for code in codes if type(code) is not str]
        if wrong:
            raise ValueError(f"View.{field}: {wrong[0]!r} is not a card code") from None
        raise ValueError(f"View.{field}: {error}") from None
    return cards


def _check_size(spec: RuleSpec, view: View, held: int, asked: Asked) -> None:
    """A draw is asked with the resting hand; a discard with one card more (the card drawn,
    or the mano's extra card at the opening); a reenganche with any."""
    rest = spec.hand_size
    if asked == "draw" and view.drawn is not None:
        raise ValueError("View.drawn is None at a draw: a card is drawn after it")
    if asked == "draw" and held != rest:
        raise ValueError(f"View.hand holds {held} cards at a draw: {rest}")
    if asked == "discard" and held != rest + 1:
        raise ValueError(
            f"View.hand holds {held} cards at a discard: {rest + 1}, the card drawn (or, at "
            "the mano's opening discard, the extra card) with them"
        )
    if asked == "discard" and view.drawn is None:
        _check_opening(spec, view)


def _check_table(spec: RuleSpec, view: View, asked: Asked) -> None:
    """What a view says of the table besides its cards, as a table could show it."""
    game = view.game.lower() if type(view.game) is str else view.game
    if game != spec.game and game not in (alias.lower() for alias in spec.aliases):
        raise ValueError(f"View.game is {view.game!r}: this player plays {spec.game!r}")
    # The engine's views give every option: one comparison of the two; a view made by hand
    # may leave some out, each given one compared.
    if view.options != spec.chosen:
        _check_options(spec, view.options)
    for field, least in (("stock_count", 0), ("round", 1)):
        value = getattr(view, field)
        if type(value) is not int or value < least:
            raise ValueError(f"View.{field} is a whole number from {least}, not {value!r}")
    for field in ("offer", "may_take"):
        value = getattr(view, field)
        if type(value) is not bool:
            raise ValueError(f"View.{field} is True or False, not {value!r}")
    _check_seats(spec, view)
    if view.offer and not (spec.play is not None and spec.play.upcard_offer):
        raise ValueError("View.offer: these rules offer no first upcard")


def _check_options(spec: RuleSpec, options: object) -> None:
    """Each option a view gives is one of the game's, at the value this player plays."""
    if type(options) is not dict:
        kind = type(options).__name__
        raise ValueError(f"View.options is the rule options in force by name, not {kind}")
    chosen = spec.chosen
    for name, value in options.items():
        if name not in chosen:
            raise ValueError(f"View.options: {name} is not an option of {spec.game}")
        if chosen[name] != value:
            raise ValueError(
                f"View.options: {name} is {value!r} in the view, {chosen[name]!r} for this player"
            )


_RIVALS = 'View.rivals is a list of {"name", "cards", "total"}'


def _check_seats(spec: RuleSpec, view: View) -> None:
    """Me, the rivals after me in turn order, each once, with their counts, no more players
    than the game seats; the mano one of us; the totals."""
    if type(view.me) is not str or not view.me:
        raise ValueError(f"View.me is a player's name, not {view.me!r}")
    rivals = view.rivals
    if not isinstance(rivals, _LISTS):
        raise ValueError(_RIVALS)
    if not rivals:
        raise ValueError(f"View.rivals: none, and {spec.game} is played by two at least")
    # The most a hand holds: the resting hand and the card drawn (the mano's extra card at
    # the opening, Gin's eleven at a big gin).
    most = spec.hand_size + max(1, spec.play.mano_extra if spec.play is not None else 0)
    names = set()
    for rival in rivals:  # a loop, not all(): a bot reads every view of the game
        if not (
            type(rival) is dict
            and type(rival.get("name")) is str
            and type(rival.get("cards")) is int
            and rival["cards"] >= 0
            and type(rival.get("total")) is int
        ):
            raise ValueError(_RIVALS)
        if rival["cards"] > most:
            held = rival["cards"]
            raise ValueError(
                f"View.rivals: {rival['name']!r} holds {held} cards, a hand at most {most}"
            )
        names.add(rival["name"])
    if view.me in names or len(names) != len(rivals):
        shown = [r["name"] for r in rivals]
        raise ValueError(f"View.rivals: each rival once, not me ({view.me!r}): {shown}")
    seats = spec.match.max_players
    if len(rivals) >= seats:
        raise ValueError(
            f"View.rivals: {len(rivals)} rivals, and {spec.game} seats at most {seats} players"
        )
    mano = view.mano
    if mano != "" and mano != view.me and (type(mano) is not str or mano not in names):
        raise ValueError(f"View.mano is {mano!r}: neither me ({view.me!r}) nor a rival")
    _check_totals(view)


def _check_totals(view: View) -> None:
    totals = view.totals
    if type(totals) is not dict or {*map(type, totals.values())} - {int}:
        raise ValueError("View.totals is each player's total, a whole number by name")
    for name in (view.me, *(r["name"] for r in view.rivals)):
        if name not in totals:
            raise ValueError(f"View.totals is every player's total: {name!r} has none")
    for rival in view.rivals:
        if rival["total"] != totals[rival["name"]]:
            name, total = rival["name"], rival["total"]
            raise ValueError(
                f"View.rivals: the total of {name!r} is {total}, "
                f"and View.totals says {totals[name]}"
            )


def _check_upcard(spec: RuleSpec, view: View) -> None:
    """The first upcard is a card, shown where the rules turn one up."""
    if view.upcard is not None:
        if spec.play is None or not spec.play.upcard:
            raise ValueError(f"View.upcard is {view.upcard!r}: these rules turn up no first upcard")
        _cards(spec, "upcard", [view.upcard], once=False)


def _check_offer(spec: RuleSpec, view: View, asked: Asked) -> None:
    """The first upcard (where the rules offer it) offered at the round's first draws, alone
    on the pozo."""
    if not view.offer:
        return
    if asked != "draw":
        raise ValueError(f"View.offer: the first upcard is offered at a draw, not at a {asked}")
    if not view.may_take:
        raise ValueError("View.offer with View.may_take False: an offered upcard may be taken")
    if len(view.pozo) != 1 or view.discards:
        raise ValueError(
            "View.offer: the first upcard is offered alone on the pozo, before any discard"
        )


def _drawn(spec: RuleSpec, drawn: object, hand: tuple[Card, ...]) -> tuple[Card, str]:
    if not isinstance(drawn, dict) or "card" not in drawn or "source" not in drawn:
        raise ValueError('View.drawn is None or {"card": code, "source": "stock" or "pozo"}')
    # One card the deck holds is within its copies: only its code is checked.
    (card,) = _cards(spec, "drawn", [drawn["card"]], once=False)
    if drawn["source"] not in ("stock", "pozo"):
        raise ValueError(f"View.drawn: source {drawn['source']!r} is not 'stock' or 'pozo'")
    if card not in hand:
        raise ValueError(f"View.drawn: {drawn['card']!r} is not in View.hand")
    return card, drawn["source"]


_DISCARDS = 'View.discards is a list of {"player", "card", "taken_by"}'
_THROWER, _TAKER, _CARD = map(operator.itemgetter, ("player", "taken_by", "card"))


def _check_discards(
    spec: RuleSpec, view: View, pozo: list[Card]
) -> tuple[list[str], list[str | None], list[str]]:
    """Every discard thrown by a player at the table and taken (or not) by another; the pozo
    what nobody took of them. Each discard's thrower, taker and card."""
    discards = view.discards
    if not isinstance(discards, _LISTS):
        raise ValueError(_DISCARDS)
    players = {view.me, *(r["name"] for r in view.rivals)}
    # A field at a time over every discard, not a discard at a time: a bot reads every view of
    # the game, and a round's discards run long. One wrong is looked for only then.
    try:
        throwers = list(map(_THROWER, discards))
        takers = list(map(_TAKER, discards))
        codes = list(map(_CARD, discards))
        taken = set(takers)
        taken.discard(None)
        right = (
            players.issuperset(throwers)
            and players.issuperset(taken)
            and not any(map(operator.eq, throwers, takers))
        )
    except (TypeError, KeyError):
        right = False
    if not right:
        raise ValueError(_wrong_discard(discards, players))
    cards = _cards(spec, "discards", codes, once=False)
    left = list(compress(cards, map(operator.is_, takers, repeat(None))))
    _check_pozo(spec, view, pozo, left, cards)
    return throwers, takers, codes


def _wrong_discard(discards: list[Any] | tuple[Any, ...], players: set[str]) -> str:
    """What is wrong with the first discard that is."""
    for discard in discards:
        if type(discard) is not dict or "card" not in discard or "taken_by" not in discard:
            break
        thrower, taker = discard.get("player"), discard["taken_by"]
        if type(thrower) is not str or thrower not in players:
            return f"View.discards: player {thrower!r} is not me nor a rival"
        if taker is not None and (type(taker) is not str or taker not in players):
            return f"View.discards: taken_by {taker!r} is not None, me nor a rival"
        if taker == thrower:
            return f"View.discards: {taker!r} took back their own discard"
    return _DISCARDS


def _check_pozo(
    spec: RuleSpec, view: View, pozo: list[Card], left: list[Card], thrown: tuple[Card, ...]
) -> None:
    """The pozo is the discards nobody took, in order: all of them, or those thrown since the
    stock was last made of the pozo (its top kept or not). Only the first upcard lies there
    without being thrown, at the bottom, under every discard nobody took, where the rules turn
    one up."""
    if pozo == left[len(left) - len(pozo) :]:
        return
    deck, bottom = spec.deck, pozo[0]
    if (
        pozo[1:] == left
        and spec.play is not None
        and spec.play.upcard
        and (view.upcard is None or deck.parse_card(view.upcard) == bottom)
        # Never taken, the upcard was never thrown (unless the deck holds it twice).
        and (bottom not in thrown or deck.copies_of(bottom) > 1)
    ):
        return
    taken = {card: d["taken_by"] for card, d in zip(thrown, view.discards, strict=True)}
    for card in pozo:
        if taken.get(card) is not None and card not in left:
            by = taken[card]
            raise ValueError(f"View.pozo: {deck.code(card)!r} is taken_by {by!r} in View.discards")
    raise ValueError(
        f"View.pozo {deck.codes(pozo)} is not the last discards nobody took (taken_by None in "
        f"View.discards, in order: {deck.codes(left)})"
        + (", over the first upcard while it lies there" if spec.play and spec.play.upcard else "")
    )


def _check_stock(spec: RuleSpec, view: View, shown: int) -> None:
    """The stock holds at most the deck's cards nowhere else in view: `shown` (the hand's and
    the pozo's) and the rivals' hands."""
    size = spec.deck.size
    left = size - shown - sum(r["cards"] for r in view.rivals)
    if left < 0:
        raise ValueError(
            f"View: the hand, the pozo and the rivals' hands hold {size - left} cards, "
            f"the deck {size}"
        )
    if view.stock_count > left:
        raise ValueError(
            f"View.stock_count is {view.stock_count}: the deck's {size} cards less the hand, "
            f"the pozo and the rivals' hands leave {left}"
        )


def _check_opening(spec: RuleSpec, view: View) -> None:
    """A discard without a draw is the mano's opening discard, where the rules deal the mano
    an extra card: the round's first discard."""
    if spec.play is None or not spec.play.mano_extra:
        raise ValueError(
            f"View.drawn is None at a discard: {spec.game} has no opening discard (the card "
            'drawn is {"card", "source"})'
        )
    if view.discards or view.mano not in ("", view.me):
        raise ValueError(
            "View.drawn is None at a discard after the round's first: only the mano's "
            "opening discard follows no draw"
        )


def round_rules(spec: RuleSpec, view: View) -> RuleSpec:
    """The rules of the view's round. Under Oklahoma the upcard sets the knock limit (`mazo
    solve --upcard`), then Oklahoma itself is settled: the limit stands as the round's own, as
    `mazo advise` takes it. A view that does not show the upcard is played as if it were an
    ace: gin only, so that no knock the real limit refuses is ever claimed."""
    if not oklahoma_on(spec):
        return spec
    rule = spec.scoring.oklahoma
    assert rule is not None  # Oklahoma is on
    if view.upcard is not None:
        limited, _ = upcard_rules(spec, spec.deck.parse_card(view.upcard))
    else:
        limited = dataclasses.replace(
            spec,
            closes=tuple(
                dataclasses.replace(c, max_deadwood=0) if c.id == rule.close else c
                for c in spec.closes
            ),
        )
    settled = dataclasses.replace(rule, enabled=False)
    return dataclasses.replace(limited, scoring=dataclasses.replace(spec.scoring, oklahoma=settled))


def held_by_rivals(view: View) -> list[str]:
    """The cards the rivals took from the pozo this round and still hold (a card thrown again
    left the hand), in the order taken."""
    discards = view.discards
    throwers = [d["player"] for d in discards]
    takers = [d.get("taken_by") for d in discards]
    return _held(throwers, takers, [d["card"] for d in discards], view.me)


def _held(throwers: list[str], takers: list[str | None], codes: list[str], me: str) -> list[str]:
    """`held_by_rivals` from each discard's thrower, taker and card. A card taken is held until
    its taker throws it again: each take, in order, ends at the taker's first later throw of
    that card that ended no take before. Only the few discards taken are walked, each looking
    ahead with `list.index`: a bot reads every view, and a round's discards run long."""
    held = []
    ended: set[int] = set()
    for at in compress(count(), map(operator.is_not, takers, repeat(None))):
        taker, card = takers[at], codes[at]
        if taker == me:
            continue
        later = at
        while True:
            try:
                later = codes.index(card, later + 1)
            except ValueError:  # never thrown again: held
                held.append(card)
                break
            if throwers[later] == taker and later not in ended:
                ended.add(later)
                break
    return held


def tie_breaker(level: str, seed: int, view: View) -> random.Random:
    """A generator for ties "by the seed": drawn from the seed and the view alone, so the same
    view always gets the same answer, however often it is asked."""
    visible = (view.round, view.hand, view.pozo, len(view.discards), view.drawn)
    return random.Random(f"mazo-{level}:{seed}:{visible!r}")
