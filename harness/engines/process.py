"""Engine processes as owned resources: started, bounded, and always ended.

`EngineProcess` runs one engine in a session (and process group) of its own and owns it:

- every read of its pipes is bounded in size (a reply line up to `max_reply_bytes`; stderr kept as a ring
  of its last lines, a line without an end clipped) and never blocks the harness: reader threads wait with
  `select` and a stop flag, so a pipe that never closes (a child of the engine still holding it) ends with
  the reader, not with a hang;
- every write is bounded in time (`send(line, timeout)` on a non-blocking stdin): an engine that stops
  reading its stdin gives `WriteTimeout`, not a harness stuck on a full pipe;
- `kill()` ends the engine's whole process group, and the processes of its tree that left it (a child that
  made a session of its own), found through the /proc parent links when the engine started and when it is
  stopped; it is called on every exit path: a fault, the end of the run, `atexit`, and SIGINT/SIGTERM
  (`install_signal_handlers` turns SIGTERM and SIGHUP into KeyboardInterrupt, so the run ends through the
  same clean-up as Ctrl-C).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Sequence
from typing import Any

STDERR_LINES = 12
STDERR_LINE_CHARS = 300
STDERR_PARTIAL_BYTES = 4096       # the part of a line without a newline kept (the rest is counted only)
POLL = 0.2                         # how often a waiting reader looks at its stop flag

_LIVE: weakref.WeakSet[EngineProcess] = weakref.WeakSet()


class WriteTimeout(Exception):
    """The engine did not read its stdin in time (the pipe stayed full)."""


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


# ------------------------------------------------------------------------------------------ /proc
def _proc_table() -> dict[int, tuple[int, int, int, int]]:
    """pid → (parent pid, process group, session, start time) of every process we can see (Linux /proc;
    {} elsewhere)."""
    table: dict[int, tuple[int, int, int, int]] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return table
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                data = f.read()
        except OSError:
            continue
        fields = data[data.rfind(b")") + 2:].split()
        try:
            table[int(name)] = (int(fields[1]), int(fields[2]), int(fields[3]), int(fields[19]))
        except (IndexError, ValueError):
            continue
    return table


def family(pid: int) -> dict[int, int]:
    """The processes of an engine started as session leader `pid`: its descendants (parent links) and every
    process still in its session or process group (the children of an engine that has exited), each with
    its start time (so that a pid reused later by another process is never signalled)."""
    table = _proc_table()
    children: dict[int, list[int]] = {}
    for p, (ppid, _, _, _) in table.items():
        children.setdefault(ppid, []).append(p)
    found: set[int] = set()
    todo = [pid]
    while todo:
        p = todo.pop()
        for c in children.get(p, []):
            if c not in found:
                found.add(c)
                todo.append(c)
    found |= {p for p, (_, pgrp, sid, _) in table.items() if sid == pid or pgrp == pid}
    found.discard(pid)
    return {p: table[p][3] for p in found}


# ------------------------------------------------------------------------------------------ the process
class EngineProcess:
    """One running engine: its pipes (bounded), its stderr ring, its process tree (owned)."""

    def __init__(self, argv: Sequence[str], cwd: str | None = None, env: dict[str, str] | None = None,
                 max_reply_bytes: int = 4 * 1024 * 1024):
        self.argv = list(argv)
        self.max_reply_bytes = max_reply_bytes
        self.replies: queue.Queue[tuple[str, bytes | None]] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        self._partial = bytearray()          # the current stderr line (clipped)
        self._partial_len = 0                # its full length in bytes
        self._stop = threading.Event()
        self._known: dict[int, int] = {}     # processes of the engine's tree seen so far → start time
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
            start_new_session=True, bufsize=0,
        )
        _LIVE.add(self)
        assert self.proc.stdin is not None and self.proc.stdout is not None and self.proc.stderr is not None
        self._stdin = self.proc.stdin.fileno()
        os.set_blocking(self._stdin, False)
        self._threads = [
            threading.Thread(target=self._reader, args=(self.proc.stdout, self._on_stdout, self._stdout_end),
                             daemon=True),
            threading.Thread(target=self._reader, args=(self.proc.stderr, self._on_stderr, lambda: None),
                             daemon=True),
        ]
        self._line = bytearray()
        self._oversize = False
        for t in self._threads:
            t.start()

    # -- reading
    def _reader(self, stream, on_data, on_end) -> None:     # type: ignore[no-untyped-def]
        fd = stream.fileno()
        try:
            while not self._stop.is_set():
                try:
                    ready, _, _ = select.select([fd], [], [], POLL)
                except (OSError, ValueError):
                    break
                if not ready:
                    continue
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    break
                if not chunk:
                    break
                if not on_data(chunk):
                    break
        finally:
            on_end()
            with contextlib.suppress(OSError):
                stream.close()

    def _on_stdout(self, chunk: bytes) -> bool:
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                self._line += chunk[start:]
                if len(self._line) > self.max_reply_bytes:
                    self._oversize = True
                    self.replies.put(("oversize", None))
                    return False
                return True
            self._line += chunk[start:end + 1]
            if len(self._line) > self.max_reply_bytes + 1:
                self._oversize = True
                self.replies.put(("oversize", None))
                return False
            self.replies.put(("line", bytes(self._line)))
            self._line = bytearray()
            start = end + 1

    def _stdout_end(self) -> None:
        if not self._oversize:
            self.replies.put(("eof", None))

    def _on_stderr(self, chunk: bytes) -> bool:
        parts = chunk.split(b"\n")
        for i, part in enumerate(parts):
            room = STDERR_PARTIAL_BYTES - len(self._partial)
            if room > 0:
                self._partial += part[:room]
            self._partial_len += len(part)
            if i < len(parts) - 1:               # a complete line
                self._push_line()
        return True

    def _push_line(self) -> None:
        text = self._partial.decode("utf-8", errors="replace").rstrip("\r")
        if self._partial_len > len(self._partial):
            text = text[:STDERR_LINE_CHARS] + f"… (a line of {self._partial_len} bytes, clipped)"
        else:
            text = _clip(text, STDERR_LINE_CHARS)
        self.stderr.append(text)
        self._partial, self._partial_len = bytearray(), 0

    def settle(self, wait: float = 0.5) -> None:
        """Give the stderr reader a moment to take the last lines (after an exit or a kill)."""
        self._threads[1].join(wait)

    def stderr_tail(self) -> str:
        lines = list(self.stderr)
        if self._partial_len:
            text = self._partial.decode("utf-8", errors="replace")
            more = f" … ({self._partial_len} bytes without a newline, clipped)" \
                if self._partial_len > len(self._partial) else " (no newline at the end)"
            lines.append(_clip(text, STDERR_LINE_CHARS) + more)
        if not lines:
            return "(the engine wrote nothing to stderr)"
        return "engine stderr (last lines):\n" + "\n".join("  " + ln for ln in lines[-STDERR_LINES:])

    # -- writing
    def send(self, line: bytes, timeout: float | None = None) -> None:
        """Write `line` to the engine's stdin within `timeout` seconds (WriteTimeout), or OSError."""
        deadline = None if timeout is None else time.monotonic() + timeout
        view = memoryview(line)
        while view:
            try:
                n = os.write(self._stdin, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise WriteTimeout(f"{len(view)} of {len(line)} bytes not read")
            select.select([], [self._stdin], [], POLL if left is None else min(left, POLL))

    # -- ending
    def exit_code(self, wait: float = 0.0) -> int | None:
        try:
            return self.proc.wait(wait) if wait else self.proc.poll()
        except subprocess.TimeoutExpired:
            return None

    def remember_family(self) -> None:
        """Note the processes of the engine's tree now (they can be ended even after they leave it)."""
        self._known.update(family(self.proc.pid))

    def kill(self) -> None:
        """End the engine, its process group and every process of its tree we know of; stop the readers."""
        pid = self.proc.pid
        self._known.update(family(pid))      # the group and session outlive their leader
        own = {os.getpid(), os.getpgrp()}
        with contextlib.suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
        if self._known:
            now = _proc_table()
            for p, started in sorted(self._known.items()):
                if p not in own and p in now and now[p][3] == started:
                    with contextlib.suppress(OSError):
                        os.kill(p, signal.SIGKILL)
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            pass
        self._stop.set()
        for t in self._threads:
            t.join(POLL * 3)
        with contextlib.suppress(Exception):     # unbuffered and non-blocking: never waits on the engine
            self.proc.stdin.close()           # type: ignore[union-attr]
        _LIVE.discard(self)

    def quit(self, line: bytes, timeout: float = 1.0) -> None:
        """Ask politely (the `quit` request `line`), then end everything."""
        try:
            if self.proc.poll() is None:
                self._known.update(family(self.proc.pid))
                self.send(line, timeout)
                self.proc.wait(timeout)
        except (OSError, ValueError, WriteTimeout, subprocess.TimeoutExpired):
            pass
        self.kill()


def stop_all() -> None:
    """End every engine process still running (the harness is exiting)."""
    for proc in list(_LIVE):
        with contextlib.suppress(Exception):
            proc.kill()


atexit.register(stop_all)


_asked_to_end: list[str] = []       # the signal that asked the run to end (until its handlers are restored)


def _interrupt(signum: int, frame: object) -> None:
    name = signal.Signals(signum).name
    _asked_to_end[:] = [name]
    raise KeyboardInterrupt(f"signal {name}")


def signalled() -> bool:
    """Whether SIGINT, SIGTERM or SIGHUP asked the command to end (while the handlers are installed)."""
    return bool(_asked_to_end)


def signal_name(exc: BaseException) -> str:
    """The signal a KeyboardInterrupt stands for: SIGTERM or SIGHUP (`_interrupt`), else SIGINT (Ctrl-C)."""
    text = str(exc)
    if text.startswith("signal "):
        return text[len("signal "):]
    return _asked_to_end[0] if _asked_to_end else "SIGINT"


def end_if_asked() -> None:
    """Raise KeyboardInterrupt again when a signal asked the run to end. The first one is raised wherever the
    main thread was, and code that Python runs where an exception is ignored (a garbage-collector callback,
    which hypothesis installs) can swallow it; the run's next request to an engine ends it then
    (SubprocessAdapter._call, World._call)."""
    if _asked_to_end:
        raise KeyboardInterrupt(f"signal {_asked_to_end[0]}")


def _unraisable(info: Any) -> None:
    """sys.unraisablehook while the handlers are installed: the KeyboardInterrupt of a signal that landed
    where Python ignores exceptions is not reported as an error (end_if_asked raises it again); anything else
    is reported as usual."""
    if isinstance(info.exc_value, KeyboardInterrupt) and _asked_to_end:
        return
    sys.__unraisablehook__(info)


def die_with_parent() -> None:
    """In a child process (a `preexec_fn`, a pool's initializer, a forked worker's first line): end when the
    process that started it dies, even killed hard (SIGKILL runs no handler and no `finally`, so nothing else
    could stop the child): on Linux the kernel sends it SIGKILL then (prctl PR_SET_PDEATHSIG); elsewhere nothing
    is done. Safe to call in a `preexec_fn` (no allocation beyond the call; errors are ignored)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))


PR_SET_PDEATHSIG = 1          # <linux/prctl.h>


def install_signal_handlers() -> dict[int, object]:
    """SIGTERM and SIGHUP end the run like Ctrl-C (KeyboardInterrupt: reports marked interrupted, engines
    stopped). Only from the main thread; returns the previous handlers (for `restore_signal_handlers`)."""
    previous: dict[int, object] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for sig in (signal.SIGTERM, signal.SIGHUP):
        with contextlib.suppress(ValueError, OSError):
            previous[sig] = signal.signal(sig, _interrupt)
    # Ctrl-C too (still a KeyboardInterrupt), so that the run knows which signal ended it; a SIGINT that is
    # ignored (a background job of a script) stays ignored
    with contextlib.suppress(ValueError, OSError):
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            previous[signal.SIGINT] = signal.signal(signal.SIGINT, _interrupt)
    if sys.unraisablehook is sys.__unraisablehook__:
        sys.unraisablehook = _unraisable
    return previous


def restore_signal_handlers(previous: dict[int, object]) -> None:
    for sig, handler in previous.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(sig, handler)   # type: ignore[arg-type]
    if previous and all(handler is not _interrupt for handler in previous.values()):
        _asked_to_end.clear()         # the outermost handlers are back: the run that was asked to end is over
        if sys.unraisablehook is _unraisable:
            sys.unraisablehook = sys.__unraisablehook__
