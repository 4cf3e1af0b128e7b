"""The results of one run: plain data, separate from its renderers (see `harness.output.reports`).

`RunResults.to_json()` is the content of `results.json`; its JSON Schema is
`harness/schemas/results.schema.json` (Draft 2020-12) and `validate_results_json` checks a document
against it, reporting every problem with its field path.

Statuses of a scenario:

- ``PASS``    every step passed, every check («Тогда» step) ran;
- ``PARTIAL`` every check that ran passed, and some were not run because they read what the engine does not
  declare (the battle history, the rule-effect log, an optional key): never counted as PASS;
- ``FAIL``    a check on the engine's state failed;
- ``ERROR``   the engine answered with something invalid (garbage, a schema violation, a protocol error),
  or the scenario itself could not be run;
- ``CRASH``   the engine process died;
- ``TIMEOUT`` the engine did not answer in time;
- ``SKIP``    the scenario needs a capability the engine does not declare (the message says which);
- ``N/A``     the scenario's outcome rests on a reading of the text (rules/assumptions.yaml `readings:`) the
  engine does not hold, and the suite has no outcome for its reading here: counted apart, never a failure.

A result is *as expected* when its status equals the status the engine's expectations file gives it
(``PASS`` when the file does not list it).  A ``SKIP`` is never a failure of the run (DESIGN: an engine
without a capability "gets SKIP with the reason, not a failure"), so it counts as expected too.
The run is ``ok`` when every result is as expected: a new failure and an unexpected pass both make it fail.

Review (``harness/rules/review.py``): when ``rules/review.lock`` exists, each result carries ``review`` --
``ok``, or ``needs_review`` with ``review_units``, the units it names whose text changed since the last
review -- and the summary counts ``needs_review``. Needing review never makes a run fail. Results
written without review tracking (older files included) have no ``review`` field and load as before.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from harness.common.errors import InputError, Problem

STATUSES = ("PASS", "PARTIAL", "FAIL", "ERROR", "CRASH", "TIMEOUT", "SKIP", "N/A")
STEP_STATUSES = ("passed", "failed", "skipped", "notrun")
PLAYED = ("PASS", "PARTIAL", "FAIL")        # the engine played the scenario: its checks ran to a verdict
REVIEW_STATES = (None, "ok", "needs_review")

SCHEMA_PATH = Path(__file__).parent.parent / "schemas" / "results.schema.json"

_NO_SECTION = "other"


def utc_now() -> str:
    """The current time as ISO 8601 UTC with a ``Z`` suffix, the form `RunInfo.started` uses."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _check_status(value: str, what: str, allowed: tuple[str, ...] = STATUSES) -> None:
    if value not in allowed:
        raise ValueError(f"{what}: {value!r} is not one of {', '.join(allowed)}")


