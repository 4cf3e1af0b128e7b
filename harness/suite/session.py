"""Loading of the kit's shared inputs (catalog, boards, expectations, assumptions), cached per process."""

from __future__ import annotations

import hashlib
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import engine
from harness.common import kept, paths
from harness.common.errors import InputError, Problem
from harness.common.yamldoc import YamlDoc, gc_paused, load_yaml, plain_copy, validate_with_schema
from harness.suite.board import Board, load_board
from harness.suite.catalog import Catalog, catalog_files, load_catalog


def catalog() -> Catalog:
    """The catalog of the suite in use: loaded once per folder and content (a verb run in-process on another
    root, `--root DIR`, or after a card was edited, gets that catalog, never the first one it loaded)."""
    return _catalog(str(paths.CATALOG), _catalog_stamp(paths.CATALOG), str(paths.ROOT))


def _catalog_stamp(folder: Path) -> tuple[tuple[Any, ...], ...]:
    """Each YAML file of the catalog with its size and modification time, and its bytes' digest when it changed
    in the last seconds: an edit within one tick of the file system's clock that keeps the size leaves the
    modification time as it was (git's «racily clean» files, told apart the same way). Asked at every board a
    scenario loads, so a stat, not a read, for a file that has not changed lately."""
    if not folder.is_dir():
        return ()
    now = time.time_ns()
    stamp = []
    for path in catalog_files(folder):
        st = path.stat()
        recent = now - st.st_mtime_ns < _RACY_NS
        stamp.append((str(path), st.st_size, st.st_mtime_ns,
                      hashlib.blake2b(path.read_bytes(), digest_size=16).digest() if recent else None))
    return tuple(stamp)


_RACY_NS = 3_000_000_000      # a file changed this recently is also compared by its content


@lru_cache(maxsize=4)
def _catalog(folder: str, stamp: tuple[tuple[Any, ...], ...], root: str) -> Catalog:
    return load_catalog(Path(folder), root=Path(root), check_definition=engine.check_card_definition)


def load_scenario_board(name: str) -> Board:
    """A board named as in a «Дано расклад» step, relative to scenarios/: parsed and checked once per process
    and file version (many scenarios share a board; a run against several engines loads each board once),
    handed out as a copy (a step may not change another scenario's board)."""
    path = paths.SCENARIOS / name
    folder = paths.SCENARIOS.resolve()
    if folder not in path.resolve().parents:     # `..`, an absolute path, a link out: never read
        raise InputError(Problem(name, None, None, "the board is outside scenarios/"))
    if not path.is_file():
        raise InputError(Problem(paths.display(path), None, None, "no such board file under scenarios/"))
    # the board's cards are the catalog's: a board is checked again with another catalog
    stamp = _catalog_stamp(paths.CATALOG)
    digest = hashlib.blake2b(path.read_bytes(), digest_size=16).digest()
    board = _checked_board(str(path), digest, str(paths.ROOT), str(paths.CATALOG), stamp)
    # plain JSON data (Board): copied without copy.deepcopy's memo, several times faster
    return Board(board.file, plain_copy(board.data), plain_copy(board.definitions))


# room for every board of the suite many times over (288 today): with fewer, a run that plays the boards in turn
# (every run does) would evict each before its next use and load every board again each time
# (keyed by the board's bytes, not its modification time: a test's edit within one tick of the clock still counts;
# and by the catalog's folder and content)
@lru_cache(maxsize=4096)
def _checked_board(path: str, digest: bytes, root: str, folder: str, stamp: tuple[tuple[Any, ...], ...]) -> Board:
    # and across processes (harness/common/kept.py): a board checked by an earlier run with the same bytes, catalog
    # and code is not read and checked again
    key = "\0".join((path, root, folder)).encode() + b"\0" + digest + _catalog_digest(folder, stamp)
    entry = kept.get("boards", key)
    if isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str) and isinstance(entry[1], dict) \
            and isinstance(entry[2], dict):
        return Board(*entry)
    board = load_board(Path(path), _catalog(folder, stamp, root), root=Path(root),
                       check_definition=engine.check_card_definition)
    kept.put("boards", key, [board.file, board.data, board.definitions])
    return board


@lru_cache(maxsize=4)
def _catalog_digest(folder: str, stamp: tuple[tuple[Any, ...], ...]) -> bytes:
    """The digest of the catalog's files' names and bytes (the key of a board kept across processes)."""
    h = hashlib.blake2b(digest_size=16)
    for path in catalog_files(Path(folder)):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.digest()


_KNOWN = ("FAIL", "ERROR", "CRASH", "TIMEOUT", "SKIP")


