"""`berserk-rules mutants [--json] [--only NAME]... [--jobs N] [--declared] [--sentences]`: the suite against
every mutant engine (harness/quality/mutants.py), the scenarios that killed each, and the kill rate
(harness/quality/mutation.py). Exit 0 when every mutant was killed, 1 when one survived (or, with --declared, was
not killed by exactly its declared scenarios), 2 when the run itself failed (the reference engine did not
pass, a mutant could not be run, an unknown name). With --sentences nothing runs: every sentence of the text
with the mutants that misread it, or why none does (exit 1 when a sentence has neither).
With --mechanical (or --merge) the mechanical mutants instead: harness/cli/mechanical.py; with --cards the card
mutants: harness/cli/card_mutants.py."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.markup import escape
from rich.table import Table

from harness.common import argtypes, paths
from harness.quality.mutation import run_mutants


def _killers_text(run: Any) -> str:
    if run.error:
        return escape(f"error: {run.error}")
    if not run.killers:
        return "—"
    # escaped: rich would read a scenario's tag such as «[classic-activation-1]» as markup and drop it
    return escape(", ".join(k.short + ("" if k.status == "FAIL" else f" ({k.status})") for k in run.killers))


def _split_text(run: Any) -> tuple[str, str]:
    """The killers by a «Тогда» check, and the others (a driver step, ERROR, CRASH…), as two texts."""
    if run.error or not run.killers:
        return _killers_text(run), ""
    then = escape(", ".join(k.short for k in run.killers if k.by_check)) or "[bold red]none[/]"
    other = escape(", ".join(k.short + (" (driver)" if k.by == "driver" else f" ({k.status})")
                             for k in run.killers if not k.by_check)) or "—"
    return then, other


def print_report(report: Any) -> None:

    from harness.common.console import make_console

    console = make_console()
    if report.sample:
        mode = f"each on {report.sample} of its declared killers (a sample; every one: --killers alone)"
    elif report.killers_only:
        mode = "each on its declared killers alone"
    elif report.declared:
        mode = "each on the units of its declared killers"
    else:
        mode = "each against the whole suite"
    table = Table("mutant", "result", "killed by a «Тогда» check", "killed otherwise (driver step, ERROR, CRASH…)",
                  "time", title=f"mutant engines, {mode}")
    for run in report.runs:
        result = "error" if run.error else ("killed" if run.killed else "[bold red]SURVIVED[/]")
        table.add_row(run.name, result, *_split_text(run), f"{run.duration_s:.1f} s")
    console.print(table)
    ref = report.reference
    if ref is not None and report.control_failed:
        console.print("[bold red]the reference engine over the protocol did not pass[/] (the kill rate means "
                      f"nothing until it does): {_killers_text(ref)}")
    for run in report.survivors:
        console.print(f"[bold red]survived[/] {run.name}: {run.mistake} A gap in the suite: add a scenario that "
                      "checks what the rule says.")
    for run in report.runs:
        if run.error is None and run.killers and not run.matches_table:
            word = "table mismatch" if report.declared else "note"
            parts = ([f"not declared in KILLS: {', '.join(run.undeclared)}"] if run.undeclared else []) + \
                ([f"declared, did not kill: {', '.join(run.missed)}"] if run.missed else [])
            console.print(f"{word} ({run.name}): {escape('; '.join(parts))} (harness/quality/mutation.py)")
    control = f"; control run of the reference engine: {ref.duration_s:.1f} s" if ref is not None else ""
    routes = sorted({r.route for r in report.runs})
    control += f"; {' and '.join(routes)}" if routes else ""
    console.print(f"killed by «Тогда» checks: {report.killed_by_checks}/{len(report.runs)}, by those of ≥ 2 "
                  f"scenarios: {report.killed_by_two_checks}/{len(report.runs)}")
    console.print(f"kill rate: {report.killed}/{len(report.runs)} ({report.kill_rate:.0%}); "
                  f"{report.duration_s:.1f} s with {report.jobs} engine(s) at a time{control}")


def print_sentences(rows: list[Any], problems: list[str]) -> None:
    from harness.common.console import make_console

    console = make_console()
    table = Table("sentence", "mutants (or why none)", "text", title="the sentences of the text and the mutants "
                  "that misread them")
    for r in rows:
        what = ", ".join(r.mutants) if r.mutants else f"[dim]{r.status}: {r.no_rule or r.not_yet or ''}[/]"
        if r.status == "NO MUTANT":
            what = "[bold red]NO MUTANT[/]"
        table.add_row(r.ref, what, r.text if len(r.text) <= 90 else r.text[:89] + "…")
    console.print(table)
    counts = {s: sum(1 for r in rows if r.status == s) for s in ("mutant", "no rule", "no mutant yet", "NO MUTANT")}
    console.print(f"{len(rows)} sentences: {counts['mutant']} read by a mutant, {counts['no rule']} state no rule, "
                  f"{counts['no mutant yet']} declared without a mutant yet, {counts['NO MUTANT']} with neither")
    for p in problems:
        console.print(f"[bold red]problem[/] {p}")


def cmd_sentences(ns: argparse.Namespace) -> int:
    from harness.quality.mutation import sentence_table

    rows, problems = sentence_table()
    if ns.json:
        print(json.dumps({"sentences": [r.to_json() for r in rows], "problems": problems}, ensure_ascii=False,
                         indent=2))
    else:
        print_sentences(rows, problems)
    return 1 if problems else 0


def cmd_mutants(ns: argparse.Namespace) -> int:
    if ns.cards or ns.card:
        from harness.cli.card_mutants import cmd_card_mutants

        return cmd_card_mutants(ns)
    if ns.mechanical or ns.merge:
        from harness.cli.mechanical import cmd_mechanical

        return cmd_mechanical(ns)
    if ns.sentences:
        return cmd_sentences(ns)
    if ns.killers and (not ns.declared or ns.protocol):
        print("mutants: --killers goes with --declared, in-process (not with --protocol)", file=sys.stderr)
        return 2
    if ns.sample and not ns.killers:
        print("mutants: --sample goes with --declared --killers", file=sys.stderr)
        return 2
    try:
        from harness.common.console import progress
        from harness.quality.mutation import mutants

        total = len(ns.only or mutants()) + (0 if ns.declared else 1)
        with progress(total, "mutants") as bar:  # one step per engine run (the control run included)
            report = run_mutants(ns.only or None, jobs=max(1, ns.jobs), declared=ns.declared,
                                 on_done=lambda run: bar.advance(1, note=run.name),
                                 route="protocol" if ns.protocol else "in-process", killers_only=ns.killers,
                                 sample=ns.sample)
    except (KeyError, LookupError) as exc:
        print(f"mutants: {exc.args[0] if exc.args else exc}", file=sys.stderr)
        return 2
    except FileNotFoundError as exc:
        print(f"mutants: the mutant engines live in the kit's checkout, {exc.filename or exc} is missing",
              file=sys.stderr)
        return 2
    if ns.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print_report(report)
    if ns.write_kills:
        from harness.quality.mutation import write_kills

        try:
            print(f"KILLS written: {paths.display(write_kills(report))}", file=sys.stderr)
        except ValueError as exc:
            print(f"mutants: --write-kills: {exc}", file=sys.stderr)
            return 2
    if report.errors:
        return 2
    return 0 if report.ok else 1


def register(sub: Any) -> None:
    p = sub.add_parser("mutants", help="suite strength: the scenarios against mutant engines, the kill rate")
    p.add_argument("--json", action="store_true", help="the report as data")
    p.add_argument("--only", action="append", default=[], metavar="NAME", help="only this mutant (repeatable)")
    p.add_argument("--jobs", type=argtypes.count, default=2, help="engines run at a time (default 2)")
    p.add_argument("--declared", action="store_true",
                   help="run each mutant only on the units of the scenarios declared to kill it "
                        "(harness/quality/mutation.py KILLS) and check it fails exactly those (fast)")
    p.add_argument("--killers", action="store_true",
                   help="with --declared: play only the declared scenarios themselves, not the rest of their units: "
                        "each must still kill its mutant, a killer KILLS does not name is not looked for (the fast "
                        "check of the tests)")
    p.add_argument("--sample", type=argtypes.count, default=0, metavar="K",
                   help="with --declared --killers: only K of each mutant's declared killers, spread over its list "
                        "(the check of the tests: 3); each must still kill it")
    p.add_argument("--protocol", action="store_true",
                   help="serve every mutant (and the control) over the protocol instead of running it in-process")
    p.add_argument("--write-kills", action="store_true",
                   help="after a full run of every mutant, rewrite KILLS in harness/quality/mutation.py with the "
                        "scenarios that killed each (check them first: a killer must check what the rule says)")
    p.add_argument("--sentences", action="store_true",
                   help="run nothing: list every sentence of the text with the mutants that misread it, or why "
                        "none does (exit 1 when a sentence has neither)")
    from harness.cli.card_mutants import add_options as add_card_options
    from harness.cli.mechanical import add_options

    add_options(p)
    add_card_options(p)
    p.set_defaults(func=cmd_mutants)
