"""The words a page description prints: every Text item, inside groups too, in drawing order."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from pnp.layout.scene import Group, Item, Text


def scene_texts(items: Iterable[Item]) -> Iterator[str]:
    """Each Text item's text, groups walked into (their children are where rotated or clipped text sits)."""
    for item in items:
        if isinstance(item, Group):
            yield from scene_texts(item.children)
        elif isinstance(item, Text):
            yield item.text


def scene_words(items: Iterable[Item], joiner: str = " ") -> str:
    """The texts as one string, runs of white space made one `joiner` ("" for scripts without spaces)."""
    return joiner.join(" ".join(scene_texts(items)).split())
