"""`berserk-rules diff OLD NEW`: unit-level changes between two versions of the rules and the scenarios they
touch (see `harness.rules.diff`); ``--run`` plays those scenarios against the new text.

Exit code 0 (the differences are a report, not a failure); with ``--exit-code``, 1 when the two sides differ;
with ``--run``, 1 when a scenario did not end as expected; 2 for a usage or input error.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import Any

from rich.text import Text

from harness.cli.approve import scenario_lines
from harness.cli.shared import EXIT_FAILED, EXIT_OK, EXIT_USAGE, load_scenarios, make_console
from harness.common import paths
from harness.common.errors import InputError
from harness.common.sanitize import terminal
from harness.rules.corpus import load_corpus
from harness.rules.diff import diff_paths, render
from harness.rules.review import RULES_DIR_ENV
from harness.rules.search import board_cards
from harness.run.runner import run_scenarios
from harness.suite.quotes import catalog_docs, load_quotes, stale_quotes


def _run_rules_dir(new: Path) -> Path | None:
    """The rules folder to run the scenarios against for NEW: the folder itself, or the folder of a
    file when it holds a whole corpus."""
    folder = new if new.is_dir() else new.parent
    try:
        load_corpus(folder)
    except InputError:
        return None
    return folder


def quoted_cards(result: Any, scenarios: list[Any]) -> list[dict[str, Any]]:
    """The catalog cards whose facts are quoted from a changed, renumbered or removed unit
    (`harness.suite.quotes`), each with whether it still agrees with the new text and the scenarios that play
    it: those follow the card, so they are touched by the change too."""
    new_text = {c.old.id if c.old is not None else c.new.id: (c.new.text if c.new is not None else None)
                for c in result.changes if c.kind != "added"}
    quotes = [q for q in load_quotes(catalog_docs(paths.CATALOG, paths.ROOT)) if q.unit in new_text]
    if not quotes:
        return []
    stale = {(s.quote.file, s.quote.line): s.message for s in stale_quotes(quotes, new_text.get)}
    playing = board_cards(scenarios, paths.SCENARIOS)
    out = []
    for q in quotes:
        users = sorted(sid for sc in scenarios for sid in sc.ids if q.card in playing.get(sc.id, []))
        out.append({"card": q.card, "file": q.file, "line": q.line, "unit": q.unit, "words": q.words,
                    "facts": list(q.facts), "agrees": (q.file, q.line) not in stale,
                    "message": stale.get((q.file, q.line)), "scenarios": users})
    return out


def cmd_diff(ns: argparse.Namespace) -> int:
    old, new = Path(ns.old), Path(ns.new)
    scenarios = load_scenarios()
    result = diff_paths(old, new, scenarios, root=paths.ROOT)
    run_data: dict[str, Any] | None = None
    code = EXIT_OK
    if ns.run:
        run_data, code = _run(result, new)
    if ns.exit_code and result.changes and code == EXIT_OK:
        code = EXIT_FAILED
    cards = quoted_cards(result, scenarios)
    if ns.json:
        data = result.to_json()
        data["cards"] = cards
        if run_data is not None:
            data["run"] = run_data
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return code
    console = make_console(soft_wrap=True)
    by_sid = {sid: sc for sc in scenarios for sid in sc.ids}

    def shown(sid: str) -> list[str]:   # a scenario to review: file:line and its «Тогда» lines
        return ["    " + line for line in scenario_lines(by_sid[sid], sid)] if sid in by_sid else [f"      • {sid}"]

    for line in render(result, scenario_lines=shown):
        console.print(Text(terminal(line)))
    if cards:
        console.print()
        console.print(Text(f"{len(cards)} catalog card fact(s) quoted from the changed units "
                           "(harness/suite/quotes.py):", style="bold"))
        for c in cards:
            state = "agrees with the new text" if c["agrees"] else f"error S033: {c['message']}"
            console.print(Text(terminal(f"  {c['file']}:{c['line']}: «{c['card']}» quotes «{c['words']}» of "
                                        f"{c['unit']}: {state}"), style="" if c["agrees"] else "bold red"))
            console.print(Text(terminal(f"      played by: {', '.join(c['scenarios']) or 'no scenario'}"), style="dim"))
    if run_data is not None:
        console.print()
        if run_data.get("note"):
            console.print(Text(run_data["note"], style="yellow"))
        for r in run_data["results"]:
            head = Text("  ")
            head.append(r["status"], style="green" if r["status"] == r["expected"] else "bold red")
            head.append(f" {r['scenario']}")
            if r.get("review", {}).get("state") == "needs_review":
                head.append("  (needs review: " + ", ".join(r["review"]["units"]) + ")", style="yellow")
            console.print(head)
            if r["status"] != r["expected"] and r.get("message"):
                console.print(Text("    " + r["message"].splitlines()[0], style="dim"))
        if run_data["results"]:
            ok = all(r["status"] == r["expected"] or r["status"] == "SKIP" for r in run_data["results"])
            console.print(Text(f"{len(run_data['results'])} scenario(s) run against {run_data['rules']}: "
                               + ("all as expected" if ok else "some not as expected"),
                               style="bold green" if ok else "bold red"))
    return code


def _run(result: Any, new: Path) -> tuple[dict[str, Any], int]:
    """Run exactly the scenarios the diff names, with the rules folder of NEW in use."""
    wanted = result.scenarios
    rules = _run_rules_dir(new)
    data: dict[str, Any] = {"rules": paths.display(rules) if rules else paths.display(paths.RULES),
                            "scenarios": wanted, "results": []}
    if rules is None:
        data["note"] = (f"{new} is not inside a whole rules folder; the scenarios run with "
                        f"{paths.display(paths.RULES)} (review states refer to it)")
    if not wanted:
        data["note"] = "no scenario names a changed, renumbered or removed unit: nothing to run"
        return data, EXIT_OK
    units = sorted({u for c in result.changes if c.scenarios for u in c.ids})
    saved_rules, saved_env = paths.RULES, os.environ.get(RULES_DIR_ENV)
    try:
        if rules is not None:
            paths.RULES = rules
            os.environ[RULES_DIR_ENV] = str(rules)
        pytest_code, results = run_scenarios(None, units, [], None, None, quiet=True)
    finally:
        paths.RULES = saved_rules
        if saved_env is None:
            os.environ.pop(RULES_DIR_ENV, None)
        else:
            os.environ[RULES_DIR_ENV] = saved_env
    if results is None:
        data["note"] = f"the scenarios could not be run (pytest exit code {pytest_code})"
        return data, EXIT_USAGE
    # the unit filter also selects scenarios naming a unit *under* a changed one: keep exactly ours
    picked = [r for r in results.results if r.scenario in set(wanted)]
    data["results"] = [r.to_json() for r in picked]
    ok = all(r.as_expected for r in picked)
    return data, EXIT_OK if ok else EXIT_FAILED


def register(sub: Any) -> None:
    d = sub.add_parser("diff", help="unit-level changes between two versions of the rules, and the scenarios "
                                    "they touch")
    d.add_argument("old", metavar="OLD", help="a rules file or folder (the old text)")
    d.add_argument("new", metavar="NEW", help="a rules file or folder (the new text)")
    d.add_argument("--json", action="store_true", help="the changes as JSON")
    d.add_argument("--run", action="store_true", help="run the scenarios the changes touch, against the new text")
    d.add_argument("--exit-code", action="store_true", help="exit 1 when the two sides differ")
    d.set_defaults(func=cmd_diff)
