"""A printable document as plain blocks: what the content says, not how it looks.

Content builders produce these: the rulebook and a game's review a `Document`, which
`templates.pdf` lays out with the styles and page templates of this package and
`templates.markdown` writes as Markdown (inline text may use `**bold**` and `*italic*`); the
puzzles a `Worksheet` (`templates.worksheet`); the match views a `ScoreSheet` or an `OddsSheet`
(`templates.scoresheet`). Cards are their codes, every text plain: the layouts escape it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace


@dataclass(frozen=True, slots=True)
class Heading:
    level: int  # 1 = chapter, 2 = section
    text: str
    number: str = ""


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: str
    ragged: bool = False  # a line of figures, not prose: set ragged, never justified


@dataclass(frozen=True, slots=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str | None = None


@dataclass(frozen=True, slots=True)
class Question:
    """A question and its answer, kept together."""

    question: str
    answer: str


@dataclass(frozen=True, slots=True)
class Box:
    """A framed note, such as the house rules in force."""

    title: str
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Hand:
    """Cards drawn as cards: groups side by side (melds, loose cards), an optional discard."""

    groups: tuple[tuple[str, ...], ...]
    notation: str
    labels: tuple[str, ...] = ()
    discard: str | None = None
    discard_label: str | None = None
    title: str | None = None
    verdict: str | None = None


Block = Heading | Paragraph | Bullets | Table | Question | Box | Hand


@dataclass(frozen=True)
class Document:
    """Title page facts, the running header and the body blocks."""

    title: str
    subtitle: str
    lang: str
    header: str
    contents_title: str
    title_notes: tuple[str, ...] = ()
    cover: Hand | None = None  # cards drawn large on the title page
    front: tuple[Block, ...] = ()  # on the title page, below the title (e.g. the house rules)
    blocks: tuple[Block, ...] = field(default=())
    # A book has a contents page and numbered headings; a short handout (a game's review) has
    # neither: its headings say what they are ("Round 3").
    contents: bool = True

    def numbered(self) -> Document:
        """The same document with every heading numbered 1, 1.1, 1.2, 2 … (a document without
        contents: as it is)."""
        if not self.contents:
            return self
        counters: list[int] = []
        out: list[Block] = []
        for block in self.blocks:
            if isinstance(block, Heading):
                counters = counters[: block.level]
                counters += [0] * (block.level - len(counters))
                counters[-1] += 1
                block = replace(block, number=".".join(map(str, counters)))
            out.append(block)
        return replace(self, blocks=tuple(out))


@dataclass(frozen=True, slots=True)
class Chart:
    """Each player's total hand by hand, with a dashed line across: the elimination limit of a
    match, or the target of a game. Drawn under a score sheet (templates.chart)."""

    title: str
    players: tuple[str, ...]
    # Each player's (hand, total) points, hand 0 being the start.
    paths: dict[str, list[tuple[int, int]]]
    hands: int
    line_value: int
    line_label: str
    line_colour: str  # a colour of the palette in styles.yaml
    start_label: str  # the axis label of hand 0
    top: int = 0  # the axis goes at least this high (the odds' 100 %), whatever the totals
    marks: tuple[int, ...] = ()  # values marked up the axis, each with a faint rule across
    unit: str = ""  # after each value up the axis (the odds' %)
    axis_label: str = ""  # under the hands' numbers, at the right (the odds' turns)


# --- A worksheet: numbered puzzles with room to answer, and their key (templates.worksheet) ---


@dataclass(frozen=True, slots=True)
class Caption:
    """A few words over the cards they name (the table, your hand)."""

    text: str


@dataclass(frozen=True, slots=True)
class Note:
    """A line of text among a puzzle's cards (the team's score, an empty hand)."""

    text: str


@dataclass(frozen=True, slots=True)
class Cards:
    """A worksheet's hand: card groups drawn at the puzzle's card size (`small`: at the key's,
    under the hand they go with), each group with its label, the discard set apart."""

    groups: tuple[tuple[str, ...], ...]
    labels: tuple[str, ...] = ()
    discard: str | None = None
    discard_label: str | None = None
    small: bool = False


@dataclass(frozen=True, slots=True)
class OneRow:
    """Cards on one row while they stay big enough, else the blocks of `rows`."""

    row: Cards
    rows: tuple[Caption | Note | Cards, ...]


# What a puzzle shows: its cards alone, or a choice of rows, or blocks one under the other.
PuzzleBody = Cards | OneRow | tuple[Caption | Note | Cards | OneRow, ...]


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A numbered puzzle and the line to answer it on; `ask`: the instructions before it, when
    it is the first of its kind."""

    number: int
    body: PuzzleBody
    fill: str
    ask: str = ""


