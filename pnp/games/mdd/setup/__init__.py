"""MDD setups: start grids and finals positions, random setups, trapped pockets of the track."""
