"""The small sections of a spec, each read once into a frozen record: `cut`, `scoring`, `match`,
`puzzles`, `conquian` and `play` (and `pozo`, the pile's name in each language). Fields a section
may hold are exactly those below; anything else is an error, so no rule is written and then
ignored.

`play` (how a round of a draw-one, discard-one game is dealt and turned at the table) is read here
with the others rather than in a module of its own: it is one more small record read the same way,
and a `play` module in this package would be easily taken for `mazo.solver.play` (advise, odds),
which has nothing to do with it."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from mazo.solver.cards import Deck
from mazo.solver.messages import said
from mazo.solver.spec.read import (
    MAX_HAND,
    MAX_PLAYERS,
    MAX_POINTS,
    FieldReader,
    Reader,
    flag_field,
    text_field,
    whole_field,
    word_field,
)

METHODS = ("loose_points", "difference")
REENGANCHES = ("off", "once", "twice")
# When the stock runs out: the pozo but its top card shuffled into a new stock, the whole pozo
# shuffled, or the hand void.
STOCK_OUTS = ("recycle", "recycle_all", "void")
# Who is mano in the next round: the next player still in after the last mano, or the player
# after whoever deals: the hand's winner, or its loser.
NEXT_DEALERS = ("rotate", "winner", "loser")


@dataclass(frozen=True, slots=True)
class Cut:
    """What the game calls ending a hand, and whether the card just taken from the pozo may be
    the discard that ends it."""

    names: dict[str, str]
    forbid_pozo_card: bool


@dataclass(frozen=True, slots=True)
class AcomodoRules:
    """The lay-off switches (`scoring.acomodo`): lay-offs pile up rival after rival, jokers may
    be laid off."""

    cumulative: bool = True
    allow_joker: bool = True


@dataclass(frozen=True, slots=True)
class Oklahoma:
    """Gin's Oklahoma: the hand's first upcard sets the loose-point limit of one close (its
    value; a rank in `gin_only_ranks`, the ace, allows no loose points: gin only), and an upcard
    of `doubling_suit` doubles the hand's points."""

    enabled: bool
    close: str
    gin_only_ranks: tuple[int, ...]
    doubling_suit: str | None


@dataclass(frozen=True, slots=True)
class Scoring:
    """How a hand is scored: `loose_points` (every player counts loose cards) or `difference`
    (the knocker scores the rival's loose points less their own), with Gin's bonuses: the
    closer's bonus for some closes (`close_bonus`, by close id: gin, big gin), the undercut
    bonus, and Oklahoma."""

    method: str
    close_bonus: dict[str, int]
    undercut_bonus: int
    undercut_on_tie: bool
    acomodo: AcomodoRules
    oklahoma: Oklahoma | None


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """A match of many hands: passing the cutter (Conga), the elimination limit and re-entry;
    or a game to a target score (Gin), with a line bonus per hand won, a game bonus for the
    winner and the shutout, which doubles the winner's score when the loser won no hand."""

    passing: bool
    pass_penalty: int
    pass_on_tie: bool
    elimination_limit: int | None
    reenganche: str
    target: int | None
    line_bonus: int
    game_bonus: int
    shutout: bool
    min_players: int  # the players one sheet may list: a table the deck deals for
    max_players: int


