"""Every area's errors in both languages through the command line: the locale says Spanish
(LANG=es_UY.UTF-8) and --lang en says English, the English byte for byte as the library says it;
JSON errors stay English."""

from __future__ import annotations

import json
import re

import pytest

from tests.commands import in_memory
from tests.play.test_simulate import one_deal_report

SPANISH = {"LANG": "es_UY.UTF-8"}


def said(monkeypatch, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    code, out, err = in_memory(monkeypatch, *args)
    return code, out.decode("utf-8"), err


def both(monkeypatch, args: list[str], spanish: str, english: str, code: int = 2) -> None:
    """The error in Spanish by the locale, in English by --lang en, on one line each."""
    for flags, wanted in (([], spanish), (["--lang", "en"], english)):
        got, _, err = said(monkeypatch, SPANISH, *args, *flags)
        assert got == code and err.count("\n") == 1, (flags, err)
        assert wanted in err, (flags, err)


SHEETS = [
    (
        "players: [A]\nhands:\n  - {A: 1}\n",
        "una partida necesita por lo menos dos jugadores",
        "a match needs at least two players",
    ),
    (
        "players: [A, B]\nhands:\n  - {A: 1.5, B: 0}\n",
        "(mano 1): los puntos de A, 1.5, no son un número entero",
        "(hand 1): A's points 1.5 are not a whole number",
    ),
    (
        "players: [A, B]\nhands:\n  - {A: 0, C: 3}\n",
        "(mano 1): clave desconocida 'C': no es un jugador (A, B)",
        "(hand 1): unknown key 'C': not a player (A, B)",
    ),
]


@pytest.mark.parametrize(("text", "spanish", "english"), SHEETS)
def test_a_sheets_mistakes_in_both(monkeypatch, tmp_path, text, spanish, english):
    path = tmp_path / "planilla.yaml"
    path.write_text(text)
    both(monkeypatch, ["match", "conga", str(path)], spanish, english)


def test_a_canasta_sides_cards_in_both(monkeypatch, tmp_path):
    path = tmp_path / "planilla.yaml"
    path.write_text("players: [A, B]\nhands:\n  - {A: {table: AS AS AS}, B: 0}\n")
    both(
        monkeypatch,
        ["match", "canasta", str(path)],
        "(mano 1): las cartas de A: 3 copias de 'AS' en los juegos de la pareja",
        "(hand 1): A's cards: 3 copies of 'AS' in the partnership's melds",
    )


def test_a_sheets_json_error_stays_english(monkeypatch, tmp_path):
    path = tmp_path / "planilla.yaml"
    path.write_text("players: [A, B]\nhands:\n  - {A: 1.5, B: 0}\n")
    code, out, err = said(monkeypatch, SPANISH, "match", "conga", str(path), "--json")
    assert code == 2 and "no son un número entero" in err
    assert json.loads(out)["error"].endswith("(hand 1): A's points 1.5 are not a whole number")


def test_an_elimination_match_in_both(monkeypatch, tmp_path):
    path = tmp_path / "planilla.csv"
    path.write_text("hand,A,B\n1,3,4\n2,5,\n")
    both(
        monkeypatch,
        ["match", "conga", str(path)],
        "planilla.csv:3 (mano 2): faltan los puntos o las cartas de B",
        "planilla.csv:3 (hand 2): no points or cards for B",
    )


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["score", "conga", "--cutter", "4o 5o 6o 9c 9e 9b 12e", "--rival", "B=1o 2o 3o"],
            "B tiene 3 cartas; Conga Uruguaya lleva 7",
            "B has 3 cards; Conga Uruguaya needs 7",
        ),
        (
            ["score", "conga", "--cutter", "4o 5o 6o 9c 9e 9b 3e", "--rival", "B"],
            "--rival lleva NOMBRE=\"CARTAS\", no 'B'",
            "--rival takes NAME=\"CARDS\", got 'B'",
        ),
        (
            ["score", "canasta", "--upcard", "5H", "--table", "KS KH KD"],
            "--upcard no va con canasta-uruguaya: es para contar una mano de rummy",
            "--upcard does not apply to canasta-uruguaya: it is for rummy scoring",
        ),
        (["match", "conga"], "dale la planilla (un archivo", "give the score sheet (a file"),
    ],
)
def test_score_and_match_options_in_both(monkeypatch, args, spanish, english):
    both(monkeypatch, args, spanish, english)


