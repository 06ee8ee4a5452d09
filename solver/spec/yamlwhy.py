"""What a YAML parser's complaint means, in each language: the parser (libyaml, or PyYAML's
own when libyaml is missing) words its problems in English, and a Spanish error line quotes none
of it. A problem not listed here is said by its column."""

from __future__ import annotations

from collections.abc import Callable

# The start of each problem both parsers may raise on a hand-written file, and its Spanish.
SPANISH = (
    ("did not find expected ',' or ']'", "falta una coma o el ']' que cierra la lista"),
    ("expected ',' or ']'", "falta una coma o el ']' que cierra la lista"),
    ("did not find expected ',' or '}'", "falta una coma o la '}' que cierra el grupo"),
    ("expected ',' or '}'", "falta una coma o la '}' que cierra el grupo"),
    ("mapping values are not allowed", "sobran dos puntos (':'): encerrá el texto entre comillas"),
    ("did not find expected key", "la sangría no sigue la de las líneas de arriba"),
    ("expected <block end>", "la sangría no sigue la de las líneas de arriba"),
    ("could not find expected ':'", "falta ':' entre la clave y su valor"),
    ("found character that cannot start any token", "un carácter que no puede empezar un valor"),
    ("found character", "un carácter que no puede empezar un valor"),
    ("found undefined alias", "un alias (*nombre) sin su ancla (&nombre)"),
    ("found unknown escape character", "un escape desconocido entre comillas dobles (\\)"),
    ("found unexpected end of stream", "el archivo termina con unas comillas sin cerrar"),
    ("found a tab character", "una tabulación en la sangría: sangrá con espacios"),
    ("block sequence entries are not allowed", "un '- ' de lista donde no va una lista"),
    ("sequence entries are not allowed", "un '- ' de lista donde no va una lista"),
    ("did not find expected '-' indicator", "a una lista le falta el '- ' de un elemento"),
    ("did not find expected node content", "falta un valor"),
    ("expected the node content", "falta un valor"),
    ("found an indentation indicator equal to 0", "un bloque de texto con sangría 0"),
    ("expected indentation indicator in the range 1-9", "un bloque de texto con sangría 0"),
    ("but found another document", "más de un documento ('---'): el archivo tiene uno"),
    ("expected a single document", "más de un documento ('---'): el archivo tiene uno"),
    ("found duplicate anchor", "un ancla (&nombre) repetida"),
    ("second occurrence", "un ancla (&nombre) repetida"),
)


def problem(problem: str | None, context: str | None, column: int | None) -> Callable[[str], str]:
    """The parser's problem (in the words of its context when it gives no problem), said in
    each language: English as the parser says it, Spanish from the table, else by `column`."""
    english = problem or context or "?"
    if problem == "second occurrence" and context:  # of an anchor: the context names it
        english = context.split(";")[0]

    def said(lang: str) -> str:
        if lang == "en":
            return english
        for start, spanish in SPANISH:
            if any(text and text.startswith(start) for text in (problem, context)):
                return spanish
        return f"algo que no se entiende en la columna {column}" if column else "no se entiende"

    return said
