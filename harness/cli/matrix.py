"""`berserk-rules matrix --results A.json --results B.json [--out FILE]`: one page, rule units × engines
(`harness.output.matrix`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.output.matrix import matrix_html
from harness.run.results import RunResults


def cmd_matrix(ns: argparse.Namespace) -> int:
    runs = [RunResults.load(Path(f)) for f in ns.results]
    out = Path(ns.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(matrix_html(runs), encoding="utf-8")
    print(f"matrix of {len(runs)} engine(s): {out}")
    return 0


def register(sub: Any) -> None:
    p = sub.add_parser("matrix", help="one page, rule units × engines, from several results.json files")
    p.add_argument("--results", action="append", required=True, help="a run's results.json (repeat for more engines)")
    p.add_argument("--out", default=str(paths.REPORTS / "matrix.html"), help="the page to write")
    p.set_defaults(func=cmd_matrix)
