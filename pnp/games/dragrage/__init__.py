"""Drag Rage: the two-player counter-and-dice drag race (spec model, checks, engine, simulator, search)."""
