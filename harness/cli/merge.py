"""`berserk-rules merge DIR…`: join the slices of a run (`check --shard K/N`, a job of a CI matrix each) into one
results.json, junit.xml and index.html — those of one run of the whole suite (harness/run/shards.py says what
only time can tell apart) — print its summary, and exit as `check` would have: 0 when every result is as
expected, 1 otherwise, 2 for slices that are not the N slices of one run (each problem with its file and field)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from harness.cli.shared import EXIT_FAILED, EXIT_OK, make_console
from harness.common import argtypes, paths
from harness.output.annotations import emit_github
from harness.output.reports import print_summary, write_reports
from harness.run.shards import load_slice, merge_results


def cmd_merge(ns: argparse.Namespace) -> int:
    slices = [load_slice(folder) for folder in ns.dirs]
    results = merge_results(slices)
    report_dir = Path(ns.report_dir)
    write_reports(results, report_dir)
    console = make_console()
    print_summary(results, console)
    emit_github(results)
    console.print(f"merged {len(slices)} slices; reports: {report_dir / 'results.json'}, "
                  f"{report_dir / 'junit.xml'}, {report_dir / 'index.html'}")
    return EXIT_OK if results.ok else EXIT_FAILED


def register(sub: Any) -> None:
    m = sub.add_parser("merge", help="join the reports of `check --shard K/N` slices into one set of reports")
    m.add_argument("dirs", nargs="+", metavar="DIR", help="the --report-dir of each slice (or its results.json)")
    m.add_argument("--report-dir", type=argtypes.output_dir, default=str(paths.REPORTS),
                   help="where to write the merged reports (default reports/)")
    m.set_defaults(func=cmd_merge)
