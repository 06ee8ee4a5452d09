"""Cards and their notation.

Spanish cards are written rank + suit (`12e` is the rey de espadas); French cards rank + suit
(`KS`, `TH` or `10H`, suit symbols accepted). The joker is `*` in both. Input is case-insensitive;
output is always the canonical code.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mazo.solver.errors import IllegalHandError, NotationError, quoted
from mazo.solver.messages import MESSAGES, Said, said
from mazo.solver.words import series, word

JOKER_CODE = "*"
# How cards are printed for people (terminal views, answer keys): the joker as ★, French suits
# as their symbols. Both read back as input: a hand copied from a view is a hand.
JOKER_SYMBOL = "★"
JOKER_SPELLINGS = (JOKER_CODE, JOKER_SYMBOL)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def printed(code: str) -> str:
    """A card code as mazo prints it for people: `★`, `Q♥`, `12e`."""
    if code == JOKER_CODE:
        return JOKER_SYMBOL
    return code[:-1] + SUIT_SYMBOLS.get(code[-1], code[-1])


@dataclass(frozen=True, slots=True)
class Notation:
    """How one family of decks writes its ranks and suits."""

    name: str
    suits: tuple[str, ...]
    rank_codes: dict[int, str]
    rank_aliases: dict[str, int]
    suit_aliases: dict[str, str]
    suit_names: dict[str, dict[str, str]]
    rank_names: dict[int, dict[str, str]]

    def rank_code(self, rank: int) -> str:
        return self.rank_codes[rank]

    def parse_rank(self, text: str) -> int | None:
        return self.rank_aliases.get(text.upper())

    def parse_suit(self, text: str) -> str | None:
        return self.suit_aliases.get(text.upper())


SPANISH = Notation(
    name="spanish",
    suits=("o", "c", "e", "b"),
    rank_codes={r: str(r) for r in range(1, 13)},
    rank_aliases={str(r): r for r in range(1, 13)},
    suit_aliases={"O": "o", "C": "c", "E": "e", "B": "b"},
    suit_names={
        "o": {"es": "oros", "en": "coins"},
        "c": {"es": "copas", "en": "cups"},
        "e": {"es": "espadas", "en": "swords"},
        "b": {"es": "bastos", "en": "clubs"},
    },
    rank_names={
        1: {"es": "as", "en": "ace"},
        10: {"es": "sota", "en": "jack"},
        11: {"es": "caballo", "en": "knight"},
        12: {"es": "rey", "en": "king"},
    },
)

FRENCH = Notation(
    name="french",
    suits=("S", "H", "D", "C"),
    rank_codes={r: "A23456789TJQK"[r - 1] for r in range(1, 14)},
    rank_aliases={
        **{"A23456789TJQK"[r - 1]: r for r in range(1, 14)},
        "10": 10,
        "1": 1,
    },
    suit_aliases={
        "S": "S",
        "H": "H",
        "D": "D",
        "C": "C",
        "♠": "S",
        "♥": "H",
        "♦": "D",
        "♣": "C",
        "♤": "S",
        "♡": "H",
        "♢": "D",
        "♧": "C",
    },
    suit_names={
        "S": {"es": "picas", "en": "spades"},
        "H": {"es": "corazones", "en": "hearts"},
        "D": {"es": "diamantes", "en": "diamonds"},
        "C": {"es": "tréboles", "en": "clubs"},
    },
    rank_names={
        1: {"es": "as", "en": "ace"},
        11: {"es": "jota", "en": "jack"},
        12: {"es": "reina", "en": "queen"},
        13: {"es": "rey", "en": "king"},
    },
)

NOTATIONS = {n.name: n for n in (SPANISH, FRENCH)}

# The codes a deck remembers at most: every spelling of every card of the decks played, with room
# for odd spacing; a stream of strange input is read each time, never kept.
_PARSED = 4096

_CODE = re.compile(r"^(?P<rank>\d{1,2}|[A-Za-z])(?P<suit>.)$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card identity. A joker has neither rank nor suit."""

    rank: int | None
    suit: str | None
    # A card is a dict key in every solve: its hash is worked out once, from numbers alone, so a
    # card sent to another process (where strings hash otherwise) keeps a right one.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rank = -1 if self.rank is None else self.rank
        suit = int.from_bytes((self.suit or "").encode(), "little")
        object.__setattr__(self, "_hash", hash((rank, suit)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @classmethod
    def joker(cls) -> Card:
        return cls(None, None)

    def code(self, notation: Notation) -> str:
        if self.rank is None:
            return JOKER_CODE
        return f"{notation.rank_code(self.rank)}{self.suit}"

    def __str__(self) -> str:
        """The card's code: its suit as stored says the deck (`12e`, `QH`, `*`)."""
        notation = self._notation()
        return f"{self.rank}{self.suit}" if notation is None else self.code(notation)

    def __repr__(self) -> str:
        # A failing test prints a card that can be pasted back.
        if self._notation() is None:
            return f"Card(rank={self.rank!r}, suit={self.suit!r})"  # no deck deals it
        return f"Card.parse({str(self)!r})"

    def _notation(self) -> Notation | None:
        if self.is_joker:
            return SPANISH  # a joker's code is the same in every notation
        notation = _written_with(self.suit)
        return notation if notation is not None and self.rank in notation.rank_codes else None

    @classmethod
    def parse(cls, text: str, notation: Notation | None = None, *, jokers: bool = True) -> Card:
        """Read one card code; raise NotationError quoting the input when it is not a card (its
        help names the joker only for a deck that has one: `jokers`). Without a notation the
        code is read as mazo writes it, where the suit's case says the deck (`12e`, `QH`)."""
        token = text.strip()
        if token in JOKER_SPELLINGS:
            return cls.joker()
        if notation is None:
            notation = _written_with(token[-1:])
            if notation is None:
                raise NotationError.of("unknown_card", card=quoted(text), why=said("any_card"))
        match = _CODE.match(token)
        if not match:
            raise NotationError.of(
                "unknown_card", card=quoted(text), why=_card_help(notation, jokers)
            )
        rank = notation.parse_rank(match["rank"])
        suit = notation.parse_suit(match["suit"])
        if rank is None or suit is None:
            raise NotationError.of(
                "unknown_card", card=quoted(text), why=_card_help(notation, jokers)
            )
        return cls(rank, suit)


def _said_in(where: str | Said, lang: str, n: int = 0) -> str:
    """A place said in `lang`: a plain string as written, a said one (`Told` too) in `lang`;
    after one copy, in the form that agrees with one when it has it (`1 repartida a Ana`)."""
    message = getattr(where, "said", where)
    if n == 1 and isinstance(message, Said) and f"{message.key}_one" in MESSAGES[lang]:
        return said(f"{message.key}_one", **message.fields)(lang)
    return where(lang) if callable(where) else where


IN_THE_HAND = said("in_the_hand")


def _written_with(suit: str | None) -> Notation | None:
    """The notation whose cards carry this suit letter as written."""
    return next((n for n in NOTATIONS.values() if suit in n.suits), None)


def _card_help(notation: Notation, jokers: bool) -> Callable[[str], str]:
    cards = said("spanish_cards" if notation is SPANISH else "french_cards")
    return lambda lang: cards(lang) + (said("joker_code")(lang) if jokers else "")


def split_tokens(items: str | Iterable[str]) -> list[str]:
    """Hands come as one string, several strings, or a mix: split on spaces and commas."""
    # str.split, not a regular expression: a batch of hands as text splits every hand, and
    # re.split cost more than the solve itself.
    if isinstance(items, str):
        return items.replace(",", " ").split()
    tokens: list[str] = []
    for item in items:
        tokens.extend(str(item).replace(",", " ").split())
    return tokens


@dataclass(frozen=True)
class Deck:
    """What the game deals: ranks in their order, suits, copies of each card and jokers."""

    notation: Notation
    ranks: tuple[int, ...]
    suits: tuple[str, ...]
    copies: int
    jokers: int
    _rank_index: dict[int, int] = field(init=False, repr=False, compare=False)
    # The deck's cards, one object for each card, which all_cards deals and parse_card returns:
    # a game's dicts and lists of cards then find a card by identity, before any comparison.
    _cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    # Every code parse_card has read, with its card: a game reads the same few codes in every
    # view of every turn.
    _parsed: dict[str, Card] = field(init=False, repr=False, compare=False)
    _keys: dict[int, tuple[int, int]] = field(init=False, repr=False, compare=False)
    _codes: dict[int, str] = field(init=False, repr=False, compare=False)
    # Those objects by identity.
    _dealt: frozenset[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_rank_index", {r: i for i, r in enumerate(self.ranks)})
        one = {(r, s): Card(r, s) for s in self.suits for r in self.ranks}
        cards = [one[r, s] for s in self.suits for r in self.ranks for _ in range(self.copies)]
        object.__setattr__(self, "_cards", (*cards, *[Card.joker()] * self.jokers))
        object.__setattr__(self, "_parsed", {c.code(self.notation): c for c in self._cards})
        # Each of those objects' sort key and code, by identity: the views and arrangements of
        # every turn ask them of the deck's own cards, and a dataclass hashes in Python.
        keys = {id(c): self._sort_key(c) for c in self._cards}
        object.__setattr__(self, "_keys", keys)
        object.__setattr__(self, "_codes", {id(c): c.code(self.notation) for c in self._cards})
        object.__setattr__(self, "_dealt", frozenset(map(id, self._cards)))

    def __reduce__(self) -> tuple[Any, ...]:
        # The maps by identity name this process's objects: a copy, or a deck sent to another
        # process, is built anew with its own.
        return (Deck, (self.notation, self.ranks, self.suits, self.copies, self.jokers))

    def rank_index(self, rank: int) -> int:
        return self._rank_index[rank]

    def copies_of(self, card: Card) -> int:
        if card.is_joker:
            return self.jokers
        if card.rank in self._rank_index and card.suit in self.suits:
            return self.copies
        return 0

    def all_cards(self) -> list[Card]:
        """Every card the deck holds, copies included, in canonical order."""
        return list(self._cards)

    @property
    def size(self) -> int:
        return len(self.ranks) * len(self.suits) * self.copies + self.jokers

    def sort_key(self, card: Card) -> tuple[int, int]:
        key = self._keys.get(id(card))
        return self._sort_key(card) if key is None else key

    def _sort_key(self, card: Card) -> tuple[int, int]:
        if card.rank is None:
            return (len(self.suits), 0)
        return (self.suits.index(card.suit), self._rank_index[card.rank])

    def code(self, card: Card) -> str:
        code = self._codes.get(id(card))
        return card.code(self.notation) if code is None else code

    def codes(self, cards: Iterable[Card]) -> list[str]:
        known = self._codes
        return [known.get(id(card)) or card.code(self.notation) for card in cards]

    def parse_card(self, text: str) -> Card:
        card = self._parsed.get(text)
        if card is not None:
            return card
        card = Card.parse(text, self.notation, jokers=self.jokers > 0)
        if self.copies_of(card) == 0:
            raise IllegalHandError.of("not_in_deck", card=quoted(text), deck=self.describe)
        card = self._parsed.get(self.code(card), card)  # the deck's own object
        if len(self._parsed) < _PARSED:
            self._parsed[text] = card
        return card

    def parse_cards(self, codes: Sequence[str]) -> tuple[Card, ...]:
        """parse_card of each code. Codes read before are looked up all at once (a card is
        never falsy): a game's bots read the same few codes in every view."""
        found: tuple[Any, ...] = tuple(map(self._parsed.get, codes))  # Card or None
        return found if all(found) else tuple(map(self.parse_card, codes))

    def parse_hand(
        self, items: str | Iterable[str], where: str | Said = IN_THE_HAND
    ) -> tuple[Card, ...]:
        """Read a hand and check the deck can deal it (no card beyond its number of copies);
        `where` names the cards in a message ("among the seen cards")."""
        tokens = split_tokens(items)
        cards = tuple(self.parse_card(t) for t in tokens)
        self.check_supply([(where, cards)])
        return cards

    def distinct(self, cards: Sequence[Card]) -> bool:
        """Whether no card is among these twice."""
        ids = set(map(id, cards))
        if ids <= self._dealt:  # the deck's own objects: one object for each card
            return len(ids) == len(cards)
        return len(set(cards)) == len(cards)

    def dealt_once(self, cards: Sequence[Card]) -> bool:
        """Whether these are the deck's own objects, each given once: then every card is within
        its copies, as check_supply finds. By identity (a dataclass hashes in Python): a game's
        bots check the cards of every view."""
        ids = set(map(id, cards))
        return len(ids) == len(cards) and ids <= self._dealt

    def check_supply(self, groups: Iterable[tuple[str | Said, Iterable[Card]]]) -> None:
        """Check the deck can deal every group at once. A card given too often is named with
        where each copy was given: `2 copies of '4e' (1 in the hand, 1 on the pozo)`."""
        listed = [(where, list(cards)) for where, cards in groups]
        if self.dealt_once([card for _, cards in listed for card in cards]):
            return
        held = [(where, Counter(cards)) for where, cards in listed]
        total = sum((counts for _, counts in held), Counter())
        for card in sorted(total, key=self.sort_key):
            have = self.copies_of(card)
            if total[card] <= have:
                continue
            what = (
                said("jokers") if card.is_joker else said("copies_of", card=repr(self.code(card)))
            )
            places = [(where, counts[card]) for where, counts in held if counts[card]]

            def given(lang: str, places: list[tuple[str | Said, int]] = places) -> str:
                if len(places) == 1:
                    return _said_in(places[0][0], lang)
                return "(" + ", ".join(f"{n} {_said_in(w, lang, n)}" for w, n in places) + ")"

            raise IllegalHandError.of(
                "too_many_copies",
                count=total[card],
                what=what,
                given=given,
                deck=self.describe,
                have=have,
            )

    def describe(self, lang: str = "en") -> str:
        """The deck in a line, as a player says it ("40 cartas: del 1 al 7 y del 10 al 12 de
        oros, copas, espadas y bastos, sin comodines"); errors and JSON say it in English."""
        words = DECK_WORDS[lang]
        spans = [
            words["span" if low != high else "one"].format(
                low=self.notation.rank_code(low), high=self.notation.rank_code(high)
            )
            for low, high in _spans(self.ranks)
        ]
        names = [self.notation.suit_names[suit][lang] for suit in self.suits]
        return word(
            DECK_WORDS,
            lang,
            "deck",
            size=self.size,
            ranks=series(spans, words["and"]),
            suits=series(names, words["and"]),
            copies=words["copies"].format(n=self.copies) if self.copies > 1 else "",
            jokers=words["jokers" if self.jokers else "no_jokers"].format(n=self.jokers),
        )


def _spans(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Runs of consecutive ranks, each as its lowest and highest: 1-7, 10-12."""
    spans: list[tuple[int, int]] = []
    for rank in sorted(ranks):
        if spans and spans[-1][1] == rank - 1:
            spans[-1] = (spans[-1][0], rank)
        else:
            spans.append((rank, rank))
    return spans


# A deck said in a line, in each language.
DECK_WORDS = {
    "en": {
        "deck": "{size} cards: {ranks} of {suits}{copies}{jokers}",
        "span": "{low} to {high}",
        "one": "{low}",
        "and": " and ",
        "copies": ", {n} copies of each",
        "jokers": " + {n} jokers",
        "no_jokers": ", no jokers",
    },
    "es": {
        "deck": "{size} cartas: {ranks} de {suits}{copies}{jokers}",
        "span": "del {low} al {high}",
        "one": "el {low}",
        "and": " y ",
        "copies": ", {n} copias de cada una",
        "jokers": " + {n} comodines",
        "no_jokers": ", sin comodines",
    },
}
