"""A `Document` as Markdown: the same book for the web, cards written as their codes."""

from __future__ import annotations

from . import document as doc


def to_markdown(document: doc.Document) -> str:
    lines = [f"# {document.title}", "", f"*{document.subtitle}*", ""]
    lines += [f"*{note}*\n" for note in document.title_notes]
    for block in document.front:
        lines += _block(block)
    lines += [f"## {document.contents_title}", ""]
    numbered = document.numbered().blocks
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


def _block(block) -> list[str]:
    if isinstance(block, doc.Heading):
        return [f"{'#' * (block.level + 1)} {block.number} {block.text}".replace("  ", " "), ""]
    if isinstance(block, doc.Paragraph):
        return [block.text, ""]
    if isinstance(block, doc.Bullets):
        return [*(f"- {item}" for item in block.items), ""]
    if isinstance(block, doc.Table):
        out = [
            "| " + " | ".join(_cell(h) for h in block.header) + " |",
            "|" + "---|" * len(block.header),
        ]
        out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
        return [*out, "", *([f"*{block.caption}*", ""] if block.caption else [])]
    if isinstance(block, doc.Question):
        return [f"**{block.question}**", "", block.answer, ""]
    if isinstance(block, doc.Box):
        return [f"> **{block.title}**", ">", *(f"> - {item}" for item in block.items), ""]
    if isinstance(block, doc.Hand):
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
    raise TypeError(f"no Markdown for {type(block).__name__}")
