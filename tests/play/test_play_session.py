"""The game session behind `mazo play`: the person's answers checked as the engine judges them
(a refused one is asked again, never a forfeit), a record resumed or a move taken back giving
the same game as one played straight through, a damaged record refused untouched, and hints
whose turns are the odds table's."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from mazo.solver.api import rules_for
from mazo.solver.errors import OptionError
from mazo.solver.game.engine import Game, Seat
from mazo.solver.game.person import DECISIONS, REASONS, Prompt, prompt_for, refusal
from mazo.solver.game.record import RecordError, read_record
from mazo.solver.game.referee import referee
from mazo.solver.game.session import (
    HUMAN,
    Quit,
    Session,
    Undo,
    bot,
    bot_seed,
    new_setup,
    setup_of,
)
from mazo.solver.game.view import Play, View
from mazo.solver.play import odds

from tests.play_script import script

CONGA = rules_for("conga", variant={"elimination_limit": 50})


def view(hand: str, pozo: str = "", *, drawn=None, offer=False, game="conga", me="Vos") -> View:
    return View(
        game=game,
        me=me,
        hand=hand.split(),
        pozo=pozo.split(),
        discards=[],
        drawn=drawn,
        stock_count=20,
        rivals=[{"name": "Beto", "cards": 7, "total": 0}],
        round=1,
        totals={me: 0, "Beto": 0},
        offer=offer,
    )


def prompt(spec, decision: str, v: View) -> Prompt:
    return prompt_for(decision, v, spec, {})


# --- every answer checked, each refusal with its reason ---

HAND = "1o 2o 3o 4o 5o 6o 7o"


@pytest.mark.parametrize(
    ("decision", "kwargs", "answer", "reason"),
    [
        ("draw", {"pozo": "12b"}, Play("1o"), "not_now"),
        ("draw", {"pozo": "12b"}, True, "not_now"),
        ("draw", {"pozo": "12b"}, "pass", "no_offer"),
        ("draw", {}, "pozo", "empty_pozo"),
        ("draw", {"pozo": "12b"}, "stock", None),
        ("draw", {"pozo": "12b"}, "pozo", None),
        ("reenter", {}, "stock", "not_now"),
        ("reenter", {}, False, None),
    ],
)
def test_a_draw_or_a_reenganche_answer_is_checked(decision, kwargs, answer, reason):
    found = refusal(prompt(CONGA, decision, view(HAND, **kwargs)), answer, CONGA)
    assert (found and found.reason) == reason


@pytest.mark.parametrize(
    ("answer", "reason", "card"),
    [
        (Play("12c"), "not_held", "12c"),
        (Play("zz"), "not_held", "zz"),
        (Play("1o", True), "no_close", "1o"),  # 2o..7o and the 12b loose: 10 points
        (Play(None, True), "needs_card", None),
        (Play("12b", True), None, None),  # 1o..7o: a clean conga
        (Play("7o"), None, None),  # a discard that could cut need not
        ("stock", "not_now", None),
    ],
)
def test_a_discard_is_checked_as_the_engine_judges_a_cut(answer, reason, card):
    v = view(HAND + " 12b", "5c", drawn={"card": "12b", "source": "stock"})
    asked = prompt(CONGA, "discard", v)
    found = refusal(asked, answer, CONGA)
    assert (found and found.reason) == reason and (found and found.card) == card
    assert asked.can_cut == ("12b",)


def test_the_card_just_taken_from_the_pozo_does_not_cut():
    # 1o..7o and the 7c taken: throwing the 7c back would leave a clean conga.
    v = view(HAND + " 7c", drawn={"card": "7c", "source": "pozo"})
    asked = prompt(CONGA, "discard", v)
    assert asked.can_cut == ()
    assert refusal(asked, Play("7c", True), CONGA).reason == "pozo_card"
    assert refusal(asked, Play("7c"), CONGA) is None  # thrown back without cutting


def test_gin_offers_the_first_upcard_to_take_or_pass():
    gin = rules_for("gin")
    offered = prompt(
        gin, "draw", view("AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "KH", offer=True, game="gin")
    )
    assert refusal(offered, "stock", gin).reason == "offer"
    assert refusal(offered, "pass", gin) is None and refusal(offered, "pozo", gin) is None


def test_big_gin_cuts_without_a_discard():
    gin = rules_for("gin")
    hand = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"
    asked = prompt(gin, "discard", view(hand, drawn={"card": "JS", "source": "stock"}, game="gin"))
    assert asked.cut_alone
    assert refusal(asked, Play(None, True), gin) is None


def test_every_refusal_and_every_question_is_worded_in_both_languages():
    from mazo.words import has

    for lang in ("es", "en"):
        assert all(has(lang, f"play_refused_{reason}") for reason in REASONS)
        assert all(has(lang, f"play_usage_{decision}") for decision in DECISIONS)


# --- seats ---


def test_the_seats_name_the_bots_and_keep_their_levels():
    setup = new_setup(CONGA, ["expert", "novice"], "Beto", 7)
    assert setup.players == ("Beto", "Caro", "Dani")
    assert setup.seats == {"Beto": HUMAN, "Caro": "expert", "Dani": "novice"}
    assert setup.person == "Beto"


@pytest.mark.parametrize(
    ("levels", "name"),
    [(["expert"] * 4, "Vos"), ([], "Vos"), (["master"], "Vos"), (["novice"], " ")],
)
def test_a_table_that_cannot_be_set_is_refused(levels, name):
    with pytest.raises(OptionError):
        new_setup(CONGA, levels, name, 1)


def test_gin_seats_one_rival():
    with pytest.raises(OptionError, match="Gin Rummy takes exactly one bot beside you, not 2"):
        new_setup(rules_for("gin"), ["novice", "novice"], "Vos", 1)


# --- resumed and taken back: the same game ---


def test_a_game_resumed_mid_turn_is_the_game_played_straight(tmp_path):
    straight = tmp_path / "straight.jsonl"
    typist = script(CONGA, 9, ["novice"], straight)
    # Stop at the fifth discard prompt, after its draw: the record holds the draw as pending.
    stop = [i for i, p in enumerate(typist.prompts) if p.decision == "discard" and p.view.drawn]
    at = stop[4]
    stopped = tmp_path / "stopped.jsonl"

    class Stopping:
        def __init__(self, answers):
            self.answers = list(answers)

        def ask(self, asked):
            return self.answers.pop(0) if self.answers else Quit()

        def refused(self, asked, why):
            raise AssertionError(why)

        def told(self, told):
            pass

    answers = _answers(typist)
    ending = Session(typist_setup(9), stopped).play(Stopping(answers[:at]))
    assert not ending.finished
    last = json.loads(stopped.read_text().splitlines()[-1])
    assert last == {"event": "pending", "round": last["round"], "player": "Vos", "draw": "stock"}
    resumed = Session(setup_of(read_record(stopped)), stopped, record=read_record(stopped))
    resumed.play(Stopping(answers[at:]))
    assert stopped.read_bytes() == straight.read_bytes()
    assert referee(read_record(stopped)).ok


def typist_setup(seed):
    return new_setup(CONGA, ["novice"], "Vos", seed)


def _answers(typist) -> list:
    """The novice's answers again, from the commands it typed."""
    found: list = []
    for command in typist.commands:
        word, _, card = command.partition(" ")
        found.append(
            {"r": "stock", "l": "pozo", "paso": "pass", "si": True, "no": False}.get(word)
            if word in ("r", "l", "paso", "si", "no")
            else Play(card or None, word == "cortar")
        )
    return found


