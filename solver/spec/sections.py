"""The small sections of a spec, each read once into a frozen record: `cut`, `scoring`, `match`,
`puzzles` and `conquian`. Fields a section may hold are exactly those below; anything else is an
error, so no rule is written and then ignored."""

from __future__ import annotations

from dataclasses import dataclass

from mazo.solver.spec.read import MAX_HAND, MAX_PLAYERS, MAX_POINTS, Reader

METHODS = ("loose_points", "difference")
REENGANCHES = ("off", "once", "twice")


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


def read_cut(r: Reader) -> Cut:
    r.known_keys(("cut",), ["name", "forbid_pozo_card"]) if r.has(("cut",)) else None
    default = {"es": "cortar", "en": "cut"}
    return Cut(
        names=r.names(("cut", "name"), default),
        forbid_pozo_card=r.boolean(("cut", "forbid_pozo_card"), False),
    )


def read_scoring(r: Reader, close_ids: list[str], deck) -> Scoring:
    """`close_ids` are every close the spec lists, on or off: a bonus may wait for its close."""
    path = ("scoring",)
    if r.has(path):
        r.known_keys(
            path,
            ["method", "close_bonus", "undercut_bonus", "undercut_on_tie", "acomodo", "oklahoma"],
        )
    if r.has((*path, "acomodo")):
        r.known_keys((*path, "acomodo"), ["cumulative", "allow_joker"])
    bonus = {}
    for close in r.mapping((*path, "close_bonus"), {}):
        if close not in close_ids:
            raise r.fail(
                (*path, "close_bonus", close),
                f"no close {close!r}; closes: {', '.join(close_ids)}",
            )
        bonus[close] = r.integer((*path, "close_bonus", close), minimum=0, maximum=MAX_POINTS)
    return Scoring(
        method=r.word((*path, "method"), "loose_points", choices=METHODS),
        close_bonus=bonus,
        undercut_bonus=r.integer((*path, "undercut_bonus"), 0, minimum=0, maximum=MAX_POINTS),
        undercut_on_tie=r.boolean((*path, "undercut_on_tie"), True),
        acomodo=AcomodoRules(
            cumulative=r.boolean((*path, "acomodo", "cumulative"), True),
            allow_joker=r.boolean((*path, "acomodo", "allow_joker"), True),
        ),
        oklahoma=_read_oklahoma(r, close_ids, deck) if r.has((*path, "oklahoma")) else None,
    )


def _read_oklahoma(r: Reader, close_ids: list[str], deck) -> Oklahoma:
    path = ("scoring", "oklahoma")
    r.known_keys(path, ["enabled", "close", "gin_only_ranks", "doubling_suit"])
    close = r.word((*path, "close"))
    if close not in close_ids:
        raise r.fail((*path, "close"), f"no close {close!r}; closes: {', '.join(close_ids)}")
    ranks = r.sequence((*path, "gin_only_ranks"), [])
    for i in range(len(ranks)):
        if r.integer((*path, "gin_only_ranks", i)) not in deck.ranks:
            raise r.fail((*path, "gin_only_ranks", i), f"the deck has no rank {ranks[i]!r}")
    return Oklahoma(
        enabled=r.boolean((*path, "enabled"), False),
        close=close,
        gin_only_ranks=tuple(ranks),
        doubling_suit=r.word((*path, "doubling_suit"), None, choices=deck.suits),
    )


def read_match(r: Reader) -> MatchSettings:
    path = ("match",)
    if r.has(path):
        r.known_keys(
            path,
            [
                "passing",
                "pass_penalty",
                "pass_on_tie",
                "elimination_limit",
                "reenganche",
                "target",
                "line_bonus",
                "game_bonus",
                "shutout",
            ],
        )
    settings = MatchSettings(
        passing=r.boolean((*path, "passing"), False),
        pass_penalty=r.integer((*path, "pass_penalty"), 0, minimum=0, maximum=MAX_POINTS),
        pass_on_tie=r.boolean((*path, "pass_on_tie"), True),
        elimination_limit=r.integer(
            (*path, "elimination_limit"), None, minimum=1, maximum=MAX_POINTS, nullable=True
        ),
        reenganche=r.word((*path, "reenganche"), "off", choices=REENGANCHES),
        target=r.integer((*path, "target"), None, minimum=1, maximum=MAX_POINTS, nullable=True),
        line_bonus=r.integer((*path, "line_bonus"), 0, minimum=0, maximum=MAX_POINTS),
        game_bonus=r.integer((*path, "game_bonus"), 0, minimum=0, maximum=MAX_POINTS),
        shutout=r.boolean((*path, "shutout"), False),
    )
    if settings.target is not None and settings.elimination_limit is not None:
        raise r.fail(path, "a match is played to a target or by elimination, not both")
    for field in ("line_bonus", "game_bonus", "shutout"):
        if settings.target is None and r.has((*path, field)):
            raise r.fail((*path, field), f"'{field}' belongs to a game played to a target")
    return settings


def read_puzzle_kinds(r: Reader, offered: tuple[str, ...]) -> tuple[str, ...]:
    """The worksheet kinds the spec lists, among those its mechanism offers."""
    if not r.has(("puzzles",)):
        return ()
    r.known_keys(("puzzles",), ["kinds"])
    kinds = r.sequence(("puzzles", "kinds"), [])
    for i in range(len(kinds)):
        r.word(("puzzles", "kinds", i), choices=offered)
    if len(set(kinds)) != len(kinds):
        raise r.fail(("puzzles", "kinds"), "a kind is listed twice")
    return tuple(kinds)


def read_conquian(r: Reader, hand_size: int) -> ConquianRules:
    path = ("conquian",)
    if r.has(path):
        r.known_keys(
            path,
            [
                "rearrange",
                "goal_table_cards",
                "players",
                "exchange",
                "hand_layoff_without_faced",
                "pay_by_forcing",
                "free_layoff_on_opponents",
                "stock_out",
            ],
        )
    return ConquianRules(
        rearrange=r.word((*path, "rearrange"), "own_melds_only", choices=("own_melds_only",)),
        goal_table_cards=r.integer(
            (*path, "goal_table_cards"), hand_size + 1, minimum=1, maximum=MAX_HAND + 1
        ),
        players=r.integer((*path, "players"), 2, minimum=2, maximum=MAX_PLAYERS),
        exchange=r.word((*path, "exchange"), "none", choices=("one_to_the_right", "none")),
        hand_layoff_without_faced=r.boolean((*path, "hand_layoff_without_faced"), False),
        pay_by_forcing=r.boolean((*path, "pay_by_forcing"), False),
        free_layoff_on_opponents=r.boolean((*path, "free_layoff_on_opponents"), False),
        stock_out=r.word(
            (*path, "stock_out"), "fewest_in_hand", choices=("fewest_in_hand", "draw")
        ),
    )
