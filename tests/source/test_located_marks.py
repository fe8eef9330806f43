"""Marks of values and keys found by path, in small mappings (scanned) and large ones (indexed), and the loaded
nodes keep one mark each (a spec's located YAML is most of a large deck's memory)."""

from __future__ import annotations

from yaml.nodes import MappingNode, Node, SequenceNode

from pnp.source.loader import load_yaml_text
from pnp.source.located import SCANNED_KEYS

SMALL = "card:\n  name: A\n  count: 2\n  fields: {x: '1'}\n"
LARGE = "big:\n" + "".join(f"  k{i}: v{i}\n" for i in range(SCANNED_KEYS + 5))


def test_values_and_keys_are_marked_where_they_are_written_in_small_and_large_mappings() -> None:
    small = load_yaml_text(SMALL, "small.yaml")
    assert tuple(small.mark(("card", "count"))) == ("small.yaml", 3, 10)
    assert tuple(small.key_mark(("card", "count"))) == ("small.yaml", 3, 3)
    assert tuple(small.mark(("card", "fields", "x"))) == ("small.yaml", 4, 15)
    assert tuple(small.mark(("card", "nothing", "here"))) == ("small.yaml", 2, 3)  # the nearest ancestor
    large = load_yaml_text(LARGE, "large.yaml")
    last = SCANNED_KEYS + 4
    assert tuple(large.mark(("big", f"k{last}"))) == ("large.yaml", last + 2, 3 + len(f"k{last}: "))
    assert tuple(large.key_mark(("big", "k0"))) == ("large.yaml", 2, 3)
    assert tuple(large.key_mark(("big", "missing"))) == ("large.yaml", 2, 3)  # the mapping's own mark


def test_a_loaded_node_keeps_one_mark() -> None:
    located = load_yaml_text(SMALL + LARGE, "both.yaml")
    stack: list[Node] = [located.node]
    while stack:
        node = stack.pop()
        assert node.end_mark is node.start_mark
        if isinstance(node, MappingNode):
            for key, value in node.value:
                assert key.end_mark is key.start_mark
                stack.append(value)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
