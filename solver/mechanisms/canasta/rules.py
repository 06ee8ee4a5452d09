"""The `canasta:` section of a spec (with the frente meld kind), read once into `CanastaRules`.

The fields here are the whole Canasta language; rules every table plays alike are fixed in the
solver and written in rulebooks/NOTES.md (one frente per rank per side, the pozo frozen until the
side opens and by a wild card in it, only the pozo's top card counting toward the minimum, a
concealed going out waiving the minimum, going out needing a canasta).
"""

from __future__ import annotations

from dataclasses import dataclass

from mazo.solver.cards import Card, Deck
from mazo.solver.messages import said
from mazo.solver.spec.reader import MAX_POINTS, Reader

BLACK3 = ("stop_one_turn", "freezes_like_wild", "meldable_going_out")
TABLE_WITHOUT_CANASTA = {"zero": 0, "negative": -1, "positive": 1}


@dataclass(frozen=True, slots=True)
class CanastaRules:
    """What the Canasta solver, scorer and worksheets need, checked at load."""

    meld_ranks: tuple[int, ...]
    wild_ranks: frozenset[int]
    unmeldable_ranks: frozenset[int]
    red_three_suits: frozenset[str]
    min_len: int
    min_naturals: int
    max_wild: int
    canasta_len: int
    canasta_naturals: int
    limpia_bonus: int
    sucia_bonus: int
    minimums: tuple[tuple[int, int], ...]
    negative_minimum: int
    single_meld_only: bool
    frozen_always: bool
    black3: str
    red3_each: int
    red3_all_four_extra: int
    red3_positive_if: str
    going_out_bonus: int
    concealed_extra_bonus: int
    table_without_canasta: str
    # Rules of play the one-position solver has no part in; the rulebook states them.
    stock_out: str
    draw_count: int
    # The sides that score apart (two partnerships, or each of two or three players) and the
    # players of each: what a score sheet of the game lists.
    sides: int = 2
    partners: int = 2

    @property
    def black3_freezes(self) -> bool:
        return self.black3 == "freezes_like_wild"

    @property
    def black3_meldable_going_out(self) -> bool:
        return self.black3 == "meldable_going_out"

    def minimum(self, score: int) -> int:
        """The initial meld minimum for a partnership's cumulative score."""
        found = self.negative_minimum
        for start, value in self.minimums:
            if score >= start:
                found = value
        return found

    def is_wild(self, card: Card) -> bool:
        return card.is_joker or card.rank in self.wild_ranks

    def is_red_three(self, card: Card) -> bool:
        return card.rank == 3 and card.suit in self.red_three_suits

    def is_black_three(self, card: Card) -> bool:
        return card.rank in self.unmeldable_ranks and not self.is_red_three(card)

    def is_canasta(self, naturals: int, wilds: int) -> bool:
        return naturals + wilds >= self.canasta_len and naturals >= self.canasta_naturals


