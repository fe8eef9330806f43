"""Rule registry: validators registered by id, all run and all results collected.

Input: a model object (a spec of some kind) and its `Located` source marks.
Output: a list of `Diagnostic`s from every rule that applies to that model type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from pnp.diagnostics import Diagnostic

RuleFunc = Callable[[Any, Any], Iterable[Diagnostic]]


@dataclass(frozen=True, slots=True)
class Rule:
    """A registered rule: its id, the spec type it checks, a one-line summary and the check."""

    id: str
    spec_type: type
    summary: str
    check: RuleFunc


class RuleRegistry:
    """Rules by id; registering an id twice is a programming error."""

    def __init__(self) -> None:
        self._rules: dict[str, Rule] = {}

    def register(self, rule_id: str, spec_type: type, summary: str) -> Callable[[RuleFunc], RuleFunc]:
        """Decorator: register `check(spec, ctx) -> Iterable[Diagnostic]` under `rule_id`."""

        def decorate(check: RuleFunc) -> RuleFunc:
            if rule_id in self._rules:
                raise ValueError(f"rule {rule_id!r} is registered twice")
            self._rules[rule_id] = Rule(rule_id, spec_type, summary, check)
            return check

        return decorate

    def rules_for(self, spec: object) -> list[Rule]:
        return [r for r in self._rules.values() if isinstance(spec, r.spec_type)]

    def all(self) -> list[Rule]:
        return sorted(self._rules.values(), key=lambda r: r.id)


REGISTRY = RuleRegistry()
rule = REGISTRY.register


def check_rules(spec: object, ctx: object) -> list[Diagnostic]:
    """Run every registered rule that applies to `spec`; collect all diagnostics."""
    found: list[Diagnostic] = []
    for r in REGISTRY.rules_for(spec):
        found.extend(r.check(spec, ctx))
    return found
