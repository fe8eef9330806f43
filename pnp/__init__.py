"""pnp: YAML specs to exact print-and-play kits for tabletop racing games."""

__version__ = "0.1.0"
