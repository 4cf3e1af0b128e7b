"""Renderers of a run's results: ``results.json``, ``junit.xml``, ``index.html`` and the terminal summary.

Every file is written atomically: rendered in memory, written to a temporary file in the same folder,
then moved over the old one with `os.replace`.  `write_reports` renders all three and writes all three
temporaries before replacing any, so a failure while rendering or writing leaves the previous reports
intact and no temporary files behind.

A run that did not end (interrupted by a signal, or stopped because the engine could not be started) never
passes for a complete one: every format says so (results.json `interrupted`/`stopped` and `not_run`; in
junit.xml a testsuite «berserk-rules run» with one error naming it and the scenarios not run; a banner at the
top of index.html), and the complete set it replaces is kept in `last-complete/` beside it. An interrupted
run with no result at all leaves the reports as they were.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from harness.common import paths
from harness.common.sanitize import terminal
from harness.output.coverage import coverage_data
from harness.rules.corpus import load_corpus
from harness.run.results import STATUSES, RunResults, ScenarioResult
from harness.suite.features import scan_features, scenarios_by_unit
from harness.suite.session import load_assumptions
from harness.suite.world import fork_summary

TEMPLATE_DIR = Path(__file__).parent.parent / "templates"
HTML_TEMPLATE = "index.html.j2"

RESULTS_JSON = "results.json"
JUNIT_XML = "junit.xml"
INDEX_HTML = "index.html"
LAST_COMPLETE = "last-complete"      # where an incomplete run keeps the complete set it replaces

_STYLE = {
    "PASS": "green",
    "PARTIAL": "yellow",
    "N/A": "dim",
    "FAIL": "red",
    "ERROR": "magenta",
    "CRASH": "bold magenta",
    "TIMEOUT": "yellow",
    "SKIP": "cyan",
}


# --- atomic writing ---------------------------------------------------------------------------------


def _write_atomically(files: Mapping[Path, bytes]) -> None:
    """Write every temporary first, then replace; on any error remove the temporaries and re-raise. Only
    regular files are replaced (harness/common/safeio.py): a device or a folder in the way is an InputError."""
    from harness.common.safeio import atomic_write_many

    atomic_write_many(files)


# --- results.json -----------------------------------------------------------------------------------


def render_results_json(results: RunResults) -> bytes:
    text = json.dumps(results.to_json(), ensure_ascii=False, indent=2, allow_nan=False)
    return (text + "\n").encode("utf-8")


def write_results_json(results: RunResults, path: str | Path) -> Path:
    path = Path(path)
    _write_atomically({path: render_results_json(results)})
    return path


# --- junit.xml --------------------------------------------------------------------------------------

# Characters XML 1.0 cannot carry (an engine's garbage output may contain them).
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _x(text: str) -> str:
    return _XML_INVALID.sub("\ufffd", text)


def _seconds(value: float) -> str:
    return f"{value:.3f}"


def _classname(feature: str) -> str:
    name = feature.replace("\\", "/")
    if name.endswith(".feature"):
        name = name[: -len(".feature")]
    return name.replace("/", ".")


def _expectation(result: ScenarioResult) -> str:
    return f"expected {result.expected}: {result.reason}" if result.reason else f"expected {result.expected}"


def _steps_text(result: ScenarioResult) -> str:
    """The steps up to and including the failing one (all reached steps when none is marked failed)."""
    lines = []
    for step in result.steps:
        if step.status == "skipped":
            break
        mark = "FAILED" if step.status == "failed" else "passed"
        lines.append(f"  {step.keyword} {step.text}  (line {step.line}) [{mark}]")
        if step.status == "failed":
            break
    return "\n".join(lines)


def _detail(result: ScenarioResult) -> str:
    parts = [result.message] if result.message else []
    steps = _steps_text(result)
    if steps:
        parts.append("Steps:\n" + steps)
    return _x("\n\n".join(parts))


def _outcome(result: ScenarioResult) -> tuple[str, dict[str, str], str] | None:
    """The JUnit element (tag, attributes, text) for a result, None for a plain pass. Every result as expected but
    a PASS is `skipped` (a SKIP, an N/A, an expected PARTIAL, a known failure) and every unexpected one a `failure`
    (FAIL, an unexpected pass) or an `error` (the rest), so JUnit's counts are pytest's (`junit_counts`)."""
    if result.status == "SKIP":
        return "skipped", {"message": _x(result.message or "skipped")}, ""
    if result.status == "N/A":           # resting on a reading the engine does not hold: the reason names it
        return "skipped", {"type": "N/A", "message": _x(f"N/A: {result.message}")}, ""
    if result.status == "PARTIAL" and result.as_expected:     # never a pass: some checks were not run
        return "skipped", {"message": _x(f"PARTIAL: {result.message}")}, ""
    if result.known_failure:
        return "skipped", {"message": _x(_expectation(result))}, _detail(result)
    if result.unexpected_pass:
        message = f"unexpected pass ({_expectation(result)})"
        return "failure", {"message": _x(message), "type": "UNEXPECTED_PASS"}, message
    if result.status == "PASS":
        return None
    message = result.message or result.status
    if result.expected != "PASS":
        message = f"{message} ({_expectation(result)})"
    tag = "failure" if result.status == "FAIL" else "error"
    return tag, {"message": _x(message), "type": result.status}, _detail(result)


_COUNT_OF = {"failure": "failures", "error": "errors", "skipped": "skipped"}


def junit_counts(results: RunResults) -> dict[str, int]:
    """The scenarios as junit.xml counts them: tests, failures, errors, skipped and passed (the incomplete run's
    one error aside). failures + errors are the unexpected results, pytest's *failed*."""
    counts = dict.fromkeys(("tests", "failures", "errors", "skipped", "passed"), 0)
    for result in results.results:
        counts["tests"] += 1
        outcome = _outcome(result)
        counts[_COUNT_OF[outcome[0]] if outcome else "passed"] += 1
    return counts


