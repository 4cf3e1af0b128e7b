"""Validated argparse types for every command-line value of the kit (`type=` of `add_argument`).

Each raises `argparse.ArgumentTypeError` with what was expected, so argparse prints
`berserk-rules check: error: argument --request-timeout: expected a finite number of seconds > 0, got 'nan'`
and exits 2: a bad value never reaches the code that uses it (no endless loop on `nan`, no read of
`/dev/zero`, no report written over a device).
"""

from __future__ import annotations

import argparse
import math
import os
import shlex
import stat
import tempfile
from pathlib import Path

from harness.common.safeio import file_kind

Error = argparse.ArgumentTypeError


def _seconds(text: str, lowest: float, inclusive: bool, expected: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise Error(f"expected {expected}, got {text!r}") from None
    if not math.isfinite(value) or value < lowest or (value == lowest and not inclusive):
        raise Error(f"expected {expected}, got {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """A time limit: a finite number > 0 (`nan`, `inf`, 0 and negatives are refused)."""
    return _seconds(text, 0.0, False, "a finite number of seconds > 0")


def seconds_or_zero(text: str) -> float:
    """A time limit where 0 means none: a finite number ≥ 0."""
    return _seconds(text, 0.0, True, "a finite number of seconds ≥ 0 (0: no limit)")


def count(text: str) -> int:
    """A count: an integer ≥ 1 (at most 9 digits)."""
    text = text.strip()
    if not text.lstrip("+").isdigit() or len(text) > 10:
        raise Error(f"expected a whole number ≥ 1, got {text[:20]!r}")
    value = int(text)
    if value < 1:
        raise Error(f"expected a whole number ≥ 1, got {text!r}")
    return value


def whole_number(text: str) -> int:
    """A whole number ≥ 0 (at most 9 digits)."""
    text = text.strip()
    if not text.lstrip("+").isdigit() or len(text) > 10:
        raise Error(f"expected a whole number ≥ 0, got {text[:20]!r}")
    return int(text)


def engine_cmd(text: str) -> str:
    """An engine command line: split like a POSIX shell splits it, and not empty."""
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise Error(f"cannot split the command line {text!r} like a shell: {exc}") from None
    if not argv:
        raise Error("expected a command that starts the engine, got an empty command line")
    return text


def input_file(text: str) -> str:
    """A file to read: it exists and is a regular file (not a folder, a device or a pipe)."""
    if not text:
        raise Error("expected a file, got an empty path")
    try:
        st = os.stat(text)
    except FileNotFoundError:
        raise Error(f"no such file: {text}") from None
    except OSError as exc:
        raise Error(f"cannot read {text}: {exc.strerror}") from None
    if not stat.S_ISREG(st.st_mode):
        raise Error(f"{text} is {file_kind(st.st_mode)}: expected a regular file")
    return text


def _existing_parent(path: Path) -> Path:
    """The nearest existing ancestor of `path` (which a writer would have to create folders under)."""
    for parent in [path, *path.parents]:
        if os.path.lexists(parent):
            return parent
    return Path(".")


SELECTOR_LIMIT = 200
"""The longest `--unit` value: the longest id of the corpus is far shorter (an assumption id with its asm:)."""


def unit_selector(text: str) -> str:
    """A `--unit` value: a unit id, a clause or section, or `asm:<id>`; one line, of a sane length (a longer one
    is refused here, and never echoed whole)."""
    if len(text) > SELECTOR_LIMIT:
        raise Error(f"a value of {len(text):,} characters («{text[:40]}…»): a unit id, clause, section or asm:<id> is "
                    f"at most {SELECTOR_LIMIT}")
    if not text.strip() or any(c in text for c in "\n\r\t"):
        raise Error(f"expected a unit id, a clause or section (classic:113.2, classic:113) or asm:<id>, got {text!r}")
    return text


def output_dir(text: str) -> str:
    """A folder to write into: an existing folder, or a path whose existing part is a folder we can write."""
    if not text:
        raise Error("expected a folder, got an empty path")
    path = Path(text)
    base = _existing_parent(path)
    try:
        st = os.stat(base)
    except OSError as exc:
        raise Error(f"{text}: cannot use {base}: {exc.strerror}") from None
    if not stat.S_ISDIR(st.st_mode):
        kind = "a file" if stat.S_ISREG(st.st_mode) else file_kind(st.st_mode)
        where = kind if base == path else f"under {base}, which is {kind}"
        raise Error(f"{text} is {where}: expected a folder")
    problem = _cannot_write_in(base)
    if problem:
        raise Error(f"{text}: the folder {base} is not writable ({problem})")
    return text


def _cannot_write_in(folder: Path) -> str:
    """Why no file can be created in `folder` ("" when one can): tried, not guessed from the mode bits, so a
    read-only file system (and a folder closed to the user, root included) is found before any work is done."""
    if not os.access(folder, os.W_OK | os.X_OK):
        return "permission denied"
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".berserk-rules-probe-")
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    os.unlink(probe)
    return ""


def output_file(text: str) -> str:
    """A file to (re)write atomically: absent or a regular file, in a folder (or a folder to create)."""
    if not text:
        raise Error("expected a file, got an empty path")
    path = Path(text)
    if os.path.lexists(path):
        try:
            st = os.stat(path)
        except OSError as exc:
            raise Error(f"{text}: {exc.strerror}") from None
        if not stat.S_ISREG(st.st_mode):
            raise Error(f"{text} is {file_kind(st.st_mode)}: expected a regular file (it is replaced atomically)")
    output_dir(str(path.parent) if str(path.parent) else ".")
    return text
