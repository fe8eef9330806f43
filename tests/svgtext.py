"""The words an SVG page prints, whether its text is `<text>` elements or glyph outlines (the default)."""

from __future__ import annotations

from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"


def svg_texts(root: ElementTree.Element) -> list[str]:
    """Each line of text an SVG page draws, in document order: a `<text>` element's characters, or the
    `aria-label` of a group of glyph outlines (what a reader searches and a screen reader reads)."""
    found = []
    for node in root.iter():
        if node.tag == f"{SVG}text":
            found.append("".join(node.itertext()))
        elif node.tag == f"{SVG}g" and node.get("aria-label") is not None:
            found.append(node.get("aria-label") or "")
    return found
