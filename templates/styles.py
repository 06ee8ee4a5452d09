"""Styles read from styles.yaml: each style inherits from its `parent` and overrides fields;
colours are named once in its palette and used by name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml
from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import cm, mm

from .fonts import register_fonts

ALIGNMENTS = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}
UNITS = {"mm": mm, "cm": cm, "pt": 1}
_LENGTH = re.compile(r"(\d+(?:\.\d+)?)(mm|cm|pt)")


@cache
def styles_data() -> dict[str, Any]:
    """styles.yaml as read, for the palette, the page set-ups and the styles."""
    return yaml.safe_load(resources.files("mazo.templates").joinpath("styles.yaml").read_text())


def length(value: float | str) -> float:
    """A length in points: a number is points already, "20mm" and "1.6cm" are converted."""
    if not isinstance(value, str):
        return value
    found = _LENGTH.fullmatch(value)
    if found is None:
        raise ValueError(f"not a length: {value!r}")
    return float(found.group(1)) * UNITS[found.group(2)]


def colour(name: str) -> Color:
    """A colour of the palette, by name."""
    return HexColor(styles_data()["colours"][name])


def player_colours() -> tuple[Color, ...]:
    """One colour per player in a chart, in seat order; told apart in print and on screen."""
    return tuple(colour(name) for name in styles_data()["players"])


@dataclass(frozen=True)
class StyleSheet:
    paragraph: dict[str, ParagraphStyle]
    page: dict[str, Any]

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self.paragraph[name]

    def colour(self, name: str) -> Color:
        return colour(self.page[name])


def _fields(raw: dict[str, Any], fonts: dict[str, str]) -> dict[str, Any]:
    """A style's fields as ParagraphStyle takes them: faces, alignments, colours and lengths."""
    fields: dict[str, Any] = {
        key: length(value) if key.endswith("Indent") else value for key, value in raw.items()
    }
    if "font" in fields:
        fields["fontName"] = fonts[fields.pop("font")]
        fields.setdefault("bulletFontName", fields["fontName"])
    if "alignment" in fields:
        fields["alignment"] = ALIGNMENTS[fields["alignment"]]
    if "textColor" in fields:
        fields["textColor"] = colour(fields["textColor"])
    return fields


@cache
def load_styles() -> StyleSheet:
    data = styles_data()
    fonts = register_fonts()
    raw: dict[str, dict[str, Any]] = data["styles"]
    built: dict[str, ParagraphStyle] = {}

    def build(name: str) -> ParagraphStyle:
        if name not in built:
            fields = _fields(raw[name], fonts)
            parent = fields.pop("parent", None)
            base = build(parent) if parent else None
            built[name] = ParagraphStyle(name, parent=base, **fields)
        return built[name]

    for name in raw:
        build(name)
    return StyleSheet(built, data["page"])
