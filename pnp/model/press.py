"""Press settings of a kit (`press:`): the colour space of its PDFs, the ICC profile and the PDF/X standard.

`colour: cmyk` separates every colour and image into process inks through `profile` (pnp's own `pnp-cmyk`, or
the shop's `.icc` file inside the kit folder); `standard: pdf/x-4` or `pdf/x-1a` writes PDF/X (CMYK implied);
`shop: tgc` writes card files and pages as that print-on-demand shop's templates want them.
`pnp render --colour`, `--profile`, `--pdfx` and `--shop` override these keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field, model_validator

from pnp.model.base import SpecModel
from pnp.text.suggest import HintedValueError

if TYPE_CHECKING:
    from pnp.diagnostics import Diagnostic
    from pnp.source.located import Located, PathKey

ShopKey = Literal["tgc", "drivethrucards", "mpc", "printninja"]
"""The print-on-demand shops of pnp/data/layouts/shops.yaml (tests check the two agree)."""
SHOP_KEYS: tuple[str, ...] = get_args(ShopKey)

STANDARDS = ("none", "x-4", "x-1a")
"""PDF/X standards pnp writes ("none": a plain PDF)."""


def standard_name(standard: str) -> str:
    """A standard as its ISO name: `x-4` as PDF/X-4, `x-1a` as PDF/X-1a."""
    return "PDF/X-" + standard.removeprefix("x-")


def _standard(value: object) -> object:
    """`pdf/x-4`, `PDF/X-4` and `x-4` alike as `x-4`."""
    if isinstance(value, str):
        text = value.strip().lower()
        return text.removeprefix("pdf/")
    return value


class PressSettings(SpecModel):
    """How a kit's PDFs are made for a press. Defaults: RGB, no standard (what home printers want)."""

    colour: Literal["rgb", "cmyk"] = "rgb"
    """`cmyk`: every colour and image in process inks through `profile`; `rgb`: as the screen shows it."""
    profile: str = Field(default="pnp-cmyk", min_length=1, max_length=300)
    """The CMYK output profile: `pnp-cmyk` (pnp's own, generic coated paper) or the shop's .icc file, a path
    inside the kit folder."""
    standard: Annotated[Literal["none", "x-4", "x-1a"], BeforeValidator(
        _standard, json_schema_input_type=Literal["none", "pdf/x-4", "pdf/x-1a", "x-4", "x-1a"])] = "none"
    """`pdf/x-4` or `pdf/x-1a` (no transparency) for a press's preflight; implies `colour: cmyk`."""
    shop: ShopKey | None = None
    """The print-on-demand shop whose card templates `--format cards`, `single` and `proof` follow
    (docs/shops.md); `--shop` overrides it."""

    @model_validator(mode="after")
    def _cmyk_for_pdfx(self) -> PressSettings:
        if self.standard != "none" and "colour" in self.model_fields_set and self.colour != "cmyk":
            raise HintedValueError(f"{standard_name(self.standard)} has no RGB: colour must be cmyk",
                                   "write colour: cmyk, or leave colour out")
        return self


def spec_values(data: Any, path: PathKey = ()) -> Iterator[tuple[PathKey, str, Any]]:
    """(path, key, value) of every mapping entry and list item in `data`, depth first (key "" for list items)."""
    stack: list[tuple[PathKey, Any]] = [(path, data)]
    while stack:
        here, node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            at = (*here, key)
            yield at, key if isinstance(key, str) else "", value
            if isinstance(value, dict | list):
                stack.append((at, value))


def spec_strings(data: Any) -> Iterator[str]:
    """Every string value in `data` (not its keys), nested lists and mappings included, in no given order."""
    stack = [data]
    push = stack.append
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list | tuple):
            if isinstance(node, str):
                yield node
            continue
        for item in node:
            kind = type(item)  # the loader's own types first: a type test costs less than isinstance of a union
            if kind is str:
                yield item
            elif kind is dict or kind is list:
                push(item)
            elif isinstance(item, str):
                yield item
            elif isinstance(item, dict | list | tuple):
                push(item)


def joined(strings: Iterable[str], sep: str, size: int = 1024) -> Iterator[str]:
    """`strings` joined by `sep`, `size` at a time: one search or test per chunk, as over all of them joined,
    without a copy of every string of a large spec at once."""
    rest = iter(strings)
    while chunk := list(islice(rest, size)):
        yield sep.join(chunk)


def transparency_problems(located: Located, standard: str) -> list[Diagnostic]:
    """`press.transparency` errors at every `opacity` under 1 and every picture with an alpha channel in the
    spec, for a standard without transparency."""
    from pnp.diagnostics import Diagnostic

    problems = []
    for path, key, value in spec_values(located.data):
        if key == "opacity" and isinstance(value, int | float | str) and _below_one(value):
            problems.append(Diagnostic.at(
                located.mark(path), "press.transparency",
                f"{standard_name(standard)} has no transparency, and this element is drawn at opacity {value}",
                "remove `opacity` (or mix the colour with what lies under it), or use --pdfx x-4, which keeps it"))
        elif key in ("src", "image") and isinstance(value, str) and _has_alpha(located.root, value):
            problems.append(Diagnostic.at(
                located.mark(path), "press.transparency",
                f"{standard_name(standard)} has no transparency, and {value} has an alpha channel",
                "save the picture without transparency (flattened on its background), or use --pdfx x-4"))
    return problems


def _has_alpha(root: Path, name: str) -> bool:
    """Whether a picture file inside the kit folder (PNG, JPEG; SVG art is not a picture) has transparency;
    False for anything else or unreadable (the image checks report that)."""
    path = (root / name).resolve()
    if path.suffix.lower() not in (".png", ".jpg", ".jpeg") or not path.is_relative_to(root.resolve()):
        return False
    if not path.is_file():
        return False
    from PIL import Image

    try:
        with Image.open(path) as image:
            return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info
    except (OSError, ValueError):
        return False


def _below_one(value: object) -> bool:
    try:
        return float(str(value)) < 1
    except ValueError:
        return False
