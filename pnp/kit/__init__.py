"""Generic kits (no `game:`): decks, counter sheets and boards drawn into printable pieces."""
