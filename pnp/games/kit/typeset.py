"""A kit's texts as they print: marked-up texts in the kit's fonts (pnp's or its own), with its icons.

Input: the `Kit` (its `fonts:` and `icons:`), the located source (the kit folder, marks) and the image caps.
Output: for a text element, the fonts of its styles and, when it holds markup, a `RichText` to lay out; font
files and icon images are checked (as untrusted files of the kit folder) the first time a text needs them.
Errors are located: an unknown font or icon (with "did you mean"), a font file that cannot be used, a
character that an own font has no glyph for (at the data cell it came from, when it came from one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.games.kit.model import Kit
from pnp.games.kit.model.elements import BUILTIN_FONTS
from pnp.layout.markup import Span, has_markup, icon_names, parse, plain
from pnp.layout.scene import Item, Text
from pnp.source.fonts import check_font
from pnp.source.images import ImageInfo
from pnp.source.located import Located, PathKey
from pnp.text.font_files import is_own, own_font_file
from pnp.text.fonts import missing_glyphs
from pnp.text.shaping import SANS_STYLES, upright_letters
from pnp.text.suggest import did_you_mean

if TYPE_CHECKING:
    from pnp.layout.rich import IconImage, RichText, Styles

STYLES = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}
"""Each style (bold, italic) and the family member that sets it."""
FALLBACK = {"regular": (), "bold": ("regular",), "italic": ("regular",), "bold_italic": ("bold", "italic", "regular")}
"""Where a style missing from a family falls back to, in order."""
_SANS = {STYLES[style]: font for style, font in SANS_STYLES.items()}
BUILTIN_FAMILIES: dict[str, tuple[dict[str, str], tuple[bool, bool]]] = {
    **{font: (_SANS, style) for style, font in SANS_STYLES.items()},
    "mono": ({"regular": "mono"}, (False, False)),
}
"""pnp's fonts as families: their members, and the style each font name starts in."""
_UPRIGHT = frozenset({(False, False)})
"""The styles a text without markup uses."""
ICON_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
MAX_ICONS = 500

ImageCheck = Callable[[str, Path, Mark], ImageInfo]
"""Checks an image file `src` relative to a folder, for an error at a mark."""


