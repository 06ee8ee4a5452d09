"""The rules of play at the table (`play:`): each game's defaults (rulebooks/NOTES.md A11, A17,
G6), every refusal naming file, line and field, the options that set them, the odds tables they
leave alone, and books that say what the data says."""

from __future__ import annotations

import re
import textwrap

import pytest
import yaml
from mazo.rulebooks.book import build_book
from mazo.solver.api import rules_for
from mazo.solver.errors import SpecError
from mazo.solver.play import odds
from mazo.solver.spec.load import _spec_files, load_spec
from mazo.solver.spec.rulespec import PlayRules
from mazo.templates.markdown import to_markdown

from tests.commands import mazo

RUMMY = ("conga", "chinchon", "gin-rummy")


def write(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


# --- the defaults ----------------------------------------------------------------------------


def test_a17_conga_deals_the_mano_one_more_onto_an_empty_pozo():
    assert rules_for("conga").play == PlayRules(
        mano_extra=1,
        upcard=False,
        upcard_offer=False,
        stock_out="recycle",
        void_stock=0,
        next_dealer="rotate",
    )


def test_a17_chinchon_turns_one_card_up_and_the_mano_draws_first():
    assert rules_for("chinchon").play == PlayRules(
        mano_extra=0,
        upcard=True,
        upcard_offer=False,
        stock_out="recycle",
        void_stock=0,
        next_dealer="rotate",
    )


def test_g6_gin_offers_the_upcard_voids_the_hand_at_two_cards_and_the_winner_deals():
    assert rules_for("gin-rummy").play == PlayRules(
        mano_extra=0,
        upcard=True,
        upcard_offer=True,
        stock_out="void",
        void_stock=2,
        next_dealer="winner",
    )


@pytest.mark.parametrize("game", ["conquian", "canasta-uruguaya"])
def test_a_game_of_another_mechanism_has_no_rules_of_play(game):
    assert rules_for(game).play is None


def test_a_rummy_spec_without_the_section_plays_the_commonest_rummy():
    spec = load_spec(None, rules="tests/odds-small.yaml")
    assert spec.play == PlayRules(
        mano_extra=0,
        upcard=True,
        upcard_offer=False,
        stock_out="recycle",
        void_stock=0,
        next_dealer="rotate",
    )


# --- the options -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["conga", "chinchon"])
@pytest.mark.parametrize(
    ("value", "stock_out"), [("keep_top", "recycle"), ("shuffle_all", "recycle_all")]
)
def test_a11_the_option_recycle_sets_the_stocks_end(game, value, stock_out):
    spec = rules_for(game, variant={"recycle": value})
    assert spec.play.stock_out == stock_out
    assert spec.play.void_stock == 0 and spec.option("recycle").default == "keep_top"


@pytest.mark.parametrize(
    ("value", "next_dealer"), [("winner", "winner"), ("loser", "loser"), ("alternate", "rotate")]
)
def test_g6_the_option_next_dealer_sets_who_deals_the_next_hand(value, next_dealer):
    spec = rules_for("gin-rummy", variant={"next_dealer": value})
    assert spec.play.next_dealer == next_dealer
    assert spec.option("next_dealer").default == "winner"


@pytest.mark.parametrize(
    ("game", "variant"),
    [
        ("conga", {"recycle": "shuffle_all"}),
        ("chinchon", {"recycle": "shuffle_all"}),
        ("gin-rummy", {"next_dealer": "loser"}),
        ("gin-rummy", {"next_dealer": "alternate"}),
    ],
)
def test_the_rules_of_play_share_the_odds_table_of_the_games_own(game, variant):
    """A cut is the same whatever the stock's end or the next deal: one table serves both."""
    assert odds.rules_key(rules_for(game, variant=variant)) == odds.rules_key(rules_for(game))


def test_a_field_an_option_sets_is_refused_in_the_file(tmp_path):
    path = write(tmp_path, "extends: conga\nplay:\n  stock_out: recycle_all\n")
    with pytest.raises(SpecError, match=r"house.yaml:3, field 'play.stock_out': .*'recycle'"):
        load_spec(None, rules=path)


def test_a_file_may_change_a_rule_of_play_no_option_sets(tmp_path):
    path = write(tmp_path, "extends: conga\nplay:\n  mano_extra: 0\n  upcard: true\n")
    spec = load_spec(None, rules=path)
    assert (spec.play.mano_extra, spec.play.upcard, spec.play.stock_out) == (0, True, "recycle")
    assert [(c.field, c.value, c.default) for c in spec.rule_changes] == [
        ("play.mano_extra", 0, 1),
        ("play.upcard", True, False),
    ]


# --- every refusal names file, line and field, in one line -------------------------------------


@pytest.mark.parametrize(
    ("game", "text", "field", "words"),
    [
        ("gin", "play:\n  dealer: winner\n", "play.dealer", "unknown field 'dealer'"),
        ("gin", "play: 3\n", "play", "expected a mapping"),
        ("gin", "play:\n  upcard: 1\n", "play.upcard", "expected true or false"),
        ("gin", "play:\n  upcard_offer: 'yes'\n", "play.upcard_offer", "expected true or false"),
        ("gin", "play:\n  mano_extra: one\n", "play.mano_extra", "expected a whole number"),
        ("gin", "play:\n  void_stock: 2.5\n", "play.void_stock", "expected a whole number"),
        ("gin", "play:\n  stock_out: burn\n", "play.stock_out", "expected one of recycle,"),
        ("gin", "play:\n  stock_out: [void]\n", "play.stock_out", "expected a word"),
        ("conga", "play:\n  next_dealer: oldest\n", "play.next_dealer", "one of rotate,"),
        ("gin", "play:\n  mano_extra: -1\n", "play.mano_extra", "at least 0"),
        ("gin", "play:\n  void_stock: -2\n", "play.void_stock", "at least 0"),
        ("chinchon", "play:\n  mano_extra: 2\n", "play.mano_extra", "at most 1"),
        # upcard_offer without the upcard: the field the file changed is named
        ("conga", "play:\n  upcard_offer: true\n", "play.upcard_offer", "only if one is turned"),
        ("gin", "play:\n  upcard: false\n", "play.upcard", "('upcard_offer: true') only if"),
        # void_stock without stock_out: void
        ("chinchon", "play:\n  void_stock: 2\n", "play.void_stock", "only with 'stock_out: void'"),
        ("gin", "play:\n  stock_out: recycle\n", "play.stock_out", "(it is recycle)"),
        # the mano's extra card with the upcard's offer
        ("gin", "play:\n  mano_extra: 1\n", "play.mano_extra", "needs 'mano_extra: 0'"),
        # rules that name one of two players
        ("conga", "play:\n  next_dealer: loser\n", "play.next_dealer", "max_players: 2"),
        (
            "chinchon",
            "play:\n  upcard_offer: true\n",
            "play.upcard_offer",
            "offered to the non-dealer",
        ),
        # a void hand leaves a stock to play from, and Oklahoma needs the upcard
        ("gin", "play:\n  void_stock: 31\n", "play.void_stock", "every hand is void"),
        (
            "gin",
            "variant: {oklahoma: true}\nplay:\n  upcard: false\n  upcard_offer: false\n",
            "play.upcard",
            "Oklahoma",
        ),
        # another mechanism's spec
        ("conquian", "play:\n  upcard: true\n", "play", "needs 'mechanism: rummy'"),
        ("canasta", "play: {}\n", "play", "needs 'mechanism: rummy'"),
    ],
)
def test_every_rule_of_play_is_typed_bounded_and_consistent(tmp_path, game, text, field, words):
    path = write(tmp_path, f"extends: {game}\n{text}")
    with pytest.raises(SpecError) as caught:
        load_spec(None, rules=path)
    message = str(caught.value)
    assert message.startswith(f"{path}:") and f"field '{field}'" in message, message
    assert words in message and "\n" not in message, message


def test_the_gin_void_stock_leaves_a_turn_below_the_stock(tmp_path):
    """A deal for two leaves 31 cards: a hand void at 30 still has a turn to play."""
    spec = load_spec(None, rules=write(tmp_path, "extends: gin\nplay:\n  void_stock: 30\n"))
    assert spec.play.void_stock == 30


def test_spec_check_reports_a_rule_of_play(tmp_path, capsys, monkeypatch):
    path = write(tmp_path, "extends: conga\nplay:\n  upcard_offer: true\n")
    result = mazo(capsys, monkeypatch, "spec", "check", path)
    assert result.code == 2 and result.out == ""
    assert result.err.strip() == (
        f"mazo: error: {path}:3, field 'play.upcard_offer': "
        "an upcard is offered ('upcard_offer: true') only if one is turned up ('upcard: true')"
    )


# --- a book's paragraphs may test the rules of play ------------------------------------------

SECTION = "prose:\n  sections:\n    - title: {es: Uno, en: One}\n      text:\n"


@pytest.mark.parametrize(
    ("game", "when", "field", "words"),
    [
        ("conga", "{play.stock_out: burn}", "when.play.stock_out", "rule 'play.stock_out' has no"),
        ("conga", "{play.upcard: 1}", "when.play.upcard", "no value 1: one of false, true"),
        ("conga", "{play.mano_extra: 2}", "when.play.mano_extra", "a whole number 0..1"),
        ("conga", "{play.dealer: rotate}", "when.play.dealer", "no option 'play.dealer'"),
        ("conquian", "{play.upcard: true}", "when.play.upcard", "no option 'play.upcard'"),
    ],
)
def test_a_paragraph_tests_only_a_value_a_rule_of_play_takes(tmp_path, game, when, field, words):
    text = f"extends: {game}\n{SECTION}        - {{when: {when}, es: a, en: a}}\n"
    with pytest.raises(SpecError) as caught:
        load_spec(None, rules=write(tmp_path, text))
    message = str(caught.value)
    assert f"field 'prose.sections.0.text.0.{field}'" in message and words in message, message


def test_a_paragraph_says_a_number_of_play_the_spec_leaves_to_its_default(tmp_path):
    text = (
        f"extends: chinchon\n{SECTION}"
        "        - {when: {play.stock_out: recycle}, es: 'a {play.void_stock}', en: b}\n"
    )
    spec = load_spec(None, rules=write(tmp_path, text))
    assert spec.prose.sections[0].text[0].text["es"] == "a {play.void_stock}"
    assert spec.placeholders["play.void_stock"] == 0


# --- the books say what the data says --------------------------------------------------------


def book(spec, lang: str) -> str:
    return re.sub(r"\s+", " ", to_markdown(build_book(spec, lang)).replace("**", ""))


def test_a11_the_conga_book_says_how_the_stock_is_renewed_under_either_value():
    keep, shuffle = (
        book(rules_for("conga", variant={"recycle": v}), "es") for v in ("keep_top", "shuffle_all")
    )
    kept = "la carta de arriba del pozo queda boca arriba como nuevo pozo"
    whole = "se mezcla todo el pozo y se pone boca abajo como nuevo mazo; el pozo vuelve"
    assert kept in keep and whole not in keep
    assert whole in shuffle and kept not in shuffle


@pytest.mark.parametrize(
    ("value", "said", "gone"),
    [
        ("winner", "The winner of each hand deals the next", "The loser of each hand"),
        (
            "loser",
            "The loser of each hand deals the next, so the winner plays",
            "The winner of each",
        ),
        ("alternate", "The deal alternates, one hand each", "deals the next, so"),
    ],
)
def test_g6_the_gin_book_says_who_deals_the_next_hand(value, said, gone):
    text = book(rules_for("gin-rummy", variant={"next_dealer": value}), "en")
    assert said in text and gone not in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("es", "Si alguien descarta sin llamar y en el mazo no quedan más de 2, la mano se anula"),
        ("en", "If a discard that does not knock leaves 2 cards or fewer in the stock"),
    ],
)
def test_g6_the_gin_book_says_the_hand_is_void_and_the_upcard_is_offered(lang, said):
    text = book(rules_for("gin-rummy"), lang)
    offered = "se le ofrece al que no reparte" if lang == "es" else "offered to the non-dealer"
    assert said in text and offered in text


