"""The text to print for each unit: translated, with spec values substituted, escaped and glyph-checked.

Input: a unit of the source document, the translation in use and the spec context. Output: `InlineText`
(reportlab markup and plain runs), or a SpecError located where the bad text is written (the source line for
template errors, the `.po` line for a translated text with a character the font lacks).

Order of work, so that translators' text is never evaluated: the `{{ expressions }}` of the SOURCE unit are
evaluated in the sandbox; the translation is looked up by the source text; the values are then placed into
the translated text by plain placeholder replacement (`pnp.booklet.inline`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pnp.booklet.inline import InlineText, expressions, inline_markup
from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.i18n.translate import Translation
from pnp.rulebook.markdown import Unit
from pnp.text.fonts import missing_glyphs
from pnp.text.templating import render_template_string


@dataclass(slots=True)
class TextResolver:
    """Turns units into printable inline text for one render; collects warnings (`i18n.placeholder`: a
    translation leaves out an expression of the source, `i18n.expression`: it adds one, printed as written)."""

    translation: Translation
    context: Mapping[str, Any]
    warnings: list[Diagnostic] = field(default_factory=list)

    def _warn(self, file: str, line: int, rule: str, message: str, hint: str) -> None:
        warning = Diagnostic.at(Mark(file, line, 1), rule, message, hint, Severity.WARNING)
        if warning not in self.warnings:
            self.warnings.append(warning)

    def values(self, unit: Unit) -> dict[str, str]:
        """The value of each expression of the source `unit`, evaluated in the sandbox."""
        file = self.translation.file_of(unit)
        if "{%" in unit.text:
            raise SpecError(
                Diagnostic.at(
                    Mark(file, unit.line, unit.column),
                    "rulebook.template",
                    "template statements ({% ... %}) are not allowed in rulebook text",
                    "use {{ expressions }} only, e.g. {{ rules.walls }}",
                )
            )
        return {
            expr: render_template_string("{{ " + expr + " }}", self.context, file=file, line=unit.line)
            for expr in expressions(unit.text)
        }

    def __call__(self, unit: Unit, font: str = "sans") -> InlineText:
        """The printable text of `unit` set in `font` ("sans", "sans-bold" or "sans-italic")."""
        values = self.values(unit)
        resolved = self.translation.lookup(unit)
        if resolved.translated:
            used = expressions(resolved.text)
            for expr in values:
                if expr not in used:
                    self._warn(resolved.file, resolved.line, "i18n.placeholder",
                               f"the translation leaves out {{{{ {expr} }}}}, so the kit's value is not printed",
                               f"put {{{{ {expr} }}}} back into the translation, exactly as in the English text")
            for expr in used:
                if expr not in values:
                    self._warn(resolved.file, resolved.line, "i18n.expression",
                               f"{{{{ {expr} }}}} is not in the source text, so it is printed as written",
                               "use only the {{ expressions }} of the English text")
        inline = inline_markup(resolved.text, values, font)
        for text, run_font in inline.runs:
            missing = missing_glyphs(text, run_font)
            if missing:
                shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
                raise SpecError(
                    Diagnostic.at(
                        Mark(resolved.file, resolved.line, 1),
                        "rulebook.glyph",
                        f"the font {run_font} has no glyph for {shown}",
                        "replace the character or use one pnp's fonts cover (Latin, Greek, Cyrillic, CJK, "
                        "Arabic, Hebrew)",
                    )
                )
        return inline
