"""Rule specs: one YAML file per game, validated into a frozen RuleSpec.

Layers, later wins: the built-in spec, then a user's rules file (`extends: GAME`), then the
named options (defaults, the file's `variant:`, then `--variant KEY=VALUE`). An option writes its
value into the rule data at the paths it names, so the rest of mazo reads only the rule data,
read section by section (`sections`) into the whole spec at the end of this module.
"""

from __future__ import annotations

import copy
import dataclasses
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from mazo.solver.cards import Deck
from mazo.solver.errors import OptionError, quoted
from mazo.solver.mechanisms.registry import MECHANISMS, lacking_tables, read_mechanism
from mazo.solver.messages import Told, said
from mazo.solver.spec.options import Option, find_option, read_option, unknown_option, writes
from mazo.solver.spec.prose import ProseReader
from mazo.solver.spec.reader import (
    LANGS,
    MAX_HAND,
    MAX_NAME,
    MISSING,
    Reader,
    close_matches,
    get_path,
)
from mazo.solver.spec.rulespec import RuleChange, RuleSpec, play_of
from mazo.solver.spec.sections import (
    play_tests,
    read_close,
    read_cut,
    read_deck,
    read_match,
    read_meld_kind,
    read_pozo_names,
    read_puzzle_deadwood,
    read_puzzle_kinds,
    read_scoring,
    read_values,
)
from mazo.solver.spec.yamlsource import Sourced, load_yaml, load_yaml_cached, merge, read_text

# The sections of a spec that hold rules of play (the others are names, text and worksheets).
RULE_SECTIONS = (
    "deck",
    "values",
    "melds",
    "hand_size",
    "closes",
    "cut",
    "scoring",
    "match",
    # each mechanism's own section (a spec holds its mechanism's only)
    *(m.section for m in MECHANISMS.values()),
)
TOP_LEVEL = [
    "game",
    "aliases",
    "title",
    "lang",
    "mechanism",
    *RULE_SECTIONS,
    "pozo",
    "puzzles",
    "options",
    "prose",
    "examples",
    "extends",
    "variant",
    "variant_name",
]


# --- finding and loading specs ---------------------------------------------------------------


def _spec_dir() -> Path:
    # The package's folder without importing it or importlib.resources (a few ms per call).
    found = find_spec("mazo.rulebooks")
    assert found is not None and found.submodule_search_locations is not None
    return Path(found.submodule_search_locations[0]) / "specs"


def _spec_files() -> dict[str, Any]:
    """Bundled spec files by game name: a spec's file is named after its game."""
    return {
        entry.name[: -len(".yaml")]: entry
        for entry in sorted(_spec_dir().iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".yaml")
    }


@cache
def builtin_source(game: str) -> Sourced:
    """One bundled spec, read once per process; other games' files are not touched."""
    text = _spec_files()[game].read_text(encoding="utf-8")
    source = load_yaml_cached(text, f"specs/{game}.yaml")
    if not isinstance(source.data, dict) or source.data.get("game") != game:
        raise source.error(("game",), f"the file specs/{game}.yaml must say 'game: {game}'")
    return source


@cache
def game_names() -> dict[str, tuple[str, ...]]:
    """Game name → aliases, for listings and for resolving what the user typed."""
    return {
        game: tuple(str(a) for a in builtin_source(game).data.get("aliases") or ())
        for game in _spec_files()
    }


def resolve_game(name: str) -> str:
    wanted = name.strip().lower()
    if wanted in _spec_files():
        return wanted
    games = game_names()
    for game, aliases in games.items():
        if wanted in [a.lower() for a in aliases]:
            return game
    near = close_matches(wanted, [*games, *(a for v in games.values() for a in v)], 1)
    hint = said("did_you_mean", near=repr(near[0])) if near else ""
    raise OptionError.of("unknown_game", game=quoted(name), hint=hint, games=", ".join(games))


def load_spec(
    game: str | None = None,
    *,
    rules: str | Path | None = None,
    variant: dict[str, Any] | None = None,
) -> RuleSpec:
    """The resolved rules of a built-in game, or of a rules file: one that `extends: GAME` (and
    changes it), or a whole spec with its own `game:`. With both a game and a file, the file
    must be that game's."""
    if rules is None:
        if game is None:
            raise OptionError.of("game_or_rules")
        return build_spec(builtin_source(resolve_game(game)), variant or {})
    path = str(rules)
    user = load_yaml(read_text(path), path)
    if not isinstance(user.data, dict):
        raise user.error((), said("rules_mapping"))
    base_game, source = _rules_source(user, game)
    spec = build_spec(source, variant or {})
    if base_game is not None:
        changes = _rule_changes(builtin_source(base_game).data, user.data)
        spec = dataclasses.replace(spec, rule_changes=tuple(changes))
    if game is not None and not _names_game(spec, base_game, game):
        raise user.error(
            ("extends",) if base_game else ("game",),
            said("rules_for", game=spec.game, given=repr(game)),
        )
    return spec


