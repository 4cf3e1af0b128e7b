"""Expectations files from a run: `berserk-rules check --update-expectations FILE`, and
`berserk-rules expectations --results reports/results.json --out FILE` (from a finished run).

An engine author starting out records what the engine does today; from then on the run fails only on a
change (a new failure, or an unexpected pass that asks for the entry to be removed). Every result that is
not PASS becomes an entry `{status, reason}` with the result's message (its first line) as the reason;
a reason already written in FILE for the same status is kept (it may hold a link). After a run filtered
by --unit/--edition, or a slice of one (--shard), entries of FILE for scenarios that were not run are kept. The file is replaced
atomically (written beside it, then renamed).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml

from harness.common import argtypes
from harness.run.results import RunResults
from harness.suite.session import load_expectations

HEADER = """\
# Known failures of an engine: scenario id → status (FAIL, ERROR, CRASH, TIMEOUT, SKIP) and a reason.
# Written by `berserk-rules check --update-expectations`; edit the reasons freely (a link to an issue…).
# The run fails on a new failure and on an unexpected pass: remove an entry the day its scenario passes.
"""
REASON_LIMIT = 300


def reason_of(result: Any) -> str:
    """The reason recorded for a non-PASS result: the first line of its message."""
    lines = [ln.strip() for ln in (result.message or "").splitlines() if ln.strip()]
    text = lines[0] if lines else f"{result.status} (no message)"
    return text if len(text) <= REASON_LIMIT else text[:REASON_LIMIT - 1] + "…"


def expectations_from(results: Any, previous: dict[str, dict[str, str]] | None = None) -> dict[str, dict[str, str]]:
    """The expectations that make `results` a run with every result as expected, keyed by the stable ids
    (an entry of the old form, ``<feature>::<title>``, is matched by its title and rewritten with the id)."""
    from harness.suite.features import title_of

    previous = dict(previous or {})
    by_title = {title: key for key in previous if (title := title_of(key))}
    for r in results.results:
        if r.scenario not in previous and r.name in by_title:
            previous[r.scenario] = previous.pop(by_title[r.name])
    run_ids = {r.scenario for r in results.results}
    filtered = bool(results.run.unit_filter or results.run.edition_filter or getattr(results.run, "shard", None))
    out: dict[str, dict[str, str]] = {}
    for r in results.results:
        if r.status in ("PASS", "SKIP", "N/A") or (r.status == "PARTIAL" and r.as_expected):   # nothing to expect
            continue
        old = previous.get(r.scenario)
        reason = old["reason"] if old and old["status"] == r.status else reason_of(r)
        out[r.scenario] = {"status": r.status, "reason": reason}
    stale = set(getattr(results, "stale_expectations", ()) or ())
    if filtered:
        for sid, entry in previous.items():
            if sid not in run_ids and sid not in stale:   # outside the filter, kept; naming no scenario, dropped
                out[sid] = dict(entry)
    return dict(sorted(out.items()))


def write_expectations(path: Path, entries: dict[str, dict[str, str]]) -> None:
    """Write an expectations file atomically (a temporary file in the same folder, then a rename)."""
    body = yaml.safe_dump({"expectations": entries}, allow_unicode=True, sort_keys=False, width=110,
                          default_flow_style=False)
    from harness.common.safeio import atomic_write
    from harness.suite.editor_schemas import modeline  # the first line: editors complete it from its schema

    # a regular file only, replaced atomically: never a device or a folder
    atomic_write(path, (modeline(path, "expectations") + "\n" + HEADER + body).encode("utf-8"))


def update_expectations(results: Any, path: Path) -> int:
    """Rewrite `path` from `results` (keeping reasons of unchanged entries); returns the number of entries.
    An existing `path` that is not a valid expectations file raises InputError and is left untouched."""
    previous = load_expectations(path) if path.is_file() else {}
    entries = expectations_from(results, previous)
    write_expectations(path, entries)
    return len(entries)


# ------------------------------------------------------------------------------------------ the verb
def cmd_expectations(ns: argparse.Namespace) -> int:
    results = RunResults.load(Path(ns.results))
    n = update_expectations(results, Path(ns.out))
    print(f"wrote {n} expectation(s) to {ns.out}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("expectations", help="write an expectations file from a finished run's results.json")
    p.add_argument("--results", default="reports/results.json", type=argtypes.input_file, help="the run (default reports/results.json)")
    p.add_argument("--out", required=True, type=argtypes.output_file, help="the expectations file to write (replaced atomically)")
    p.set_defaults(func=cmd_expectations)
