"""Card art: Spanish, French and joker cards drawn as vectors, for rulebooks and worksheets.

The whole API:

- `draw_card(canvas, x, y, card, notation, *, width=CARD_WIDTH, lang="es")` draws one card with
  its lower-left corner at (x, y) on a reportlab canvas; height is `width * CARD_RATIO`.
- `CardFlowable(card, notation, *, width=CARD_WIDTH, lang="es")` is one card as a Flowable.
- `HandFlowable(groups, notation, *, labels=None, discard=None, discard_label=None,
  width=CARD_WIDTH, lang="es")` lays out a hand: each group (a meld, or the loose cards) is a
  run of touching cards, groups are spaced apart and may carry a caption underneath, and an
  optional discard is drawn last, apart, framed in red with its own caption above it.

`card` is a code as mazo writes it (`"12e"`, `"TH"`, `"*"`): a rank and a suit letter, or the
joker; `notation` is the deck's notation by its name ("spanish", "french"). `lang` picks the
joker's word (comodín / joker) and the Spanish figures' names: sota, caballo, rey, or in
English the names the English rulebooks give them, jack, knight, king.
Suits of the Spanish deck are drawn with paths (coin, cup, sword, club); French suits use the
glyphs of the embedded font, red for ♥ ♦ and black for ♠ ♣. The corner indices 6 and 9 are
underlined, as on printed cards, so that the turned-round index in the lower corner reads right.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from .fonts import register_fonts
from .styles import colour

CARD_WIDTH = 30.0
CARD_RATIO = 1.5
GROUP_GAP = 0.35  # space between groups, in card widths
CAPTION_SIZE = 7.5
FIT_PASSES = 4

# Colours of the palette in styles.yaml.
INK = colour("card_ink")
EDGE = colour("card_edge")
SPANISH_COLOURS = {
    "o": colour("coins"),
    "c": colour("cups"),
    "e": colour("swords"),
    "b": colour("clubs"),
}
FRENCH_COLOURS = {"S": INK, "C": INK, "H": colour("french_red"), "D": colour("french_red")}
FRENCH_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FRENCH_RANKS = {"T": "10"}  # the index printed where the code's rank letter is not
JOKER_COLOUR = colour("joker")
JOKER_WORD = {"es": "COMODÍN", "en": "JOKER"}
DISCARD_COLOUR = colour("french_red")
FIGURES = {
    "es": {"10": "sota", "11": "caballo", "12": "rey"},
    "en": {"10": "jack", "11": "knight", "12": "king"},
}
# The ranks and suits of each deck as its codes write them.
DECKS = {
    "spanish": ({str(rank) for rank in range(1, 13)}, set("oceb")),
    "french": (set("A23456789TJQK"), set("SHDC")),
}
JOKER_CODE = "*"
# Indices that read as another rank upside down; real cards underline them, and so do these.
UNDERLINED = {"6", "9"}


@dataclass(frozen=True, slots=True)
class Face:
    """What a card shows: its rank and suit as its code writes them; a joker has neither."""

    rank: str = ""
    suit: str = ""

    @property
    def is_joker(self) -> bool:
        return not self.rank


def _card(code: str, notation: str) -> Face:
    """The face of a card code of the deck; a code the deck does not have is a program's
    mistake (the codes come from the solver), said as a ValueError."""
    if code == JOKER_CODE:
        return Face()
    ranks, suits = DECKS[notation]
    if code[:-1] not in ranks or code[-1:] not in suits:
        raise ValueError(f"no card {code!r} in the {notation} deck")
    return Face(code[:-1], code[-1])


def draw_card(
    canvas,
    x: float,
    y: float,
    card: str | Face,
    notation: str,
    *,
    width: float = CARD_WIDTH,
    lang: str = "es",
) -> None:
    """Draw one card with its lower-left corner at (x, y)."""
    fonts = register_fonts()
    card = _card(card, notation) if isinstance(card, str) else card
    w, h = width, width * CARD_RATIO
    canvas.saveState()
    canvas.translate(x, y)
    canvas.setLineWidth(max(0.5, w / 50))
    canvas.setStrokeColor(EDGE)
    canvas.setFillColor(colour("white"))
    canvas.roundRect(0, 0, w, h, w * 0.09, stroke=1, fill=1)
    if card.is_joker:
        _joker_face(canvas, w, h, fonts, lang)
    elif notation == "spanish":
        _spanish_face(canvas, w, h, card, fonts, lang)
    else:
        _french_face(canvas, w, h, card, fonts)
    canvas.restoreState()


def _corners(canvas, w, h, text, colour, font, size, under=None):
    """The index in the top-left corner and, turned round, in the bottom-right one."""
    for turn in (False, True):
        canvas.saveState()
        if turn:
            canvas.translate(w, h)
            canvas.rotate(180)
        canvas.setFillColor(colour)
        canvas.setFont(font, size)
        baseline = h - w * 0.08 - size * 0.8
        canvas.drawCentredString(w * 0.2, baseline, text)
        if text in UNDERLINED:
            half = stringWidth(text, font, size) / 2
            canvas.setStrokeColor(colour)
            canvas.setLineWidth(max(0.4, size / 12))
            under_y = baseline - size * 0.1
            canvas.line(w * 0.2 - half, under_y, w * 0.2 + half, under_y)
        if under:
            canvas.setFont(font, size * 0.85)
            canvas.drawCentredString(w * 0.2, h - w * 0.1 - size * 1.75, under)
        canvas.restoreState()


def _spanish_face(canvas, w, h, card, fonts, lang):
    colour = SPANISH_COLOURS[card.suit]
    _corners(canvas, w, h, card.rank, colour, fonts["bold"], w * 0.27)
    figure = FIGURES.get(lang, FIGURES["en"]).get(card.rank)
    if figure:
        # A figure: the suit inside a frame, the figure's name underneath.
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(max(0.4, w / 70))
        canvas.rect(w * 0.2, h * 0.3, w * 0.6, h * 0.45, stroke=1, fill=0)
        _spanish_symbol(canvas, card.suit, w * 0.5, h * 0.57, w * 0.38)
        canvas.setFillColor(colour)
        size = min(w * 0.15, w * 0.52 / stringWidth(figure, fonts["bold"], 1))
        canvas.setFont(fonts["bold"], size)
        canvas.drawCentredString(w * 0.5, h * 0.335, figure)
    else:
        size = w * 0.62 if card.rank == "1" else w * 0.52
        _spanish_symbol(canvas, card.suit, w * 0.5, h * 0.47, size)


def _french_face(canvas, w, h, card, fonts):
    colour = FRENCH_COLOURS[card.suit]
    glyph = FRENCH_GLYPHS[card.suit]
    rank = FRENCH_RANKS.get(card.rank, card.rank)
    _corners(canvas, w, h, rank, colour, fonts["bold"], w * 0.25, under=glyph)
    canvas.setFillColor(colour)
    size = w * 0.62
    canvas.setFont(fonts["regular"], size)
    canvas.drawCentredString(w * 0.5, h * 0.5 - size * 0.36, glyph)


def _joker_face(canvas, w, h, fonts, lang):
    _corners(canvas, w, h, "★", JOKER_COLOUR, fonts["regular"], w * 0.22)
    canvas.setFillColor(JOKER_COLOUR)
    canvas.setStrokeColor(JOKER_COLOUR)
    _star(canvas, w * 0.5, h * 0.55, w * 0.3)
    word = JOKER_WORD.get(lang, JOKER_WORD["en"])
    size = min(w * 0.15, w * 0.8 / stringWidth(word, fonts["bold"], 1))
    canvas.setFont(fonts["bold"], size)
    canvas.drawCentredString(w * 0.5, h * 0.26, word)


def _star(canvas, cx, cy, r):
    path = canvas.beginPath()
    for i in range(10):
        radius = r if i % 2 == 0 else r * 0.42
        angle = math.pi / 2 + i * math.pi / 5
        px, py = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


# --- the four Spanish suits, each drawn in a box of side `s` centred on (cx, cy) --------------


def _spanish_symbol(canvas, suit, cx, cy, s):
    canvas.saveState()
    canvas.translate(cx, cy)
    canvas.scale(s, s)  # from here on the symbol lives in a unit box centred on the origin
    canvas.setLineWidth(0.035)
    {"o": _oros, "c": _copas, "e": _espadas, "b": _bastos}[suit](canvas)
    canvas.restoreState()


def _lighter(colour: Color, amount: float) -> Color:
    return Color(*(c + (1 - c) * amount for c in (colour.red, colour.green, colour.blue)))


def _oros(canvas):
    gold = SPANISH_COLOURS["o"]
    canvas.setStrokeColor(gold)
    canvas.setFillColor(_lighter(gold, 0.55))
    canvas.circle(0, 0, 0.46, stroke=1, fill=1)
    canvas.setFillColor(gold)
    canvas.circle(0, 0, 0.33, stroke=0, fill=1)
    canvas.setFillColor(_lighter(gold, 0.55))
    canvas.circle(0, 0, 0.15, stroke=0, fill=1)
    canvas.setFillColor(gold)
    for i in range(8):  # the rays between the rings
        a = i * math.pi / 4
        canvas.circle(0.24 * math.cos(a), 0.24 * math.sin(a), 0.035, stroke=0, fill=1)


def _copas(canvas):
    red = SPANISH_COLOURS["c"]
    canvas.setStrokeColor(red)
    canvas.setFillColor(red)
    bowl = canvas.beginPath()
    bowl.moveTo(-0.34, 0.38)
    bowl.lineTo(0.34, 0.38)
    bowl.curveTo(0.34, 0.05, 0.2, -0.05, 0.06, -0.08)
    bowl.lineTo(-0.06, -0.08)
    bowl.curveTo(-0.2, -0.05, -0.34, 0.05, -0.34, 0.38)
    bowl.close()
    canvas.drawPath(bowl, stroke=1, fill=1)
    canvas.rect(-0.045, -0.3, 0.09, 0.23, stroke=0, fill=1)  # stem
    canvas.ellipse(-0.1, -0.24, 0.1, -0.14, stroke=0, fill=1)  # knot on the stem
    foot = canvas.beginPath()
    foot.moveTo(-0.05, -0.3)
    foot.lineTo(0.05, -0.3)
    foot.curveTo(0.15, -0.36, 0.24, -0.4, 0.24, -0.46)
    foot.lineTo(-0.24, -0.46)
    foot.curveTo(-0.24, -0.4, -0.15, -0.36, -0.05, -0.3)
    foot.close()
    canvas.drawPath(foot, stroke=1, fill=1)
    canvas.setFillColor(_lighter(red, 0.6))  # the wine's surface
    canvas.ellipse(-0.3, 0.31, 0.3, 0.4, stroke=0, fill=1)


def _espadas(canvas):
    blue = SPANISH_COLOURS["e"]
    canvas.setStrokeColor(blue)
    canvas.setFillColor(_lighter(blue, 0.75))
    blade = canvas.beginPath()
    blade.moveTo(0, 0.5)
    blade.lineTo(0.07, 0.36)
    blade.lineTo(0.06, -0.18)
    blade.lineTo(-0.06, -0.18)
    blade.lineTo(-0.07, 0.36)
    blade.close()
    canvas.drawPath(blade, stroke=1, fill=1)
    canvas.setFillColor(blue)
    canvas.line(0, 0.38, 0, -0.16)  # the fuller down the blade
    guard = canvas.beginPath()
    guard.moveTo(-0.27, -0.14)
    guard.curveTo(-0.12, -0.2, 0.12, -0.2, 0.27, -0.14)
    guard.lineTo(0.27, -0.22)
    guard.curveTo(0.12, -0.28, -0.12, -0.28, -0.27, -0.22)
    guard.close()
    canvas.drawPath(guard, stroke=0, fill=1)
    canvas.rect(-0.045, -0.42, 0.09, 0.2, stroke=0, fill=1)  # grip
    canvas.circle(0, -0.45, 0.06, stroke=0, fill=1)  # pommel


def _bastos(canvas):
    green = SPANISH_COLOURS["b"]
    canvas.setStrokeColor(green)
    canvas.setFillColor(_lighter(green, 0.45))
    # Lopped branch stubs first, so the club's outline overlaps their roots.
    for x0, y0, x1, y1 in ((0.12, 0.18, 0.27, 0.26), (-0.1, 0.0, -0.24, 0.06)):
        stub = canvas.beginPath()
        stub.moveTo(x0, y0 - 0.05)
        stub.lineTo(x1, y1 - 0.04)
        stub.lineTo(x1 + 0.01, y1 + 0.04)
        stub.lineTo(x0, y0 + 0.05)
        stub.close()
        canvas.drawPath(stub, stroke=1, fill=1)
    club = canvas.beginPath()
    club.moveTo(-0.06, -0.48)
    club.lineTo(0.06, -0.48)
    club.curveTo(0.09, -0.1, 0.22, 0.2, 0.2, 0.36)
    club.curveTo(0.19, 0.53, -0.19, 0.53, -0.2, 0.36)
    club.curveTo(-0.22, 0.2, -0.09, -0.1, -0.06, -0.48)
    club.close()
    canvas.drawPath(club, stroke=1, fill=1)
    canvas.setFillColor(green)
    for kx, ky in ((0.08, 0.32), (-0.09, 0.16), (0.05, -0.04), (-0.04, -0.24)):  # knots
        canvas.ellipse(kx - 0.045, ky - 0.03, kx + 0.045, ky + 0.03, stroke=0, fill=1)
    canvas.rect(-0.075, -0.5, 0.15, 0.05, stroke=0, fill=1)  # the grip's end


# --- Flowables ------------------------------------------------------------------------------


class CardFlowable(Flowable):
    """One card."""

    def __init__(self, card: str, notation: str, *, width: float = CARD_WIDTH, lang: str = "es"):
        super().__init__()
        self.notation = notation
        self.card = _card(card, notation)
        self.card_width = width
        self.lang = lang

    def wrap(self, available_width, available_height):
        return self.card_width, self.card_width * CARD_RATIO

    def draw(self):
        draw_card(self.canv, 0, 0, self.card, self.notation, width=self.card_width, lang=self.lang)


class HandFlowable(Flowable):
    """A hand laid out in groups (melds, loose cards) with captions and an optional discard."""

    def __init__(
        self,
        groups: Sequence[Sequence[str]],
        notation: str,
        *,
        labels: Sequence[str] | None = None,
        discard: str | None = None,
        discard_label: str | None = None,
        width: float = CARD_WIDTH,
        lang: str = "es",
    ):
        super().__init__()
        self.notation = notation
        self.groups = [[_card(c, notation) for c in group] for group in groups if group]
        self.labels = list(labels or [])
        self.discard = _card(discard, notation) if discard is not None else None
        self.discard_label = discard_label
        self.card_width = width
        self.lang = lang

    def _step(self) -> float:
        return self.card_width * 1.04

    def _group_width(self, group) -> float:
        return self._step() * (len(group) - 1) + self.card_width

    def _slot_width(self, i: int) -> float:
        """A group's room: its cards, or its caption when that is wider."""
        label = self.labels[i] if i < len(self.labels) else ""
        caption = stringWidth(label, register_fonts()["regular"], CAPTION_SIZE) + 4 if label else 0
        return max(self._group_width(self.groups[i]), caption)

    def _positions(self) -> list[float]:
        """Left edge of each group's cards, centred in its slot."""
        xs, x = [], 0.0
        for i, group in enumerate(self.groups):
            slot = self._slot_width(i)
            xs.append(x + (slot - self._group_width(group)) / 2)
            x += slot + self.card_width * GROUP_GAP
        return xs

    def _caption_height(self) -> float:
        return CAPTION_SIZE * 1.6 if any(self.labels) else 0.0

    def _top_room(self) -> float:
        return CAPTION_SIZE * 1.6 if self.discard is not None and self.discard_label else 0.0

    def width_needed(self) -> float:
        end = sum(self._slot_width(i) for i in range(len(self.groups)))
        end += self.card_width * GROUP_GAP * max(0, len(self.groups) - 1)
        if self.discard is not None:
            end += self.card_width * GROUP_GAP * 2 + self.card_width
        return end

    def fitted(self, room: float) -> HandFlowable:
        """This hand, or the same hand with smaller cards when it is wider than `room`."""
        if self.width_needed() <= room:
            return self
        smaller = copy.copy(self)
        # Captions keep their size, so one pass may leave it a little too wide: shrink again.
        for _ in range(FIT_PASSES):
            if smaller.width_needed() <= room:
                break
            smaller.card_width *= room / smaller.width_needed()
        return smaller

    def wrap(self, available_width, available_height):
        height = self.card_width * CARD_RATIO + self._caption_height() + self._top_room() + 4
        return self.width_needed(), height

    def draw(self):
        fonts = register_fonts()
        canvas = self.canv
        base = self._caption_height() + 2
        xs = self._positions()
        canvas.setFont(fonts["regular"], CAPTION_SIZE)
        for i, (x, group) in enumerate(zip(xs, self.groups, strict=True)):
            for j, card in enumerate(group):
                draw_card(
                    canvas,
                    x + j * self._step(),
                    base,
                    card,
                    self.notation,
                    width=self.card_width,
                    lang=self.lang,
                )
            if i < len(self.labels) and self.labels[i]:
                canvas.setFillColor(INK)
                canvas.setFont(fonts["regular"], CAPTION_SIZE)
                centre = x + self._group_width(group) / 2
                canvas.drawCentredString(centre, base - CAPTION_SIZE * 1.3, self.labels[i])
        if self.discard is not None:
            x = self.width_needed() - self.card_width
            pad = 2.0
            canvas.saveState()
            canvas.setStrokeColor(DISCARD_COLOUR)
            canvas.setLineWidth(1.2)
            canvas.setDash(3, 2)
            height = self.card_width * CARD_RATIO
            canvas.roundRect(
                x - pad, base - pad, self.card_width + 2 * pad, height + 2 * pad, 4, stroke=1
            )
            canvas.restoreState()
            draw_card(
                canvas, x, base, self.discard, self.notation, width=self.card_width, lang=self.lang
            )
            if self.discard_label:
                canvas.setFillColor(DISCARD_COLOUR)
                canvas.setFont(fonts["bold"], CAPTION_SIZE)
                canvas.drawCentredString(
                    x + self.card_width / 2, base + height + pad + 3, self.discard_label
                )
