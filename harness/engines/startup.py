"""An engine that cannot start fails fast: after `MAX_START_FAILURES` consecutive failed starts (no `hello`
within --start-timeout, a crash before it, a command that cannot run, a wrong protocol version) the run stops
starting it, and every remaining scenario ends at once with the status of the last failure and one clear
reason. The wall time of a never-answering engine is then about twice the start timeout, whatever the size of
the suite. A successful start resets the count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.engines.adapters import EngineFault

MAX_START_FAILURES = 2


def guarded_start(adapter: Any, start: Callable[[], None]) -> None:
    """Run `start` (one attempt to start the engine and read its hello) unless the adapter gave up."""
    if adapter.gave_up is not None:
        raise EngineFault(adapter.gave_up.status, str(adapter.gave_up))
    try:
        start()
    except EngineFault as exc:
        adapter.start_failures += 1
        if adapter.start_failures >= MAX_START_FAILURES:
            adapter.gave_up = EngineFault(
                exc.status, f"not started: the engine failed to start {adapter.start_failures} times in a row, so "
                            f"the kit stopped starting it for the rest of the run; the last attempt: {exc}")
        raise
    adapter.start_failures = 0
