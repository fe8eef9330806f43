"""Simulation helpers every game shares: successive halving, confidence intervals, progress, batches."""
