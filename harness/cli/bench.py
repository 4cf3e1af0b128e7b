"""`berserk-rules bench [--json] [--only NAME]... [--skip NAME]... [--compare OLD.json]`: the speed figures
(harness/quality/bench.py) as a table, or as JSON. Exit code 0 whatever the figures: a benchmark reports, it does
not judge the machine — except with `--compare OLD.json`: each figure beside the saved one (an earlier
`bench --json`, or docs/bench-baseline.json) with the ratio, and exit code 1 when a figure is worse than the saved
one by more than 15 % in its own direction (bench.SLOWDOWN); a missing or malformed OLD file is refused, located,
before anything is measured (exit code 2)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.table import Table
from rich.text import Text

from harness.common import argtypes
from harness.common.console import is_plain
from harness.quality.bench import (
    NAMES,
    SLOWDOWN,
    Comparison,
    Figure,
    as_json,
    compare,
    load,
    load_baseline,
    run_bench,
)


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

    console = make_console()
    if is_plain(console):        # a pipe or a log: one line per figure, no box drawn
        for f in figures:
            mark = {True: "meets", False: "MISSES", None: ""}[f.meets]
            console.print(" · ".join(x for x in (f.label, _value(f), _target(f), mark, f.note) if x), markup=False)
    else:
        table = Table("figure", "value", "target", "", "note", title="berserk-rules bench")
        for f in figures:
            mark = {True: "[green]✓[/green]", False: "[red]✗[/red]", None: ""}[f.meets]
            table.add_row(f.label, _value(f), _target(f), mark, f.note)
        console.print(table)
    make_console().print(f"load average (1 min): {load_before} before, {load()} after")


def _number(value: float | None, unit: str) -> str:
    if value is None:
        return "n/a"
    return f"{value:,.0f} {unit}" if unit == "/s" else f"{value:g} {unit}"


def _change(c: Comparison) -> str:
    if c.slowdown is None:
        return "no saved figure" if c.saved is None else "not measured now"
    if c.slowed:
        return f"[red]SLOWER by {(c.slowdown - 1) * 100:.0f} %[/red] (> {(SLOWDOWN - 1) * 100:.0f} %)"
    if c.improved:
        return f"[green]better by {(1 - c.slowdown) * 100:.0f} %[/green]"
    return f"worse by {(c.slowdown - 1) * 100:.0f} % (within {(SLOWDOWN - 1) * 100:.0f} %)" if c.slowdown > 1 \
        else "the same"


def print_comparison(comparisons: list[Comparison], old: str) -> None:
    from harness.common.console import make_console

    console = make_console()
    table = Table("figure", "saved", "now", "ratio (now / saved)", "change", title=f"berserk-rules bench against {old}")
    for c in comparisons:
        ratio = "—" if c.ratio is None else f"{c.ratio:.2f}×"
        row = (c.label, _number(c.saved, c.unit), _number(c.value, c.unit), ratio, _change(c))
        if is_plain(console):    # a pipe or a log: one line per figure, no box drawn, no markup
            console.print(Text.from_markup(" · ".join(row)).plain, markup=False)
        else:
            table.add_row(*row)
    if not is_plain(console):
        console.print(table)
    slowed = [c.name for c in comparisons if c.slowed]
    make_console().print(f"{len(slowed)} figure(s) slower than saved by more than {(SLOWDOWN - 1) * 100:.0f} %"
                         + (f": {', '.join(slowed)}" if slowed else ""))


def cmd_bench(ns: argparse.Namespace) -> int:
    only = [n for n in (ns.only or NAMES) if n not in ns.skip]
    from harness.common.console import progress

    saved = load_baseline(ns.compare) if ns.compare else None      # refused, located, before any measuring
    load_before = load()
    with progress(None, "bench") as bar:  # on stderr: a --json stdout stays clean
        figures = run_bench(only, orderings_limit=ns.orders, progress=bar.say)
    comparisons = compare(figures, saved) if saved is not None else None
    if ns.json:
        data = as_json(figures, load_before)
        if comparisons is not None:
            data["compare"] = {"file": ns.compare, "slowdown_limit": SLOWDOWN,
                               "figures": [c.as_json() for c in comparisons]}
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print_table(figures, load_before)
        if comparisons is not None:
            print_comparison(comparisons, ns.compare)
    return 1 if comparisons is not None and any(c.slowed for c in comparisons) else 0


def register(subparsers: Any) -> None:
    b = subparsers.add_parser("bench", help="the speed figures: pytest, check in-process and over the protocol, "
                                            "protocol round trip, trigger orderings per second, search recall, memory")
    b.add_argument("--json", action="store_true", help="print the figures as JSON")
    b.add_argument("--only", action="append", choices=NAMES, help="measure only this figure (repeatable)")
    b.add_argument("--skip", action="append", default=[], choices=NAMES, help="do not measure this figure")
    b.add_argument("--orders", type=argtypes.count, default=None, metavar="N",
                   help="check only the first N of the 5,040 trigger orders (default: all)")
    b.add_argument("--compare", type=argtypes.input_file, default=None, metavar="OLD.json",
                   help="set each figure beside the saved one of OLD.json (an earlier `bench --json`, or "
                        "docs/bench-baseline.json) with the ratio; exit code 1 when a figure is worse by more than "
                        "15 %% in its own direction (slower, larger, or a rate or share lower)")
    b.set_defaults(func=cmd_bench)
