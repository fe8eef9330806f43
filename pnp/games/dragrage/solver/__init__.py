"""Perfect play in one heat: the exhaustive search over the engine's positions."""