@dataclass(frozen=True, slots=True)
class ConquianRules:
    """Conquián's own rules. The solver rearranges only the player's own melds; the exchange,
    free lay-offs on rivals and the stock running out change the rulebook's text only (the
    solver answers one position, where they play no part)."""

    rearrange: str
    goal_table_cards: int
    players: int
    exchange: str
    hand_layoff_without_faced: bool
    pay_by_forcing: bool
    free_layoff_on_opponents: bool
    stock_out: str


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How a round is played at the table: the deal, the first upcard, the stock running out, the
    next deal. The game engine plays by it and the rulebook states it; solving a position,
    scoring a hand and keeping a match never read it."""

    # Cards the mano is dealt beyond hand_size; the mano opens by discarding without drawing
    # (Conga: 1; else 0).
    mano_extra: int
    # The pozo starts with the stock's top card turned face up (Chinchón, Gin); else it starts
    # empty (Conga).
    upcard: bool
    # Gin: the first upcard is offered to the mano (the non-dealer), then to the dealer; each may
    # take it (then discard) or pass; when both pass the mano draws from the stock.
    upcard_offer: bool
    # "recycle": the pozo's top card stays as the new pozo, the rest is shuffled face down as the
    # new stock; "recycle_all": the whole pozo is shuffled into the stock, the pozo starts empty;
    # "void": the hand is void (nobody scores; the same dealer deals again).
    stock_out: str
    # With "void": the hand is void when a discard that does not end the hand leaves this many
    # cards (or fewer) in the stock (Gin: 2); 0 with the other values.
    void_stock: int
    # "rotate": the next round's mano is the next player still in, in turn order after the last
    # round's mano; "winner": the hand's winner deals the next hand (so the loser is mano; after a
    # void hand the same dealer deals again); "loser": the loser deals.
    next_dealer: str


CUT_FIELDS = {
    "name": text_field({"es": "cortar", "en": "cut"}),
    "forbid_pozo_card": flag_field(False),
}


def read_cut(r: Reader) -> Cut:
    fields = r.fields(("cut",), CUT_FIELDS, optional=True)
    return Cut(names=fields["name"], forbid_pozo_card=fields["forbid_pozo_card"])


# What the game's players call the discard pile: "pozo" unless the spec says otherwise (Gin's
# English players say "discard pile").
POZO_FIELDS = {"name": text_field({"es": "pozo", "en": "pozo"})}


def read_pozo_names(r: Reader) -> dict[str, str]:
    return r.fields(("pozo",), POZO_FIELDS, optional=True)["name"]


def _close_bonus(close_ids: list[str]) -> FieldReader:
    def read(r: Reader, path) -> dict[str, int]:
        bonus = {}
        for close in r.mapping(path, {}):
            if close not in close_ids:
                unknown = said("no_close_named", close=repr(close), closes=", ".join(close_ids))
                raise r.fail((*path, close), unknown)
            bonus[close] = r.integer((*path, close), minimum=0, maximum=MAX_POINTS)
        return bonus

    return read


ACOMODO_FIELDS = {"cumulative": flag_field(True), "allow_joker": flag_field(True)}


def _acomodo(r: Reader, path) -> AcomodoRules:
    return AcomodoRules(**r.fields(path, ACOMODO_FIELDS, optional=True))


def read_scoring(r: Reader, close_ids: list[str], deck) -> Scoring:
    """`close_ids` are every close the spec lists, on or off: a bonus may wait for its close."""
    table = {
        "close_bonus": _close_bonus(close_ids),
        "method": word_field("loose_points", choices=METHODS),
        "undercut_bonus": whole_field(0, minimum=0, maximum=MAX_POINTS),
        "undercut_on_tie": flag_field(True),
        "acomodo": _acomodo,
        "oklahoma": lambda r, path: _read_oklahoma(r, close_ids, deck) if r.has(path) else None,
    }
    return Scoring(**r.fields(("scoring",), table, optional=True))


def _read_oklahoma(r: Reader, close_ids: list[str], deck) -> Oklahoma:
    def close(r: Reader, path) -> str:
        close = r.word(path)
        if close not in close_ids:
            unknown = said("no_close_named", close=repr(close), closes=", ".join(close_ids))
            raise r.fail(path, unknown)
        return close

    def gin_only_ranks(r: Reader, path) -> tuple[int, ...]:
        ranks = r.sequence(path, [])
        for i in range(len(ranks)):
            if r.integer((*path, i)) not in deck.ranks:
                raise r.fail((*path, i), said("no_rank", rank=repr(ranks[i])))
        return tuple(ranks)

    table = {
        "close": close,
        "gin_only_ranks": gin_only_ranks,
        "enabled": flag_field(False),
        "doubling_suit": word_field(None, choices=deck.suits),
    }
    return Oklahoma(**r.fields(("scoring", "oklahoma"), table))


MATCH_FIELDS = {
    "passing": flag_field(False),
    "pass_penalty": whole_field(0, minimum=0, maximum=MAX_POINTS),
    "pass_on_tie": flag_field(True),
    "elimination_limit": whole_field(None, minimum=1, maximum=MAX_POINTS, nullable=True),
    "reenganche": word_field("off", choices=REENGANCHES),
    "target": whole_field(None, minimum=1, maximum=MAX_POINTS, nullable=True),
    "line_bonus": whole_field(0, minimum=0, maximum=MAX_POINTS),
    "game_bonus": whole_field(0, minimum=0, maximum=MAX_POINTS),
    "shutout": flag_field(False),
    "min_players": whole_field(2, minimum=2, maximum=MAX_PLAYERS),
    "max_players": whole_field(MAX_PLAYERS, minimum=2, maximum=MAX_PLAYERS),
}
# The fields of a game played to a target (Gin) only.
TARGET_FIELDS = ("line_bonus", "game_bonus", "shutout")


def read_match(r: Reader) -> MatchSettings:
    path = ("match",)
    settings = MatchSettings(**r.fields(path, MATCH_FIELDS, optional=True))
    if settings.min_players > settings.max_players:
        raise r.fail((*path, "max_players"), said("max_players_low"))
    if settings.target is not None and settings.elimination_limit is not None:
        raise r.fail(path, said("target_or_elimination"))
    for field in TARGET_FIELDS:
        if settings.target is None and r.has((*path, field)):
            raise r.fail((*path, field), said("target_field", field=field))
    return settings


def read_puzzle_kinds(r: Reader, offered: tuple[str, ...]) -> tuple[str, ...]:
    """The worksheet kinds the spec lists, among those its mechanism offers."""
    if not r.has(("puzzles",)):
        return ()
    r.known_keys(("puzzles",), ["kinds", "deadwood"])
    kinds = r.sequence(("puzzles", "kinds"), [])
    for i in range(len(kinds)):
        r.word(("puzzles", "kinds", i), choices=offered)
    if len(set(kinds)) != len(kinds):
        raise r.fail(("puzzles", "kinds"), said("kind_listed_twice"))
    return tuple(kinds)


def read_puzzle_deadwood(r: Reader) -> bool:
    """Whether the English worksheets say deadwood for loose points, as Gin players do."""
    return r.boolean(("puzzles", "deadwood"), False)


def read_conquian(r: Reader, hand_size: int) -> ConquianRules:
    table = {
        "rearrange": word_field("own_melds_only", choices=("own_melds_only",)),
        "goal_table_cards": whole_field(hand_size + 1, minimum=1, maximum=MAX_HAND + 1),
        "players": whole_field(2, minimum=2, maximum=MAX_PLAYERS),
        "exchange": word_field("none", choices=("one_to_the_right", "none")),
        "hand_layoff_without_faced": flag_field(False),
        "pay_by_forcing": flag_field(False),
        "free_layoff_on_opponents": flag_field(False),
        "stock_out": word_field("fewest_in_hand", choices=("fewest_in_hand", "draw")),
    }
    return ConquianRules(**r.fields(("conquian",), table, optional=True))


# Each field of `play:`: its default and every value it takes, read once here for the spec and
# for a rulebook paragraph's `when:` alike. A spec without the section plays the commonest rummy:
# no card beyond the hand, one card turned up, the pozo recycled, the mano passing in turn.
PLAY_VALUES: dict[str, tuple[Any, Collection[Any]]] = {
    # One card at most: the mano's opening discard leaves them holding hand_size, as every
    # player holds after a turn.
    "mano_extra": (0, range(2)),
    "upcard": (True, (False, True)),
    "upcard_offer": (False, (False, True)),
    "stock_out": ("recycle", STOCK_OUTS),
    "void_stock": (0, range(MAX_POINTS + 1)),
    "next_dealer": ("rotate", NEXT_DEALERS),
}


def _play_field(default: Any, values: Collection[Any]) -> FieldReader:
    if isinstance(values, range):
        return whole_field(default, minimum=values[0], maximum=values[-1])
    if isinstance(default, bool):
        return flag_field(default)
    return word_field(default, choices=values)


PLAY_FIELDS = {name: _play_field(*field) for name, field in PLAY_VALUES.items()}


def read_play(r: Reader, deck: Deck, hand_size: int) -> PlayRules:
    """`play:`, each field as PLAY_VALUES bounds it, in agreement with the others and with the
    deal: the upcard's offer and the loser's deal name one of two players, and a void hand
    leaves the stock some turns."""
    path = ("play",)
    play = PlayRules(**r.fields(path, PLAY_FIELDS, optional=True))
    conflicts = [
        (
            play.upcard_offer and not play.upcard,
            ("upcard_offer", "upcard"),
            said("offer_needs_upcard"),
        ),
        (
            play.upcard_offer and play.mano_extra > 0,
            ("mano_extra", "upcard_offer"),
            said("offer_needs_no_extra"),
        ),
        (
            play.stock_out != "void" and play.void_stock > 0,
            ("void_stock", "stock_out"),
            said("void_stock_needs_void", stock_out=play.stock_out),
        ),
    ]
    for conflict, fields, message in conflicts:
        if conflict:
            raise r.fail(_blamed(r, [(*path, field) for field in fields]), message)
    # Rules that name one of two players: the non-dealer, the loser.
    two_players = {
        "upcard_offer": play.upcard_offer and said("offered_to_non_dealer"),
        "next_dealer": play.next_dealer == "loser" and said("loser_deals"),
    }
    for field, rule in two_players.items():
        if rule and read_match(r).max_players != 2:
            raise r.fail((*path, field), said("a_game_of_two", rule=rule))
    _check_deal(r, play, deck, hand_size)
    return play


def _blamed(r: Reader, paths: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    """Of fields that disagree, the one a rules file changed (where its writer will look: the
    game's own file set the others), else the first."""
    own_file = r.src.where(())[0]
    return next((p for p in paths if r.src.where(p)[0] != own_file), paths[0])


def _check_deal(r: Reader, play: PlayRules, deck: Deck, hand_size: int) -> None:
    """A void hand leaves two players some turns; an Oklahoma limit needs the upcard that sets
    it. (A deck too small to deal a table is the table's to refuse: a spec may be written only
    to solve hands.)"""
    stock = max(0, deck.size - 2 * hand_size - play.mano_extra - int(play.upcard))
    if play.stock_out == "void" and play.void_stock >= stock:
        raise r.fail(
            ("play", "void_stock"),
            said("void_stock_too_big", stock=stock),
        )
    if not play.upcard and r.boolean(("scoring", "oklahoma", "enabled"), False):
        raise r.fail(("play", "upcard"), said("oklahoma_needs_upcard"))


def play_tests(play: PlayRules | None) -> dict[str, tuple[Any, Collection[Any]]]:
    """The rules of play a rulebook paragraph may test (`when: {play.stock_out: void}`) or say
    (`{play.void_stock}`): each field's value in force and every value it takes; none for a game
    of another mechanism, which has no `play:`."""
    if play is None:
        return {}
    return {
        f"play.{name}": (getattr(play, name), values) for name, (_, values) in PLAY_VALUES.items()
    }