def test_a_file_that_cannot_be_written_in_both(monkeypatch, tmp_path):
    target = tmp_path / "nowhere" / "reglas.md"
    both(
        monkeypatch,
        ["rulebook", "conga", "--format", "md", "-o", str(target)],
        "no se puede escribir",
        f"cannot write {str(target)!r}: its folder does not exist",
    )
    spanish = said(monkeypatch, SPANISH, "rulebook", "conga", "--format", "md", "-o", str(target))
    assert spanish[2].endswith(": su carpeta no existe\n")


@pytest.mark.parametrize(
    ("line", "spanish", "english"),
    [
        (b"[1, 2]\n", 'una línea JSON es un objeto con su "hand"', "a JSON line is an object with"),
        (b'{"hand": 3}\n', "'hand' lleva códigos de cartas", "'hand' takes card codes"),
    ],
)
def test_a_batch_lines_mistakes_in_both(monkeypatch, line, spanish, english):
    for flags, wanted in (([], f"mazo: error: línea 1: {spanish}"), (["--lang", "en"], english)):
        for name, value in SPANISH.items():
            monkeypatch.setenv(name, value)
        code, _, err = in_memory(monkeypatch, "solve", "gin", "-", *flags, stdin=line)
        assert code == 2 and wanted in err, (flags, err)


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["puzzles", "conga", "--kind", "nope"],
            "conga no tiene el tipo de ejercicio 'nope'; tiene:",
            "conga has no puzzle kind 'nope'; it offers:",
        ),
        (
            ["puzzles", "conga", "--answers", "separate", "-o", "-"],
            "--answers separate necesita -o ARCHIVO.pdf",
            "--answers separate needs -o FILE.pdf",
        ),
        (
            ["puzzles", "conga", "--paper", "a5"],
            "--paper lleva a4 o letter, no 'a5'",
            "--paper takes a4 or letter, got 'a5'",
        ),
        (
            ["odds", "conga", "--plot", "x.pdf"],
            "--plot dibuja las chances de un reparto al azar: dalo con --deal",
            "--plot draws the chances of a random deal: give it with --deal",
        ),
        (
            ["advise", "conga", "1o", "2o", "--horizon", "3"],
            "el horizonte (--horizon) es 1, 2 u optimal, no 3",
            "the horizon (--horizon) is 1, 2 or optimal, got 3",
        ),
        (
            ["rulebook", "conga", "--paper", "a5"],
            "--paper lleva a4 o letter, no 'a5'",
            "--paper takes a4 or letter, got 'a5'",
        ),
    ],
)
def test_odds_advise_puzzles_and_rulebook_options_in_both(monkeypatch, args, spanish, english):
    both(monkeypatch, args, spanish, english)


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["simulate", "conga", "--seats", "novice,novice", "--shard", "3/2"],
            "--shard K/N necesita 1 <= K <= N, no '3/2'",
            "--shard K/N needs 1 <= K <= N, got '3/2'",
        ),
        (
            ["simulate", "gin", "--seats", "novice,novice,novice"],
            "Gin Rummy se juega de a 2 jugadores: --seats da 3",
            "Gin Rummy seats 2 players: --seats gives 3",
        ),
        (
            ["simulate", "conga", "--seats", "novice,novice", "--record", ""],
            "--record lleva el nombre de una carpeta, no uno vacío",
            "--record takes a folder's name, not an empty one",
        ),
    ],
)
def test_simulate_options_in_both(monkeypatch, args, spanish, english):
    both(monkeypatch, args, spanish, english)


