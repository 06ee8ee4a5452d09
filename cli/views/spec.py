"""`mazo spec check`: a rules file that reads, its game, its deck and the house rules it sets."""

from __future__ import annotations

from mazo.output import View
from mazo.rulebooks.book import changes_label
from mazo.solver.spec.load import RuleSpec
from mazo.views.words import say


def view(file: str, spec: RuleSpec, lang: str) -> View:
    line = say(
        lang,
        "spec_ok",
        file=file,
        title=spec.title[lang],
        deck=spec.deck.describe(lang),
        changed=changes_label(spec) or say(lang, "none"),
    )
    return [line]
