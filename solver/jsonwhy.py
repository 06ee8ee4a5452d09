"""What Python's JSON parser's complaint means, in each language: it words its problems in
English, and a Spanish error line quotes none of it."""

from __future__ import annotations

from collections.abc import Callable

# The start of each problem the parser raises, and its Spanish.
SPANISH = (
    ("Expecting value", "falta un valor, o el que hay no es de JSON"),
    ("Expecting property name enclosed in double quotes", "falta un nombre entre comillas dobles"),
    ("Expecting ',' delimiter", "falta una coma"),
    ("Expecting ':' delimiter", "faltan los dos puntos (':') tras un nombre"),
    ("Unterminated string", "unas comillas sin cerrar"),
    ("Invalid control character", "un carácter de control dentro de unas comillas"),
    ("Invalid \\uXXXX escape", "un escape \\u mal escrito"),
    ("Invalid \\escape", "un escape (\\) desconocido"),
    ("Extra data", "sobra algo después del objeto"),
)


def problem(message: str) -> Callable[[str], str]:
    """The parser's problem said in each language: English as the parser says it, Spanish from
    the table (an unknown one as "mal escrito")."""

    def said(lang: str) -> str:
        if lang == "en":
            return message
        found = (spanish for start, spanish in SPANISH if message.startswith(start))
        return next(found, "mal escrito")

    return said
