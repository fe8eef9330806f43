"""Searching Nitro Dice tracks against simulated races: successive halving over generated candidates."""