@pytest.mark.parametrize("command", ["replay", "review"])
def test_a_record_that_is_not_one_in_both(monkeypatch, tmp_path, command):
    path = tmp_path / "partida.jsonl"
    path.write_text('{"event": "deal"}\n')
    both(
        monkeypatch,
        [command, str(path)],
        "partida.jsonl:1: la primera línea es un evento 'deal': un registro empieza con su línea",
        "partida.jsonl:1: the first line is a 'deal' event: a record starts with its game line",
    )


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["solve", "conquian", "1o", "2o", "3o"],
            "Conquián necesita la carta dada vuelta (--faced)",
            "Conquián needs the faced card (--faced)",
        ),
        (
            ["solve", "canasta", "4C 5C 6C 7H 8H 9D", "--pozo", "3H", "--pozo-top", "3H"],
            "un 3 rojo ('3H') nunca está en el pozo",
            "a red 3 ('3H') is never on the pozo",
        ),
    ],
)
def test_a_games_own_position_in_both(monkeypatch, args, spanish, english):
    both(monkeypatch, args, spanish, english)


def test_a_canasta_score_in_both(monkeypatch):
    both(
        monkeypatch,
        ["score", "canasta", "--table", "AS AH AD", "--going-out", "out"],
        "una pareja no puede cerrar sin una canasta",
        "a partnership cannot go out without a canasta",
    )


# More rounds won than played: a report no run gives, whose statistics cannot be computed.
IMPOSSIBLE = json.dumps(one_deal_report([2, 2, 3, 5, 17, 0, 0]))


@pytest.mark.parametrize("text", ["{}\n", IMPOSSIBLE], ids=["empty", "impossible"])
def test_a_report_to_merge_in_both(monkeypatch, tmp_path, text):
    path = tmp_path / "parte.json"
    path.write_text(text)
    both(
        monkeypatch,
        ["simulate", "--merge", str(path)],
        "parte.json' no es el JSON de una corrida de `mazo simulate`",
        "parte.json' is not the JSON of a `mazo simulate` run",
    )


