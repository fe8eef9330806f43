"""Text machinery: the fonts pnp prints with, their metrics, and the bounded templates of card texts."""
