"""Validator rules for MDD setups, registered by id under `mdd.*`, one module per topic.

Input: an `MddSetup` and its `Located` marks. Output: `Diagnostic`s quoting (in our words) the rule of the
setup's ruleset that is broken, with a hint and the file:line:col of the offending wall, mine, car or
position (a text map's character when the setup is drawn). Adjacent means touching by an edge or a corner.
Counters missing from the printed kit are warnings (more can be printed); everything else is an error.
Importing this package registers every rule.
"""

from pnp.games.mdd.rules import cars, finals, kit, lines, mines, track, walls

__all__ = ["cars", "finals", "kit", "lines", "mines", "track", "walls"]