def test_a_rules_files_match_in_both(monkeypatch, tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("extends: conga\nmatch:\n  target: 100\n")
    both(
        monkeypatch,
        ["spec", "check", str(path)],
        "campo 'match': una partida se juega a un puntaje o a eliminación, no a las dos cosas",
        "field 'match': a match is played to a target or by elimination, not both",
    )


# A game line as `mazo play` writes it: one person, one bot.
GAME = {
    "event": "game",
    "format": 1,
    "game": "conga",
    "options": {},
    "players": ["Ana", "Beto"],
    "seats": {"Ana": "human", "Beto": "novice"},
    "seed": 1,
}
RESUMED = [
    (
        [{**GAME, "seats": {"Ana": "novice", "Beto": "greedy"}}],  # a `mazo simulate` record's
        'sus asientos son {"Ana": "novice", "Beto": "greedy"}: una partida para seguir '
        "tiene un asiento 'human'",
        'its seats are {"Ana": "novice", "Beto": "greedy"}: a game to resume has one '
        "seat 'human' and the others bots' levels (novice, greedy, fastest, expert)",
    ),
    (
        [{**GAME, "seed": None}],
        "su semilla es null, no un número entero",
        "its seed is null, not a whole number",
    ),
    (
        [{**GAME, "seed": "x"}],
        "el campo 'seed' es 'x': tiene que ser un número entero",
        "field 'seed' is 'x': it is a whole number",
    ),
    (
        [GAME, {"event": "pending", "round": 1, "player": "Beto", "draw": "stock"}],
        "partida.jsonl:2: un robo pendiente es de la persona",
        "partida.jsonl:2: a pending draw is the person's, 'stock' or 'pozo', and the record's "
        "last line",
    ),
    (
        [GAME],  # its options left out: the game's own line differs from it
        "partida.jsonl:1: dañado: en game, la partida da options {",
        "partida.jsonl:1: damaged: in game, the game gives options {",
    ),
    (
        [{**GAME, "players": "Ana"}],
        "el campo 'players' es 'Ana': tiene que ser una lista de nombres",
        "field 'players' is 'Ana': it is a list of names",
    ),
    (
        [{**GAME, "players": ["Ana", "\x1b[2JBeto"]}],
        "campo 'players[1]' tiene un carácter de control",
        "field 'players[1]' holds a control character (an escape sequence's, a line break): a "
        "record's names and texts are printable",
    ),
]


@pytest.mark.parametrize(("lines", "spanish", "english"), RESUMED)
def test_a_record_that_cannot_be_resumed_in_both(monkeypatch, tmp_path, lines, spanish, english):
    path = tmp_path / "partida.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    both(monkeypatch, ["play", "conga", "--resume", str(path)], spanish, english)


def test_a_deck_too_small_for_the_seats_in_both(monkeypatch, tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("extends: conga\nhand_size: 12\n")
    both(
        monkeypatch,
        ["simulate", "conga", "--rules", str(path), "--seats", "novice,novice,novice,novice"],
        "una baraja de 50 cartas no alcanza para repartir 4 manos de 12",
        "a deck of 50 cards cannot deal 4 hands of 12",
    )


def test_a_shell_without_a_script_in_both(monkeypatch):
    both(
        monkeypatch,
        ["--show-completion", "ksh"],
        "--show-completion lleva bash, zsh, fish, tcsh, powershell o pwsh, no 'ksh'",
        "--show-completion takes bash, zsh, fish, tcsh, powershell or pwsh, got 'ksh'",
    )


# A seat of the user's own that is not a player, and one whose class fails when made.
SEAT_FILE = (
    "class A:\n    pass\n\n\nclass B:\n    def __init__(self):\n        raise ValueError('boom')\n"
)
SEATS = [
    (
        "nope",
        "asiento 'nope': no hay un nivel con ese nombre; un asiento es un nivel",
        "seat 'nope': no such level; a seat is a level (novice",
    ),
    ("{dir}/nada.py:A", "no existe el archivo", "no file"),
    (
        "{dir}/bot.py:A",
        "A no es un jugador: le falta draw, discard, reenter",
        "A is not a player: it has no draw, discard, reenter",
    ),
    ("{dir}/bot.py:B", "B lanzó ValueError: boom", "B raised ValueError: boom"),
    ("{dir}/bot.py:Z", "no tiene el atributo 'Z'", "has no attribute 'Z'"),
    (
        ":B",
        "va un módulo o archivo y un nombre",
        "a module or file and a name, with a colon between",
    ),
]


@pytest.mark.parametrize(("seat", "spanish", "english"), SEATS)
def test_a_seat_that_is_not_one_in_both(monkeypatch, tmp_path, seat, spanish, english):
    (tmp_path / "bot.py").write_text(SEAT_FILE)
    seats = seat.format(dir=tmp_path) + ",novice"
    both(monkeypatch, ["simulate", "conga", "--seats", seats], spanish, english)


@pytest.mark.parametrize("command", [["replay"], ["simulate", "--merge"]])
def test_a_file_that_is_not_read_in_both(monkeypatch, tmp_path, command):
    both(
        monkeypatch,
        [*command, str(tmp_path)],
        "no es un archivo común (es una carpeta, un dispositivo o una tubería)",
        "not a regular file (a folder, a device or a pipe)",
    )
    both(
        monkeypatch,
        [*command, str(tmp_path / "nada")],
        "no se puede leer: no existe ese archivo o carpeta",
        "cannot read it: No such file or directory",
    )


def test_a_record_too_large_in_both(monkeypatch, tmp_path):
    from mazo.solver.game import record

    monkeypatch.setattr(record, "MOST_BYTES", 10)
    path = tmp_path / "partida.jsonl"
    path.write_text("{}\n" * 10)
    both(monkeypatch, ["replay", str(path)], "pesa más de 10 bytes", "larger than 10 bytes")


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["puzzles", "conga", "--difficulty", "x"],
            "--difficulty lleva fácil, media o difícil (o easy, medium, hard), no 'x'",
            "--difficulty takes easy, medium or hard, got 'x'",
        ),
        (
            ["puzzles", "conquian", "--kind", "use-faced-card", "--difficulty", "hard"],
            "los ejercicios use-faced-card de Conquián nunca son de nivel difícil: --difficulty "
            "lleva fácil o media",
            "use-faced-card puzzles of Conquián are never hard: --difficulty takes easy or medium",
        ),
        (
            ["puzzles", "conga", "--kind", "acomodo", "--variant", "cut_threshold=0"],
            "conga no tiene ejercicios acomodo con estas reglas: con la opción cut_threshold=0, "
            "todo corte_con_puntos es antes un corte_limpio, donde los rivales no acomodan nada",
            "conga has no acomodo puzzles under these rules: with option cut_threshold=0 every "
            "corte_con_puntos is a corte_limpio first, where rivals lay nothing off",
        ),
    ],
)
def test_a_puzzle_request_refused_in_both(monkeypatch, args, spanish, english):
    both(monkeypatch, args, spanish, english)


