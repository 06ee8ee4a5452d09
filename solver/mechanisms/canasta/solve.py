"""Canasta Uruguaya: the initial meld, taking the pozo and going out, for one hand.

A frente holds cards of one rank, so a play is, per rank, how many naturals and how many wild
cards of each kind go onto the table. An exact search (search.py) chooses those counts under the
spec's limits: ≥2 naturals and ≤3 wilds a frente, one frente per rank per
team, the opening minimum (only the pozo's top card counts toward it), a card left to discard
unless the team can go out with a canasta (rulebooks/NOTES.md, B2-B7, B11-B12).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.cards import IN_THE_HAND, Card, split_tokens
from mazo.solver.errors import IllegalHandError, InputError, OptionError
from mazo.solver.mechanisms.canasta.rules import CanastaRules
from mazo.solver.mechanisms.canasta.search import Goal, search
from mazo.solver.melds import parse_groups
from mazo.solver.messages import Told
from mazo.solver.plain import as_json, data, plain
from mazo.solver.spec.reader import whole_number
from mazo.solver.spec.rulespec import RuleSpec

JOKER = Card.joker()


def canasta_rules(spec: RuleSpec) -> CanastaRules:
    """The game's Canasta rules; a game of another mechanism is refused."""
    if not isinstance(spec.own, CanastaRules):
        raise OptionError.of("not_played_as", game=spec.game, kind="Canasta")
    return spec.own


@dataclass(frozen=True, slots=True)
class Frente:
    """A meld on the team's table: its rank, natural and wild cards."""

    rank: int
    cards: tuple[Card, ...]
    naturals: int
    wilds: int


# Where a card given too often was given, in the errors that say so.
ON_THE_TABLE, IN_THE_POZO = Told("canasta.on_the_table"), Told("canasta.in_the_pozo")


def read_melds(spec: RuleSpec, table: Any, where: str) -> list[tuple[Card, ...]]:
    """The melds of a table as parse_groups reads them ("MELD; MELD" or a list of melds), but a
    card given more often than the deck holds is named `where` it was given: parse_groups checks
    each meld as a hand, and would say "in the hand"."""
    if table is None or not isinstance(table, str | Sequence):
        return parse_groups(spec, table)  # nothing, or its one line on what a table is
    groups = table.split(";") if isinstance(table, str) else table
    melds = [
        tuple(spec.deck.parse_card(token) for token in split_tokens(group))
        for group in groups
        if not (isinstance(group, str) and not group.strip())
    ]
    spec.deck.check_supply([(where, [card for meld in melds for card in meld])])
    return melds


def read_frente(spec: RuleSpec, rules: CanastaRules, cards: Sequence[Card]) -> Frente:
    shown = " ".join(spec.deck.codes(cards))
    naturals = [c for c in cards if not rules.is_wild(c)]
    ranks = {c.rank for c in naturals}
    wilds = len(cards) - len(naturals)
    if (
        len(ranks) != 1
        or next(iter(ranks)) not in rules.meld_ranks
        or len(naturals) < rules.min_naturals
        or wilds > rules.max_wild
        or len(cards) < rules.min_len
    ):
        raise IllegalHandError.of(
            "canasta.not_a_frente",
            meld=repr(shown),
            length=rules.min_len,
            naturals=rules.min_naturals,
            wild=rules.max_wild,
        )
    rank = next(iter(ranks))
    assert rank is not None  # a joker is wild
    return Frente(rank=rank, cards=tuple(cards), naturals=len(naturals), wilds=wilds)


def _canastas(canastas: Sequence[tuple[tuple[str, ...], str]]) -> list[dict[str, Any]]:
    return [{"cards": list(m), "kind": kind} for m, kind in canastas]


@dataclass(frozen=True, slots=True)
class Play:
    """Cards put on the table in one turn: the melds they end in, and what remains in hand."""

    melds: tuple[tuple[str, ...], ...]
    points: int
    cards: int
    wilds: int
    canastas: tuple[tuple[tuple[str, ...], str], ...] = field(metadata=as_json(convert=_canastas))
    left: tuple[str, ...]


def _best(best: Play | None) -> dict[str, Any]:
    """The best play as the JSON gives it: its points, melds and canastas first, then whole."""
    return {
        "meld_points": best.points if best else 0,
        "melds": data(best.melds) if best else [],
        "canastas": _canastas(best.canastas if best else ()),
        "best_play": data(best),
    }


@dataclass(frozen=True, slots=True)
class CanastaResult:
    """The answer for one Canasta hand; its fields are the JSON contract."""

    game: str
    hand: tuple[str, ...]
    score: int
    required_minimum: int
    opened: bool
    can_open: bool | None
    opening_fewest: Play | None
    opening_max: Play | None
    best: Play | None = field(metadata=as_json(convert=_best, spread=True))
    pozo_top: str | None
    pozo_frozen: bool | None
    can_take_pozo: bool | None
    pozo_play: Play | None
    can_go_out: bool
    go_out: Play | None
    concealed: bool
    red_threes: tuple[str, ...]
    proven_optimal: bool
    variant: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return plain(self)