@dataclass(frozen=True, slots=True)
class Blanks:
    """The fields a student fills in (name, date, group) and the score box (`__ / 8`)."""

    name: str
    date: str
    group: str
    score: str
    out_of: int


@dataclass(frozen=True, slots=True)
class Solution:
    """A puzzle's answer drawn and explained, tagged with its level; `head`: the name of the
    version it opens."""

    number: int
    level: str
    drawing: Cards
    why: str
    head: str = ""


@dataclass(frozen=True, slots=True)
class Run:
    """A run of pages under one header: a version of the sheet (its blanks, its rules box and
    its puzzles) or a version's key (its solutions). Its name on the header is `name` on its
    first page, `name_after` on the next ones; a key's pages also carry the seed line and the
    reprint footer."""

    name: str
    name_after: str
    key: bool
    blocks: tuple[Blanks | Box | Puzzle | Solution, ...]


@dataclass(frozen=True)
class Worksheet:
    """A worksheet, or its key alone: runs of pages under the title."""

    title: str  # on every page, and the PDF's title
    subject: str
    lang: str
    notation: str
    paper: str
    per_page: int  # the puzzles a page takes when they fit
    page_word: str
    details: str  # the seed and the house rules, on a key's pages
    reprint: str  # how to print the sheet again, at the foot of a key's pages ("" none)
    runs: tuple[Run, ...]


# --- Score sheets (planillas) and the odds chart (templates.scoresheet) ----------------------


@dataclass(frozen=True, slots=True)
class Cell:
    """A score sheet's cell: its value (in bold: a total), the hand's points before it, muted
    (alone when there is no value: a hand not played), and notes under it, each in a colour
    of the palette in styles.yaml."""

    value: str = ""
    bold: bool = False
    points: str = ""
    notes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ScoreSheet:
    """A score sheet: the hands, a row each, a column a player or side, the verdict and the
    chart; blank (`fill` says what each box holds), numbered rows to write the hands in."""

    title: str  # the PDF's title
    heading: str
    under: str  # the sheet's title, date and place under its heading ("" none)
    rules: str
    hand: str  # over the hands' numbers
    columns: tuple[str, ...]  # the players, or the sides
    rows: tuple[tuple[Cell, ...], ...]  # each row's first cell names it (the start, a hand)
    paper: str | None = None
    # A game played to a target: a wider first column, and fewer blank rows (its final scores
    # share the page with the chart).
    target: bool = False
    open: bool = False  # not won yet: blank rows, numbered from `next_hand`, to carry on by hand
    next_hand: int = 1
    # A game's lines, bonus and total: each row's label and a cell a column (none when blank).
    finals: tuple[tuple[str, tuple[Cell, ...]], ...] = ()
    verdict: str = ""  # said in bold
    verdict_more: str = ""  # said after it, not in bold
    chart: Chart | None = None
    fill: str = ""  # a blank sheet: what each box holds
    winner: str = ""  # a blank sheet: the winner to write in


@dataclass(frozen=True)
class OddsSheet:
    """The chance to cut turn by turn: the chart of the curves, a table of them by some turns,
    and notes (the rules in force, the model)."""

    title: str  # the PDF's title
    heading: str
    subtitle: str
    chart: Chart
    head: tuple[str, ...]  # over the table's figures
    rows: tuple[tuple[str, tuple[str, ...]], ...]  # each curve's name and figures
    notes: tuple[str, ...]
