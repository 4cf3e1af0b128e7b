"""`berserk-rules mutants --mechanical [--module M]... [--shard K/N] [--changed [REF]] [--json] [--out FILE]` and
`berserk-rules mutants --merge FILE...`: the mechanical mutants of the engine's rules modules
(harness/quality/mechanical.py), the score per module and per rule clause, and every survivor.

Exit 0 when the score (non-equivalent mutants killed by «Тогда» checks) reaches the target, the equivalents stay
within their share and the register is sound; 1 when not; 2 when the run itself failed (the reference engine did
not pass, a bad option, a missing tool). A shard (``--shard K/N``) or a part of the modules is judged alone;
``--out FILE`` keeps its report as JSON for ``--merge``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rich.table import Table

from harness.common import paths


def _row(name: str, c: dict[str, Any]) -> list[str]:
    from harness.quality.mechanical import (
        EQUIVALENT,
        KILLED_CHECK,
        KILLED_ERROR,
        KILLED_STEP,
        SURVIVED,
        UNREACHED,
    )

    return [name, str(c["mutants"]), str(c[KILLED_CHECK]), str(c[KILLED_STEP]), str(c[KILLED_ERROR]),
            str(c[EQUIVALENT]), str(c[SURVIVED] + c[UNREACHED]), f"{c['score']:.1%}", f"{c['detected']:.1%}"]


def print_report(report: Any) -> None:
    from harness.common.console import make_console
    from harness.quality.mechanical import MAX_EQUIVALENT, TARGET, UNREACHED

    console = make_console()
    heads = ("mutants", "killed by a «Тогда» check", "by a «Дано»/«Когда» step (refused)",
             "by an error (ERROR, TIMEOUT)", "equivalent", "survived", "score (by checks)", "detected")
    table = Table("module", *heads, title="mechanical mutants of the engine's rules modules, per module")
    for name, c in report.by("module").items():
        table.add_row(*_row(f"engine/{name}.py", c))
    table.add_row(*_row("all", report.counts()))
    console.print(table)
    table = Table("clause", *heads, title="per rule clause (the unit quoted nearest above the mutated line)")
    for name, c in report.by("clause").items():
        table.add_row(*_row(name, c))
    console.print(table)
    for o in report.survivors:
        why = "no scenario reaches it" if o.status == UNREACHED else f"{o.scenarios} scenarios pass"
        console.print(f"engine/{o.module}.py:{o.line}: [bold red]survived[/] {o.id} [{o.clause or 'no clause'}] "
                      f"{o.code!r} → {o.mutated!r} ({why}){' ' + o.note if o.note else ''}", soft_wrap=True)
    for o in report.outcomes:
        if o.note.startswith("declared equivalent"):
            console.print(f"engine/{o.module}.py:{o.line}: [bold red]{o.note}[/] {o.id}: killed by {o.killer}")
    for p in report.register_problems + report.stale_equivalents:
        console.print(f"[bold red]register[/] {p}", soft_wrap=True)
    for f in report.control_failures:
        console.print(f"[bold red]the reference engine did not pass[/] {f}")
    if report.error:
        console.print(f"[bold red]error[/] {report.error}")
    c = report.counts()
    skipped = ", ".join(f"{v} {k}" for k, v in sorted(report.skipped_positions.items()))
    parts = "".join(f"; shard {p['shard']}: {p['duration_s']:.0f} s ({p['mutants']} mutants)" for p in report.parts)
    console.print(f"score: {c['score']:.1%} of the {c['mutants'] - c['equivalent']} non-equivalent mutants killed by "
                  f"«Тогда» checks (target {TARGET:.0%}); {c['score_judged']:.1%} of those that neither crash nor "
                  f"hang the engine; {c['detected']:.1%} killed in any way; equivalent {c['equivalent_share']:.1%} "
                  f"(at most {MAX_EQUIVALENT:.0%}); positions not mutated: {skipped or 'none'}")
    console.print(f"{c['mutants']} mutants{' (shard ' + report.shard + ')' if report.shard else ''} in "
                  f"{report.duration_s:.1f} s{parts}")


def cmd_mechanical(ns: argparse.Namespace) -> int:
    try:
        from harness.quality import mechanical
    except ImportError as exc:
        print(f"mutants --mechanical: {exc.name or exc} is not installed: pip install -e '.[mutation]'",
              file=sys.stderr)
        return 2
    try:
        if ns.merge:
            reports = []
            for name in ns.merge:
                try:
                    reports.append(mechanical.from_json(json.loads(Path(name).read_text(encoding="utf-8"))))
                except (OSError, ValueError, KeyError, TypeError) as exc:
                    print(f"mutants --merge: {name}: not a report of `mutants --mechanical --out` ({exc})",
                          file=sys.stderr)
                    return 2
            report = mechanical.merge(reports)
        else:
            shard = mechanical.parse_shard(ns.shard) if ns.shard else None
            modules = ns.module or None
            if ns.changed is not None:
                modules = [m for m in mechanical.changed_modules(ns.changed) if not ns.module or m in ns.module]
                if not modules:
                    print(f"mutants --mechanical --changed: no rules module changed since {ns.changed}",
                          file=sys.stderr)
                    return 0
            from harness.common.console import progress

            with progress(None, "mechanical mutants") as bar:
                report = mechanical.run(modules, shard, limit=ns.limit,
                                        on_done=lambda o: bar.advance(1, note=f"{o.id}: {o.status}"))
    except ValueError as exc:
        print(f"mutants: {exc}", file=sys.stderr)
        return 2
    if ns.out:
        Path(ns.out).write_text(json.dumps(report.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"report written: {paths.display(Path(ns.out).resolve())}", file=sys.stderr)
    if ns.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print_report(report)
    if report.error or report.control_failures:
        return 2
    return 0 if report.ok else 1


def add_options(p: Any) -> None:
    g = p.add_argument_group("mechanical mutants (harness/quality/mechanical.py; needs the `mutation` extra)")
    g.add_argument("--mechanical", action="store_true",
                   help="the engine's rules modules mutated by cosmic-ray (and the rule operators), each mutant "
                        "against the scenarios that reach it: the score per module and clause, every survivor")
    g.add_argument("--module", action="append", default=[], metavar="M",
                   help="only the mutants of engine/M.py (repeatable), e.g. --module stack")
    g.add_argument("--shard", metavar="K/N", help="only the K-th of N stable slices of the mutants (a CI matrix)")
    g.add_argument("--changed", nargs="?", const="HEAD", metavar="REF",
                   help="only the modules changed since git REF (default HEAD: uncommitted changes)")
    g.add_argument("--limit", type=int, metavar="N", help="only the first N mutants (a sample)")
    g.add_argument("--out", metavar="FILE", help="also write the report as JSON (for --merge)")
    g.add_argument("--merge", nargs="+", metavar="FILE", help="run nothing: merge the shards' --out reports")