@dataclass(frozen=True)
class _Position:
    spec: RuleSpec
    rules: CanastaRules
    hand: tuple[Card, ...]  # without red 3s
    table: dict[int, Frente]
    minimum: int
    top: Card | None
    pile_rest: int
    frozen: bool


@dataclass(frozen=True)
class _Supply:
    """What the hand offers a search: naturals per rank, wild cards by value, black 3s."""

    naturals: Counter[int]
    by_value: dict[int, list[Card]]  # wild cards of equal value are interchangeable
    values: list[int]  # highest first
    top_rank: int | None  # the pozo's top card, when the play takes it
    threes: list[Card]


def _supply(pos: _Position, take_top: bool) -> _Supply:
    rules, spec = pos.rules, pos.spec
    wild_kinds = sorted(
        Counter(c for c in pos.hand if rules.is_wild(c)).items(),
        key=lambda item: spec.deck.sort_key(item[0]),
    )
    by_value: dict[int, list[Card]] = {}
    for card, count in wild_kinds:
        by_value.setdefault(spec.value(card), []).extend([card] * count)
    return _Supply(
        # A joker is wild, so the rank test drops no card: it only names the rank an int.
        naturals=Counter(c.rank for c in pos.hand if not rules.is_wild(c) and c.rank is not None),
        by_value=by_value,
        values=sorted(by_value, reverse=True),
        top_rank=pos.top.rank if take_top and pos.top is not None else None,
        threes=[c for c in pos.hand if rules.is_black_three(c)],
    )


def _search(pos: _Position, *, take_top: bool, goal: Goal, going_out: bool) -> Play | None:
    """The best play under the goal (search.py states the goals and the rule among equals)."""
    supply = _supply(pos, take_top)
    if supply.top_rank is not None and supply.top_rank not in pos.rules.meld_ranks:
        return None
    choice = search(pos, supply, take_top=take_top, goal=goal, going_out=going_out)
    if choice is None:
        return None
    threes = supply.threes[: choice.threes]
    return _play(pos, choice.naturals, choice.wilds, supply.by_value, supply.top_rank, threes)


def _threes_meld(spec: RuleSpec, pool: list[Card], threes) -> tuple[str, ...]:
    """The black 3s laid down when going out, taken from the pool, as one meld's codes."""
    for c in threes:
        pool.remove(c)
    return tuple(spec.deck.codes(sorted(threes, key=spec.deck.sort_key)))


def _play(pos: _Position, counts, wild_counts, by_value, top_rank, threes) -> Play:
    """Turn the chosen counts into cards: which naturals and wild cards, in canonical order."""
    spec, rules = pos.spec, pos.rules
    key = spec.deck.sort_key
    pool = sorted(pos.hand, key=key)
    spare = {v: list(cards) for v, cards in by_value.items()}
    melds, canastas = [], []
    points = wilds = cards = 0
    for r in rules.meld_ranks:
        added_wild = [
            spare[v].pop(0) for v in sorted(spare, reverse=True) for _ in range(wild_counts[r, v])
        ]
        added_nat = _naturals_of(rules, pool, r)[: counts[r]]
        if not added_nat and not added_wild and r != top_rank:
            continue
        top = [pos.top] if r == top_rank and pos.top is not None else []
        meld = _frente_cards(pos, r, added_nat + top, added_wild)
        for c in added_nat + added_wild:
            pool.remove(c)
        points += sum(spec.value(c) for c in added_nat + added_wild + top)
        wilds += len(added_wild)
        cards += len(added_nat) + len(added_wild)
        codes = tuple(spec.deck.codes(meld))
        melds.append(codes)
        kind = _canasta_kind(rules, meld)
        if kind is not None:
            canastas.append((codes, kind))
    if threes:
        melds.append(_threes_meld(spec, pool, threes))
        points += sum(spec.value(c) for c in threes)
        cards += len(threes)
    return Play(
        melds=tuple(melds),
        points=points,
        cards=cards,
        wilds=wilds,
        canastas=tuple(canastas),
        left=tuple(spec.deck.codes(pool)),
    )


def _naturals_of(rules: CanastaRules, cards: list[Card], rank: int) -> list[Card]:
    return [c for c in cards if c.rank == rank and not rules.is_wild(c)]


def _canasta_kind(rules: CanastaRules, meld: list[Card]) -> str | None:
    """ "limpia" or "sucia" when the frente is a canasta, else None."""
    n_wild = sum(1 for c in meld if rules.is_wild(c))
    if not rules.is_canasta(len(meld) - n_wild, n_wild):
        return None
    return "sucia" if n_wild else "limpia"