def test_a_file_that_turns_an_upcard_in_conga_changes_the_deal_the_book_states(tmp_path):
    spec = load_spec(
        None, rules=write(tmp_path, "extends: conga\nplay:\n  mano_extra: 0\n  upcard: true\n")
    )
    text = book(spec, "es")
    assert "Se da vuelta una carta para empezar el pozo" in text
    assert "el mano recibe una más" not in text and "El mano corta al abrir" not in text
    assert "play.mano_extra = 0" in text  # the house-rules box names the change
    default = book(rules_for("conga"), "es")
    assert "el mano recibe una más" in default and "El mano corta al abrir" in default


# Each value of a rule of play and the words (English) only its paragraph says; a deal's
# paragraph begins "Each player gets".
DEALS = [(0, False, False), (0, True, False), (0, True, True), (1, False, False), (1, True, False)]
DEAL_WORDS = {
    "mano_extra": ("one more", lambda play: bool(play.mano_extra)),
    "upcard": ("turned up", lambda play: play.upcard),
    "upcard_offer": ("offered", lambda play: play.upcard_offer),
    "empty": ("starts empty", lambda play: not play.upcard),
}
STOCK_WORDS = {
    "recycle": "stays face up",
    "recycle_all": "the whole discard pile is shuffled",
    "void": "the hand is void",
}
DEALER_WORDS = {
    "rotate": r"Each new round the mano is the next player|The deal alternates",
    "winner": r"winner of (a round|each hand) deals the next",
    "loser": r"loser of (a round|each hand) deals the next",
}


