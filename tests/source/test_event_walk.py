"""The loader checks values as the parser reports them, yet reports what it did when whole files were composed
first: what the parser refuses anywhere in a file comes before any check's error, aliases are marked at their
anchors, and an included file's values (a lone scalar included) are marked in that file."""

from __future__ import annotations

import contextlib
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from pnp.diagnostics import SpecError
from pnp.source.loader import load_yaml, load_yaml_text


def _error(text: str) -> tuple[str, int, int]:
    with pytest.raises(SpecError) as caught:
        load_yaml_text(text, "spec.yaml")
    found = caught.value.diagnostics[0]
    return found.rule, found.line, found.column


@pytest.mark.parametrize(("text", "expected"), [
    ("a: !!python/object 1\nb: [1, 2\n", ("yaml.syntax", 3, 1)),  # a tag refused on line 1, a list left open
    ("a: 1\na: 2\nb: *nowhere\n", ("yaml.syntax", 3, 4)),  # a duplicate key, then an alias of no anchor
    ("<<: {a: 1}\nx: &n 1\ny: &n 2\n", ("yaml.syntax", 3, 4)),  # a merge key, then an anchor defined twice
    ("a: !!python/object 1\nb: 2\n", ("yaml.tag", 1, 4)),  # the check's error when the rest parses
])
def test_what_the_parser_refuses_anywhere_comes_before_a_checks_error(text: str,
                                                                     expected: tuple[str, int, int]) -> None:
    assert _error(text) == expected


def test_a_value_and_a_key_through_an_alias_are_marked_at_their_anchor() -> None:
    located = load_yaml_text("base: &b {x: &k name}\ncopy: *b\n*k : 2\n", "spec.yaml")
    assert located.data == {"base": {"x": "name"}, "copy": {"x": "name"}, "name": "2"}
    assert tuple(located.mark(("copy", "x"))) == ("spec.yaml", 1, 14)
    assert tuple(located.key_mark(("name",))) == ("spec.yaml", 1, 14)
    assert tuple(located.mark(("name",))) == ("spec.yaml", 3, 6)
    assert located.data["copy"] is not located.data["base"]  # the model may not share mutable data


def test_an_included_scalar_and_its_block_are_marked_in_the_included_file(tmp_path: Path) -> None:
    (tmp_path / "spec.yaml").write_text("rules: {include: text.yaml}\nother: [1]\n", encoding="utf-8")
    (tmp_path / "text.yaml").write_text("# the rules\n|\n  First line\n  second\n", encoding="utf-8")
    located = load_yaml(tmp_path / "spec.yaml")
    assert located.data == {"rules": "First line\nsecond\n", "other": ["1"]}
    included = str((tmp_path / "text.yaml").resolve())
    assert tuple(located.mark(("rules",))) == (included, 2, 1)
    assert tuple(located.text_mark(("rules",))) == (included, 3, 3)
    assert tuple(located.key_mark(("rules",)))[1:] == (1, 1)
    assert tuple(located.mark(("other", 0)))[1:] == (2, 9)


def test_the_slow_parser_rereads_a_bounded_amount_over_a_chain_of_includes(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """libyaml refuses an unknown directive that PyYAML's pure-Python parser accepts: each file of a chain used to
    be re-read by the slow parser, 64 files of 100,000 characters took minutes; the re-reading is now shared by the
    whole load, and the file past it gets libyaml's own located error."""
    from pnp.source import loader

    monkeypatch.setattr(loader, "PYTHON_PARSER_MAX_CHARS", 2_000)
    reread: list[int] = []

    class Counting(loader._PyParser):  # type: ignore[misc,name-defined]
        def __init__(self, text: str) -> None:
            reread.append(len(text))
            super().__init__(text)

    monkeypatch.setattr(loader, "_PyParser", Counting)
    body = "".join(f"k{j}: value {j}\n" for j in range(100))
    for i in range(10):
        (tmp_path / f"f{i}.yaml").write_text(f"%FOO bar\n---\n{body}next: {{include: f{i + 1}.yaml}}\n")
    (tmp_path / "f10.yaml").write_text("end\n")
    (tmp_path / "spec.yaml").write_text("kit: {include: f0.yaml}\n")
    with pytest.raises(SpecError) as caught:
        load_yaml(tmp_path / "spec.yaml")
    found = caught.value.diagnostics[0]
    assert (Path(found.file).name, found.line, found.rule) == ("f1.yaml", 1, "yaml.syntax")
    assert sum(reread) <= 2_000


def _pyyaml_state() -> dict[str, dict[str, int]]:
    """Every attribute of PyYAML's modules (the libyaml binding included), by identity."""
    import yaml
    import yaml._yaml
    import yaml.cyaml
    import yaml.events

    return {module.__name__: {name: id(value) for name, value in vars(module).items()}
            for module in (yaml, yaml._yaml, yaml.cyaml, yaml.events)}


def test_loading_from_eight_threads_at_once_leaves_pyyaml_as_it_was() -> None:
    """pnp used as a library, from threads: every example spec loaded by 8 threads at once, and PyYAML's modules
    and classes are exactly what they were (`yaml.parse` still yields PyYAML's events), the recursion limit
    too."""
    import yaml
    from yaml import events

    examples = Path(__file__).resolve().parents[2] / "examples"
    specs = sorted(examples.rglob("*.yaml"))
    before, limit = _pyyaml_state(), sys.getrecursionlimit()
    start = threading.Barrier(8)

    def load_all() -> None:
        start.wait()
        for _ in range(3):
            for spec in specs:
                with contextlib.suppress(SpecError):
                    load_yaml(spec, root=examples)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads take turns often, inside every load
    try:
        with ThreadPoolExecutor(8) as pool:
            for done in [pool.submit(load_all) for _ in range(8)]:
                done.result()
    finally:
        sys.setswitchinterval(interval)
    assert _pyyaml_state() == before
    assert sys.getrecursionlimit() == limit
    kinds = [type(event) for event in yaml.parse("a: [b]\n", Loader=yaml.CSafeLoader)]
    assert kinds[3:7] == [events.ScalarEvent, events.SequenceStartEvent, events.ScalarEvent, events.SequenceEndEvent]
    assert all(issubclass(kind, events.Event) and not issubclass(kind, BaseException) for kind in kinds)
