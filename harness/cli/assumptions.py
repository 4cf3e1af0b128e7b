"""`berserk-rules assumptions [ID…] [--json]`: the register of what the kit assumes where the text is silent
(`rules/assumptions.yaml`) — each entry's question, choice and reason (in Russian and English), its readings
where the text admits several, the units it concerns and the scenarios resting on it (`@asm:ID`, and
`@reading:GROUP=…` for a reading). Without ids: one line per entry. An id may be given with or without `asm:`,
or be a reading group (`heroes-queue`); an unknown one is an error naming the nearest ids."""

from __future__ import annotations

import argparse
import difflib
import json
from typing import Any

from harness.cli.shared import EXIT_OK, load_scenarios, make_console
from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.suite.session import load_assumptions


def resting_on(entry: dict[str, Any], scenarios: list[Any]) -> list[dict[str, Any]]:
    """The scenarios that depend on ``entry``: tagged with its ``@asm:`` or one of its readings' ``@reading:``."""
    group = entry.get("reading")
    out = []
    for sc in scenarios:
        readings = [t[len("reading:"):] for t in sc.tags if t.startswith("reading:")]
        if entry["id"] in sc.assumptions or (group and any(r.partition("=")[0] == group for r in readings)):
            for sid, name in zip(sc.ids, sc.examples or (sc.name,), strict=True):
                out.append({"id": sid, "name": name, "file": sc.feature, "line": sc.line})
    return out


def entry_data(entry: dict[str, Any], scenarios: list[Any]) -> dict[str, Any]:
    return {**entry, "scenarios": resting_on(entry, scenarios)}


def pick(entries: list[dict[str, Any]], ids: list[str]) -> list[dict[str, Any]]:
    """The entries named by ``ids`` (an id, `asm:ID`, or a reading group), in that order; an unknown id raises
    `InputError` with the nearest ids."""
    by_id = {e["id"]: e for e in entries}
    by_group = {e["reading"]: e for e in entries if e.get("reading")}
    out, problems = [], []
    for raw in ids:
        key = raw.removeprefix("@").removeprefix("asm:")
        found = by_id.get(key) or by_group.get(key)
        if found is None:
            near = difflib.get_close_matches(key, [*by_id, *by_group], n=3, cutoff=0.75)
            problems.append(Problem(paths.display(paths.ASSUMPTIONS), None, raw, "names no assumption or reading group"
                                    + (f"; did you mean: {', '.join(near)}?" if near else
                                       " (`berserk-rules assumptions` lists them)")))
        elif found not in out:
            out.append(found)
    if problems:
        raise InputError(problems)
    return out


def print_entry(e: dict[str, Any], console: Any, english: bool = True) -> None:
    """One entry whole; ``english=False`` (`lookup`, for judges): the Russian texts and labels only."""
    from harness.common.vocabulary import edition_word

    editions = e.get("editions", []) if english else [edition_word(ed, "title") for ed in e.get("editions", [])]
    console.rule(f"[bold]asm:{e['id']}[/bold]  ({', '.join(editions)})")
    ru = e.get("ru") or {}
    console.print(e.get("question", ""), markup=False, style="bold")
    console.print(f"Выбор: {ru.get('choice', '')}", markup=False)
    console.print(f"Почему: {ru.get('reason', '')}", markup=False)
    if english:
        console.print(f"choice: {e.get('choice', '')}", markup=False, style="dim")
        console.print(f"reason: {e.get('reason', '')}", markup=False, style="dim")
    for r in e.get("readings") or []:
        mark = " (по умолчанию)" if r.get("id") == e.get("default") else ""
        console.print(f"  прочтение {e.get('reading')}={r.get('id')}{mark}: {r.get('wording', '')}", markup=False)
        console.print(f"    {(r.get('ru') or {}).get('reason', '')}", markup=False, style="dim")
    if e.get("units"):
        console.print(f"{'units' if english else 'единицы правил'}: {', '.join(e['units'])}", markup=False)
    console.print(f"{'scenarios' if english else 'сценарии'} ({len(e['scenarios'])}):", markup=False)
    for s in e["scenarios"]:
        console.print(f"    • {s['name']} — {s['file']}:{s['line']}", markup=False)
    console.print()


def cmd_assumptions(ns: argparse.Namespace) -> int:
    entries = load_assumptions()
    scenarios = load_scenarios()
    chosen = pick(entries, ns.ids) if ns.ids else entries
    data = [entry_data(e, scenarios) for e in chosen]
    if ns.json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return EXIT_OK
    console = make_console()
    if ns.ids:
        for e in data:
            print_entry(e, console)
        return EXIT_OK
    for e in data:
        group = f" [прочтения: {e['reading']}]" if e.get("reading") else ""
        console.print(f"asm:{e['id']}{group} — {e.get('question', '')} — {len(e['scenarios'])} scenario(s)",
                      markup=False)
    console.print(f"{len(data)} assumption(s) in {paths.display(paths.ASSUMPTIONS)}; "
                  "one whole: berserk-rules assumptions ID", markup=False)
    return EXIT_OK


def register(sub: Any) -> None:
    a = sub.add_parser("assumptions", help="the register of assumptions and readings: choice, reason, scenarios")
    a.add_argument("ids", nargs="*", metavar="ID", help="entries to show whole (stack-lifo, asm:stack-lifo, or a "
                                                         "reading group such as heroes-queue); default: a line each")
    a.add_argument("--json", action="store_true", help="the entries as data, each with the scenarios resting on it")
    a.set_defaults(func=cmd_assumptions)

