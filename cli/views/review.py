"""`mazo review`: a player's decisions, judged, as a chess program shows its analysis.

First the model it judges by and the marks; then each round's decisions in a table (the turn,
the decision, the answer played, the fastest answer, the cost and its mark: ?! inaccuracy,
? mistake, ?? blunder), the expert's answer beside where it differs, and the round's summary;
last the match's summary with its costliest moments, the hints asked and the moves taken back.
Lines fit 80 columns. `Said` words a review's answers, values and costs, for this view and for
the printed sheet (`review_sheet.py`).
"""

from __future__ import annotations

from mazo.cardtext import Part, card_part, cell_width
from mazo.output import View
from mazo.solver.game.bots import LEVELS, level_name
from mazo.solver.game.judge import DECIMALS
from mazo.solver.game.review import PEOPLE, Decision, Review, RoundReview, Summary
from mazo.views.lines import NO_BREAK, WIDTH, wrapped
from mazo.views.replay import INDENT
from mazo.views.words import say_for
from mazo.words import agree as agree_key
from mazo.words.numbers import chance, in_lang, percent

MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
MARK_STYLES = {"inaccuracy": "yellow", "mistake": "bold yellow", "blunder": "bold red"}
# The table's columns: the turn (right-aligned), the decision, the answers, the cost.
TURN, KIND, ANSWER, COST = 5, 10, 16, 6
# The cost shown for a Gin decision where no answer could knock by the next turn.
REACH = "·"


