"""The chart block of a score sheet: a line per player over the hands, a dashed line across (the
elimination limit or the target), and a legend naming the players and the line in their colours."""

from __future__ import annotations

from dataclasses import dataclass

from mazo.words.numbers import signed
from reportlab.graphics.shapes import Circle, Drawing, Line, PolyLine, String
from reportlab.pdfbase.pdfmetrics import stringWidth

from . import document as doc
from .styles import colour, player_colours

LABEL_SIZE = 7
LEGEND_SIZE = 8
# The axis steps between hand labels, the smallest whose labels do not touch.
STEPS = (1, 2, 5, 10, 20, 50, 100)


@dataclass(frozen=True, slots=True)
class _Plot:
    """Where the lines go: the plot's lower-left corner, its size and the scale of both axes."""

    left: float
    bottom: float
    width: float
    height: float
    low: int
    span: int
    hands: int

    def x(self, hand: int) -> float:
        return self.left + self.width * hand / self.hands

    def y(self, total: int) -> float:
        return self.bottom + self.height * (total - self.low) / self.span


def totals_chart(chart: doc.Chart, width: float, height: float, *, font: str) -> Drawing:
    totals = [t for path in chart.paths.values() for _, t in path]
    low = min(0, *totals)
    high = max(chart.line_value, chart.top, *totals)
    # The legend sits right of the plot, as wide as the longest name (a long name is cut short
    # with an ellipsis rather than run off the page).
    names = {p: _fitted(p, width / 3, font) for p in chart.players}
    # The line across is named in the legend too, under the players: by the line it would run
    # into the axis' top or under the players' lines.
    said = _fitted(chart.line_label, width / 3, font)
    legend = 14 + max(stringWidth(n, font, LEGEND_SIZE) for n in (*names.values(), said))
    # room for the axis labels (and the axis' name under them) and the legend
    # (and a few points more: the names end inside the edge a table under the chart keeps)
    left, right, bottom, top = 28, legend + 10, 26 if chart.axis_label else 16, 10
    plot = _Plot(
        left=left,
        bottom=bottom,
        width=width - left - right,
        height=height - bottom - top,
        low=low,
        span=(high - low) or 1,
        hands=max(1, chart.hands),
    )
    drawing = Drawing(width, height)
    _axes(drawing, plot, sorted({low, high, *chart.marks}), chart, font)
    _hand_labels(drawing, plot, chart, font)
    _line_across(drawing, plot, chart, said, font)
    for index, player in enumerate(chart.players):
        _player_line(drawing, plot, index, chart.paths[player], names[player], font)
    return drawing


def _legend_entry(drawing: Drawing, plot: _Plot, index: int, name: str, font: str, **line) -> None:
    """The legend's `index`-th line from the top, right of the plot: a short stroke in the
    line's colour and dash, and its name in that colour."""
    x, y = plot.left + plot.width + 6, plot.bottom + plot.height - 10 * index
    drawing.add(Line(x, y + 2.5, x + 8, y + 2.5, **line))
    drawing.add(
        String(x + 11, y, name, fontName=font, fontSize=LEGEND_SIZE, fillColor=line["strokeColor"])
    )


def _label(x: float, y: float, text: str, font: str, **style) -> String:
    return String(x, y, text, fontName=font, fontSize=LABEL_SIZE, **style)


def _axes(drawing: Drawing, plot: _Plot, marks: list[int], chart: doc.Chart, font: str) -> None:
    """The two axes, the lowest and highest totals and the chart's own marks to show the scale
    (the line across has its own label), a faint rule across at each chart's mark."""
    rule = colour("score_rule")
    right, top = plot.left + plot.width, plot.bottom + plot.height
    for value in chart.marks:
        y = plot.y(value)
        drawing.add(Line(plot.left, y, right, y, strokeColor=rule, strokeWidth=0.3))
    drawing.add(Line(plot.left, plot.bottom, right, plot.bottom, strokeColor=rule))
    drawing.add(Line(plot.left, plot.bottom, plot.left, top, strokeColor=rule))
    muted = colour("score_muted")
    for value in marks:
        drawing.add(
            _label(
                plot.left - 3,
                plot.y(value) - 3,
                signed(value) + chart.unit,
                font,
                fillColor=muted,
                textAnchor="end",
            )
        )


def _hand_labels(drawing: Drawing, plot: _Plot, chart: doc.Chart, font: str) -> None:
    """Every hand's number while they fit; past that, every step-th, so labels never touch; the
    axis' name under them."""
    hands, start = plot.hands, chart.start_label
    widest = max(stringWidth(start, font, LABEL_SIZE), stringWidth(str(hands), font, LABEL_SIZE))
    step = next(s for s in (*STEPS, hands) if plot.width * s / hands > widest + 4)
    muted = colour("score_muted")
    for hand in range(0, hands + 1, step):
        label = str(hand) if hand else start
        drawing.add(
            _label(
                plot.x(hand), plot.bottom - 10, label, font, fillColor=muted, textAnchor="middle"
            )
        )
    if chart.axis_label:
        right = plot.left + plot.width
        drawing.add(
            _label(
                right, plot.bottom - 20, chart.axis_label, font, fillColor=muted, textAnchor="end"
            )
        )


def _line_across(drawing: Drawing, plot: _Plot, chart: doc.Chart, said: str, font: str) -> None:
    """The dashed line across, and its name last in the legend."""
    y = plot.y(chart.line_value)
    line = {"strokeColor": colour(chart.line_colour), "strokeWidth": 0.8, "strokeDashArray": [3, 2]}
    drawing.add(Line(plot.left, y, plot.left + plot.width, y, **line))
    _legend_entry(drawing, plot, len(chart.players), said, font, **line)


def _player_line(
    drawing: Drawing, plot: _Plot, index: int, path: list[tuple[int, int]], name: str, font: str
) -> None:
    """A player's line with a dot at every total, and the player's entry in the legend."""
    palette = player_colours()
    shade = palette[index % len(palette)]
    points = [coordinate for hand, total in path for coordinate in (plot.x(hand), plot.y(total))]
    drawing.add(PolyLine(points, strokeColor=shade, strokeWidth=1.4))
    for hand, total in path:
        drawing.add(Circle(plot.x(hand), plot.y(total), 1.6, fillColor=shade, strokeColor=shade))
    _legend_entry(drawing, plot, index, name, font, strokeColor=shade, strokeWidth=1.4)


def _fitted(name: str, width: float, font: str) -> str:
    """The name as the legend prints it: whole when it fits the width, else cut with '…'."""
    if stringWidth(name, font, LEGEND_SIZE) <= width:
        return name
    while name and stringWidth(name + "…", font, LEGEND_SIZE) > width:
        name = name[:-1]
    return name.rstrip() + "…"
