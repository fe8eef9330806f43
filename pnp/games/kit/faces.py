"""Whose face a drawing is, for the messages about it (shared by the drawing modules of the generic kit)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.source.located import PathKey


@dataclass(frozen=True, slots=True)
class FaceOf:
    """Whose face is being drawn, for messages: `name` (card "A" of deck "D"), `kind` (card, counter) and
    `shared`, the name for untemplated texts of a face many pieces share (the back of deck "D")."""

    name: str
    kind: str = "card"
    shared: str = ""
    card: PathKey | None = None
    """The card's own path (its `name` and `fields`), to put an error where a field's value was written."""
