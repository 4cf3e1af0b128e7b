"""Inputs read and checked once kept across processes: the next `check`, test worker or mutant run does not read
and check them again while nothing they depend on has changed (the boards, harness/suite/session.py; the feature
files' Gherkin documents, harness/suite/features.py).

An entry is kept under a key its user makes of every input its value depends on (a board: its path and bytes and
the catalog's bytes; a feature: its text and the Gherkin parser's version), and under the code's stamp (the size
and modification time of every file of the `engine` and `harness` packages, as a `.pyc` is checked against its
source). Only what passed every check is kept; a bad input is read and reported anew every time.

Where: `$BERSERK_RULES_CACHE` (a folder; empty or `off`: no cache), else `$XDG_CACHE_HOME/berserk-rules`, else
`~/.cache/berserk-rules`: never inside a suite's tree. An entry is one JSON file (plain data, never code), written
to a temporary file and renamed into place, so a reader sees a whole entry or none; one that cannot be read or is
not of the expected shape is ignored and written again. A folder that cannot be written is no error: the inputs
are then read as if there were no cache. Only the entries of the last `KEEP` code stamps are kept;
`berserk-rules bench` and the tests run with the cache as they find it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import engine

KEEP = 4            # code stamps whose entries are kept (a few checkouts or branches used in turn)


def folder() -> Path | None:
    """The cache's folder, or None when the cache is off."""
    named = os.environ.get("BERSERK_RULES_CACHE")
    if named is not None:
        return None if named.strip() in ("", "off") else Path(named)
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):       # no home folder to be found: no cache
            return None
    return Path(base) / "berserk-rules"


@functools.cache
def code_stamp() -> str:
    """The digest of the size and modification time of every file of the engine and harness packages: a change
    of the code that checks a board (or of anything beside it) starts a new set of entries. Once per process."""
    h = hashlib.blake2b(digest_size=12)
    for top in (Path(engine.__file__).parent, Path(__file__).resolve().parents[1]):      # engine/, harness/
        for dirpath, dirnames, filenames in os.walk(top):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                st = os.stat(os.path.join(dirpath, name))
                h.update(f"{os.path.relpath(os.path.join(dirpath, name), top)}\0{st.st_size}\0{st.st_mtime_ns}\n"
                         .encode())
    return h.hexdigest()


def _entry_path(kind: str, key: bytes) -> Path | None:
    where = folder()
    if where is None:
        return None
    return where / kind / code_stamp() / f"{hashlib.blake2b(key, digest_size=16).hexdigest()}.json"


def get(kind: str, key: bytes) -> Any | None:
    """The value kept under `key` among the entries of `kind` (a folder name: "boards", "gherkin"), or None."""
    path = _entry_path(kind, key)
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def put(kind: str, key: bytes, value: Any) -> None:
    """Keep a plain JSON value under `key`; silently nothing when the folder cannot be written or the value would
    not come back the same from JSON (a tuple, a key that is not a string)."""
    path = _entry_path(kind, key)
    if path is None:
        return
    with contextlib.suppress(OSError, TypeError, ValueError, RecursionError):
        text = json.dumps(value, ensure_ascii=False)
        if json.loads(text) != value:
            return
        fresh = not path.parent.is_dir()
        path.parent.mkdir(parents=True, exist_ok=True)
        if fresh:
            _prune(path.parent.parent)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise


def _prune(entries: Path) -> None:
    """Remove the entries of all but the `KEEP` most recently started code stamps."""
    stamps = sorted((p for p in entries.iterdir() if p.is_dir()), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in stamps[KEEP:]:
        shutil.rmtree(old, ignore_errors=True)
