"""`mazo spec check FILE`: validate a rules file before a club relies on it."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from mazo.cli import app
from mazo.options import AsJson, Lang, Variants, choose_lang, parse_variants
from mazo.output import emit
from mazo.solver.spec.load import load_spec
from mazo.views import spec as spec_view

spec_app = typer.Typer(help="Work with rule spec files.", no_args_is_help=True)
app.add_typer(spec_app, name="spec")


@spec_app.callback()
def spec(lang: Lang = None) -> None:
    """Work with rule spec files."""
    # `--lang` is read where the language is chosen, from the command line as typed; taken
    # here too, `mazo spec --help --lang es` asks for the help in Spanish as every command does.


@spec_app.command("check")
def check(
    file: Annotated[str, typer.Argument(help="The YAML rules file.")],
    variant: Variants = None,
    lang: Lang = None,
    as_json: AsJson = False,
) -> None:
    """Validate a rules file; errors name file, line and field."""

    spec = load_spec(None, rules=file, variant=parse_variants(variant))
    data: dict[str, Any] = {
        "ok": True,
        "file": file,
        "game": spec.game,
        "variant": spec.changed_options(),
        "rules": [
            {"field": c.field, "value": c.value, "default": c.default} for c in spec.rule_changes
        ],
        "deck": spec.deck.describe(),
    }

    shown = choose_lang(lang, spec)
    emit(data, as_json, lambda: spec_view.view(file, spec, shown))
