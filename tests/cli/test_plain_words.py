"""Plain words on every page: a whole-game win named by its close, a match titled by the
game's name, Gin's English views saying deadwood."""

from __future__ import annotations

from tests.commands import in_memory

GIN = "AS 2S 3S 4H 5H 6H 7C 8C 9C KD"


def shown(monkeypatch, *args: str) -> str:
    code, out, err = in_memory(monkeypatch, *args)
    assert code == 0, err
    return out.decode("utf-8")


def test_a_conga_limpia_names_the_win(monkeypatch, tmp_path):
    sheet = tmp_path / "club.yaml"
    sheet.write_text(
        "players: [Gustavo, Ana]\nhands:\n"
        "  - {Gustavo: 10, Ana: 5}\n  - {wins: Gustavo, Ana: 20}\n",
        encoding="utf-8",
    )
    spanish = shown(monkeypatch, "match", "conga", str(sheet))
    assert spanish.splitlines()[0] == "Conga Uruguaya: límite 100"
    assert spanish.splitlines()[-1] == "Gana Gustavo con ¡Conga Limpia!"
    english = shown(monkeypatch, "match", "conga", str(sheet), "--lang", "en")
    assert english.splitlines()[-1] == "Gustavo wins with Conga Limpia (clean conga)"


def test_the_title_is_the_games_name(monkeypatch, tmp_path):
    sheet = tmp_path / "canasta.yaml"
    sheet.write_text("players: [Nosotros, Ellos]\nhands:\n  - {Nosotros: 1620, Ellos: 35}\n")
    assert shown(monkeypatch, "match", "canasta", str(sheet)).startswith(
        "Canasta Uruguaya: a 5000\n"
    )
    gin = tmp_path / "gin.yaml"
    gin.write_text("players: [Ana, Beto]\nhands:\n  - {Ana: 30, Beto: 0}\n")
    assert shown(monkeypatch, "match", "gin", str(gin)).startswith("Gin Rummy: to 100, line 25")


def test_gin_says_deadwood_in_english_only(monkeypatch):
    english = shown(monkeypatch, "solve", "gin", GIN)
    assert "Deadwood K♦   = 10 points" in english and "Loose" not in english
    assert "Sueltas" in shown(monkeypatch, "solve", "gin", GIN, "--lang", "es")
    # Conga's English keeps its own word
    assert "Loose" in shown(monkeypatch, "solve", "conga", "1o 2o 3o 4o 5o 6o 7o", "--lang", "en")
    cutter, rival = "AS 2S 3S 4H 5H 6H 7C 8C 9C 2D", "B=KD KC KH 5C 6C 7H 8H 9H 2C 3C"
    score = shown(monkeypatch, "score", "gin", "--cutter", cutter, "--rival", rival)
    assert "deadwood pts" in score and "loose" not in score


KNOCK = ("--cutter", "AS 2S 3S 7H 7D 7C KD KC KH 2D", "--rival", "B=4S 5S 8H 9H TH QH KS AD 3D 4C")


def test_gin_says_the_knocker_in_english_and_breaks_the_melds_between_melds(monkeypatch):
    import json

    english = shown(monkeypatch, "score", "gin", *KNOCK)
    assert english.startswith("knocker: Knock\n") and "cutter" not in english
    assert "Knocker's melds after lay-offs: #1 A♠" in english and "Closer" not in english
    assert json.loads(shown(monkeypatch, "score", "gin", *KNOCK, "--json"))["closer"] == "cutter"
    conga = ("--cutter", "1o 2o 3o 9c 9e 9b 2c 1e", "--rival", "B=4o 9o 3c 2e 5e 11c 11b")
    conga_said = shown(monkeypatch, "score", "conga", *conga, "--lang", "en")
    assert "Closer's melds after lay-offs: #1 1o 2o 3o 4o" in conga_said
    spanish = shown(monkeypatch, "score", "gin", *KNOCK, "--lang", "es").splitlines()
    after = spanish.index(next(x for x in spanish if x.startswith("Juegos del cortador")))
    assert max(len(line) for line in spanish) <= 80
    # the third meld goes whole to the next line, under the first
    assert spanish[after].rstrip().endswith("#2 7♥ 7♦ 7♣")
    assert spanish[after + 1].strip() == "#3 K♠ K♥ K♦ K♣"
    assert spanish[after + 1].index("#3") == spanish[after].index("#1")


