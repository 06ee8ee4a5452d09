"""Rule specs: one YAML file per game, validated into a frozen RuleSpec.

Layers, later wins: the built-in spec, then a user's rules file (`extends: GAME`), then the
named options (defaults, the file's `variant:`, then `--variant KEY=VALUE`). An option writes its
value into the rule data at the paths it names, so the rest of mazo reads only the rule data.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from mazo.solver.cards import NOTATIONS, Deck
from mazo.solver.errors import OptionError, SpecError, quoted
from mazo.solver.mechanisms.canasta.rules import CanastaRules, read_canasta
from mazo.solver.spec.prose import Example, Prose, ProseReader
from mazo.solver.spec.read import (
    LANGS,
    MAX_CARD_VALUE,
    MAX_COPIES,
    MAX_HAND,
    MAX_JOKERS,
    MAX_MELD,
    MAX_POINTS,
    MISSING,
    Reader,
    close_matches,
    get_path,
)
from mazo.solver.spec.sections import (
    ConquianRules,
    Cut,
    MatchSettings,
    Scoring,
    read_conquian,
    read_cut,
    read_match,
    read_puzzle_kinds,
    read_scoring,
)
from mazo.solver.spec.yamlsource import Sourced, load_yaml, load_yaml_cached, merge, read_text

__all__ = ["LANGS", "RuleSpec", "load_spec"]
MECHANISMS = ("rummy", "conquian", "canasta")


@dataclass(frozen=True, slots=True)
class MeldKind:
    """One kind of meld and its limits; `run` is same suit in rank order, `set` same rank."""

    id: str
    shape: str
    names: dict[str, str] = field(compare=False)
    min_len: int
    max_len: int | None
    min_naturals: int
    max_jokers: int | None
    distinct_suits: bool


@dataclass(frozen=True, slots=True)
class Close:
    """One way to end a hand (cut, knock), with what the kept cards must satisfy."""

    id: str
    names: dict[str, str] = field(compare=False)
    one_meld: str | None
    min_jokers: int
    max_jokers: int | None
    max_deadwood: int | None
    max_loose_cards: int | None
    no_discard: bool
    score: int | str | None
    effect: str | None
    lay_off: bool


@dataclass(frozen=True, slots=True)
class Option:
    """A named house rule: its allowed values, default and where it writes into the rules."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None
    kind: str
    minimum: int | None
    maximum: int | None
    path: tuple[Any, ...] | None
    sets: dict[Any, dict[str, Any]] | None = field(compare=False)
    description: dict[str, str] = field(compare=False)

    def coerce(self, value: Any) -> Any:
        """Turn a value from the command line or a file into the option's type, or refuse it."""
        result: bool | int | str | None
        if self.kind == "bool":
            result = _as_bool(value)
        elif self.kind == "int":
            result = _as_int(value)
        else:
            result = value if not isinstance(value, bool) else str(value).lower()
            result = str(result) if result is not None else None
        if result is None and not (self.kind == "int" and value is None and self.default is None):
            raise OptionError(
                f"option {self.name!r} does not take {quoted(value)}: {self.allowed()}"
            )
        if self.choices is not None and result not in self.choices:
            raise OptionError(
                f"option {self.name!r} does not take {quoted(value)}: {self.allowed()}"
            )
        if (
            self.kind == "int"
            and isinstance(result, int)
            and (
                (self.minimum is not None and result < self.minimum)
                or (self.maximum is not None and result > self.maximum)
            )
        ):
            raise OptionError(
                f"option {self.name!r} does not take {quoted(value)}: {self.allowed()}"
            )
        return result

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(_show(c) for c in self.choices)
        if self.kind == "int":
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"a whole number {lo}..{hi}".rstrip(". ") if (lo or hi) else "a whole number"
        if self.kind == "bool":
            return "true or false"
        return "a word"


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1", "si", "sí"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    return None


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip())
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A rule field a rules file sets directly (not through an option), by its dotted path:
    the value in force and the game's own (None when the game has no such field)."""

    field: str
    value: Any
    default: Any


