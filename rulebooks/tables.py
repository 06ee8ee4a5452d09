"""Tables generated from the rule data: deck, card values, melds, closes, options, puzzle kinds,
the short game.

A prose section names the tables it shows (`tables: [deck, values]`); each is built here from
the resolved spec, or by the book of the game's mechanism (`Mechanism.book`), so a variant
changes the numbers in the tables, not only in the text.
"""

from __future__ import annotations

import shlex
import unicodedata
from collections.abc import Callable

from mazo.puzzles.offer import available_kinds
from mazo.puzzles.wording import about
from mazo.solver import closes
from mazo.solver.errors import SpecError
from mazo.solver.mechanisms.registry import mechanism_of
from mazo.solver.mechanisms.rummy.upcard import oklahoma_on
from mazo.solver.messages import said
from mazo.solver.spec.prose import WorkedGame
from mazo.solver.spec.rulespec import RuleSpec
from mazo.templates import document as doc
from mazo.words import agree, columns, say

from .values import raw as _raw
from .values import show


def rank_text(notation, rank: int) -> str:
    """A rank as printed for people: the French ten is 10, not its one-letter code T."""
    code = notation.rank_code(rank)
    return "10" if code == "T" else code


def deck_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    deck = spec.deck
    suits = ", ".join(deck.notation.suit_names[s][lang] for s in deck.suits)
    ranks = " ".join(rank_text(deck.notation, r) for r in deck.ranks)
    row = (
        say(lang, f"book.notation.{deck.notation.name}"),
        suits,
        ranks,
        str(deck.copies),
        str(deck.jokers),
        str(deck.size),
    )
    return [doc.Table(columns(lang, "book.deck_table"), (row,))]


def notation_note(spec: RuleSpec, lang: str) -> doc.Paragraph:
    """How the book writes a card (`4c`, `QH`, `*`), said before the first hand it writes: in
    English `4c` would read as the 4 of clubs."""
    notation = spec.deck.notation
    suits = ", ".join(
        f"**{s}** {notation.suit_names[s][lang]}"
        + (
            f" ({notation.suit_names[s]['es']})"
            if lang != "es" and notation.name == "spanish"
            else ""
        )
        for s in spec.deck.suits
    )
    letters = [
        f"**{notation.rank_code(r)}** {notation.rank_names.get(r, {}).get(lang, r)}"
        for r in spec.deck.ranks
        if notation.rank_code(r) != str(r)
    ]
    suit, first = spec.deck.suits[1], spec.deck.ranks[3]
    example = say(
        lang,
        "book.notation_example",
        code=f"{notation.rank_code(first)}{suit}",
        rank=rank_text(notation, first),
        suit=notation.suit_names[suit][lang],
    )
    text = say(lang, "book.notation_note", suits=suits, example=example)
    if letters:
        text += " " + say(lang, "book.notation_letters", letters=", ".join(letters))
    if spec.deck.jokers:
        wild = mechanism_of(spec).wild_ranks(spec)
        text += " " + say(lang, "book.notation_joker" if wild else "book.notation_comodin")
    return doc.Paragraph(text)


def values_table(spec: RuleSpec, lang: str, span: str = "{first}–{last}") -> list[doc.Block]:
    """Card values; neighbouring plain ranks of one value share a row (8–10: 10), and a stretch
    of ranks worth their own number says so (2–9: their number). A line of prose says a
    stretch in words (`span`: "del {first} al {last}"), where a dash would run into the value."""
    notation = spec.deck.notation
    rows = []
    for group in _value_groups(spec, notation):
        first, last = rank_text(notation, group[0]), rank_text(notation, group[-1])
        name = notation.rank_names.get(group[0], {}).get(lang)
        label = f"{first} ({name})" if name else first
        if len(group) > 1 and not name:
            label = span.format(first=first, last=last)
        if len(group) > 1 and _worth_their_number(spec, notation, group):
            rows.append((label, say(lang, "book.face_value")))
        else:
            rows.append((label, show(spec.values[group[0]], lang)))
    if spec.deck.jokers:
        # Where 2s are wild too, "comodín" would not name the joker alone.
        wild = mechanism_of(spec).wild_ranks(spec)
        joker = say(lang, "book.joker_card" if wild else "book.joker")
        rows.append((joker, show(spec.joker_value, lang)))
    # Loose points are a Conga idea; where melded cards count too, the header says points.
    header = columns(lang, f"book.{mechanism_of(spec).values_heading}")
    return [doc.Table(tuple(header), tuple(rows))]


