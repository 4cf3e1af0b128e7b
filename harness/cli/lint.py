"""`berserk-rules lint [PATH]...`: defects in the rules text and in the suite (see `harness.quality.lint`).

Exit code 1 when a finding of severity ``error`` (or, with ``--fail-on``, of that severity or worse) was made,
else 0; a scenario needing review is an error (V001); 2 for a usage or input error.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.text import Text

from harness.cli.shared import make_console
from harness.common.sanitize import terminal
from harness.output.annotations import emit_lint_annotations
from harness.quality.lint import CHECKS, SEVERITIES, exit_code, lint_paths, lint_project

_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}


def cmd_lint(ns: argparse.Namespace) -> int:
    findings = lint_paths([Path(p) for p in ns.paths]) if ns.paths else lint_project()
    # errors first, then warnings, then info (ruff's order: what breaks before what is worth knowing)
    findings = sorted(findings, key=lambda f: SEVERITIES.index(f.severity))
    severity = ns.severity or ("info" if ns.verbose or ns.json else "warning")
    shown = [f for f in findings if SEVERITIES.index(f.severity) <= SEVERITIES.index(severity)]
    counts = {s: sum(1 for f in findings if f.severity == s) for s in SEVERITIES}
    if ns.json:
        print(json.dumps({"findings": [f.to_json() for f in shown], "counts": counts,
                          "exit_code": exit_code(findings, ns.fail_on, ns.fail_on_code)}, ensure_ascii=False, indent=2))
        return exit_code(findings, ns.fail_on, ns.fail_on_code)
    console = make_console(soft_wrap=True)
    emit_lint_annotations(shown)  # GITHUB_ACTIONS=true: the findings as ::error/::warning annotations
    for f in shown:
        line = Text(f"{f.file}:{f.line}: " if f.line else f"{f.file}: ")
        line.append(f"{f.severity} {f.code} {f.name}", style=_STYLE[f.severity])
        line.append(f": {terminal(f.message)}")     # a feature's text may hold escape sequences
        console.print(line)
    hidden = len(findings) - len(shown)
    review = [f for f in findings if f.code == "V001"]
    console.print(Text(f"{len(findings)} finding(s): " + ", ".join(f"{counts[s]} {s}(s)" for s in SEVERITIES)
                       + (f" ({hidden} not shown: -v shows them)" if hidden else "")
                       + (f"; {len(review)} scenario(s) need review" if review else ""),
                       style="bold red" if exit_code(findings, ns.fail_on, ns.fail_on_code) else "bold green"))
    return exit_code(findings, ns.fail_on, ns.fail_on_code)


def _known_code(text: str) -> str:
    if text not in CHECKS:
        raise argparse.ArgumentTypeError(f"{text}: no such lint code (expected one of {', '.join(sorted(CHECKS))})")
    return text


def register(sub: Any) -> None:
    li = sub.add_parser("lint", help="defects in the rules text and in the suite; scenarios needing review")
    li.add_argument("paths", nargs="*", metavar="PATH",
                    help="rules files or folders, feature files, boards (default: the whole project)")
    li.add_argument("--json", action="store_true", help="the findings as JSON")
    li.add_argument("--fail-on", choices=SEVERITIES, default="error",
                    help="exit 1 when a finding this severe or worse is made (default: error)")
    li.add_argument("--fail-on-code", action="append", default=[], metavar="CODE", type=_known_code,
                    help="exit 1 when a finding of this code is made too, whatever its severity (repeatable; the "
                         "pre-commit hooks give V006: a scenario approved unseen)")
    li.add_argument("--severity", choices=SEVERITIES, default=None,
                    help="show findings this severe or worse (default: warning; info with -v or --json)")
    li.add_argument("-v", "--verbose", action="store_true", help="show the info findings too")
    li.set_defaults(func=cmd_lint)