class Typesetter:
    """Fonts, icons and markup of one kit's texts; the files are checked once, when first needed."""

    def __init__(self, kit: Kit, located: Located, check_image: ImageCheck):
        self.kit = kit
        self.located = located
        self.check_image = check_image
        self.warnings: list[Diagnostic] = []
        self._members: dict[tuple[str, str], str | None] = {}
        self._icons: dict[str, IconImage] | None = None
        self._styles: dict[tuple[str, frozenset[tuple[bool, bool]]], Styles] = {}

    def _member(self, family: str, member: str) -> str | None:
        """The font name of one member of an own family (None: the family has no such file)."""
        if (family, member) not in self._members:
            src = getattr(self.kit.fonts[family], member)
            path = ("fonts", family, member)
            mark = self.located.mark(path)
            name = None if src is None else check_font(self.located.root, Path(mark.file).parent, src, mark)
            if name is not None:
                self.located.inputs.add(own_font_file(name))
            self._members[family, member] = name
        return self._members[family, member]

    def styles(self, font: str, path: PathKey, used: set[tuple[bool, bool]] | frozenset[tuple[bool, bool]]) -> Styles:
        """The font of each style for a text set in `font`, warning once about each style of `used` that the
        family lacks; SpecError at the text's `font` for a font the kit does not have."""
        key = (font, used if isinstance(used, frozenset) else frozenset(used))
        if key not in self._styles:
            self._styles[key] = self._styles_of(font, path, key[1])
        return self._styles[key]

    def _styles_of(self, font: str, path: PathKey, used: frozenset[tuple[bool, bool]]) -> Styles:
        if font in self.kit.fonts and font not in BUILTIN_FONTS:
            base = (False, False)
            members = {m: f for m in STYLES.values() if (f := self._member(font, m)) is not None}
        elif font in BUILTIN_FAMILIES:
            members, base = BUILTIN_FAMILIES[font]
        else:
            choices = [*BUILTIN_FONTS, *self.kit.fonts]
            hint = did_you_mean(font, choices) or f"use one of: {', '.join(choices)}, or add it under `fonts:`"
            raise SpecError(Diagnostic.at(self.located.mark((*path, "font")), "text.font",
                                          f"unknown font {font!r}", hint))
        styles: dict[tuple[bool, bool], str] = {}
        for (bold, italic), _ in STYLES.items():
            want = STYLES[(bold or base[0], italic or base[1])]
            got = next(m for m in (want, *FALLBACK[want]) if m in members)
            styles[(bold, italic)] = members[got]
            if got != want and (bold, italic) in used:
                self._fell_back(font, want, got, path)
        return styles

    def _fell_back(self, font: str, want: str, got: str, path: PathKey) -> None:
        warning = Diagnostic.at(
            self.located.mark((*path, "text")), "text.font",
            f"the font {font!r} has no {want.replace('_', ' ')} style: that text is set in its {got.replace('_', ' ')} "
            "style", f"add `{want}:` to the family under `fonts:`" if font in self.kit.fonts
            else "use an own font family that has it (`fonts:`)", Severity.WARNING)
        if not any(w.message == warning.message for w in self.warnings):
            self.warnings.append(warning)

    def _upright(self, text: str, font: str, mark_of: Callable[[str], Mark]) -> None:
        """Warn once per script when italic `text` prints upright (`pnp.text.shaping.upright_letters`)."""
        upright = upright_letters(text, font)
        if upright is None or any(w.rule == "text.italic" and upright[1] in w.message for w in self.warnings):
            return
        self.warnings.append(Diagnostic.at(
            mark_of(text), "text.italic", f"italic {upright[1]} text prints upright, here {text.strip()[:40]!r} "
            f"(and any other italic {upright[1]} text): pnp has no italic {upright[1]} font and does not slant it",
            "CJK, Arabic and Hebrew are not set in a slant (they stress text in bold): use **...** where the "
            "emphasis matters", Severity.WARNING))

    def icons(self) -> Mapping[str, IconImage]:
        """The kit's icons by name, their images checked (on first use)."""
        if self._icons is None:  # a problem is raised for every text that uses icons, never a partial set
            spec = self.kit.icons
            if isinstance(spec, str):
                self._icons = self._folder_icons(spec)
            else:
                icons = {}
                for name, src in spec.items():
                    mark = self.located.mark(("icons", name))
                    icons[name] = _icon(self.check_image(src, Path(mark.file).parent, mark))
                self._icons = icons
        return self._icons

    def _folder_icons(self, folder: str) -> dict[str, IconImage]:
        mark = self.located.mark(("icons",))
        root = self.located.root.resolve()
        where = (Path(mark.file).parent / folder).resolve()
        if not where.is_relative_to(root) or not where.is_dir():
            raise SpecError(Diagnostic.at(mark, "spec.icons", f"the icons folder {folder!r} is not a folder inside "
                                          "the kit folder", "give a folder of PNG, JPEG or SVG files next to the spec"))
        entries = sorted(p for p in where.iterdir() if not p.name.startswith("."))
        files = [p for p in entries if p.suffix.lower() in ICON_SUFFIXES]
        skipped = [p.name for p in entries if p not in files]
        if skipped:
            self.warnings.append(Diagnostic.at(
                mark, "spec.icons", f"the icons folder {folder!r} holds files that are not icons, left out: "
                f"{', '.join(skipped[:10])}{' ...' if len(skipped) > 10 else ''}",
                "icons are PNG, JPEG or SVG files: convert these or move them out of the folder", Severity.WARNING))
        if len(files) > MAX_ICONS:
            raise SpecError(Diagnostic.at(mark, "spec.icons", f"the icons folder holds {len(files)} images, over "
                                          f"the cap of {MAX_ICONS}", "keep only the icons the kit uses"))
        stems: dict[str, list[str]] = {}
        for file in files:
            stems.setdefault(file.stem, []).append(file.name)
        twins = [names for names in stems.values() if len(names) > 1]
        if twins:
            raise SpecError(Diagnostic.at(
                mark, "spec.icons", f"the icons folder {folder!r} holds two icons of one name: "
                f"{'; '.join(' and '.join(names) for names in twins[:5])}",
                "keep one file of each name (an icon is named by its file name without the extension)"))
        return {file.stem: _icon(self.check_image(file.name, where, mark)) for file in files}

    def rich(self, text: str, font: str, path: PathKey,
             mark_of: Callable[[str], Mark]) -> tuple[RichText | None, str, Styles]:
        """How to draw `text`: a marked-up text to lay out (None: plain text, drawn as before), the plain text
        (escapes undone) and the fonts of its styles; `mark_of(part)` says where to report a part of it."""
        if not has_markup(text):
            return None, text, self.styles(font, path, _UPRIGHT)  # the plain path, as fast as before markup
        paragraphs = parse(text)
        used = {(p.bold, p.italic) for para in paragraphs for p in para if isinstance(p, Span)}
        styles = self.styles(font, path, used)
        for span in (p for para in paragraphs for p in para if isinstance(p, Span) and p.italic):
            self._upright(span.text, styles[(span.bold, span.italic)], mark_of)
        flat = plain(paragraphs)
        if flat is not None:
            return None, flat, styles
        names = icon_names(paragraphs)
        icons = self.icons() if names else {}
        unknown = [n for n in names if n not in icons]
        if unknown:
            hint = did_you_mean(unknown[0], icons) or (
                f"the kit's icons are: {', '.join(sorted(icons))}" if icons else "add the kit's icons under `icons:`")
            raise SpecError(Diagnostic.at(mark_of(f":{unknown[0]}:"), "text.icon", f"unknown icon {unknown[0]!r}",
                                          f"{hint} (write \\: for a colon that is not an icon)"))
        from pnp.layout.rich import RichText  # only texts with icons are laid out as runs

        return RichText(paragraphs, styles, icons), flat or "", styles

    def font_label(self, name: str) -> str:
        """How messages name a font: an own font by its family, style and file."""
        for (family, member), font in self._members.items():
            if font == name:
                return f"{family!r} {member.replace('_', ' ')} ({Path(getattr(self.kit.fonts[family], member)).name})"
        return name


def _icon(info: ImageInfo) -> IconImage:
    from pnp.layout.rich import IconImage

    return IconImage(info.path, info.key, info.width_px / info.height_px)


def own_glyph_problems(items: list[Item], mark_of: Callable[[str], Mark], piece: str,
                       label: Callable[[str], str]) -> list[Diagnostic]:
    """An error for each character drawn in an own font that the font has no glyph for, at `mark_of(char)`."""
    errors: list[Diagnostic] = []
    seen: set[tuple[str, str]] = set()
    for item in items:
        if not isinstance(item, Text) or not is_own(item.font):
            continue
        for ch in missing_glyphs(item.text, item.font):
            if (ch, item.font) in seen:
                continue
            seen.add((ch, item.font))
            errors.append(Diagnostic.at(
                mark_of(ch), "text.glyphs",
                f"on {piece}, the font {label(item.font)} has no glyph for U+{ord(ch):04X} {ch!r}",
                "replace the character, or use a font that has it"))
    return errors
