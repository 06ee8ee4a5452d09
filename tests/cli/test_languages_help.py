"""`--help` and the error messages speak as the views do, by one rule: --lang, else MAZO_LANG,
else the locale (LC_ALL, LC_MESSAGES, LANG), and with no game chosen yet, English. Every
command's and option's help has its Spanish; JSON errors stay English."""

from __future__ import annotations

import json

import pytest

from tests.commands import in_memory
from tests.own_tables import own_tables

UNKNOWN = ["solve", "conga", "13B", "1o", "2o", "3o", "4o", "5o", "6o"]
SPANISH_ERROR = "mazo: error: carta desconocida '13B': las cartas españolas van del 1 al 12"
ENGLISH_ERROR = "mazo: error: unknown card '13B': Spanish cards are rank 1-12"

# Each step of the rule: the environment, the flags, and the language it speaks (None: none
# asked, so the game's when one is named, Conga's Spanish, else English).
STEPS = {
    "nothing set: the game's, else English": ({}, [], None),
    "the locale": ({"LANG": "es_UY.UTF-8"}, [], "es"),
    "LC_ALL before LANG": ({"LC_ALL": "es_AR", "LANG": "en_US.UTF-8"}, [], "es"),
    "LC_MESSAGES before LANG": ({"LC_MESSAGES": "en_GB", "LANG": "es_UY.UTF-8"}, [], "en"),
    "a locale neither language: the game's, else English": ({"LANG": "fr_FR.UTF-8"}, [], None),
    "MAZO_LANG before the locale": ({"MAZO_LANG": "es", "LANG": "en_US.UTF-8"}, [], "es"),
    "--lang before MAZO_LANG": ({"MAZO_LANG": "en"}, ["--lang", "es"], "es"),
    "--lang=en before the locale": ({"LANG": "es_UY.UTF-8"}, ["--lang=en"], "en"),
}
# `mazo --lang L COMMAND`: as the command's own --lang, which comes first.
BEFORE = {
    "before the command": ({"MAZO_LANG": "en"}, ["--lang", "es"], [], "es"),
    "=, before the command": ({"LANG": "es_UY.UTF-8"}, ["--lang=en"], [], "en"),
    "the command's own first": ({}, ["--lang", "es"], ["--lang", "en"], "en"),
}