def _value_groups(spec: RuleSpec, notation) -> list[list[int]]:
    """The ranks in rows: neighbouring plain ranks of one value together, then neighbouring
    rows whose ranks are all worth their own number together."""
    groups: list[list[int]] = []
    for rank in spec.deck.ranks:
        plain = rank not in notation.rank_names
        tail = groups[-1] if groups else None
        if (
            plain
            and tail
            and tail[-1] not in notation.rank_names
            and spec.values[tail[-1]] == spec.values[rank]
        ):
            tail.append(rank)
        else:
            groups.append([rank])
    merged: list[list[int]] = []
    for group in groups:
        prev = merged[-1] if merged else None
        if prev and _worth_their_number(spec, notation, prev + group):
            prev.extend(group)
        else:
            merged.append(group)
    return merged


def _worth_their_number(spec, notation, ranks) -> bool:
    return all(r not in notation.rank_names and spec.values[r] == r for r in ranks)


def melds_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """Meld kinds and their limits; the naturals and jokers columns only where jokers exist."""
    wild = spec.deck.jokers > 0
    rows = []
    for kind in spec.melds:
        if kind.max_len is None:
            size = say(lang, "book.at_least", lo=kind.min_len)
        elif kind.max_len == kind.min_len:
            size = str(kind.min_len)
        else:
            size = say(lang, "book.from_to", lo=kind.min_len, hi=kind.max_len)
        # A set in a game played with several packs may repeat suits.
        shape = kind.shape if kind.shape == "run" or kind.distinct_suits else "set_any_suits"
        row: tuple[str, ...] = (kind.names[lang], say(lang, f"book.shape.{shape}"), size)
        if wild:
            jokers = say(lang, "book.no_limit") if kind.max_jokers is None else str(kind.max_jokers)
            row += (str(_naturals_needed(kind)), jokers)
        rows.append(row)
    header = columns(lang, "book.meld_table")[:3]
    if wild:
        wild_ranks = mechanism_of(spec).wild_ranks(spec)
        header += columns(lang, "book.meld_table_wild" if wild_ranks else "book.meld_table_jokers")
    return [doc.Table(tuple(header), tuple(rows))]


def _naturals_needed(kind) -> int:
    """The naturals a meld of this kind cannot do without: its own minimum, or more where its
    shortest meld holds fewer jokers than that leaves (a 3-card set with one joker needs 2)."""
    if kind.max_jokers is None:
        return kind.min_naturals
    return max(kind.min_naturals, kind.min_len - kind.max_jokers)


def close_condition(spec: RuleSpec, close, lang: str) -> str:
    parts = []
    if close.no_discard:
        parts.append(say(lang, "book.no_discard", cards=closes.held(spec, close)))
    if close.one_meld:
        meld = spec.meld_kind(close.one_meld).names[lang]
        parts.append(say(lang, "book.one_meld", cards=closes.held(spec, close), meld=meld))
    parts += _jokers_condition(close, lang)
    rule = spec.scoring.oklahoma
    if oklahoma_on(spec) and rule is not None and close.id == rule.close:
        parts.append(say(lang, "book.upcard_deadwood"))  # each hand's upcard, not the spec, sets it
    elif close.max_deadwood == 0 and not close.one_meld:
        parts.append(say(lang, "book.max_deadwood_zero"))
    elif close.max_deadwood:
        parts.append(agree(lang, close.max_deadwood, "book.max_deadwood_one", "book.max_deadwood"))
    if close.max_loose_cards is not None:
        parts.append(say(lang, "book.max_loose_cards", n=close.max_loose_cards))
    text = ", ".join(parts) or say(lang, "book.any_deadwood")
    return text[0].upper() + text[1:]


def _jokers_condition(close, lang: str) -> list[str]:
    """What a close asks of the jokers kept: none, exactly so many, at least or at most."""
    if close.max_jokers == 0:
        return [say(lang, "book.no_jokers")]
    if close.min_jokers and close.min_jokers == close.max_jokers:
        return [say(lang, "book.exact_jokers", n=close.min_jokers)]
    parts = []
    if close.min_jokers:
        parts.append(say(lang, "book.min_jokers", n=close.min_jokers))
    if close.max_jokers:
        parts.append(say(lang, "book.max_jokers", n=close.max_jokers))
    return parts


