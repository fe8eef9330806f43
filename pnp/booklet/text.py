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
from dataclasses import dataclass, field, replace
from typing import Any

from pnp.booklet.inline import EXPRESSION_RE, InlineText, expressions, inline_markup
from pnp.diagnostics import Diagnostic, Mark, Severity, SpecError
from pnp.i18n.translate import Translation
from pnp.rulebook.markdown import Phrase, Unit
from pnp.rulebook.plural import count_of
from pnp.text.fonts import missing_glyphs
from pnp.text.shaping import upright_letters
from pnp.text.templating import render_template_string


def _fill(text: str, values: Mapping[str, str]) -> str:
    """`text` with each `{{ expression }}` that `values` holds replaced by its value (the others as written)."""
    return EXPRESSION_RE.sub(lambda m: values.get(m.group(1).strip(), m.group(0)), text)


@dataclass(slots=True)
class TextResolver:
    """Turns units into printable inline text for one render; collects warnings (`i18n.placeholder`: a
    translation leaves out an expression of the source, `i18n.expression`: it adds one, printed as written,
    `text.italic`: italic text in a script pnp has no italic font for, which prints upright)."""

    translation: Translation
    context: Mapping[str, Any]
    warnings: list[Diagnostic] = field(default_factory=list)
    upright: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    """Per script, the index of its `text.italic` warning, how many italic texts it counts and the first."""
    phrases: tuple[Phrase, ...] = ()
    """The document's phrases, which units quote as `{{ phrase.NAME }}`."""
    _quoting: tuple[str, ...] = ()

    def _warn(self, file: str, line: int, rule: str, message: str, hint: str) -> None:
        warning = Diagnostic.at(Mark(file, line, 1), rule, message, hint, Severity.WARNING)
        if warning not in self.warnings:
            self.warnings.append(warning)

    def _upright(self, file: str, line: int, script: str, text: str) -> None:
        """One warning per script for the italic texts that print upright, at the first, counting the rest."""
        first, count, shown = self.upright.get(script, (len(self.warnings), 0, text[:40].strip()))
        self.upright[script] = (first, count + 1, shown)
        more = f" (and {count} more italic text(s) in {script})" if count else ""
        warning = Diagnostic.at(
            Mark(file, line, 1), "text.italic",
            f"italic {script} text prints upright in the '{self.translation.lang or 'en'}' rulebook, here "
            f"{shown!r}{more}: pnp has no italic {script} font and does not slant it",
            "CJK, Arabic and Hebrew are not set in a slant (they stress text in bold): write **...** in the "
            "translation where the emphasis matters", Severity.WARNING)
        if count == 0:
            self.warnings.append(warning)
        else:
            self.warnings[first] = replace(warning, file=self.warnings[first].file, line=self.warnings[first].line)

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
            expr: self.phrase(expr.removeprefix("phrase."), Mark(file, unit.line, unit.column))
            if expr.startswith("phrase.") and self.phrases else
            render_template_string("{{ " + expr + " }}", self.context, file=file, line=unit.line)
            for text in unit.expression_texts() for expr in expressions(text)
        }

    def phrase(self, name: str, at: Mark) -> str:
        """The text of phrase `name` (`{{ phrase.NAME }}`): its first definition whose condition holds, in the
        translation's language, with its own expressions' values put in (plain text)."""
        if name in self._quoting:
            raise SpecError(Diagnostic.at(at, "rulebook.phrase", f"the phrase {name!r} quotes itself",
                                          "a phrase may quote other phrases, never itself"))
        for phrase in self.phrases:
            if phrase.name == name and (not phrase.when or render_template_string(
                    "{% if " + phrase.when + " %}1{% endif %}", self.context,
                    file=self.translation.file_of(phrase.text), line=phrase.text.line) == "1"):
                self._quoting = (*self._quoting, name)
                try:
                    values = self.values(phrase.text)
                    text = (self.translation.lookup(phrase.text, self.count(phrase.text, values)).text
                            if phrase.translatable else phrase.text.text)
                finally:
                    self._quoting = self._quoting[:-1]
                return _fill(text, values)
        raise SpecError(Diagnostic.at(at, "rulebook.phrase", f"no phrase {name!r} applies to this kit",
                                      f"define it: <!-- phrase {name}: text -->, the last without a condition"))

    def count(self, unit: Unit, values: Mapping[str, str]) -> float | None:
        """The number a unit bound to a number agrees with (None for other units); a SpecError at the unit
        when its expression is not a number."""
        if not unit.plural:
            return None
        number = count_of(values[unit.count])
        if number is None:
            raise SpecError(Diagnostic.at(
                Mark(self.translation.file_of(unit), unit.line, unit.column), "rulebook.plural",
                f"{{% plural {unit.count} %}} needs a number, and {unit.count} is {values[unit.count]!r}",
                "bind the text to an expression whose value is a number, such as {% plural rules.cars %}"))
        return number

    def __call__(self, unit: Unit, font: str = "sans") -> InlineText:
        """The printable text of `unit` set in `font` ("sans", "sans-bold" or "sans-italic"); for a unit bound
        to a number, the form that number takes in the language."""
        values = self.values(unit)
        count = self.count(unit, values)
        resolved = self.translation.lookup(unit, count)
        if resolved.translated:
            used = expressions(resolved.text)
            quoted = expressions(self.translation.source_form(unit, count)) if unit.plural else values
            for expr in quoted:
                if expr not in used and expr != unit.count:
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
            upright = upright_letters(text, run_font)
            if upright is not None:
                self._upright(resolved.file, resolved.line, upright[1], text.strip())
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
