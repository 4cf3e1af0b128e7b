"""Output that fits where it goes: the one console factory of every verb, and progress for long work.

On a terminal (the stream is a tty) the output is rich as it was: colour, tables with borders, progress
bars. Anywhere else (a CI log, a pipe, a file) the output is *plain*: no colour, no wrapping (a line is as
long as its content, so a log can be grepped and a failure copied), tables rendered at their natural width,
and one finding per line starting with ``file:line:``. The conventions of pytest and ruff:

- ``NO_COLOR`` (any non-empty value) turns colour off, even on a terminal (https://no-color.org);
- ``FORCE_COLOR`` (any non-empty value) turns the terminal style on even when the stream is not a tty
  (colour and rich layout; ``NO_COLOR`` still wins for the colour);
- ``TERM=dumb`` is treated as no colour.

Whatever reaches the user is safe to show: every verb's stdout and stderr are wrapped for the length of the
command (`guard_streams`, harness/cli): where a stream is not a terminal its control characters are escaped
(`harness.common.sanitize.stream_safe`), so an engine's ESC/OSC/NUL never lands raw in a log that someone
later `cat`s; on a terminal the rich console escapes the text it renders (`SafeConsole`) and leaves its own
colour codes alone. A write that fails (a closed pipe, a full disk) raises `OutputError`, which the command
line turns into a quiet exit (a closed pipe, as git does) or one line and a non-zero exit.

`make_console()` is the factory; `is_plain(console)` tells a renderer which form to print. Progress
(`progress(total, label)`) goes to stderr, so a ``--json`` stdout stays clean: a rich bar on a terminal,
elsewhere a plain line at most every `PROGRESS_EVERY_S` seconds (``$BERSERK_RULES_PROGRESS_EVERY``; ``0``
prints every step) and a last line when the work ends.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any

from rich.console import Console
from rich.segment import Segment

from harness.common.sanitize import stream_safe, terminal

PROGRESS_EVERY_S = 5.0
PLAIN_WIDTH = 10_000  # a plain console never wraps: rich wraps at the width, so make it unreachable
RULE_WIDTH = 80


def _env_flag(name: str) -> bool:
    return bool(os.environ.get(name, "").strip())


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def is_terminal(stream: IO[str] | None = None) -> bool:
    """True when output to `stream` (default stdout) gets the terminal style: a tty, or ``FORCE_COLOR``."""
    if _env_flag("FORCE_COLOR"):
        return True
    return _isatty(sys.stdout if stream is None else stream)


def colour_allowed() -> bool:
    return not _env_flag("NO_COLOR") and os.environ.get("TERM") != "dumb"


# ------------------------------------------------------------------------------------------ the streams
class OutputError(Exception):
    """A write to stdout or stderr failed: `stream` ("stdout"/"stderr"), the OS error, and whether the reader
    went away (a closed pipe: EPIPE)."""

    def __init__(self, stream: str, error: OSError) -> None:
        super().__init__(f"cannot write to {stream}: {error.strerror or error}")
        self.stream, self.error = stream, error
        self.broken_pipe = isinstance(error, BrokenPipeError)


class GuardedStream:
    """A text stream as every verb writes it: control characters escaped where it is not a terminal, and a
    failed write raised as `OutputError` naming the stream (anything else is the stream's own)."""

    def __init__(self, stream: Any, name: str) -> None:
        self._stream, self._name = stream, name
        self._escape = not is_terminal(stream)

    @property
    def wrapped(self) -> Any:
        return self._stream

    def write(self, text: str) -> int:
        if self._escape:
            text = stream_safe(text)
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise OutputError(self._name, exc) from None

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputError(self._name, exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def guard_streams() -> Callable[[], None]:
    """Wrap sys.stdout and sys.stderr in `GuardedStream`s; returns the function that puts them back."""
    before = sys.stdout, sys.stderr
    if sys.stdout is not None and not isinstance(sys.stdout, GuardedStream):
        sys.stdout = GuardedStream(sys.stdout, "stdout")  # type: ignore[assignment]
    if sys.stderr is not None and not isinstance(sys.stderr, GuardedStream):
        sys.stderr = GuardedStream(sys.stderr, "stderr")  # type: ignore[assignment]

    def restore() -> None:
        sys.stdout, sys.stderr = before

    return restore


def silence(stream: Any) -> None:
    """After a failed write: send what is left of `stream` (its buffer, flushed at exit) to /dev/null, so
    Python's own last flush neither fails again nor prints «Exception ignored»."""
    stream = getattr(stream, "wrapped", stream)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)


class SafeConsole(Console):
    """The rich console of a terminal: the text it renders (an engine's name, a card's) has its control
    characters escaped (`harness.common.sanitize.terminal`); its own colour and cursor codes are kept."""

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(
            seg if seg.control or not seg.text else Segment(terminal(seg.text), seg.style, seg.control)
            for seg in buffer)


class PlainConsole(Console):
    """A console for logs: no colour, no wrapping, no cursor tricks; `rule` is a short plain line."""

    plain = True

    def rule(self, title: Any = "", *, characters: str = "─", style: Any = "rule.line", align: Any = "center") -> None:
        text = title.plain if hasattr(title, "plain") else str(title)
        if text and "[" in text:  # a title with markup: print its text only
            from rich.text import Text

            text = Text.from_markup(text).plain
        head = f"{characters * 2} {text} " if text else ""
        self.print(head + characters * max(4, RULE_WIDTH - len(head)), markup=False, highlight=False)


def make_console(*, stderr: bool = False, file: IO[str] | None = None, soft_wrap: bool = False) -> Console:
    """The console of every verb: rich on a terminal, plain (see the module docstring) elsewhere.

    `soft_wrap` is the terminal behaviour the caller had (a plain console never wraps anyway)."""
    stream = file if file is not None else (sys.stderr if stderr else sys.stdout)
    if is_terminal(stream):
        return SafeConsole(file=file, stderr=stderr, highlight=False, soft_wrap=soft_wrap,
                       force_terminal=True if _env_flag("FORCE_COLOR") else None,
                       no_color=not colour_allowed())
    return PlainConsole(file=file, stderr=stderr, highlight=False, soft_wrap=True, width=PLAIN_WIDTH,
                        force_terminal=False, no_color=True, color_system=None, emoji=False,
                        legacy_windows=False)


def is_plain(console: Any) -> bool:
    """True for a console made for a log (see `make_console`)."""
    return bool(getattr(console, "plain", False))


# ------------------------------------------------------------------------------------------ progress
class _PlainProgress:
    """Progress as a plain line on stderr, at most every `every` seconds (the first and last always)."""

    def __init__(self, total: int | None, label: str, every: float, stream: IO[str]) -> None:
        self.total, self.label, self.every, self.stream = total, label, every, stream
        self.done = 0
        self.started = time.monotonic()
        self.last: float | None = None
        self.note = ""
        self.printed: tuple[int, str] | None = None

    def _line(self) -> str:
        elapsed = time.monotonic() - self.started
        if self.total:
            count = f"{self.done}/{self.total} ({self.done / self.total:.0%}), "
        else:
            count = f"{self.done} done, " if self.done else ""
        note = f" — {self.note}" if self.note else ""
        return f"{self.label}: {count}{elapsed:.0f} s{note}"

    def _emit(self, force: bool = False) -> None:
        now = time.monotonic()
        if force or self.last is None or now - self.last >= self.every:
            print(self._line(), file=self.stream, flush=True)
            self.last = now
            self.printed = (self.done, self.note)

    def start(self) -> None:
        self._emit(force=True)

    def advance(self, n: int = 1, note: str = "") -> None:
        self.done += n
        self.note = note or self.note
        self._emit(force=self.total is not None and self.done >= self.total)

    def say(self, note: str) -> None:
        changed = note != self.note
        self.note = note
        self._emit(force=changed)

    def finish(self) -> None:
        if self.printed != (self.done, self.note):  # the last state, unless it was the last line printed
            self._emit(force=True)


class _RichProgress:
    def __init__(self, total: int | None, label: str, console: Console) -> None:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), TimeElapsedColumn(), TextColumn("{task.fields[note]}"),
                                 console=console, transient=True)
        self.task = self.progress.add_task(label, total=total, note="")

    def start(self) -> None:
        self.progress.start()

    def advance(self, n: int = 1, note: str = "") -> None:
        self.progress.update(self.task, advance=n, **({"note": note} if note else {}))

    def say(self, note: str) -> None:
        self.progress.update(self.task, note=note)

    def finish(self) -> None:
        self.progress.stop()


