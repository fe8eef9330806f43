"""Backends that turn a `Document` (pages of items in mm) into files: PDF, SVG, PNG."""
