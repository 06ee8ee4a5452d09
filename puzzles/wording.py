"""What a worksheet says, in Spanish and English: titles, instructions, answer lines, explanations.

The game's own words come from its spec (the verb for cutting, close and meld names), so a
Gin sheet asks "Can you knock?" and a Chinchón sheet "¿Podés cerrar?".
"""

from __future__ import annotations

from typing import Any

from mazo.solver.spec import RuleSpec

TEXT: dict[str, dict[str, str]] = {
    "es": {
        "sheet": "Ejercicios",
        "answers": "Soluciones",
        "seed": "semilla",
        "variant": "variante",
        "standard": "reglas estándar",
        "page": "página",
        "reprint": "Para reimprimir",
        "name": "Nombre",
        "best-discard": "¿Qué carta tirás?",
        "can-cut": "¿Podés {cut}? ¿Con qué descarte?",
        "count-deadwood": "¿Cuántos puntos sueltos?",
        "best-discard.ask": "Tenés estas {n} cartas después de robar. Marcá la carta que tirás "
        "y anotá los puntos sueltos que te quedan.",
        "can-cut.ask": "Tenés estas {n} cartas después de robar. ¿Podés {cut}? Si podés, "
        "¿con qué descarte te quedan menos puntos?",
        "count-deadwood.ask": "Armá los mejores juegos con estas {n} cartas y contá los puntos "
        "de las cartas que quedan sueltas.",
        "best-discard.fill": "Tiro: ________     Puntos sueltos: ________",
        "can-cut.fill": "¿{Cut}?  Sí  /  No      Con: ________",
        "count-deadwood.fill": "Puntos sueltos: ________",
        "discard": "tirar",
        "loose": "sueltas: {points}",
        "no_loose": "sin sueltas",
        "meld": "juego",
        "best-discard.why": "Tirar {discard} deja {points} {pts}{loose}: {verdict}. "
        "Lo siguiente mejor, tirar {runner}, deja {runner_points} {runner_pts}{runner_close}.",
        "can-cut.yes": "Sí: tirando {discard} te quedás con {points} {pts}{loose}: {verdict}. "
        "Ningún otro descarte permite {cut}.",
        "can-cut.no": "No: ningún descarte permite {cut}; lo mejor es tirar {discard}, "
        "que deja {points} {pts}{loose}.",
        "count-deadwood.why": "{points} {pts}{loose}; {melds}.",
        "no_cut": "no se puede {cut}",
        "only_cut": "Ningún otro descarte permite {cut}.",
        "other_cuts": "También se puede {cut} tirando {cards}, pero quedan más puntos.",
        "melds_are": "juegos: {melds}",
        "no_melds": "ningún juego",
        "point": "punto suelto",
        "points": "puntos sueltos",
        "easy": "fácil",
        "medium": "media",
        "hard": "difícil",
    },
    "en": {
        "sheet": "Practice",
        "answers": "Answers",
        "seed": "seed",
        "variant": "variant",
        "standard": "standard rules",
        "page": "page",
        "reprint": "To reprint",
        "name": "Name",
        "best-discard": "Which card do you discard?",
        "can-cut": "Can you {cut}? With which discard?",
        "count-deadwood": "How many loose points?",
        "best-discard.ask": "You hold these {n} cards after drawing. Mark the card you discard "
        "and write down the loose points you keep.",
        "can-cut.ask": "You hold these {n} cards after drawing. Can you {cut}? If so, which "
        "discard leaves the fewest points?",
        "count-deadwood.ask": "Make the best melds with these {n} cards and count the points of "
        "the cards left loose.",
        "best-discard.fill": "Discard: ________     Loose points: ________",
        "can-cut.fill": "{Cut}?  Yes  /  No      With: ________",
        "count-deadwood.fill": "Loose points: ________",
        "discard": "discard",
        "loose": "loose: {points}",
        "no_loose": "none loose",
        "meld": "meld",
        "best-discard.why": "Discarding {discard} leaves {points} loose {pts}{loose}: {verdict}. "
        "Next best, discarding {runner}, leaves {runner_points} {runner_pts}{runner_close}.",
        "can-cut.yes": "Yes: discarding {discard} leaves {points} loose {pts}{loose}: "
        "{verdict}. {others}",
        "can-cut.no": "No: no discard lets you {cut}; the best is to discard {discard}, "
        "leaving {points} loose {pts}{loose}.",
        "count-deadwood.why": "{points} loose {pts}{loose}; {melds}.",
        "no_cut": "you cannot {cut}",
        "only_cut": "No other discard lets you {cut}.",
        "other_cuts": "Discarding {cards} also lets you {cut}, but leaves more points.",
        "melds_are": "melds: {melds}",
        "no_melds": "no meld",
        "point": "point",
        "points": "points",
        "easy": "easy",
        "medium": "medium",
        "hard": "hard",
    },
}


