"""`berserk-rules matrix --results A.json --results B.json [--out FILE]`: one page, rule units × engines
(`harness.output.matrix`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from harness.common import argtypes, paths
from harness.common.safeio import atomic_write
from harness.output.matrix import matrix_html
from harness.run.results import RunResults


def cmd_matrix(ns: argparse.Namespace) -> int:
    runs = [RunResults.load(Path(f)) for f in ns.results]
    out = Path(ns.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(out, matrix_html(runs).encode("utf-8"))   # a regular file only, replaced at once
    print(f"matrix of {len(runs)} engine(s): {out}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("matrix", help="one page, rule units × engines, from several results.json files")
    p.add_argument("--results", action="append", required=True, type=argtypes.input_file, help="a run's results.json (repeat for more engines)")
    p.add_argument("--out", type=argtypes.output_file, default=paths.UnderReports("matrix.html"), help="the page to write")
    p.set_defaults(func=cmd_matrix)
