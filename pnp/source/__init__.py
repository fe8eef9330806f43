"""The source stage: untrusted YAML files (and the images they name) read into plain data with a file:line:col
mark for every value. Named for what it reads, not "spec", which means the file and the model."""

from pnp.source.loader import Limits, Located, load_yaml, load_yaml_text

__all__ = ["Limits", "Located", "load_yaml", "load_yaml_text"]
