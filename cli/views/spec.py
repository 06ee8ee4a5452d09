"""`mazo spec check`: a rules file that reads, its game, its deck and the house rules it sets."""

from __future__ import annotations

from mazo.output import View
from mazo.rulebooks.book import house_rules_said
from mazo.solver.spec.rulespec import RuleSpec
from mazo.views.lines import wrapped
from mazo.words import say


def view(file: str, spec: RuleSpec, lang: str) -> View:
    line = say(
        lang,
        "spec_ok",
        file=file,
        title=", ".join(filter(None, (spec.title[lang], spec.variant_name))),
        deck=spec.deck.describe(lang),
        changed=house_rules_said(spec, lang) or say(lang, "none"),
    )
    return wrapped([(line, "")])
