"""Scoring one partnership's Canasta hand (RULES-NOTES §3.1 "Scoring", B8-B10, B13, K12-K14).

Everything comes from the spec's `canasta:` section: canasta bonuses, red 3s (and when they count
plus), the going-out and concealed bonuses, what table cards count without a canasta.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .canasta import CanastaRules, Frente, read_frente
from .cards import Card
from .errors import IllegalHandError, OptionError
from .spec import RuleSpec

GOING_OUT = ("no", "out", "concealed")
TABLE_WITHOUT_CANASTA = {"zero": 0, "negative": -1, "positive": 1}


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
    going_out: str
    going_out_points: int
    hand: tuple[Card, ...]
    hand_points: int
    score_before: int | None

    @property
    def canasta_points(self) -> int:
        section = self.spec.data["canasta"]["canasta"]
        bonus = {"limpia": section["limpia_bonus"], "sucia": section["sucia_bonus"]}
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
            rules = CanastaRules.from_spec(self.spec)
            after = self.score_before + self.total
            data |= {
                "score_before": self.score_before,
                "score_after": after,
                "next_initial_meld_minimum": rules.minimum(after),
            }
        return data


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
    rules = CanastaRules.from_spec(spec)
    section = spec.data["canasta"]
    if going_out not in GOING_OUT:
        raise OptionError(f"going out is one of {', '.join(GOING_OUT)}, got {going_out!r}")
    melds = tuple(read_frente(spec, rules, cards) for cards in table)
    _check_cards(spec, rules, melds, hand, red_threes)
    kinds = tuple(
        ("limpia" if m.wilds == 0 else "sucia") if rules.is_canasta(m.naturals, m.wilds) else None
        for m in melds
    )
    has_canasta = any(kinds)

    table_value = sum(spec.value(c) for m in melds for c in m.cards)
    mode = (section.get("scoring") or {}).get("table_without_canasta", "zero")
    if mode not in TABLE_WITHOUT_CANASTA:
        raise spec.error(
            "canasta.scoring.table_without_canasta",
            f"expected one of {', '.join(TABLE_WITHOUT_CANASTA)}, got {mode!r}",
        )
    table_points = table_value if has_canasta else TABLE_WITHOUT_CANASTA[mode] * table_value

    red3 = section["red3"]
    red_value = red_threes * red3["each"] + (red3["all_four_extra"] if red_threes == 4 else 0)
    positive_if = red3.get("positive_if", "canasta")
    positive = has_canasta if positive_if == "canasta" else bool(melds)
    red_points = red_value if positive else -red_value

    going_out_points = 0
    if going_out != "no":
        if section["going_out"].get("needs_team_canasta", True) and not has_canasta:
            raise IllegalHandError("a partnership cannot go out without a canasta")
        going_out_points = section["going_out"]["bonus"]
        if going_out == "concealed":
            going_out_points += section["concealed"]["extra_bonus"]

    return CanastaScore(
        spec,
        melds,
        kinds,
        sum(len(m.cards) for m in melds),
        table_points,
        red_threes,
        red_points,
        going_out,
        going_out_points,
        tuple(hand),
        sum(spec.value(c) for c in hand),
        score_before,
    )


def _check_cards(spec, rules: CanastaRules, melds, hand, red_threes: int) -> None:
    if spec.data["canasta"].get("one_meld_per_rank_per_team", True):
        ranks = [m.rank for m in melds]
        for rank in sorted({r for r in ranks if ranks.count(r) > 1}):
            code = spec.deck.notation.rank_code(rank)
            raise IllegalHandError(f"two melds of {code}s: a partnership has one meld per rank")
    dealt = Counter(c for m in melds for c in m.cards) + Counter(hand)
    for card, count in sorted(dealt.items(), key=lambda item: spec.deck.sort_key(item[0])):
        if count > spec.deck.copies_of(card):
            what = "jokers" if card.is_joker else f"copies of {spec.deck.code(card)!r}"
            raise IllegalHandError(
                f"the partnership holds {count} {what}; the deck has {spec.deck.copies_of(card)}"
            )
    for card in hand:
        if rules.is_red_three(card):
            raise IllegalHandError(
                f"{spec.deck.code(card)!r} is a red 3: it is laid aside at once, "
                "count it with --red-threes"
            )
    most = spec.deck.copies * len(rules.red_three_suits)
    if not 0 <= red_threes <= most:
        raise IllegalHandError(f"red 3s laid down must be 0 to {most}, got {red_threes}")
