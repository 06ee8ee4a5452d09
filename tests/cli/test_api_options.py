"""Every public entry point takes the game's options one way: as keywords, or in `variant={...}`,
with the same answer; an option given both ways, or a call option the entry point has no use
for, is refused in one line."""

from __future__ import annotations

import mazo
import mazo.bots
import pytest
from mazo.solver.errors import OptionError
from mazo.solver.play import odds

from tests.conftest import FORTY

HAND = "4o 5o 6o 10c 10e 5c 12b"


def test_load_spec_takes_the_options_as_keywords():
    assert mazo.load_spec("conga", **FORTY) == mazo.load_spec("conga", variant=FORTY)
    assert mazo.load_spec("conga", deck_size=40).changed_options() == {"deck_size": 40}


def test_solve_solve_many_and_advise_agree_both_ways():
    assert mazo.solve("conga", HAND + " 1b", **FORTY) == mazo.solve(
        "conga", HAND + " 1b", variant=FORTY
    )
    assert mazo.solve_many("conga", [HAND], cut_threshold=3) == mazo.solve_many(
        "conga", [HAND], variant={"cut_threshold": 3}
    )
    keywords = mazo.advise("conga", HAND, pozo_top="1b", horizon=1, **FORTY)
    assert keywords == mazo.advise("conga", HAND, pozo_top="1b", horizon=1, variant=FORTY)
    assert keywords.variant == FORTY


@pytest.mark.skipif(odds._odds is None, reason="the odds tables were not compiled")
def test_odds_takes_the_options_as_solve_does(forty_table, monkeypatch):
    spec, table = forty_table
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), table)  # the session's own build
    keywords = mazo.odds("conga", HAND + " 1b", deck_size=40, jokers=0)
    assert keywords == mazo.odds("conga", HAND + " 1b", variant=FORTY)
    assert keywords == mazo.odds("conga", HAND + " 1b", variant={"deck_size": 40}, jokers=0)
    assert keywords == odds.drawn_odds(table, spec, spec.deck.parse_hand(HAND + " 1b"))


def test_bots_take_the_options_as_keywords():
    bot = mazo.bots.make("conga", "novice", deck_size=40)
    assert bot.spec.changed_options() == {"deck_size": 40}
    assert mazo.bots.load("novice", "conga", deck_size=40).player.spec.changed_options() == {
        "deck_size": 40
    }


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mazo.odds("conga", HAND, deck_size=40, variant={"deck_size": 40}), "twice"),
        (lambda: mazo.load_spec("conga", jokers=0, variant={"jokers": 0}), "twice"),
        (lambda: mazo.solve("canasta", "AS AD", pozo_top="QH", **{"pozo-top": "KS"}), "twice"),
        (lambda: mazo.solve("canasta", "AS AD", pozo="KS 2H"), "need its top card"),
        (lambda: mazo.odds("conga", HAND, backend="search"), "'backend' does not apply to odds"),
        (lambda: mazo.load_spec("conga", time_limit=3), "'time_limit' does not apply to load_spec"),
        (lambda: mazo.advise("conga", HAND, faced="1o"), "'faced' does not apply to advise"),
        (lambda: mazo.bots.make("conga", "novice", backend="cpsat"), "'backend' does not apply"),
    ],
)
def test_an_option_given_twice_or_out_of_place_is_refused(call, message):
    with pytest.raises(OptionError, match=message):
        call()
