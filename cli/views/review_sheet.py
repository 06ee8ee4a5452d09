"""`mazo review --pdf`: the review as a `Document` to print and hand back.

The title page says whose game it is, which model judges it (the solitaire model: the rivals
are not modelled), what a cost is and what the marks mean, then the match's summary and a table
of the rounds. Each round follows with its summary and its costliest moments, the cards drawn
as the worksheets draw them: the hand, the card played and the fastest apart (at a draw, the
pozo's top beside the hand), the grade, and both answers with what each is worth.
"""

from __future__ import annotations

from pathlib import Path

from mazo.solver.game.review import Decision, Review, RoundReview
from mazo.templates import document as doc
from mazo.views.review import MARKS, Said, no_decisions


def review_sheet(review: Review, lang: str) -> doc.Document:
    said = Said(review, lang)
    title = said.say("review_sheet_title")
    game = review.spec.title.get(lang, review.spec.game)
    subtitle = said.say("review_sheet_subtitle", player=review.player, game=game)
    record = said.say(
        "review_sheet_record",
        file=Path(review.path).name,
        rounds=said.rounds(),
    )
    notes = [record, *said.model_lines()]
    if not review.finished:
        notes.append(said.say("review_unfinished"))
    blocks: list[doc.Block] = []
    for part in review.rounds:
        blocks.append(doc.Heading(1, said.say("review_round", n=part.round)))
        blocks.extend(_round(said, part))
    return doc.Document(
        title=title,
        subtitle=subtitle,
        lang=lang,
        header=title,
        contents_title="",
        title_notes=tuple(notes),
        front=(*_match(said), _rounds_table(said)),
        blocks=tuple(blocks),
        contents=False,
    )


def _match(said: Said) -> list[doc.Box]:
    """The match's box, and the costliest moments in one of their own, their line its title."""
    review = said.review
    items = (
        " · ".join(said.summary(review.summary)),
        said.say("review_sheet_hints", hints=review.hints, undos=review.undos),
    )
    boxes = [doc.Box(said.say("review_sheet_match"), items)]
    if review.summary.worst:
        worst = tuple(_plain(said, d) for d in review.summary.worst)
        boxes.append(doc.Box(said.say("review_worst").rstrip(":"), worst))
    return boxes


def _rounds_table(said: Said) -> doc.Table:
    header = (
        said.say("review_sheet_round"),
        said.say("review_sheet_decisions"),
        said.say("review_sheet_accuracy"),
        said.say("review_col_cost"),
        *MARKS.values(),
    )
    rows = tuple(
        (
            str(part.round),
            str(part.summary.decisions),
            said.accuracy(part.summary),
            said.number(part.summary.cost),
            str(part.summary.inaccuracies),
            str(part.summary.mistakes),
            str(part.summary.blunders),
        )
        for part in said.review.rounds
    )
    return doc.Table(header, rows, caption=said.say("review_sheet_rounds"))


def _round(said: Said, part: RoundReview) -> list[doc.Block]:
    summary = part.summary
    if not summary.decisions:
        return [doc.Paragraph(said.say(no_decisions(part, said.review), player=said.review.player))]
    blocks: list[doc.Block] = [doc.Paragraph(" · ".join(said.summary(summary)), ragged=True)]
    if not summary.worst:
        return [*blocks, doc.Paragraph(said.say("review_sheet_none"))]
    blocks.append(doc.Paragraph(said.say("review_worst")))
    blocks += [_moment(said, d) for d in summary.worst]
    return blocks


def _moment(said: Said, decision: Decision) -> doc.Hand:
    """A costly decision: the hand, the card played and the fastest set apart, the verdict."""
    notation = said.spec.deck.notation.name
    title = said.say("review_sheet_moment", turn=decision.turn, kind=said.kind(decision))
    if decision.grade is not None:
        grade = said.say(f"review_grade_{decision.grade}")
        title += f" — {grade} {MARKS[decision.grade]}"
    verdict = said.say(
        "review_sheet_verdict",
        played=_text(said.played(decision)),
        played_value=said.value(decision.played_value),
        best=_text(said.best(decision)),
        best_value=said.value(decision.best_value),
        cost=said.amount(decision.cost),
    )
    if decision.missed_cut:
        verdict += " " + said.say("review_sheet_missed", cut=said.cut)
    if decision.kind == "draw":
        return doc.Hand(
            groups=(decision.hand,),
            notation=notation,
            discard=decision.pozo_top,
            discard_label=said.say("review_sheet_pozo"),
            title=f"**{title}**",
            verdict=verdict,
        )
    apart = [c for c in dict.fromkeys((decision.played, decision.best)) if c is not None]
    rest = list(decision.hand)
    for card in apart:
        rest.remove(card)
    # The card played keeps its own label when the fastest is the same card (a cut missed).
    labels = {decision.best: "review_sheet_fastest", decision.played: "review_sheet_played"}
    return doc.Hand(
        groups=(tuple(rest), *((card,) for card in apart)),
        notation=notation,
        labels=("", *(said.say(labels[card]) for card in apart)),
        title=f"**{title}**",
        verdict=verdict,
    )


def _plain(said: Said, decision: Decision) -> str:
    """A costly moment in a line of plain text."""
    line = _text(
        said.parts(
            "review_moment",
            round=decision.round,
            turn=decision.turn,
            kind=said.kind(decision),
            played=said.played(decision),
            best=said.best(decision),
            cost=said.amount(decision.cost),
        )
    )
    return f"{line} {MARKS[decision.grade]}" if decision.grade is not None else line


def _text(parts) -> str:
    return "".join(text for text, _ in parts)
