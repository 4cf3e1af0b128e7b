"""`berserk-rules site [--out DIR] [--results FILE]`: the offline rules site (see `harness.site`)."""

from __future__ import annotations

import argparse
from typing import Any

from . import argtypes, paths


def cmd_site(ns: argparse.Namespace) -> int:
    from rich.console import Console

    from .site import build_site

    summary = build_site(ns.out, ns.results)
    console = Console(highlight=False)
    console.print(f"site: {summary.out} — {summary.files} files, {summary.bytes / 1024:.0f} KiB, "
                  f"{summary.units} rule units, {summary.scenarios} scenarios played, "
                  f"built in {summary.seconds:.1f} s", markup=False)
    console.print(f"open {summary.out / 'index.html'} (works offline, from file://)", markup=False)
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("site", help="write the offline rules site with every example played out")
    p.add_argument("--out", default=str(paths.REPORTS / "site"),
                   help="folder to write (default reports/site); replaced atomically, only if it is a site")
    p.add_argument("--results", type=argtypes.input_file, help="another engine's results.json to show beside the reference engine")
    p.set_defaults(func=cmd_site)
