"""The printed MDD kit: track, pieces, reference cards, charts, scenario figures, rulebook and build guide."""