@dataclass(frozen=True)
class RuleSpec:
    """A game's rules with every option resolved."""

    game: str
    aliases: tuple[str, ...]
    title: dict[str, str] = field(compare=False)
    mechanism: str
    deck: Deck
    values: dict[int, int] = field(compare=False)
    joker_value: int
    melds: tuple[MeldKind, ...]
    hand_size: int
    closes: tuple[Close, ...]
    forbid_cut_with_pozo_card: bool
    options: tuple[Option, ...]
    chosen: dict[str, Any] = field(compare=False)
    variant_name: str | None
    source: str
    cut: Cut = field(compare=False)
    scoring: Scoring = field(compare=False)
    match: MatchSettings = field(compare=False)
    puzzle_kinds: tuple[str, ...] = field(compare=False)
    conquian: ConquianRules | None = field(compare=False)
    canasta: CanastaRules | None = field(compare=False)
    prose: Prose | None = field(compare=False, repr=False)
    examples: tuple[Example, ...] = field(compare=False, repr=False)
    # The value of every {placeholder} the prose and examples use, under the rules in force.
    placeholders: dict[str, Any] = field(compare=False, repr=False)
    lines: dict[tuple[Any, ...], tuple[str, int]] = field(compare=False, repr=False)
    # The rule fields a rules file that extends a game changes directly, in the file's order.
    rule_changes: tuple[RuleChange, ...] = field(default=(), compare=False)

    def value(self, card) -> int:
        """Points a card counts when it is left loose."""
        return self.joker_value if card.is_joker else self.values[card.rank]

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        raise OptionError(_unknown_option(self.game, name, [o.name for o in self.options]))

    def changed_options(self) -> dict[str, Any]:
        """The options whose value differs from the game's default: the house rules in force."""
        return {
            o.name: self.chosen[o.name] for o in self.options if self.chosen[o.name] != o.default
        }

    def error(self, where: str, message: str) -> SpecError:
        """An error in the rule data at a dotted field, naming the file and line it came from
        (the user's rules file when the field was set there)."""
        return Sourced(None, self.lines).error(_split_path(where), message)

    def meld_kind(self, kind_id: str) -> MeldKind:
        return next(k for k in self.melds if k.id == kind_id)

    def close(self, close_id: str) -> Close:
        return next(c for c in self.closes if c.id == close_id)


def _unknown_option(game: str, name: str, known: list[str]) -> str:
    near = close_matches(name, known, n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return f"unknown option {quoted(name)} for {game}{hint}; options: {', '.join(known) or 'none'}"


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
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    raise OptionError(f"unknown game {quoted(name)}{hint}; known games: {', '.join(games)}")


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
            raise OptionError("name a game or a rules file")
        return build_spec(builtin_source(resolve_game(game)), variant or {})
    path = str(rules)
    user = load_yaml(read_text(path), path)
    if not isinstance(user.data, dict):
        raise user.error((), "a rules file is a mapping of fields")
    base_name = user.data.get("extends")
    if base_name is not None:
        if not isinstance(base_name, str):
            raise user.error(("extends",), "expected the name of a game")
        try:
            base_game = resolve_game(base_name)
        except OptionError as exc:
            raise user.error(("extends",), str(exc)) from None
        source = merge(builtin_source(base_game), user)
    elif "game" in user.data:
        base_game, source = None, user
    else:
        hint = f"'extends: {resolve_game(game)}'" if game is not None else "'extends: GAME'"
        raise user.error(
            (), f"a rules file names the game it changes: add {hint} (or write a whole spec)"
        )
    spec = build_spec(source, variant or {})
    if base_name is not None:
        changes = _rule_changes(builtin_source(base_game).data, user.data)
        spec = dataclasses.replace(spec, rule_changes=tuple(changes))
    if game is not None and not _names_game(spec, base_game, game):
        raise user.error(
            ("extends",) if base_game else ("game",),
            f"this rules file is for {spec.game}, not {game!r}: "
            f"name {spec.game} on the command line",
        )
    return spec


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
    "conquian",
    "canasta",
)


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
    return [RuleChange(".".join(str(p) for p in path), over, base)]


