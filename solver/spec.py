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

from .cards import NOTATIONS, Deck
from .errors import OptionError, SpecError, quoted
from .yamlsource import Sourced, dotted, load_yaml, load_yaml_cached, merge

LANGS = ("es", "en")
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
            and result is not None
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
    data: dict[str, Any] = field(compare=False, repr=False)
    lines: dict[tuple[Any, ...], tuple[str, int]] = field(compare=False, repr=False)

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
        return Sourced(self.data, self.lines).error(_split_path(where), message)

    def meld_kind(self, kind_id: str) -> MeldKind:
        return next(k for k in self.melds if k.id == kind_id)

    def close(self, close_id: str) -> Close:
        return next(c for c in self.closes if c.id == close_id)


def _close_matches(word: str, choices, n: int = 1) -> list[str]:
    import difflib  # only on the error path: it is slow to import

    return difflib.get_close_matches(word, list(choices), n=n)


def _unknown_option(game: str, name: str, known: list[str]) -> str:
    near = _close_matches(name, known, n=1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    return f"unknown option {quoted(name)} for {game}{hint}; options: {', '.join(known) or 'none'}"


# --- finding and loading specs ---------------------------------------------------------------


def _spec_dir() -> Path:
    # The package's folder without importing it or importlib.resources (a few ms per call).
    return Path(find_spec("mazo.rulebooks").submodule_search_locations[0]) / "specs"


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
    near = _close_matches(wanted, [*games, *(a for v in games.values() for a in v)], 1)
    hint = f" (did you mean {near[0]!r}?)" if near else ""
    raise OptionError(f"unknown game {quoted(name)}{hint}; known games: {', '.join(games)}")


def load_spec(
    game: str | None = None,
    *,
    rules: str | Path | None = None,
    variant: dict[str, Any] | None = None,
) -> RuleSpec:
    """The resolved rules of a built-in game, a user's rules file, or a file extending a game."""
    if rules is None:
        if game is None:
            raise OptionError("name a game or a rules file")
        source = builtin_source(resolve_game(game))
    else:
        path = Path(rules)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SpecError(f"cannot read the rules file: {exc.strerror}", file=str(path)) from None
        user = load_yaml(text, str(path))
        if not isinstance(user.data, dict):
            raise user.error((), "a rules file is a mapping of fields")
        base_name = user.data.get("extends")
        if base_name is None and game is not None and "game" not in user.data:
            base_name = game
        if base_name is not None:
            try:
                base = builtin_source(resolve_game(str(base_name)))
            except OptionError as exc:
                raise user.error(("extends",), str(exc)) from None
            source = merge(base, user)
        else:
            source = user
    return build_spec(source, variant or {})


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
        opt = next((o for o in options if o.name == key), None)
        if opt is None:
            raise OptionError(
                _unknown_option(str(data.get("game")), key, [o.name for o in options])
            )
        chosen[key] = opt.coerce(value)
    resolved = copy.deepcopy(data)
    for opt in options:
        for path, value in _writes(opt, chosen[opt.name]):
            current = _get(data, path)
            if current is not _MISSING and current != value:
                raise source.error(
                    path,
                    f"this field is set by option {opt.name!r}; write "
                    f"'variant: {{{opt.name}: ...}}' instead",
                )
            _set(resolved, path, copy.deepcopy(value))
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


_MISSING = object()


def _get(data, path):
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return _MISSING
        data = data[key]
    return data


def _set(data, path, value):
    for key in path[:-1]:
        data = data.setdefault(key, {})
    data[path[-1]] = value


# --- validation ------------------------------------------------------------------------------

# Sections other parts of mazo read (rulebook prose, match scoring, puzzle kinds): kept as data.
FREE_SECTIONS = (
    "prose",
    "examples",
    "match",
    "scoring",
    "puzzles",
    "players",
    "deal",
    "conquian",
    "canasta",
    "terms",
    "extends",
    "variant",
    "variant_name",
)


class _Reader:
    """Typed access to the spec data; every complaint names file, line and field."""

    def __init__(self, source: Sourced):
        self.src = source
        self.data = source.data

    def fail(self, path, message) -> SpecError:
        return self.src.error(tuple(path), message)

    def get(self, path, default=_MISSING):
        value = _get(self.data, tuple(path))
        if value is _MISSING:
            if default is _MISSING:
                raise self.fail(path[:-1], f"missing field '{dotted(path)}'")
            return default
        return value

    def mapping(self, path, default=_MISSING) -> dict:
        value = self.get(path, default)
        if value is None and default is not _MISSING:
            return default
        if not isinstance(value, dict):
            raise self.fail(path, "expected a mapping")
        return value

    def integer(self, path, default=_MISSING, *, minimum=None, nullable=False):
        value = self.get(path, default)
        if value is None and nullable:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected a whole number, got {value!r}")
        if minimum is not None and value < minimum:
            raise self.fail(path, f"must be at least {minimum}, got {value}")
        return value

    def boolean(self, path, default=_MISSING) -> bool:
        value = self.get(path, default)
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {value!r}")
        return value

    def word(self, path, default=_MISSING, *, choices=None):
        value = self.get(path, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str):
            raise self.fail(path, f"expected a word, got {value!r}")
        if choices is not None and value not in choices:
            raise self.fail(path, f"expected one of {', '.join(choices)}, got {value!r}")
        return value

    def names(self, path, default=None) -> dict[str, str]:
        value = self.get(path, _MISSING if default is None else default)
        if isinstance(value, str):
            return dict.fromkeys(LANGS, value)
        if not isinstance(value, dict) or any(
            not isinstance(value.get(lang), str) for lang in LANGS
        ):
            raise self.fail(path, "expected text in both languages: {es: ..., en: ...}")
        return {lang: value[lang] for lang in LANGS}

    def known_keys(self, path, allowed):
        for key in self.mapping(path):
            if key not in allowed:
                near = _close_matches(str(key), allowed, n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else ""
                raise self.fail((*path, key), f"unknown field {key!r}{hint}")

    # -- sections

    def option(self, name) -> Option:
        path = ("options", name)
        self.known_keys(
            path, ["default", "choices", "type", "min", "max", "path", "sets", "description"]
        )
        kind = self.word((*path, "type"), None, choices=("int", "bool", "word"))
        choices = self.get((*path, "choices"), None)
        default = self.get((*path, "default"))
        if choices is not None and not isinstance(choices, list):
            raise self.fail((*path, "choices"), "expected a list of allowed values")
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
        if sets is not None and not isinstance(sets, dict):
            raise self.fail((*path, "sets"), "expected a mapping of value → fields to set")
        option = Option(
            name=str(name),
            default=None,
            choices=tuple(choices) if choices else None,
            kind=kind,
            minimum=self.integer((*path, "min"), None, nullable=True),
            maximum=self.integer((*path, "max"), None, nullable=True),
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
            or any(notation.parse_suit(str(s)) != s for s in suits)
            or len(set(suits)) != len(suits)
        ):
            raise self.fail(
                (*path, "suits"),
                f"expected a list of distinct suits from {' '.join(notation.suits)}",
            )
        if (
            not isinstance(ranks, list)
            or not ranks
            or len(set(ranks)) != len(ranks)
            or any(
                isinstance(r, bool) or not isinstance(r, int) or r not in notation.rank_codes
                for r in ranks
            )
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
            self.integer((*path, "copies"), 1, minimum=1),
            self.integer((*path, "jokers"), 0, minimum=0),
        )

    def values(self, deck: Deck) -> tuple[dict[int, int], int]:
        self.known_keys(("values",), ["ranks", "joker"])
        table = self.mapping(("values", "ranks"))
        for rank in deck.ranks:
            if rank not in table:
                raise self.fail(("values", "ranks"), f"no value for rank {rank}")
        values = {r: self.integer(("values", "ranks", r), minimum=0) for r in table}
        joker = self.integer(("values", "joker"), 0, minimum=0)
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
            min_len=self.integer((*path, "min_len"), 3, minimum=1),
            max_len=self.integer((*path, "max_len"), None, minimum=1, nullable=True),
            min_naturals=self.integer((*path, "min_naturals"), 1, minimum=1),
            max_jokers=self.integer((*path, "max_jokers"), None, minimum=0, nullable=True),
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
                "score",
                "effect",
                "lay_off",
                "enabled",
                "description",
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
        close = Close(
            id=str(close_id),
            names=self.names((*path, "name")),
            one_meld=one_meld,
            min_jokers=self.integer((*path, "min_jokers"), 0, minimum=0),
            max_jokers=self.integer((*path, "max_jokers"), None, minimum=0, nullable=True),
            max_deadwood=self.integer((*path, "max_deadwood"), None, minimum=0, nullable=True),
            max_loose_cards=self.integer(
                (*path, "max_loose_cards"), None, minimum=0, nullable=True
            ),
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
        allowed = [
            "game",
            "aliases",
            "title",
            "mechanism",
            "deck",
            "values",
            "melds",
            "hand_size",
            "closes",
            "cut",
            "options",
            *FREE_SECTIONS,
        ]
        self.known_keys((), allowed)
        game = self.word(("game",))
        aliases = self.get(("aliases",), [])
        if not isinstance(aliases, list) or any(not isinstance(a, str) for a in aliases):
            raise self.fail(("aliases",), "expected a list of names")
        deck = self.deck()
        values, joker = self.values(deck)
        meld_ids = list(self.mapping(("melds",), default={}))
        melds = tuple(self.meld_kind(k) for k in meld_ids)
        closes = tuple(
            self.close(c, meld_ids)
            for c in self.mapping(("closes",), default={})
            if self.boolean(("closes", c, "enabled"), True)
        )
        self.known_keys(("cut",), ["forbid_pozo_card", "name"]) if "cut" in self.data else None
        variant_name = self.get(("variant_name",), None)
        return RuleSpec(
            game=game,
            aliases=tuple(aliases),
            title=self.names(("title",)),
            mechanism=self.word(("mechanism",), "rummy", choices=MECHANISMS),
            deck=deck,
            values=values,
            joker_value=joker,
            melds=melds,
            hand_size=self.integer(("hand_size",), minimum=1),
            closes=closes,
            forbid_cut_with_pozo_card=self.boolean(("cut", "forbid_pozo_card"), False),
            options=options,
            chosen=chosen,
            variant_name=str(variant_name) if variant_name is not None else None,
            source=self.src.where(())[0] or "",
            data=self.data,
            lines=self.src.lines,
        )