class _NoProgress:
    def start(self) -> None: ...
    def advance(self, n: int = 1, note: str = "") -> None: ...
    def say(self, note: str) -> None: ...
    def finish(self) -> None: ...


def progress_every() -> float:
    try:
        return max(0.0, float(os.environ.get("BERSERK_RULES_PROGRESS_EVERY", PROGRESS_EVERY_S)))
    except ValueError:
        return PROGRESS_EVERY_S


@contextlib.contextmanager
def progress(total: int | None, label: str, *, enabled: bool = True) -> Iterator[Any]:
    """Report the progress of `total` steps of work (None: unknown) on stderr; yields an object with
    ``advance(n=1, note="")`` and ``say(note)``. A rich bar (removed at the end) when stderr is a terminal,
    else plain lines (see the module docstring); nothing when not `enabled`."""
    if not enabled:
        bar: Any = _NoProgress()
    elif is_terminal(sys.stderr):
        bar = _RichProgress(total, label, make_console(stderr=True))
    else:
        bar = _PlainProgress(total, label, progress_every(), sys.stderr)
    bar.start()
    try:
        yield bar
    finally:
        bar.finish()


class PytestProgress:
    """A pytest plugin object that reports the scenarios of a run on a `progress` bar (see `check`)."""

    def __init__(self, bar: Any) -> None:
        self.bar = bar

    def pytest_collection_finish(self, session: Any) -> None:
        total = len(session.items)
        if hasattr(self.bar, "total"):
            self.bar.total = total
        if hasattr(self.bar, "progress"):
            self.bar.progress.update(self.bar.task, total=total)

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when == "teardown":
            self.bar.advance(1)


@contextlib.contextmanager
def heartbeat(label: str, *, enabled: bool = True) -> Iterator[Any]:
    """Progress for work of unknown length that reports nothing itself (a site build, a differential
    search): a spinner with the elapsed time on a terminal, else a plain line every few seconds."""
    import threading

    with progress(None, label, enabled=enabled) as bar:
        stop = threading.Event()
        plain = isinstance(bar, _PlainProgress)

        def beat() -> None:
            while not stop.wait(max(bar.every, 0.5) if plain else 1.0):
                if plain:
                    bar.say("working")

        thread = threading.Thread(target=beat, daemon=True) if plain else None
        if thread is not None:
            thread.start()
        try:
            yield bar
        finally:
            stop.set()
            if thread is not None:
                thread.join()
            if plain:
                bar.note = "done"   # the last line says so
