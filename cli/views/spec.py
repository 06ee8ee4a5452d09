"""`mazo spec check`: a rules file that reads, its game, its deck and the house rules it sets."""

from __future__ import annotations

from mazo.output import View
from mazo.rulebooks.words import raw
from mazo.solver.spec.load import RuleSpec
from mazo.views.words import say


def view(file: str, spec: RuleSpec, lang: str) -> View:
    changed = [f"{k}={v}" for k, v in spec.changed_options().items()]
    changed += [f"{c.field}={raw(c.value)}" for c in spec.rule_changes]
    line = say(
        lang,
        "spec_ok",
        file=file,
        title=spec.title[lang],
        deck=spec.deck.describe(lang),
        changed=", ".join(changed) or say(lang, "none"),
    )
    return [line]