class Said:
    """A review's figures and answers in one language."""

    def __init__(self, review: Review, lang: str):
        self.review, self.lang = review, lang
        self.spec, self.model = review.spec, review.model
        self.cut = self.spec.cut.names[lang]

    def say(self, key: str, **fields) -> str:
        return say_for(self.spec, self.lang, key, **fields)

    def kind(self, decision: Decision) -> str:
        if decision.kind == "cut":
            return self.say("review_cut", cut=self.cut)
        return self.say(f"review_{decision.kind}")

    def answer(self, decision: Decision, answer: str | None, *, cuts: bool) -> list[Part]:
        """An answer as parts, its cards in their colours; `cuts`: whether it cut."""
        if decision.kind == "draw":
            if answer == "pozo":
                return self.parts("review_pozo", card=[card_part(decision.pozo_top or "?")])
            return [(self.say("review_stock" if answer == "stock" else "review_pass"), "")]
        if answer is None:  # a close with every card, no discard
            return [(self.say("review_cuts_whole", cut=self.cut), "")]
        card = [card_part(answer)]
        if decision.kind == "discard":
            return card
        return self.parts("review_cuts" if cuts else "review_no_cut", cut=self.cut, card=card)

    def played(self, decision: Decision) -> list[Part]:
        return self.answer(decision, decision.played, cuts=not decision.missed_cut)

    def best(self, decision: Decision) -> list[Part]:
        return self.answer(decision, decision.best, cuts=True)

    def parts(self, key: str, **fields) -> list[Part]:
        from mazo.views.words import say_parts_for

        return say_parts_for(self.spec, self.lang, key, **fields)

    def number(self, value: float) -> str:
        """A cost, to the decimals it is kept and graded to."""
        return in_lang(f"{value:.{DECIMALS}f}", self.lang)

    def amount(self, value: float) -> str:
        """A cost with its unit: 0.31 turns, 4.5 points (decimals take the plural)."""
        return self.say(f"review_{self.model.unit}_many", n=self.number(value))

    def threshold(self, value: float) -> str:
        """A grade's threshold as the README gives it: 0.2 turns, 1 turn, 5 points."""
        unit = self.model.unit
        shown = in_lang(f"{value:g}", self.lang)
        return self.say(f"review_{unit}_one" if value == 1 else f"review_{unit}_many", n=shown)

    def out_of_reach(self, decision: Decision) -> bool:
        """Gin: no chance to knock by the next turn, neither the answer played nor the
        fastest's; the measure tells such answers apart from none, and costs them 0."""
        return self.model.unit == "points" and decision.played_value == decision.best_value == 0

    def reach(self) -> str | None:
        """Gin: why most costs are 0, and how many decisions were out of a knock's reach."""
        if self.model.unit != "points":
            return None
        decisions = self.review.decisions
        far = sum(self.out_of_reach(d) for d in decisions)
        counted = self.count(len(decisions), "decision")
        return self.say("review_reach", far=far, decisions=counted, cut=self.cut)

    def value(self, value: float) -> str:
        """What an answer is worth: its expected turns, or its chance."""
        if self.model.unit == "turns":
            return self.amount(value)
        return chance(value / 100, self.lang)

    def accuracy(self, summary: Summary) -> str:
        if summary.accuracy is None:
            return self.say("dash")
        return percent(summary.accuracy, self.lang)

    def count(self, n: int, key: str) -> str:
        return agree_key(self.lang, n, f"review_{key}_one", f"review_{key}_many")

    def summary(self, summary: Summary) -> list[str]:
        """A summary's figures, in pieces a line joins with " · " (`pieces`)."""
        line = self.say(
            "review_summary",
            decisions=self.count(summary.decisions, "decision"),
            accuracy=self.accuracy(summary),
            cost=self.amount(summary.cost),
        )
        grades = self.say(
            "review_grades",
            inaccuracies=self.count(summary.inaccuracies, "inaccuracy"),
            mistakes=self.count(summary.mistakes, "mistake"),
            blunders=self.count(summary.blunders, "blunder"),
        )
        return [*line.split(" · "), grades]

    def round_worst(self, summary: Summary) -> str:
        """A round's costliest decisions in a few words: turn, decision, cost and mark."""
        moments = []
        for decision in summary.worst:
            cost = self.number(decision.cost)
            if decision.grade is not None:
                cost += NO_BREAK + MARKS[decision.grade]  # a mark never alone on a line
            kind = self.kind(decision)
            moments.append(
                self.say("review_round_moment", turn=decision.turn, kind=kind, cost=cost)
            )
        return self.say("review_round_worst", moments="; ".join(moments))

    def model_lines(self) -> list[str]:
        """What the review judges by: the model, the cost, the marks."""
        model, player = self.model, self.review.player
        how = "review_turns" if model.unit == "turns" else "review_points"
        marks = self.say(
            "review_marks",
            inaccuracy=self.threshold(model.inaccuracy),
            mistake=self.threshold(model.mistake),
            blunder=self.threshold(model.blunder),
            cut=self.cut,
        )
        return [self.say("review_model"), self.say(how, player=player, cut=self.cut), marks]

    def rounds(self) -> str:
        return agree_key(
            self.lang, len(self.review.rounds), "replay_round_one", "replay_round_many"
        )

    def title(self) -> str:
        game = self.spec.title.get(self.lang, self.spec.game)
        rounds = self.rounds()
        title = self.say("review_title", player=self.review.player, game=game, rounds=rounds)
        seat = self.review.seat
        if isinstance(seat, str) and seat not in PEOPLE:
            shown = level_name(seat, self.lang) if seat in LEVELS else seat
            title += self.say("review_seat", seat=shown)
        return title


def view(review: Review, lang: str) -> View:
    said = Said(review, lang)
    lines: View = [[(line, "bold")] for line in prose(said.title())]
    for paragraph in said.model_lines():
        lines.extend([(line, "dim")] for line in prose(paragraph))
    reach = said.reach()
    if reach is not None:
        lines.extend([(line, "dim")] for line in prose(reach))
    if not review.finished:
        lines.extend([(line, "yellow")] for line in prose(said.say("review_unfinished")))
    for part in review.rounds:
        lines.append("")
        lines.append([(said.say("review_round", n=part.round), "bold")])
        decisions = [d for d in review.decisions if d.round == part.round]
        if not decisions:
            no_one = said.say(no_decisions(part, review), player=review.player)
            lines.extend(wrapped([(no_one, "dim")], INDENT))
            continue
        lines.append(_header(said))
        for decision in decisions:
            lines.extend(_row(said, decision))
        lines.extend([(line, "")] for line in pieces(said.summary(part.summary), INDENT))
        if part.summary.worst:
            worst = prose(said.round_worst(part.summary), INDENT, INDENT)
            lines.extend([(line, "")] for line in worst)
    lines.append("")
    lines.append([(said.say("review_match"), "bold")])
    lines.extend([(line, "bold")] for line in pieces(said.summary(review.summary), INDENT))
    notes = said.say("review_notes", hints=review.hints, undos=review.undos)
    lines.extend(wrapped([(notes, "")], INDENT))
    if review.summary.worst:
        lines.extend(wrapped([(said.say("review_worst"), "")], INDENT))
        for decision in review.summary.worst:
            lines.extend(wrapped(_moment(said, decision), INDENT * 2))
    return lines


