"""Rule specs: loading, options, house-rules files, and errors that name file, line and field."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from mazo.solver.errors import OptionError, SpecError
from mazo.solver.spec.load import game_names, load_spec


def write(tmp_path, text, name="house.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_every_bundled_spec_loads_with_its_defaults():
    for game in game_names():
        spec = load_spec(game)
        assert spec.changed_options() == {}
        assert all(opt.default == spec.chosen[opt.name] for opt in spec.options)


def test_conga_defaults_follow_rules_notes():
    spec = load_spec("conga")
    assert spec.deck.size == 50 and spec.deck.ranks == tuple(range(1, 13))
    assert spec.meld_kind("escalera").min_naturals == 2
    assert spec.meld_kind("pierna").max_jokers == 1
    assert spec.close("corte_con_puntos").max_deadwood == 5
    assert [c.id for c in spec.closes] == [
        "conga_limpia",
        "conga_con_comodin",
        "corte_limpio",
        "corte_con_puntos",
    ]


def test_options_write_into_the_rules():
    spec = load_spec(
        "conga",
        variant={
            "deck_size": "40",
            "jokers": "0",
            "cut_threshold": "3",
            "conga_con_comodin": "none",
            "reenganche": "off",
        },
    )
    assert spec.deck.ranks == (1, 2, 3, 4, 5, 6, 7, 10, 11, 12) and spec.deck.jokers == 0
    assert spec.close("corte_con_puntos").max_deadwood == 3
    assert "conga_con_comodin" not in [c.id for c in spec.closes]
    assert spec.match.reenganche == "off"


def test_aliases_resolve():
    assert load_spec("Conga-Uruguaya").game == "conga"
    assert load_spec("gin").game == "gin-rummy"


@pytest.mark.parametrize(
    "variant, words",
    [
        ({"cut_treshold": 3}, ["cut_treshold", "cut_threshold"]),
        ({"deck_size": 52}, ["deck_size", "40, 48"]),
        ({"cut_threshold": "x"}, ["cut_threshold", "'x'"]),
        ({"cut_threshold": 99}, ["cut_threshold", "0..10"]),
    ],
)
def test_bad_options_are_named(variant, words):
    with pytest.raises(OptionError) as err:
        load_spec("conga", variant=variant)
    assert all(w in str(err.value) for w in words)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(OptionError) as err:
        load_spec("truco")
    assert "conga" in str(err.value) and "gin-rummy" in str(err.value)


def test_a_house_rules_file_extends_a_game(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        variant_name: Club del Buceo
        variant:
          cut_threshold: 3
          reenganche: off
        """,
    )
    spec = load_spec(None, rules=path)
    assert spec.game == "conga" and spec.variant_name == "Club del Buceo"
    assert spec.changed_options() == {"cut_threshold": 3, "reenganche": "off"}
    # the command line wins over the file
    assert load_spec(None, rules=path, variant={"cut_threshold": 4}).chosen["cut_threshold"] == 4


def test_a_file_may_change_rule_data_directly(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        melds:
          pierna:
            max_len: 5
        """,
    )
    spec = load_spec(None, rules=path)
    assert spec.meld_kind("pierna").max_len == 5
    assert spec.meld_kind("pierna").min_len == 3  # the rest of the meld is kept


def where(err):
    return err.value.file, err.value.line, err.value.field


def test_a_wrong_type_names_file_line_and_field(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        melds:
          escalera:
            min_len: three
        """,
    )
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert where(err) == (str(path), 5, "melds.escalera.min_len")
    assert "three" in str(err.value)


def test_an_unknown_field_is_named_with_a_suggestion(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        hand_sise: 8
        """,
    )
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert where(err)[1:] == (3, "hand_sise") and "hand_size" in str(err.value)


def test_a_contradiction_with_an_option_is_refused(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        closes:
          corte_con_puntos:
            max_deadwood: 3
        """,
    )
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert where(err)[1:] == (5, "closes.corte_con_puntos.max_deadwood")
    assert "cut_threshold" in str(err.value)