def run(monkeypatch, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, err = in_memory(monkeypatch, *args)
    return code, out.decode("utf-8"), err


@pytest.mark.parametrize("step", STEPS)
def test_help_follows_the_rule(monkeypatch, step):
    env, flags, lang = STEPS[step]
    lang = lang or "en"  # no game named
    code, out, _ = run(monkeypatch, env, "solve", *flags, "--help")
    assert code == 0
    spanish = ["Uso: mazo solve", "Encuentra los mejores juegos", "Opciones", "Muestra esta ayuda"]
    english = ["Usage: mazo solve", "Find the best melds", "Options", "Show this message"]
    for said in spanish if lang == "es" else english:
        assert said in out, (step, said)
    for unsaid in english if lang == "es" else spanish:
        assert unsaid not in out, (step, unsaid)


@pytest.mark.parametrize("step", STEPS)
def test_errors_follow_the_rule(monkeypatch, step):
    env, flags, lang = STEPS[step]
    lang = lang or "es"  # Conga's own
    code, out, err = run(monkeypatch, env, *UNKNOWN, *flags)
    assert code == 2 and out == ""
    assert err.startswith(SPANISH_ERROR if lang == "es" else ENGLISH_ERROR), err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("step", BEFORE)
def test_the_language_named_before_the_command_is_its_own(monkeypatch, step):
    env, before, after, lang = BEFORE[step]
    code, out, err = run(monkeypatch, env, *before, *UNKNOWN, *after)
    assert code == 2 and out == ""
    assert err.startswith(SPANISH_ERROR if lang == "es" else ENGLISH_ERROR), err
    code, out, _ = run(monkeypatch, env, *before, "solve", *after, "--help")
    assert code == 0 and ("Uso: mazo solve" if lang == "es" else "Usage: mazo solve") in out
    hand = ["1o", "2o", "3o", "4o", "5o", "6o", "7o"]
    code, out, _ = run(monkeypatch, env, *before, "solve", "conga", *hand, *after)
    assert code == 0 and ("Mano" if lang == "es" else "Hand") in out


def test_a_missing_command_is_said_in_the_language_asked(monkeypatch):
    code, out, err = run(monkeypatch, {}, "--lang", "es")
    assert (code, out) == (
        2,
        "",
    ) and err == "mazo: error: falta el comando (los comandos: mazo --help)\n"
    code, _, err = run(monkeypatch, {}, "--lang", "xx", "games")
    assert code == 2 and err == "mazo: error: --lang takes es or en, got 'xx'\n"
    code, _, err = run(monkeypatch, {}, "play", "gin", "--seed", "x")  # Gin's own: English
    assert code == 2 and err == "mazo: error: --seed is a whole number, got 'x'\n"
    code, _, err = run(monkeypatch, {}, "play", "conga", "--seed", "x")  # Conga's: Spanish
    assert code == 2 and err == "mazo: error: --seed lleva un número entero, no 'x'\n"


def test_the_language_of_a_command_that_chose_it_is_its_errors_too(monkeypatch):
    """A batch chooses its language (the game's: Conga speaks Spanish) before the lines: a bad
    line's error is then Spanish, the view's language."""
    code, _, err = in_memory(monkeypatch, "solve", "conga", "-", stdin=b"13B 1o 2o 3o 4o 5o 6o\n")
    assert code == 2
    assert "carta desconocida '13B'" in err


def test_json_errors_stay_english(monkeypatch):
    code, out, err = run(monkeypatch, {"LANG": "es_UY.UTF-8"}, *UNKNOWN, "--json")
    assert code == 2
    assert json.loads(out)["error"].startswith("unknown card '13B'")
    assert err.startswith(SPANISH_ERROR)


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (["solve"], "falta el argumento JUEGO", "missing argument GAME"),
        (["solvx"], "no existe el comando 'solvx'; ¿quisiste decir 'solve'?", "no such command"),
        (["solve", "conga", "--foo"], "no existe la opción --foo", "no such option --foo"),
        (["solve", "conga", "--backend"], "la opción --backend lleva un valor", "needs a value"),
        (["solve", "nogame", "1o"], "juego desconocido 'nogame'", "unknown game 'nogame'"),
        (["solve", "conga", "1o", "--variant", "x=1"], "conga no tiene la opción 'x'", "unknown"),
        (
            ["solve", "conga", "1o", "1o", "1o", "2o", "3o", "4o", "5o"],
            "3 copias de '1o' en la mano; la baraja (50 cartas",
            "3 copies of '1o' in the hand; the deck (50 cards",
        ),
        (["solve", "conga", "1o", "2o"], "una mano de conga tiene 7 cartas", "a conga hand has"),
        (["puzzles", "conga", "-n", "x"], "-n lleva un número entero, no 'x'", "whole number"),
        (["games", "--lang", "xx"], "--lang lleva es o en, no 'xx'", "--lang takes es or en"),
        (["games", "conga", "extra"], "sobran argumentos (extra)", "extra arguments (extra)"),
        (
            ["solve", "conga", "1o", "--variant", "cut_threshold=99"],
            "la opción 'cut_threshold' no admite '99': un número entero 0..10",
            "option 'cut_threshold' does not take '99': a whole number 0..10",
        ),
        (["rulebook", "conga", "--format", "docx"], "--format lleva pdf o md, no 'docx'", "docx"),
        (
            ["advise", "conga", "1o 2o 3o 4o 5o 9c 9e", "--pozo-top", "4o 5o"],
            "--pozo-top lleva una carta, no '4o 5o'",
            "--pozo-top takes one card, got '4o 5o'",
        ),
        (
            ["advise", "conga", "1o 2o 3o 4o 5o 9c 9e", "--pozo-top", ""],
            "--pozo-top está vacío: lleva una carta",
            "--pozo-top is empty: give it one card",
        ),
        (
            ["solve", "gin", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD", "--upcard", " "],
            "--upcard está vacío",
            "--upcard is empty",
        ),
        (
            ["solve", "gin", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD 2D", "--drawn-from-pozo", "KD,2D"],
            "--drawn-from-pozo lleva una carta, no 'KD,2D'",
            "--drawn-from-pozo takes one card",
        ),
        (["solve", "conquian", "1o 2o", "--faced", ""], "--faced está vacío", "--faced is empty"),
        (
            [
                "score",
                "gin",
                "--cutter",
                "AS 2S 3S 7H 7D 7C KD KC KH 2D",
                "--rival",
                "B=4S 5S 8H 9H TH QH KS AD 3D 4C",
                "--upcard",
                "2C 3C",
            ],
            "--upcard lleva una carta, no '2C 3C'",
            "--upcard takes one card, got '2C 3C'",
        ),
    ],
)
def test_usage_and_input_errors_in_both(monkeypatch, args, spanish, english):
    for env, said in (({"LANG": "en_US.UTF-8"}, english), ({"LANG": "es_UY.UTF-8"}, spanish)):
        code, _, err = run(monkeypatch, env, *args)
        assert code == 2 and said in err and len(err.splitlines()) == 1, (env, err)


def test_every_help_text_has_its_spanish():
    """The catalogue, or the command that composes the text from each mechanism's, holds a
    Spanish text for every command and every option, and the catalogue no text of a command or
    option that no longer is."""
    import sys

    from mazo import cli, spoken
    from mazo.views.help_words import ES
    from typer.main import get_command

    cli._register([])
    wanted: set[str] = set()

    def walk(command, path: str) -> None:
        wanted.add(path)
        for param in command.params:
            key = f"{path} {spoken.help_key(param)}".strip()
            assert param.help, key  # the English, given to Typer
            spanish = spoken.spanish(key)
            assert spanish or f"* {spoken.help_key(param)}" in ES, key
            wanted.add(key if spanish else f"* {spoken.help_key(param)}")
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    del sys  # the tree is built as `mazo --help` builds it, whatever the test's argv
    walk(get_command(cli.app), "")
    assert sorted(set(ES) - wanted) == []
    composed = [text("es") for text in spoken.COMPOSED.values()]
    assert not any("`" in text for text in [*ES.values(), *composed])  # no key quoted as code


def test_no_spanish_sentence_quotes_an_english_key_as_code():
    """A Spanish word of a view or an error never holds a `key` in backticks (a command to
    run, `mazo odds`, may be quoted so)."""
    import re

    from mazo.solver.messages import ES as MESSAGES
    from mazo.words.es import WORDS as VIEWS

    tables = [VIEWS, MESSAGES]
    tables += [own.WORDS["es"] for own in own_tables("words").values()]
    tables += [own.MESSAGES["es"] for own in own_tables("messages").values()]
    quoted = {k: re.findall(r"`([^`]*)`", text) for t in tables for k, text in t.items()}
    assert {k: q for k, q in quoted.items() if any(not w.startswith("mazo ") for w in q)} == {}


def test_the_error_catalogue_has_every_message_in_both_languages():
    """Every key in both tables with the same fields, so no message falls back or fails."""
    from string import Formatter

    from mazo.solver.messages import EN, ES

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in Formatter().parse(text) if name}

    tables = [(EN, ES)] + [
        (o.MESSAGES["en"], o.MESSAGES["es"]) for o in own_tables("messages").values()
    ]
    for en, es in tables:
        assert set(en) == set(es)
        assert [k for k in en if fields(en[k]) != fields(es[k])] == []
    for name, own in own_tables("messages").items():
        assert [k for k in own.MESSAGES["en"] if not k.startswith(f"{name}.")] == []


