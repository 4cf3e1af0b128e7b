"""`berserk-rules site [--out DIR] [--results FILE]`: the offline rules site (see `harness.output.site`)."""

from __future__ import annotations

import argparse
from typing import Any

from harness.common import argtypes, paths
from harness.output.site import build_site


def cmd_site(ns: argparse.Namespace) -> int:
    from harness.common.console import heartbeat, make_console

    if ns.serve:
        return serve_site(ns)
    with heartbeat("site: playing every example and writing the pages"):
        summary = build_site(ns.out, ns.results)
    console = make_console()
    console.print(f"site: {summary.out} — {summary.files} files, {summary.bytes / 1024:.0f} KiB, "
                  f"{summary.units} rule units, {summary.scenarios} scenarios played, "
                  f"built in {summary.seconds:.1f} s", markup=False)
    console.print(f"open {summary.out / 'index.html'} (works offline, from file://)", markup=False)
    from harness.output.sandbox_site import find_pyodide, install_hint

    if find_pyodide() is None:
        console.print(f"the sandbox (sandbox.html) has no engine: Pyodide is not installed; {install_hint()}",
                      markup=False)
    else:
        console.print("the sandbox (sandbox.html) runs only over http: berserk-rules site --serve", markup=False)
    return 0


def serve_site(ns: argparse.Namespace) -> int:
    """`site --serve`: the site folder on localhost (built first when it is not a site yet), for the sandbox page,
    which a browser does not run from file:// (WebAssembly, fetch); until Ctrl-C."""
    from pathlib import Path

    from harness.common.console import heartbeat, make_console
    from harness.output.sandbox_site import server
    from harness.output.site import MARKER

    out = Path(ns.out).resolve()
    console = make_console()
    if not (out / MARKER).is_file():
        with heartbeat("site: playing every example and writing the pages"):
            build_site(ns.out, ns.results)
    try:
        httpd = server(out, ns.port)
    except OSError as exc:
        console.print(f"site --serve: cannot listen on 127.0.0.1:{ns.port}: {exc.strerror or exc}", markup=False)
        return 2
    host, port = httpd.server_address[:2]
    console.print(f"serving {out} at http://{host}:{port}/ — the sandbox: http://{host}:{port}/sandbox.html "
                  "(Ctrl-C stops)", markup=False)
    try:    # until Ctrl-C, SIGTERM or SIGHUP: `main` says which and exits 130, as for every verb
        httpd.serve_forever()
    finally:
        httpd.server_close()
    return 0


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("site", help="write the offline rules site with every example played out")
    p.add_argument("--out", default=paths.UnderReports("site"), type=argtypes.output_dir,
                   help="folder to write (default reports/site); replaced atomically, only if it is a site")
    p.add_argument("--results", action="append", default=[], type=argtypes.input_file,
                   help="another engine's results.json to show beside the reference engine; repeat it for more "
                        "engines: the site then has matrix.html, rule units × engines (harness/output/matrix.py)")
    p.add_argument("--serve", action="store_true",
                   help="serve the site folder on localhost (the sandbox page needs it: a browser runs no WebAssembly "
                        "from file://); builds it first when it is not a site yet; Ctrl-C stops")
    p.add_argument("--port", type=int, default=8000, help="the port of --serve (default 8000; 0: any free port)")
    p.set_defaults(func=cmd_site)
