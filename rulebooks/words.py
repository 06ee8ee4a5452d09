"""The words the rulebook writes around the spec's data (labels.yaml), per language."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml
from mazo.words.numbers import signed


@cache
def labels(lang: str) -> dict[str, Any]:
    text = resources.files("mazo.rulebooks").joinpath("labels.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)[lang]


def show(value: Any, lang: str) -> str:
    """A rule value as the book prints it: yes/no, a dash for none, a true minus sign."""
    words = labels(lang)
    if isinstance(value, bool):
        return words["word_yes"] if value else words["word_no"]
    if value is None:
        return words["none"]
    if isinstance(value, int):
        return signed(value)
    return str(value)


def raw(value: Any) -> str:
    """An option value as typed on the command line (`--variant reenganche=off`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "—" if value is None else str(value)
