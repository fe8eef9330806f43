"""Catalog headers are untrusted: a `Plural-Forms` declaring a billion plural forms (Babel makes a list of that
many strings per plural entry) and a `charset` that is not a text encoding are located errors at the header
line, in `render --catalogs` and `i18n status --catalogs`, in little memory."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from tests.reliability.support import reported

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "generic-deck" / "kit.yaml"


def _catalog(charset: str = "UTF-8", plurals: str = "nplurals=2; plural=(n != 1);") -> bytes:
    return (
        'msgid ""\nmsgstr ""\n'
        '"Language: de\\n"\n'
        f'"Content-Type: text/plain; charset={charset}\\n"\n'
        f'"Plural-Forms: {plurals}\\n"\n\n'
        'msgid "Start"\nmsgid_plural "Starts"\nmsgstr[0] "Anfang"\nmsgstr[1] "Anfaenge"\n'
    ).encode()


CONTENT_TYPE_LINE, PLURAL_FORMS_LINE = 4, 5
HOSTILE = {
    "a-billion-plural-forms": (_catalog(plurals="nplurals=1000000000; plural=0;"), PLURAL_FORMS_LINE, "nplurals"),
    "10-to-the-20-plural-forms": (_catalog(plurals="nplurals=100000000000000000000; plural=0;"),
                                  PLURAL_FORMS_LINE, "nplurals"),
    "no-plural-forms": (_catalog(plurals="nplurals=0; plural=0;"), PLURAL_FORMS_LINE, "nplurals"),
    "rot13": (_catalog(charset="rot13"), CONTENT_TYPE_LINE, "charset"),
    "zlib": (_catalog(charset="zlib"), CONTENT_TYPE_LINE, "charset"),
    "base64": (_catalog(charset="base64"), CONTENT_TYPE_LINE, "charset"),
    "unknown-codec": (_catalog(charset="no-such-codec"), CONTENT_TYPE_LINE, "charset"),
}


def _half_a_gigabyte() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (500 * 2**20, 500 * 2**20))


def _pnp(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp.cli", *map(str, args)], capture_output=True, text=True,
                          timeout=60, cwd=cwd, preexec_fn=_half_a_gigabyte)


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_catalog_header_is_one_located_error(name: str, tmp_path: Path) -> None:
    content, line, word = HOSTILE[name]
    catalog = tmp_path / "de" / "components" / "de.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes(content)
    for args in (["render", DECK, "-o", tmp_path / "out", "--lang", "de", "--catalogs", tmp_path / "de"],
                 ["i18n", "status", "--catalogs", tmp_path / "de"]):
        done = _pnp(*args, cwd=tmp_path)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
        assert done.returncode == 1, done.stderr
        (error,) = (d for d in reported(done.stderr) if d.severity == "error")
        assert (error.file, error.line, error.rule) == (str(catalog), line, "i18n.catalog"), error
        assert word in error.message
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("charset", "plurals"), [("UTF-8", "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : 5);"),
                                                  ("latin-1", "nplurals=2; plural=(n != 1);")])
def test_real_headers_are_read(charset: str, plurals: str, tmp_path: Path) -> None:
    catalog = tmp_path / "de" / "components" / "de.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_bytes(_catalog(charset, plurals))
    done = _pnp("i18n", "status", "--catalogs", tmp_path / "de", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "components" in done.stdout