def test_a_gin_hand_that_cannot_knock_says_deadwood(monkeypatch):
    hand = ("--cutter-name", "Ana", "--cutter", "AS 2S 3S 7H 7D 7C KD KC 9D 2D")
    rival = ("--rival", "B=4S 5S 8H 9H TH QH KS AD 3D 4C")
    for lang, said in (
        ("en", "mazo: error: Ana cannot knock: 31 points of deadwood (most allowed: 10)"),
        ("es", "mazo: error: Ana no puede llamar: 31 puntos sueltos (a lo sumo: 10)"),
    ):
        code, out, err = in_memory(monkeypatch, "score", "gin", *hand, *rival, "--lang", lang)
        assert (code, out, err) == (2, b"", said + "\n")
    conga = ("--cutter", "1o 2o 3o 4o 5o 9c 11e 12b", "--rival", "B=7o 9o 2c 2e 5e 11c 11b")
    code, _, err = in_memory(monkeypatch, "score", "conga", *conga, "--lang", "en")
    assert code == 2 and "cutter's cards make no close: 19 loose points" in err


def test_a_gin_round_says_who_deals_not_who_is_mano():
    from mazo.solver.api import rules_for
    from mazo.views.play import Seats
    from mazo.views.play_events import _deal

    seats = Seats({"Ana": "human", "Beto": "novice"}, "en")
    line = {"round": 1, "mano": "Ana", "dealer": "Beto", "pozo": []}
    said = {
        ("en", "Ana"): "Round 1: Beto (novice) deals.",
        ("en", "Beto"): "Round 1: you deal.",
        ("es", "Ana"): "Ronda 1: da Beto (novato).",
        ("es", "Beto"): "Ronda 1: das vos.",
    }
    for (lang, mano), words in said.items():
        seats = Seats({"Ana": "human", "Beto": "novice"}, lang)
        dealer = "Beto" if mano == "Ana" else "Ana"
        line = {"round": 1, "mano": mano, "dealer": dealer, "pozo": []}
        assert _deal(line, rules_for("gin"), seats, "Ana") == [(words, "bold")]
    conga = _deal(line, rules_for("conga"), seats, "Ana")
    assert conga == [("Ronda 1: es mano Beto (novato).", "bold")]


# --- printed pages: the house rules in words ------------------------------------------------

GAMES = ["conga", "chinchon", "conquian", "gin-rummy", "canasta-uruguaya"]


def _values(option) -> list:
    if option.choices is not None:
        return list(option.choices)
    if option.kind == "bool":
        return [False, True]
    return list(range(option.minimum, option.maximum + 1))


def test_every_option_says_every_value_in_both_languages():
    """No code word: every value of every game's options in a player's words, never as a
    rules file writes it (`cut_threshold=3`, `one_to_the_right`)."""
    from mazo.solver.api import rules_for

    for game in GAMES:
        for option in rules_for(game).options:
            for value in _values(option):
                for lang in ("es", "en"):
                    said = option.said(value, lang)
                    assert "_" not in said and "=" not in said, (game, option.name, said)
                    if value == 1 and ("punto" in said or "point" in said):
                        assert " 1 puntos" not in said and " 1 points" not in said


CLUB = "extends: conga\nvariant:\n  cut_threshold: 3\n  figure_values: face\n"


def _book(tmp_path, monkeypatch, *args: str) -> str:
    (tmp_path / "club.yaml").write_text(CLUB)
    out = tmp_path / "club.md"
    monkeypatch.chdir(tmp_path)  # the rules file as a club member names it
    code, _, err = in_memory(
        monkeypatch,
        "rulebook",
        "conga",
        "--rules",
        "club.yaml",
        "--format",
        "md",
        "-o",
        str(out),
        *args,
    )
    assert code == 0, err
    return out.read_text(encoding="utf-8")


def test_the_cover_names_the_house_rules_in_words(tmp_path, monkeypatch):
    book = _book(tmp_path, monkeypatch)
    cover = book.split("## ", 1)[0]
    assert "*Reglas de la casa: se corta con 3 puntos; figuras 10, 11 y 12*" in cover
    assert "- **figuras 10, 11 y 12** (lo normal: figuras a 10)" in cover
    for code in ("figure_values", "cut_threshold", "flat10", "club.yaml", "Variante"):
        assert code not in cover
    # the options table says what each value means
    assert "Valores: flat10 (figuras a 10) / face (figuras 10, 11 y 12)." in book