def test_contradictory_limits_are_refused(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        melds:
          pierna:
            max_len: 2
        """,
    )
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert where(err)[2] == "melds.pierna.max_len"


def test_a_yaml_tag_that_builds_an_object_is_refused(tmp_path):
    path = write(
        tmp_path,
        """
        extends: conga
        hand_size: !!python/object/apply:os.system ["echo hacked"]
        """,
    )
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert "tag" in str(err.value) and err.value.line == 3


def test_malformed_yaml_names_the_line(tmp_path):
    path = write(tmp_path, "extends: conga\nmelds: [unclosed\n")
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert err.value.file == str(path) and err.value.line is not None


def test_a_duplicate_key_is_refused(tmp_path):
    path = write(tmp_path, "extends: conga\nhand_size: 7\nhand_size: 8\n")
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert err.value.line == 3


def test_an_unknown_option_in_the_file_is_named(tmp_path):
    path = write(tmp_path, "extends: conga\nvariant:\n  cut_limit: 3\n")
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert where(err)[1:] == (3, "variant.cut_limit")


def test_a_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=tmp_path / "nope.yaml")
    assert "nope.yaml" in str(err.value)


def test_spec_check_command(tmp_path):
    good = write(tmp_path, "extends: conga\nvariant:\n  cut_threshold: 3\n")
    bad = write(tmp_path, "extends: conga\nvariant:\n  cut_threshold: 30\n", "bad.yaml")
    ok = subprocess.run(
        [sys.executable, "-m", "mazo", "spec", "check", str(good)], capture_output=True, text=True
    )
    assert ok.returncode == 0 and "reglas de la casa: se corta con 3 puntos" in ok.stdout
    ko = subprocess.run(
        [sys.executable, "-m", "mazo", "spec", "check", str(bad)], capture_output=True, text=True
    )
    assert ko.returncode == 2 and "bad.yaml:3" in ko.stderr and "Traceback" not in ko.stderr


def test_solve_with_a_rules_file(tmp_path):
    path = write(tmp_path, "extends: conga\nvariant:\n  cut_threshold: 3\n")
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "mazo",
            "solve",
            "conga",
            "--rules",
            str(path),
            "--json",
            "4o 5o 6o 10c 10e 10b 5c 12b",
        ],
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0 and '"can_cut": false' in r.stdout


def test_errors_in_a_free_section_name_the_users_file_and_line(tmp_path):
    path = write(tmp_path, "extends: conga\nmatch:\n  passing: true\n")
    spec = load_spec(None, rules=path)
    error = spec.error("match.passing", "expected something else")
    assert (error.file, error.line, error.field) == (str(path), 3, "match.passing")
    builtin = spec.error("melds.escalera", "x")
    assert builtin.file == "specs/conga.yaml" and builtin.line is not None


@pytest.mark.parametrize(
    "text, field, words",
    [
        ("canasta:\n  red3: {each: lots}\n", "canasta.red3.each", "whole number"),
        ("values:\n  ranks: {1: 4294967296}\n", "values.ranks.1", "at most 1000"),
        ("hand_size: 99999999999999999999\n", "hand_size", "at most 30"),
        ("deck: {copies: 1000000}\n", "deck.copies", "at most 4"),
        ("deck: {jokers: -1}\n", "deck.jokers", "at least 0"),
        ("hand_size: 7.5\n", "hand_size", "whole number"),
        ("examples: 5\n", "examples", "expected a list"),
        ("scoring: 5\n", "scoring", "expected a mapping"),
        ("match: 5\n", "match", "expected a mapping"),
        ("melds: 5\n", "melds", "expected a mapping"),
        (
            "canasta:\n  pozo: {frozen_by_wild_discard: false}\n",
            "canasta.pozo.frozen_by_",
            "unknown",
        ),
        ("canasta:\n  wild_canasta_bonus: 2000\n", "canasta.wild_canasta_bonus", "unknown"),
        ("canasta:\n  black3_in_hand: 5\n", "canasta.black3_in_hand", "unknown"),
        ("match:\n  elimination_limit: 0\n", "match.elimination_limit", "at least 1"),
        ("closes:\n  gin: {score: 1e9}\n", "closes.gin.score", "'deadwood'"),
    ],
)
def test_every_section_is_typed_and_bounded(tmp_path, text, field, words):
    game = "canasta" if text.startswith("canasta") else "gin"
    path = write(tmp_path, f"extends: {game}\n{text}")
    with pytest.raises(SpecError) as caught:
        load_spec(None, rules=path)
    message = str(caught.value)
    assert message.startswith(f"{path}:") and f"field '{field}" in message and words in message


@pytest.mark.parametrize(
    "text, words",
    [
        ("extends: conga\nx: &a [*a]\n", "alias loop"),
        ("extends: conga\nx: &a {<<: *a}\n", "field 'x'"),  # merged into itself: no loop
        (
            "extends: conga\na: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
            + "".join(
                f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
                for p, c in zip("abcdefg", "bcdefgh", strict=True)
            ),
            "values",
        ),
        ("extends: conga\nx: " + "[" * 60 + "]" * 60 + "\n", "levels deep"),
    ],
)
def test_alias_loops_and_runaway_files_are_refused(tmp_path, text, words):
    with pytest.raises(SpecError, match=words):
        load_spec(None, rules=write(tmp_path, text))


def test_bytes_that_are_not_utf8_name_their_line(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("extends: conga\nvariant_name: Club\nvariant:\n  # año\n".encode("latin-1"))
    with pytest.raises(SpecError, match=r"latin1.yaml:4: byte 0xf1 is not UTF-8"):
        load_spec(None, rules=path)


def test_a_rules_file_for_another_game_is_refused(tmp_path):
    club = write(tmp_path, "extends: conga\nvariant: {cut_threshold: 3}\n")
    with pytest.raises(SpecError, match="this rules file is for conga, not 'gin'"):
        load_spec("gin", rules=club)
    with pytest.raises(SpecError, match="not 'xyz'"):
        load_spec("xyz", rules=club)
    assert load_spec("conga-uruguaya", rules=club).chosen["cut_threshold"] == 3


def test_a_variant_without_extends_is_refused_alike_by_solve_and_spec_check(tmp_path):
    club = write(tmp_path, "variant: {cut_threshold: 3}\n")
    for game in (None, "conga"):
        with pytest.raises(SpecError, match="add 'extends: "):
            load_spec(game, rules=club)
    runs = [
        subprocess.run([sys.executable, "-m", "mazo", *args], capture_output=True, text=True)
        for args in (
            ["spec", "check", str(club)],
            ["solve", "conga", "--rules", str(club), "1o 2o 3o 4o 5o 6o 7o 12b"],
        )
    ]
    assert [r.returncode for r in runs] == [2, 2]
    assert all(len(r.stderr.splitlines()) == 1 and "extends" in r.stderr for r in runs)


def test_options_that_write_a_field_the_spec_also_sets_take_every_value():
    # The spec leaves what an option writes to the option: pass_penalty=0 is a house rule.
    assert load_spec("conga", variant={"pass_penalty": 0}).match.pass_penalty == 0
    assert load_spec("conga").match.pass_penalty == 10


def test_the_puzzle_kinds_a_spec_may_list_are_the_kinds_there_are(tmp_path):
    from mazo.puzzles.generate import KINDS
    from mazo.solver.mechanisms.registry import MECHANISMS

    assert sorted(k for m in MECHANISMS.values() for k in m.kinds) == sorted(KINDS)
    # Each mechanism's package makes the kinds it names, in the same order.
    for m in MECHANISMS.values():
        assert tuple(k.id for k in m.own("worksheets").PARTS.kinds) == m.kinds
    path = write(tmp_path, "extends: gin\npuzzles: {kinds: [can-open]}\n")
    with pytest.raises(SpecError, match=r"field 'puzzles.kinds.0': expected one of best-discard"):
        load_spec(None, rules=path)


SECTION = "prose:\n  sections:\n    - title: {es: Uno, en: One}\n"


@pytest.mark.parametrize(
    "game, text, field, words",
    [
        (
            "conquian",
            "examples:\n  - {id: x, hand: 4o 5o, table: ['1o 2o 3o']}\n",
            "examples.0'",
            "needs the 'faced:' card",
        ),
        (
            "conquian",
            "examples:\n  - {id: x, hand: 4o 5o, faced: 4o}\n",
            "examples.0'",
            "hand, faced card and table together",
        ),
        (
            "conquian",
            "examples:\n  - {id: x, hand: 4o 5o 6o 7o 10o 11o 12o 1c, table: ['1e 2e 3e'], "
            "faced: 4c}\n",
            "examples.0'",
            "hand and table hold 11 cards",
        ),
        (
            "conquian",
            "examples:\n  - {id: x, hand: 4o 5o, table: ['1e 2e 3e'], faced: 6o}\n",
            "examples.0'",
            "hand and table hold 5 cards; a player has 8",
        ),
        ("conquian", "examples:\n  - {id: x, hand: 4o, faced: 5o 6o}\n", "examples.0.faced", "one"),
        ("conquian", "examples:\n  - {id: x, hand: 4o, faced: 9o}\n", "examples.0.faced", "9o"),
        (
            "conquian",
            "examples:\n  - {id: x, hand: 4o, faced: 5o, table: '1o 2o 3o'}\n",
            "examples.0.table",
            "expected a list",
        ),
        (
            "conquian",
            "examples:\n  - {id: x, groups: ['4o'], faced: 5o}\n",
            "examples.0.faced",
            "belongs to a solved 'hand:'",
        ),
        ("conga", "examples:\n  - {id: x, hand: 1o, faced: 2o}\n", "examples.0.faced", "unknown"),
        ("conga", "examples:\n  - {id: x, hand: 1o, score: 5}\n", "examples.0.score", "unknown"),
        ("canasta", "examples:\n  - {id: x, hand: AS, score: lots}\n", "examples.0.score", "whole"),
        (
            "canasta",
            "examples:\n  - {id: x, hand: AS, score: 1000000}\n",
            "examples.0.score",
            "at most 100000",
        ),
        (
            "canasta",
            "examples:\n  - {id: x, hand: AS, table: [AS]}\n",
            "examples.0.table",
            "unknown",
        ),
        (
            "conga",
            SECTION + "      text:\n        - {when: {jokers: 3}, es: a, en: a}\n",
            "prose.sections.0.text.0.when.jokers",
            "option 'jokers' has no value 3",
        ),
        (
            "conga",
            SECTION + "      text:\n        - {when: {jokers: true}, es: a, en: a}\n",
            "prose.sections.0.text.0.when.jokers",
            "no value true",
        ),
        (
            "conga",
            SECTION + "      text:\n        - {when: {joker: 2}, es: a, en: a}\n",
            "prose.sections.0.text.0.when.joker",
            "no option 'joker'",
        ),
        (
            "conga",
            SECTION + "      glossary:\n        - {term: a, def: b, when: {deck_size: '40'}}\n",
            "prose.sections.0.glossary.0.when.deck_size",
            "no value '40'",
        ),
        (
            "conga",
            SECTION + "      faq:\n        - {q: a, a: b, when: {reenganche: [once, never]}}\n",
            "prose.sections.0.faq.0.when.reenganche",
            "no value 'never'",
        ),
        (
            "conga",
            SECTION + "      faq:\n        - {q: a, a: b, when: {reenganche: []}}\n",
            "prose.sections.0.faq.0.when.reenganche",
            "a list of values",
        ),
        (
            "conga",
            SECTION + "      faq:\n        - {q: a, a: b, if: {jokers: 2}}\n",
            "prose.sections.0.faq.0.if",
            "unknown",
        ),
    ],
)
def test_examples_positions_and_when_are_typed(tmp_path, game, text, field, words):
    path = write(tmp_path, f"extends: {game}\n{text}")
    with pytest.raises(SpecError) as caught:
        load_spec(None, rules=path)
    message = str(caught.value)
    assert message.startswith(f"{path}:") and f"field '{field}" in message, message
    assert words in message, message


def test_glossary_entries_and_questions_follow_when(tmp_path):
    text = SECTION + (
        "      glossary:\n"
        "        - {term: Comodín, def: x, when: {jokers: 2}}\n"
        "        - {term: Mazo, def: y}\n"
        "      faq:\n"
        "        - {q: '¿Reenganche?', a: 'Sí', when: {reenganche: [once, twice]}}\n"
    )
    path = write(tmp_path, f"extends: conga\n{text}")
    plain = load_spec(None, rules=path).prose.sections[0]
    assert [t["es"] for t, _ in plain.glossary] == ["Comodín", "Mazo"] and len(plain.faq) == 1
    house = load_spec(None, rules=path, variant={"jokers": 0, "reenganche": "off"})
    section = house.prose.sections[0]
    assert [t["es"] for t, _ in section.glossary] == ["Mazo"] and section.faq == ()


def test_a_conquian_position_is_read_into_cards():
    spec = load_spec("conquian")
    example = next(e for e in spec.examples if e.id == "q7")
    codes = spec.deck.codes
    assert (
        codes(example.hand) == ["10c", "1c", "4e", "2b"] and spec.deck.code(example.faced) == "10b"
    )
    assert [codes(meld) for meld in example.table] == [["5o", "6o", "7o", "10o"]]
    canasta = load_spec("canasta-uruguaya")
    assert next(e for e in canasta.examples if e.hand is not None).score == 0


def test_a_control_character_names_the_line_in_one_line(tmp_path):
    path = tmp_path / "nul.yaml"
    path.write_text("extends: conga\nvariant:\n  cut_threshold: 3\n\x00\n", encoding="utf-8")
    with pytest.raises(SpecError) as err:
        load_spec(None, rules=path)
    assert err.value.file == str(path) and err.value.line == 4
    assert "\n" not in str(err.value) and "U+0000" in str(err.value)