def _frente_cards(pos: _Position, rank: int, naturals: list[Card], wilds: list[Card]) -> list[Card]:
    """The frente of this rank once the cards are added: its naturals, then its wild cards."""
    key, is_wild = pos.spec.deck.sort_key, pos.rules.is_wild
    old = pos.table.get(rank)
    old_cards = list(old.cards) if old else []
    return sorted([c for c in old_cards if not is_wild(c)] + naturals, key=key) + sorted(
        [c for c in old_cards if is_wild(c)] + wilds, key=key
    )


def _score(value: Any) -> int:
    if value is None:
        return 0
    try:
        return whole_number(value, Told("canasta.the_score"))
    except InputError as error:  # the score is an option of the position
        raise OptionError.of(error.said_in) from None


def _read_table(spec: RuleSpec, rules: CanastaRules, table: Any) -> list[Frente]:
    frentes = [read_frente(spec, rules, m) for m in read_melds(spec, table, ON_THE_TABLE)]
    seen_ranks: set[int] = set()
    for frente in frentes:
        if frente.rank in seen_ranks:
            code = spec.deck.notation.rank_code(frente.rank)
            raise IllegalHandError.of("canasta.two_frentes", rank=code)
        seen_ranks.add(frente.rank)
    return frentes


def _frozen(rules: CanastaRules, opened: bool, pile: list[Card]) -> bool:
    """Whether the pozo is frozen: before the team opens, always where the spec says so, or
    with a wild card (or, by the option, a black 3) in it."""
    return (
        not opened
        or rules.frozen_always
        or any(rules.is_wild(c) for c in pile)
        or (rules.black3_freezes and any(rules.is_black_three(c) for c in pile))
    )


def solve_canasta(
    spec: RuleSpec,
    hand: Sequence[Card],
    *,
    score: int | str | None = None,
    pozo_top: Card | str | None = None,
    pozo: Any = None,
    table: Any = None,
) -> CanastaResult:
    rules = canasta_rules(spec)
    team_score = _score(score)
    top = spec.deck.parse_card(pozo_top) if isinstance(pozo_top, str) else pozo_top
    if pozo is not None and top is None:  # a pozo is read from its top: none, no pozo to take
        raise OptionError.of("canasta.pozo_needs_top", option="pozo")
    pile = list(spec.deck.parse_hand(pozo, IN_THE_POZO)) if pozo is not None else []
    frentes = _read_table(spec, rules, table)
    spec.deck.check_supply(
        [
            (IN_THE_HAND, hand),
            (ON_THE_TABLE, [c for f in frentes for c in f.cards]),
            (Told("canasta.on_the_pozo_top"), [top] if top else []),
            (IN_THE_POZO, pile),
        ]
    )
    if top is not None and rules.is_red_three(top):
        raise IllegalHandError.of("canasta.red_three_pozo", card=repr(spec.deck.code(top)))
    red = tuple(c for c in hand if rules.is_red_three(c))
    kept = tuple(c for c in hand if not rules.is_red_three(c))
    opened = bool(frentes)
    frozen = None if top is None else _frozen(rules, opened, pile)
    pos = _Position(
        spec=spec,
        rules=rules,
        hand=kept,
        table={f.rank: f for f in frentes},
        minimum=rules.minimum(team_score),
        top=top,
        pile_rest=len(pile),
        frozen=bool(frozen),
    )
    return _result(pos, hand=hand, red=red, frozen=frozen, score=team_score)


def _result(
    pos: _Position,
    *,
    hand: Sequence[Card],
    red: tuple[Card, ...],
    frozen: bool | None,
    score: int,
) -> CanastaResult:
    """The searches the position asks for, and the answer made of them."""
    spec, rules, top, opened = pos.spec, pos.rules, pos.top, bool(pos.table)
    fewest = None if opened else _search(pos, take_top=False, goal=Goal.FEWEST, going_out=False)
    best = _search(pos, take_top=False, goal=Goal.MOST, going_out=False)
    go_out = _search(pos, take_top=False, goal=Goal.MOST, going_out=True)
    pozo_play = None
    if top is not None and not rules.is_wild(top) and top.rank in rules.meld_ranks:
        pozo_play = _search(pos, take_top=True, goal=Goal.MOST, going_out=False)
    codes = spec.deck.codes
    return CanastaResult(
        game=spec.game,
        hand=tuple(codes(hand)),
        score=score,
        required_minimum=pos.minimum,
        opened=opened,
        can_open=None if opened else best is not None,
        opening_fewest=fewest,
        opening_max=None if opened else best,
        best=best,
        pozo_top=spec.deck.code(top) if top is not None else None,
        pozo_frozen=frozen,
        can_take_pozo=None if top is None else pozo_play is not None,
        pozo_play=pozo_play,
        can_go_out=go_out is not None,
        go_out=go_out,
        concealed=go_out is not None and not opened,
        red_threes=tuple(codes(red)),
        proven_optimal=True,  # the search is exact
        variant=spec.changed_options(),
    )
