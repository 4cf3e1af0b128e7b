"""`berserk-rules approve UNIT... | --all`: record the present wording of units as reviewed in the review lock
(see `harness.rules.review`). Exit code 0 when the lock was updated (or already up to date), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rich.text import Text

from harness.cli.shared import EXIT_OK, EXIT_USAGE, make_console
from harness.common import paths
from harness.rules.review import approve, lock_path, rules_dir


def cmd_approve(ns: argparse.Namespace) -> int:
    if not ns.all and not ns.units:
        print("approve: name the units whose scenarios you reviewed (e.g. classic:113.2.ex1), or give --all",
              file=sys.stderr)
        return EXIT_USAGE
    folder = rules_dir()
    done = approve(folder, ns.units, all_units=ns.all)
    console = make_console(soft_wrap=True)
    for uid, old, new in done.recorded:
        if old is not None or not ns.all:  # with --all, new entries are only counted
            console.print(Text(f"approved {uid}: {old or '(not in the lock)'} -> {new}"))
    for uid in done.dropped:
        console.print(Text(f"dropped {uid} from the lock: no such unit any more"))
    if done.unchanged and not ns.all:
        console.print(Text(f"already approved: {', '.join(done.unchanged)}"))
    console.print(Text(f"{paths.display(lock_path(folder))}: {len(done.recorded)} recorded, "
                       f"{len(done.dropped)} dropped"))
    return EXIT_OK


def register(sub: Any) -> None:
    a = sub.add_parser("approve", help="record the present wording of units as reviewed (rules/review.lock)")
    a.add_argument("units", nargs="*", metavar="UNIT", help="ids of the units whose scenarios you reviewed")
    a.add_argument("--all", action="store_true", help="approve every unit (and drop entries of removed units)")
    a.set_defaults(func=cmd_approve)
