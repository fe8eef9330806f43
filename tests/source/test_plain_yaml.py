"""A spec in YAML's plainest form is read without the parser's events (`pnp.source.plain_yaml`): its data and
the marks of every value and key are what the event walk gives, and whatever the plain form does not cover is
read (or refused, with the same error) by the walk."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from pnp.diagnostics import SpecError
from pnp.source import plain_yaml
from pnp.source.build import Budget
from pnp.source.files import Limits
from pnp.source.loader import load_yaml, load_yaml_text
from pnp.source.located import Located

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


PLAIN = """# a deck
kit: Bench
sheets: {paper: a4, duplex: long-edge, crop_marks: true}
components:
  - type: deck
    name: Bench deck
    back:
      elements:
        - {type: rect, x: 3mm, y: -3mm, fill: '#1f2a44', text: 'it''s', other: "a, b", none: ~}
    cards:
      - name: "Card 0"
        fields: {number: "0", ability: "Ability 0: move 1 spaces", empty: null}

      - name: Card {1}, [and more]
        fields: {number: "1"}
        elements:
          - {type: rect, x: 3mm, y: -3mm, fill: '#1f2a44', text: 'it''s', other: "a, b", none: ~}
          - null
          - plain text
"""


def _marks(located: Located, data: Any, path: tuple[str | int, ...] = ()) -> list[tuple[Any, ...]]:
    """Every value's and key's mark under `path`, in order."""
    found = [(path, tuple(located.mark(path)))]
    if path and isinstance(path[-1], str):
        found.append((path, "key", tuple(located.key_mark(path))))
    if isinstance(data, dict):
        for key, value in data.items():
            found += _marks(located, value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _marks(located, value, (*path, index))
    return found


def _walked(monkeypatch: pytest.MonkeyPatch, load: Any) -> Located:
    with monkeypatch.context() as patch:
        patch.setattr(plain_yaml, "read", lambda *_: None)
        located: Located = load()
    return located


def test_a_plain_deck_is_read_without_events_as_the_walk_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert plain_yaml.read(PLAIN, Limits(), Budget(), 0) is not None
    located = load_yaml_text(PLAIN, "spec.yaml")
    walked = _walked(monkeypatch, lambda: load_yaml_text(PLAIN, "spec.yaml"))
    assert located.data == walked.data
    assert _marks(located, located.data) == _marks(walked, walked.data)
    cards = located.data["components"][0]["cards"]
    assert cards[1]["name"] == "Card {1}, [and more]" and cards[0]["fields"]["empty"] is None
    assert cards[1]["elements"][0] == {"type": "rect", "x": "3mm", "y": "-3mm", "fill": "#1f2a44", "text": "it's",
                                       "other": "a, b", "none": None}
    back = located.data["components"][0]["back"]["elements"][0]
    assert back == cards[1]["elements"][0] and back is not cards[1]["elements"][0]  # a line read once, two mappings
    assert tuple(located.mark(("components", 0, "cards", 1, "elements", 0, "fill"))) == ("spec.yaml", 17, 49)


@pytest.mark.parametrize("spec", sorted(EXAMPLES.rglob("*.yaml")), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_example_loads_to_the_same_data_and_marks(spec: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        walked = _walked(monkeypatch, lambda: load_yaml(spec))
    except SpecError as exc:
        with pytest.raises(SpecError) as caught:
            load_yaml(spec)
        assert caught.value.diagnostics == exc.diagnostics
        return
    located = load_yaml(spec)
    assert located.data == walked.data
    assert _marks(located, located.data) == _marks(walked, walked.data)


@pytest.mark.parametrize(("text", "limits", "expected"), [
    ("a: 1\nb:\n  c: 2\n  c: 3\n", Limits(), ("yaml.duplicate_key", 4, 3)),
    ("a: {b: 1, b: 2}\n", Limits(), ("yaml.duplicate_key", 1, 11)),
    ("a: long text\n", Limits(max_string=5), ("yaml.string", 1, 4)),
    ("a:\n  b:\n    c: {d: 1}\n", Limits(max_depth=3), ("yaml.depth", 3, 8)),
    ("a:\n  b:\n    c: {d: 1}\n", Limits(max_depth=4), ("yaml.depth", 3, 12)),
    ("a: 1\nb: x\nc: y\n", Limits(max_nodes=3), ("yaml.size", 3, 4)),
    ("a: {b: 1, c: 2}\nd: x\n", Limits(max_nodes=3), ("yaml.size", 1, 14)),
    ("a: 1\nb: null\n", Limits(max_string=3), ("yaml.string", 2, 4)),  # a null's text is counted too
    ("a: {b: NULL}\n", Limits(max_string=3), ("yaml.string", 1, 8)),
])
def test_what_the_plain_form_leaves_to_the_walk_is_refused_as_before(text: str, limits: Limits,
                                                                     expected: tuple[str, int, int]) -> None:
    with pytest.raises(SpecError) as caught:
        load_yaml_text(text, "spec.yaml", limits)
    found = caught.value.diagnostics[0]
    assert (found.rule, found.line, found.column) == expected


def test_an_include_in_a_plain_spec_is_still_included(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_text("kit: K\nrules:\n  include: rules.yaml\n", encoding="utf-8")
    (tmp_path / "rules.yaml").write_text("title: Rules\n", encoding="utf-8")
    assert load_yaml(tmp_path / "spec.yaml").data == {"kit": "K", "rules": {"title": "Rules"}}


@pytest.mark.parametrize("text", [
    "# a note\u2028kit: K\nname: N\n",  # the separator ends the comment: `kit` is a key
    "kit: 'K\u2028L'\nname: N\n",  # a quoted scalar over two lines: `name` is on the third
    "kit: {title: \"K\u2029L\"}\nname: N\n",
])
def test_the_line_and_paragraph_separators_end_a_line_as_for_the_walk(text: str,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    located = load_yaml_text(text, "spec.yaml")
    walked = _walked(monkeypatch, lambda: load_yaml_text(text, "spec.yaml"))
    assert located.data == walked.data and "kit" in located.data
    assert _marks(located, located.data) == _marks(walked, walked.data)
    assert tuple(located.key_mark(("name",))) == ("spec.yaml", 3, 1)


_SCALARS = ("x", "1e3", "0x10", ".inf", "yes", "~", "null", "Null", "NULL", "''", '""', "'it''s'", '"a b"', "-1", "---",
            "a  b", "x]", "<<", "é", "a,b", "x'y", "'a: b'", "'#x'", "a:b", "a #b", "?x", "- x", "'x'y", "\u2028")


def _random_spec(rng: random.Random, indent: int = 0, depth: int = 0) -> list[str]:
    """A few keys at `indent`: scalars, flow mappings, nested mappings and lists (of mappings)."""
    lines: list[str] = []
    for _ in range(rng.randint(1, 3)):
        key, pad, roll = rng.choice(("a", "kit", "b-1", "null", "y")), " " * indent, rng.random()
        if depth < 3 and roll < 0.25:
            lines += [f"{pad}{key}:", *_random_spec(rng, indent + rng.choice((1, 2, 4)), depth + 1)]
        elif depth < 3 and roll < 0.45:
            lines.append(f"{pad}{key}:")
            for _ in range(rng.randint(1, 2)):
                item = _random_spec(rng, indent + 4, depth + 2)
                lines += [f"{pad}  - {item[0].lstrip()}", *item[1:]] if rng.random() < 0.5 else [
                    f"{pad}  - {rng.choice(_SCALARS)}"]
        elif roll < 0.6:
            pairs = ", ".join(f"{name}: {rng.choice(_SCALARS)}" for name in rng.sample("pqr", rng.randint(1, 3)))
            lines.append(f"{pad}{key}: {{{pairs}}}")
        else:
            lines.append(f"{pad}{key}: {rng.choice(_SCALARS)}")
    return lines


@pytest.mark.parametrize("seed", range(3))
def test_random_plain_specs_read_as_the_walk_reads_them(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng, read = random.Random(seed), 0
    for _ in range(300):
        text = "\n".join(_random_spec(rng)) + rng.choice(("\n", ""))
        limits = rng.choice((Limits(), Limits(max_depth=3), Limits(max_nodes=6), Limits(max_string=3)))
        try:
            walked: Located | SpecError = _walked(monkeypatch,
                                                  lambda t=text, c=limits: load_yaml_text(t, "spec.yaml", c))
        except SpecError as exc:
            walked = exc
        read += plain_yaml.read(text, limits, Budget(), 0) is not None
        if isinstance(walked, SpecError):
            with pytest.raises(SpecError) as caught:
                load_yaml_text(text, "spec.yaml", limits)
            assert caught.value.diagnostics == walked.diagnostics, text
            continue
        located = load_yaml_text(text, "spec.yaml", limits)
        assert located.data == walked.data, text
        assert _marks(located, located.data) == _marks(walked, walked.data), text
    assert read > 30  # the plain form is exercised, not only the walk