def close_score(spec: RuleSpec, close, lang: str) -> str:
    loose, fixed = closes.score_rule(close)
    if fixed == "win_match":
        return say(lang, "book.wins_match")
    if isinstance(fixed, str):
        return fixed.replace("_", " ")
    if loose:
        # Gin scores against the defender's deadwood, Conga the cutter's own loose points.
        scoring = spec.scoring
        if scoring.method != "difference":
            return say(lang, "book.scores_deadwood")
        if close.id in scoring.close_bonus:
            return say(lang, "book.scores_gin", bonus=scoring.close_bonus[close.id])
        return say(lang, "book.scores_difference")
    return show(fixed, lang)


def closes_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """The closes, best first, leaving out a close no hand can reach (a cut with points when
    the limit is 0: the clean cut, tried first, takes every such hand)."""
    rows = [
        (
            close.names[lang],
            close_condition(spec, close, lang),
            close_score(spec, close, lang),
            show(close.lay_off, lang),
        )
        for close in closes.reachable(spec)
    ]
    return [doc.Table(columns(lang, "book.closes_table"), tuple(rows))]


def options_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """Every option: what it changes, its values and the default, and the value in force (bold
    when it differs). The default shares the description's cell: long option names and values
    would otherwise leave the description a narrow column."""
    rows = []
    for option in spec.options:
        if option.says is not None and None not in option.says:  # each value in words
            values = " / ".join(f"{_raw(c)} ({option.said(c, lang)})" for c in option.says)
        elif option.choices is not None:
            values = " / ".join(_raw(c) for c in option.choices)
        elif option.kind == "int":
            lo = "" if option.minimum is None else option.minimum
            hi = "" if option.maximum is None else option.maximum
            values = f"{lo}–{hi}"
        elif option.kind == "bool":
            values = say(lang, "book.true_or_false")
        else:
            values = option.allowed()
        # The value in force in words: the codes are listed under the description for a rules
        # file, the column says what this book plays.
        now = option.said(spec.chosen[option.name], lang)
        if spec.chosen[option.name] != option.default:
            now = f"**{now}**"
        what = say(
            lang,
            "book.option_values",
            description=option.description[lang],
            values=values,
            default=_raw(option.default),
        )
        rows.append((option.name, what, now))
    return [
        doc.Paragraph(say(lang, "book.options_intro")),
        doc.Table(columns(lang, "book.options_table"), tuple(rows)),
    ]


def puzzle_kinds_table(
    spec: RuleSpec, lang: str, rules_file: str | None = None, given: tuple[str, ...] = ()
) -> list[doc.Block]:
    """The worksheet kinds `mazo puzzles` makes for this game under these rules, each with what
    it asks: generated from the spec's `puzzles: kinds:`, so the book lists no other."""
    kinds = available_kinds(spec)
    if not kinds:
        return [doc.Paragraph(say(lang, "book.practice_none"))]
    rows = tuple((f"**{kind}**", about(spec, kind, lang)) for kind in kinds)
    command = practice_command(spec, lang, rules_file, given)
    key = (
        "book.practice_intro_house"
        if rules_file or spec.changed_options()
        else "book.practice_intro"
    )
    return [
        doc.Paragraph(say(lang, key, command=command, kind=say(lang, "book.practice_kind"))),
        doc.Table(columns(lang, "book.practice_table"), rows),
    ]


def practice_command(
    spec: RuleSpec, lang: str, rules_file: str | None, given: tuple[str, ...] = ()
) -> str:
    """`mazo puzzles` for this game under the book's rules, so the sheets it prints follow the
    book: its rules file, which holds the file's options, and the options `given` beside it;
    without a file, every option that differs from the default."""
    words = ["mazo", "puzzles", spec.game, "--kind", say(lang, "book.practice_kind")]
    if lang != "es":  # the sheets' default language
        words += ["--lang", lang]
    if rules_file:
        words += ["--rules", rules_file]
    for name, value in spec.changed_options().items():
        if rules_file is None or name in given:
            words += ["--variant", f"{name}={_raw(value)}"]
    return shlex.join(words)


def data_table(spec: RuleSpec, lang: str, name: str, fill) -> list[doc.Block]:
    """A table written in the spec's prose (`prose.tables.NAME`): header and rows per language,
    cells may hold placeholders."""
    table = spec.prose.tables.get(name) if spec.prose is not None else None
    if table is None:
        raise SpecError(said("no_book_table", name=repr(name)), field="prose.tables")
    header = tuple(fill(h) for h in table.header[lang])
    rows = [tuple(fill(c) for c in row) for row in table.rows[lang]]
    caption = fill(table.caption[lang]) if table.caption is not None else None
    return [doc.Table(header, tuple(rows), caption)]


