"""The review lock: which wording of each rule unit its scenarios were last reviewed against.

``rules/review.lock`` maps every rule unit id to the hash of its text (``Unit.hash``) at the last
review. A unit whose current hash differs from the locked one is *changed*; a unit absent from the
lock is *new*; both *need review*, and so does every scenario that names one of them (its tag names
the unit exactly). A lock entry whose unit no longer exists is *stale*. ``berserk-rules approve
UNIT...`` (or ``--all``) records the current hashes; the file is rewritten atomically.

Needs-review is a state of its own, not a failure of the engine:

- ``check`` records it in each result (``review``) and prints the list after the summary; its exit
  code still depends only on whether every result is as expected;
- ``coverage`` shows it per unit;
- ``lint`` reports every scenario needing review as an error (code V001), so an editor's CI turns red
  until the wording change has been reviewed and approved.

Without a lock file review is not tracked (results carry no ``review`` field; lint says so as info).

The lock is looked up in the rules folder in use: ``rules/`` of the kit, or the folder given by
``--rules DIR`` on the command line or by the environment variable ``BERSERK_RULES_DIR`` (so the
tools can work on a copy of the corpus).

File format (YAML; keys and values are quoted, so a hash never reads as a number)::

    # berserk-rules review lock ...
    version: 1
    units:
      "classic:113.1": "0a1b2c3d4e5f6a7b"
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.common.yamldoc import display_path, load_yaml
from harness.rules.corpus import Corpus, load_corpus

__all__ = [
    "LOCK_NAME",
    "RULES_DIR_ENV",
    "Lock",
    "ReviewState",
    "UnitReview",
    "approve",
    "current_state",
    "load_lock",
    "lock_path",
    "review_state",
    "rules_dir",
    "scenarios_needing_review",
    "write_lock",
]

LOCK_NAME = "review.lock"
"""File name of the lock inside the rules folder."""

RULES_DIR_ENV = "BERSERK_RULES_DIR"
"""Environment variable naming another rules folder (a copy of the corpus) for every tool."""

LOCK_VERSION = 1
_HASH_RE = re.compile(r"^[0-9a-f]{16}$")
_HEADER = (
    "# berserk-rules review lock: rule unit id -> hash of its text (Unit.hash) when the scenarios\n"
    "# naming the unit were last reviewed. Written by `berserk-rules approve UNIT...` (or --all);\n"
    "# do not edit by hand. A unit whose hash differs, or that is missing here, needs review.\n"
)


def rules_dir() -> Path:
    """The rules folder in use: ``$BERSERK_RULES_DIR`` when set, else ``harness.common.paths.RULES``."""
    env = os.environ.get(RULES_DIR_ENV)
    return Path(env) if env else paths.RULES


def lock_path(folder: Path | None = None) -> Path:
    """The lock file of a rules folder (default: :func:`rules_dir`)."""
    return Path(folder if folder is not None else rules_dir()) / LOCK_NAME


# ------------------------------------------------------------------------------------------ the file


@dataclass
class Lock:
    """The contents of a lock file; ``exists`` is False when there is no file (nothing tracked)."""

    path: Path
    entries: dict[str, str] = field(default_factory=dict)
    exists: bool = True


def load_lock(path: Path, root: Path | None = None) -> Lock:
    """Read a lock file. A missing file gives an empty lock with ``exists=False``.

    Raises :class:`InputError` listing every problem (line and field) of a malformed file.
    """
    path = Path(path)
    if not path.exists():
        return Lock(path, {}, exists=False)
    doc = load_yaml(path, root if root is not None else paths.ROOT)
    data: Any = doc.data
    problems: list[Problem] = []
    if not isinstance(data, dict):
        raise InputError(Problem(doc.file, doc.line_of(()), None,
                                 "expected a mapping with 'version: 1' and 'units: {unit id: hash}'"))
    if data.get("version") != LOCK_VERSION:
        problems.append(Problem(doc.file, doc.line_of(("version",)), "version",
                                f"expected {LOCK_VERSION}, got {data.get('version')!r}"))
    units = data.get("units")
    if units is None:
        units = {}
    if not isinstance(units, dict):
        problems.append(Problem(doc.file, doc.line_of(("units",)), "units",
                                "expected a mapping of unit id to a 16-hex-digit hash"))
        units = {}
    entries: dict[str, str] = {}
    for key, value in units.items():
        if not isinstance(key, str) or not isinstance(value, str) or not _HASH_RE.match(value):
            problems.append(Problem(doc.file, doc.line_of(("units", key)), f"units.{key}",
                                    f"expected a 16-hex-digit hash (quoted), got {value!r}"))
            continue
        entries[key] = value
    for key in sorted(set(data) - {"version", "units"}, key=str):
        problems.append(Problem(doc.file, doc.line_of((key,)), str(key), "unknown field; expected version, units"))
    if problems:
        raise InputError(problems)
    return Lock(path, entries, exists=True)


def render_lock(entries: dict[str, str], order: Iterable[str] = ()) -> str:
    """The text of a lock file: ids in ``order`` first (corpus order), then the rest sorted."""
    ordered = [i for i in dict.fromkeys(order) if i in entries]
    ordered += sorted(set(entries) - set(ordered))
    lines = [_HEADER, f"version: {LOCK_VERSION}\n", "units:\n" if ordered else "units: {}\n"]
    lines += [f"  {json.dumps(i, ensure_ascii=False)}: {json.dumps(entries[i])}\n" for i in ordered]
    return "".join(lines)


def write_lock(path: Path, entries: dict[str, str], order: Iterable[str] = ()) -> None:
    """Write the lock atomically: a temporary file in the same folder, flushed, then renamed over."""
    path = Path(path)
    text = render_lock(entries, order)
    fd, tmp = tempfile.mkstemp(prefix=".review.lock.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ------------------------------------------------------------------------------------------ the state


@dataclass(frozen=True)
class UnitReview:
    """A unit that needs review: ``changed`` (hash differs from the lock) or ``new`` (not in the lock)."""

    id: str
    state: str
    locked: str | None
    current: str
    file: str
    line: int


@dataclass
class ReviewState:
    """The review state of a corpus against its lock."""

    lock: Lock
    pending: dict[str, UnitReview]
    """Units needing review, by id, in corpus order."""
    stale: list[str]
    """Lock entries naming no unit of the corpus."""

    @property
    def tracked(self) -> bool:
        """Whether a lock file exists (without one, nothing is tracked)."""
        return self.lock.exists

    def units_needing_review(self, units: Iterable[str]) -> list[str]:
        """The ids among ``units`` that need review (empty when review is not tracked)."""
        if not self.tracked:
            return []
        return [u for u in units if u in self.pending]

    def scenario_review(self, units: Iterable[str]) -> tuple[str | None, list[str]]:
        """``("ok" | "needs_review", changed unit ids)`` for a scenario naming ``units``;
        ``(None, [])`` when review is not tracked."""
        if not self.tracked:
            return None, []
        pending = self.units_needing_review(units)
        return ("needs_review" if pending else "ok"), pending


def review_state(corpus: Corpus, lock: Lock) -> ReviewState:
    """Compare the current units of ``corpus`` with ``lock``."""
    pending: dict[str, UnitReview] = {}
    for u in corpus.units:
        locked = lock.entries.get(u.id)
        if locked != u.hash:
            pending[u.id] = UnitReview(u.id, "new" if locked is None else "changed", locked, u.hash, u.file, u.line)
    stale = sorted(set(lock.entries) - set(corpus.by_id))
    return ReviewState(lock, pending, stale)


def current_state(folder: Path | None = None, root: Path | None = None) -> ReviewState:
    """The review state of a rules folder (default: :func:`rules_dir`) against its lock.

    Raises :class:`InputError` when the corpus or the lock cannot be read.
    """
    folder = Path(folder if folder is not None else rules_dir())
    root = root if root is not None else paths.ROOT
    corpus = load_corpus(folder, root=root)
    return review_state(corpus, load_lock(lock_path(folder), root))


def scenarios_needing_review(state: ReviewState, scenarios: Iterable[Any]) -> list[tuple[Any, list[str]]]:
    """``(scenario, changed unit ids)`` for every scenario (anything with ``.units``) naming a unit
    that needs review, in the order given."""
    out = []
    for sc in scenarios:
        pending = state.units_needing_review(sc.units)
        if pending:
            out.append((sc, pending))
    return out


# ------------------------------------------------------------------------------------------ approve


@dataclass
class Approval:
    """What ``approve`` did: ids recorded with (old hash, new hash), ids dropped from the lock."""

    recorded: list[tuple[str, str | None, str]] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)


def approve(folder: Path, ids: Iterable[str], all_units: bool = False, root: Path | None = None) -> Approval:
    """Record the current hash of the units ``ids`` (or of every unit) in the lock of ``folder``.

    An id that names no unit but has a lock entry drops that entry (a removed or renumbered unit);
    ``--all`` also drops every stale entry. An id that is neither raises :class:`InputError` and
    nothing is written.
    """
    folder = Path(folder)
    root = root if root is not None else paths.ROOT
    corpus = load_corpus(folder, root=root)
    path = lock_path(folder)
    lock = load_lock(path, root)
    entries = dict(lock.entries)
    result = Approval()
    wanted = [u.id for u in corpus.units] if all_units else list(dict.fromkeys(ids))
    unknown = [i for i in wanted if corpus.get(i) is None and i not in entries]
    if unknown:
        raise InputError([Problem(display_path(path, root), None, i,
                                  "names no rule unit of the corpus and no lock entry "
                                  "(see `berserk-rules units`)") for i in unknown])
    for uid in wanted:
        unit = corpus.get(uid)
        if unit is None:
            del entries[uid]
            result.dropped.append(uid)
        elif entries.get(uid) == unit.hash:
            result.unchanged.append(uid)
        else:
            result.recorded.append((uid, entries.get(uid), unit.hash))
            entries[uid] = unit.hash
    if all_units:
        for uid in sorted(set(entries) - set(corpus.by_id)):
            del entries[uid]
            result.dropped.append(uid)
    if result.recorded or result.dropped or not lock.exists:
        write_lock(path, entries, order=[u.id for u in corpus.units])
    return result
