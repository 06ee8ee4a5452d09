"""Scoring one partnership's Canasta hand (rulebooks/NOTES.md, "Canasta Uruguaya").

Everything comes from the spec's `canasta:` section: canasta bonuses, red 3s (and when they count
plus), the going-out and concealed bonuses, what table cards count without a canasta.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mazo.solver.cards import Card
from mazo.solver.errors import IllegalHandError, OptionError
from mazo.solver.mechanisms.canasta import GOING_OUT, GoingOut
from mazo.solver.mechanisms.canasta.rules import TABLE_WITHOUT_CANASTA, CanastaRules
from mazo.solver.mechanisms.canasta.solve import Frente, canasta_rules, read_frente, read_melds
from mazo.solver.messages import Told
from mazo.solver.spec.rulespec import RuleSpec


@dataclass(frozen=True, slots=True)
class CanastaScore:
    """The partnership's points for the hand, item by item; its fields are the JSON."""

    spec: RuleSpec
    melds: tuple[Frente, ...]
    kinds: tuple[str | None, ...]
    table_cards: int
    table_points: int
    red_threes: int
    red_three_points: int
    going_out: GoingOut
    going_out_points: int
    hand: tuple[Card, ...]
    hand_points: int
    score_before: int | None

    @property
    def canasta_points(self) -> int:
        rules = canasta_rules(self.spec)
        bonus = {"limpia": rules.limpia_bonus, "sucia": rules.sucia_bonus}
        return sum(bonus[k] for k in self.kinds if k)

    @property
    def total(self) -> int:
        return (
            self.table_points
            + self.canasta_points
            + self.red_three_points
            + self.going_out_points
            - self.hand_points
        )

    def to_dict(self) -> dict[str, Any]:
        # Not `plain`: every card is written in the codes of the spec's deck, and most keys are
        # figures worked out from the fields (the canastas by kind, the total, the score after).
        codes = self.spec.deck.codes
        data: dict[str, Any] = {
            "game": self.spec.game,
            "melds": [
                {"cards": codes(m.cards), "canasta": kind}
                for m, kind in zip(self.melds, self.kinds, strict=True)
            ],
            "canastas_limpias": self.kinds.count("limpia"),
            "canastas_sucias": self.kinds.count("sucia"),
            "table_cards": self.table_cards,
            "table_points": self.table_points,
            "canasta_points": self.canasta_points,
            "red_threes": self.red_threes,
            "red_three_points": self.red_three_points,
            "going_out": self.going_out,
            "going_out_points": self.going_out_points,
            "hand": codes(self.hand),
            "hand_points": -self.hand_points,
            "total": self.total,
            "variant": self.spec.changed_options(),
        }
        if self.score_before is not None:
            rules = canasta_rules(self.spec)
            after = self.score_before + self.total
            data |= {
                "score_before": self.score_before,
                "score_after": after,
                "next_initial_meld_minimum": rules.minimum(after),
            }
        return data


# Where a card given too often was given, in the errors that say so.
IN_THE_MELDS = Told("canasta.in_the_melds")


def score_partnership(
    spec: RuleSpec,
    table: Sequence[Sequence[Card]],
    *,
    red_threes: int = 0,
    hand: Sequence[Card] = (),
    going_out: str = "no",
    score_before: int | None = None,
) -> CanastaScore:
    """Score the partnership's melds, red 3s, going out and the cards left in both hands."""
    rules = canasta_rules(spec)
    if going_out not in GOING_OUT:
        raise OptionError.of(
            "canasta.going_out_is", kinds=", ".join(GOING_OUT), value=repr(going_out)
        )
    melds = tuple(_table_meld(spec, rules, cards, going_out) for cards in table)
    _check_cards(spec, rules, melds, hand, red_threes)
    kinds = tuple(
        ("limpia" if m.wilds == 0 else "sucia") if rules.is_canasta(m.naturals, m.wilds) else None
        for m in melds
    )
    has_canasta = any(kinds)

    table_value = sum(spec.value(c) for m in melds for c in m.cards)
    sign = TABLE_WITHOUT_CANASTA[rules.table_without_canasta]
    table_points = table_value if has_canasta else sign * table_value

    return CanastaScore(
        spec=spec,
        melds=melds,
        kinds=kinds,
        table_cards=sum(len(m.cards) for m in melds),
        table_points=table_points,
        red_threes=red_threes,
        red_three_points=_red_three_points(rules, red_threes, has_canasta, bool(melds)),
        going_out=going_out,
        going_out_points=_going_out_points(rules, going_out, has_canasta),
        hand=tuple(hand),
        hand_points=sum(spec.value(c) for c in hand),
        score_before=score_before,
    )


