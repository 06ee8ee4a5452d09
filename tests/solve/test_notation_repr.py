"""Cards and melds print as their notation: `str` is the code, `repr` reads back as an equal value,
so a failing test shows something that can be pasted into the next one."""

from __future__ import annotations

import pytest
from mazo.solver.cards import Card
from mazo.solver.melds import Meld, candidate_melds
from mazo.solver.spec.load import game_names, load_spec

GAMES = sorted(game_names())


@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_every_deck_reads_back_from_its_repr(game):
    deck = load_spec(game).deck
    for card in set(deck.all_cards()):
        assert str(card) == deck.code(card)
        assert eval(repr(card), {"Card": Card}) == card
        assert repr(card) == f"Card.parse({deck.code(card)!r})"


@pytest.mark.parametrize("game", ["conga", "gin-rummy"])
def test_a_meld_prints_its_codes_and_reads_back_from_its_repr(game):
    spec = load_spec(game)
    cards = spec.deck.all_cards()
    melds = candidate_melds(spec, [*cards[:5], *cards[-3:]])
    assert melds
    for meld in melds:
        assert str(meld) == " ".join(spec.deck.codes(meld.cards))
        assert eval(repr(meld), {"Card": Card, "Meld": Meld}) == meld


def test_a_card_no_deck_deals_still_reads_back():
    card = Card(13, "e")
    assert eval(repr(card), {"Card": Card}) == card
