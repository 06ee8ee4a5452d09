"""`mazo score`: a rummy hand's close, each player's melds and lay-offs and points."""

from __future__ import annotations

from mazo.cardtext import cards_text
from mazo.output import View
from mazo.solver.mechanisms.rummy.scoring import RoundScore
from mazo.solver.mechanisms.rummy.views import close_name, upcard_line
from mazo.solver.messages import Told
from mazo.views.lines import WIDTH
from mazo.views.shown import shows
from mazo.views.words import say_for
from mazo.words import say

PLAYER_COLUMNS = ("col_player", "col_melds", "col_laid_off", "col_loose", "col_loose_pts")


@shows(RoundScore)
def view(result: RoundScore, lang: str, you: str | None = None) -> View:
    """The close, each player's melds and lay-offs, the points; what happened to the closer
    said to them if they are `you` (the person at `mazo play`'s table)."""
    from rich.text import Text

    data = result.to_dict()
    close = close_name(result.spec, result.close, lang)
    discard = say(lang, "discarding", card=data["discard"]) if data["discard"] else ""
    lines: View = [
        Text.assemble((say(lang, "closed", closer=result.closer), "bold"), close, discard)
    ]
    if not result.lay_off:
        lines.append(Text(say(lang, "no_lay_offs"), style="dim"))
    lines.append(_players(result, data, lang))
    if result.lay_off:
        from rich.table import Table

        melds = Groups(
            [
                Text.assemble((say(lang, "meld_number", n=i + 1), "dim"), cards_text(m))
                for i, m in enumerate(data["table_after_lay_offs"])
            ]
        )
        # A grid, so that the melds break between melds under their label, never past the width.
        after = Table.grid()
        after.add_column(no_wrap=True)
        after.add_column()
        after.add_row(Text(say_for(result.spec, lang, "after_lay_offs"), style="dim"), melds)
        lines.append(after)
    return lines + _notes(result, lang, you)


def _players(result: RoundScore, data: dict, lang: str):
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, title_justify="left")
    melds = {p["name"]: Groups([cards_text(m) for m in p["melds"]]) for p in data["players"]}
    # Melds that fit a third of the line keep their whole width: a narrower table takes the
    # room from the loose cards, so no meld breaks with room to spare.
    widest = max((m.whole.cell_len for m in melds.values()), default=0)
    for key in PLAYER_COLUMNS:
        # None leaves rich's own default, which lays the table out differently from "left".
        justify = "right" if key == "col_loose_pts" else None
        header = say_for(result.spec, lang, key)
        kept = key == "col_melds" and 0 < widest <= WIDTH // 3
        width = max(widest, len(header)) if kept else None
        table.add_column(header, justify=justify, width=width)  # type: ignore[arg-type]
    table.add_column(say(lang, "col_points"), justify="right")
    beat = say(lang, "undercuts" if result.undercut else "passes")
    for player in data["players"]:
        laid = Groups(
            [
                Text.assemble(
                    cards_text(lay["cards"]), (say(lang, "onto", n=lay["onto"] + 1), "dim")
                )
                for lay in player["lay_offs"]
            ]
        )
        table.add_row(
            _named(player["name"], lang) + (beat if player["passed_closer"] else ""),
            melds[player["name"]],
            laid,
            cards_text(player["loose"]),
            str(player["loose_points"]),
            Text(str(player["points"]), style="bold"),
        )
    return table


def _named(name: str, lang: str) -> str:
    """A player's name; the unnamed cutter's in the language."""
    return name(lang) if isinstance(name, Told) else name


class Groups:
    """Texts two spaces apart in a table's cell (a player's melds, their lay-offs), broken
    into lines only between them where the column is too narrow for all: a meld is never
    split, unless it is wider than the column itself."""

    def __init__(self, texts: list):
        from rich.text import Text

        self.texts = texts
        self.whole = Text("  ").join(texts)

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        widest = max((text.cell_len for text in self.texts), default=0)
        return Measurement(widest, self.whole.cell_len).clamp(max_width=options.max_width)

    def __rich_console__(self, console, options):
        from rich.text import Text

        if self.whole.cell_len <= options.max_width:
            yield self.whole  # as a plain Text would be drawn
            return
        lines: list[list] = [[]]
        width = 0
        for text in self.texts:
            if lines[-1] and width + 2 + text.cell_len > options.max_width:
                lines.append([])
                width = 0
            width += (2 if lines[-1] else 0) + text.cell_len
            lines[-1].append(text)
        yield Text("\n").join(Text("  ").join(line) for line in lines)


def _notes(result: RoundScore, lang: str, you: str | None) -> View:
    from rich.text import Text

    notes: View = []
    yours = "_you" if you is not None and result.closer == you else ""
    if result.passed:
        notes.append(Text(say(lang, "was_passed" + yours, closer=result.closer), style="yellow"))
    if result.undercut:
        said = say(lang, "was_undercut" + yours, closer=result.closer)
        notes.append(Text(said, style="yellow"))
    if result.upcard is not None:
        notes.append(Text(upcard_line(result.spec, result.upcard, lang)))
    if result.wins_match:
        notes.append(Text(say(lang, "wins_match", who=result.wins_match), style="bold green"))
    if not result.proven_optimal:
        notes.append(Text(say(lang, "not_proven"), style="yellow"))
    return notes