def score_as_written(
    spec: RuleSpec,
    table: Sequence[str],
    *,
    red_threes: int = 0,
    hands: Sequence[str] = (),
    going_out: str = "no",
    score_before: int | None = None,
) -> CanastaScore:
    """`score_partnership` from the cards as a player writes them: each text of `table` one or
    more melds separated by ';', each of `hands` the cards left in a partner's hand."""
    why = hands_left_why(canasta_rules(spec), hands, going_out)
    if why:
        raise OptionError.of(why)
    return score_partnership(
        spec,
        [meld for text in table for meld in read_melds(spec, text, IN_THE_MELDS)],
        red_threes=red_threes,
        hand=[card for text in hands for card in spec.deck.parse_hand(text)],
        going_out=going_out,
        score_before=score_before,
    )


def score_options(
    spec: RuleSpec,
    *,
    table: Sequence[str] | None,
    red_threes: int | None,
    hands: Sequence[str] | None,
    going_out: str | None,
    score_before: int | None,
) -> CanastaScore:
    """`score_as_written` from `mazo score`'s options, each None when not given."""
    counted = score_as_written(
        spec,
        table or [],
        red_threes=red_threes or 0,
        hands=hands or [],
        going_out=going_out or GOING_OUT[0],
        score_before=score_before,
    )
    # Red 3s alone score, as a sheet's row of them does: against a side that has not melded.
    if not counted.melds and not counted.hand and not counted.red_threes:
        raise OptionError.of("canasta.nothing_to_score")
    return counted


def hands_left_why(rules: CanastaRules, hands: Sequence[str], going_out: str) -> Told | None:
    """Why a side cannot have these hands left (None: it can): one a partner, and going out
    empties the hand of the partner who went out, so one partner at least holds nothing."""
    if len(hands) > rules.partners:
        return Told("canasta.hand_per_partner", partners=rules.partners, hands=len(hands))
    holding = sum(1 for text in hands if text.strip())
    if going_out != "no" and holding >= rules.partners:
        return Told("canasta.out_with_every_hand")
    return None


def points_step(spec: RuleSpec) -> int:
    """The step of every score a hand can make: the greatest common divisor of the cards'
    values and the bonuses (5 under the usual rules), so a written score off it is a slip."""
    rules = canasta_rules(spec)
    values = {spec.value(card) for card in spec.deck.all_cards()}
    bonuses = (
        rules.limpia_bonus,
        rules.sucia_bonus,
        rules.red3_each,
        rules.red3_all_four_extra,
        rules.going_out_bonus,
        rules.concealed_extra_bonus,
    )
    return math.gcd(*values, *bonuses) or 1


def _red_three_points(rules: CanastaRules, red_threes: int, has_canasta: bool, melded: bool) -> int:
    """The red 3s' value, counted for the partnership once it has a canasta (or, by the spec,
    any meld), against it before."""
    red_value = red_threes * rules.red3_each + (rules.red3_all_four_extra if red_threes == 4 else 0)
    positive = has_canasta if rules.red3_positive_if == "canasta" else melded
    return red_value if positive else -red_value


def _going_out_points(rules: CanastaRules, going_out: GoingOut, has_canasta: bool) -> int:
    if going_out == "no":
        return 0
    if not has_canasta:
        raise IllegalHandError.of("canasta.out_without_canasta")
    points = rules.going_out_bonus
    if going_out == "concealed":
        points += rules.concealed_extra_bonus
    return points


def _table_meld(spec: RuleSpec, rules: CanastaRules, cards, going_out: str) -> Frente:
    """A frente; or, under black3=meldable_going_out, the black 3s melded as the team goes out
    (the solver melds them so: no wilds, at least a frente's length)."""
    if not (rules.black3_meldable_going_out and cards and all(map(rules.is_black_three, cards))):
        return read_frente(spec, rules, cards)
    shown = " ".join(spec.deck.codes(cards))
    if going_out == "no":
        raise IllegalHandError.of("canasta.black_threes_out", meld=repr(shown))
    if len(cards) < rules.min_len:
        raise IllegalHandError.of("canasta.black_threes_len", meld=repr(shown), least=rules.min_len)
    return Frente(rank=cards[0].rank, cards=tuple(cards), naturals=len(cards), wilds=0)


def _check_cards(spec, rules: CanastaRules, melds, hand, red_threes: int) -> None:
    ranks = [m.rank for m in melds]
    for rank in sorted({r for r in ranks if ranks.count(r) > 1}):
        code = spec.deck.notation.rank_code(rank)
        raise IllegalHandError.of("canasta.two_melds", rank=code)
    spec.deck.check_supply(
        [(IN_THE_MELDS, [c for m in melds for c in m.cards]), (Told("canasta.in_hand"), hand)]
    )
    for card in hand:
        if rules.is_red_three(card):
            raise IllegalHandError.of(
                "canasta.red_three_hand", card=repr(spec.deck.code(card)), option="red_threes"
            )
    most = spec.deck.copies * len(rules.red_three_suits)
    if not 0 <= red_threes <= most:
        raise IllegalHandError.of("canasta.red_threes_range", most=most, value=red_threes)
