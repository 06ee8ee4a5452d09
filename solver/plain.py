"""A frozen dataclass as JSON's plain data: `plain(obj)`, its fields in declaration order.

A result's JSON is its fields, in the order the class declares them: tuples become lists, dicts
are copied, a nested dataclass is written the same way (or by its own `to_dict`, where it has
one), None and numbers and strings stay. What differs for one field is said where that field is
declared, in `field(metadata=as_json(...))`: the key it is written under (`key`), that it is
left out (`omit`), or left out when None (`optional`), a function that writes its value
(`convert`), that the dict `convert` returns is written key by key in the field's place
(`spread`: one field shown as several keys), that it goes into a dict of its own under the key
`within` (placed where the first such field is), or the key it follows or precedes when the
JSON's order is not the declaration's (`after`, `before`: a field with a default, which must come
after the fields without one, shown among them).

Why metadata on the field, and not a to_dict per class or a table of exceptions per class: the
difference stands beside the field it changes, so a new field is in the JSON without a second
edit, and a renamed key cannot drift away from its field. A figure that is not a field (a
property, a count) is added by the class's own `to_dict`, which starts from `plain(self)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

# The metadata key `as_json` writes under, apart from any other library's.
PLAIN = "mazo.plain"


@dataclass(frozen=True, slots=True)
class _Shown:
    key: str | None = None
    omit: bool = False
    convert: Callable[[Any], Any] | None = None
    after: str | None = None
    before: str | None = None
    spread: bool = False
    within: str | None = None
    optional: bool = False


_AS_DECLARED = _Shown()


def as_json(
    key: str | None = None,
    *,
    omit: bool = False,
    convert: Callable[[Any], Any] | None = None,
    after: str | None = None,
    before: str | None = None,
    spread: bool = False,
    within: str | None = None,
    optional: bool = False,
) -> Mapping[str, Any]:
    """A field's metadata: written under `key`, left out (`omit`; `optional`: when None), its
    value written by `convert` (`spread`: a dict whose keys are written in the field's place),
    put in the dict under `within`, or placed right after the key `after` or right before the
    key `before` (a key placed before it: a field not moved, or one moved and declared
    earlier; a field left out when None still holds its place)."""
    return {PLAIN: _Shown(key, omit, convert, after, before, spread, within, optional)}


def plain(obj: Any) -> dict[str, Any]:
    """The dataclass instance `obj` as a dict of plain values, keyed and ordered by its fields."""
    # Each field's place, named by its key, with the keys it writes there (none, one or more).
    places: list[tuple[str, dict[str, Any]]] = []
    moved: list[tuple[_Shown, str, dict[str, Any]]] = []
    nested: dict[str, dict[str, Any]] = {}
    for f in fields(obj):
        shown: _Shown = f.metadata.get(PLAIN, _AS_DECLARED)
        if shown.omit:
            continue
        key = shown.key or f.name
        written = _written(shown, key, getattr(obj, f.name))
        if shown.within is not None:
            if shown.within in nested:
                nested[shown.within].update(written)
                continue
            key, nested[shown.within] = shown.within, written
            written = {key: written}
        if shown.after is None and shown.before is None:
            places.append((key, written))
        else:
            moved.append((shown, key, written))
    for shown, key, written in moved:
        places.insert(_place(places, shown, key), (key, written))
    return {k: value for _, written in places for k, value in written.items()}


def _written(shown: _Shown, key: str, value: Any) -> dict[str, Any]:
    """The keys one field writes: none (None, where optional), its own, or the spread dict's."""
    if shown.optional and value is None:
        return {}
    written = data(value) if shown.convert is None else shown.convert(value)
    return dict(written) if shown.spread else {key: written}


def _place(places: list[tuple[str, dict[str, Any]]], shown: _Shown, key: str) -> int:
    """Where a moved field goes among the places so far: right after or before its key."""
    beside = shown.after if shown.after is not None else shown.before
    names = [name for name, _ in places]
    if beside not in names:
        raise ValueError(f"no key {beside!r} to put {key!r} beside")
    return names.index(beside) + (shown.after is not None)


def inserted(found: dict[str, Any], after: str, key: str, value: Any) -> dict[str, Any]:
    """`found` with `key: value` right after the key `after` (a figure that is not a field,
    where the JSON has it)."""
    if after not in found:
        raise ValueError(f"no key {after!r} to put {key!r} after")
    keys = list(found)
    head = {k: found[k] for k in keys[: keys.index(after) + 1]}
    return {**head, key: value, **{k: found[k] for k in keys[len(head) :]}}


def data(value: Any) -> Any:
    """One value as plain data: a dataclass by its own `to_dict` if it has one, else by
    `plain`; a tuple or list as a list, a dict as a dict, each of their items the same way."""
    if is_dataclass(value) and not isinstance(value, type):
        to_dict = getattr(value, "to_dict", None)
        return plain(value) if to_dict is None else to_dict()
    if isinstance(value, tuple | list):
        return [data(item) for item in value]
    if isinstance(value, dict):
        return {k: data(item) for k, item in value.items()}
    return value
