"""The rulebook's text in a spec (`prose:`) and its worked examples (`examples:`), read once.

Everything is checked at load, under the options in force: a paragraph, example or cover with
`when: {option: value or [values]}` is kept only under those rules (a rule of play may be tested
too, `when: {play.stock_out: void}`, so the book says what the data says however it was set),
every `{placeholder}` must name an option, a derived fact (`hand_size`, `total_cards`, ...) or a
number or word of the rules (`closes.corte_limpio.score`, `play.void_stock`), and every example's
cards must be dealable from the deck. So a spec `mazo spec check` accepts prints as a rulebook.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mazo.solver.cards import Card, Deck
from mazo.solver.errors import InputError, OptionError, quoted
from mazo.solver.messages import said
from mazo.solver.spec.options import ALLOWED, show
from mazo.solver.spec.reader import LANGS, MAX_HAND, MAX_POINTS, MISSING, Reader, get_path
from mazo.solver.words import word

if TYPE_CHECKING:
    from mazo.solver.mechanisms.base import Mechanism

PLACEHOLDER = re.compile(r"\{([A-Za-z_][\w.]*)\}")

Names = dict[str, str]


@dataclass(frozen=True, slots=True)
class Paragraph:
    text: Names


@dataclass(frozen=True, slots=True)
class DataTable:
    """A table written in the prose: a header and rows per language, an optional caption."""

    header: dict[str, tuple[str, ...]]
    rows: dict[str, tuple[tuple[str, ...], ...]]
    caption: Names | None


@dataclass(frozen=True, slots=True)
class Section:
    title: Names
    text: tuple[Paragraph, ...] = ()
    tables: tuple[str, ...] = ()
    house_rules: bool = False
    examples: tuple[str, ...] = ()
    glossary: tuple[tuple[Names, Names], ...] = ()
    faq: tuple[tuple[Names, Names], ...] = ()
    subsections: tuple[Section, ...] = ()


@dataclass(frozen=True, slots=True)
class WorkedGame:
    """A game played in the book (`prose.game`, shown by the generated table `game`): two
    players (or sides), their starting totals and each hand's points, in order, played until
    the target in force."""

    players: tuple[str, str]
    hands: tuple[tuple[int, int], ...]
    start: tuple[int, int] = (0, 0)


@dataclass(frozen=True, slots=True)
class Prose:
    cover: tuple[Card, ...] | None
    sections: tuple[Section, ...]
    tables: dict[str, DataTable]
    game: WorkedGame | None = None


@dataclass(frozen=True, slots=True)
class Example:
    """A position solved when the book is built, or groups drawn as written (`groups:` with
    `labels:`, `marked:` set apart). A position is a `hand:` and what its mechanism's solver
    takes (its `example_keys`): the card just taken from the `pozo:`, the `faced:` card offered
    and the player's own `table:` melds, or the side's `score:` (for the initial meld's
    minimum)."""

    id: str
    title: Names | None
    note: Names | None
    hand: tuple[Card, ...] | None
    pozo: Card | None
    faced: Card | None
    table: tuple[tuple[Card, ...], ...]
    score: int
    groups: tuple[tuple[Card, ...], ...]
    labels: dict[str, tuple[str, ...]]
    marked: Card | None
    marked_label: Names | None


GENERATED_TABLES = (
    "deck",
    "values",
    "melds",
    "closes",
    "options",
    "minimum_opening",
    "puzzle_kinds",
    "game",
)
SECTION_KEYS = [
    "title",
    "text",
    "tables",
    "house_rules",
    "examples",
    "glossary",
    "faq",
    "subsections",
]


class ProseReader:
    """Reads prose and examples, keeping what applies and collecting every placeholder."""

    def __init__(
        self,
        r: Reader,
        deck: Deck,
        mechanism: Mechanism[Any],
        options,
        chosen,
        facts,
        *,
        tested: dict[str, tuple[Any, Collection[Any]]] | None = None,
    ):
        """`tested`: the rules of play besides the options a `when:` may test, each with its
        value in force and every value it takes."""
        self.r, self.deck, self.mechanism = r, deck, mechanism
        self.options = {o.name: o for o in options}
        self.chosen: dict[str, Any] = chosen
        self.facts: dict[str, Any] = facts
        self.tested = tested or {}
        self.values: dict[str, Any] = {}

    def applies(self, path) -> bool:
        """`when: {option: value or [values]}` at path: only under those rules. Each value must
        be one the option (or rule of play) takes, written as its type (a condition that can
        never hold is an error, not a paragraph silently left out)."""
        when = self.r.mapping(path, {})
        holds = True
        for name, wanted in when.items():
            in_force, takes, what, values = self._condition((*path, name), name)
            allowed = wanted if isinstance(wanted, list) else [wanted]
            if not allowed:
                raise self.r.fail((*path, name), said("when_empty"))
            for value in allowed:
                if not takes(value):
                    raise self.r.fail(
                        (*path, name),
                        said(
                            "when_no_value",
                            what=said(what),
                            name=repr(name),
                            value=quoted(value),
                            values=values,
                        ),
                    )
            holds = holds and in_force in allowed
        return holds

    def _condition(
        self, path, name
    ) -> tuple[Any, Callable[[Any], bool], str, Callable[[str], str]]:
        """What a `when:` names: its value in force, whether it takes a value, what it is (an
        option or a rule of play, its key) and the values it takes in words, in any language."""
        option = self.options.get(name)
        if option is not None:
            return self.chosen[name], lambda v: _takes(option, v), "when_option", option.allowed
        if name not in self.tested:
            raise self.r.fail(path, said("when_no_option", name=repr(name)))
        in_force, values = self.tested[name]
        if isinstance(values, range):
            key, fields = "whole_number", {"span": f"{values[0]}..{values[-1]}"}
        else:
            key, fields = "one_of", {"values": ", ".join(show(v) for v in values)}
        # written as its type: `true`, not `1`
        return (
            in_force,
            lambda v: type(v) is type(in_force) and v in values,
            "when_rule",
            lambda lang: word(ALLOWED, lang, key, **fields),
        )

    def text(self, path, *, extra=()) -> Names:
        value = self.r.get(path)
        if isinstance(value, dict):
            self.r.known_keys(path, [*LANGS, *extra])
        names = self.r.names(path) if not isinstance(value, dict) else self._both(path, value)
        for lang in LANGS:
            self._placeholders(path, names[lang])
        return names

    def _both(self, path, value) -> Names:
        if any(not isinstance(value.get(lang), str) for lang in LANGS):
            raise self.r.fail(path, said("expected_names"))
        return {lang: value[lang] for lang in LANGS}

    def _placeholders(self, path, text: str) -> None:
        for name in PLACEHOLDER.findall(text):
            if name in self.values:
                continue
            value = self.facts.get(name, MISSING)
            if value is MISSING and name in self.tested:
                value = self.tested[name][0]  # a rule of play, set in the data or not
            if value is MISSING:
                keys = tuple(int(k) if k.isdigit() else k for k in name.split("."))
                value = get_path(self.r.data, keys)
            if value is MISSING or isinstance(value, dict | list):
                raise self.r.fail(path, said("unknown_placeholder", name=name))
            self.values[name] = value

    def words(self, path) -> tuple[str, ...]:
        items = self.r.sequence(path, [])
        for i, item in enumerate(items):
            if not isinstance(item, str | int) or isinstance(item, bool):
                raise self.r.fail((*path, i), said("expected_word", value=repr(item)))
        return tuple(str(i) for i in items)

    def per_lang(self, path, depth: int) -> dict[str, tuple]:
        """{es: [...], en: [...]}: texts (depth 1) or rows of texts (depth 2) per language."""
        self.r.known_keys(path, LANGS)
        out: dict[str, tuple] = {}
        for lang in LANGS:
            items = self.r.sequence((*path, lang))
            if depth == 2:
                out[lang] = tuple(self._cells((*path, lang, i)) for i in range(len(items)))
            else:
                out[lang] = self._cells((*path, lang))
        return out

    def _cells(self, path) -> tuple[str, ...]:
        cells = self.words(path)
        for cell in cells:
            self._placeholders(path, cell)
        return cells

    def cards(self, path) -> tuple[Card, ...]:
        value = self.r.get(path)
        if not isinstance(value, str):
            raise self.r.fail(path, said("expected_card_codes"))
        try:
            cards = self.deck.parse_hand(value)
        except InputError as error:
            raise self.r.fail(path, error.said_in) from None
        if len(cards) > MAX_HAND + 1:
            raise self.r.fail(path, said("more_cards_than", most=MAX_HAND + 1))
        return cards

    def card(self, path) -> Card:
        cards = self.cards(path)
        if len(cards) != 1:
            raise self.r.fail(path, said("expected_one_card"))
        return cards[0]

    # -- prose

    def prose(self, example_ids, lacking: dict[str, str]) -> Prose | None:
        """The prose; `lacking` names the generated tables this game has no data for, and why."""
        if not self.r.has(("prose",)):
            return None
        self.r.known_keys(("prose",), ["cover", "tables", "sections", "game"])
        tables = {}
        for name in self.r.mapping(("prose", "tables"), {}):
            if name in GENERATED_TABLES:
                raise self.r.fail(
                    ("prose", "tables", name), said("generated_table", name=repr(name))
                )
            tables[str(name)] = self.table(("prose", "tables", name))
        # Every table a section may name; a generated one without data holds why not.
        known_tables = {**dict.fromkeys((*GENERATED_TABLES, *tables)), **lacking}
        sections = tuple(
            self.section(("prose", "sections", i), known_tables, example_ids, top=True)
            for i in range(len(self.r.sequence(("prose", "sections"))))
        )
        return Prose(cover=self.cover(), sections=sections, tables=tables, game=self.game())

    def game(self) -> WorkedGame | None:
        path = ("prose", "game")
        if not self.r.has(path):
            return None
        self.r.known_keys(path, ["players", "start", "hands"])
        players = self.words((*path, "players"))
        if len(players) != 2 or players[0] == players[1]:
            raise self.r.fail((*path, "players"), said("expected_two_players"))
        hands = []
        for i, row in enumerate(self.r.sequence((*path, "hands"))):
            if not isinstance(row, list) or len(row) != 2:
                raise self.r.fail((*path, "hands", i), said("expected_points_pair"))
            hands.append(
                tuple(
                    self.r.integer((*path, "hands", i, k), minimum=0, maximum=MAX_POINTS)
                    for k in range(2)
                )
            )
        if not hands:
            raise self.r.fail((*path, "hands"), said("expected_a_hand"))
        return WorkedGame(
            players=(players[0], players[1]), hands=tuple(hands), start=self.game_start(path)
        )

    def game_start(self, path) -> tuple[int, int]:
        """The worked game's starting totals, `[a, b]`; none given, both start at 0."""
        if not self.r.has((*path, "start")):
            return (0, 0)
        if len(self.r.sequence((*path, "start"))) != 2:
            raise self.r.fail((*path, "start"), said("expected_start_pair"))
        first, second = (
            self.r.integer((*path, "start", k), minimum=-MAX_POINTS, maximum=MAX_POINTS)
            for k in range(2)
        )
        return (first, second)

    def cover(self) -> tuple[Card, ...] | None:
        """The cover's cards: codes, `{cards, when}`, or a list of those, the first that applies
        (a deck option needs a cover in each deck's codes)."""
        path = ("prose", "cover")
        if not self.r.has(path):
            return None
        value = self.r.get(path)
        if isinstance(value, str):
            return self.cards(path)
        choices = [(*path, i) for i in range(len(value))] if isinstance(value, list) else [path]
        chosen = None
        for where in choices:  # every `when` is checked, the first that holds is drawn
            if not isinstance(self.r.get(where), dict):
                raise self.r.fail(where, said("expected_cover"))
            self.r.known_keys(where, ["cards", "when"])
            if self.applies((*where, "when")) and chosen is None:
                chosen = where
        return self.cards((*chosen, "cards")) if chosen is not None else None

    def table(self, path) -> DataTable:
        self.r.known_keys(path, ["header", "rows", "caption"])
        header = self.per_lang((*path, "header"), 1)
        rows = self.per_lang((*path, "rows"), 2)
        for lang in LANGS:
            if any(len(row) != len(header[lang]) for row in rows[lang]):
                raise self.r.fail((*path, "rows", lang), said("row_per_heading"))
        caption = self.text((*path, "caption")) if self.r.has((*path, "caption")) else None
        return DataTable(header=header, rows=rows, caption=caption)

    def section(self, path, known_tables, example_ids, *, top: bool) -> Section:
        keys = SECTION_KEYS if top else ["title", "text", "tables", "examples"]
        self.r.known_keys(path, keys)
        tables = self.words((*path, "tables"))
        for i, name in enumerate(tables):
            if known_tables.get(name) is not None:
                raise self.r.fail(
                    (*path, "tables", i),
                    said("no_table_here", name=repr(name), why=known_tables[name]),
                )
            if name not in known_tables:
                raise self.r.fail((*path, "tables", i), said("no_table_named", name=repr(name)))
        examples = self.words((*path, "examples"))
        for i, name in enumerate(examples):
            if name not in example_ids:
                raise self.r.fail((*path, "examples", i), said("no_example_id", name=repr(name)))
        text = []
        for i, item in enumerate(self.r.sequence((*path, "text"), [])):
            where = (*path, "text", i)
            if isinstance(item, dict) and not self.applies((*where, "when")):
                continue
            text.append(Paragraph(text=self.text(where, extra=("when",))))
        return Section(
            title=self.text((*path, "title")),
            text=tuple(text),
            tables=tables,
            house_rules=self.r.boolean((*path, "house_rules"), False),
            examples=tuple(e for e in examples if example_ids.get(e)),
            glossary=self.pairs((*path, "glossary"), "term", "def"),
            faq=self.pairs((*path, "faq"), "q", "a"),
            subsections=tuple(
                self.section((*path, "subsections", i), known_tables, example_ids, top=False)
                for i in range(len(self.r.sequence((*path, "subsections"), [])))
            ),
        )

    def pairs(self, path, first, second) -> tuple[tuple[Names, Names], ...]:
        """Glossary entries or questions; like paragraphs, one may hold under some rules only."""
        out = []
        for i in range(len(self.r.sequence(path, []))):
            self.r.known_keys((*path, i), [first, second, "when"])
            if self.applies((*path, i, "when")):
                out.append((self.text((*path, i, first)), self.text((*path, i, second))))
        return tuple(out)

    # -- examples

    def examples(self) -> tuple[dict[str, bool], tuple[Example, ...]]:
        """Every example id (true when it applies under these rules), and those that apply."""
        ids: dict[str, bool] = {}
        kept = []
        keys = ["id", "title", "note", "hand", *self.mechanism.example_keys, "groups", "labels"]
        for i in range(len(self.r.sequence(("examples",), []))):
            path = ("examples", i)
            self.r.known_keys(path, [*keys, "marked", "marked_label", "when"])
            example_id = self.r.word((*path, "id"))
            if example_id in ids:
                raise self.r.fail((*path, "id"), said("example_twice", name=repr(example_id)))
            ids[example_id] = self.applies((*path, "when"))
            if ids[example_id]:
                kept.append(self.example(path, example_id))
        return ids, tuple(kept)

    def example(self, path, example_id: str) -> Example:
        has = self.r.has
        if has((*path, "hand")) == has((*path, "groups")):
            raise self.r.fail(path, said("example_needs"))
        groups = self._melds((*path, "groups"))
        labels = self.per_lang((*path, "labels"), 1) if has((*path, "labels")) else {}
        hand, pozo, faced, table = self._position(path)
        return Example(
            id=example_id,
            title=self._optional_text((*path, "title")),
            note=self._optional_text((*path, "note")),
            hand=hand,
            pozo=pozo,
            faced=faced,
            table=table,
            score=self.r.integer((*path, "score"), 0, minimum=-MAX_POINTS, maximum=MAX_POINTS),
            groups=groups,
            labels=labels,
            marked=self.card((*path, "marked")) if has((*path, "marked")) else None,
            marked_label=self._optional_text((*path, "marked_label")),
        )

    def _optional_text(self, path) -> Names | None:
        return self.text(path) if self.r.has(path) else None

    def _melds(self, path) -> tuple[tuple[Card, ...], ...]:
        return tuple(self.cards((*path, i)) for i in range(len(self.r.sequence(path, []))))

    def _position(self, path):
        """A solved example's hand, pozo card, faced card and own table melds (None and empty
        for groups drawn as written)."""
        has = self.r.has
        hand = self.cards((*path, "hand")) if has((*path, "hand")) else None
        if hand is None:
            for key in self.mechanism.example_keys:
                if has((*path, key)):
                    raise self.r.fail((*path, key), said("solved_key", key=key))
        pozo = self.card((*path, "pozo")) if has((*path, "pozo")) else None
        if pozo is not None and (hand is None or pozo not in hand):
            raise self.r.fail((*path, "pozo"), said("pozo_in_hand"))
        faced = self.card((*path, "faced")) if has((*path, "faced")) else None
        for key in self.mechanism.example_needs if hand is not None else ():
            if not has((*path, key)):
                raise self.r.fail(path, said(f"{self.mechanism.name}.example_needs_{key}"))
        table = self._melds((*path, "table"))
        if hand is not None:
            wrong = self.mechanism.check_example(
                self.deck, self.facts["hand_size"], hand, faced=faced, table=table
            )
            if wrong is not None:
                raise self.r.fail(path, wrong)
        return hand, pozo, faced, table


def _takes(option, value) -> bool:
    """The option takes this value as written: `8`, not `"8"`; `true`, not `yes`."""
    if isinstance(value, dict | list):
        return False
    try:
        coerced = option.coerce(value)
    except OptionError:
        return False
    return coerced == value and type(coerced) is type(value)
