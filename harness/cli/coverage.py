"""`berserk-rules coverage`: which rule units have passing scenarios (see `harness.output.coverage`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.table import Table

from harness.cli.shared import EXIT_OK, make_console
from harness.common import argtypes
from harness.common.console import is_plain
from harness.output.coverage import coverage_data
from harness.run.results import RunResults
from harness.run.runner import run_scenarios


def cmd_coverage(ns: argparse.Namespace) -> int:
    if ns.results:
        results = RunResults.load(Path(ns.results))
    else:
        _, results = run_scenarios(None, [], [], None, None, quiet=True)
    from harness.cli.test_cards import pool_figures

    data = coverage_data(results)
    data["test_cards"] = pool_figures()
    if ns.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return EXIT_OK
    console = make_console()
    rows = []
    for u in data["units"]:
        mark = ("" if u["covered"] else " ✗") + (f" (needs review: {u['review']})" if u["review"] in ("changed", "new") else "")
        ax = u["axes"]
        rows.append((u["id"] + mark, u["kind"], str(u["scenarios"]), str(u["passing"]),
                     f"{ax['axes_played']}/{ax['axes']}", f"{ax['values_played']}/{ax['values']}"))
    if is_plain(console):  # a log: one plain line per unit, no box drawing
        for uid, kind, named, passing, axes, values in rows:
            console.print(f"{uid} {kind}: {named} scenario(s), {passing} passing; axes played {axes}, "
                          f"values played {values}", markup=False)
    else:
        table = Table("unit", "kind", "scenarios", "passing", "axes played", "values played",
                      title="coverage of rule units by passing scenarios")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    console.print(f"{data['units_covered']} of {data['units_total']} units covered by passing scenarios; "
                  f"{data['units_named']} named by at least one scenario")
    for edition, ax in data["axes_by_edition"].items():
        console.print(f"{edition}: {ax['values_played']} of {ax['values']} axis values played "
                      f"({ax['values_passing']} by passing scenarios), {ax['axes_played']} of {ax['axes']} axes "
                      "played in full (rules/axes.yaml; `berserk-rules lint` lists the unplayed: S025)")
    pool = data["test_cards"]
    console.print(f"test-card pool: {pool['cards']} cards, {pool['with_abilities']} with abilities "
                  f"({pool['ability_texts']} distinct ability texts), {pool['vanilla']} vanilla (docs/TEST-CARDS.md)")
    if data["scenarios_needing_review"]:
        console.print(f"needs review: {data['units_needing_review']} unit(s) changed since the last review; "
                      f"scenarios to review: {', '.join(data['scenarios_needing_review'])}", markup=False)
    return EXIT_OK


def register(sub: Any) -> None:
    cv = sub.add_parser("coverage", help="which units have passing scenarios")
    cv.add_argument("--json", action="store_true")
    cv.add_argument("--results", type=argtypes.input_file, help="read this results.json instead of running the scenarios")
    cv.set_defaults(func=cmd_coverage)