def read_canasta(r: Reader, deck: Deck, melds) -> CanastaRules:
    path = ("canasta",)
    if not r.has(path):
        raise r.fail(path, said("canasta.section"))
    _check_keys(r, path)
    wild = _ranks(r, (*path, "wild_ranks"), deck)
    unmeldable = _ranks(r, (*path, "unmeldable_ranks"), deck)
    red = _red_three_suits(r, path, deck)
    frente = next((k for k in melds if k.shape == "set"), None)
    if frente is None:
        raise r.fail(("melds",), said("canasta.frente"))
    minimums = _minimums(r, path)

    def points(*field, default=None):
        return r.integer((*path, *field), default, minimum=0, maximum=MAX_POINTS)

    return CanastaRules(
        meld_ranks=tuple(x for x in deck.ranks if x not in wild and x not in unmeldable),
        wild_ranks=frozenset(wild),
        unmeldable_ranks=frozenset(unmeldable),
        red_three_suits=frozenset(red),
        min_len=frente.min_len,
        min_naturals=frente.min_naturals,
        max_wild=frente.max_jokers if frente.max_jokers is not None else frente.max_len or 10**6,
        canasta_len=r.integer((*path, "canasta", "min_len"), 7, minimum=1, maximum=30),
        canasta_naturals=r.integer((*path, "canasta", "min_naturals"), 5, minimum=0, maximum=30),
        limpia_bonus=points("canasta", "limpia_bonus"),
        sucia_bonus=points("canasta", "sucia_bonus"),
        minimums=tuple(minimums),
        negative_minimum=points("initial_meld", "negative_minimum", default=15),
        single_meld_only=r.boolean((*path, "initial_meld", "single_meld_only"), False),
        frozen_always=r.boolean((*path, "pozo", "frozen_always"), False),
        black3=r.word((*path, "black3"), "stop_one_turn", choices=BLACK3),
        red3_each=points("red3", "each"),
        red3_all_four_extra=points("red3", "all_four_extra", default=0),
        red3_positive_if=r.word(
            (*path, "red3", "positive_if"), "canasta", choices=("canasta", "any_meld")
        ),
        going_out_bonus=points("going_out", "bonus"),
        concealed_extra_bonus=points("concealed", "extra_bonus", default=0),
        table_without_canasta=r.word(
            (*path, "scoring", "table_without_canasta"),
            "zero",
            choices=tuple(TABLE_WITHOUT_CANASTA),
        ),
        stock_out=r.word((*path, "stock_out"), "end", choices=("end", "classic_continue")),
        draw_count=r.integer((*path, "draw_count"), 1, minimum=1, maximum=2),
        sides=r.integer((*path, "sides"), 2, minimum=2, maximum=6),
        partners=r.integer((*path, "partners"), 2, minimum=1, maximum=3),
    )


def _check_keys(r: Reader, path: tuple) -> None:
    r.known_keys(
        path,
        [
            "wild_ranks",
            "unmeldable_ranks",
            "red_three_suits",
            "canasta",
            "initial_meld",
            "pozo",
            "red3",
            "going_out",
            "concealed",
            "black3",
            "scoring",
            "stock_out",
            "draw_count",
            "sides",
            "partners",
        ],
    )
    sub = {
        "canasta": ["min_len", "min_naturals", "limpia_bonus", "sucia_bonus"],
        "initial_meld": ["minimums", "negative_minimum", "single_meld_only"],
        "pozo": ["frozen_always"],
        "red3": ["each", "all_four_extra", "positive_if"],
        "going_out": ["bonus"],
        "concealed": ["extra_bonus"],
        "scoring": ["table_without_canasta"],
    }
    for key, allowed in sub.items():
        if r.has((*path, key)):
            r.known_keys((*path, key), allowed)


def _red_three_suits(r: Reader, path: tuple, deck: Deck) -> list[str]:
    red = r.sequence((*path, "red_three_suits"), [])
    if any(s not in deck.suits for s in red) or len(set(red)) != len(red):
        raise r.fail((*path, "red_three_suits"), said("canasta.expected_deck_suits"))
    return red


def _minimums(r: Reader, path: tuple) -> list[tuple[int, int]]:
    """The initial meld's minimum per score: rows of {from: N, min: M}, rising with N."""
    rows = r.sequence((*path, "initial_meld", "minimums"))
    if not rows:
        raise r.fail((*path, "initial_meld", "minimums"), said("canasta.expected_minimums"))
    minimums = []
    for i, _row in enumerate(rows):
        where = (*path, "initial_meld", "minimums", i)
        r.known_keys(where, ["from", "min"])
        start = r.integer((*where, "from"), minimum=-MAX_POINTS, maximum=MAX_POINTS)
        minimums.append((start, r.integer((*where, "min"), minimum=0, maximum=MAX_POINTS)))
    if [s for s, _ in minimums] != sorted({s for s, _ in minimums}):
        raise r.fail((*path, "initial_meld", "minimums"), said("canasta.minimums_rise"))
    return minimums


def _ranks(r: Reader, path, deck: Deck) -> list[int]:
    value = r.sequence(path, [])
    if any(isinstance(x, bool) or x not in deck.ranks for x in value):
        raise r.fail(path, said("canasta.expected_deck_ranks"))
    return value
