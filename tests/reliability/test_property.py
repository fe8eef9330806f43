"""Property: whatever text is given as a spec, loading, modelling and checking it gives a valid model (and a list
of diagnostics) or a SpecError, never another exception."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from pnp.diagnostics import SpecError
from pnp.pipeline import load_spec, validate_spec
from pnp.source.loader import Limits, load_yaml_text
from tests.conftest import MINIMAL_KIT
from tests.reliability.support import values

KEYS = [
    "kit", "credit", "sheets", "paper", "margin", "duplex", "components", "type", "deck", "counters", "board",
    "name", "size", "width", "height", "bleed", "corner_radius", "cards", "count", "fields", "fill", "elements",
    "text", "rect", "image", "src", "x", "y", "font", "colour", "rows", "columns", "cells", "items", "label",
    "include", "game", "back", "points", "polygon", "shape",
]  # fmt: skip
SCALARS = st.one_of(
    st.sampled_from(KEYS),
    st.sampled_from(["63mm", "-1in", "9pt", ".nan", "1e400", "poker", "red", "#abc", "{{ card.name }}", "no", ""]),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=20),
)
STRUCTURES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=8)), inner, max_size=5),
    ),
    max_leaves=25,
)
MUTATIONS = st.sampled_from(["", "\n", ":", "- ", "&a ", "*a", "!!python/name:os.system", "{", "[", '"', "\t", "\x00"])


@pytest.fixture(scope="module")
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def check(folder: Path, text: str) -> None:
    """Load, model and check `text` as a spec file: only a SpecError may escape."""
    spec = folder / "kit.yaml"
    spec.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        loaded = load_spec(spec)
    except SpecError as exc:
        assert exc.diagnostics and all(d.rule and d.message and d.line >= 0 for d in exc.diagnostics)
        return
    assert all(d.rule and d.message for d in validate_spec(loaded))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300))
def test_any_text_is_a_model_or_a_spec_error(folder: Path, text: str) -> None:
    check(folder, text)


@settings(max_examples=150, deadline=None)
@given(data=st.dictionaries(st.sampled_from(KEYS), STRUCTURES, max_size=6))
def test_any_yaml_structure_is_a_model_or_a_spec_error(folder: Path, data: dict[str, Any]) -> None:
    check(folder, yaml.safe_dump(data, allow_unicode=True))


@settings(max_examples=150, deadline=None)
@given(cut=st.integers(0, len(MINIMAL_KIT)), insert=MUTATIONS, drop=st.integers(0, 5))
def test_mutated_kit_is_a_model_or_a_spec_error(folder: Path, cut: int, insert: str, drop: int) -> None:
    check(folder, MINIMAL_KIT[:cut] + insert + MINIMAL_KIT[cut + drop :])


@settings(max_examples=100, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("[]{}&*ab:- ,\n\"'!|>#%@`?"), max_size=200))
def test_yaml_punctuation_soup_never_escapes_the_loader(text: str) -> None:
    try:
        load_yaml_text(text)
    except SpecError as exc:
        assert exc.diagnostics[0].rule.startswith(("yaml.", "spec."))


NULLS = {"", "~", "null", "Null", "NULL"}


def reference(node: yaml.Node) -> Any:
    """What the loader must give for a composed node: every scalar as its text, plain null words as None."""
    if isinstance(node, yaml.ScalarNode):
        return None if node.style is None and node.value in NULLS else node.value
    if isinstance(node, yaml.SequenceNode):
        return [reference(item) for item in node.value]
    return {key.value: reference(value) for key, value in node.value}


SHARED = st.lists(STRUCTURES, min_size=1, max_size=4).flatmap(
    lambda parts: st.dictionaries(st.text(max_size=6), st.sampled_from(parts), min_size=1, max_size=8)
)
"""Mappings whose values repeat the same objects: safe_dump writes the repeats as anchors and aliases."""


@settings(max_examples=100, deadline=None)
@given(data=SHARED)
def test_aliases_expand_to_what_yaml_composes_and_count_exactly(data: dict[str, Any]) -> None:
    text = yaml.safe_dump(data, allow_unicode=True)
    assume("include" not in text)  # `{include: file}` reads a file: not plain data
    expected = reference(yaml.compose(text, Loader=yaml.SafeLoader))
    assert load_yaml_text(text).data == expected
    total = values(expected)
    assert load_yaml_text(text, limits=Limits(max_nodes=total)).data == expected
    with pytest.raises(SpecError) as caught:
        load_yaml_text(text, limits=Limits(max_nodes=total - 1))
    assert caught.value.diagnostics[0].rule == "yaml.size"
