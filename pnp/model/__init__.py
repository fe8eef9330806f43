"""The typed, frozen spec model (lengths in mm) and its construction from located YAML data."""

from pnp.model.base import SpecModel, build_model

__all__ = ["SpecModel", "build_model"]
