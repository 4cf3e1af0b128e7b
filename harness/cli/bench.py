"""`berserk-rules bench [--json] [--only NAME]... [--skip NAME]...`: the speed figures (harness/quality/bench.py) as a
table, or as JSON. Exit code 0 whatever the figures: a benchmark reports, it does not judge the machine."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table

from harness.common import argtypes
from harness.quality.bench import NAMES, Figure, as_json, load, run_bench


def _value(f: Figure) -> str:
    if not f.available or f.value is None:
        return "n/a"
    if f.name == "roundtrip":
        return f"{f.extra['median_us']:.0f} µs (p95 {f.extra['p95_us']:.0f} µs)"
    if f.unit == "/s":
        return f"{f.value:,.0f} /s"
    return f"{f.value:g} {f.unit}"


def _target(f: Figure) -> str:
    if f.target is None:
        return "—"
    return ("≤ " if f.better == "lower" else "≥ ") + (f"{f.target:,.0f}" if f.unit == "/s" else f"{f.target:g}") \
        + f" {f.unit}"


def print_table(figures: list[Figure], load_before: float | None = None) -> None:

    from harness.common.console import make_console

    table = Table("figure", "value", "target", "", "note", title="berserk-rules bench")
    for f in figures:
        mark = {True: "[green]✓[/green]", False: "[red]✗[/red]", None: ""}[f.meets]
        table.add_row(f.label, _value(f), _target(f), mark, f.note)
    make_console().print(table)
    make_console().print(f"load average (1 min): {load_before} before, {load()} after")


def cmd_bench(ns: argparse.Namespace) -> int:
    only = [n for n in (ns.only or NAMES) if n not in ns.skip]
    from harness.common.console import progress

    load_before = load()
    with progress(None, "bench") as bar:  # on stderr: a --json stdout stays clean
        figures = run_bench(only, orderings_limit=ns.orders, progress=bar.say)
    if ns.json:
        print(json.dumps(as_json(figures, load_before), ensure_ascii=False, indent=2))
    else:
        print_table(figures, load_before)
    return 0


def register(subparsers: Any) -> None:
    b = subparsers.add_parser("bench", help="the speed figures: pytest, check in-process and over the protocol, "
                                            "protocol round trip, trigger orderings per second, search recall, memory")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--only", action="append", choices=NAMES, help="measure only this figure (repeatable)")
    b.add_argument("--skip", action="append", default=[], choices=NAMES, help="do not measure this figure")
    b.add_argument("--orders", type=argtypes.count, default=None, metavar="N",
                   help="check only the first N of the 5,040 trigger orders (default: all)")
    b.set_defaults(func=cmd_bench)
