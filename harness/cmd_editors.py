"""The rules editors' verbs of `berserk-rules`: ``lint``, ``diff`` and ``approve``.

Exit codes:

- ``lint``: 1 when a finding of severity ``error`` (or, with ``--fail-on``, of that severity or worse)
  was made, else 0; a scenario needing review is an error (V001).
- ``diff``: 0 (the differences are a report, not a failure) -- with ``--exit-code``, 1 when the two
  sides differ; with ``--run``, 1 when a scenario run did not end as expected.
- ``approve``: 0 when the lock was updated (or already up to date).
- every verb: 2 for a usage or input error (a file that cannot be read), printed as ``file:line: message``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from . import paths
from .sanitize import terminal

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2

_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


# ------------------------------------------------------------------------------------------ lint
def cmd_lint(ns: argparse.Namespace) -> int:
    from .lint import SEVERITIES, exit_code, lint_paths, lint_project

    findings = lint_paths([Path(p) for p in ns.paths]) if ns.paths else lint_project()
    shown = [f for f in findings if SEVERITIES.index(f.severity) <= SEVERITIES.index(ns.severity)]
    if ns.json:
        counts = {s: sum(1 for f in findings if f.severity == s) for s in SEVERITIES}
        print(json.dumps({"findings": [f.to_json() for f in shown], "counts": counts,
                          "exit_code": exit_code(findings, ns.fail_on)}, ensure_ascii=False, indent=2))
        return exit_code(findings, ns.fail_on)
    console = _console()
    for f in shown:
        line = Text(f"{f.file}:{f.line}: " if f.line else f"{f.file}: ")
        line.append(f"{f.severity} {f.code} {f.name}", style=_STYLE[f.severity])
        line.append(f": {terminal(f.message)}")     # a feature's text may hold escape sequences
        console.print(line)
    counts = [f"{sum(1 for f in findings if f.severity == s)} {s}(s)" for s in SEVERITIES]
    review = [f for f in findings if f.code == "V001"]
    console.print(Text(f"{len(findings)} finding(s): " + ", ".join(counts)
                       + (f"; {len(review)} scenario(s) need review" if review else ""),
                       style="bold red" if exit_code(findings, ns.fail_on) else "bold green"))
    return exit_code(findings, ns.fail_on)


# ------------------------------------------------------------------------------------------ diff
def _run_rules_dir(new: Path) -> Path | None:
    """The rules folder to run the scenarios against for NEW: the folder itself, or the folder of a
    file when it holds a whole corpus."""
    from .corpus import load_corpus
    from .errors import InputError

    folder = new if new.is_dir() else new.parent
    try:
        load_corpus(folder)
    except InputError:
        return None
    return folder


def cmd_diff(ns: argparse.Namespace) -> int:
    from .diff import diff_paths, render

    old, new = Path(ns.old), Path(ns.new)
    result = diff_paths(old, new, features_dir=paths.FEATURES, root=paths.ROOT)
    run_data: dict[str, Any] | None = None
    code = EXIT_OK
    if ns.run:
        run_data, code = _run(result, new)
    if ns.exit_code and result.changes and code == EXIT_OK:
        code = EXIT_FAILED
    if ns.json:
        data = result.to_json()
        if run_data is not None:
            data["run"] = run_data
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return code
    console = _console()
    for line in render(result):
        console.print(Text(line))
    if run_data is not None:
        console.print()
        if run_data.get("note"):
            console.print(Text(run_data["note"], style="yellow"))
        for r in run_data["results"]:
            head = Text("  ")
            head.append(r["status"], style="green" if r["status"] == r["expected"] else "bold red")
            head.append(f" {r['scenario']}")
            if r.get("review", {}).get("state") == "needs_review":
                head.append("  (needs review: " + ", ".join(r["review"]["units"]) + ")", style="yellow")
            console.print(head)
            if r["status"] != r["expected"] and r.get("message"):
                console.print(Text("    " + r["message"].splitlines()[0], style="dim"))
        if run_data["results"]:
            ok = all(r["status"] == r["expected"] or r["status"] == "SKIP" for r in run_data["results"])
            console.print(Text(f"{len(run_data['results'])} scenario(s) run against {run_data['rules']}: "
                               + ("all as expected" if ok else "some not as expected"),
                               style="bold green" if ok else "bold red"))
    return code


def _run(result: Any, new: Path) -> tuple[dict[str, Any], int]:
    """Run exactly the scenarios the diff names, with the rules folder of NEW in use."""
    from .cli import run_scenarios
    from .review import RULES_DIR_ENV

    wanted = result.scenarios
    rules = _run_rules_dir(new)
    data: dict[str, Any] = {"rules": paths.display(rules) if rules else paths.display(paths.RULES),
                            "scenarios": wanted, "results": []}
    if rules is None:
        data["note"] = (f"{new} is not inside a whole rules folder; the scenarios run with "
                        f"{paths.display(paths.RULES)} (review states refer to it)")
    if not wanted:
        data["note"] = "no scenario names a changed, renumbered or removed unit: nothing to run"
        return data, EXIT_OK
    units = sorted({u for c in result.changes if c.scenarios for u in c.ids})
    saved_rules, saved_env = paths.RULES, os.environ.get(RULES_DIR_ENV)
    try:
        if rules is not None:
            paths.RULES = rules
            os.environ[RULES_DIR_ENV] = str(rules)
        with tempfile.TemporaryDirectory() as tmp:
            pytest_code, results = run_scenarios(Path(tmp), units, [], None, None, quiet=True)
    finally:
        paths.RULES = saved_rules
        if saved_env is None:
            os.environ.pop(RULES_DIR_ENV, None)
        else:
            os.environ[RULES_DIR_ENV] = saved_env
    if results is None:
        data["note"] = f"the scenarios could not be run (pytest exit code {pytest_code})"
        return data, EXIT_USAGE
    # the unit filter also selects scenarios naming a unit *under* a changed one: keep exactly ours
    picked = [r for r in results.results if r.scenario in set(wanted)]
    data["results"] = [r.to_json() for r in picked]
    ok = all(r.as_expected for r in picked)
    return data, EXIT_OK if ok else EXIT_FAILED


# ------------------------------------------------------------------------------------------ approve
def cmd_approve(ns: argparse.Namespace) -> int:
    from .review import approve, lock_path, rules_dir

    if not ns.all and not ns.units:
        print("approve: name the units whose scenarios you reviewed (e.g. classic:113.2.ex1), or give --all",
              file=sys.stderr)
        return EXIT_USAGE
    folder = rules_dir()
    done = approve(folder, ns.units, all_units=ns.all)
    console = _console()
    for uid, old, new in done.recorded:
        if old is not None or not ns.all:  # with --all, new entries are only counted
            console.print(Text(f"approved {uid}: {old or '(not in the lock)'} -> {new}"))
    for uid in done.dropped:
        console.print(Text(f"dropped {uid} from the lock: no such unit any more"))
    if done.unchanged and not ns.all:
        console.print(Text(f"already approved: {', '.join(done.unchanged)}"))
    console.print(Text(f"{paths.display(lock_path(folder))}: {len(done.recorded)} recorded, "
                       f"{len(done.dropped)} dropped"))
    return EXIT_OK


# ------------------------------------------------------------------------------------------ register
def register(sub: Any) -> None:
    """Add ``lint``, ``diff`` and ``approve`` to the `berserk-rules` subparsers."""
    from .lint import SEVERITIES

    li = sub.add_parser("lint", help="defects in the rules text and in the suite; scenarios needing review")
    li.add_argument("paths", nargs="*", metavar="PATH",
                    help="rules files or folders, feature files, boards (default: the whole project)")
    li.add_argument("--json", action="store_true", help="the findings as JSON")
    li.add_argument("--fail-on", choices=SEVERITIES, default="error",
                    help="exit 1 when a finding this severe or worse is made (default: error)")
    li.add_argument("--severity", choices=SEVERITIES, default="info",
                    help="show findings this severe or worse (default: info, all)")
    li.set_defaults(func=cmd_lint)

    d = sub.add_parser("diff", help="unit-level changes between two versions of the rules, and the scenarios "
                                    "they touch")
    d.add_argument("old", metavar="OLD", help="a rules file or folder (the old text)")
    d.add_argument("new", metavar="NEW", help="a rules file or folder (the new text)")
    d.add_argument("--json", action="store_true", help="the changes as JSON")
    d.add_argument("--run", action="store_true", help="run the scenarios the changes touch, against the new text")
    d.add_argument("--exit-code", action="store_true", help="exit 1 when the two sides differ")
    d.set_defaults(func=cmd_diff)

    a = sub.add_parser("approve", help="record the present wording of units as reviewed (rules/review.lock)")
    a.add_argument("units", nargs="*", metavar="UNIT", help="ids of the units whose scenarios you reviewed")
    a.add_argument("--all", action="store_true", help="approve every unit (and drop entries of removed units)")
    a.set_defaults(func=cmd_approve)
