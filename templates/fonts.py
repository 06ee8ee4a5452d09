"""The embedded fonts: DejaVu Sans, which has every glyph mazo prints (á ñ ¿ ¡ ♠ ♥ ♦ ♣ −).

`register_fonts()` registers the family once with reportlab and returns the face names; the
files ship inside the package (templates/typefaces/, licence beside them) and are read through
importlib.resources so an installed mazo needs no system fonts.
"""

from __future__ import annotations

import io
from functools import cache
from importlib import resources

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FAMILY = "DejaVuSans"
FACES = {
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
    "DejaVuSans-Oblique": "DejaVuSans-Oblique.ttf",
    "DejaVuSans-BoldOblique": "DejaVuSans-BoldOblique.ttf",
}


@cache
def register_fonts() -> dict[str, str]:
    """Register the embedded faces; returns {"regular", "bold", "italic", "bolditalic"} names."""
    folder = resources.files("mazo.templates") / "typefaces"
    for name, filename in FACES.items():
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(folder.joinpath(filename).read_bytes())))
    addMapping(FAMILY, 0, 0, "DejaVuSans")
    addMapping(FAMILY, 1, 0, "DejaVuSans-Bold")
    addMapping(FAMILY, 0, 1, "DejaVuSans-Oblique")
    addMapping(FAMILY, 1, 1, "DejaVuSans-BoldOblique")
    return {
        "regular": "DejaVuSans",
        "bold": "DejaVuSans-Bold",
        "italic": "DejaVuSans-Oblique",
        "bolditalic": "DejaVuSans-BoldOblique",
    }