@dataclass
class StepRecord:
    """One Gherkin step of a scenario as it ran."""

    keyword: str  # "Дано", "Когда", "Тогда", "И", "Но"
    text: str
    line: int
    status: str  # "passed" | "failed" | "skipped" (not reached) | "notrun" (a check the engine cannot take)
    check: str | None = None  # a check («Тогда» step): its id, "<scenario id>#<n>"; None for «Дано»/«Когда»
    message: str = ""  # why a check was not run, or how it failed

    def __post_init__(self) -> None:
        _check_status(self.status, "step status", STEP_STATUSES)

    @property
    def verdict(self) -> str:
        """A check's verdict: PASS, FAIL, NOTRUN (the engine does not declare what it reads) or NOTREACHED."""
        return {"passed": "PASS", "failed": "FAIL", "notrun": "NOTRUN"}.get(self.status, "NOTREACHED")

    def to_json(self) -> dict[str, Any]:
        return {"keyword": self.keyword, "text": self.text, "line": self.line, "status": self.status} \
            | ({"check": self.check} if self.check else {}) | ({"message": self.message} if self.message else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StepRecord:
        return cls(keyword=data["keyword"], text=data["text"], line=data["line"], status=data["status"],
                   check=data.get("check"), message=data.get("message", ""))


@dataclass
class ScenarioResult:
    """The outcome of one scenario."""

    scenario: str  # stable id, "classic/113-срабатывающая-особенность::[1] Мститель …"
    name: str
    feature: str  # "features/classic/113-срабатывающая-особенность.feature"
    line: int
    units: list[str]  # ["classic:113.2", "classic:113.2.ex1"]
    assumptions: list[str]  # ["stack-lifo"]
    status: str  # one of STATUSES
    expected: str = "PASS"  # one of STATUSES, from the expectations file
    reason: str = ""  # the expectations file's reason when expected != PASS
    message: str = ""  # failure/error/skip message, "" on PASS
    duration_s: float = 0.0
    steps: list[StepRecord] = field(default_factory=list)
    review: str | None = None  # "ok" | "needs_review" (see harness/rules/review.py); None: not tracked
    review_units: list[str] = field(default_factory=list)  # units changed since the last review
    # a «в любом порядке» / «с любой точкой срабатывания» fork: what its exploration covered (harness.suite.world
    # fork_report: kind, items, route, orders, states, lookups, memo_hits); None: the scenario has no fork
    fork: dict[str, Any] | None = None
    missing: list[str] = field(default_factory=list)  # a SKIP: the needs the engine does not declare
    readings: list[str] = field(default_factory=list)  # «group=value»: the readings its outcome holds under

    def __post_init__(self) -> None:
        if self.review not in REVIEW_STATES:
            raise ValueError(f"{self.scenario}: review {self.review!r} is not one of ok, needs_review, None")
        _check_status(self.status, f"{self.scenario}: status")
        _check_status(self.expected, f"{self.scenario}: expected")
        if self.status == "PASS" and self.message:
            raise ValueError(f"{self.scenario}: a PASS carries no message (got {self.message!r})")
        if self.expected == "PASS" and self.reason:
            raise ValueError(
                f"{self.scenario}: a reason belongs to a non-PASS expectation (got {self.reason!r})"
            )

    @property
    def as_expected(self) -> bool:
        """True when the status is the expected one; a SKIP (missing capability) is never a failure, nor is a
        PARTIAL where a PASS is expected (the checks that ran passed; the others need what the engine lacks)."""
        return self.status == self.expected or self.status in ("SKIP", "N/A") or \
            (self.status == "PARTIAL" and self.expected == "PASS")

    @property
    def checks(self) -> list[StepRecord]:
        """The scenario's checks («Тогда» steps), each a verdict of its own."""
        return [s for s in self.steps if s.check]

    @property
    def unexpected_pass(self) -> bool:
        """The scenario passed although the expectations file says it fails (a stale known failure)."""
        return self.status == "PASS" and self.expected != "PASS"

    @property
    def known_failure(self) -> bool:
        """The scenario failed exactly as the expectations file says (reported like an xfail)."""
        return self.status == self.expected and self.expected not in ("PASS", "SKIP")

    @property
    def failed_step(self) -> StepRecord | None:
        return next((s for s in self.steps if s.status == "failed"), None)

    def explanation(self) -> str:
        """An unexpected result in words, for every renderer: its message (for an unexpected pass, what was
        expected and what to do) and the step that failed."""
        if self.unexpected_pass:
            expected = self.expected + (f": {self.reason}" if self.reason else "")
            message = f"unexpected pass (expected {expected}); remove it from the expectations file"
        else:
            message = self.message or "(no message)"
        step = self.failed_step
        if step is not None:
            message += f"\nat step: {step.keyword} {step.text} (line {step.line})"
        return message

    @property
    def section(self) -> str:
        """``"<edition> <section number>"`` from the first unit id (``classic:113.2.ex1`` → ``classic 113``)."""
        return section_of(self.units, self.feature)

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "name": self.name,
            "feature": self.feature,
            "line": self.line,
            "units": list(self.units),
            "assumptions": list(self.assumptions),
            "status": self.status,
            "expected": self.expected,
            "reason": self.reason,
            "message": self.message,
            "duration_s": self.duration_s,
            "steps": [s.to_json() for s in self.steps],
        } | ({"missing": list(self.missing)} if self.missing else {}) \
          | ({"readings": list(self.readings)} if self.readings else {}) | ({"review": {"state": self.review, "units": list(self.review_units)}} if self.review else {}) \
          | ({"fork": dict(self.fork)} if self.fork else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScenarioResult:
        return cls(
            scenario=data["scenario"],
            name=data["name"],
            feature=data["feature"],
            line=data["line"],
            units=list(data["units"]),
            assumptions=list(data["assumptions"]),
            status=data["status"],
            expected=data["expected"],
            reason=data["reason"],
            message=data["message"],
            duration_s=float(data["duration_s"]),
            steps=[StepRecord.from_json(s) for s in data["steps"]],
            review=(data.get("review") or {}).get("state"),
            review_units=list((data.get("review") or {}).get("units", [])),
            fork=dict(data["fork"]) if data.get("fork") else None,
            missing=list(data.get("missing", [])),
            readings=list(data.get("readings", [])),
        )


@dataclass
class RunInfo:
    """What was run, against what, and when."""

    engine: str  # engine name, from its hello
    engine_version: str
    protocol_version: str  # semver of the protocol spoken
    suite_version: str  # version of this kit (rules + scenarios)
    seed: int
    started: str  # ISO 8601 UTC, e.g. "2025-01-31T12:00:00Z" (see `utc_now`)
    duration_s: float
    edition_filter: list[str] = field(default_factory=list)  # --edition, empty for all
    unit_filter: list[str] = field(default_factory=list)  # --unit, empty for all
    readings: dict[str, str] = field(default_factory=dict)  # the readings the engine held (group → reading)
    # the groups its hello did not name: it is presumed to hold the kit's default there (docs/PROTOCOL.md §5)
    readings_presumed: list[str] = field(default_factory=list)
    # a slice of a run (`check --shard K/N`): {"index": K, "count": N, "suite": content hash}; {} for a whole run
    shard: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "engine_version": self.engine_version,
            "protocol_version": self.protocol_version,
            "suite_version": self.suite_version,
            "seed": self.seed,
            "started": self.started,
            "duration_s": self.duration_s,
            "edition_filter": list(self.edition_filter),
            "unit_filter": list(self.unit_filter),
        } | ({"readings": dict(self.readings)} if self.readings else {}) \
          | ({"readings_presumed": list(self.readings_presumed)} if self.readings_presumed else {}) \
          | ({"shard": dict(self.shard)} if self.shard else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunInfo:
        return cls(
            engine=data["engine"],
            engine_version=data["engine_version"],
            protocol_version=data["protocol_version"],
            suite_version=data["suite_version"],
            seed=data["seed"],
            started=data["started"],
            duration_s=float(data["duration_s"]),
            edition_filter=list(data["edition_filter"]),
            unit_filter=list(data["unit_filter"]),
            readings=dict(data.get("readings", {})),
            readings_presumed=list(data.get("readings_presumed", [])),
            shard=dict(data.get("shard", {})),
        )


def _empty_counts() -> dict[str, int]:
    counts = {"total": 0}
    counts.update(dict.fromkeys(STATUSES, 0))
    counts["unexpected"] = 0
    return counts


def _count(counts: dict[str, int], result: ScenarioResult) -> None:
    counts["total"] += 1
    counts[result.status] += 1
    if not result.as_expected:
        counts["unexpected"] += 1


@dataclass
class RunResults:
    """One run: its `RunInfo`, a result per scenario, and expectation entries that matched no scenario."""

    run: RunInfo
    results: list[ScenarioResult]
    stale_expectations: list[str] = field(default_factory=list)
    interrupted: bool = False  # the run was stopped (Ctrl-C, SIGTERM) before every scenario ran
    not_run: list[str] = field(default_factory=list)  # selected scenarios without a result (interrupted, stopped)
    stopped: str = ""          # the run ended early because the engine could not be started: the one error
    interrupted_by: str = ""   # the signal that interrupted the run (SIGINT, SIGTERM, SIGHUP), when known

    @property
    def complete(self) -> bool:
        """Every selected scenario has a result (the run was neither interrupted nor stopped)."""
        return not self.interrupted and not self.stopped and not self.not_run

    def incomplete_reason(self) -> str:
        """Why the run has no result for some scenarios, in one sentence ("" for a complete run)."""
        if self.stopped:
            return f"the run stopped: {self.stopped}; {len(self.not_run)} selected scenario(s) not run"
        if self.interrupted or self.not_run:
            by = f" by {self.interrupted_by}" if self.interrupted_by else ""
            return (f"the run was interrupted{by}: {len(self.not_run)} selected scenario(s) not run, "
                    f"{len(self.results)} with a result")
        return ""

    @property
    def unexpected(self) -> list[ScenarioResult]:
        return [r for r in self.results if not r.as_expected]

    @property
    def ok(self) -> bool:
        """Every selected scenario ran and ended as expected (an interrupted run is never ok)."""
        return self.complete and all(r.as_expected for r in self.results)

    def summary(self) -> dict[str, Any]:
        """``{"total", "PASS", …, "SKIP", "unexpected", "ok"}``: counts per status, unexpected results,
        and whether every result is as expected (stale expectation entries are reported, not failed)."""
        counts: dict[str, Any] = _empty_counts()
        for result in self.results:
            _count(counts, result)
        counts["ok"] = counts["unexpected"] == 0 and self.complete
        counts["played"] = sum(counts[s] for s in PLAYED)       # played to a verdict (not SKIP, not a fault)
        counts["checks"] = self.check_counts()
        counts["conformance"] = self.conformance()
        counts["implement_next"] = implement_next(self.results)
        if not self.complete:
            counts["not_run"] = len(self.not_run)
        if any(r.review is not None for r in self.results):  # review tracked: how many need it
            counts["needs_review"] = len(self.needs_review)
        return counts

    def conformance(self) -> dict[str, dict[str, int]]:
        """Two figures: conformance to the text alone (the scenarios whose outcome rests on no open reading) and
        to the kit's readings as the engine holds them (every scenario that applies): PASS of those played."""
        def figure(results: list[ScenarioResult]) -> dict[str, int]:
            return {"pass": sum(r.status == "PASS" for r in results),
                    "played": sum(r.status in PLAYED for r in results), "total": len(results)}

        applicable = [r for r in self.results if r.status != "N/A"]
        return {"text": figure([r for r in applicable if not r.readings]),
                "readings": figure([r for r in applicable if r.readings]),
                "all": figure(applicable)}

    def check_counts(self) -> dict[str, int]:
        """The checks of every result but the SKIPs and N/As: total, run (passed + failed), passed, failed, notrun,
        not_reached (after a failure or a fault)."""
        out = dict.fromkeys(("total", "run", "passed", "failed", "notrun", "not_reached"), 0)
        for result in self.results:
            if result.status in ("SKIP", "N/A"):
                continue
            for check in result.checks:
                out["total"] += 1
                key = {"PASS": "passed", "FAIL": "failed", "NOTRUN": "notrun"}.get(check.verdict, "not_reached")
                out[key] += 1
        out["run"] = out["passed"] + out["failed"]
        return out

    @property
    def needs_review(self) -> list[ScenarioResult]:
        """Results of scenarios naming units whose text changed since the last review (not failures)."""
        return [r for r in self.results if r.review == "needs_review"]

    def by_section(self) -> list[tuple[str, dict[str, int]]]:
        """``[("classic 113", {"total", "PASS", …, "SKIP", "unexpected"}), …]`` in natural section order."""
        sections: dict[str, dict[str, int]] = {}
        for result in self.results:
            _count(sections.setdefault(result.section, _empty_counts()), result)
        return sorted(sections.items(), key=lambda item: _section_sort_key(item[0]))

    def to_json(self) -> dict[str, Any]:
        return {
            "run": self.run.to_json(),
            "results": [r.to_json() for r in self.results],
            "summary": self.summary(),
            "stale_expectations": list(self.stale_expectations),
            "interrupted": self.interrupted,
            "not_run": list(self.not_run),
            **({"interrupted_by": self.interrupted_by} if self.interrupted_by else {}),
            **({"stopped": self.stopped} if self.stopped else {}),
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "results.json") -> RunResults:
        """Build from a `to_json()` document; the summary is recomputed, not trusted.

        Raises `InputError` listing every schema problem (with its field path) when `data` is not valid.
        """
        problems = validate_results_json(data, source)
        if problems:
            raise InputError(problems)
        return cls(
            run=RunInfo.from_json(data["run"]),
            results=[ScenarioResult.from_json(r) for r in data["results"]],
            stale_expectations=list(data["stale_expectations"]),
            interrupted=bool(data.get("interrupted", False)),
            not_run=list(data.get("not_run", [])),
            stopped=str(data.get("stopped", "")),
            interrupted_by=str(data.get("interrupted_by", "")),
        )

    @classmethod
    def load(cls, path: str | Path) -> RunResults:
        """Read a ``results.json`` file (errors name the file and the field)."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise InputError(Problem(str(path), exc.lineno, None, f"not valid JSON: {exc.msg}")) from None
        return cls.from_json(data, source=str(path))


# --- what to implement next -------------------------------------------------------------------------


def implement_next(results: list[ScenarioResult], limit: int = 12) -> list[dict[str, Any]]:
    """For the SKIPs of a run: what to implement next for the most scenarios made playable, greedily. Each
    step is the set of needs that some skipped scenarios still lack (`ScenarioResult.missing`) with the best
    ratio of scenarios made playable to needs implemented (ties: more scenarios, then fewer needs, then by
    name): `{"needs": [...], "unlocks": N, "playable": total playable after it}`, at most `limit` steps."""
    return greedy_unlock([set(r.missing) for r in results if r.status == "SKIP" and r.missing],
                         sum(1 for r in results if r.status in PLAYED), limit)


def greedy_unlock(left: list[set[str]], playable: int, limit: int) -> list[dict[str, Any]]:
    """The greedy steps of `implement_next` for scenarios lacking the needs `left`, `playable` already."""
    have: set[str] = set()
    steps: list[dict[str, Any]] = []
    while left and len(steps) < limit:
        rest = [needs - have for needs in left]
        best = min({frozenset(r) for r in rest}, key=lambda option: _unlock_score(option, rest))
        have |= best
        unlocked = [needs for needs in left if needs <= have]
        left = [needs for needs in left if not needs <= have]
        playable += len(unlocked)
        steps.append({"needs": sorted(best), "unlocks": len(unlocked), "playable": playable})
    return steps


def _unlock_score(option: frozenset[str], rest: list[set[str]]) -> tuple[float, int, int, list[str]]:
    """The greedy order of `implement_next`: scenarios made playable per need, then more scenarios, fewer needs."""
    unlocks = sum(1 for needs in rest if needs <= option)
    return (-unlocks / len(option), -unlocks, len(option), sorted(option))


# --- sections ---------------------------------------------------------------------------------------

_FEATURE_RE = re.compile(r"(?:^|/)features/(?P<edition>[^/]+)/(?P<section>\d+)[^/]*$")


def section_of(units: list[str], feature: str = "") -> str:
    """The report section of a scenario: ``"<edition> <number>"`` from its first unit id, else from its
    feature path (``features/classic/113-….feature``), else ``"other"``."""
    if units:
        edition, sep, rest = units[0].partition(":")
        if sep and rest:
            return f"{edition} {rest.split('.', 1)[0]}"
    match = _FEATURE_RE.search(feature.replace("\\", "/"))
    if match:
        return f"{match['edition']} {match['section']}"
    return _NO_SECTION


def _section_sort_key(section: str) -> tuple[int, str, float, str]:
    if section == _NO_SECTION:
        return (1, "", math.inf, "")
    edition, _, number = section.partition(" ")
    return (0, edition, int(number) if number.isdigit() else math.inf, number)


# --- schema -----------------------------------------------------------------------------------------


@cache
def results_schema() -> dict[str, Any]:
    """The JSON Schema of ``results.json``."""
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def validate_results_json(data: Any, source: str = "results.json") -> list[Problem]:
    """Every schema problem of a ``results.json`` document, each with its field path."""
    import jsonschema

    from harness.common.jsonschemas import validator_class

    validator_cls = validator_class(jsonschema.validators.validator_for(results_schema()))
    validator = validator_cls(results_schema(), format_checker=validator_cls.FORMAT_CHECKER)
    problems = []
    for error in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path).lstrip(".")
        problems.append(Problem(source, None, path or "(document)", error.message))
    return problems
