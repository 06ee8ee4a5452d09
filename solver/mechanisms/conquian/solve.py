"""Conquián: can the faced card go onto the table, and what is then left in hand to pay?

The faced card never enters the hand. Using it means re-partitioning the player's own table cards,
the faced card and any hand cards into valid melds (rulebooks/NOTES.md, Q-A7); the player then pays
one hand card, unless the hand is empty, which is the win. CP-SAT chooses the melds: one boolean
per candidate meld, every table card and the faced card covered exactly once, each hand card at
most once, and as many hand cards laid as possible.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mazo.solver.backends.cpsat import DEFAULT_TIME_LIMIT, Term, lexicographic, run
from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError, OptionError
from mazo.solver.mechanisms.conquian.rules import conquian_rules
from mazo.solver.melds import Meld, candidate_melds, parse_groups
from mazo.solver.messages import said
from mazo.solver.plain import plain
from mazo.solver.spec.rulespec import RuleSpec


@dataclass(frozen=True, slots=True)
class Cover:
    """Melds covering every required card, the optional (hand) cards they use, and the card
    left to pay (None when no payment was asked for or every optional card is melded)."""

    melds: tuple[Meld, ...]
    optional_used: int
    pay: Card | None
    optimal: bool


def best_cover(
    spec: RuleSpec,
    required: Sequence[Card],
    optional: Sequence[Card],
    *,
    pay_order: Sequence[Card] = (),
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Cover | None:
    """Melds that use every required card once and as many optional cards as they can; None if
    the required cards cannot all be melded. With `pay_order` (best payment first), among the
    plays melding the most optional cards, the one keeping the best payment out of the melds."""
    from ortools.sat.python import cp_model

    required_set, optional_set = set(required), set(optional)
    usable = candidate_melds(spec, [*required, *optional])
    model = cp_model.CpModel()
    chosen = [model.new_bool_var(f"meld_{i}") for i in range(len(usable))]
    pays = {card: model.new_bool_var(f"pay_{i}") for i, card in enumerate(pay_order)}
    _cover_each_card(spec, model, chosen, usable, pays, required_set, optional_set)
    model.add_at_most_one(pays.values())
    used = sum(
        sum(1 for c in m.cards if c in optional_set) * x
        for x, m in zip(chosen, usable, strict=True)
    )
    preference = sum((len(pay_order) - i) * pays[c] for i, c in enumerate(pay_order))
    lexicographic(
        model,
        [
            Term("optional cards melded", used, len(optional_set)),
            Term("payment kept out of the melds", preference, len(pay_order)),
            Term("melds", sum(chosen), len(usable), maximize=False),
        ],
    )

    solved = run(model, time_limit)
    if solved is None:
        return None
    solver, optimal = solved
    picked = tuple(m for x, m in zip(chosen, usable, strict=True) if solver.boolean_value(x))
    pay = next((c for c, x in pays.items() if solver.boolean_value(x)), None)
    count = sum(1 for m in picked for c in m.cards if c in optional_set)
    return Cover(melds=picked, optional_used=count, pay=pay, optimal=optimal)


def _cover_each_card(
    spec: RuleSpec,
    model: Any,
    chosen: list,
    usable: list[Meld],
    pays: dict[Card, Any],
    required: set[Card],
    optional: set[Card],
) -> None:
    """Every required card in exactly one meld; an optional card in at most one, or paid."""
    for card in sorted(required | optional, key=spec.deck.sort_key):
        users = [x for x, m in zip(chosen, usable, strict=True) if card in m.cards]
        if card in required:
            model.add_exactly_one(users)
        else:
            model.add_at_most_one([*users, *([pays[card]] if card in pays else [])])


def partners(spec: RuleSpec, card: Card, others: Iterable[Card]) -> int:
    """Cards that could share a meld with this one: its rank, or its suit within two steps."""
    index = spec.deck.rank_index
    return sum(
        1
        for other in others
        if other != card
        and (
            other.rank == card.rank
            or (
                other.suit == card.suit
                and other.rank is not None
                and card.rank is not None
                and abs(index(other.rank) - index(card.rank)) <= 2
            )
        )
    )


def payment_order(spec: RuleSpec, payable: Iterable[Card], kept: Sequence[Card]) -> list[Card]:
    """Best payment first: the card with the fewest partners in `kept` (the caller passes the
    hand, the player's own melds and the faced card), then the higher rank."""
    return sorted(
        payable,
        key=lambda c: (
            partners(spec, c, kept),
            -spec.deck.rank_index(c.rank),  # type: ignore[arg-type]  # Conquián has no jokers
            spec.deck.suits.index(c.suit),
        ),
    )


@dataclass(frozen=True, slots=True)
class ConquianResult:
    """The answer for one offer of a faced card; its fields are the JSON contract."""

    game: str
    hand: tuple[str, ...]
    faced: str
    table: tuple[tuple[str, ...], ...]
    rival_table: tuple[tuple[str, ...], ...]
    can_use: bool
    melds: tuple[tuple[str, ...], ...]
    meld_kinds: tuple[str, ...]
    laid: tuple[str, ...]
    pay: str | None
    cards_on_table: int
    cards_in_hand: int
    can_go_out: bool
    can_force: bool
    pay_can_force: bool | None
    lay_down: tuple[tuple[str, ...], ...]
    proven_optimal: bool
    variant: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


def parse_melds(spec: RuleSpec, text: Any, what: str) -> list[tuple[Card, ...]]:
    """The melds of a table, each checked to be a valid meld of the game."""
    melds = parse_groups(spec, text)
    for cards in melds:
        if not is_meld(spec, cards):
            shown = " ".join(spec.deck.codes(cards))
            raise IllegalHandError.of(
                "conquian.not_a_meld_of", what=what, meld=repr(shown), game=spec.game
            )
    return melds


def is_meld(spec: RuleSpec, cards: Sequence[Card]) -> bool:
    want = sorted(cards, key=spec.deck.sort_key)
    return any(
        sorted(m.cards, key=spec.deck.sort_key) == want for m in candidate_melds(spec, cards)
    )


# The places of a Conquián position, as its errors name them.
PLACES = {
    "hand": said("conquian.place_hand"),
    "faced card": said("conquian.place_faced"),
    "table": said("conquian.place_table"),
    "rival table": said("conquian.place_rival_table"),
}


def _distinct(spec: RuleSpec, groups: dict[str, Sequence[Card]]) -> None:
    """One copy of each card: no card may appear twice across hand, faced card and tables."""
    where: dict[Card, str] = {}
    for name, cards in groups.items():
        for card in cards:
            if card in where:
                places = (
                    said("conquian.twice_in", place=PLACES[name])
                    if where[card] == name
                    else said("conquian.both_in", first=PLACES[where[card]], then=PLACES[name])
                )
                raise IllegalHandError.of(
                    "conquian.card_is", card=repr(spec.deck.code(card)), places=places
                )
            where[card] = name


def solve_conquian(
    spec: RuleSpec,
    hand: Sequence[Card],
    *,
    faced: Card | str | None = None,
    table: Any = None,
    rival_table: Any = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> ConquianResult:
    rules = conquian_rules(spec)
    if faced is None:
        raise OptionError.of("conquian.needs_faced", option="faced")
    faced_card = spec.deck.parse_card(faced) if isinstance(faced, str) else faced
    own = parse_melds(spec, table, "table")
    rival = parse_melds(spec, rival_table, "rival-table")
    own_cards = [c for m in own for c in m]
    rival_cards = [c for m in rival for c in m]
    _check_cards(spec, hand, faced_card, own_cards, rival_cards)

    def cover(required, optional, pay_order=()):
        return best_cover(spec, required, optional, pay_order=pay_order, time_limit=time_limit)

    required = [*own_cards, faced_card]
    best = cover(required, hand, payment_order(spec, hand, [*hand, *own_cards, faced_card]))
    pay = best.pay if best is not None else None
    lay_down = _lay_down(hand, own_cards, rules, cover)
    can_force = bool(rival) and cover([*rival_cards, faced_card], []) is not None
    pay_can_force = None
    if rules.pay_by_forcing and pay is not None:
        pay_can_force = bool(rival) and cover([*rival_cards, pay], []) is not None

    return _conquian_result(
        spec,
        hand=hand,
        faced=faced_card,
        own=own,
        rival=rival,
        best=best,
        lay_down=lay_down,
        can_force=can_force,
        pay_can_force=pay_can_force,
        goal=rules.goal_table_cards,
    )


def _check_cards(
    spec: RuleSpec,
    hand: Sequence[Card],
    faced_card: Card,
    own_cards: list[Card],
    rival_cards: list[Card],
) -> None:
    _distinct(
        spec,
        {"hand": hand, "faced card": [faced_card], "table": own_cards, "rival table": rival_cards},
    )
    if len(hand) + len(own_cards) > spec.hand_size:
        raise IllegalHandError.of(
            "conquian.too_many", count=len(hand) + len(own_cards), size=spec.hand_size
        )
    # Fewer is a partial position (only the cards given play), but a hand is empty only when the
    # player's cards are all on their melds, waiting for the card that goes out.
    if not hand and len(own_cards) != spec.hand_size:
        raise IllegalHandError.of("conquian.empty_hand", count=len(own_cards), size=spec.hand_size)


def _conquian_result(
    spec: RuleSpec,
    *,
    hand: Sequence[Card],
    faced: Card,
    own: list,
    rival: list,
    best: Cover | None,
    lay_down: Cover,
    can_force: bool,
    pay_can_force: bool | None,
    goal: int,
) -> ConquianResult:
    own_cards = [c for m in own for c in m]
    # Without a play the faced card stays off the table and nothing is laid or paid.
    found = best if best is not None else Cover(melds=(), optional_used=0, pay=None, optimal=True)
    codes = spec.deck.codes
    melds = _ordered(spec, found.melds)
    used = found.optional_used
    on_table = len(own_cards) + (1 + used if best is not None else 0)
    in_hand = set(hand)
    laid_cards = sorted(
        (c for m in found.melds for c in m.cards if c in in_hand), key=spec.deck.sort_key
    )
    return ConquianResult(
        game=spec.game,
        hand=tuple(codes(hand)),
        faced=spec.deck.code(faced),
        table=_shown(spec, own),
        rival_table=_shown(spec, rival),
        can_use=best is not None,
        melds=_shown(spec, (m.cards for m in melds)),
        meld_kinds=tuple(m.kind for m in melds),
        laid=tuple(codes(laid_cards)),
        pay=spec.deck.code(found.pay) if found.pay is not None else None,
        cards_on_table=on_table,
        cards_in_hand=len(hand) - used - (found.pay is not None),
        can_go_out=best is not None and used == len(hand) and on_table >= goal,
        can_force=can_force,
        pay_can_force=pay_can_force,
        lay_down=_shown(spec, (m.cards for m in _ordered(spec, lay_down.melds))),
        proven_optimal=found.optimal and lay_down.optimal,
        variant=spec.changed_options(),
    )


def _shown(spec: RuleSpec, melds: Iterable[Sequence[Card]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(spec.deck.codes(m)) for m in melds)


def _lay_down(hand, own_cards, rules, cover) -> Cover:
    """Melds put down from hand without the faced card (and without paying): new melds only,
    or, with hand_layoff_without_faced, hand cards added to the player's own melds too."""
    if rules.hand_layoff_without_faced and own_cards:
        found = cover(own_cards, hand)
        if found.optional_used:
            return found
    return cover([], hand)


def _ordered(spec: RuleSpec, melds: Iterable[Meld]) -> list[Meld]:
    return sorted(melds, key=lambda m: [spec.deck.sort_key(c) for c in m.cards])
