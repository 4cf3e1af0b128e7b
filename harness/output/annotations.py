"""A run's results where CI shows them: a plain summary for logs, GitHub annotations and the job summary.

- `print_plain_summary`: the terminal summary of `harness.output.reports` in the form for a log (stdout not a
  tty, see `harness.common.console`): the sections as a plain list that fits an 80-column log, and every
  unexpected result on one line that starts with ``file:line:`` (its message on the lines below it,
  indented), so a log can be grepped and a failure copied.
- `github_annotations` / `emit_github`: when ``GITHUB_ACTIONS=true``, one ``::error file=…,line=…,title=…::``
  workflow command per unexpected result, on its scenario's line in its feature file, and a Markdown
  summary (the per-section table, the unexpected results with their rule units) appended to
  ``$GITHUB_STEP_SUMMARY``. Values are escaped as the workflow-command rules ask: in the message ``%``,
  CR and LF; in a property (``file``, ``title``) also ``:`` and ``,``.

The file of an annotation is the feature's path relative to the repository being checked out
(``$GITHUB_WORKSPACE``) when the kit lives inside it, else relative to the kit's root (GitHub then lists
the annotation on the run without placing it in a file); the `file` attributes of junit.xml use the same
base (`annotation_path`).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from rich.text import Text

from harness.common import paths
from harness.common.console import is_plain
from harness.run.results import STATUSES

STALE_SHOWN = 50     # stale expectation entries listed in a log or a job summary (results.json has them all)


# ------------------------------------------------------------------------------------------ plain summary
def finding_line(result: Any) -> str:
    """``features/x.feature:12: FAIL (expected PASS): <scenario id>`` — one unexpected result, one line."""
    return f"{result.feature}:{result.line}: {result.status} (expected {result.expected}): {result.scenario}"


def section_line(section: str, counts: dict[str, int]) -> str:
    parts = [f"{counts[s]} {s}" for s in STATUSES if counts[s]]
    return f"  {section}: {', '.join(parts) or 'none'}; {counts['unexpected']} unexpected"


def readings_line(results: Any) -> str:
    """The readings the run judged the engine by, for the run's header: those it declared, and those it was
    presumed to hold because its hello names no reading of their group (the kit's defaults, docs/PROTOCOL.md §5)."""
    run = results.run
    if not run.readings:
        return ""
    presumed = [g for g in run.readings_presumed if g in run.readings]
    declared = sorted(set(run.readings) - set(presumed))
    parts = []
    if declared:
        parts.append("declared " + ", ".join(f"{g}={run.readings[g]}" for g in declared))
    if presumed:
        parts.append(("the engine's hello declares no reading: " if not declared else "not declared, ")
                     + "presumed the kit's defaults " + ", ".join(f"{g}={run.readings[g]}" for g in presumed))
    return "readings: " + "; ".join(parts)


def print_plain_summary(results: Any, console: Any, message_lines: int = 6) -> None:
    """The run's summary for a log: no table borders, no wrapping, `file:line:` first."""
    run = results.run
    out = console.print
    out(f"{run.engine} {run.engine_version} · protocol {run.protocol_version} · suite {run.suite_version} · "
        f"seed {run.seed} · {run.duration_s:.2f}s"
        + (f" · shard {run.shard['index']}/{run.shard['count']}" if getattr(run, "shard", None) else ""), markup=False)
    if readings_line(results):
        out(readings_line(results), markup=False)
    summary = results.summary()
    out("Results by section:", markup=False)
    for section, counts in results.by_section():
        out(section_line(section, counts), markup=False)
    parts = [f"{summary[s]} {s}" for s in STATUSES if summary[s]]
    verdict = "OK, every result as expected" if summary["ok"] else f"{summary['unexpected']} unexpected"
    if not results.complete:
        verdict = ("INTERRUPTED: " if results.interrupted else "STOPPED: ") + results.incomplete_reason() \
            + (f", {summary['unexpected']} unexpected" if summary["unexpected"] else "")
    out(f"{summary['total']} scenarios: {', '.join(parts) or 'none'} — {verdict}", markup=False)
    if summary.get("needs_review"):
        out(f"{summary['needs_review']} scenario(s) need review: their rule units changed wording", markup=False)
    if results.unexpected:
        out("Unexpected results:", markup=False)
    for result in results.unexpected:
        out(finding_line(result), markup=False)
        lines = result.explanation().rstrip().splitlines()
        if len(lines) > message_lines:
            lines = lines[:message_lines] + [f"… ({len(lines) - message_lines} more lines in the report)"]
        for ln in lines:
            out("    " + ln, markup=False)
    known = sum(1 for r in results.results if r.known_failure)
    if known:
        out(f"{known} known failure(s) listed in the expectations file", markup=False)
    if results.stale_expectations:
        out(f"Stale expectations (match no scenario): {len(results.stale_expectations)}", markup=False)
        for entry in results.stale_expectations[:STALE_SHOWN]:
            out(f"  {entry}", markup=False)
        if len(results.stale_expectations) > STALE_SHOWN:
            out(f"  … and {len(results.stale_expectations) - STALE_SHOWN} more (results.json lists them all)",
                markup=False)


# ------------------------------------------------------------------------------------------ GitHub Actions
def in_github_actions(env: dict[str, str] | None = None) -> bool:
    return (env if env is not None else os.environ).get("GITHUB_ACTIONS", "").lower() == "true"


def escape_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF escaped."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as data, and ``:`` and ``,`` escaped too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def workflow_command(command: str, message: str, **props: Any) -> str:
    """``::command key=value,…::message`` with every part escaped (properties with a None value left out)."""
    given = ",".join(f"{k}={escape_property(str(v))}" for k, v in props.items() if v is not None)
    return f"::{command}{' ' + given if given else ''}::{escape_data(message)}"


def annotation_path(feature: str, env: dict[str, str] | None = None) -> str:
    """The feature's path as GitHub places annotations: relative to $GITHUB_WORKSPACE when inside it."""
    env = env if env is not None else dict(os.environ)
    path = (paths.ROOT / feature).resolve()
    workspace = env.get("GITHUB_WORKSPACE")
    if workspace:
        try:
            return path.relative_to(Path(workspace).resolve()).as_posix()
        except ValueError:
            pass
    try:
        return path.relative_to(paths.ROOT.resolve()).as_posix()
    except ValueError:
        return feature


def github_annotations(results: Any, env: dict[str, str] | None = None) -> list[str]:
    """One ``::error`` workflow command per unexpected result (a known failure is not one)."""
    out = []
    if results.stopped:          # one engine, one failure: one annotation, on no file
        out.append(workflow_command("error", results.stopped, title="the engine could not be started"))
    for r in results.unexpected:
        title = f"{r.status} (expected {r.expected}): {r.name}"
        message = f"{r.scenario}\nunits: {', '.join(r.units) or '—'}\n{r.explanation()}"
        out.append(workflow_command("error", message, file=annotation_path(r.feature, env), line=r.line,
                                    title=title))
    return out


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def step_summary_markdown(results: Any) -> str:
    """The job summary: the run, the per-section table and the unexpected results with their units."""
    run = results.run
    summary = results.summary()
    verdict = "✅ every result as expected" if summary["ok"] else f"❌ {summary['unexpected']} unexpected"
    if results.stopped and not results.results:   # one line: the engine never played, no table to show
        return f"## berserk-rules check: ❌ {_md_cell(results.stopped)}\n"
    if not results.complete:
        verdict = f"❌ {results.incomplete_reason()}"
    lines = [f"## berserk-rules check: {verdict}", "",
             f"{run.engine} {run.engine_version} · protocol {run.protocol_version} · suite {run.suite_version} · "
             f"{run.duration_s:.1f} s", "",
             "| section | " + " | ".join(STATUSES) + " | total | unexpected |",
             "|---|" + "---:|" * (len(STATUSES) + 2)]
    for section, counts in results.by_section():
        lines.append(f"| {section} | " + " | ".join(str(counts[s]) for s in STATUSES)
                     + f" | {counts['total']} | {counts['unexpected']} |")
    lines.append("| **total** | " + " | ".join(str(summary[s]) for s in STATUSES)
                 + f" | {summary['total']} | {summary['unexpected']} |")
    if results.unexpected:
        lines += ["", "### Unexpected results", "", "| status | scenario | units | where | message |",
                  "|---|---|---|---|---|"]
        for r in results.unexpected:
            first = (r.explanation().strip().splitlines() or [""])[0]
            lines.append(f"| {r.status} (expected {r.expected}) | {_md_cell(r.scenario)} | "
                         f"{_md_cell(', '.join(f'`{u}`' for u in r.units))} | `{r.feature}:{r.line}` | "
                         f"{_md_cell(first)} |")
    known = sum(1 for r in results.results if r.known_failure)
    if known:
        lines += ["", f"{known} known failure(s) listed in the expectations file."]
    if results.stale_expectations:
        shown = ", ".join(results.stale_expectations[:STALE_SHOWN])
        more = len(results.stale_expectations) - STALE_SHOWN
        lines += ["", f"Stale expectations (match no scenario): {shown}"
                      + (f" … and {more} more (results.json lists them all)" if more > 0 else "")]
    return "\n".join(lines) + "\n"


def emit_github(results: Any, env: dict[str, str] | None = None) -> int:
    """When in GitHub Actions: print the annotations (stdout, where the runner reads workflow commands) and
    append the Markdown summary to $GITHUB_STEP_SUMMARY when set. Returns the number of annotations."""
    env = env if env is not None else dict(os.environ)
    if not in_github_actions(env):
        return 0
    commands = github_annotations(results, env)
    for c in commands:
        print(c, flush=True)
    summary_file = env.get("GITHUB_STEP_SUMMARY")
    if summary_file:
        with open(summary_file, "a", encoding="utf-8", newline="\n") as f:
            f.write(step_summary_markdown(results))
    return len(commands)


def lint_annotations(findings: list[Any], env: dict[str, str] | None = None) -> list[str]:
    """`lint` findings as workflow commands (error → ::error, warning → ::warning, info → ::notice)."""
    kind = {"error": "error", "warning": "warning", "info": "notice"}
    return [workflow_command(kind.get(f.severity, "notice"), f"{f.code} {f.name}: {f.message}",
                             file=annotation_path(f.file, env) if f.file else None, line=f.line or None,
                             title=f"{f.code} {f.name}")
            for f in findings]


def emit_lint_annotations(findings: list[Any], env: dict[str, str] | None = None) -> int:
    """When in GitHub Actions: print `lint_annotations` of the errors and warnings (stdout)."""
    env = env if env is not None else dict(os.environ)
    if not in_github_actions(env):
        return 0
    commands = lint_annotations([f for f in findings if f.severity in ("error", "warning")], env)
    for c in commands:
        print(c, flush=True)
    return len(commands)


def print_plain_review(pending: list[Any], console: Any) -> None:
    """Scenarios needing review (harness/rules/review.py) for a log: one `file:line:` line each."""
    out = console.print
    out(f"Needs review: {len(pending)} scenario(s) name rule units whose text changed since the last review "
        "(not an engine failure)", markup=False)
    for r in pending:
        out(f"{r.feature}:{r.line}: needs review (changed: {', '.join(r.review_units)}): {r.scenario}", markup=False)
    out(_approve_hint(pending), markup=False)


def _approve_hint(pending: list[Any]) -> str:
    """What to run next: `approve` shows each change next to the scenario's checks and asks per scenario."""
    units = " ".join(sorted({u for r in pending for u in r.review_units}))
    return (f"Review them against the new wording: berserk-rules approve {units} (on a terminal it shows each "
            "change with the scenarios' checks and asks per scenario; editorial changes alone: "
            "berserk-rules approve --editorial)")


def print_results_review(results: Any, console: Any) -> None:
    """After a run: every scenario needing review, with the units whose text changed (for ``check``)."""
    pending = [r for r in results.results if getattr(r, "review", None) == "needs_review"]
    if not pending:
        return
    if is_plain(console):  # a log: one `file:line:` line per scenario
        return print_plain_review(pending, console)
    # soft_wrap: ids and commands stay on one line, whatever the terminal's width
    console.print(Text(f"Needs review: {len(pending)} scenario(s) name rule units whose text changed since the "
                       "last review (not an engine failure)", style="bold yellow"), soft_wrap=True)
    for r in pending:
        console.print(Text(f"  {r.scenario}"), soft_wrap=True)
        console.print(Text(f"    at {r.feature}:{r.line}; changed: {', '.join(r.review_units)}", style="dim"),
                      soft_wrap=True)
    console.print(Text(_approve_hint(pending), style="yellow"), soft_wrap=True)