def _names_game(spec: RuleSpec, base_game: str | None, name: str) -> bool:
    wanted = name.strip().lower()
    names = {spec.game.lower(), *(a.lower() for a in spec.aliases)}
    if wanted in names:
        return True
    try:
        return resolve_game(wanted) in (base_game, spec.game)
    except OptionError:
        return False


def build_spec(source: Sourced, variant: dict[str, Any]) -> RuleSpec:
    data = source.data
    if not isinstance(data, dict):
        raise source.error((), "a spec is a mapping of fields")
    reader = _Reader(source)
    options = tuple(reader.option(name) for name in reader.mapping(("options",), default={}))
    chosen = {opt.name: opt.default for opt in options}
    file_variant = reader.mapping(("variant",), default={})
    for name, value in file_variant.items():
        opt = _find_option(options, name, data.get("game", "this game"), source, ("variant", name))
        try:
            chosen[name] = opt.coerce(value)
        except OptionError as exc:
            raise source.error(("variant", name), str(exc)) from None
    for name, value in variant.items():
        key = str(name).replace("-", "_")
        named = next((o for o in options if o.name == key), None)
        if named is None:
            raise OptionError(
                _unknown_option(str(data.get("game")), key, [o.name for o in options])
            )
        chosen[key] = named.coerce(value)
    resolved = copy.deepcopy(data)
    for opt in options:
        for path, value in _writes(opt, chosen[opt.name]):
            current = get_path(data, path)
            if current is not MISSING and current != value:
                raise source.error(
                    path,
                    f"this field is set by option {opt.name!r}; write "
                    f"'variant: {{{opt.name}: ...}}' instead",
                )
            blocked = _set(resolved, path, copy.deepcopy(value))
            if blocked is not None:
                raise source.error(
                    blocked, f"expected a mapping (option {opt.name!r} writes into it)"
                )
    return _Reader(Sourced(resolved, source.lines)).spec(options, chosen)


def _find_option(options, name, game, source, path) -> Option:
    for opt in options:
        if opt.name == name:
            return opt
    raise source.error(path, _unknown_option(str(game), str(name), [o.name for o in options]))


def _writes(opt: Option, value: Any) -> list[tuple[tuple[Any, ...], Any]]:
    if opt.path is not None:
        return [(opt.path, value)]
    settings = opt.sets.get(value, {}) if opt.sets else {}
    return [(_split_path(p), v) for p, v in settings.items()]


def _split_path(path: str) -> tuple[Any, ...]:
    return tuple(int(p) if p.lstrip("-").isdigit() else p for p in str(path).split("."))


def _set(data, path, value) -> tuple[Any, ...] | None:
    """Write value at path, making mappings on the way; else the path of the value that is not
    a mapping and stands in the way."""
    for end, key in enumerate(path[:-1], start=1):
        data = data.setdefault(key, {})
        if not isinstance(data, dict):
            return path[:end]
    data[path[-1]] = value
    return None


# --- validation ------------------------------------------------------------------------------

TOP_LEVEL = [
    "game",
    "aliases",
    "title",
    "mechanism",
    *RULE_SECTIONS,
    "puzzles",
    "options",
    "prose",
    "examples",
    "extends",
    "variant",
    "variant_name",
]


