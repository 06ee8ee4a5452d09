"""Styles read from styles.yaml: each style inherits from its `parent` and overrides fields."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml
from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from .fonts import register_fonts

ALIGNMENTS = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT, "justify": TA_JUSTIFY}


@dataclass(frozen=True)
class StyleSheet:
    paragraph: dict[str, ParagraphStyle]
    page: dict[str, Any]

    def __getitem__(self, name: str) -> ParagraphStyle:
        return self.paragraph[name]

    def colour(self, name: str):
        return HexColor(self.page[name])


@cache
def load_styles() -> StyleSheet:
    data = yaml.safe_load(resources.files("mazo.templates").joinpath("styles.yaml").read_text())
    fonts = register_fonts()
    raw: dict[str, dict[str, Any]] = data["styles"]
    built: dict[str, ParagraphStyle] = {}

    def build(name: str) -> ParagraphStyle:
        if name not in built:
            fields = dict(raw[name])
            parent = fields.pop("parent", None)
            if "font" in fields:
                fields["fontName"] = fonts[fields.pop("font")]
                fields.setdefault("bulletFontName", fields["fontName"])
            if "alignment" in fields:
                fields["alignment"] = ALIGNMENTS[fields["alignment"]]
            if "textColor" in fields:
                fields["textColor"] = HexColor(fields["textColor"])
            base = build(parent) if parent else None
            built[name] = ParagraphStyle(name, parent=base, **fields)
        return built[name]

    for name in raw:
        build(name)
    return StyleSheet(built, data["page"])
