"""`berserk-rules check`: run the scenarios against an engine, print the summary, write the reports."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from harness.cli.expectations import update_expectations
from harness.cli.shared import (
    EXIT_ENGINE,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    load_rules,
    load_scenarios,
    make_console,
)
from harness.common import argtypes, paths
from harness.common.console import PytestProgress, progress
from harness.common.errors import InputError, Problem
from harness.common.facts import EDITIONS
from harness.common.sanitize import terminal
from harness.engines.process import signalled
from harness.engines.protocol import add_time_limit_options, time_limit_args
from harness.output.annotations import emit_github, print_results_review
from harness.output.reports import LAST_COMPLETE, print_summary
from harness.rules.review import load_lock, lock_path
from harness.run.runner import run
from harness.suite.features import duplicate_names

PYTEST_INTERRUPTED = 2        # pytest.ExitCode.INTERRUPTED (pytest is not imported before the run)


def cmd_check(ns: argparse.Namespace) -> int:
    corpus = load_rules()

    problems = unit_selector_problems(corpus, ns.unit)
    if problems:
        for problem in problems:
            print(f"--unit: {problem}", file=sys.stderr)
        return EXIT_USAGE
    twice = duplicate_names(load_scenarios())   # a feature file pytest-bdd cannot collect is reported here,
    if twice:                                   # with its file and line; a name it would drop, too
        raise InputError(twice)
    lock = load_lock(lock_path(paths.RULES), paths.ROOT)   # a corrupt review.lock is an error, never "untracked"
    report_dir = Path(ns.report_dir)
    extra = time_limit_args(ns)
    if ns.trace_dir:
        extra += ["--trace-dir", ns.trace_dir]
    if ns.reading and ns.engine_cmd:
        print("--reading chooses a reading of the built-in engine; an engine over the protocol declares the "
              "readings it holds in its hello (capabilities.readings)", file=sys.stderr)
        return EXIT_USAGE
    given: dict[str, list[str]] = {}
    for reading in ns.reading:
        group, _, value = reading.partition("=")
        given.setdefault(group, []).append(value)
    twice = {g: vs for g, vs in given.items() if len(vs) > 1}
    if twice:
        raise InputError([Problem("--reading", None, g, f"given {len(vs)} times ({', '.join(vs)}): a run plays one "
                                  "reading of a group; give it once") for g, vs in twice.items()])
    for reading in ns.reading:
        extra += ["--reading", reading]
    if ns.metamorphic:
        extra += ["--metamorphic"]
    if ns.shard:
        extra += ["--shard", ns.shard]
    with progress(None, "check: scenarios") as bar:  # the scenarios as they end, on stderr
        outcome = run(ns.unit, ns.edition, ns.expectations, ns.engine_cmd, report_dir=report_dir, quiet=True,
                      extra=extra, plugins=[PytestProgress(bar)], partial=True)
    code, results = outcome.code, outcome.results
    if results is None and code == PYTEST_INTERRUPTED and signalled():
        raise KeyboardInterrupt          # before the session could record anything: main says so (exit 130)
    if results is None and outcome.reports_failed:   # a full disk, a read-only folder: said above, in one line
        print(f"the scenarios ran, but their reports could not be written (why: above); the reports in "
              f"{report_dir} were left as they were", file=sys.stderr)
        return EXIT_USAGE
    if results is None:
        print(f"the scenarios could not be run (pytest exit code {code}); see the messages above", file=sys.stderr)
        return EXIT_USAGE
    if results.stopped:                  # one engine, one failure (harness/engines/startup.py)
        print(f"error: {terminal(results.stopped)}", file=sys.stderr)
        emit_github(results)
        print(f"{len(results.not_run)} scenario(s) not run; the reports say so (\"stopped\" in "
              f"{report_dir / 'results.json'})", file=sys.stderr)
        return EXIT_ENGINE
    if results.interrupted:
        console = make_console()
        print_summary(results, console)
        kept = report_dir / LAST_COMPLETE
        print(f"{results.incomplete_reason()}; "
              + (f"the reports say so (\"interrupted\": true in {report_dir / 'results.json'}, an INTERRUPTED error "
                 "in junit.xml, a banner in index.html)" if results.results else "the reports were left as they were")
              + (f"; the last complete reports are in {kept}" if kept.is_dir() else ""), file=sys.stderr)
        return EXIT_INTERRUPTED
    console = make_console()
    print_summary(results, console)
    emit_github(results)  # GITHUB_ACTIONS=true: ::error per unexpected result, $GITHUB_STEP_SUMMARY
    print_results_review(results, console)  # needs review: reported, never a failure of the run
    _print_unseen(results, lock, console)
    console.print(f"reports: {report_dir / 'results.json'}, {report_dir / 'junit.xml'}, {report_dir / 'index.html'}")
    if not results.results:
        console.print("no scenario matched the filters")
        return EXIT_FAILED
    too_few = results.summary()["played"] < ns.min_played      # a green run must have played something
    if too_few:
        console.print(f"the engine played {results.summary()['played']} scenario(s), fewer than --min-played "
                      f"{ns.min_played}: the run fails"
                      + (" (see the SKIP reasons)" if results.summary().get("SKIP") else ""), markup=False)
    if ns.update_expectations:
        n = update_expectations(results, Path(ns.update_expectations))
        console.print(f"expectations: wrote {n} entr{'y' if n == 1 else 'ies'} to {ns.update_expectations}")
        return EXIT_FAILED if too_few else EXIT_OK
    return EXIT_OK if results.ok and not too_few else EXIT_FAILED


def unit_selector_problems(corpus: Any, selectors: list[str]) -> list[str]:
    """What is wrong with each `--unit` value: a unit id, a clause or section to take every unit under it
    (`classic:113`, `classic:503.1`), or an assumption (`asm:<id>`)."""
    problems = []
    assumptions: set[str] | None = None
    for sel in selectors:
        if sel.startswith("asm:"):
            if assumptions is None:
                from harness.suite.session import load_assumptions

                assumptions = {a["id"] for a in load_assumptions()}
            if sel[4:] not in assumptions:
                problems.append(f"{sel} names no assumption of {paths.display(paths.ASSUMPTIONS)}")
            continue
        problem = corpus.selector_problem(sel)
        if problem:
            problems.append(problem)
    return problems


def _print_unseen(results: Any, lock: Any, console: Any) -> None:
    """After the summary: the scenarios of this run approved unseen (`approve --all`) on a substantive change,
    until someone approves them as reviewed (harness/rules/review.py; lint V006)."""
    ran = {r.scenario for r in results.results}
    unseen = [(sid, a.unseen) for sid, a in sorted(lock.scenarios.items()) if a.unseen and sid in ran]
    if not unseen:
        return
    console.print(f"Approved unseen: {len(unseen)} scenario(s) were approved with `approve --all` on a substantive "
                  "change, and nobody has reviewed them since:", markup=False, soft_wrap=True)
    for sid, units in unseen:
        console.print(f"  {sid} (unseen: {', '.join(units)})", markup=False, soft_wrap=True)
    console.print("review each one: `berserk-rules approve` on a terminal asks for it, or name it when reviewed "
                  "(`berserk-rules approve SCENARIO-ID`)", markup=False, soft_wrap=True)


def register(sub: Any) -> None:
    c = sub.add_parser("check", help="run every scenario against an engine and write reports")
    c.add_argument("--engine-cmd", type=argtypes.engine_cmd, help="an engine speaking the JSON-lines protocol (docs/PROTOCOL.md), "
                                        "e.g. \"python -m engine.serve\"")
    c.add_argument("--expectations", type=argtypes.input_file, help="YAML file of known failures (default: expectations/reference.yaml "
                                          "for the built-in engine, none with --engine-cmd)")
    c.add_argument("--update-expectations", metavar="FILE", type=argtypes.output_file,
                   help="write FILE (atomically) from this run: every non-PASS result with its message as the "
                        "reason; exit 0 once written")
    add_time_limit_options(c.add_argument)
    c.add_argument("--trace-dir", type=argtypes.output_dir, help="write every scenario's steps with the canonical state after each (JSON)")
    c.add_argument("--min-played", type=argtypes.whole_number, default=1, metavar="N",
                   help="fail the run when the engine played fewer than N scenarios to a verdict (default 1)")
    c.add_argument("--report-dir", type=argtypes.output_dir, default=paths.UnderReports(), help="where to write the reports (default: the reports/ folder of the suite's root when it is a checkout, ./reports for the installed suite)")
    c.add_argument("--metamorphic", action="store_true",
                   help="also play every scenario that passed with the players swapped, the board mirrored, the card "
                        "ids renamed and the board's lists permuted: a verdict that changes is a FAIL naming the "
                        "transformation (exclusions: features/metamorphic.yaml)")
    c.add_argument("--unit", action="append", default=[], type=argtypes.unit_selector, help="only scenarios naming this unit or one under it (a clause or section selects every unit under it: classic:113, classic:503.1), or depending on an assumption (asm:<id>)")
    c.add_argument("--edition", action="append", default=[], choices=EDITIONS)
    c.add_argument("--shard", type=shard_arg, metavar="K/N",
                   help="run only the K-th of N stable slices of the selected scenarios (by a hash of each scenario's "
                        "id; a job of a CI matrix each); `berserk-rules merge DIR…` joins the slices' reports")
    c.add_argument("--reading", action="append", default=[], type=reading_arg, metavar="GROUP=READING",
                   help="the built-in engine plays this reading where the text admits several (rules/assumptions.yaml "
                        "`readings:`; e.g. heroes-queue=fifo); scenarios resting on another reading are N/A")
    c.set_defaults(func=cmd_check)


def shard_arg(text: str) -> str:
    """A `--shard K/N` value (harness/run/shards.py)."""
    from harness.run.shards import parse_shard

    try:
        index, count = parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return f"{index}/{count}"


def reading_arg(text: str) -> str:
    """A `--reading GROUP=READING` value, checked against the readings the reference engine can play."""
    import engine

    group, sep, value = text.partition("=")
    problems = engine.readings_problems({group: value}) if sep else [f"expected GROUP=READING, got {text!r}"]
    if problems:
        raise argparse.ArgumentTypeError("; ".join(problems))
    return text
