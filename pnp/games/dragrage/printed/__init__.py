"""The printed kit: lanes, counters, reference card and dice, and the rulebook's build notes."""