def load_expectations(path: Path) -> dict[str, dict[str, str]]:
    """An expectations file: scenario id → {status, reason}. Known statuses only; a reason is required.
    Linear in the number of entries (200,000 in a few seconds: `berserk-rules bench big-inputs`)."""
    with gc_paused():
        return _load_expectations(path)


def _load_expectations(path: Path) -> dict[str, dict[str, str]]:
    doc = load_yaml(path, root=paths.ROOT)
    data: Any = doc.data
    problems: list[Problem] = []
    entries = data.get("expectations") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise InputError(Problem(doc.file, doc.line_of(()), "expectations",
                                 "expected a mapping 'expectations: {scenario id: {status, reason}}'"))
    for key in data:
        if key != "expectations":
            problems.append(Problem(doc.file, doc.line_of((key,)), str(key),
                                    "unknown field; an expectations file holds only 'expectations'"))
    out: dict[str, dict[str, str]] = {}
    for sid, entry in entries.items():
        if isinstance(entry, dict) and entry.get("status") in _KNOWN and isinstance(entry.get("reason"), str) \
                and entry["reason"].strip() and len(entry) == 2:      # the usual entry: no line needed
            out[str(sid)] = {"status": entry["status"], "reason": entry["reason"].strip()}
            continue
        where = doc.line_of(("expectations", sid))
        for key in entry if isinstance(entry, dict) else ():
            if key not in ("status", "reason"):
                problems.append(Problem(doc.file, doc.line_of(("expectations", sid, key)), f"expectations.{sid}.{key}",
                                        "unknown field; expected status and reason"))
        if not isinstance(entry, dict) or entry.get("status") not in ("FAIL", "ERROR", "CRASH", "TIMEOUT", "SKIP"):
            problems.append(Problem(doc.file, where, f"expectations.{sid}.status",
                                    "expected one of: FAIL, ERROR, CRASH, TIMEOUT, SKIP"))
            continue
        reason = entry.get("reason", "")
        if isinstance(reason, list | dict | bool) or reason is None:   # str() of these is no reason
            kind = ("list" if isinstance(reason, list) else "mapping" if isinstance(reason, dict)
                    else f"{'yes/no value' if isinstance(reason, bool) else 'null'} ({str(reason).lower()})")
            problems.append(Problem(doc.file, doc.line_of(("expectations", sid, "reason")), f"expectations.{sid}.reason",
                                    f"expected a text (one sentence, or a link), got a {kind}: write the reason on one "
                                    "line, or quote it"))
            continue
        if not str(reason).strip():
            problems.append(Problem(doc.file, where, f"expectations.{sid}.reason", "a reason is required"))
            continue
        out[str(sid)] = {"status": entry["status"], "reason": str(entry["reason"]).strip()}
    if problems:
        raise InputError(problems)
    return out


def load_assumptions() -> list[dict[str, Any]]:
    """The assumptions register: where the corpus is silent, what the engine does and why (checked against
    harness/schemas/assumptions.schema.json; every problem located, all at once)."""
    doc = load_yaml(paths.ASSUMPTIONS, root=paths.ROOT)
    problems = assumption_problems(doc)
    if problems:
        raise InputError(problems)
    return [dict(a) for a in doc.data["assumptions"]]


def assumption_problems(doc: YamlDoc) -> list[Problem]:
    """The problems of a loaded assumptions register: its schema (every entry and reading with its Russian
    for the rules site, `ru:`), ids used twice, a default that is not one of the entry's readings."""
    from harness.suite.catalog import load_schema

    problems = validate_with_schema(doc, load_schema("assumptions"))
    items = doc.data.get("assumptions") if isinstance(doc.data, dict) else None
    seen: dict[str, int | None] = {}
    for i, entry in enumerate(items if isinstance(items, list) else []):
        if not isinstance(entry, dict):
            continue
        ident = entry.get("id")
        if isinstance(ident, str) and ident in seen:
            problems.append(Problem(doc.file, doc.line_of(("assumptions", i, "id")), f"assumptions[{i}].id",
                                    f"«{ident}» is used twice (first at line {seen[ident]})"))
        elif isinstance(ident, str):
            seen[ident] = doc.line_of(("assumptions", i, "id"))
        listed = [r.get("id") for r in entry.get("readings") or [] if isinstance(r, dict)]
        if "default" in entry and entry["default"] not in listed:
            problems.append(Problem(doc.file, doc.line_of(("assumptions", i, "default")), f"assumptions[{i}].default",
                                    f"expected one of the entry's readings ({', '.join(map(str, listed)) or 'none'}), "
                                    f"got {entry['default']!r}"))
    return sorted(problems, key=lambda p: p.line or 0)
