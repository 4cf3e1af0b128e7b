"""A time limit on code that runs in this process (an in-process engine has no process to end): after `seconds`
a SIGALRM interrupts whatever Python code is running there and raises the caller's error. A loop that never
ends (in an engine's rule-effects loop, say) then ends its scenario instead of the whole run.

Only where it can work: on a platform with `signal.setitimer` and in the main thread (where Python runs signal
handlers); elsewhere the code runs without a limit. Code stuck inside one C call is interrupted when it
returns to Python.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any


def usable() -> bool:
    """Whether a limit can be set here (the platform has setitimer, and this is the main thread)."""
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextlib.contextmanager
def time_limit(seconds: float | None, error: Callable[[], BaseException]) -> Iterator[None]:
    """Run the block with a limit of `seconds` (None or 0: no limit); when it runs out, `error()` is raised
    where the block's code is. The previous SIGALRM handler and timer are put back afterwards (a limit set
    inside another one is not supported: the outer one is suspended meanwhile)."""
    if not seconds or not usable():
        yield
        return

    def alarm(signum: int, frame: Any) -> None:
        raise error()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