def _rules_source(user: Sourced, game: str | None) -> tuple[str | None, Sourced]:
    """The game a rules file extends (None for a whole spec) and the data it makes."""
    base_name = user.data.get("extends")
    if base_name is not None:
        if not isinstance(base_name, str):
            raise user.error(("extends",), said("game_name"))
        try:
            base_game = resolve_game(base_name)
        except OptionError as exc:
            raise user.error(("extends",), exc.said_in) from None
        _same_game(user, base_game)
        return base_game, merge(builtin_source(base_game), user)
    if "game" in user.data:
        _own_names(user)
        return None, user
    hint = f"'extends: {resolve_game(game)}'" if game is not None else "'extends: GAME'"
    raise user.error((), said("rules_names_game", hint=hint))


def _owner(name: Any) -> str | None:
    """The game a name (or alias) belongs to, if any."""
    try:
        return resolve_game(name) if isinstance(name, str) else None
    except OptionError:
        return None


def _same_game(user: Sourced, base_game: str) -> None:
    """A file that extends a game and also names one names the same game."""
    named = user.data.get("game")
    if named is not None and _owner(named) != base_game:
        raise user.error(
            ("game",),
            said("extends_but", base=base_game, named=quoted(named)),
        )


def _own_names(user: Sourced) -> None:
    """A whole spec's name and aliases are its own: one of another game's would take over
    that game's name on the command line."""
    game = str(user.data.get("game")).strip().lower()
    aliases = user.data.get("aliases")
    paths = [
        ("game",),
        *(("aliases", i) for i in range(len(aliases) if isinstance(aliases, list) else 0)),
    ]
    for path in paths:
        name = get_path(user.data, path)
        owner = _owner(name)
        if owner not in (None, game):
            raise user.error(path, said("name_taken", name=quoted(name), owner=owner))


def _rule_changes(base: Any, over: Any, path: tuple[Any, ...] = ()) -> list[RuleChange]:
    """Every field of the rule sections that `over` sets to a value `base` does not hold: the
    house rules a file writes into the rule data itself."""
    if not path:
        return [
            change
            for key in RULE_SECTIONS
            if key in over
            for change in _rule_changes(base.get(key), over[key], (key,))
        ]
    if isinstance(over, dict):
        below = base if isinstance(base, dict) else {}
        return [
            change
            for key, value in over.items()
            for change in _rule_changes(below.get(key), value, (*path, key))
        ]
    if over == base:
        return []
    return [RuleChange(field=".".join(str(p) for p in path), value=over, default=base)]


def _names_game(spec: RuleSpec, base_game: str | None, name: str) -> bool:
    wanted = name.strip().lower()
    names = {spec.game.lower(), *(a.lower() for a in spec.aliases)}
    if wanted in names:
        return True
    try:
        return resolve_game(wanted) in (base_game, spec.game)
    except OptionError:
        return False


# --- options ---------------------------------------------------------------------------------


def build_spec(source: Sourced, variant: dict[str, Any]) -> RuleSpec:
    """The spec in `source` with its options chosen: their defaults, the file's `variant:`,
    then `variant` (the command line's), each written into the rule data."""
    if not isinstance(source.data, dict):
        raise source.error((), said("spec_mapping"))
    reader = Reader(source)
    options = tuple(read_option(reader, name) for name in reader.mapping(("options",), default={}))
    chosen = _choose(source, reader, options, variant)
    resolved = copy.deepcopy(source.data)
    for option in options:
        for path, value in writes(option, chosen[option.name]):
            _write(source, resolved, option, path, value)
    return read_spec(Reader(Sourced(resolved, source.lines)), options, chosen)


def _choose(
    source: Sourced, reader: Reader, options: tuple[Option, ...], variant: dict[str, Any]
) -> dict[str, Any]:
    data = source.data
    chosen = {option.name: option.default for option in options}
    for name, value in reader.mapping(("variant",), default={}).items():
        option = find_option(options, name)
        if option is None:
            game = str(data.get("game", "this game"))
            raise source.error(
                ("variant", name), unknown_option(game, str(name), [o.name for o in options])
            )
        try:
            chosen[name] = option.coerce(value)
        except OptionError as exc:
            raise source.error(("variant", name), exc.said_in) from None
    for name, value in variant.items():
        key = str(name).replace("-", "_")
        option = find_option(options, key)
        if option is None:
            raise OptionError.of(
                unknown_option(str(data.get("game")), key, [o.name for o in options])
            )
        chosen[key] = option.coerce(value)
    return chosen


def _write(source: Sourced, resolved: Any, option: Option, path, value) -> None:
    """Write an option's value into the rule data, unless the file sets that field itself."""
    current = get_path(source.data, path)
    if current is not MISSING and current != value:
        raise source.error(
            path,
            said("set_by_option", option=repr(option.name), name=option.name),
        )
    blocked = _set(resolved, path, copy.deepcopy(value))
    if blocked is not None:
        raise source.error(blocked, said("option_writes", option=repr(option.name)))