def section(lines: str) -> str:
    """A rules file whose rulebook text has one section: its title and `lines` below it."""
    return f"extends: conga\nprose:\n  sections:\n    - title: Hola\n{lines}"


PROSE = [
    (
        section("      tables: [nada]\n"),
        "no hay una tabla llamada 'nada'",
        "field 'prose.sections.0.tables.0': no table named 'nada'",
    ),
    (
        section("      tables: [minimum_opening]\n"),
        "no hay tabla 'minimum_opening': el mínimo de la bajada inicial es el de la Canasta",
        "no 'minimum_opening' table: the initial meld's minimum is Canasta's",
    ),
    (
        section("      text:\n        - {es: a, en: b, when: {play.stock_out: 3}}\n"),
        "la regla 'play.stock_out' no tiene el valor 3: uno de recycle, recycle_all, void",
        "rule 'play.stock_out' has no value 3: one of recycle, recycle_all, void",
    ),
    (
        section("      text:\n        - {es: a, en: b, when: {cut_threshold: 99}}\n"),
        "la opción 'cut_threshold' no tiene el valor 99: un número entero 0..10",
        "option 'cut_threshold' has no value 99: a whole number 0..10",
    ),
    (
        'extends: conga\nprose:\n  sections:\n    - title: "Hola {nada}"\n',
        "marcador desconocido {nada}",
        "unknown placeholder {nada}",
    ),
    (
        "extends: conga\nprose:\n  game: {players: [A, A], hands: [[1, 2]]}\n",
        "campo 'prose.game.players': acá van los nombres de dos jugadores",
        "field 'prose.game.players': expected two players' names",
    ),
    (
        'extends: conga\nexamples:\n  - {id: x, hand: "1o 2o 3o", pozo: "5o"}\n',
        "la carta levantada del pozo tiene que estar en la mano",
        "the card taken from the pozo must be in the hand",
    ),
    (
        'extends: conquian\nexamples:\n  - {id: x, hand: "1o 2o 3o", faced: "1o"}\n',
        "mano, carta dada vuelta y mesa juntas: 2 copias de '1o' en la mano",
        "hand, faced card and table together: 2 copies of '1o' in the hand",
    ),
]