@dataclass
class Rule:
    """A player with a fixed rule (no ties to break, so its answers never depend on how often
    it was asked): draw, cut when it can, else throw the last card; come back when it may. At
    the first discard from each of the questions in `mistakes` on, it first throws the first
    card, then takes it back."""

    mistakes: list = field(default_factory=list)
    undone: set = field(default_factory=set)
    asked: int = 0

    def answer(self, asked: Prompt):
        if asked.decision == "draw":
            return "stock" if not asked.view.offer else "pass"
        if asked.decision == "reenter":
            return True
        if asked.can_cut:
            return Play(asked.can_cut[0], True)
        return Play(asked.view.hand[-1])

    def ask(self, asked: Prompt):
        self.asked += 1
        if self.asked - 1 in self.undone:
            return Undo()
        if self.mistakes and self.asked >= self.mistakes[0] and asked.decision == "discard":
            self.mistakes.pop(0)
            self.undone.add(self.asked)
            return Play(asked.view.hand[0])
        return self.answer(asked)

    def refused(self, asked, why):
        raise AssertionError(why)

    def told(self, told):
        pass


def test_a_move_taken_back_leaves_the_game_as_if_it_was_never_made(tmp_path):
    straight, trained = tmp_path / "straight.jsonl", tmp_path / "trained.jsonl"
    Session(typist_setup(9), straight).play(Rule())
    Session(typist_setup(9), trained, training=True).play(Rule(mistakes=[4, 12]))
    lines = [json.loads(x) for x in trained.read_text().splitlines()]
    undos = [x for x in lines if x["event"] == "undo"]
    assert [u["decision"] for u in undos] == ["discard", "discard"]
    assert lines[0]["training"] is True
    # Without its notes and its training mark, the record is the game played straight.
    kept = [x for x in lines if x["event"] != "undo"]
    kept[0].pop("training")
    assert kept == [json.loads(x) for x in straight.read_text().splitlines()]
    assert referee(read_record(trained)).ok