def _property(parent: ET.Element, name: str, value: str) -> None:
    ET.SubElement(parent, "property", {"name": name, "value": _x(value)})


def _case_lines(result: ScenarioResult, where: str) -> list[str]:
    """What JUnit's schema gives no attribute for, as `key: value` lines of the testcase's <system-out> (the
    Jenkins schema allows a testcase no <properties> and no file or line attribute): shown by Jenkins and GitLab
    with the test."""
    lines = [f"scenario_id: {result.scenario}", f"file: {where}:{result.line}"]
    lines += [f"unit: {unit}" for unit in result.units]
    lines += [f"assumption: {assumption}" for assumption in result.assumptions]
    lines += [f"reading: {reading}" for reading in result.readings]
    lines += [f"status: {result.status}", f"expected: {result.expected}"]
    if result.reason:
        lines.append(f"reason: {result.reason}")
    if result.fork:
        lines.append(f"fork: {fork_summary(result.fork)}")
    for check in result.checks:        # a verdict per check (PASS, FAIL, NOTRUN, NOTREACHED)
        lines.append(f"check: {check.check} {check.verdict} (line {check.line}): {check.keyword} {check.text}"
                     + (f" — {check.message}" if check.message else ""))
    if result.missing:
        lines.append(f"missing: {', '.join(result.missing)}")
    return lines


def case_fields(case: ET.Element) -> list[tuple[str, str]]:
    """The `key: value` lines of a testcase's <system-out> (`_case_lines`), as pairs."""
    out = case.find("system-out")
    pairs = []
    for line in (out.text or "").splitlines() if out is not None else ():
        key, sep, value = line.partition(": ")
        if sep:
            pairs.append((key, value))
    return pairs


