"""The generic kit: specs without a `game:` line, whose decks, counter sheets and boards are drawn as described."""
