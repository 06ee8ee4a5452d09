"""A `Document` as Markdown: the same book for the web, cards written as their codes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import document as doc


def to_markdown(document: doc.Document) -> str:
    lines = [f"# {document.title}", "", f"*{document.subtitle}*", ""]
    lines += [f"*{note}*\n" for note in document.title_notes]
    for block in document.front:
        lines += _block(block)
    numbered = document.numbered().blocks
    if document.contents:
        lines += [f"## {document.contents_title}", ""]
        for block in numbered:
            if isinstance(block, doc.Heading):
                indent = "  " * (block.level - 1)
                lines.append(f"{indent}- {block.number} {block.text}")
        lines.append("")
    for block in numbered:
        lines += _block(block)
    return "\n".join(lines).rstrip() + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _heading(block: doc.Heading) -> list[str]:
    return [f"{'#' * (block.level + 1)} {block.number} {block.text}".replace("  ", " "), ""]


def _paragraph(block: doc.Paragraph) -> list[str]:
    return [block.text, ""]


def _bullets(block: doc.Bullets) -> list[str]:
    return [*(f"- {item}" for item in block.items), ""]


def _table(block: doc.Table) -> list[str]:
    out = [
        "| " + " | ".join(_cell(h) for h in block.header) + " |",
        "|" + "---|" * len(block.header),
    ]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
    return [*out, "", *([f"*{block.caption}*", ""] if block.caption else [])]


def _question(block: doc.Question) -> list[str]:
    return [f"**{block.question}**", "", block.answer, ""]


def _box(block: doc.Box) -> list[str]:
    return [f"> **{block.title}**", ">", *(f"> - {item}" for item in block.items), ""]


def _hand(block: doc.Hand) -> list[str]:
    """Cards written as their codes, each group with its label, the discard last."""
    out = [f"**{block.title}**", ""] if block.title else []
    parts = []
    for i, group in enumerate(block.groups):
        label = f" ({block.labels[i]})" if i < len(block.labels) and block.labels[i] else ""
        parts.append(f"`{' '.join(group)}`{label}")
    if block.discard:
        parts.append(f"{block.discard_label or '→'}: `{block.discard}`")
    out += ["  ·  ".join(parts), ""]
    if block.verdict:
        out += [block.verdict, ""]
    return out


_WRITERS: dict[type, Callable[[Any], list[str]]] = {
    doc.Heading: _heading,
    doc.Paragraph: _paragraph,
    doc.Bullets: _bullets,
    doc.Table: _table,
    doc.Question: _question,
    doc.Box: _box,
    doc.Hand: _hand,
}


def _block(block) -> list[str]:
    write = _WRITERS.get(type(block))
    if write is None:
        raise TypeError(f"no Markdown for {type(block).__name__}")
    return write(block)
