"""What a PDF is made for: the screen and home printer (RGB) or a press (CMYK through an ICC profile, PDF/X).

`Press` is the choice, made once per render from the kit's `press:` key and the command line; `Inks` turns
scene colours (`#rrggbb`, or `cmyk(...)` passed through untouched) and raster images into process inks with
littleCMS (relative colorimetric, black-point compensation). Pure black `#000000` prints as black ink alone
(0/0/0/100), so text and hairlines are not four plates to register.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pnp.model.inks import cmyk_of
from pnp.model.press import standard_name
from pnp.source.profiles import Profile

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from pnp.source.located import Located

PDFX_VERSIONS = {"x-4": "PDF/X-4", "x-1a": "PDF/X-1a:2003"}
"""The GTS_PDFXVersion of each standard pnp writes."""
PDF_VERSIONS = {"x-4": "1.6", "x-1a": "1.4"}


@dataclass(frozen=True)
class Press:
    """RGB (the default), or CMYK through `profile`, as PDF/X `standard` ("none", "x-4" or "x-1a")."""

    colour: str = "rgb"
    profile: Profile | None = None
    standard: str = "none"
    inks: Inks | None = field(default=None, compare=False)

    @property
    def cmyk(self) -> bool:
        return self.colour == "cmyk"

    @property
    def pdfx(self) -> str:
        """The GTS_PDFXVersion ("" for no standard)."""
        return PDFX_VERSIONS.get(self.standard, "")

    @property
    def standard_name(self) -> str:
        """The standard as ISO names it (PDF/X-4, PDF/X-1a)."""
        return standard_name(self.standard)


def press(colour: str = "rgb", profile: Profile | None = None, standard: str = "none") -> Press:
    """A `Press`, its `Inks` made when CMYK (a CMYK press needs a profile)."""
    if colour == "cmyk" and profile is None:
        raise ValueError("CMYK output needs an ICC profile")
    inks = Inks(profile) if colour == "cmyk" and profile is not None else None
    return Press(colour, profile, standard, inks)


RGB = Press()


class Inks:
    """Scene colours and images in the process inks of one CMYK profile, each distinct colour converted once."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self._colours: dict[str, tuple[float, float, float, float]] = {}

    @cached_property
    def _transform(self) -> Any:
        from PIL import ImageCms

        from pnp.source.profiles import transform_from_srgb

        return transform_from_srgb(ImageCms.ImageCmsProfile(io.BytesIO(self.profile.data)))

    def of(self, colour: str) -> tuple[float, float, float, float]:
        """C, M, Y, K (0..1) of a normalised colour."""
        found = self._colours.get(colour)
        if found is None:
            found = self._colours[colour] = self._convert(colour)
        return found

    def _convert(self, colour: str) -> tuple[float, float, float, float]:
        given = cmyk_of(colour)
        if given is not None:
            return given
        if colour.lower() == "#000000":
            return 0.0, 0.0, 0.0, 1.0
        from PIL import Image as PILImage

        pixel = PILImage.new("RGB", (1, 1), colour)
        c, m, y, k = self.image(pixel).getpixel((0, 0))  # type: ignore[misc]
        return c / 255, m / 255, y / 255, k / 255

    def image(self, image: PILImage.Image) -> PILImage.Image:
        """An RGB image in this profile's inks (CMYK mode)."""
        from PIL import ImageCms

        converted = ImageCms.applyTransform(image, self._transform)
        assert converted is not None  # applyTransform returns None only when converting in place
        return converted


def press_for(spec: object, located: Located, colour: str | None, profile: str | None,
              standard: str | None) -> Press:
    """The press a render uses: the spec's `press:` key (a kit's), each part overridden by the command line
    (`--colour`, `--profile` FILE or NAME, `--pdfx`); PDF/X implies CMYK. A profile named on the command line is
    read from where it is given, the spec's from inside the kit folder. SpecError for a bad profile, for RGB
    asked with PDF/X, and (PDF/X-1a) for every element with opacity."""
    from pathlib import Path

    from pnp.diagnostics import Diagnostic, Mark, SpecError
    from pnp.source.profiles import load_profile

    settings = getattr(spec, "press", None)
    chosen_standard = standard or (settings.standard if settings is not None else "none")
    chosen_colour = colour or ("cmyk" if chosen_standard != "none" else
                               settings.colour if settings is not None else "rgb")
    if chosen_standard != "none" and chosen_colour != "cmyk":
        raise SpecError(Diagnostic.at(None, "press.colour", f"{standard_name(chosen_standard)} has no RGB",
                                      "leave out --colour rgb (PDF/X is CMYK)"))
    if chosen_colour != "cmyk":
        return RGB
    if profile is not None:
        given = Path(profile)
        root = given.resolve().parent if profile.lower().endswith((".icc", ".icm")) else located.root
        loaded = load_profile(given.name if root != located.root else profile, root, Mark(profile, 1, 1))
    else:
        name = settings.profile if settings is not None else "pnp-cmyk"
        loaded = load_profile(name, located.root, located.mark(("press", "profile")))
    if chosen_standard == "x-1a":
        from pnp.model.press import transparency_problems

        problems = transparency_problems(located, chosen_standard)
        if problems:
            raise SpecError(problems)
    return press(chosen_colour, loaded, chosen_standard)
