"""The one place pnp relies on jinja2 beyond its public API (jinja2 3.1; pyproject caps it below 3.2).

Two things the sandbox of `pnp.text.template_limits` needs have no public API:
- whether a filter takes the context, environment or eval context as its first argument (jinja2 marks such
  filters with `pass_context` and friends and reads the mark with `jinja2.utils._PassArg`): the size checks
  must skip that argument (`passes_context`);
- `a ~ b` compiled to a call that checks its size (`BoundedCodeGenerator`): jinja2 compiles `~` inline to
  `str(a) + str(b)`, out of the sandbox's reach, so its code generator's `visit_Concat` is overridden.
`tests/test_library_internals.py` fails the day jinja2 stops doing what these rely on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.utils import _PassArg


def passes_context(function: Callable[..., Any]) -> bool:
    """True when jinja2 calls the filter `function` with its context (or environment) as first argument."""
    return _PassArg.from_obj(function) is not None


class BoundedCodeGenerator(CodeGenerator):
    """Compiles `a ~ b` to a call of the environment's `bounded_concat`, so its size is checked like the rest."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:
        self.write("environment.bounded_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")
