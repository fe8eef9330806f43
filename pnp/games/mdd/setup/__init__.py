"""MDD setups: start grids and finals positions, random setups, trapped pockets of the track, and the search
for a balanced setup (search.py, its report in report.py)."""