@pytest.mark.parametrize(
    ("text", "spanish", "english"),
    [
        (
            "extends: conga\nplay: {next_dealer: loser}\n",
            "reparte el que perdió la mano: un juego de a dos ('match: {max_players: 2}')",
            "the hand's loser deals: a game of two ('match: {max_players: 2}')",
        ),
        (
            "extends: conga\ncanasta: {}\n",
            "una sección 'canasta:' necesita 'mechanism: canasta'",
            "a 'canasta:' section needs 'mechanism: canasta'",
        ),
        ("extends: conga\nvariant_name: [1]\n", "acá va un nombre", "expected a name"),
        (
            "extends: conga\nvariant: {cut_threshold: 99}\n",
            "campo 'variant.cut_threshold': la opción 'cut_threshold' no admite 99",
            "field 'variant.cut_threshold': option 'cut_threshold' does not take 99",
        ),
        (
            "variant: {}\n",
            "un archivo de reglas nombra el juego que cambia: agregá 'extends: GAME'",
            "a rules file names the game it changes: add 'extends: GAME'",
        ),
        ("extends: conga\na: [1\n", "club.yaml:3: YAML mal escrito", "club.yaml:3: malformed YAML"),
        *PROSE,
    ],
)
def test_a_club_rules_file_refused_in_both(monkeypatch, tmp_path, text, spanish, english):
    path = tmp_path / "club.yaml"
    path.write_text(text)
    both(monkeypatch, ["spec", "check", str(path)], spanish, english)


HAND = "1o 2o 3o 4o 5o 6o 7o 8o"
POSITIONS = [
    (
        ["score", "conga", "--cutter", "1o 2o 3o 4o 5o 6o 7o", "--upcard", "5o"],
        "Conga Uruguaya no tiene regla Oklahoma: la carta dada vuelta no cambia nada",
        "Conga Uruguaya has no Oklahoma rule: an upcard changes nothing",
    ),
    (
        ["solve", "conquian", "1o", "2o", "3o", "--faced", "4o", "--table", "1o 1c 1e"],
        "la carta '1o' está a la vez en la mano y en la mesa",
        "card '1o' is both in the hand and in the table",
    ),
    (
        ["solve", "conquian", "1o", "2o", "3o", "--faced", "4o", "--table", "5o 6o 11o"],
        "el juego '5o 6o 11o' de table no es un juego válido de conquian",
        "table meld '5o 6o 11o' is not a valid meld of conquian",
    ),
    (
        ["solve", "conga", HAND, "--pozo", "9o"],
        "la opción --pozo no va con Conga Uruguaya; sus opciones de la posición: drawn_from_pozo",
        "option --pozo does not apply to Conga Uruguaya; its position options: drawn_from_pozo",
    ),
]


@pytest.mark.parametrize(("args", "spanish", "english"), POSITIONS)
def test_a_position_refused_in_both(monkeypatch, args, spanish, english):
    both(monkeypatch, args, spanish, english)


def test_a_rules_file_spec_check_accepts_is_a_rulebook_written(monkeypatch, tmp_path):
    """A section naming the game table, in a game with no worked game nor target, is refused
    as the rules are read: `spec check` and `rulebook` say the same."""
    path = tmp_path / "club.yaml"
    path.write_text(section("      tables: [game]\n"))
    book = tmp_path / "b.md"
    for args in (["spec", "check", str(path)], ["rulebook", "conga", "--rules", str(path)]):
        both(
            monkeypatch,
            [*args, "--format", "md", "-o", str(book)] if args[0] == "rulebook" else args,
            "la tabla de la partida necesita 'prose.game' y un puntaje al que se juega",
            "no 'game' table: the game table needs 'prose.game' and a match target",
        )
    assert not book.exists()


def test_a_time_limit_that_is_not_one_in_both(monkeypatch):
    both(
        monkeypatch,
        ["solve", "conga", HAND, "--time-limit", "0"],
        "--time-limit lleva un número positivo de segundos (a lo sumo 100000), no '0'",
        "--time-limit is a positive number of seconds (at most 100000), got '0'",
    )


