"""Every terminal view in Spanish and English, chosen one way: --lang, else MAZO_LANG, else the
locale (LC_ALL, LC_MESSAGES, LANG), else the game's own language; JSON the same in both; `mazo
games` in 80 columns; shell completion's candidates."""

from __future__ import annotations

import json
import re

import pytest
from mazo.solver.spec.load import game_names, load_spec

from tests.commands import in_memory

CONGA = "1o 2o 3o 4o 5o 6o 7o 12b"
LOSING = "1o 2o 3o 5c 5e 7o 12b"
GIN = "AS 2S 3S 4H 5H 6H 7C 8C 9C KD"


def write(folder, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture
def views(tmp_path) -> dict[str, tuple[list[str], str, str]]:
    """Each view: its command line, a word only its Spanish shows and one only its English."""
    conga_sheet = write(tmp_path, "conga.yaml", "players: [A, B]\nhands:\n  - {A: 105, B: 3}\n")
    gin_sheet = write(tmp_path, "gin.yaml", "players: [A, B]\nhands:\n  - {A: 30, B: 0}\n")
    canasta_hand = "5H 5C 5S 7H 7C 7S QD QC 4H 2H 3S"
    return {
        "solve rummy": (["solve", "conga", CONGA], "Sueltas", "Loose"),
        "solve gin": (["solve", "gin", GIN], "Sueltas", "Deadwood"),
        "solve conquian": (["solve", "conquian", "1o 2o", "--faced", "3o"], "Vuelta", "Faced"),
        "solve canasta": (["solve", "canasta", canasta_hand, "--score", "0"], "Bajada", "Opening"),
        "score rummy": (
            ["score", "conga", "--cutter", CONGA[:-4], "--rival", "B=1c 2c 3c 5e 6e 11c 12c"],
            "jugador",
            "player",
        ),
        "score canasta": (
            ["score", "canasta", "--table", "5H 5C 5S", "--hand", "4H"],
            "cartas en la mesa",
            "table cards",
        ),
        "match": (["match", "conga", conga_sheet], "límite", "limit"),
        "match to a target": (["match", "gin", gin_sheet], "líneas", "lines"),
        "advise": (
            ["advise", "conga", LOSING, "--pozo-top", "4o", "--horizon", "2"],
            "Levantar",
            "Take",
        ),
        "games": (["games", "conga"], "opción=valor", "option=default"),
        "spec check": (
            ["spec", "check", write(tmp_path, "club.yaml", "extends: conga\n")],
            "reglas de la casa",
            "house rules",
        ),
        "puzzles": (["puzzles", "conga", "-n", "1", "--key-only"], "dificultad", "difficulty"),
    }


def run(monkeypatch, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    for name, value in (env or {}).items():
        monkeypatch.setenv(name, value)
    code, out, err = in_memory(monkeypatch, *args)
    return code, out.decode("utf-8"), err


VIEWS = [
    "solve rummy",
    "solve gin",
    "solve conquian",
    "solve canasta",
    "score rummy",
    "score canasta",
    "match",
    "match to a target",
    "advise",
    "games",
    "spec check",
    "puzzles",
]


@pytest.mark.parametrize("name", VIEWS)
def test_every_view_speaks_both_languages_and_its_json_does_not_change(views, name, monkeypatch):
    args, spanish, english = views[name]
    shown = {}
    for lang in ("es", "en"):
        code, out, err = run(monkeypatch, *args, "--lang", lang)
        assert code == 0, err
        shown[lang] = out
    assert spanish in shown["es"] and english not in shown["es"], shown["es"]
    assert english in shown["en"] and spanish not in shown["en"], shown["en"]
    data = {lang: run(monkeypatch, *args, "--json", "--lang", lang)[1] for lang in ("es", "en")}
    assert data["es"] == data["en"] and json.loads(data["es"])


# Each step of the order, with every later step set to the other language: the step wins.
STEPS = {
    "--lang": {"MAZO_LANG": "{other}", "LC_ALL": "{other}_UY.UTF-8", "LANG": "{other}"},
    "MAZO_LANG": {"LC_ALL": "{other}_UY.UTF-8", "LC_MESSAGES": "{other}", "LANG": "{other}"},
    "LC_ALL": {"LC_MESSAGES": "{other}_AR.UTF-8", "LANG": "{other}_UY.UTF-8"},
    "LC_MESSAGES": {"LANG": "{other}_UY.UTF-8"},
    "LANG": {},
}


@pytest.mark.parametrize("step", STEPS)
@pytest.mark.parametrize(("wanted", "game", "hand"), [("en", "conga", CONGA), ("es", "gin", GIN)])
def test_each_step_of_the_order_beats_the_ones_after_it(monkeypatch, step, wanted, game, hand):
    other = {"es": "en", "en": "es"}[wanted]
    env = {name: value.format(other=other) for name, value in STEPS[step].items()}
    args = ["solve", game, hand]
    if step == "--lang":
        args += ["--lang", wanted]
    else:
        env[step] = wanted if step == "MAZO_LANG" else f"{wanted}_US.UTF-8"
    code, out, err = run(monkeypatch, *args, env=env)
    assert code == 0, err
    # The game's language is the other one: only the step can have chosen this one.
    assert out.startswith({"es": "Mano", "en": "Hand"}[wanted]), (step, env, out)


@pytest.mark.parametrize(
    ("game", "hand", "first"), [("conga", CONGA, "Mano"), ("gin", GIN, "Hand")]
)
def test_without_any_choice_a_game_speaks_its_own_language(monkeypatch, game, hand, first):
    assert load_spec(game).lang == {"Mano": "es", "Hand": "en"}[first]
    assert run(monkeypatch, "solve", game, hand)[1].startswith(first)


@pytest.mark.parametrize("locale", ["C", "POSIX", "C.UTF-8", "fr_FR.UTF-8", "", "deutsch"])
def test_a_locale_in_another_language_leaves_the_choice_to_the_game(monkeypatch, locale):
    # The first locale variable set is the locale, as POSIX reads them: LANG is not asked.
    env = {"LC_ALL": locale, "LANG": "en_US.UTF-8"} if locale else {"LANG": "fr_FR"}
    assert run(monkeypatch, "solve", "conga", CONGA, env=env)[1].startswith("Mano")


def test_an_empty_variable_is_not_set(monkeypatch):
    env = {"MAZO_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_GB.UTF-8"}
    assert run(monkeypatch, "solve", "conga", CONGA, env=env)[1].startswith("Hand")


@pytest.mark.parametrize(
    ("args", "env", "culprit"),
    [
        (
            ["--lang", "fr"],
            {},
            ("--lang lleva es o en, no 'fr'", "--lang takes es or en, got 'fr'"),
        ),
        (
            [],
            {"MAZO_LANG": "fr"},
            ("MAZO_LANG lleva es o en, no 'fr'", "MAZO_LANG takes es or en, got 'fr'"),
        ),
    ],
)
def test_a_language_mazo_does_not_speak_is_one_line_even_with_json(monkeypatch, args, env, culprit):
    """Said in the language of the game named (Conga's, Spanish); its JSON in English."""
    said, english = culprit
    for json_flag in ([], ["--json"]):
        code, out, err = run(monkeypatch, "solve", "conga", CONGA, *args, *json_flag, env=env)
        assert code == 2 and err == f"mazo: error: {said}\n"
        assert out == ("" if not json_flag else json.dumps({"error": english}) + "\n")


def test_spanish_numbers_are_written_the_spanish_way(monkeypatch):
    two = ("advise", "conga", LOSING, "--pozo-top", "4o", "--horizon", "2")
    es = run(monkeypatch, *two, "--lang", "es")[1]
    en = run(monkeypatch, *two, "--lang", "en")[1]
    assert "22,07" in es and "0 %" in es and "22.07" in en and "0%" in en


def test_the_game_words_are_the_games_own(monkeypatch):
    out = run(monkeypatch, "solve", "conga", "1o 1c 1e 5o 6o 7o 12b 11c")[1]
    assert "pierna" in out and "escalera" in out and "sin cortar" in out
    canasta = "5H 5C 5S 7H 7C 7S QD QC 4H 2H 3S"
    out = run(monkeypatch, "solve", "canasta", canasta, "--score", "0", "--pozo-top", "QS")[1]
    assert "pozo congelado" in out and "puede levantar" in out


def test_the_spec_says_the_games_language_and_a_rules_file_may_change_it(monkeypatch, tmp_path):
    assert {g: load_spec(g).lang for g in game_names()} == {
        "canasta-uruguaya": "es",
        "chinchon": "es",
        "conga": "es",
        "conquian": "es",
        "gin-rummy": "en",
    }
    english = write(tmp_path, "en.yaml", "extends: conga\nlang: en\n")
    assert run(monkeypatch, "solve", "conga", CONGA, "--rules", english)[1].startswith("Hand")
    wrong = write(tmp_path, "fr.yaml", "extends: conga\nlang: fr\n")
    code, _, err = run(monkeypatch, "solve", "conga", CONGA, "--rules", wrong)
    assert code == 2 and "fr.yaml" in err and "lang" in err and "es, en" in err


# --- mazo games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("columns", [80, 200, 60])
def test_games_fits_the_terminal_and_breaks_no_word(monkeypatch, lang, columns):
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out, err = run(monkeypatch, "games", "--lang", lang)
    assert code == 0, err
    for line in out.splitlines():
        assert len(line) <= min(columns, 80), line
    # Lines broken only between words: the text read across them is each source text whole.
    flowing = " ".join(out.split())
    for game in game_names():
        spec = load_spec(game)
        assert " ".join(f"{spec.game} — {spec.title[lang]}".split()) in flowing
        for option in spec.options:
            assert re.search(rf"^  {option.name}=\S+  ", out, re.M), option.name
            assert f"{option.name}=" in flowing
            assert " ".join(option.allowed(lang).split()) in flowing
            assert " ".join(option.description[lang].split()) in flowing


def test_games_shows_one_game_by_name_or_alias(monkeypatch):
    out = run(monkeypatch, "games", "conga")[1]
    assert out.startswith("conga — Conga Uruguaya") and "gin-rummy" not in out
    assert run(monkeypatch, "games", "conga-uruguaya")[1] == out
    data = json.loads(run(monkeypatch, "games", "gin", "--json")[1])
    assert [g["game"] for g in data["games"]] == ["gin-rummy"]
    code, out, err = run(monkeypatch, "games", "poker")
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert err.startswith("mazo: error: unknown game 'poker'")


# --- shell completion ----------------------------------------------------------------------------


def complete(monkeypatch, line: str) -> list[str]:
    """The candidates bash gets for the last word of `line`, by click's completion protocol."""
    words = line.split(" ")
    env = {"_MAZO_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    code, out, err = run(monkeypatch, env=env)
    assert code == 0, err
    return out.split()


@pytest.mark.parametrize(
    ("line", "candidates"),
    [
        ("mazo sol", ["solve"]),
        ("mazo solve gi", ["gin-rummy", "gin", "gin_rummy", "ginrummy"]),
        ("mazo games conga-", ["conga-uruguaya"]),
        ("mazo solve conga --lang ", ["es", "en"]),
        ("mazo puzzles gin --kind ", [*load_spec("gin").puzzle_kinds, "all"]),
        ("mazo solve conga --variant reen", ["reenganche="]),
        (
            "mazo solve conga --variant reenganche=",
            [f"reenganche={v}" for v in ("off", "once", "twice")],
        ),
        ("mazo solve gin --variant oklahoma=t", ["oklahoma=true"]),
        ("mazo rulebook conga --format ", ["pdf", "md"]),
        ("mazo solve poker --variant ", []),
        ("mazo match conga ", []),  # a file: the shell's own completion of paths
        ("mazo advise conga --horizon ", ["1", "2", "optimal"]),
        ("mazo advise conga --backend ", ["auto", "cpsat", "search"]),
        ("mazo solve conga --backend c", ["cpsat"]),
        ("mazo puzzles conga --answers ", ["end", "separate"]),
        ("mazo puzzles conga --paper ", ["a4", "letter"]),
        ("mazo score canasta --going-out ", ["no", "out", "concealed"]),
    ],
)
def test_completion_candidates(monkeypatch, line, candidates):
    assert complete(monkeypatch, line) == candidates


def test_completion_names_every_game_and_alias(monkeypatch):
    names = [name for game, aliases in game_names().items() for name in (game, *aliases)]
    assert complete(monkeypatch, "mazo solve ") == names
    assert "--install-completion" in complete(monkeypatch, "mazo --")


@pytest.mark.parametrize(
    "env",
    [
        {"COMP_CWORD": "1"},  # no line
        {"COMP_WORDS": "mazo so", "COMP_CWORD": "abc"},
        {"COMP_WORDS": "mazo so", "COMP_CWORD": "-1"},
        {"COMP_WORDS": "mazo so"},
    ],
)
def test_a_malformed_completion_request_gets_nothing_quietly(monkeypatch, env):
    monkeypatch.delenv("COMP_WORDS", raising=False)
    monkeypatch.delenv("COMP_CWORD", raising=False)
    assert run(monkeypatch, env={"_MAZO_COMPLETE": "complete_bash", **env}) == (1, "", "")


def test_tcsh_completes_the_line_it_sends(monkeypatch):
    env = {"_MAZO_COMPLETE": "complete_tcsh", "COMMAND_LINE": "mazo advise conga --horizon o"}
    assert run(monkeypatch, env=env) == (0, "optimal\n", "")
    env["COMMAND_LINE"] = "mazo sol"
    assert run(monkeypatch, env=env)[1] == "solve\n"
    monkeypatch.delenv("COMMAND_LINE")
    assert run(monkeypatch, env={"_MAZO_COMPLETE": "complete_tcsh"}) == (1, "", "")


# Each shell's script, as its start-up file reads it: (the file, the start-up file, its line).
INSTALLED = {
    "bash": (".bash_completions/mazo.sh", ".bashrc", "source '{home}/.bash_completions/mazo.sh'"),
    "zsh": (".zfunc/_mazo", ".zshrc", "fpath+=~/.zfunc; autoload -Uz compinit; compinit"),
    "fish": (".config/fish/completions/mazo.fish", None, None),
    "tcsh": (
        ".tcsh_completions/mazo.tcsh",
        ".tcshrc",
        "source '{home}/.tcsh_completions/mazo.tcsh'",
    ),
}


@pytest.mark.parametrize("shell", list(INSTALLED))
def test_completion_installs_for_the_shell_named(monkeypatch, tmp_path, shell):
    monkeypatch.setenv("HOME", str(tmp_path))
    script, start_up, line = INSTALLED[shell]
    if start_up:
        (tmp_path / start_up).write_text("# mine\nalias ll='ls -l'")
        (tmp_path / start_up).chmod(0o600)
    code, out, err = run(monkeypatch, "--install-completion", shell)
    assert (code, err) == (0, ""), err
    assert out.startswith(f"{shell} completion installed in {tmp_path / script}\n")
    shown = run(monkeypatch, "--show-completion", shell)[1]
    assert (tmp_path / script).read_text() == shown
    assert "_MAZO_COMPLETE=complete_" + shell in shown
    made = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert made == sorted(filter(None, [script, start_up]))
    if start_up:
        expected = f"# mine\nalias ll='ls -l'\n{line.format(home=tmp_path)}\n"
        assert (tmp_path / start_up).read_text() == expected
        assert (tmp_path / start_up).stat().st_mode & 0o777 == 0o600
        run(monkeypatch, "--install-completion", shell)  # a second time adds no second line
        assert (tmp_path / start_up).read_text() == expected


def test_tcsh_keeps_a_cshrc_it_would_hide(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".cshrc").write_text("set prompt='> '\n")
    assert run(monkeypatch, "--install-completion", "tcsh")[0] == 0
    assert not (tmp_path / ".tcshrc").exists()
    assert "mazo.tcsh'" in (tmp_path / ".cshrc").read_text()


@pytest.mark.parametrize("flag", ["--install-completion", "--show-completion"])
def test_a_shell_without_a_script_is_refused_in_one_line(monkeypatch, tmp_path, flag):
    from mazo import shells

    monkeypatch.setenv("HOME", str(tmp_path))
    code, out, err = run(monkeypatch, flag, "ksh")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"{flag} takes bash, zsh, fish, tcsh, powershell or pwsh, got 'ksh'" in err
    monkeypatch.setattr(shells, "_running", lambda: None)  # a shell that cannot be told
    code, out, err = run(monkeypatch, flag)
    assert (code, out) == (2, "") and err.count("\n") == 1 and "name it" in err
    assert list(tmp_path.iterdir()) == []
