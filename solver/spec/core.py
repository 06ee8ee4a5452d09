"""The sections every game has — deck, values, melds, closes — and the whole spec, read once
into a `RuleSpec`. Each section is a table of field → reader, so a field is named once."""

from __future__ import annotations

from typing import Any

from mazo.solver.cards import NOTATIONS, Deck
from mazo.solver.mechanisms.registry import read_mechanism, read_sections
from mazo.solver.messages import Told, said
from mazo.solver.spec.options import Option
from mazo.solver.spec.prose import ProseReader
from mazo.solver.spec.read import (
    LANGS,
    MAX_CARD_VALUE,
    MAX_COPIES,
    MAX_HAND,
    MAX_JOKERS,
    MAX_MELD,
    MAX_NAME,
    MAX_POINTS,
    FieldReader,
    Reader,
    flag_field,
    text_field,
    whole_field,
    word_field,
)
from mazo.solver.spec.rules import Close, MeldKind, RuleSpec
from mazo.solver.spec.sections import (
    play_tests,
    read_cut,
    read_match,
    read_pozo_names,
    read_puzzle_deadwood,
    read_puzzle_kinds,
    read_scoring,
)

# The sections of a spec that hold rules of play (the others are names, text and worksheets).
RULE_SECTIONS = (
    "deck",
    "values",
    "melds",
    "hand_size",
    "closes",
    "cut",
    "scoring",
    "match",
    "conquian",
    "canasta",
    "play",
)
TOP_LEVEL = [
    "game",
    "aliases",
    "title",
    "lang",
    "mechanism",
    *RULE_SECTIONS,
    "pozo",
    "puzzles",
    "options",
    "prose",
    "examples",
    "extends",
    "variant",
    "variant_name",
]


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


# --- the whole spec ------------------------------------------------------------------------------


def _aliases(r: Reader) -> tuple[str, ...]:
    aliases = r.sequence(("aliases",), [])
    if any(not isinstance(a, str) for a in aliases):
        raise r.fail(("aliases",), said("expected_name_list"))
    return tuple(aliases)


def _hand_size(r: Reader, deck: Deck) -> int:
    hand_size = r.integer(("hand_size",), minimum=1, maximum=MAX_HAND)
    if hand_size + 1 > deck.size:
        raise r.fail(
            ("hand_size",),
            said("hand_over_deck", hand=hand_size, size=deck.size),
        )
    return hand_size


def _lang(r: Reader, deck: Deck) -> str:
    # The language its players speak; a spec that does not say is taken from its deck, as the
    # Spanish deck's games are the Río de la Plata's.
    return r.word(("lang",), "es" if deck.notation.name == "spanish" else "en", choices=LANGS)


def _variant_name(r: Reader) -> str | None:
    variant_name = r.get(("variant_name",), None)
    if variant_name is not None and not isinstance(variant_name, str | int):
        raise r.fail(("variant_name",), said("expected_name"))
    if len(str(variant_name)) > MAX_NAME:
        raise r.fail(("variant_name",), said("variant_name_long", most=MAX_NAME))
    return str(variant_name) if variant_name is not None else None


def _facts(deck: Deck, hand_size: int, joker: int, chosen: dict[str, Any]) -> dict[str, Any]:
    """The derived numbers a rulebook's {placeholders} may name, besides the options."""
    return {
        "hand_size": hand_size,
        "total_cards": deck.size,
        "deck_cards": len(deck.ranks) * len(deck.suits) * deck.copies,
        "jokers": deck.jokers,
        "joker_value": joker,
        "hand_size_plus": hand_size + 1,
        "ranks": ", ".join(deck.notation.rank_code(r) for r in deck.ranks),
        **chosen,
    }


def read_spec(r: Reader, options: tuple[Option, ...], chosen: dict[str, Any]) -> RuleSpec:
    """The whole spec, its options already resolved into the data."""
    r.known_keys((), TOP_LEVEL)
    game = r.word(("game",))
    aliases = _aliases(r)
    mechanism = read_mechanism(r)
    deck = read_deck(r)
    values, joker = read_values(r, deck)
    meld_ids = list(r.mapping(("melds",), default={}))
    melds = tuple(read_meld_kind(r, k) for k in meld_ids)
    closes = tuple(
        read_close(r, c, meld_ids)
        for c in r.mapping(("closes",), default={})
        if r.boolean(("closes", c, "enabled"), True)
    )
    hand_size = _hand_size(r, deck)
    variant_name = _variant_name(r)
    # The mechanism's own section before the prose, whose paragraphs may test its rules of play.
    sections = read_sections(r, mechanism, deck, melds, hand_size)
    facts = _facts(deck, hand_size, joker, chosen)
    prose_reader = ProseReader(
        r, deck, mechanism, options, chosen, facts, tested=play_tests(sections.get("play"))
    )
    example_ids, examples = prose_reader.examples()
    puzzle_kinds = read_puzzle_kinds(r, mechanism.kinds)
    lacking: dict[str, str] = dict(mechanism.lacking)
    match = read_match(r)
    if not r.has(("prose", "game")) or match.target is None:
        lacking["game"] = Told("game_table_needs")
    prose = prose_reader.prose(example_ids, lacking)
    return RuleSpec(
        game=game,
        aliases=aliases,
        title=r.names(("title",)),
        lang=_lang(r, deck),
        mechanism=mechanism.name,
        deck=deck,
        values=values,
        joker_value=joker,
        melds=melds,
        hand_size=hand_size,
        closes=closes,
        forbid_cut_with_pozo_card=r.boolean(("cut", "forbid_pozo_card"), False),
        options=options,
        chosen=chosen,
        variant_name=variant_name,
        source=r.src.where(())[0] or "",
        cut=read_cut(r),
        pozo_names=read_pozo_names(r),
        scoring=read_scoring(r, list(r.mapping(("closes",), default={})), deck),
        match=match,
        puzzle_kinds=puzzle_kinds,
        puzzle_deadwood=read_puzzle_deadwood(r),
        **sections,
        prose=prose,
        examples=examples,
        placeholders=prose_reader.values,
        lines=r.src.lines,
    )