def no_decisions(part: RoundReview, review: Review) -> str:
    """Why a round has no decision to judge: it ended before one came, the record stops first,
    or (a training game) the ones made were all taken back."""
    if part.ended:
        return "review_no_decisions"
    return "review_taken_back" if review.undos and not review.decisions else "review_stops_before"


def _header(said: Said) -> list[Part]:
    cells = [
        said.say("review_col_turn").rjust(TURN),
        "  " + _pad(said.say("review_col_decision"), KIND),
        _pad(said.say("review_col_played"), ANSWER),
        _pad(said.say("review_col_fastest"), ANSWER),
        said.say("review_col_cost").rjust(COST),
    ]
    return [("".join(cells).rstrip(), "dim")]


def _row(said: Said, decision: Decision) -> list[list[Part]]:
    """A decision's row; the expert's answer where it differs beside it, or below when the row
    would pass WIDTH."""
    parts: list[Part] = [(str(decision.turn).rjust(TURN) + "  ", "")]
    parts.append((_pad(said.kind(decision), KIND), ""))
    for answer in (said.played(decision), said.best(decision)):
        parts.extend(answer)
        parts.append((" " * max(1, ANSWER - _width(answer)), ""))
    # Out of a knock's reach, the cost says nothing: a dot, as the note above the table says.
    cost = REACH if said.out_of_reach(decision) else said.number(decision.cost)
    parts.append((cost.rjust(COST), "" if decision.cost else "dim"))
    if decision.grade is not None:
        parts.append((" " + MARKS[decision.grade], MARK_STYLES[decision.grade]))
    if decision.expert == decision.best:
        return [parts]
    expert = said.parts("review_expert", answer=said.answer(decision, decision.expert, cuts=True))
    if _width(parts) + 1 + _width(expert) <= WIDTH:
        return [[*parts, (" ", ""), *expert]]
    return [parts, [(" " * (TURN + 2 + KIND), ""), *expert]]


def _moment(said: Said, decision: Decision) -> list[Part]:
    """A costly moment in a line: where, what, the fastest, the cost and its mark."""
    parts = said.parts(
        "review_moment",
        round=decision.round,
        turn=decision.turn,
        kind=said.kind(decision),
        played=said.played(decision),
        best=said.best(decision),
        cost=said.amount(decision.cost),
    )
    if decision.grade is not None:
        parts.append((" " + MARKS[decision.grade], MARK_STYLES[decision.grade]))
    return parts


def prose(text: str, indent: str = "", hang: str = "") -> list[str]:
    """A paragraph in lines of at most WIDTH columns (a wide character takes two), broken
    between words; the lines after the first indented by `hang` more than the first."""
    return ["".join(part for part, _ in line) for line in wrapped([(text, "")], indent, hang)]


def pieces(parts: list[str], indent: str) -> list[str]:
    """Pieces joined by " · " into lines of at most WIDTH columns, a new line between two
    pieces rather than inside one."""
    lines = [indent + parts[0]]
    for piece in parts[1:]:
        longer = f"{lines[-1]} · {piece}"
        if cell_width(longer) <= WIDTH:
            lines[-1] = longer
        else:
            lines.append(indent + piece)
    return lines


def _pad(text: str, width: int) -> str:
    return text + " " * max(1, width - cell_width(text))


def _width(parts: list[Part]) -> int:
    return sum(cell_width(text) for text, _ in parts)
