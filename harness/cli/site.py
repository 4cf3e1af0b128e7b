"""`berserk-rules site [--out DIR] [--results FILE]`: the offline rules site (see `harness.output.site`)."""

from __future__ import annotations

import argparse
from typing import Any

from harness.common import argtypes, paths
from harness.output.site import build_site


def cmd_site(ns: argparse.Namespace) -> int:
    from harness.common.console import heartbeat, make_console

    with heartbeat("site: playing every example and writing the pages"):
        summary = build_site(ns.out, ns.results)
    console = make_console()
    console.print(f"site: {summary.out} — {summary.files} files, {summary.bytes / 1024:.0f} KiB, "
                  f"{summary.units} rule units, {summary.scenarios} scenarios played, "
                  f"built in {summary.seconds:.1f} s", markup=False)
    console.print(f"open {summary.out / 'index.html'} (works offline, from file://)", markup=False)
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("site", help="write the offline rules site with every example played out")
    p.add_argument("--out", default=str(paths.REPORTS / "site"), type=argtypes.output_dir,
                   help="folder to write (default reports/site); replaced atomically, only if it is a site")
    p.add_argument("--results", action="append", default=[], type=argtypes.input_file,
                   help="another engine's results.json to show beside the reference engine; repeat it for more "
                        "engines: the site then has matrix.html, rule units × engines (harness/output/matrix.py)")
    p.set_defaults(func=cmd_site)