def whole_spec(tmp_path, game: str, play: dict) -> object:
    """The game as a whole spec of its own whose `play:` is this, its options writing none of
    it (so a file may say the Conga's stock voids the hand)."""
    data = yaml.safe_load(_spec_files()[game].read_text(encoding="utf-8"))
    data.update(game=f"{game}-club", aliases=[], play=play)
    data["options"].pop("recycle", None)
    data["options"].pop("next_dealer", None)
    data["match"]["max_players"] = 2  # the offer and the loser's deal name one of two
    path = tmp_path / f"{game}-club.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return load_spec(None, rules=path)


def plays():
    """Each deal, stock's end and next deal at least once, the others at the game's own."""
    for mano_extra, upcard, offer in DEALS:
        yield {"mano_extra": mano_extra, "upcard": upcard, "upcard_offer": offer}
    for stock_out in STOCK_WORDS:
        yield {"stock_out": stock_out, "void_stock": 2 if stock_out == "void" else 0}
    for next_dealer in DEALER_WORDS:
        yield {"next_dealer": next_dealer}


@pytest.mark.slow
@pytest.mark.parametrize("game", RUMMY)
def test_every_rule_of_play_is_stated_once_in_the_book_whatever_its_value(tmp_path, game):
    own = {
        name: getattr(rules_for(game).play, name)
        for name in ("mano_extra", "upcard", "upcard_offer", "stock_out", "void_stock")
    }
    for change in plays():
        play = {**own, "next_dealer": "rotate", **change}
        if play["upcard_offer"] and not (play["upcard"] and not play["mano_extra"]):
            play["upcard_offer"] = False  # the game's own offer under a deal that has none
        spec = whole_spec(tmp_path, game, play)
        deal = next(s for s in spec.prose.sections if s.title["en"] == "The deal")
        dealt = [p.text["en"] for p in deal.text if p.text["en"].startswith("Each player gets")]
        assert len(dealt) == 1, (play, dealt)
        for words, holds in DEAL_WORDS.values():
            assert (words in dealt[0]) == holds(spec.play), (play, words)
        paragraphs = [p.text["en"] for s in spec.prose.sections for p in s.text]
        for value, words in STOCK_WORDS.items():
            found = [p for p in paragraphs if words in p]
            assert len(found) == (value == spec.play.stock_out), (play, value, found)
        for value, words in DEALER_WORDS.items():
            found = [p for p in paragraphs if re.search(words, p)]
            assert len(found) == (value == spec.play.next_dealer), (play, value, found)
