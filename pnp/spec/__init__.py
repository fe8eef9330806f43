"""Spec loading: untrusted YAML files to plain data with a file:line:col mark for every node."""

from pnp.spec.loader import Limits, Located, load_yaml, load_yaml_text

__all__ = ["Limits", "Located", "load_yaml", "load_yaml_text"]
