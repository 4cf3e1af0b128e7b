"""`berserk-rules mutants --cards [--card NAME]... [--json]`: every pool card's definition made wider or narrower,
one field at a time, against the scenarios using the card (harness/quality/card_mutants.py); per card, the
variants killed by «Тогда» checks, those killed otherwise and the survivors, each with its operator.

Exit 0 when no card has a surviving variant and the register of equivalents is sound; 1 when not; 2 when the run
itself failed (the reference engine did not pass, an unknown card)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rich.markup import escape
from rich.table import Table


def print_report(report: Any) -> None:
    from harness.common.console import make_console
    from harness.quality.card_mutants import EQUIVALENT, KILLED_CHECK, KILLED_OTHER, SURVIVED, UNPLAYED

    console = make_console()
    table = Table("card", "scenarios", "variants", "killed by a «Тогда» check", "killed otherwise", "equivalent",
                  "survived", title="card mutants: each pool card's definition made wider or narrower")
    for name, c in report.per_card().items():
        table.add_row(escape(name), str(c["scenarios"]), str(c["variants"]), str(c[KILLED_CHECK]),
                      str(c[KILLED_OTHER]), str(c[EQUIVALENT]), str(c[SURVIVED] + c[UNPLAYED]))
    console.print(table)
    for o in report.outcomes:
        if o.status in (SURVIVED, UNPLAYED):
            why = o.note or f"{o.scenarios} scenarios pass"
            console.print(f"[bold red]survived[/] [{o.operator}] {escape(o.id)} ({escape(why)})", soft_wrap=True)
    for o in report.wrong_equivalents:
        console.print(f"[bold red]register[/] {escape(o.id)}: {escape(o.note)}", soft_wrap=True)
    for p in report.register_problems + report.stale_equivalents:
        console.print(f"[bold red]register[/] {escape(p)}", soft_wrap=True)
    for f in report.control_failures:
        console.print(f"[bold red]the reference engine did not pass[/] {escape(f)}")
    if report.error:
        console.print(f"[bold red]error[/] {escape(report.error)}")
    c = report.counts()
    console.print(f"{c['cards']} cards: {c['cards_fully_killed']} fully killed, {c['cards_with_survivors']} with "
                  f"surviving variants; {c['variants']} variants: {c[KILLED_CHECK]} killed by «Тогда» checks, "
                  f"{c[KILLED_OTHER]} otherwise, {c[EQUIVALENT]} equivalent, {c[SURVIVED] + c[UNPLAYED]} survived; "
                  f"{report.duration_s:.1f} s")


def cmd_card_mutants(ns: argparse.Namespace) -> int:
    from harness.common.console import progress
    from harness.quality import card_mutants

    try:
        cards = card_mutants.pool_cards(ns.card or None)
    except LookupError as exc:
        print(f"mutants: {exc.args[0]}", file=sys.stderr)
        return 2
    total = sum(len(card_mutants.variants(c)[0]) for c in cards)
    with progress(total, "card variants") as bar:
        report = card_mutants.run([c["name"] for c in cards] if ns.card else None,
                                  on_done=lambda o: bar.advance(1, note=o.card))
    if ns.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print_report(report)
    if report.error or report.control_failures:
        return 2
    return 0 if report.ok else 1


def add_options(p: Any) -> None:
    p.add_argument("--cards", action="store_true",
                   help="card mutants: every pool card's definition made wider or narrower, one field at a time "
                        "(a target's side, in_your_turn, optional, an amount ±1, a duration, the trigger's word "
                        "or event, a condition dropped…), against the scenarios using the card: per card, the "
                        "variants killed by «Тогда» checks and the survivors (harness/quality/card_mutants.py)")
    p.add_argument("--card", action="append", default=[], metavar="NAME",
                   help="with --cards: only this pool card (repeatable)")
