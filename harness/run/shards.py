"""Slices of a run for a CI matrix: `check --shard K/N` runs a stable slice of the suite, `merge DIR…` joins the
slices' results into the results of one run (`merge_results`), from which the usual reports are written.

A scenario's slice is decided by a hash of its stable id (`shard_of`: the first 8 bytes of its SHA-256, modulo
N), never by file order, so every scenario is in exactly one slice of N, a new scenario moves no other one, and
every job of a matrix computes the same split without talking to the others. A slice's results.json carries
`run.shard`: `{"index": K, "count": N, "suite": <content hash of the rules, features and boards>, "order": <the
ids of the whole run's scenarios, in collection order>}`; `merge` refuses slices of different suites, engines,
seeds, filters or readings, a missing or doubled slice and a scenario no slice has, each with the slice's file
and the field, and gives the merged results the order of one run (slice 1's `order`: pytest-bdd collects the
feature files in the order the file system lists them).

What a merged run cannot share with an unsharded one is time: each scenario's `duration_s` is its slice's, the
run's `started` is the earliest slice's and its `duration_s` the longest slice's (the matrix's jobs run side by
side). Everything else — the results, their order (the suite's collection order), the summary, the stale
expectations — is what one run of the whole suite gives.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.run.results import RunInfo, RunResults

#: the fields of `run` every slice of one run shares
SAME = ("engine", "engine_version", "protocol_version", "suite_version", "seed", "edition_filter", "unit_filter",
        "readings", "readings_presumed")


def parse_shard(text: str) -> tuple[int, int]:
    """`K/N` → (K, N), 1 ≤ K ≤ N; ValueError in words."""
    k, sep, n = text.strip().partition("/")
    if not sep or not k.isdigit() or not n.isdigit() or len(k) > 6 or len(n) > 6:
        raise ValueError(f"expected K/N (the K-th slice of N, e.g. 1/3), got {text[:20]!r}")
    index, count = int(k), int(n)
    if count < 1 or not 1 <= index <= count:
        raise ValueError(f"expected K/N with 1 ≤ K ≤ N, got {text!r}")
    return index, count


def shard_of(scenario_id: str, count: int) -> int:
    """The slice (1 … count) a scenario belongs to: by a hash of its stable id."""
    digest = hashlib.sha256(scenario_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def suite_hash() -> str:
    """The first 12 hex digits of a SHA-256 over the rules, features and boards (paths and bytes)."""
    digest = hashlib.sha256()
    for folder, pattern in ((paths.RULES, "*"), (paths.FEATURES, "*.feature"), (paths.SCENARIOS, "*.yaml")):
        if not folder.is_dir():
            continue
        for f in sorted(p for p in folder.rglob(pattern) if p.is_file()):
            digest.update(f.relative_to(folder.parent).as_posix().encode("utf-8") + b"\0")
            digest.update(f.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def merge_results(slices: list[tuple[str, RunResults]], order: list[str] | None = None) -> RunResults:
    """The results of one run from the results of its slices (`(file, results)` each), in the collection order the
    slices recorded (`run.shard.order`, slice 1's; else `order`). Raises InputError naming the file and the field
    for slices that are not the N slices of one run."""
    if not slices:
        raise InputError(Problem("merge", None, None, "no slice given"))
    problems: list[Problem] = []
    first_file, first = slices[0]
    for file, results in slices:
        shard = results.run.shard
        if not shard:
            problems.append(Problem(file, None, "run.shard", "not a slice: the run was not made with "
                                                               "`check --shard K/N`"))
            continue
        for name in SAME:
            if getattr(results.run, name) != getattr(first.run, name):
                problems.append(Problem(file, None, f"run.{name}", f"{getattr(results.run, name)!r}, but "
                                        f"{first_file} has {getattr(first.run, name)!r}: slices of one run share it"))
        if first.run.shard and shard.get("suite") != first.run.shard.get("suite"):
            problems.append(Problem(file, None, "run.shard.suite", f"suite {shard.get('suite')}, but {first_file} "
                                    f"ran suite {first.run.shard.get('suite')}: slices of different suites"))
        if first.run.shard and set(shard.get("order", [])) != set(first.run.shard.get("order", [])):
            problems.append(Problem(file, None, "run.shard.order", f"selects other scenarios than {first_file}: "
                                                                   "slices of one run select the same suite"))
        if first.run.shard and shard.get("count") != first.run.shard.get("count"):
            problems.append(Problem(file, None, "run.shard.count", f"a slice of {shard.get('count')}, but "
                                    f"{first_file} is a slice of {first.run.shard.get('count')}"))
        if results.stale_expectations != first.stale_expectations:
            problems.append(Problem(file, None, "stale_expectations", f"differ from {first_file}'s: were the slices "
                                                                      "run with one expectations file?"))
        for r in results.results:
            if shard.get("count") and shard_of(r.scenario, shard["count"]) != shard.get("index"):
                problems.append(Problem(file, None, "results", f"{r.scenario} belongs to slice "
                                        f"{shard_of(r.scenario, shard['count'])}/{shard['count']}, not to "
                                        f"{shard.get('index')}/{shard['count']}"))
                break
    if problems:
        raise InputError(problems)
    count = first.run.shard["count"]
    seen: dict[int, str] = {}
    for file, results in slices:
        index = results.run.shard["index"]
        if index in seen:
            problems.append(Problem(file, None, "run.shard.index", f"slice {index}/{count} twice (also {seen[index]})"))
        seen.setdefault(index, file)
    lacking = [f"{k}/{count}" for k in range(1, count + 1) if k not in seen]
    if lacking:
        problems.append(Problem("merge", None, None, f"slice{'s' if len(lacking) > 1 else ''} {', '.join(lacking)} "
                                                     f"missing: every slice of {count} is needed"))
    if problems:
        raise InputError(problems)
    by_index = {results.run.shard["index"]: results for _, results in slices}
    order = list(by_index[1].run.shard.get("order") or order or [])
    have = {r.scenario for _, results in slices for r in results.results} | \
        {sid for _, results in slices for sid in results.not_run}
    unaccounted = [sid for sid in order if sid not in have]
    if unaccounted:
        raise InputError(Problem("merge", None, None, f"{len(unaccounted)} scenario(s) of the run are in no slice's "
                                                      f"results (first: {unaccounted[0]})"))

    position = {sid: i for i, sid in enumerate(order)}
    every = [r for _, results in sorted(slices, key=lambda s: s[1].run.shard["index"]) for r in results.results]
    every.sort(key=lambda r: position.get(r.scenario, len(position)))
    runs = [results.run for _, results in slices]
    run = RunInfo(**{**_fields(first.run), "started": min(r.started for r in runs),
                     "duration_s": max(r.duration_s for r in runs), "shard": {}})
    stopped = next((results.stopped for _, results in slices if results.stopped), "")
    return RunResults(run=run, results=every, stale_expectations=list(first.stale_expectations),
                      interrupted=any(results.interrupted for _, results in slices),
                      not_run=[sid for _, results in slices for sid in results.not_run], stopped=stopped,
                      interrupted_by=next((r.interrupted_by for _, r in slices if r.interrupted_by), ""))


def _fields(run: RunInfo) -> dict[str, Any]:
    import dataclasses

    return {f.name: getattr(run, f.name) for f in dataclasses.fields(run)}


def load_slice(folder: str | Path) -> tuple[str, RunResults]:
    """A slice's results: `folder`/results.json (or the file itself), with its name for messages."""
    path = Path(folder)
    if path.is_dir():
        path = path / "results.json"
    if not path.is_file():
        raise InputError(Problem(str(path), None, None, "no results.json here: give the --report-dir of each "
                                                        "`check --shard K/N`"))
    return str(path), RunResults.load(path)