class _Reader(Reader):
    """The spec's own sections: options, deck, values, melds, closes, and the whole spec."""

    def option(self, name) -> Option:
        path = ("options", name)
        self.known_keys(
            path, ["default", "choices", "type", "min", "max", "path", "sets", "description"]
        )
        kind = self.word((*path, "type"), None, choices=("int", "bool", "word"))
        choices = self.get((*path, "choices"), None)
        default = self.get((*path, "default"))
        if choices is not None and (
            not isinstance(choices, list)
            or any(isinstance(c, dict | list) for c in choices)
            or len({(type(c), c) for c in choices}) != len(choices)
        ):
            raise self.fail((*path, "choices"), "expected a list of distinct allowed values")
        if isinstance(default, dict | list):
            raise self.fail((*path, "default"), "expected one value")
        if kind is None:
            sample = [*(choices or []), default]
            if all(isinstance(v, bool) for v in sample):
                kind = "bool"
            elif all((isinstance(v, int) and not isinstance(v, bool)) or v is None for v in sample):
                kind = "int"
            else:
                kind = "word"
        target = self.get((*path, "path"), None)
        sets = self.get((*path, "sets"), None)
        if (target is None) == (sets is None):
            raise self.fail(path, "an option needs exactly one of 'path' or 'sets'")
        if sets is not None and (
            not isinstance(sets, dict)
            or any(
                not isinstance(fields, dict) or any(not isinstance(f, str) for f in fields)
                for fields in sets.values()
            )
        ):
            raise self.fail((*path, "sets"), "expected a mapping of value → fields to set")
        if target is not None and not isinstance(target, str):
            raise self.fail((*path, "path"), "expected a dotted path, like closes.cut.max_deadwood")
        option = Option(
            name=str(name),
            default=None,
            choices=tuple(choices) if choices else None,
            kind=kind,
            minimum=self.integer(
                (*path, "min"), None, minimum=-MAX_POINTS, maximum=MAX_POINTS, nullable=True
            ),
            maximum=self.integer(
                (*path, "max"), None, minimum=-MAX_POINTS, maximum=MAX_POINTS, nullable=True
            ),
            path=_split_path(target) if target is not None else None,
            sets=sets,
            description=self.names((*path, "description")),
        )
        try:
            default = option.coerce(default)
            for value in sets or {}:
                option.coerce(value)
        except OptionError as exc:
            raise self.fail(path, str(exc)) from None
        if sets is not None and choices is not None and set(choices) - set(sets):
            missing = ", ".join(_show(c) for c in choices if c not in sets)
            raise self.fail((*path, "sets"), f"no settings for the value(s) {missing}")
        return dataclasses.replace(option, default=default)

    def deck(self) -> Deck:
        path = ("deck",)
        self.known_keys(path, ["notation", "suits", "ranks", "copies", "jokers"])
        notation = NOTATIONS[self.word((*path, "notation"), choices=tuple(NOTATIONS))]
        suits = self.get((*path, "suits"), list(notation.suits))
        ranks = self.get((*path, "ranks"))
        if (
            not isinstance(suits, list)
            or not suits
            or any(not isinstance(s, str) or notation.parse_suit(s) != s for s in suits)
            or len(set(suits)) != len(suits)
        ):
            raise self.fail(
                (*path, "suits"),
                f"expected a list of distinct suits from {' '.join(notation.suits)}",
            )
        if (
            not isinstance(ranks, list)
            or not ranks
            or any(
                isinstance(r, bool) or not isinstance(r, int) or r not in notation.rank_codes
                for r in ranks
            )
            or len(set(ranks)) != len(ranks)
        ):
            raise self.fail(
                (*path, "ranks"),
                "expected a list of distinct ranks in play order, "
                f"each one of {', '.join(map(str, notation.rank_codes))}",
            )
        return Deck(
            notation,
            tuple(ranks),
            tuple(suits),
            self.integer((*path, "copies"), 1, minimum=1, maximum=MAX_COPIES),
            self.integer((*path, "jokers"), 0, minimum=0, maximum=MAX_JOKERS),
        )

    def values(self, deck: Deck) -> tuple[dict[int, int], int]:
        self.known_keys(("values",), ["ranks", "joker"])
        table = self.mapping(("values", "ranks"))
        for rank in deck.ranks:
            if rank not in table:
                raise self.fail(("values", "ranks"), f"no value for rank {rank}")
        for rank in table:
            # A rank the deck's notation has but this deck leaves out (the 8s and 9s of a
            # 40-card deck) may keep its value: an option brings it back.
            if isinstance(rank, bool) or rank not in deck.notation.rank_codes:
                raise self.fail(("values", "ranks", rank), f"the deck has no rank {rank!r}")
        values = {
            r: self.integer(("values", "ranks", r), minimum=0, maximum=MAX_CARD_VALUE)
            for r in table
        }
        joker = self.integer(("values", "joker"), 0, minimum=0, maximum=MAX_CARD_VALUE)
        return values, joker

    def meld_kind(self, kind_id) -> MeldKind:
        path = ("melds", kind_id)
        self.known_keys(
            path,
            ["shape", "name", "min_len", "max_len", "min_naturals", "max_jokers", "distinct_suits"],
        )
        kind = MeldKind(
            id=str(kind_id),
            shape=self.word((*path, "shape"), choices=("run", "set")),
            names=self.names((*path, "name")),
            min_len=self.integer((*path, "min_len"), 3, minimum=2, maximum=MAX_MELD),
            max_len=self.integer(
                (*path, "max_len"), None, minimum=2, maximum=MAX_MELD, nullable=True
            ),
            min_naturals=self.integer((*path, "min_naturals"), 1, minimum=1, maximum=MAX_MELD),
            max_jokers=self.integer(
                (*path, "max_jokers"), None, minimum=0, maximum=MAX_MELD, nullable=True
            ),
            distinct_suits=self.boolean((*path, "distinct_suits"), True),
        )
        if kind.max_len is not None and kind.max_len < kind.min_len:
            raise self.fail(
                (*path, "max_len"), f"max_len {kind.max_len} is below min_len {kind.min_len}"
            )
        if (
            kind.min_naturals > kind.min_len
            and kind.max_len is not None
            and kind.min_naturals > kind.max_len
        ):
            raise self.fail((*path, "min_naturals"), "more naturals than the meld can hold")
        return kind

    def close(self, close_id, meld_ids) -> Close:
        path = ("closes", close_id)
        self.known_keys(
            path,
            [
                "name",
                "one_meld",
                "min_jokers",
                "max_jokers",
                "max_deadwood",
                "max_loose_cards",
                "no_discard",
                "score",
                "effect",
                "lay_off",
                "enabled",
            ],
        )
        one_meld = self.word((*path, "one_meld"), None)
        if one_meld is not None and one_meld not in meld_ids:
            raise self.fail(
                (*path, "one_meld"), f"no meld kind {one_meld!r}; kinds: {', '.join(meld_ids)}"
            )
        score = self.get((*path, "score"), None)
        if (
            score is not None
            and score != "deadwood"
            and (isinstance(score, bool) or not isinstance(score, int))
        ):
            raise self.fail((*path, "score"), "expected a number of points or 'deadwood'")
        if isinstance(score, int) and not -MAX_POINTS <= score <= MAX_POINTS:
            raise self.fail((*path, "score"), f"must be within ±{MAX_POINTS}, got {score}")
        close = Close(
            id=str(close_id),
            names=self.names((*path, "name")),
            one_meld=one_meld,
            min_jokers=self.integer((*path, "min_jokers"), 0, minimum=0, maximum=MAX_MELD),
            max_jokers=self.integer(
                (*path, "max_jokers"), None, minimum=0, maximum=MAX_MELD, nullable=True
            ),
            max_deadwood=self.integer(
                (*path, "max_deadwood"), None, minimum=0, maximum=MAX_POINTS, nullable=True
            ),
            max_loose_cards=self.integer(
                (*path, "max_loose_cards"), None, minimum=0, maximum=MAX_HAND, nullable=True
            ),
            no_discard=self.boolean((*path, "no_discard"), False),
            score=score,
            effect=self.word((*path, "effect"), None, choices=("win_match",)),
            lay_off=self.boolean((*path, "lay_off"), False),
        )
        if close.max_jokers is not None and close.max_jokers < close.min_jokers:
            raise self.fail((*path, "max_jokers"), "max_jokers is below min_jokers")
        if close.one_meld is None and close.max_deadwood is None and close.max_loose_cards is None:
            raise self.fail(path, "a close needs one_meld, max_deadwood or max_loose_cards")
        return close

    def spec(self, options, chosen) -> RuleSpec:
        self.known_keys((), TOP_LEVEL)
        game = self.word(("game",))
        aliases = self.sequence(("aliases",), [])
        if any(not isinstance(a, str) for a in aliases):
            raise self.fail(("aliases",), "expected a list of names")
        mechanism = self.word(("mechanism",), "rummy", choices=MECHANISMS)
        for own in ("conquian", "canasta"):
            if self.has((own,)) and mechanism != own:
                raise self.fail((own,), f"a '{own}:' section needs 'mechanism: {own}'")
        deck = self.deck()
        values, joker = self.values(deck)
        meld_ids = list(self.mapping(("melds",), default={}))
        melds = tuple(self.meld_kind(k) for k in meld_ids)
        closes = tuple(
            self.close(c, meld_ids)
            for c in self.mapping(("closes",), default={})
            if self.boolean(("closes", c, "enabled"), True)
        )
        hand_size = self.integer(("hand_size",), minimum=1, maximum=MAX_HAND)
        if hand_size + 1 > deck.size:
            raise self.fail(
                ("hand_size",),
                f"a hand of {hand_size} + 1 needs more than the deck's {deck.size} cards",
            )
        variant_name = self.get(("variant_name",), None)
        if variant_name is not None and not isinstance(variant_name, str | int):
            raise self.fail(("variant_name",), "expected a name")
        facts = {
            "hand_size": hand_size,
            "total_cards": deck.size,
            "deck_cards": len(deck.ranks) * len(deck.suits) * deck.copies,
            "jokers": deck.jokers,
            "joker_value": joker,
            "hand_size_plus": hand_size + 1,
            "ranks": ", ".join(deck.notation.rank_code(r) for r in deck.ranks),
            **chosen,
        }
        prose_reader = ProseReader(self, deck, mechanism, options, chosen, facts)
        example_ids, examples = prose_reader.examples()
        puzzle_kinds = read_puzzle_kinds(self, mechanism)
        lacking = {}
        if mechanism != "canasta":
            lacking["minimum_opening"] = "the initial meld's minimum is Canasta's"
        prose = prose_reader.prose(example_ids, lacking)
        return RuleSpec(
            game=game,
            aliases=tuple(aliases),
            title=self.names(("title",)),
            mechanism=mechanism,
            deck=deck,
            values=values,
            joker_value=joker,
            melds=melds,
            hand_size=hand_size,
            closes=closes,
            forbid_cut_with_pozo_card=self.boolean(("cut", "forbid_pozo_card"), False),
            options=options,
            chosen=chosen,
            variant_name=str(variant_name) if variant_name is not None else None,
            source=self.src.where(())[0] or "",
            cut=read_cut(self),
            scoring=read_scoring(self, list(self.mapping(("closes",), default={})), deck),
            match=read_match(self),
            puzzle_kinds=puzzle_kinds,
            conquian=read_conquian(self, hand_size) if mechanism == "conquian" else None,
            canasta=read_canasta(self, deck, melds) if mechanism == "canasta" else None,
            prose=prose,
            examples=examples,
            placeholders=prose_reader.values,
            lines=self.src.lines,
        )