def render_junit(results: RunResults) -> bytes:
    """junit.xml, valid against the JUnit schema of the Jenkins xUnit plugin (tests/data/junit-jenkins.xsd): one
    testsuite per feature file (its `file`, the run's properties), one testcase per scenario (its outcome, and
    what the schema has no place for in its <system-out>: `_case_lines`)."""
    run = results.run
    by_feature: dict[str, list[ScenarioResult]] = {}
    for result in results.results:
        by_feature.setdefault(result.feature, []).append(result)

    root = ET.Element("testsuites", {"name": "berserk-rules"})
    totals = dict.fromkeys(("tests", "failures", "errors"), 0)
    total_time = 0.0
    from harness.output.annotations import annotation_path

    for feature in sorted(by_feature):
        # `file`: the path from the workspace root, as the annotations give it ($GITHUB_WORKSPACE when set), so a
        # CI tool that reads JUnit places the failure in the checked-out repository
        where = annotation_path(feature)
        suite = ET.SubElement(root, "testsuite", {"name": _x(feature), "file": _x(where)})
        properties = ET.SubElement(suite, "properties")
        for name in ("engine", "engine_version", "protocol_version", "suite_version", "seed"):
            _property(properties, name, str(getattr(run, name)))
        counts = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
        suite_time = 0.0
        for result in by_feature[feature]:
            case = ET.SubElement(suite, "testcase", {"classname": _x(_classname(feature)), "name": _x(result.name),
                                                     "time": _seconds(result.duration_s)})
            counts["tests"] += 1
            suite_time += result.duration_s
            outcome = _outcome(result)
            if outcome is not None:
                tag, attrs, text = outcome
                element = ET.SubElement(case, tag, attrs)
                if text:
                    element.text = text
                counts[_COUNT_OF[tag]] += 1
            ET.SubElement(case, "system-out").text = _x("\n".join(_case_lines(result, where)))
        suite.set("time", _seconds(suite_time))
        suite.set("timestamp", run.started)
        for key, value in counts.items():
            suite.set(key, str(value))
            if key in totals:
                totals[key] += value
        total_time += suite_time
    if not results.complete:
        _incomplete_suite(root, results)
        totals["tests"] += 1
        totals["errors"] += 1
    for key, value in totals.items():     # the schema gives <testsuites> no `skipped`: each testsuite has its own
        root.set(key, str(value))
    root.set("time", _seconds(results.run.duration_s or total_time))
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def _incomplete_suite(root: ET.Element, results: RunResults) -> None:
    """The first testsuite of an interrupted or stopped run: one error naming why and the scenarios not run
    (as pytest marks an interrupted session), so a CI job that reads only JUnit sees it."""
    kind = "ENGINE" if results.stopped else "INTERRUPTED"
    reason = results.incomplete_reason()
    suite = ET.Element("testsuite", {"name": "berserk-rules run", "tests": "1", "failures": "0", "errors": "1",
                                     "skipped": "0", "time": _seconds(0.0), "timestamp": results.run.started})
    properties = ET.SubElement(suite, "properties")
    _property(properties, "interrupted" if kind == "INTERRUPTED" else "stopped", "true")
    _property(properties, "not_run", str(len(results.not_run)))
    case = ET.SubElement(suite, "testcase", {"classname": "berserk-rules", "time": _seconds(0.0),
                                             "name": "the engine could not be started" if results.stopped
                                             else "the run was interrupted"})
    error = ET.SubElement(case, "error", {"type": kind, "message": _x(reason)})
    error.text = _x(reason + ("\n\nnot run:\n" + "\n".join(results.not_run) if results.not_run else ""))
    root.insert(0, suite)


def write_junit(results: RunResults, path: str | Path) -> Path:
    path = Path(path)
    _write_atomically({path: render_junit(results)})
    return path


# --- index.html -------------------------------------------------------------------------------------


