"""When pnp's outputs say they were made: `SOURCE_DATE_EPOCH` (the reproducible-builds convention) or now."""

from __future__ import annotations

import os
import time

from pnp.diagnostics import Diagnostic, SpecError


def creation_time() -> int:
    """When a PDF/X file is made, in seconds since 1970: `SOURCE_DATE_EPOCH` when it is set (the reproducible-
    builds convention: the same inputs and the same variable give the same bytes), else now. A value that is no
    whole number of seconds is a SpecError (reportlab, which reads the variable for every PDF, would fail on it
    with a traceback)."""
    given = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not given:
        return int(time.time())
    if not given.isdigit():
        raise SpecError(Diagnostic.at(None, "output.date", f"SOURCE_DATE_EPOCH is {given!r}, not a whole number "
                                      "of seconds since 1970", "unset it, or set it to `date +%s` of the build"))
    return int(given)
