"""`mazo odds`: the fastest discard and the turns to the cut, as a player would say them."""

from __future__ import annotations

from mazo.output import View
from mazo.solver.cards import printed
from mazo.solver.play.odds import DealOdds, DrawnOdds, HandOdds
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views.advise import Say
from mazo.views.lines import NO_BREAK, wrapped
from mazo.words.numbers import chance, grouped

# The turns a resting hand's chance to cut is shown by.
SHOWN_TURNS = (1, 5, 10, 20)


def _within(cut_within: tuple[float, ...], say: Say) -> str:
    """The chance by each turn shown, each kept whole on its line when the sentence wraps."""
    return ", ".join(
        say(
            "odds_within_1" if n == 1 else "odds_within", n=n, p=chance(cut_within[n - 1], say.lang)
        ).replace(" ", NO_BREAK)
        for n in SHOWN_TURNS
    )


def _drawn(result: DrawnOdds, say: Say) -> View:
    best = result.discards[0]
    if best.can_cut:
        return [say("odds_now", card=printed(best.card), close=say.close(best.close))]
    line = say("odds_throw", card=printed(best.card), turns=say.turns(best.turns_to_cut))
    if result.fewest_points_discard == best.card:
        return [line + say("odds_same")]
    turns = say.turns(result.fewest_points_turns)
    return [line + say("odds_fewest", card=printed(result.fewest_points_discard), turns=turns)]


def _hand(result: HandOdds, say: Say) -> View:
    return [
        say("odds_next")
        if result.turns_to_cut == 1
        else say("odds_hand", turns=say.turns(result.turns_to_cut)),
        _within(result.cut_within, say),
        say("odds_slower", p=chance(result.deal_percentile, say.lang)),
    ]


def _deal(result: DealOdds, say: Say) -> View:
    spread = " / ".join(say.turns(result.quantiles[k]) for k in ("10", "50", "90"))
    return [
        say("odds_deal", turns=say.turns(result.turns_to_cut), spread=spread),
        _within(result.cut_within, say),
        say("odds_table", classes=grouped(result.classes, say.lang)),
    ]


def view(result: HandOdds | DrawnOdds | DealOdds, spec: RuleSpec, lang: str) -> View:
    """The answer's sentences, each in lines of 80 columns at most."""
    say = Say(spec, lang)
    if isinstance(result, DealOdds):
        said = _deal(result, say)
    elif isinstance(result, DrawnOdds):
        said = _drawn(result, say)
    else:
        said = _hand(result, say)
    return [line for sentence in said for line in wrapped([(sentence, "")])]


def building(spec: RuleSpec, lang: str, *, beside: bool = False) -> str:
    """What the progress bar says while a table is built (`beside`: the game's own rules' table,
    drawn beside the rules in force)."""
    key = "odds_building_beside" if beside else "odds_building"
    return Say(spec, lang)(key, game=spec.title[lang])
