"""A hand written as text reads as the list of its cards, in every spelling the notation allows
and with any spaces, tabs, newlines and commas between the cards: the compiled search reads such
a string itself, and the general path splits it in Python, so the two are held to each other."""

from __future__ import annotations

import re

import mazo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mazo.solver.api import rules_for
from mazo.solver.backends import search
from mazo.solver.cards import JOKER_SPELLINGS
from mazo.solver.errors import InputError
from mazo.solver.mechanisms.rummy.result import DiscardOption, SolveResult

from tests.soak import size

ANSWERS = {"result": SolveResult, "discard": DiscardOption}

GAMES = ("gin-rummy", "conga")
SEPARATORS = (" ", "  ", "\t", ",", ", ", " ,", "\n", "\r\n", "\x1f")
EXAMPLES = settings(max_examples=size(150, 3000), deadline=None, database=None)


def spellings(spec, card) -> list[str]:
    """Every way to write the card: each alias of its rank and suit, in either case."""
    notation = spec.deck.notation
    if card.is_joker:
        return list(JOKER_SPELLINGS)
    ranks = [text for text, rank in notation.rank_aliases.items() if rank == card.rank]
    suits = [text for text, suit in notation.suit_aliases.items() if suit == card.suit]
    return sorted(
        {
            r + s
            for rank in ranks
            for suit in suits
            for r in (rank, rank.lower())
            for s in (suit, suit.lower())
        }
    )


@st.composite
def written_hands(draw, game):
    """(game, canonical codes, the same hand as one string)."""
    spec = rules_for(game)
    deck = spec.deck.all_cards()
    at = draw(st.lists(st.integers(0, len(deck) - 1), unique=True, max_size=spec.hand_size + 1))
    cards = [deck[i] for i in at]
    words = [draw(st.sampled_from(spellings(spec, c))) for c in cards]
    gaps = [draw(st.sampled_from(SEPARATORS)) for _ in range(len(words) + 1)]
    text = gaps[0] + "".join(word + gap for word, gap in zip(words, gaps[1:], strict=True))
    return game, spec.deck.codes(cards), text


@EXAMPLES
@given(st.sampled_from(GAMES).flatmap(written_hands))
def test_a_hand_as_text_answers_as_its_codes(case):
    game, codes, text = case
    table = search.deck_table(rules_for(game))
    from_text, from_codes = table.solve([text, codes], None, **ANSWERS)
    assert from_text is not None and from_text == from_codes
    assert from_text == mazo.solve(game, text)
    assert mazo.solve_many(game, [text] * 3) == [from_text] * 3


@EXAMPLES
@given(
    st.sampled_from(GAMES).flatmap(written_hands),
    st.sampled_from(["ZZ", "13o", "1x", "100H", "AS2", "♠", "10", "*1"]),
)
def test_a_word_that_is_no_card_is_left_to_the_general_path_which_names_it(case, word):
    game, _, text = case
    hand = f"{text} {word}"
    assert search.deck_table(rules_for(game)).solve([hand], None, **ANSWERS) == [None]
    with pytest.raises(InputError, match=re.escape(repr(word))):
        mazo.solve(game, hand)
