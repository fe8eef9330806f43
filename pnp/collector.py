"""Pausing Python's cycle collector around work that makes many objects and next to no garbage cycles.

A spec load or a whole command builds hundreds of thousands of objects that live until it ends; the
collector's passes over them cost a third of the YAML loading and a tenth of a render. Reference counting
still frees everything that is not in a cycle. Usable as `with collector_paused():` and as a decorator.
"""

from __future__ import annotations

import gc
from contextlib import ContextDecorator
from types import TracebackType


class collector_paused(ContextDecorator):
    """Disable the cycle collector inside; enable it again on the way out if it was enabled on the way in."""

    def __enter__(self) -> collector_paused:
        self._was_enabled = gc.isenabled()
        gc.disable()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if self._was_enabled:
            gc.enable()
