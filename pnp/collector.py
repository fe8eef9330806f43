"""Process-wide settings pnp changes while it works, put back as it found them when the work ends.

A spec load or a whole command builds hundreds of thousands of objects that live until it ends; the cycle
collector's passes over them cost a third of the YAML loading and a tenth of a render, so `collector_paused`
pauses it (reference counting still frees everything that is not in a cycle). Copying a deeply nested alias
needs more room on the stack than Python's default recursion limit: `recursion_room`. Both settings belong to
the whole process: they are changed when the first caller (of any thread) comes in and restored, as found then,
when the last one leaves, however it leaves (an error included), so pnp used as a library from several threads
leaves the process as it was.
"""

from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Iterator
from contextlib import ContextDecorator, contextmanager
from types import TracebackType

_LOCK = threading.Lock()


class _Shared:
    """How many callers are inside, and the setting as the first of them found it."""

    def __init__(self) -> None:
        self.users = 0
        self.found: int | bool = 0


_COLLECTOR = _Shared()
_RECURSION = _Shared()


class collector_paused(ContextDecorator):
    """Disable the cycle collector inside; the last caller out enables it again if the first found it enabled.
    One instance may be entered again, also from other threads (as a decorator it is one per function)."""

    def __enter__(self) -> collector_paused:
        with _LOCK:
            if _COLLECTOR.users == 0:
                _COLLECTOR.found = gc.isenabled()
            _COLLECTOR.users += 1
            gc.disable()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        with _LOCK:
            _COLLECTOR.users -= 1
            if _COLLECTOR.users == 0 and _COLLECTOR.found:
                gc.enable()


@contextmanager
def recursion_room(extra: int) -> Iterator[None]:
    """At least `extra` more frames of Python recursion than the limit the first caller in found; the last one
    out puts that limit back."""
    with _LOCK:
        if _RECURSION.users == 0:
            _RECURSION.found = sys.getrecursionlimit()
        _RECURSION.users += 1
        sys.setrecursionlimit(max(sys.getrecursionlimit(), int(_RECURSION.found) + extra))
    try:
        yield
    finally:
        with _LOCK:
            _RECURSION.users -= 1
            if _RECURSION.users == 0:
                sys.setrecursionlimit(int(_RECURSION.found))