def test_undo_only_in_training_and_only_after_a_decision(tmp_path):
    refusals = []

    class Trying(Rule):
        def ask(self, asked):
            self.asked += 1
            if self.asked <= 1:
                return Undo()
            return Quit()

        def refused(self, asked, why):
            refusals.append(why.reason)

    Session(typist_setup(9), tmp_path / "a.jsonl").play(Trying())
    Session(typist_setup(9), tmp_path / "b.jsonl", training=True).play(Trying())
    assert refusals == ["not_training", "nothing_to_undo"]


def test_a_damaged_record_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "game.jsonl"
    script(CONGA, 9, ["novice"], path, until=lambda e: e["event"] == "round_end")
    lines = path.read_text().splitlines()
    at = next(i for i, x in enumerate(lines) if '"player": "Beto"' in x and '"discard"' in x)
    turn = json.loads(lines[at])
    hand = json.loads(lines[1])["hands"]["Beto"]
    turn["discard"] = next(c for c in hand if c != turn["discard"])
    lines[at] = json.dumps(turn, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n")
    before = path.read_bytes()
    record = read_record(path)
    with pytest.raises(RecordError, match=f":{at + 1}: damaged"):
        Session(setup_of(record), path, record=record).play(Rule())
    assert path.read_bytes() == before


def test_the_bots_are_seeded_from_the_game_and_their_seat(tmp_path):
    # The record alone names the bots' levels: their seeds must come from the game's seed.
    events = []
    path = tmp_path / "g.jsonl"
    Session(typist_setup(9), path).play(Rule())
    setup = typist_setup(9)

    class Same:
        def __init__(self):
            self.rule = Rule()

        def draw(self, v):
            return self.rule.answer(prompt_for("draw", v, CONGA, {}))

        def discard(self, v):
            return self.rule.answer(prompt_for("discard", v, CONGA, {}))

        def reenter(self, v):
            return True

    seats = [
        Seat("Vos", Same(), HUMAN),
        Seat("Beto", bot(CONGA, "novice", bot_seed(9, 1)), "novice"),
    ]
    events = Game(CONGA, seats, seed=setup.seed).play().events
    assert [json.loads(x) for x in path.read_text().splitlines()] == events


# --- hints ---


def test_a_hint_gives_the_table_s_turns_for_each_answer(tmp_path, forty_table, monkeypatch):
    spec, table = forty_table
    monkeypatch.setitem(odds._MEMORY, odds.rules_key(spec), table)
    hints = []

    class Asking(Rule):
        def ask(self, asked):
            self.asked += 1
            if self.asked in (2, 3):
                hints.append((asked, session.hint(asked)))
            return self.answer(asked) if self.asked < 4 else Quit()

    session = Session(new_setup(spec, ["novice"], "Vos", 4), tmp_path / "h.jsonl")
    session.play(Asking())
    (_, at_draw), (threw, at_discard) = hints
    assert at_draw.decision == "draw" and at_discard.decision == "discard"
    # The draw: the advice's turns for taking or drawing.
    assert at_draw.advice is not None
    option = at_draw.advice.take if at_draw.answers["expert"] == "pozo" else at_draw.advice.draw
    assert at_draw.turns["expert"] == option.turns_to_cut
    # The discard: the turns `mazo odds` gives that discard.
    deck = spec.deck
    drawn = odds.drawn_odds(table, spec, [deck.parse_card(c) for c in threw.view.hand])
    by_card = {d.card: d.turns_to_cut for d in drawn.discards}
    expert = at_discard.answers["expert"]
    assert at_discard.turns["expert"] == pytest.approx(by_card[expert.card])
    # Both are in the record, where they were asked.
    notes = [json.loads(x) for x in (tmp_path / "h.jsonl").read_text().splitlines()]
    hinted = [x for x in notes if x["event"] == "hint"]
    assert [h["decision"] for h in hinted] == ["draw", "discard"]
    assert hinted[1]["expert"] == {"card": expert.card, "cut": expert.cut}
    assert [n["event"] for _, n in read_record(tmp_path / "h.jsonl").notes] == ["hint", "hint"]