def _set(data, path, value) -> tuple[Any, ...] | None:
    """Write value at path, making mappings on the way; else the path of the value that is not
    a mapping and stands in the way."""
    for end, key in enumerate(path[:-1], start=1):
        data = data.setdefault(key, {})
        if not isinstance(data, dict):
            return path[:end]
    data[path[-1]] = value
    return None


# --- the whole spec ------------------------------------------------------------------------------


def _aliases(r: Reader) -> tuple[str, ...]:
    aliases = r.sequence(("aliases",), [])
    if any(not isinstance(a, str) for a in aliases):
        raise r.fail(("aliases",), said("expected_name_list"))
    return tuple(aliases)


def _hand_size(r: Reader, deck: Deck) -> int:
    hand_size = r.integer(("hand_size",), minimum=1, maximum=MAX_HAND)
    if hand_size + 1 > deck.size:
        raise r.fail(
            ("hand_size",),
            said("hand_over_deck", hand=hand_size, size=deck.size),
        )
    return hand_size


def _lang(r: Reader, deck: Deck) -> str:
    # The language its players speak; a spec that does not say is taken from its deck, as the
    # Spanish deck's games are the Río de la Plata's.
    return r.word(("lang",), "es" if deck.notation.name == "spanish" else "en", choices=LANGS)


def _variant_name(r: Reader) -> str | None:
    variant_name = r.get(("variant_name",), None)
    if variant_name is not None and not isinstance(variant_name, str | int):
        raise r.fail(("variant_name",), said("expected_name"))
    if len(str(variant_name)) > MAX_NAME:
        raise r.fail(("variant_name",), said("variant_name_long", most=MAX_NAME))
    return str(variant_name) if variant_name is not None else None


def _facts(deck: Deck, hand_size: int, joker: int, chosen: dict[str, Any]) -> dict[str, Any]:
    """The derived numbers a rulebook's {placeholders} may name, besides the options."""
    return {
        "hand_size": hand_size,
        "total_cards": deck.size,
        "deck_cards": len(deck.ranks) * len(deck.suits) * deck.copies,
        "jokers": deck.jokers,
        "joker_value": joker,
        "hand_size_plus": hand_size + 1,
        "ranks": ", ".join(deck.notation.rank_code(r) for r in deck.ranks),
        **chosen,
    }


def read_spec(r: Reader, options: tuple[Option, ...], chosen: dict[str, Any]) -> RuleSpec:
    """The whole spec, its options already resolved into the data."""
    r.known_keys((), TOP_LEVEL)
    game = r.word(("game",))
    aliases = _aliases(r)
    mechanism = read_mechanism(r)
    deck = read_deck(r)
    values, joker = read_values(r, deck)
    meld_ids = list(r.mapping(("melds",), default={}))
    melds = tuple(read_meld_kind(r, k) for k in meld_ids)
    closes = tuple(
        read_close(r, c, meld_ids)
        for c in r.mapping(("closes",), default={})
        if r.boolean(("closes", c, "enabled"), True)
    )
    hand_size = _hand_size(r, deck)
    variant_name = _variant_name(r)
    # The mechanism's own section before the prose, whose paragraphs may test its rules of play.
    own = mechanism.read_section(r, deck, melds, hand_size)
    facts = _facts(deck, hand_size, joker, chosen)
    prose_reader = ProseReader(
        r, deck, mechanism, options, chosen, facts, tested=play_tests(play_of(own))
    )
    example_ids, examples = prose_reader.examples()
    puzzle_kinds = read_puzzle_kinds(r, mechanism.kinds)
    lacking = lacking_tables(mechanism)
    match = read_match(r)
    if not r.has(("prose", "game")) or match.target is None:
        lacking["game"] = Told("game_table_needs")
    prose = prose_reader.prose(example_ids, lacking)
    return RuleSpec(
        game=game,
        aliases=aliases,
        title=r.names(("title",)),
        lang=_lang(r, deck),
        mechanism=mechanism.name,
        deck=deck,
        values=values,
        joker_value=joker,
        melds=melds,
        hand_size=hand_size,
        closes=closes,
        forbid_cut_with_pozo_card=r.boolean(("cut", "forbid_pozo_card"), False),
        options=options,
        chosen=chosen,
        variant_name=variant_name,
        source=r.src.where(())[0] or "",
        cut=read_cut(r),
        pozo_names=read_pozo_names(r),
        scoring=read_scoring(r, list(r.mapping(("closes",), default={})), deck),
        match=match,
        puzzle_kinds=puzzle_kinds,
        puzzle_deadwood=read_puzzle_deadwood(r),
        own=own,
        prose=prose,
        examples=examples,
        placeholders=prose_reader.values,
        lines=r.src.lines,
    )
