"""Each section of a spec read once into its frozen record (`mazo.solver.spec.rulespec`):
`deck`, `values`, `melds`, `closes`, `cut`, `scoring`, `match`, `puzzles` and `play` (and
`pozo`, the pile's name in each language); another mechanism's own section is read by its
package. Each section is a table of field → reader, so a
field is named once. Fields a section may hold are exactly those below; anything else is an
error, so no rule is written and then ignored.

`play` (how a round of a draw-one, discard-one game is dealt and turned at the table) is read here
with the others rather than in a module of its own: it is one more small record read the same way,
and a `play` module in this package would be easily taken for `mazo.solver.play` (advise, odds),
which has nothing to do with it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from mazo.solver.cards import NOTATIONS, Deck
from mazo.solver.messages import said
from mazo.solver.spec.reader import (
    MAX_CARD_VALUE,
    MAX_COPIES,
    MAX_HAND,
    MAX_JOKERS,
    MAX_MELD,
    MAX_PLAYERS,
    MAX_POINTS,
    FieldReader,
    Reader,
    flag_field,
    text_field,
    whole_field,
    word_field,
)
from mazo.solver.spec.rulespec import (
    AcomodoRules,
    Close,
    Cut,
    MatchSettings,
    MeldKind,
    Oklahoma,
    PlayRules,
    Scoring,
)

METHODS = ("loose_points", "difference")
REENGANCHES = ("off", "once", "twice")
# When the stock runs out: the pozo but its top card shuffled into a new stock, the whole pozo
# shuffled, or the hand void.
STOCK_OUTS = ("recycle", "recycle_all", "void")
# Who is mano in the next round: the next player still in after the last mano, or the player
# after whoever deals: the hand's winner, or its loser.
NEXT_DEALERS = ("rotate", "winner", "loser")


# --- deck and values -----------------------------------------------------------------------------


def _notation(r: Reader, path) -> Any:
    return NOTATIONS[r.word(path, choices=tuple(NOTATIONS))]


def _suits(r: Reader, path) -> list[str]:
    notation = _notation(r, (*path[:-1], "notation"))
    suits = r.get(path, list(notation.suits))
    if (
        not isinstance(suits, list)
        or not suits
        or any(not isinstance(s, str) or notation.parse_suit(s) != s for s in suits)
        or len(set(suits)) != len(suits)
    ):
        raise r.fail(path, said("expected_suits", suits=" ".join(notation.suits)))
    return suits


def _ranks(r: Reader, path) -> list[int]:
    notation = _notation(r, (*path[:-1], "notation"))
    ranks = r.get(path)
    if (
        not isinstance(ranks, list)
        or not ranks
        or any(
            isinstance(rank, bool) or not isinstance(rank, int) or rank not in notation.rank_codes
            for rank in ranks
        )
        or len(set(ranks)) != len(ranks)
    ):
        raise r.fail(path, said("expected_ranks", ranks=", ".join(map(str, notation.rank_codes))))
    return ranks


DECK_FIELDS = {
    "notation": _notation,
    "suits": _suits,
    "ranks": _ranks,
    "copies": whole_field(1, minimum=1, maximum=MAX_COPIES),
    "jokers": whole_field(0, minimum=0, maximum=MAX_JOKERS),
}


def read_deck(r: Reader) -> Deck:
    deck = r.fields(("deck",), DECK_FIELDS)
    return Deck(
        notation=deck["notation"],
        ranks=tuple(deck["ranks"]),
        suits=tuple(deck["suits"]),
        copies=deck["copies"],
        jokers=deck["jokers"],
    )


def _rank_values(deck: Deck) -> FieldReader:
    def read(r: Reader, path) -> dict[int, int]:
        table = r.mapping(path)
        for rank in deck.ranks:
            if rank not in table:
                raise r.fail(path, said("no_rank_value", rank=rank))
        for rank in table:
            # A rank the deck's notation has but this deck leaves out (the 8s and 9s of a
            # 40-card deck) may keep its value: an option brings it back.
            if isinstance(rank, bool) or rank not in deck.notation.rank_codes:
                raise r.fail((*path, rank), said("no_rank", rank=repr(rank)))
        return {rank: r.integer((*path, rank), minimum=0, maximum=MAX_CARD_VALUE) for rank in table}

    return read


def read_values(r: Reader, deck: Deck) -> tuple[dict[int, int], int]:
    values = r.fields(
        ("values",),
        {
            "ranks": _rank_values(deck),
            "joker": whole_field(0, minimum=0, maximum=MAX_CARD_VALUE),
        },
    )
    return values["ranks"], values["joker"]


# --- melds and closes ----------------------------------------------------------------------------

MELD_FIELDS = {
    "shape": word_field(choices=("run", "set")),
    "name": text_field(),
    "min_len": whole_field(3, minimum=2, maximum=MAX_MELD),
    "max_len": whole_field(None, minimum=2, maximum=MAX_MELD, nullable=True),
    "min_naturals": whole_field(1, minimum=1, maximum=MAX_MELD),
    "max_jokers": whole_field(None, minimum=0, maximum=MAX_MELD, nullable=True),
    "distinct_suits": flag_field(True),
}


def read_meld_kind(r: Reader, kind_id: Any) -> MeldKind:
    path = ("melds", kind_id)
    fields = r.fields(path, MELD_FIELDS)
    kind = MeldKind(id=str(kind_id), names=fields.pop("name"), **fields)
    if kind.max_len is not None and kind.max_len < kind.min_len:
        raise r.fail(
            (*path, "max_len"), said("max_len_below", most=kind.max_len, least=kind.min_len)
        )
    if (
        kind.min_naturals > kind.min_len
        and kind.max_len is not None
        and kind.min_naturals > kind.max_len
    ):
        raise r.fail((*path, "min_naturals"), said("naturals_overflow"))
    return kind


def _one_meld(meld_ids: list[Any]) -> FieldReader:
    def read(r: Reader, path) -> str | None:
        one_meld = r.word(path, None)
        if one_meld is not None and one_meld not in meld_ids:
            raise r.fail(path, said("no_meld_kind", kind=repr(one_meld), kinds=", ".join(meld_ids)))
        return one_meld

    return read


def _close_score(r: Reader, path) -> int | str | None:
    score = r.get(path, None)
    if (
        score is not None
        and score != "deadwood"
        and (isinstance(score, bool) or not isinstance(score, int))
    ):
        raise r.fail(path, said("points_or_deadwood"))
    if isinstance(score, int) and not -MAX_POINTS <= score <= MAX_POINTS:
        raise r.fail(path, said("within", most=MAX_POINTS, value=score))
    return score


def _close_fields(meld_ids: list[Any]) -> dict[str, FieldReader]:
    """A close's fields: its requirements, in the order closes.py defines them, then what it
    gives."""
    from mazo.solver import closes  # closes.py reads the Close record from this package

    requirements = {
        "one_meld": _one_meld(meld_ids),
        "min_jokers": whole_field(0, minimum=0, maximum=MAX_MELD),
        "max_jokers": whole_field(None, minimum=0, maximum=MAX_MELD, nullable=True),
        "max_deadwood": whole_field(None, minimum=0, maximum=MAX_POINTS, nullable=True),
        "max_loose_cards": whole_field(None, minimum=0, maximum=MAX_HAND, nullable=True),
        "no_discard": flag_field(False),
    }
    return {
        **{name: requirements[name] for name in closes.REQUIREMENTS},
        "name": text_field(),
        "score": _close_score,
        "effect": word_field(None, choices=("win_match",)),
        "lay_off": flag_field(False),
    }


def read_close(r: Reader, close_id: Any, meld_ids: list[Any]) -> Close:
    path = ("closes", close_id)
    fields = r.fields(path, _close_fields(meld_ids), extra=("enabled",))
    close = Close(id=str(close_id), names=fields.pop("name"), **fields)
    if close.max_jokers is not None and close.max_jokers < close.min_jokers:
        raise r.fail((*path, "max_jokers"), said("max_jokers_below"))
    if close.one_meld is None and close.max_deadwood is None and close.max_loose_cards is None:
        raise r.fail(path, said("close_needs_limit"))
    if close.score is None and close.effect is None:
        # a hand that ends with it must count for something on the sheet
        raise r.fail(path, said("close_needs_score"))
    return close


# --- cut, pozo, scoring, match, puzzles and play --------------------------------------------------


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