def _jinja_env():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def _coverage_view(coverage: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Scalars of the coverage block as rows, lists as collapsible id lists, and the covered percentage."""
    if not coverage:
        return None
    total_key = next((k for k in ("total", "units_total", "units") if k in coverage), None)
    covered_key = next((k for k in ("covered", "units_covered") if k in coverage), None)
    total = coverage[total_key] if total_key else None
    covered = coverage[covered_key] if covered_key else None
    if isinstance(total, list | tuple):
        total = len(total)
    if isinstance(covered, list | tuple):
        covered = len(covered)
    percent = None
    if isinstance(total, int) and isinstance(covered, int) and total > 0:
        percent = round(100.0 * covered / total, 1)
    scalars, lists = [], []
    headline = {total_key, covered_key} if total is not None and covered is not None else set()
    for key, value in coverage.items():
        if key in headline:
            continue
        if isinstance(value, list | tuple) and value and all(isinstance(v, Mapping) and "id" in v for v in value):
            # per-unit rows (harness.output.coverage): list the units that are not covered
            named = [str(v["id"]) for v in value if not v.get("covered") and v.get("scenarios")]
            unnamed = [str(v["id"]) for v in value if not v.get("covered") and not v.get("scenarios")]
            lists.append(("units with scenarios, none passing", named))
            lists.append(("units with no scenario", unnamed))
        elif isinstance(value, list | tuple):
            lists.append((str(key), [str(v) for v in value]))
        elif isinstance(value, Mapping):
            lists.append((str(key), [f"{k}: {v}" for k, v in value.items()]))
        else:
            scalars.append((str(key), str(value)))
    return {"total": total, "covered": covered, "percent": percent, "scalars": scalars, "lists": lists}


def _assumption_view(item: Any) -> dict[str, str]:
    """An assumption (a mapping, or an object with attributes) as strings, with id/question/choice/reason."""
    if isinstance(item, Mapping):
        data = dict(item)
    elif dataclasses.is_dataclass(item) and not isinstance(item, type):
        data = dataclasses.asdict(item)
    else:
        data = {key: getattr(item, key, "") for key in ("id", "question", "choice", "reason")}
    view = {str(k): "" if v is None else str(v) for k, v in data.items()}
    for key in ("id", "question", "choice", "reason"):
        view.setdefault(key, "")
    return view


def render_html(results: RunResults, extra: Mapping[str, Any] | None = None) -> str:
    extra = extra or {}
    assumptions = [_assumption_view(item) for item in extra.get("assumptions") or []]
    rows = [{"result": r, "anchor": f"r{i}"} for i, r in enumerate(results.results, 1)]
    anchors = {row["result"].scenario: row for row in rows}
    template = _jinja_env().get_template(HTML_TEMPLATE)
    return template.render(
        unit_sections=_unit_sections_view(extra.get("units"), anchors),
        notes=[str(n) for n in extra.get("notes") or []],
        run=results.run,
        rows=rows,
        summary=results.summary(),
        sections=results.by_section(),
        unexpected=[row for row in rows if not row["result"].as_expected],
        known=[row for row in rows if row["result"].known_failure],
        stale=results.stale_expectations,
        statuses=STATUSES,
        assumptions=assumptions,
        coverage=_coverage_view(extra.get("coverage")),
        expectation=_expectation,
        fork_summary=fork_summary,
        incomplete=results.incomplete_reason(),
        interrupted=results.interrupted,
        not_run=results.not_run,
    )


def write_html(results: RunResults, path: str | Path, extra: Mapping[str, Any] | None = None) -> Path:
    path = Path(path)
    _write_atomically({path: render_html(results, extra).encode("utf-8")})
    return path


# --- the rule units of the corpus -------------------------------------------------------------------

_WORST = ("CRASH", "ERROR", "TIMEOUT", "FAIL", "SKIP", "PASS")


def units_table(results: RunResults) -> list[dict[str, Any]]:
    """Every unit of the corpus, by rules section (edition and number, in corpus order), with the results of
    the run for the scenarios naming it and how many scenarios of the suite name it but did not run."""
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    named = scenarios_by_unit(scan_features(paths.FEATURES, root=paths.ROOT))
    ran: dict[str, list[ScenarioResult]] = {}
    for r in results.results:
        for unit in r.units:
            ran.setdefault(unit, []).append(r)
    sections: dict[str, dict[str, Any]] = {}
    for u in corpus.units:
        key = f"{u.edition} {u.section}"
        sec = sections.setdefault(key, {"key": key, "title": u.section_title, "file": u.file, "units": []})
        mine = ran.get(u.id, [])
        suite = {i for s in named.get(u.id, []) for i in s.ids}
        status = next((st for st in _WORST if any(r.status == st for r in mine)), None)
        sec["units"].append({
            "id": u.id, "kind": u.kind, "label": u.label, "file": u.file, "line": u.line,
            "text": u.text if len(u.text) <= 110 else u.text[:109].rstrip() + "…",
            "scenarios": [r.scenario for r in mine], "status": status,
            "not_run": len(suite - {r.scenario for r in mine}),
        })
    return list(sections.values())


def _unit_sections_view(sections: Any, anchors: Mapping[str, Any]) -> list[dict[str, Any]]:
    out = []
    for sec in sections or []:
        units = []
        for u in sec["units"]:
            runs = [anchors[s] for s in u["scenarios"] if s in anchors]
            units.append({**u, "runs": runs})
        counts = {
            "units": len(units),
            "with_scenarios": sum(1 for u in units if u["runs"] or u["not_run"]),
            "passing": sum(1 for u in units if u["runs"] and all(r["result"].status == "PASS" for r in u["runs"])),
            "unexpected": sum(1 for u in units if any(not r["result"].as_expected for r in u["runs"])),
        }
        out.append({**sec, "units": units, "counts": counts})
    return out


def _coverage(results: RunResults) -> dict[str, Any]:
    return coverage_data(results)


def _assumptions() -> list[dict[str, Any]]:
    return load_assumptions()


def default_extra(results: RunResults, skip: Iterable[str] = ()) -> dict[str, Any]:
    """What `write_reports` adds to a run's page unless given: the units of the corpus by section
    (`units_table`), their coverage (`harness.output.coverage`) and the assumptions register. A part that
    cannot be computed (a broken rules or feature file) is left out with a note instead of failing the run."""
    extra: dict[str, Any] = {}
    notes: list[str] = []
    parts: dict[str, Callable[[], Any]] = {
        "units": lambda: units_table(results),
        "coverage": lambda: _coverage(results),
        "assumptions": _assumptions,
    }
    for key, compute in parts.items():
        if key in set(skip):
            continue
        try:
            extra[key] = compute()
        except Exception as exc:  # noqa: BLE001 - a report is still written, with the reason
            notes.append(f"{key}: not available ({type(exc).__name__}: {exc})")
    if notes:
        extra["notes"] = notes
    return extra


# --- all three --------------------------------------------------------------------------------------


def write_reports(
    results: RunResults, report_dir: str | Path, extra: Mapping[str, Any] | None = None
) -> dict[str, Path]:
    """Write ``results.json``, ``junit.xml`` and ``index.html`` into `report_dir` (created if missing),
    all or nothing; returns ``{"json": …, "junit": …, "html": …}``."""
    report_dir = Path(report_dir)
    files = {
        "json": report_dir / RESULTS_JSON,
        "junit": report_dir / JUNIT_XML,
        "html": report_dir / INDEX_HTML,
    }
    if results.interrupted and not results.results:
        return {}                    # interrupted before any scenario ended: the reports stay as they were
    extra = {**default_extra(results, skip=set(extra or ())), **(extra or {})}
    rendered = {
        files["json"]: render_results_json(results),
        files["junit"]: render_junit(results),
        files["html"]: render_html(results, extra).encode("utf-8"),
    }
    if results.complete:
        _write_atomically(rendered)
        _drop_last_complete(report_dir)
        return files
    from harness.common.safeio import signals_deferred

    with signals_deferred():         # the complete set moves aside and the marked one comes, or neither
        _keep_last_complete(report_dir, list(files.values()))
        _write_atomically(rendered)
    return files


def _drop_last_complete(report_dir: Path) -> None:
    """A complete run supersedes the set an interrupted one kept aside: remove it (its three files only)."""
    kept = report_dir / LAST_COMPLETE
    for name in (RESULTS_JSON, JUNIT_XML, INDEX_HTML):
        try:
            (kept / name).unlink()
        except OSError:
            pass
    try:
        kept.rmdir()
    except OSError:
        pass


def _is_complete_report(path: Path) -> bool:
    """Whether `path` is the results.json of a complete run (one that was neither interrupted nor stopped)."""
    from harness.common.errors import InputError
    from harness.common.safeio import read_bytes_bounded

    try:
        data = json.loads(read_bytes_bounded(path))
    except (InputError, ValueError):
        return False
    return isinstance(data, dict) and "results" in data and not data.get("interrupted") \
        and not data.get("stopped") and not data.get("not_run")


def _keep_last_complete(report_dir: Path, files: list[Path]) -> None:
    """Before an incomplete run's reports replace a complete set, move that set to `last-complete/` (an
    incomplete set there is replaced by nothing: the last complete one stays)."""
    if not _is_complete_report(report_dir / RESULTS_JSON):
        return
    kept = report_dir / LAST_COMPLETE
    try:
        kept.mkdir(exist_ok=True)
        for path in files:
            if path.is_file():
                os.replace(path, kept / path.name)
    except OSError as exc:
        from harness.common.errors import InputError, Problem

        raise InputError(Problem(str(kept), None, None, f"the last complete reports could not be kept there: "
                                                        f"{exc.strerror or exc}")) from None


# --- terminal ---------------------------------------------------------------------------------------


def _first_lines(text: str, limit: int = 6) -> str:
    lines = text.rstrip().splitlines()
    if len(lines) > limit:
        lines = lines[:limit] + [f"… ({len(lines) - limit} more lines in the report)"]
    return "\n".join(lines)


def print_summary(results: RunResults, console: Console) -> None:
    """Per-section table, totals, and every unexpected result with its message (no markup is interpreted
    in names or messages, so engine output prints verbatim)."""
    from harness.common.console import is_plain

    if is_plain(console):  # a log: a plain list, one unexpected result per `file:line:` line
        from harness.output.annotations import print_plain_summary

        print_plain_summary(results, console)
        console.print(played_line(results), markup=False)
        return
    run = results.run
    console.print(
        Text(
            f"{terminal(run.engine)} {terminal(run.engine_version)} · protocol {run.protocol_version} · "
            f"suite {run.suite_version} · seed {run.seed} · {run.duration_s:.2f}s"
            + (f" · shard {run.shard['index']}/{run.shard['count']}" if run.shard else "")
        )
    )
    from harness.output.annotations import readings_line

    if readings_line(results):
        console.print(Text(terminal(readings_line(results))))
    table = Table(title="Results by section", title_justify="left", show_footer=True)
    summary = results.summary()
    table.add_column("section", footer="total")
    for status in STATUSES:
        table.add_column(status, justify="right", style=_STYLE[status], footer=str(summary[status]))
    table.add_column("total", justify="right", footer=str(summary["total"]))
    table.add_column("unexpected", justify="right", footer=str(summary["unexpected"]))
    for section, counts in results.by_section():
        cells = [str(counts[s]) if counts[s] else "·" for s in STATUSES]
        unexpected = Text(str(counts["unexpected"]), style="bold red" if counts["unexpected"] else "")
        table.add_row(Text(section), *cells, str(counts["total"]), unexpected)
    console.print(table)

    parts = [f"{summary[s]} {s}" for s in STATUSES if summary[s]]
    line = Text(f"{summary['total']} scenarios: " + (", ".join(parts) or "none") + " — ")
    if results.interrupted or results.not_run:
        line.append(f"INTERRUPTED: {len(results.not_run)} scenario(s) not run"
                    + (f", {summary['unexpected']} unexpected" if summary["unexpected"] else ""), style="bold red")
    elif summary["ok"]:
        line.append("OK, every result as expected", style="bold green")
    else:
        line.append(f"{summary['unexpected']} unexpected", style="bold red")
    console.print(line)
    console.print(Text(played_line(results)))
    if summary.get("needs_review"):  # harness/rules/review.py: wording changed since the last review
        console.print(Text(f"{summary['needs_review']} scenario(s) need review: their rule units changed wording", style="bold yellow"))

    unexpected = results.unexpected
    if unexpected:
        console.print(Text("Unexpected results:", style="bold"))
        for result in unexpected:
            head = Text("  ")
            head.append(result.status, style=_STYLE[result.status])
            head.append(f" (expected {result.expected}) {terminal(result.scenario)}")
            console.print(head)
            console.print(Text(f"    at {result.feature}:{result.line}", style="dim"))
            message = _first_lines(terminal(result.explanation()))
            console.print(Text("\n".join("    " + ln for ln in message.splitlines())))
    known = sum(1 for r in results.results if r.known_failure)
    if known:
        console.print(Text(f"{known} known failure(s) listed in the expectations file", style="dim"))
    if results.stale_expectations:
        console.print(
            Text(f"Stale expectations (match no scenario): {len(results.stale_expectations)}", style="yellow")
        )
        from harness.output.annotations import STALE_SHOWN

        for entry in results.stale_expectations[:STALE_SHOWN]:
            console.print(Text(f"  {terminal(entry)}"))
        more = len(results.stale_expectations) - STALE_SHOWN
        if more > 0:
            console.print(Text(f"  … and {more} more (results.json lists them all)"))



def played_line(results: RunResults) -> str:
    """How many scenarios the engine played, and the run in pytest's and junit.xml's words, which agree with the
    kit's (`junit_counts`, the one count): *failed* are the unexpected results (an unexpected pass included), JUnit's
    failures and errors; *passed* the expected PASSes; *skipped* the SKIPs, the N/As, the expected PARTIALs and the
    known failures."""
    summary = results.summary()
    junit = junit_counts(results)
    passed, failed = junit["passed"], junit["failures"] + junit["errors"]     # = summary["unexpected"]
    checks = summary["checks"]
    line = (f"played: {summary['played']} of {summary['total']} scenarios ran to a verdict (PASS, PARTIAL or FAIL) · "
            f"checks: {checks['run']} of {checks['total']} run ({checks['passed']} passed, {checks['failed']} failed), "
            f"{checks['notrun']} not run, {checks['not_reached']} not reached · "
            f"as pytest and junit.xml count them: {failed} failed ({junit['failures']} failures, {junit['errors']} "
            f"errors), {passed} passed, {junit['skipped']} skipped")
    conf = summary["conformance"]
    if conf["readings"]["total"] or summary.get("N/A"):
        held = ", ".join(f"{g}={v}" for g, v in sorted(results.run.readings.items())) or "the kit's defaults"
        line += (f"\nconformance: to the text alone {conf['text']['pass']} PASS of {conf['text']['total']} scenarios; "
                 f"to the readings held ({held}) {conf['readings']['pass']} PASS of {conf['readings']['total']}; "
                 f"{summary.get('N/A', 0)} N/A (resting on a reading the engine does not hold)")
    steps = summary["implement_next"]
    if steps:
        line += "\nimplement next (greedy, for the most scenarios made playable):"
        for step in steps[:10]:
            line += (f"\n  {', '.join(step['needs'])} → +{step['unlocks']} playable ({step['playable']} of "
                     f"{summary['total']})")
    return line
