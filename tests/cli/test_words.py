"""The word store (`mazo.words`): every word in both languages with the same fields, and every
key the code names is in it."""

from __future__ import annotations

import ast
from pathlib import Path
from string import Formatter

import pytest
from mazo import words
from mazo.words import LANGS, en, es

from tests.own_tables import own_tables

# Said in English only: a Gin player's English word for the loose cards (an overlay a game's
# spec asks for), and the reason `mazo advise --json` gives, whatever the language.
ENGLISH_ONLY = ("deadwood.", "json.")
ROOT = Path(__file__).resolve().parents[2]
# A function that reads the store, and the positions its keys are given at.
READERS = {
    "say": (1, 2),  # the store's say(lang, key), a worksheet's say(spec, lang, key)
    "say_for": (2,),
    "say_parts": (1,),
    "say_parts_for": (2,),
    "agree": (2, 3),
    "agree_for": (3, 4),
    "has": (1,),
    "word": (1,),
    "columns": (1,),
}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(text) if name}


# Said with other fields in each language: Spanish says the verb to the player (`{you_cut}`,
# cortás), English the verb itself (`you do not {cut}`).
OWN_FIELDS = {"no_cut", "tie_none"}


def test_every_word_is_in_both_languages_with_the_same_fields():
    shared = {k for k in en.WORDS if not k.startswith(ENGLISH_ONLY)}
    assert sorted(shared ^ set(es.WORDS)) == []
    differ = {k for k in shared if _fields(en.WORDS[k]) != _fields(es.WORDS[k])}
    assert differ == OWN_FIELDS
    assert en.COLUMNS.keys() == es.COLUMNS.keys()
    assert [k for k in en.COLUMNS if len(en.COLUMNS[k]) != len(es.COLUMNS[k])] == []


@pytest.mark.parametrize("name", sorted(own_tables("words")))
def test_a_mechanisms_own_words_are_in_both_languages_under_its_name(name):
    own = own_tables("words")[name]
    assert own.WORDS.keys() == own.COLUMNS.keys() == set(LANGS)
    en_words, es_words = own.WORDS["en"], own.WORDS["es"]
    assert sorted(set(en_words) ^ set(es_words)) == []
    assert [k for k in en_words if _fields(en_words[k]) != _fields(es_words[k])] == []
    assert [k for k in [*en_words, *own.COLUMNS["en"]] if not k.startswith(f"{name}.")] == []
    assert own.COLUMNS["en"].keys() == own.COLUMNS["es"].keys()


def _keys_in(tree: ast.AST):
    """The string keys the code gives a reader of the store (a `Say`'s call takes its key
    first: `say("take_cut", ...)`)."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in READERS:
            continue
        args = node.args
        places = (0,) if args and isinstance(args[0], ast.Constant) else READERS[name]
        given = [
            args[i].value for i in places if i < len(args) and isinstance(args[i], ast.Constant)
        ]
        yield from (key for key in given if isinstance(key, str) and key not in ("es", "en"))


def _reads_the_store(text: str) -> bool:
    # a module that says messages (`mazo.solver.messages`) names their keys, not the store's
    return any(
        name in text for name in ("mazo.words", "mazo.views.words", "from mazo import words")
    )


def test_every_key_the_code_names_is_in_the_store():
    folders = ("cli", "solver", "puzzles", "rulebooks", "templates")
    named = {
        (str(path.relative_to(ROOT)), key)
        for folder in folders
        for path in (ROOT / folder).rglob("*.py")
        if _reads_the_store(text := path.read_text(encoding="utf-8"))
        for key in _keys_in(ast.parse(text))
    }
    assert len(named) > 100  # the scan finds the code's keys
    known = {*en.WORDS, *en.COLUMNS}
    for own in own_tables("words").values():
        known |= {*own.WORDS["en"], *own.COLUMNS["en"]}
    assert sorted((path, key) for path, key in named if key not in known) == []


def test_say_fills_the_fields_and_says_a_field_told_in_any_language():
    assert words.say("en", "wrote", path="a.pdf") == "wrote a.pdf"
    assert words.say("es", "unseen", n=lambda lang: lang) == "sin ver: es"
    assert words.agree("es", 1, "card", "cards") == "1 carta"
    with pytest.raises(KeyError):
        words.say("fr", "wrote", path="a.pdf")
