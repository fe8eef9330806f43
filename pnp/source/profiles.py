"""ICC profiles named by specs (`press: {profile: shop.icc}`) or on the command line: untrusted input.

A kit's own profile is a file inside the kit folder, at most MAX_PROFILE_BYTES, that littleCMS (Pillow's
`ImageCms`) parses as an output (printer) profile of CMYK; anything else is one located error. The profile pnp
ships (`pnp-cmyk`, pnp/data/icc) is named by its name.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.diagnostics import Diagnostic, Mark, SpecError
from pnp.source.files import read_at_most, resolve_inside

if TYPE_CHECKING:
    from PIL import ImageCms

MAX_PROFILE_BYTES = 8_000_000
"""Cap on an ICC profile's size (a press profile is 0.5 to 3 MB)."""
BUILTIN_PROFILES = {"pnp-cmyk": "pnp-cmyk.icc"}
"""Profiles that ship with pnp, by name (pnp/data/icc; see its LICENSE)."""
_HINT = "give a CMYK output profile (.icc) from your print shop, or leave `profile` out for pnp-cmyk"


_REGISTERED = re.compile(r"FOGRA\s*(39|51|52)", re.IGNORECASE)
"""Printing conditions of the ICC's registry a profile may name in its description (FOGRA39: ISO 12647-2
coated offset; FOGRA51 and 52: PSO coated and uncoated v3), written as the registry writes them."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A checked CMYK output profile: its name and bytes."""

    name: str
    data: bytes

    @property
    def description(self) -> str:
        """The profile's own description (its name when it has none)."""
        from PIL import ImageCms

        try:
            text = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(self.data))).strip()
        except (ImageCms.PyCMSError, OSError):
            text = ""
        return text or self.name

    @property
    def condition(self) -> tuple[str, str, bool]:
        """The output intent's condition (`output_condition` of the description)."""
        return output_condition(self.description)


def output_condition(description: str) -> tuple[str, str, bool]:
    """An output intent's condition identifier, its description and whether the identifier is the ICC
    registry's: `FOGRA39` for a profile describing itself so, else `Custom` (PDF/X then relies on the embedded
    profile alone)."""
    registered = _REGISTERED.search(description)
    if registered:
        return f"FOGRA{registered[1]}", description, True
    return "Custom", description, False


def _bad(mark: Mark, message: str, hint: str = _HINT) -> SpecError:
    return SpecError(Diagnostic.at(mark, "press.profile", message, hint))


def load_profile(name: str, root: Path, mark: Mark) -> Profile:
    """The profile `name`: one of BUILTIN_PROFILES, or a `.icc`/`.icm` file inside `root`; SpecError at `mark`."""
    if name in BUILTIN_PROFILES:
        from pnp.data import resource_path

        return Profile(name, resource_path("pnp.data", "icc", BUILTIN_PROFILES[name]).read_bytes())
    if not name.lower().endswith((".icc", ".icm")):
        raise _bad(mark, f"{name!r} is neither a profile pnp knows ({', '.join(BUILTIN_PROFILES)}) nor an .icc file")
    path = resolve_inside(root, root, name, mark, what="profile")
    with path.open("rb") as handle:
        data = read_at_most(handle, MAX_PROFILE_BYTES + 1)
    if len(data) > MAX_PROFILE_BYTES:
        raise _bad(mark, f"{name!r} is over the cap of {MAX_PROFILE_BYTES:,} bytes for an ICC profile")
    check_profile(data, name, mark)
    return Profile(Path(name).stem, data)


def check_profile(data: bytes, name: str, mark: Mark) -> None:
    """Parse `data` with littleCMS: a CMYK output profile, or SpecError at `mark`."""
    from PIL import ImageCms

    if len(data) < 132 or data[36:40] != b"acsp":
        raise _bad(mark, f"{name!r} is not an ICC profile (no 'acsp' signature)")
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
        space = profile.profile.xcolor_space.strip()
        kind = profile.profile.device_class.strip()
        if space != "CMYK" or kind != "prtr":
            raise _bad(mark, f"{name!r} is a {kind} profile of {space}, not a CMYK output (printer) profile")
        transform_from_srgb(profile)
    except (OSError, ValueError, TypeError, ImageCms.PyCMSError) as exc:
        raise _bad(mark, f"{name!r} cannot be read as an ICC profile: {exc}") from None


def transform_from_srgb(profile: ImageCms.ImageCmsProfile) -> ImageCms.ImageCmsTransform:
    """littleCMS's sRGB to `profile` transform: relative colorimetric with black-point compensation."""
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