YAML_SLIPS = [
    "a: [1, 2\n",
    "a: {b: 1\n",
    "a: b: c\n",
    "a: 1\n- b\n",
    "a: @x\n",
    "a: *nope\n",
    'a: "x\\q"\n',
    'a: "abc\n',
    "a:\n\t- 1\n",
    "a: &x 1\nb: &x 2\n",
    "a:\n  b: 1\n c: 2\n",
    "a: |0\n x\n",
    "---\na: 1\n---\nb: 2\n",
    "- a\nb: 2\n",
]


@pytest.mark.parametrize("parser", ["libyaml", "python"])
@pytest.mark.parametrize("text", YAML_SLIPS)
def test_a_yaml_slip_is_said_in_spanish_without_the_parsers_english(
    monkeypatch, request, text, parser
):
    """The parser's English problem stays in the English line; the Spanish says what it means
    (every slip above has its own Spanish, none the fallback by column), from either parser."""
    import yaml
    from mazo.solver.errors import SpecError
    from mazo.solver.spec import yamlsource
    from mazo.solver.spec.yamlsource import load_yaml

    if parser == "python":
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
        yamlsource._yaml.cache_clear()
        request.addfinalizer(yamlsource._yaml.cache_clear)  # libyaml's again for the next

    with pytest.raises(SpecError) as caught:
        load_yaml(text, "club.yaml")
    spanish, english = caught.value.said_in("es"), caught.value.said_in("en")
    assert "YAML mal escrito: " in spanish and "malformed YAML: " in english
    why = spanish.split("YAML mal escrito: ")[1]
    assert "columna" not in why and not re.search(r"\b(found|expected|not|the)\b", why), why


JSON_SLIPS = ['{"hand": "1o", }', "{hand: 1}", '{"hand": "1o', '{"hand" "1o"}', "{x", '{"a": 1} x']


@pytest.mark.parametrize("text", JSON_SLIPS)
def test_a_json_slip_is_said_in_spanish_without_the_parsers_english(text):
    """Python's JSON problems stay English in English; the Spanish says what each means (every
    slip above has its own Spanish, not the fallback)."""
    import json as json_module

    from mazo.solver import jsonwhy

    with pytest.raises(json_module.JSONDecodeError) as caught:
        json_module.loads(text)
    said = jsonwhy.problem(caught.value.msg)
    assert said("en") == caught.value.msg
    assert said("es") != "mal escrito" and not re.search(
        r"\b(Expecting|Extra|Invalid)\b", said("es")
    )


@pytest.mark.parametrize(
    ("args", "spanish", "english"),
    [
        (
            ["play", "canasta"],
            "Canasta Uruguaya todavía no se puede jugar",
            "Canasta Uruguaya cannot be played yet",
        ),
        (
            ["advise", "conquian", "1o 2o 3o 4o 5o 6o 7o 10o"],
            "; Conquián se juega de otra forma",
            "; Conquián plays otherwise",
        ),
        (
            ["advise", "gin", "AS 2S 3S 7H 8H 9C KD QC 9H 4D", "--horizon", "optimal"],
            "el horizonte óptimo (--horizon) necesita una tabla de chances: Gin Rummy queda "
            "fuera del alcance",
            "needs an odds table: Gin Rummy is out of reach",
        ),
    ],
)
def test_a_game_is_named_to_the_player_by_its_title(monkeypatch, args, spanish, english):
    """Not by the id typed on the command line (gin-rummy, canasta-uruguaya)."""
    both(monkeypatch, args, spanish, english)


def test_an_unknown_level_lists_the_levels_as_the_language_types_them(monkeypatch):
    """Spanish takes the levels' Spanish names, and so lists them."""
    both(
        monkeypatch,
        ["play", "conga", "--seats", "god"],
        "los niveles: novato, codicioso, rápido, experto",
        "the levels: novice, greedy, fastest, expert",
    )
