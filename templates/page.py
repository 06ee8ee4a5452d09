"""Page set-up, defined once for every PDF mazo prints (books, worksheets, score sheets): the
paper, the margins, the room for a drawn header, and the facts the PDF carries.

The set-ups are data in styles.yaml (`pages`). Every document is built with reportlab's
`invariant=1` (no dates, fixed ids), so the same content prints to the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.pagesizes import A4, LETTER

from .fonts import register_fonts
from .styles import length, styles_data

PAPERS = {"a4": A4, "letter": LETTER}


@dataclass(frozen=True, slots=True)
class PageSetup:
    paper: tuple[float, float]
    left: float
    right: float
    top: float
    bottom: float
    header: float = 0.0  # above the frame, for the header every page draws
    info: dict[str, str] = field(default_factory=dict)
    initial_font: str | None = None

    @property
    def frame_width(self) -> float:
        return self.paper[0] - (self.left + self.right)

    @property
    def frame_height(self) -> float:
        return self.paper[1] - (self.top + self.bottom) - self.header

    def template_options(self) -> dict[str, Any]:
        """Keywords for a reportlab DocTemplate: the paper, the margins and the PDF's facts."""
        options: dict[str, Any] = {
            "pagesize": self.paper,
            "leftMargin": self.left,
            "rightMargin": self.right,
            "topMargin": self.top,
            "bottomMargin": self.bottom,
            "author": "mazo",
            "invariant": 1,
            **self.info,
        }
        if self.initial_font:
            options["initialFontName"] = register_fonts()[self.initial_font]
        return options


def page_setup(name: str, *, paper: str | None = None) -> PageSetup:
    """The set-up called `name` in styles.yaml, on its own paper or on `paper` (a4, letter)."""
    data = styles_data()["pages"][name]
    margin = data.get("margin")

    def side(which: str) -> float:
        return length(data.get(f"margin_{which}", margin))

    return PageSetup(
        paper=PAPERS[paper or data["paper"]],
        left=side("left"),
        right=side("right"),
        top=side("top"),
        bottom=side("bottom"),
        header=length(data.get("header", 0.0)),
        info=dict(data.get("info", {})),
        initial_font=data.get("initial_font"),
    )