COMMANDS = [
    [],
    ["advise"],
    ["games"],
    ["match"],
    ["odds"],
    ["play"],
    ["puzzles"],
    ["replay"],
    ["review"],
    ["rulebook"],
    ["score"],
    ["simulate"],
    ["solve"],
    ["spec"],
    ["spec", "check"],
]
# Typer's and click's words, and the value types Typer shows when an option names none.
ENGLISH_HELP_WORDS = ("OPTIONS", "COMMAND", "ARGS", "<str>", "<integer>", "<float>", "<text>")


@pytest.mark.parametrize("command", COMMANDS, ids=lambda words: " ".join(words) or "mazo")
def test_every_help_speaks_one_language_within_80_columns(monkeypatch, command):
    """Spanish help names no English placeholder (`[OPTIONS]`, `<str>`); in both languages
    every value an option takes is named, and the lines fit 80 columns. `mazo --lang es CMD
    --help`, `mazo CMD --help --lang es` and the Spanish locale say the same (the help of the
    trial that found them apart)."""
    monkeypatch.setenv("COLUMNS", "80")
    helps = {}
    for lang in ("es", "en"):
        code, out, err = run(monkeypatch, {}, "--lang", lang, *command, "--help")
        assert (code, err) == (0, ""), (lang, err)
        assert max(len(line) for line in out.splitlines()) <= 80, lang
        # `--lang` after the command asks the same (`mazo spec --help --lang es`)
        assert run(monkeypatch, {}, *command, "--help", "--lang", lang) == (0, out, ""), lang
        helps[lang] = out
    assert [w for w in ENGLISH_HELP_WORDS if w in helps["es"]] == []
    assert [w for w in ENGLISH_HELP_WORDS[3:] if w in helps["en"]] == []
    assert ("Usage: mazo" in helps["en"]) and ("Uso: mazo" in helps["es"])
    if command in ([], ["odds"]):  # the rule itself is test_help_follows_the_rule's
        _, by_locale, _ = run(monkeypatch, {"LANG": "es_UY.UTF-8"}, *command, "--help")
        assert by_locale == helps["es"]


