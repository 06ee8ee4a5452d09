"""What a bot reads from its `View`, as cards: nothing else, so a bot never knows more than the
player whose seat it plays.

The advice's position is the turn's start: the resting hand, the pozo's top and the cards seen
(`mazo advise --seen`: cards known not to be in the stock). A view at the discard is read back to
that start, so a decision made at the draw and the discard that follows it read one position.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass

from mazo.solver.cards import Card
from mazo.solver.errors import MazoError
from mazo.solver.game.view import Asked, View
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
    a round or a rival that cannot be, an offer the rules do not make."""
    deck = spec.deck
    _check_table(spec, view, asked)
    # Each card once is checked over the hand, the pozo and the rivals' hands together.
    hand = _cards(spec, "hand", view.hand, once=False)
    pozo = list(_cards(spec, "pozo", view.pozo, once=False))
    _check_discards(spec, view.discards)
    held = [deck.parse_card(c) for c in held_by_rivals(view)]
    if not deck.dealt_once((*hand, *pozo, *held)):
        deck_cards = [("in View.hand", hand), ("in View.pozo", pozo), ("held by rivals", held)]
        try:
            deck.check_supply(deck_cards)
        except MazoError as error:
            raise ValueError(f"View: {error}") from None
    drawn = source = None
    before: tuple[Card, ...] | None = hand
    _check_size(spec, view, len(hand), asked)
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
    turn = 1 + sum(1 for d in view.discards if d["player"] == view.me)
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
        raise ValueError(f"View.{field}: {error}") from None
    return cards


def _check_size(spec: RuleSpec, view: View, held: int, asked: Asked) -> None:
    """A draw is asked with the resting hand; a discard with one card more (the card drawn,
    or the mano's extra card at the opening); a reenganche with any."""
    rest = spec.hand_size
    if asked == "draw" and (held != rest or view.drawn is not None):
        raise ValueError(f"View.hand holds {held} cards at a draw: {rest}, with View.drawn None")
    if asked == "discard" and held != rest + 1:
        raise ValueError(
            f"View.hand holds {held} cards at a discard: {rest + 1}, the card drawn (or, at "
            "the mano's opening discard, the extra card) with them"
        )


def _check_table(spec: RuleSpec, view: View, asked: Asked) -> None:
    """What a view says of the table besides its cards, as a table could show it."""
    if view.game != spec.game and view.game not in spec.aliases:
        raise ValueError(f"View.game is {view.game!r}: this player plays {spec.game!r}")
    # The engine's views give every option: one comparison of the two; a view made by hand
    # may leave some out, each given one compared.
    if view.options != spec.chosen:
        for name, value in view.options.items():
            if name not in spec.chosen or spec.chosen[name] != value:
                theirs = spec.chosen.get(name, "no such option")
                raise ValueError(f"View.options: {name}={value!r}, this player plays {theirs!r}")
    for field, least in (("stock_count", 0), ("round", 1)):
        value = getattr(view, field)
        if type(value) is not int or value < least:
            raise ValueError(f"View.{field} is a whole number from {least}, not {value!r}")
    _check_seats(view)
    if view.offer and not (spec.play is not None and spec.play.upcard_offer):
        raise ValueError("View.offer: these rules offer no first upcard")


def _check_seats(view: View) -> None:
    """The rivals, after me in turn order, each once, with their counts; the totals."""
    rivals = view.rivals
    if not isinstance(rivals, _LISTS):
        raise ValueError('View.rivals is a list of {"name", "cards", "total"}')
    names = set()
    for rival in rivals:  # a loop, not all(): a bot reads every view of the game
        if not (
            type(rival) is dict
            and type(rival.get("name")) is str
            and type(rival.get("cards")) is int
            and rival["cards"] >= 0
            and type(rival.get("total")) is int
        ):
            raise ValueError('View.rivals is a list of {"name", "cards", "total"}')
        names.add(rival["name"])
    if view.me in names or len(names) != len(rivals):
        shown = [r["name"] for r in rivals]
        raise ValueError(f"View.rivals: each rival once, not me ({view.me!r}): {shown}")
    totals = view.totals
    if type(totals) is not dict or {*map(type, totals.values())} - {int}:
        raise ValueError("View.totals is each player's total, a whole number by name")


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


def _check_discards(spec: RuleSpec, discards: object) -> None:
    if not isinstance(discards, _LISTS) or not all(
        isinstance(d, dict) and "player" in d and "card" in d for d in discards
    ):
        raise ValueError('View.discards is a list of {"player", "card", "taken_by"}')
    _cards(spec, "discards", [d["card"] for d in discards], once=False)


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
    held: dict[str, Counter[str]] = {}
    order: list[tuple[str, str]] = []
    for discard in view.discards:
        thrower, card, taker = discard["player"], discard["card"], discard.get("taken_by")
        if thrower in held and held[thrower][card] > 0:
            held[thrower][card] -= 1
            order.remove((thrower, card))
        if taker is not None and taker != view.me:
            held.setdefault(taker, Counter())[card] += 1
            order.append((taker, card))
    return [card for _, card in order]


def tie_breaker(level: str, seed: int, view: View) -> random.Random:
    """A generator for ties "by the seed": drawn from the seed and the view alone, so the same
    view always gets the same answer, however often it is asked."""
    visible = (view.round, view.hand, view.pozo, len(view.discards), view.drawn)
    return random.Random(f"mazo-{level}:{seed}:{visible!r}")
