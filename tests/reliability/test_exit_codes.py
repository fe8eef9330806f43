"""Exit codes (0 success, 1 spec/render error, 2 usage error), `--format json` diagnostics, and a real process
run proving no traceback reaches stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pnp.cli
from tests.conftest import MINIMAL_KIT, KitFactory, PnpRunner
from tests.reliability.support import assert_clean

BROKEN = MINIMAL_KIT.replace("    name: Deck\n", "    name: Deck\n    name: Again\n")
JSON_KEYS = {"severity", "rule", "message", "hint", "file", "line", "column"}


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["validate", "{kit}"], 0),
        (["validate", "{kit}", "--format", "json"], 0),
        (["info", "{kit}"], 0),
        (["render", "{kit}", "-o", "{out}"], 0),
        (["schema"], 0),
        (["--version"], 0),
        (["--help"], 0),
        (["validate", "{broken}"], 1),
        (["validate", "{broken}", "--format", "json"], 1),
        (["render", "{broken}", "-o", "{out}"], 1),
        (["info", "{broken}"], 1),
        (["validate"], 2),
        (["render"], 2),
        (["validate", "{missing}"], 2),
        (["validate", "{folder}"], 2),
        (["validate", "{kit}", "--frobnicate"], 2),
        (["validate", "{kit}", "--format", "xml"], 2),
        (["render", "{kit}", "--format", "pdf,doc"], 2),
        (["render", "{kit}", "--format", ""], 2),
        (["render", "{kit}", "--paper", "b7"], 2),
        (["info", "{kit}", "--format", "yaml"], 2),
        (["no-such-command"], 2),
        (["schema", "--game", "chess"], 2),
    ],
)
def test_exit_codes(tmp_kit: KitFactory, run_pnp: PnpRunner, tmp_path: Path, args: list[str], code: int) -> None:
    kit = tmp_kit(MINIMAL_KIT)
    broken = tmp_kit(BROKEN, name="broken.yaml")
    names = {
        "kit": kit,
        "broken": broken,
        "out": tmp_path / "out",
        "missing": tmp_path / "nope.yaml",
        "folder": tmp_path,
    }
    result = run_pnp(*[a.format(**names) for a in args])
    assert_clean(result)
    assert result.exit_code == code, result.output
    if code == 2:
        assert "Error:" in result.stderr
        assert "Usage:" in result.stderr or "Try 'pnp" in result.stderr


def test_golden_text_diagnostic(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(BROKEN)
    result = run_pnp("validate", path)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path.resolve()}:5:5: error [yaml.duplicate_key] duplicate key 'name' "
        "(first defined at line 4, again at line 5)",
        "    hint: keep one of the two; a later value would silently replace the earlier one",
        f"{path}: 1 error(s), 0 warning(s)",
    ]


def test_json_diagnostics(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    path = tmp_kit(BROKEN)
    result = run_pnp("validate", path, "--format", "json")
    assert result.exit_code == 1
    (diagnostic,) = json.loads(result.stdout)
    assert set(diagnostic) == JSON_KEYS
    assert diagnostic == {
        "severity": "error",
        "rule": "yaml.duplicate_key",
        "message": "duplicate key 'name' (first defined at line 4, again at line 5)",
        "hint": "keep one of the two; a later value would silently replace the earlier one",
        "file": str(path.resolve()),
        "line": 5,
        "column": 5,
    }


def test_json_diagnostics_from_the_model_and_the_rules(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    spec = MINIMAL_KIT.replace('"Hello"', '"ཀཁ"').replace("    name: Deck\n", "    name: Deck\n    colour: red\n")
    result = run_pnp("validate", tmp_kit(spec), "--format", "json")
    assert result.exit_code == 1
    found = json.loads(result.stdout)
    assert [(d["rule"], d["line"], d["column"]) for d in found] == [("spec.unknown_key", 5, 5), ("text.glyphs", 9, 32)]
    assert all(set(d) == JSON_KEYS for d in found)
    rules_only = run_pnp("validate", tmp_kit(MINIMAL_KIT.replace('"Hello"', '"ཀཁ"')), "--format", "json")
    assert [(d["rule"], d["line"]) for d in json.loads(rules_only.stdout)] == [("text.glyphs", 8)]


def test_json_success_is_an_empty_list(tmp_kit: KitFactory, run_pnp: PnpRunner) -> None:
    result = run_pnp("validate", tmp_kit(), "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == []


def run_process(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pnp.cli", *[str(a) for a in args]],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=cwd,
        env={**os.environ, "PYTHONWARNINGS": "error"},
    )


def test_real_process_exit_codes_and_no_traceback(tmp_kit: KitFactory, tmp_path: Path) -> None:
    hostile = tmp_kit("a: &a [*a, *a]\nkit: !!python/object/apply:os.system ['touch PWNED']\n", name="hostile.yaml")
    broken = tmp_kit(BROKEN, name="broken.yaml")
    ok = tmp_kit(MINIMAL_KIT)
    for spec in (hostile, broken):
        done = run_process("validate", spec, cwd=tmp_path)
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert f"{spec.resolve()}:" in done.stderr
    json_run = run_process("validate", broken, "--format", "json", cwd=tmp_path)
    assert json_run.returncode == 1
    assert json.loads(json_run.stdout)[0]["rule"] == "yaml.duplicate_key"
    usage = run_process("render", ok, "--format", "docx", cwd=tmp_path)
    assert usage.returncode == 2
    assert "Traceback" not in usage.stderr
    rendered = run_process("render", ok, "-o", tmp_path / "out", cwd=tmp_path)
    assert rendered.returncode == 0, rendered.stderr
    assert rendered.stdout.strip().endswith(".pdf")
    assert not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize(
    ("error", "rule", "text"),
    [
        (RuntimeError("boom"), "internal", "internal error: RuntimeError: boom"),
        (RecursionError(), "input.depth", "error: the input nests too deeply to process"),
        (MemoryError(), "input.memory", "error: the input needs more memory than is available"),
    ],
)
def test_unexpected_failures_are_one_message_in_text_and_json(
    tmp_kit: KitFactory,
    run_pnp: PnpRunner,
    monkeypatch: pytest.MonkeyPatch,
    error: BaseException,
    rule: str,
    text: str,
) -> None:
    def explode(*_args: object, **_kwargs: object) -> None:
        raise error

    monkeypatch.setattr(pnp.pipeline, "validate_spec", explode)
    path = tmp_kit()
    as_text = run_pnp("validate", path)
    assert as_text.exit_code == 1
    assert as_text.stderr.splitlines()[0] == text
    assert "Traceback" not in as_text.output
    as_json = run_pnp("validate", path, "--format", "json")
    assert as_json.exit_code == 1
    (diagnostic,) = json.loads(as_json.stdout)
    assert set(diagnostic) == JSON_KEYS
    assert (diagnostic["severity"], diagnostic["rule"]) == ("error", rule)