def test_the_practice_command_names_the_rules_file_and_only_what_is_given_beside_it(
    tmp_path, monkeypatch
):
    book = _book(tmp_path, monkeypatch, "--variant", "jokers=0")
    assert "--kind TIPO --rules club.yaml --variant jokers=0**" in book
    assert "--variant cut_threshold" not in book and "--variant figure_values" not in book
    plain = _book(tmp_path, monkeypatch)
    assert "--kind TIPO --rules club.yaml** escribe" in plain


def test_the_practice_command_gives_the_rules_file_as_typed_quoted_for_a_shell(
    tmp_path, monkeypatch
):
    """From a subfolder the file's base name would not be found: the path goes as given."""
    (tmp_path / "mi club.yaml").write_text(CLUB)
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    args = ("rulebook", "conga", "--rules", "../mi club.yaml", "--format", "md", "--lang", "en")
    code, _, err = in_memory(monkeypatch, *args, "-o", "en-book.md")
    assert code == 0, err
    book = (tmp_path / "sub" / "en-book.md").read_text(encoding="utf-8")
    assert "mazo puzzles conga --kind KIND --lang en --rules '../mi club.yaml'" in book


def test_the_odds_charts_caption_says_the_deck_in_words():
    from mazo.rulebooks.book import house_rules_said
    from mazo.solver.api import rules_for

    spec = rules_for("conga", variant={"deck_size": 40, "jokers": 0})
    assert house_rules_said(spec, "es") == "baraja de 40 cartas; sin comodines"
    assert house_rules_said(spec, "en") == "a 40-card deck; no jokers"
    assert house_rules_said(rules_for("conga"), "es") is None


def test_english_cards_name_the_spanish_figures_in_english():
    import io

    from mazo.templates.cards import CardFlowable
    from pypdf import PdfReader
    from reportlab.platypus import SimpleDocTemplate

    def drawn(lang: str) -> str:
        out = io.BytesIO()
        cards = [CardFlowable(code, "spanish", lang=lang) for code in ("10o", "11c", "12e")]
        SimpleDocTemplate(out, invariant=1).build(cards)
        return PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text()

    english, spanish = drawn("en"), drawn("es")
    assert all(w in english for w in ("jack", "knight", "king"))
    assert not any(w in english for w in ("sota", "caballo", "rey"))
    assert all(w in spanish for w in ("sota", "caballo", "rey"))


def test_gins_deadwood_words_take_the_fields_of_the_words_they_replace():
    from string import Formatter

    from mazo.words.en import WORDS as EN

    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in Formatter().parse(text) if name}

    gin = {k.removeprefix("deadwood."): text for k, text in EN.items() if k.startswith("deadwood.")}
    assert gin and [k for k, text in gin.items() if fields(text) != fields(EN[k])] == []


# --- the pozo in the game's own words: Gin's English players say discard pile -------------------


def test_every_english_word_of_a_gin_view_says_discard_pile_not_pozo():
    from mazo.solver.spec.load import load_spec
    from mazo.views.words import say_for
    from mazo.words.en import WORDS as EN
    from mazo.words.es import WORDS as ES

    gin, conga = load_spec("gin"), load_spec("conga")
    # the views' words: the store's keys without a namespace
    keys = [k for k, text in EN.items() if "pozo" in text.lower() and "." not in k]
    assert "play_refused_pozo_card" in keys and "review_pozo" in keys

    def said(spec, lang: str, key: str) -> str:
        return say_for(spec, lang, key, **dict.fromkeys(_fields(EN[key] + ES[key]), "{}"))

    assert [k for k in keys if "pozo" in said(gin, "en", k).lower()] == []
    assert all("discard pile" in said(gin, "en", k).lower() for k in keys)
    assert say_for(gin, "en", "play_pozo") == "Discard pile"
    assert all(
        said(conga, "en", k) == said(conga, "en", k).replace("discard pile", "") for k in keys
    )
    assert say_for(conga, "en", "play_pozo") == "Pozo"
    assert say_for(gin, "es", "play_pozo") == "Pozo"


def _fields(text: str) -> set[str]:
    from string import Formatter

    return {name for _, name, _, _ in Formatter().parse(text) if name}


