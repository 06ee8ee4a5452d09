"""`plain`: a dataclass's JSON from its fields, each difference said on the field it changes."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from mazo.solver.plain import as_json, plain


@dataclass(frozen=True, slots=True)
class Inner:
    a: int
    b: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Shown:
    number: int = field(metadata=as_json("id", before="name"))
    name: str
    hidden: str = field(metadata=as_json(omit=True))
    maybe: int | None = field(metadata=as_json(optional=True))
    late: str = field(metadata=as_json(after="maybe"))
    inner: Inner = field(metadata=as_json(spread=True))
    low: int = field(metadata=as_json(within="limits"))
    high: int = field(metadata=as_json(within="limits"))
    share: float = field(
        metadata=as_json(convert=lambda v: {"share": v, "percent": v * 100}, spread=True)
    )
    cards: tuple[str, ...] = ()


def shown(maybe: int | None) -> Shown:
    return Shown(7, "ana", "secret", maybe, "z", Inner(1, (2, 3)), 0, 9, 0.5, ("1o",))


def test_every_difference_is_said_on_its_field():
    # Written out by hand, key by key, in the order the JSON must have.
    assert json.dumps(plain(shown(4))) == json.dumps(
        {
            "id": 7,
            "name": "ana",
            "maybe": 4,
            "late": "z",
            "a": 1,
            "b": [2, 3],
            "limits": {"low": 0, "high": 9},
            "share": 0.5,
            "percent": 50.0,
            "cards": ["1o"],
        }
    )


def test_a_field_left_out_when_none_keeps_its_place_for_the_one_after_it():
    assert list(plain(shown(None)))[:4] == ["id", "name", "late", "a"]


def test_a_key_to_stand_beside_must_be_there():
    @dataclass(frozen=True)
    class Lost:
        x: int = field(metadata=as_json(after="nowhere"))

    with pytest.raises(ValueError, match="nowhere"):
        plain(Lost(1))