def game_table(spec: RuleSpec, lang: str) -> list[doc.Block]:
    """The book's short game (`prose.game`) played as `mazo match` plays a sheet: the hands
    until someone reaches the target in force, then the lines, the game bonus and the shutout."""
    from mazo.solver.match.sheet import Sheet, SheetHand
    from mazo.solver.match.target import BOX, play_game

    worked = worked_game(spec)
    players = worked.players
    start = dict(zip(players, worked.start, strict=True))
    hands: list[SheetHand] = []
    for number, points in enumerate(worked.hands, start=1):
        hands.append(
            SheetHand(f"prose.game hand {number}", dict(zip(players, points, strict=True)))
        )
        result = play_game(spec, Sheet(players, start, tuple(hands)))
        if result.winner is not None:
            break
    rows = [
        (
            str(line.number),
            *(
                # The hand's winner gets its line's box, as on the planilla.
                f"+{line.points[p]} → {line.totals[p]} {BOX}"
                if line.winner == p
                else str(line.totals[p])
                for p in players
            ),
        )
        for line in result.lines
    ]
    rows += _game_totals(result, players, lang)
    if result.winner is not None:
        caption = say(lang, "book.game_won", who=result.winner, margin=result.margin)
    else:
        caption = say(lang, "book.game_open", target=result.target)
    return [doc.Table((say(lang, "book.game_hand"), *players), tuple(rows), caption)]


def worked_game(spec: RuleSpec) -> WorkedGame:
    """The book's short game (`prose.game`), played to the target in force."""
    worked = spec.prose.game if spec.prose is not None else None
    if worked is None or spec.match.target is None:
        raise SpecError(said("game_table_needs"), field="prose")
    return worked


def _game_totals(result, players, lang: str) -> list[tuple[str, ...]]:
    """The rows under the hands: the lines, the game bonus and the shutout (once someone has
    won), the totals."""
    from mazo.solver.match.target import BOX

    final = result.final
    rows = [
        (
            say(lang, "book.game_lines"),
            *(
                f"{BOX * final[p].lines} {final[p].lines} × {result.line_bonus} "
                f"= {final[p].line_points}".lstrip()
                for p in players
            ),
        )
    ]
    if result.winner is not None:
        rows.append(
            (
                say(lang, "book.game_bonus"),
                *(show(final[p].game_bonus or None, lang) for p in players),
            )
        )
        if final[result.winner].shutout:
            rows.append(
                (
                    say(lang, "book.game_shutout"),
                    *("× 2" if final[p].shutout else "" for p in players),
                )
            )
    rows.append((say(lang, "book.game_total"), *(f"**{final[p].total}**" for p in players)))
    return rows


GENERATED: dict[str, Callable[[RuleSpec, str], list[doc.Block]]] = {
    "deck": deck_table,
    "values": values_table,
    "melds": melds_table,
    "closes": closes_table,
    "options": options_table,
    "game": game_table,
}


def table(spec: RuleSpec, name: str, lang: str, fill) -> list[doc.Block]:
    if name == "puzzle_kinds":  # its command names the rules file the book was printed from
        return puzzle_kinds_table(spec, lang, fill.rules_file, fill.given)
    book = mechanism_of(spec).book()
    generated = {**GENERATED, **book.TABLES} if book is not None else GENERATED
    if name in generated:
        # A game without closes or options shows no empty table.
        return [t for t in generated[name](spec, lang) if not isinstance(t, doc.Table) or t.rows]
    return data_table(spec, lang, name, fill)


def glossary(entries, lang: str, fill) -> list[doc.Block]:
    """The terms in the alphabetical order of the book's language (a term keeps its own
    language's name, so each language sorts its own)."""
    terms = sorted(
        ((fill(term[lang]), fill(meaning[lang])) for term, meaning in entries), key=_alphabetical
    )
    rows = tuple((f"**{term}**", meaning) for term, meaning in terms)
    return [doc.Table(columns(lang, "book.glossary_table"), rows)]


def _alphabetical(entry: tuple[str, str]) -> tuple[str, str]:
    """Dictionary order: accents and the opening ¡ ¿ do not count, nor does case."""
    bare = unicodedata.normalize("NFKD", entry[0])
    letters = "".join(c for c in bare if not unicodedata.combining(c)).lstrip("¡¿").casefold()
    return letters, entry[0]
