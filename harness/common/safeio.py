"""Safe file input and output: atomic replacement of regular files only, and bounded reads.

`atomic_write(path, data)` writes a temporary file beside `path` and renames it over `path`; it refuses a
`path` that exists and is not a regular file (a folder, a device such as /dev/null, a pipe, a socket), so
the kit never replaces a device node nor leaves a temporary file in a folder's parent.
A set of files is replaced with SIGINT, SIGTERM and SIGHUP held back (`signals_deferred`): a signal never
leaves half a set of old files and half of new ones; it is delivered when the set is in place.
`read_bytes_bounded(path, limit)` reads a regular file of at most `limit` bytes (never /dev/zero forever).
Both raise `InputError` naming the path and what was expected.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path

from harness.common.errors import InputError, Problem

READ_LIMIT = 64 * 1024 * 1024


def file_kind(mode: int) -> str:
    """What a path that is not a regular file is, in words (for an error message)."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_target(path: Path) -> None:
    """`path` may be replaced: it does not exist, or it is a regular file; its parent is not a file."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        st = None
    except NotADirectoryError:
        raise InputError(Problem(str(path), None, None, "a part of the path is a file, not a folder")) from None
    except OSError as exc:
        raise InputError(Problem(str(path), None, None, f"cannot be written: {exc.strerror}")) from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise InputError(Problem(str(path), None, None, f"is {file_kind(st.st_mode)}: expected a regular file to "
                                                        "replace (the kit writes regular files only)"))


_DEFERRED = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}


@contextlib.contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for the block (main thread, POSIX); they arrive after it."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _DEFERRED)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def atomic_write_many(files: Mapping[Path, bytes], mode: int = 0o644) -> None:
    """Write every file to a temporary beside it, then replace them all; on an error nothing is replaced
    and no temporary is left. Targets must be regular files or absent (`check_target`)."""
    for path in files:
        check_target(path)
    temps: dict[Path, str] = {}
    try:
        for path, data in files.items():
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except (FileExistsError, NotADirectoryError):
                raise InputError(Problem(str(path.parent), None, None, "is not a folder")) from None
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
            temps[path] = tmp
            os.chmod(tmp, mode)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        with signals_deferred():     # the whole set, or none of it
            for path in files:
                check_target(path)       # still regular (or absent) at the moment of the replace
            for path, tmp in temps.items():
                os.replace(tmp, path)
    except PermissionError as exc:
        raise InputError(Problem(str(exc.filename or next(iter(files)).parent), None, None,
                                 "is not writable (permission denied)")) from None
    except OSError as exc:
        raise InputError(Problem(str(exc.filename or next(iter(files))), None, None,
                                 f"cannot be written: {exc.strerror or exc}")) from None
    finally:
        for tmp in temps.values():
            if os.path.exists(tmp):
                os.unlink(tmp)


def atomic_write(path: Path, data: bytes, mode: int = 0o644) -> None:
    atomic_write_many({Path(path): data}, mode)


def read_bytes_bounded(path: Path, limit: int = READ_LIMIT) -> bytes:
    """The bytes of a regular file of at most `limit` bytes."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise InputError(Problem(str(path), None, None, f"is {file_kind(st.st_mode)}: expected a regular file"))
            data = f.read(limit + 1)
    except FileNotFoundError:
        raise InputError(Problem(str(path), None, None, "no such file")) from None
    except IsADirectoryError:
        raise InputError(Problem(str(path), None, None, "is a folder: expected a regular file")) from None
    except OSError as exc:
        raise InputError(Problem(str(path), None, None, f"cannot be read: {exc.strerror or exc}")) from None
    if len(data) > limit:
        raise InputError(Problem(str(path), None, None, f"is larger than {limit} bytes"))
    return data
