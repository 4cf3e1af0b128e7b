"""An engine that cannot start fails fast: after `MAX_START_FAILURES` consecutive failed starts (no `hello`
within --start-timeout, a crash before it, a command that cannot run, a wrong protocol version) the adapter
gives up (`gave_up`: one fault naming the command, the last failure and the engine's stderr) and the run stops
there: the scenarios of the failed starts and every one after them are «not run», and the run ends with that
one error (harness.run.pytest_plugin, `RunResults.stopped`; `check` exits 3). The wall time of a
never-answering engine is then about twice the start timeout, whatever the size of the suite. A successful
start resets the count. A start that fails the same way every time — a hello declaring a reading the register
(rules/assumptions.yaml) does not have — gives up at once (`EngineFault.final`): one error naming it and the known
readings. Every fault raised here is marked `at_start`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from harness.engines.adapters import EngineFault

MAX_START_FAILURES = 2


def guarded_start(adapter: Any, start: Callable[[], None]) -> None:
    """Run `start` (one attempt to start the engine and read its hello) unless the adapter gave up."""
    if adapter.gave_up is not None:
        raise EngineFault(adapter.gave_up.status, str(adapter.gave_up), at_start=True)
    try:
        start()
    except EngineFault as exc:
        exc.at_start = True
        adapter.start_failures += 1
        if exc.final:           # the same hello every time (a reading the register does not have): no retry
            adapter.gave_up = EngineFault(exc.status, f"the engine cannot be used: `{adapter.cmd}`: {exc}",
                                          at_start=True, final=True)
        elif adapter.start_failures >= MAX_START_FAILURES:
            adapter.gave_up = EngineFault(
                exc.status, f"the engine could not be started: `{adapter.cmd}` failed to start "
                            f"{adapter.start_failures} times in a row; the last attempt: {exc}", at_start=True)
        raise
    adapter.start_failures = 0
