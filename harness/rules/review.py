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

Approval is per scenario. Every scenario records, for each unit it names, the hash of the unit's text it
was approved against, and how it was approved: ``reviewed`` (a decision on that scenario, at the prompt of
``approve`` or naming it), ``all`` (``approve --all``, for scripts: no one looked at it), ``editorial`` (an
editorial change, approved in one step: `harness.rules.changes`) or ``migrated`` (from a lock of version 1).
A scenario approved with ``--all`` on a *substantive* change of a unit (no one looked at it, and the meaning
changed) also keeps that unit in its ``unseen`` list, until it is approved as reviewed (named, or at the prompt):
lint lists it (V006, a warning the pre-commit hooks fail on) and so does ``check`` after its summary.
A scenario needs review when a unit it names has another hash than the one recorded for it (a scenario
without an entry falls back on the unit's). A unit's own entry moves to the new hash once every scenario
naming it is approved against it (or when no scenario names it); the entry also keeps the approved text,
so that ``approve`` and lint can show and classify a change against what was approved.

File format (YAML; strings are quoted, so a hash never reads as a number)::

    # berserk-rules review lock ...
    version: 2
    units:
      "classic:113.1": {"hash": "0a1b2c3d4e5f6a7b", "text": "Срабатывающая особенность – …"}
    scenarios:
      "classic:113.1-1": {"how": "reviewed", "units": {"classic:113.1": "0a1b2c3d4e5f6a7b"}}
      "classic:113.2-1": {"how": "all", "units": {"classic:113.2": "…"}, "unseen": ["classic:113.2"]}

Version 1 (``units: {id: hash}``, no texts, no scenarios) is still read; the next ``approve`` writes version 2.
"""

from __future__ import annotations

import contextlib
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
    "HOW",
    "ScenarioApproval",
    "approve",
    "current_state",
    "record",
    "rename_units",
    "stale_heading",
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

LOCK_VERSION = 2
READABLE_VERSIONS = (1, 2)
HOW = ("reviewed", "all", "editorial", "migrated")
"""How a scenario was approved (see the module docstring)."""
_HASH_RE = re.compile(r"^[0-9a-f]{16}$")
_HEADER = (
    "# berserk-rules review lock: rule unit id -> the hash (Unit.hash) and text its scenarios were last\n"
    "# approved against; scenario id -> how it was approved and the hash of each unit it names then.\n"
    "# Written by `berserk-rules approve`; do not edit by hand. A scenario naming a unit whose hash\n"
    "# differs from the one recorded for it needs review.\n"
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
class ScenarioApproval:
    """A scenario's approval: the hash of each unit it names when approved, and how (:data:`HOW`)."""

    units: dict[str, str]
    how: str
    unseen: tuple[str, ...] = ()
    """The units whose substantive change this scenario was approved for unseen (``approve --all``)."""


@dataclass
class Lock:
    """The contents of a lock file; ``exists`` is False when there is no file (nothing tracked)."""

    path: Path
    entries: dict[str, str] = field(default_factory=dict)
    """unit id → the hash of its approved text."""
    exists: bool = True
    texts: dict[str, str] = field(default_factory=dict)
    """unit id → its approved text (version 2; absent for a unit locked by version 1)."""
    scenarios: dict[str, ScenarioApproval] = field(default_factory=dict)
    """scenario id → its approval (version 2)."""
    version: int = LOCK_VERSION

    def recorded(self, scenario: str | None, unit: str) -> str | None:
        """The hash of ``unit`` that ``scenario`` was approved against (its own entry, else the unit's)."""
        approval = self.scenarios.get(scenario) if scenario else None
        if approval is not None and unit in approval.units:
            return approval.units[unit]
        return self.entries.get(unit)


def load_lock(path: Path, root: Path | None = None) -> Lock:
    """Read a lock file (version 1 or 2). A missing file gives an empty lock with ``exists=False``.

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
                                 f"expected a mapping with 'version: {LOCK_VERSION}', 'units' and 'scenarios'"))
    version = data.get("version")
    if version not in READABLE_VERSIONS:
        problems.append(Problem(doc.file, doc.line_of(("version",)), "version",
                                f"expected {LOCK_VERSION} (or 1, the older form), got {version!r}"))
    units = data.get("units")
    if units is None:
        units = {}
    if not isinstance(units, dict):
        problems.append(Problem(doc.file, doc.line_of(("units",)), "units",
                                "expected a mapping of unit id to its hash and text"))
        units = {}
    entries: dict[str, str] = {}
    texts: dict[str, str] = {}
    for key, value in units.items():
        where = doc.line_of(("units", key))
        if isinstance(value, dict) and version != 1:
            h, text = value.get("hash"), value.get("text")
            extra = sorted(set(value) - {"hash", "text"}, key=str)
            if not isinstance(key, str) or not isinstance(h, str) or not _HASH_RE.match(h) \
                    or not (text is None or isinstance(text, str)) or extra:
                problems.append(Problem(doc.file, where, f"units.{key}",
                                        f"expected {{hash: a 16-hex-digit hash, text: the approved text}}, got {value!r}"))
                continue
            entries[key] = h
            if text is not None:
                texts[key] = text
            continue
        if not isinstance(key, str) or not isinstance(value, str) or not _HASH_RE.match(value):
            problems.append(Problem(doc.file, where, f"units.{key}",
                                    f"expected a 16-hex-digit hash (quoted), got {value!r}"))
            continue
        entries[key] = value
    approvals: dict[str, ScenarioApproval] = {}
    raw = data.get("scenarios") or {}
    if not isinstance(raw, dict):
        problems.append(Problem(doc.file, doc.line_of(("scenarios",)), "scenarios",
                                "expected a mapping of scenario id to {how, units}"))
        raw = {}
    for key, value in raw.items():
        ok = (isinstance(key, str) and isinstance(value, dict) and value.get("how") in HOW
              and isinstance(value.get("units"), dict) and not set(value) - {"how", "units", "unseen"}
              and all(isinstance(u, str) and isinstance(h, str) and _HASH_RE.match(h)
                      for u, h in value["units"].items())
              and isinstance(value.get("unseen", []), list)
              and all(isinstance(u, str) for u in value.get("unseen", [])))
        if not ok:
            problems.append(Problem(doc.file, doc.line_of(("scenarios", key)), f"scenarios.{key}",
                                    f"expected {{how: one of {', '.join(HOW)}, units: {{unit id: hash}}, and "
                                    f"optionally unseen: [unit id, …]}}, got {value!r}"))
            continue
        approvals[key] = ScenarioApproval(dict(value["units"]), value["how"], tuple(value.get("unseen", [])))
    for key in sorted(set(data) - {"version", "units", "scenarios"}, key=str):
        problems.append(Problem(doc.file, doc.line_of((key,)), str(key),
                                "unknown field; expected version, units, scenarios"))
    if problems:
        raise InputError(problems)
    return Lock(path, entries, exists=True, texts=texts, scenarios=approvals,
                version=version if isinstance(version, int) else LOCK_VERSION)


def render_lock(entries: dict[str, str], order: Iterable[str] = (), texts: dict[str, str] | None = None,
                scenarios: dict[str, ScenarioApproval] | None = None) -> str:
    """The text of a lock file (version 2): unit ids in ``order`` first (corpus order), then the rest sorted;
    then the scenarios, sorted. One line per unit and per scenario (JSON strings are YAML strings)."""
    texts = texts or {}
    ordered = [i for i in dict.fromkeys(order) if i in entries]
    ordered += sorted(set(entries) - set(ordered))
    lines = [_HEADER, f"version: {LOCK_VERSION}\n", "units:\n" if ordered else "units: {}\n"]
    for i in ordered:
        value = {"hash": entries[i], **({"text": texts[i]} if i in texts else {})}
        lines.append(f"  {json.dumps(i, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}\n")
    lines.append("scenarios:\n" if scenarios else "scenarios: {}\n")
    for sid in sorted(scenarios or {}):
        a = (scenarios or {})[sid]
        value = {"how": a.how, "units": dict(sorted(a.units.items())), **({"unseen": list(a.unseen)} if a.unseen else {})}
        lines.append(f"  {json.dumps(sid, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}\n")
    return "".join(lines)


def write_lock(path: Path, entries: dict[str, str], order: Iterable[str] = (), texts: dict[str, str] | None = None,
               scenarios: dict[str, ScenarioApproval] | None = None) -> None:
    """Write the lock atomically: a temporary file in the same folder, flushed, then renamed over. A folder that
    cannot be written (read-only, full, closed to the user) is an `InputError` naming the lock, and the lock is
    left as it was."""
    path = Path(path)
    text = render_lock(entries, order, texts, scenarios)
    try:
        fd, tmp = tempfile.mkstemp(prefix=".review.lock.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise InputError(Problem(display_path(path, paths.ROOT), None, None,
                                 f"cannot write the review lock: {exc.strerror or exc} (in {path.parent}); "
                                 "nothing was recorded")) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise InputError(Problem(display_path(path, paths.ROOT), None, None,
                                 f"cannot write the review lock: {exc.strerror or exc}; it was left as it "
                                 "was, nothing was recorded")) from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def rename_units(path: Path, mapping: dict[str, str], order: Iterable[str] = (), root: Path | None = None) -> None:
    """Move the lock's entries of renumbered units (old id → new id, the text unchanged) to their new ids: the
    unit's hash and approved text, and every scenario's approval of it (harness/rules/renumbering.py)."""
    lock = load_lock(Path(path), root)
    entries = {mapping.get(u, u): h for u, h in lock.entries.items()}
    texts = {mapping.get(u, u): t for u, t in lock.texts.items()}
    scenarios = {sid: ScenarioApproval({mapping.get(u, u): h for u, h in a.units.items()}, a.how,
                                       tuple(mapping.get(u, u) for u in a.unseen))
                 for sid, a in lock.scenarios.items()}
    write_lock(Path(path), entries, order=order, texts=texts, scenarios=scenarios)


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
    """Units whose own entry differs from their text, by id, in corpus order."""
    stale: list[str]
    """Lock entries naming no unit of the corpus."""
    current: dict[str, str] = field(default_factory=dict)
    """unit id → the hash of its present text."""

    @property
    def tracked(self) -> bool:
        """Whether a lock file exists (without one, nothing is tracked)."""
        return self.lock.exists

    def units_needing_review(self, units: Iterable[str], scenario: str | None = None) -> list[str]:
        """The ids among ``units`` that need review — for ``scenario``, those whose hash differs from the
        one it was approved against (empty when review is not tracked)."""
        if not self.tracked:
            return []
        if scenario is None:
            return [u for u in units if u in self.pending]
        return [u for u in units if u in self.current and self.lock.recorded(scenario, u) != self.current[u]]

    def scenario_review(self, units: Iterable[str], scenario: str | None = None) -> tuple[str | None, list[str]]:
        """``("ok" | "needs_review", changed unit ids)`` for a scenario naming ``units``;
        ``(None, [])`` when review is not tracked."""
        if not self.tracked:
            return None, []
        pending = self.units_needing_review(units, scenario)
        return ("needs_review" if pending else "ok"), pending


def review_state(corpus: Corpus, lock: Lock) -> ReviewState:
    """Compare the current units of ``corpus`` with ``lock``."""
    pending: dict[str, UnitReview] = {}
    for u in corpus.units:
        locked = lock.entries.get(u.id)
        if locked != u.hash:
            pending[u.id] = UnitReview(u.id, "new" if locked is None else "changed", locked, u.hash, u.file, u.line)
    stale = sorted(set(lock.entries) - set(corpus.by_id))
    return ReviewState(lock, pending, stale, {u.id: u.hash for u in corpus.units})


def current_state(folder: Path | None = None, root: Path | None = None) -> ReviewState:
    """The review state of a rules folder (default: :func:`rules_dir`) against its lock.

    Raises :class:`InputError` when the corpus or the lock cannot be read.
    """
    folder = Path(folder if folder is not None else rules_dir())
    root = root if root is not None else paths.ROOT
    corpus = load_corpus(folder, root=root)
    return review_state(corpus, load_lock(lock_path(folder), root))


def scenarios_needing_review(state: ReviewState, scenarios: Iterable[Any]) -> list[tuple[Any, list[str]]]:
    """``(scenario, changed unit ids)`` for every scenario (anything with ``.id`` and ``.units``) naming a
    unit that needs review for it, in the order given."""
    out = []
    for sc in scenarios:
        pending = state.units_needing_review(sc.units, getattr(sc, "id", None))
        if pending:
            out.append((sc, pending))
    return out


# ------------------------------------------------------------------------------------------ headings


def stale_heading(rule: str | None, description: str, unit: Any, lock: Lock) -> list[tuple[str, str]]:
    """The meaning-carrying words (``(category, word)``) that a `Правило:` heading (``rule``: «heroes:113.3 —
    оплата … до её выполнения», and its ``description``) quotes from the approved text of the unit it names,
    and that the unit's present text no longer holds: the heading no longer follows the text (lint S032).
    Empty when the heading names another unit, the unit is unchanged, or the lock keeps no approved text."""
    from harness.rules.changes import stale_words

    if not rule or unit is None:
        return []
    head, _, summary = rule.partition(" ")
    if head.strip() != unit.id:
        return []
    approved = lock.texts.get(unit.id)
    if approved is None or lock.entries.get(unit.id) == unit.hash:
        return []
    return stale_words(summary + " " + (description or ""), approved, unit.text)


# ------------------------------------------------------------------------------------------ approve


@dataclass
class Approval:
    """What ``approve`` did: unit ids recorded with (old hash, new hash), ids dropped from the lock, ids
    already approved, and the scenarios recorded (id → how)."""

    recorded: list[tuple[str, str | None, str]] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    scenarios: dict[str, str] = field(default_factory=dict)


def _scenario_ids(sc: Any) -> tuple[str, ...]:
    """The ids a scenario runs as (an outline: one per example row)."""
    return tuple(getattr(sc, "ids", None) or (sc.id,))


def record(folder: Path, scenario_units: dict[str, Iterable[str]], how: str, scenarios: Iterable[Any],
           units: Iterable[str] = (), all_units: bool = False, root: Path | None = None,
           unseen: dict[str, Iterable[str]] | None = None) -> Approval:
    """Record approvals in the lock of ``folder`` and write it (version 2).

    ``scenario_units``: scenario id → the unit ids it is approved for now, against their present text (the
    scenario's other units keep what it was approved against), recorded as ``how``. ``units``: unit ids
    approved themselves (a unit no scenario names, or one whose entry was dropped). ``scenarios``: every
    scenario of the suite (anything with ``id``, ``ids`` and ``units``): a unit's own entry moves to its present
    text once every scenario naming it is approved against it, and entries of scenarios that no longer exist
    are dropped. ``all_units``: every unit and every scenario (``approve --all``), and stale entries dropped.
    ``unseen``: scenario id → the units whose substantive change it is approved for without anyone looking
    (``--all``); kept in the scenario's entry until it is approved ``reviewed`` for them.
    """
    unseen = {sid: set(us) for sid, us in (unseen or {}).items()}
    folder = Path(folder)
    root = root if root is not None else paths.ROOT
    corpus = load_corpus(folder, root=root)
    path = lock_path(folder)
    lock = load_lock(path, root)
    entries, texts = dict(lock.entries), dict(lock.texts)
    approvals = dict(lock.scenarios)
    current = {u.id: u for u in corpus.units}
    result = Approval()
    suite = list(scenarios)
    naming: dict[str, list[str]] = {}
    for sc in suite:
        for uid in sc.units:
            naming.setdefault(uid, []).extend(_scenario_ids(sc))
    if all_units:
        scenario_units = {sid: list(sc.units) for sc in suite for sid in _scenario_ids(sc)}
        units = list(current)
    # the first write of version 2: every scenario gets its entry from the unit entries it relied on
    if lock.version == 1 or not lock.exists:
        for sc in suite:
            for sid in _scenario_ids(sc):
                if sid not in approvals and all(u in entries for u in sc.units if u in current):
                    approvals[sid] = ScenarioApproval({u: entries[u] for u in sc.units if u in current}, "migrated")
    for sc in suite:
        for sid in _scenario_ids(sc):
            wanted = set(scenario_units.get(sid, ()))
            if not wanted:
                continue
            before = approvals.get(sid)
            hashes = {}
            for u in sc.units:
                if u not in current:
                    continue
                if u in wanted:
                    hashes[u] = current[u].hash
                else:
                    old = lock.recorded(sid, u)
                    if old is not None:
                        hashes[u] = old
            kept = set(before.unseen) if before is not None else set()
            if how == "reviewed":
                kept -= wanted                               # someone looked at it: no longer unseen
            marks = tuple(sorted(u for u in kept | unseen.get(sid, set()) if u in hashes))
            if before is None or before.units != hashes or before.unseen != marks:
                changed = before is None or before.units != hashes or how == "reviewed"
                approvals[sid] = ScenarioApproval(hashes, how if changed else before.how, marks)
                result.scenarios[sid] = how
    # a unit's own entry follows once every scenario naming it is approved against its present text
    touched = {u for us in scenario_units.values() for u in us} | set(units)
    for uid in [u.id for u in corpus.units if u.id in touched]:
        unit = current[uid]
        done = all(approvals.get(sid) is not None and approvals[sid].units.get(uid) == unit.hash
                   for sid in naming.get(uid, []))
        if uid in set(units) or (done and naming.get(uid)):
            if entries.get(uid) == unit.hash:
                result.unchanged.append(uid)
            else:
                result.recorded.append((uid, entries.get(uid), unit.hash))
                entries[uid] = unit.hash
    for uid in [u for u in units if u not in current]:
        if uid in entries:
            del entries[uid]
            result.dropped.append(uid)
    if all_units:
        for uid in sorted(set(entries) - set(current)):
            del entries[uid]
            result.dropped.append(uid)
    for uid, h in entries.items():   # the approved text, wherever the present text is the approved one
        if uid in current and current[uid].hash == h:
            texts[uid] = current[uid].text
    texts = {u: t for u, t in texts.items() if u in entries}
    known = {sid for sc in suite for sid in _scenario_ids(sc)}
    if suite:
        approvals = {sid: a for sid, a in approvals.items() if sid in known}
    if result.recorded or result.dropped or result.scenarios or not lock.exists or lock.version != LOCK_VERSION \
            or texts != lock.texts or approvals != lock.scenarios:
        write_lock(path, entries, order=[u.id for u in corpus.units], texts=texts, scenarios=approvals)
    return result


def approve(folder: Path, ids: Iterable[str], all_units: bool = False, root: Path | None = None,
            scenarios: Iterable[Any] = (), how: str = "reviewed") -> Approval:
    """Approve the units ``ids`` (or every unit): each with every scenario naming it, recorded as ``how``
    (``all`` with ``all_units``).

    An id that names no unit but has a lock entry drops that entry (a removed or renumbered unit);
    ``--all`` also drops every stale entry. An id that is neither raises :class:`InputError` and
    nothing is written.
    """
    folder = Path(folder)
    root = root if root is not None else paths.ROOT
    corpus = load_corpus(folder, root=root)
    path = lock_path(folder)
    lock = load_lock(path, root)
    wanted = list(dict.fromkeys(ids))
    unknown = [i for i in wanted if corpus.get(i) is None and i not in lock.entries]
    if unknown and not all_units:
        raise InputError([Problem(display_path(path, root), None, i,
                                  "names no rule unit of the corpus and no lock entry "
                                  "(see `berserk-rules units`)") for i in unknown])
    suite = list(scenarios)
    per: dict[str, list[str]] = {}
    for sc in suite:
        for sid in _scenario_ids(sc):
            chosen = [u for u in sc.units if u in wanted]
            if chosen:
                per[sid] = chosen
    return record(folder, per, "all" if all_units else how, suite, units=wanted, all_units=all_units, root=root)
