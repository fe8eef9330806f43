"""Rules of a kit made for a press: inks a press can print, a profile it can read, PDF/X-1a without
transparency.

Input: the built `Kit` and its located YAML. Output: `press.ink_limit` warnings (a `cmyk(...)` colour over
300 % total ink, at the value), `press.profile` errors (the kit's own .icc unreadable) and, for the standard
the render asks (`pnp.model.press.transparency_problems`), `press.transparency` errors at every `opacity` under 1.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from pnp.diagnostics import Diagnostic, Severity, SpecError
from pnp.games.kit.model import Kit
from pnp.model.colour import INK_LIMIT, parse_colour, total_ink
from pnp.model.press import joined, spec_strings, spec_values
from pnp.rules import rule
from pnp.source.located import Located

_CMYK = re.compile(r"^\s*cmyk\(", re.IGNORECASE)
_CMYK_ANYWHERE = re.compile(r"cmyk\(", re.IGNORECASE)
"""What every `_CMYK` string holds: searching the spec's strings joined (a chunk at a time) finds whether any may be
one (most kits have none, and walking every value with its path cost more than the rest of the rules)."""


@rule("press.ink_limit", Kit, f"a CMYK colour has at most {INK_LIMIT:g} % total ink")
def check_ink_limit(kit: Kit, located: Located) -> Iterator[Diagnostic]:
    if not any(_CMYK_ANYWHERE.search(chunk) for chunk in joined(spec_strings(located.data), "\n")):
        return
    for path, _key, value in spec_values(located.data):
        if not isinstance(value, str) or not _CMYK.match(value):
            continue
        try:
            ink = total_ink(parse_colour(value))
        except ValueError:
            continue  # the model reports a malformed colour
        if ink > INK_LIMIT:
            yield Diagnostic.at(located.mark(path), "press.ink_limit",
                                f"{value.strip()} has {ink:g} % total ink, over the {INK_LIMIT:g} % a press takes "
                                "on coated paper (it smears and dries slowly)",
                                "take ink off: for a deep black use cmyk(60%, 40%, 40%, 100%) (240 %)",
                                Severity.WARNING)


@rule("press.profile", Kit, "the kit's own ICC profile is a CMYK output profile littleCMS reads")
def check_profile(kit: Kit, located: Located) -> Iterator[Diagnostic]:
    if kit.press.colour != "cmyk" and kit.press.standard == "none":
        return
    from pnp.source.profiles import load_profile

    try:
        load_profile(kit.press.profile, located.root, located.mark(("press", "profile")))
    except SpecError as exc:
        yield from exc.diagnostics
