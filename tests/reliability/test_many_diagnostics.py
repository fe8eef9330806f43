"""A spec with tens of thousands of problems: each is located without rescanning its mapping (validate stays
quick), and the report stops at MAX_REPORTED with a note saying how many more were left out."""

from __future__ import annotations

import json
import subprocess
import sys

from pnp.commands import MAX_REPORTED
from pnp.source.loader import load_yaml_text
from pnp.source.located import Node
from tests.conftest import KitFactory, PnpRunner

HEAD = "kit: Many\ncomponents:\n  - type: deck\n    name: Deck\n"
TAIL = "    cards:\n      - name: One\n"


def many_unknown_keys(count: int) -> str:
    return HEAD + "".join(f"    k{i}: 1\n" for i in range(count)) + TAIL


def test_twenty_thousand_unknown_keys_are_validated_and_the_report_is_capped(tmp_kit: KitFactory) -> None:
    spec = tmp_kit(many_unknown_keys(20_000))
    # a generous bound: scanning the mapping once per diagnostic took over 100 s; indexing it, a few seconds
    command = [sys.executable, "-c", "from pnp.cli import main; main()", "validate", str(spec), "--format", "json"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    reported = json.loads(result.stdout)
    assert len(reported) == MAX_REPORTED + 1
    assert [d["line"] for d in reported[:3]] == [5, 6, 7]
    assert reported[-1]["rule"] == "report.limit"
    assert f"{20_000 - MAX_REPORTED:,} more problem(s) left out" in reported[-1]["message"]


def test_each_reported_key_is_located_at_its_own_line(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = tmp_kit(many_unknown_keys(50))
    result = run_pnp("validate", spec, "--format", "json")
    lines = sorted(d["line"] for d in json.loads(result.stdout) if "k" in d["message"])
    assert lines == list(range(5, 55))


class CountingTuple(tuple):  # type: ignore[type-arg]
    """A mapping's keys that count how often they are scanned."""

    scans = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        CountingTuple.scans += 1
        return super().__iter__()

    def __contains__(self, item):  # type: ignore[no-untyped-def]
        CountingTuple.scans += 1
        return super().__contains__(item)

    def index(self, *args):  # type: ignore[no-untyped-def]
        CountingTuple.scans += 1
        return super().index(*args)


def test_locating_every_key_of_a_mapping_scans_it_once() -> None:
    located = load_yaml_text("".join(f"k{i}: {i}\n" for i in range(2_000)))
    assert isinstance(located.node, Node)
    names = located.node.marks.names
    names[located.node.index] = CountingTuple(names[located.node.index])
    marks = [located.key_mark((f"k{i}",)) for i in range(2_000)]
    assert [m.line for m in marks] == list(range(1, 2_001))
    assert CountingTuple.scans <= 1