def test_the_usage_line_and_its_error_name_an_argument_alike(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    for lang, usage, missing in (
        ("es", "Uso: mazo odds [OPCIONES] JUEGO [CARTAS]...", "falta el argumento JUEGO"),
        ("en", "Usage: mazo odds [OPTIONS] GAME [CARDS]...", "missing argument GAME"),
    ):
        _, out, _ = run(monkeypatch, {}, "--lang", lang, "odds", "--help")
        assert usage in out
        code, _, err = run(monkeypatch, {}, "--lang", lang, "odds")
        assert (code, err) == (2, f"mazo: error: {missing}\n")
    code, out, err = run(monkeypatch, {"LANG": "es_UY.UTF-8"}, "odds", "--json")
    assert code == 2 and json.loads(out) == {"error": "missing argument GAME"}  # JSON: English
    assert err == "mazo: error: falta el argumento JUEGO\n"


def test_every_value_has_its_name_in_both_languages():
    """Every option that takes a value, and every argument, has its placeholder in the
    catalogue, in English and in Spanish, and no placeholder is of a parameter that no
    longer is."""
    from mazo import cli, spoken
    from mazo.views.help_words import METAVARS
    from typer.main import get_command

    cli._register([])
    used: set[str] = set()

    def walk(command, path: str) -> None:
        for param in command.params:
            if getattr(param, "is_flag", False):
                continue
            key = f"{path} {spoken.help_key(param)}".strip()
            used.add(key if key in METAVARS else f"* {spoken.help_key(param)}")
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}".strip())

    walk(get_command(cli.app), "")
    assert sorted(set(METAVARS) - used) == []
    assert sorted(used - set(METAVARS)) == []


# Usage errors click finds before a command runs (the others: test_usage_and_input_errors_in_both).
USAGE_ERRORS = [
    ["odds"],
    ["solve", "conga", "--bac"],
    ["solve", "conga", "--json=yes", "1o"],
    [],  # `mazo --lang L` alone: the missing command
    ["games", "conga", "extra", "more"],
]


@pytest.mark.parametrize("args", USAGE_ERRORS, ids=lambda words: " ".join(words) or "mazo")
def test_usage_errors_are_lowercase_one_liners_in_both(monkeypatch, args):
    """Said as mazo's own errors are: one line, a lower-case first letter, no final period."""
    import re

    for lang in ("en", "es"):
        code, out, err = run(monkeypatch, {}, "--lang", lang, *args)
        assert (code, out) == (2, ""), (lang, err)
        assert re.fullmatch(r"mazo: error: [a-z][^\n]*[^.]\n", err), (lang, err)
        assert not any(w in err for w in ("Missing", "No such", "Got ", "Option ")), err


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("es_UY.UTF-8", "MAZO_LANG lleva es o en, no 'xx'"),
        ("en_US", "MAZO_LANG takes es or en, got 'xx'"),
    ],
)
def test_an_unreadable_mazo_lang_is_refused_in_the_locales_language(monkeypatch, locale, said):
    env = {"MAZO_LANG": "xx", "LANG": locale}
    code, out, err = run(monkeypatch, env, "solve", "gin", "AS 2S 3S 4H 5H 6H 7C 8C 9C KD")
    assert (code, out, err) == (2, "", f"mazo: error: {said}\n")


def test_every_help_text_flows_as_paragraphs_without_code_marks():
    """A docstring's line breaks are not the terminal's: every command's and option's help is
    paragraphs the terminal fills, with no ` code marks."""
    from mazo import spoken
    from mazo.cli import _register, app
    from typer.main import get_command

    _register([])
    command = get_command(app)
    spoken.flowed(command)
    texts = []

    def walk(cmd):
        texts.append(cmd.help or "")
        texts.extend(p.help or "" for p in cmd.params if hasattr(p, "help"))
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    walk(command)
    assert len(texts) > 50
    assert not [t for t in texts if "`" in t or "\n" in t.replace("\n\n", "")]
