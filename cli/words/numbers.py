"""Numbers as each language writes them: the minus sign, the decimal mark, thousands, percents.

Every figure a view, a worksheet, a planilla or a book prints goes through here, so a number is
written one way wherever it appears. The one difference kept on purpose is the minus sign: a
printed page (PDF, Markdown) sets a true minus (−5), the terminal writes the hyphen-minus (-5),
as a value typed back as input is written.
"""

from __future__ import annotations

from collections.abc import Callable

PRINTED_MINUS = "\N{MINUS SIGN}"


def signed(n: int, *, plus: bool = False, terminal: bool = False) -> str:
    """A whole number with its sign: a printed page's true minus (−5), or the terminal's hyphen
    (-5); with `plus`, a gain marked too (+5, and +0), as a score's change is."""
    if n < 0:
        return ("-" if terminal else PRINTED_MINUS) + str(-n)
    return f"+{n}" if plus else str(n)


def in_lang(shown: str, lang: str) -> str:
    """A number written with the language's decimal mark (4,2 in Spanish, 4.2 in English)."""
    return shown.replace(".", ",") if lang == "es" else shown


def grouped(n: int, lang: str) -> str:
    """A whole number with its thousands marked as the language marks them (849.270, 849,270)."""
    shown = f"{n:,}"
    return shown.replace(",", ".") if lang == "es" else shown


def counted(n: int) -> Callable[[str], str]:
    """A whole number said in any language, its thousands marked (a message's field)."""
    return lambda lang: grouped(n, lang)


def percent_sign(lang: str) -> str:
    """What follows a percentage: Spanish sets the sign apart (6,1 %), English does not."""
    return " %" if lang == "es" else "%"


def percent(share: float, lang: str, digits: int = 0) -> str:
    """A share (0.061) as a percentage to `digits` decimals, as the language writes it: 6 %,
    6,1 % in Spanish; 6%, 6.1% in English."""
    return in_lang(f"{share * 100:.{digits}f}", lang) + percent_sign(lang)


def chance(p: float, lang: str) -> str:
    """A chance to a tenth of a percent, the nearest, but 100 % only for a certainty and 0 %
    only for an impossibility: 99,97 % is shown as 99,9 %, 0,02 % as 0,1 %."""
    tenths = min(max(round(p * 1000), 1), 999) if 0 < p < 1 else round(p * 1000)
    return in_lang(f"{tenths / 10:.1f}", lang) + percent_sign(lang)
