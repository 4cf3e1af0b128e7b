"""`berserk-rules units`: every rule unit with the scenarios naming it."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.table import Table

from harness.cli.shared import EXIT_OK, EXIT_USAGE, load_rules, load_scenarios, make_console
from harness.common import argtypes
from harness.common.console import is_plain
from harness.common.facts import EDITIONS
from harness.suite.features import scenarios_by_unit


def _unit_json(u: Any, by_unit: dict[str, list[Any]]) -> dict[str, Any]:
    return {"id": u.id, "edition": u.edition, "kind": u.kind, "number": u.number, "label": u.label,
            "text": u.text, "hash": u.hash, "file": u.file, "line": u.line, "parent": u.parent,
            "section": u.section, "scenarios": [s.id for s in by_unit.get(u.id, [])]}


def cmd_units(ns: argparse.Namespace) -> int:
    corpus = load_rules()
    problems = [p for p in (corpus.selector_problem(s) for s in ns.unit) if p]
    if problems:
        for problem in problems:
            print(f"--unit: {problem}", file=sys.stderr)
        return EXIT_USAGE
    by_unit = scenarios_by_unit(load_scenarios())
    picked = {u.id for s in ns.unit for u in corpus.under(s)}
    units = [u for u in corpus.units if (not ns.edition or u.edition in ns.edition)
             and (not ns.unit or u.id in picked)]
    if ns.json:
        print(json.dumps([_unit_json(u, by_unit) for u in units], ensure_ascii=False, indent=2))
        return EXIT_OK
    console = make_console()
    if is_plain(console):  # a log: one line per unit, no box drawing, the whole text
        for u in units:
            console.print(f"{u.file}:{u.line}: {u.id} {u.kind}, {len(by_unit.get(u.id, []))} scenario(s): {u.text}",
                          markup=False)
        console.print(f"{len(units)} rule units", markup=False)
        return EXIT_OK
    table = Table("id", "kind", "line", "scenarios", "text", title=f"{len(units)} rule units")
    for u in units:
        text = u.text if len(u.text) <= 70 else u.text[:69] + "…"
        table.add_row(u.id, u.kind, f"{u.file}:{u.line}", str(len(by_unit.get(u.id, []))), text)
    console.print(table)
    return EXIT_OK


def register(sub: Any) -> None:
    u = sub.add_parser("units", help="every rule unit with the scenarios naming it")
    u.add_argument("--json", action="store_true")
    u.add_argument("--edition", action="append", default=[], choices=EDITIONS)
    u.add_argument("--unit", action="append", default=[], metavar="ID", type=argtypes.unit_selector,
                   help="only this unit and those under it (a clause or section: classic:113, classic:503.1)")
    u.set_defaults(func=cmd_units)
