"""Batch input (`mazo solve GAME -`, `mazo advise GAME -`): one position a line on stdin.

A line is card codes, or a JSON object with a "hand" and the command's other fields. Lines are
read as bytes and decoded one by one, so a bad line (not UTF-8, not valid JSON, a field of the
wrong type, a hand that cannot be answered) gets its error in its place and the others are still
answered; the exit code is then 2.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

import typer
from mazo.options import errors_lang
from mazo.output import print_json
from mazo.solver import jsonwhy
from mazo.solver.errors import InputError, MazoError, quoted
from mazo.solver.files import reason
from mazo.solver.messages import said


def answer_lines(answer: Callable[[Any, dict[str, Any]], None], as_json: bool, *, what: str) -> int:
    """Call `answer(hand, fields)` for each line of stdin, in order; a line that fails gets
    `{"error": ..., "line": N}` (with --json) or a line on stderr. Returns the exit code.
    `what` is the message key that names what is piped in ("the_hands")."""
    if sys.stdin is None:
        raise InputError.of("stdin_closed", what=said(what))
    failed = asked = False
    for number, raw in enumerate(_lines(), start=1):
        try:
            line = _decode(raw, first=number == 1)
            if not line.strip():
                continue
            asked = True
            hand, extra = read_line(line)
            answer(hand, extra)
        except MazoError as error:
            failed = True
            if as_json:
                print_json({"error": str(error), "line": number})
            else:
                lang = errors_lang(sys.argv[1:])
                message = error.naming(f"{error.option}=", lang)
                typer.echo(
                    f"mazo: error: {said('batch_line', n=number, error=message)(lang)}", err=True
                )
    if not asked and not failed:
        # Nothing piped in (or only blank lines) would end silently, as if every answer were given.
        raise InputError.of("stdin_empty", what=said(what))
    return 2 if failed else 0


def _lines() -> Iterator[bytes]:
    """Standard input's lines; one that cannot be read (a folder, a failing device) ends the
    batch as one error."""
    lines = None
    while True:
        try:
            lines = iter(sys.stdin.buffer) if lines is None else lines
            raw = next(lines)
        except StopIteration:
            return
        except OSError as exc:
            raise InputError.of("stdin_unreadable", why=reason(exc)) from None
        yield raw


def _decode(raw: bytes, *, first: bool) -> str:
    try:
        # A spreadsheet or an editor may begin the file with a byte-order mark.
        return raw.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError:
        raise InputError.of("line_not_utf8") from None


def read_line(line: str) -> tuple[Any, dict[str, Any]]:
    """The hand and the other fields of one line; a line that starts as JSON is read as JSON."""
    import json

    text = line.strip()
    if not text.startswith(("{", "[")):
        return text, {}
    try:
        obj = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_once)
    except (ValueError, RecursionError) as exc:
        if not isinstance(exc, json.JSONDecodeError):
            raise InputError.of("bad_json", why=said("json_too_deep")) from None
        raise InputError.of("bad_json", why=jsonwhy.problem(exc.msg)) from None
    if not isinstance(obj, dict):
        raise InputError.of("json_object")
    if obj.get("hand") is None:
        raise InputError.of("json_hand")
    for key, value in obj.items():
        _check_field(key, value)
    hand = obj.pop("hand")
    return hand, obj


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once: which of two values is meant?"""
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise InputError.of("line_twice", key=quoted(key))
        found[key] = value
    return found


def _no_constant(name: str) -> Any:
    raise InputError.of("bad_json", why=said("not_a_number", name=name))


def _is_text(value: Any) -> bool:
    return isinstance(value, str)


def _is_cards(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(map(_is_text, value)))


def _is_melds(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, list) and all(map(_is_cards, value)))


def _is_scalar(value: Any) -> bool:
    """A rule option's value as JSON may give it: text, a whole or finite number, a flag."""
    import math

    return isinstance(value, str | int | bool) or (
        isinstance(value, float) and math.isfinite(value)
    )


def _is_whole(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _is_seconds(value: Any) -> bool:
    return not isinstance(value, bool) and _is_scalar(value)


def _is_variant(value: Any) -> bool:
    return isinstance(value, dict) and all(_is_scalar(v) for v in value.values())


# What each field of a JSON line may hold; any other key is a rule option of the game.
LINE_FIELDS = {
    "hand": (_is_cards, "wants_cards"),
    "drawn_from_pozo": (_is_text, "wants_card"),
    "faced": (_is_text, "wants_card"),
    "pozo_top": (_is_text, "wants_card"),
    "pozo": (_is_cards, "wants_cards"),
    "seen": (_is_cards, "wants_cards"),
    "upcard": (_is_text, "wants_card"),
    "table": (_is_melds, "wants_melds"),
    "rival_table": (_is_melds, "wants_melds"),
    "score": (_is_whole, "wants_whole"),
    "time_limit": (_is_seconds, "wants_seconds"),
    "backend": (_is_text, "wants_backend"),
    "variant": (_is_variant, "wants_variant"),
}


def _check_field(key: str, value: Any) -> None:
    name = key.replace("-", "_")
    check, wanted = LINE_FIELDS.get(name, (_is_scalar, "wants_scalar"))
    if value is not None and not check(value):
        raise InputError.of(
            "field_takes", key=quoted(key), wanted=said(wanted), value=quoted(value)
        )