def cut_verb(spec: RuleSpec, lang: str) -> str:
    names = (spec.data.get("cut") or {}).get("name") or {}
    return str(names.get(lang) or ("cortar" if lang == "es" else "cut"))


def say(spec: RuleSpec, lang: str, key: str, **fields: Any) -> str:
    cut = cut_verb(spec, lang)
    return TEXT[lang][key].format(cut=cut, Cut=cut[:1].upper() + cut[1:], **fields)


def title(spec: RuleSpec, kind: str, lang: str) -> str:
    return say(spec, lang, kind)


def meld_label(spec: RuleSpec, codes: list[str], lang: str) -> str:
    """The meld's kind in the game's words: a set shares one rank, a run climbs in one suit."""
    naturals = [spec.deck.parse_card(c) for c in codes if c != "*"]
    shape = "set" if len({c.rank for c in naturals}) == 1 and len(naturals) >= 2 else "run"
    if len(naturals) < 2:
        return TEXT[lang]["meld"]
    kind = next((k for k in spec.melds if k.shape == shape), None)
    return kind.names[lang] if kind else TEXT[lang]["meld"]


def close_name(spec: RuleSpec, close_id: str | None, lang: str) -> str:
    if close_id is None:
        return say(spec, lang, "no_cut")
    return spec.close(close_id).names[lang]


def _points_word(points: int, lang: str) -> str:
    return TEXT[lang]["point" if points == 1 else "points"]


def _loose(answer: dict[str, Any]) -> str:
    loose = answer["deadwood"]
    return f" ({' '.join(loose)})" if loose else ""


def _melds(spec: RuleSpec, answer: dict[str, Any], lang: str) -> str:
    melds = answer["melds"]
    if not melds:
        return TEXT[lang]["no_melds"]
    shown = ", ".join(f"{meld_label(spec, m, lang)} {' '.join(m)}" for m in melds)
    return TEXT[lang]["melds_are"].format(melds=shown)


def explain(spec: RuleSpec, kind: str, answer: dict[str, Any], lang: str) -> str:
    """The answer key's one line for a puzzle."""
    points = answer["deadwood_points"]
    common = {"points": points, "pts": _points_word(points, lang), "loose": _loose(answer)}
    if kind == "best-discard":
        runner = answer["runner_up"]
        same_close = runner["close"] == answer["close"]
        return say(
            spec,
            lang,
            "best-discard.why",
            discard=answer["discard"],
            verdict=close_name(spec, answer["close"], lang),
            runner=runner["discard"],
            runner_points=runner["deadwood_points"],
            runner_pts=_points_word(runner["deadwood_points"], lang),
            runner_close="" if same_close else f" ({close_name(spec, runner['close'], lang)})",
            **common,
        )
    if kind == "can-cut":
        if answer["can_cut"]:
            others = [c for c in answer["cut_discards"] if c != answer["discard"]]
            return say(
                spec,
                lang,
                "can-cut.yes",
                discard=answer["discard"],
                others=say(spec, lang, "other_cuts", cards=" ".join(others))
                if others
                else say(spec, lang, "only_cut"),
                verdict=close_name(spec, answer["close"], lang),
                **common,
            )
        return say(spec, lang, "can-cut.no", discard=answer["best_discard"], **common)
    return say(spec, lang, "count-deadwood.why", melds=_melds(spec, answer, lang), **common)
