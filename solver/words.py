"""Words that agree with a number, in every language mazo speaks (Spanish and English both use
the singular for exactly one: "1 carta", "0 cartas", "1 card", "0 cards")."""

from __future__ import annotations


def agree(n: int, one: str, many: str) -> str:
    """The form for `n`, with `{n}` filled in: agree(1, "{n} carta", "las {n} cartas")."""
    return (one if n == 1 else many).format(n=n)