def test_a_gin_replay_and_table_say_discard_pile_in_english_and_pozo_in_spanish(
    monkeypatch, tmp_path
):
    shown(
        monkeypatch,
        "simulate",
        "gin",
        "--seats",
        "novice,novice",
        "-n",
        "1",
        "--jobs",
        "1",
        "--record",
        str(tmp_path),
    )
    record = str(tmp_path / "1-1.jsonl")
    english = shown(monkeypatch, "replay", record, "--lang", "en")
    assert "from the discard pile" in english and "pozo" not in english.lower()
    assert "del pozo" in shown(monkeypatch, "replay", record, "--lang", "es")
    _, out, err = in_memory(
        monkeypatch, "play", "gin", "--seed", "3", "--lang", "en", stdin=b"rules\nl\n"
    )
    table = out.decode("utf-8")
    assert "Discard pile" in table and "from the discard pile" in table, err
    assert "pozo" not in table.lower()


def test_a_conga_table_keeps_its_pozo_in_english(monkeypatch):
    _, out, err = in_memory(
        monkeypatch, "play", "conga", "--seed", "3", "--lang", "en", stdin=b"rules\n"
    )
    assert "Pozo" in out.decode("utf-8") and "discard pile" not in out.decode("utf-8"), err


def test_the_pozos_name_is_text_in_both_languages(monkeypatch, tmp_path):
    rules = tmp_path / "club.yaml"
    rules.write_text("extends: gin\npozo: {name: 3}\n", encoding="utf-8")
    for lang, said in (("en", "expected text in both languages"), ("es", "el texto en los dos")):
        code, out, err = in_memory(monkeypatch, "spec", "check", str(rules), "--lang", lang)
        assert code == 2 and out == b"" and len(err.strip().splitlines()) == 1
        assert "'pozo.name'" in err and said in err, err
    rules.write_text("extends: gin\npozo: {name: {es: pozo, en: pile}}\n", encoding="utf-8")
    hand = "AS 2S 3S 4S 5H 5D 5C 8C 9C TC KD"
    rules.write_text("extends: gin\npozo: {name: {es: pozo, en: pile}}\n", encoding="utf-8")
    solved = shown(
        monkeypatch, "solve", "gin", "--rules", str(rules), hand, "--drawn-from-pozo", "KD"
    )
    assert "it is the card you took from the pile" in solved


def test_the_resting_hand_has_one_spanish_name():
    """The hand before the draw is the "mano en espera" in the help, the errors and the odds
    chart's page alike."""
    from mazo import cli, spoken
    from mazo.solver.messages import ES
    from mazo.views.help_words import ES as HELP
    from mazo.words.es import WORDS

    cli._register([])  # the commands compose their help texts from each mechanism's
    texts = [*ES.values(), *HELP.values(), *WORDS.values()]
    texts += [text("es") for text in spoken.COMPOSED.values()]
    for other in ("descanso", "reposo"):
        assert not [text for text in texts if other in text], other
    named = [text for text in texts if "mano en espera" in text or "manos en espera" in text]
    assert len(named) >= 5


def test_canasta_names_its_pdf_as_every_command_does(monkeypatch, tmp_path):
    pdf = tmp_path / "cblank.pdf"
    players = ("match", "canasta", "--players", "Nosotros,Ellos", "--pdf", str(pdf))
    assert shown(monkeypatch, *players, "--lang", "es").endswith(f"\nescrito: {pdf}\n")
    assert shown(monkeypatch, *players, "--lang", "en").endswith(f"\nwrote {pdf}\n")


def test_the_gin_match_view_says_partida_as_its_pdf_does(monkeypatch, tmp_path):
    from mazo.words import word

    gin = tmp_path / "gin.yaml"
    gin.write_text("players: [Ana, Beto]\nhands:\n  - {Ana: 30, Beto: 0}\n")
    title = shown(monkeypatch, "match", "gin", str(gin), "--lang", "es").splitlines()[0]
    assert title == "Gin Rummy: a 100, línea 25, partida 100"
    assert "· partida {bonus}" in word("es", "sheet.rules")


def test_the_spanish_words_name_the_wild_cards_and_the_redirection():
    from mazo.solver.messages import ES
    from mazo.solver.spec.load import load_spec

    canasta = load_spec("canasta").option("max_wild").description["es"]
    assert canasta.startswith("Comodines (los jokers y los 2)")
    assert ES["pdf_terminal"].endswith("o redirigilo a un archivo (>) o a otro programa (|)")
    assert not [text for text in ES.values() if "caño" in text]
