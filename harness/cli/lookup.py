"""`berserk-rules lookup QUERY`: rule units by id, number or Russian words, with their scenarios played out."""

from __future__ import annotations

import argparse
import json
from typing import Any

from harness.cli.shared import EXIT_FAILED, EXIT_OK, load_rules, load_scenarios, make_console
from harness.cli.units import _unit_json
from harness.common import paths
from harness.common.errors import InputError
from harness.output.playout import run_playouts
from harness.output.render import print_playout
from harness.rules.lookup import search
from harness.rules.search import board_cards
from harness.suite.features import scenarios_by_unit

LOOKUP_TOP = 5
"""How many units `lookup` shows for a query by words."""


def lookup_data(query: str, play: bool = True, top: int = LOOKUP_TOP) -> list[dict[str, Any]]:
    """The units for a query (an id, a number or Russian words, see `harness.rules.lookup`), each with its text,
    its children (items, paragraphs, examples), the scenarios naming it or a child (`all_scenarios`) and,
    with ``play``, those scenarios played out on the reference engine (`playouts`, see `harness.output.playout`;
    only the scenarios of the found units run). A run that cannot start gives `playout_error`.
    Words give the best ``top`` units (0: all) — those matching every word when there are any, else the best
    partial matches — each with its `rank`, `score`, `full` (every word matched), a one-line `reason` and its
    `matches` (see `harness.rules.search`)."""
    corpus = load_rules()
    scenarios = load_scenarios()
    by_unit = scenarios_by_unit(scenarios)
    hits = search(corpus, query, scenarios, lambda: board_cards(scenarios, paths.SCENARIOS))
    if top and any(h.matches for h in hits):
        full = [h for h in hits if h.full]
        hits = (full or hits)[:top]  # the units matching every word, if any; else the best partial ones
    out = []
    for rank, hit in enumerate(hits, 1):
        u = hit.unit
        children = corpus.children(u.id)
        named = [s.id for x in [u, *children] for s in by_unit.get(x.id, [])]
        parent = corpus.get(u.parent) if u.parent else None
        out.append({
            **_unit_json(u, by_unit),
            "parent_unit": {"id": parent.id, "label": parent.label, "text": parent.text} if parent else None,
            "children": [_unit_json(c, by_unit) for c in children],
            "examples": [c.id for c in children if c.kind == "example"],
            "all_scenarios": list(dict.fromkeys(named)),
            **({"rank": rank, **{k: v for k, v in hit.to_json().items() if k != "id"}} if hit.matches else {}),
        })
    if play and any(e["all_scenarios"] for e in out):
        try:
            played = run_playouts([e["id"] for e in out if e["all_scenarios"]]).by_scenario()
            error = None
        except InputError as exc:
            played, error = {}, str(exc)
        for e in out:
            e["playouts"] = [played[s] for s in e["all_scenarios"] if s in played]
            if error and e["all_scenarios"]:
                e["playout_error"] = error
    return out


def cmd_lookup(ns: argparse.Namespace) -> int:
    query = " ".join(ns.query)
    found = lookup_data(query, play=not ns.no_play, top=ns.top)
    if ns.json:
        print(json.dumps(found, ensure_ascii=False, indent=2))
        return EXIT_OK if found else EXIT_FAILED
    console = make_console()
    if not found:
        console.print(f"nothing found for «{query}»", markup=False)
        return EXIT_FAILED
    for u in found:
        console.rule(f"[bold]{u['id']}[/bold]  ({u['kind']}, {u['file']}:{u['line']})")
        if u.get("parent_unit"):
            p = u["parent_unit"]
            console.print(f"[{p['id']}] {p['label']} {p['text']}\n", markup=False, style="dim")
        if u.get("reason"):
            console.print(f"#{u['rank']}, score {u['score']:.2f}: {u['reason']}", markup=False, style="dim")
        console.print(f"{u['label']} {u['text']}".strip(), markup=False)
        for c in u["children"]:
            console.print(f"\n  [{c['id']}] {c['label']} {c['text']}".rstrip(), markup=False)
        if u["all_scenarios"]:
            console.print("\n  scenarios:")
            for s in u["all_scenarios"]:
                console.print(f"    • {s}", markup=False)
        if u.get("playout_error"):
            console.print(f"\n  the scenarios could not be played: {u['playout_error']}", markup=False)
        for view in u.get("playouts", []):
            console.print()
            print_playout(view, console)
        console.print()
    return EXIT_OK


def register(sub: Any) -> None:
    lk = sub.add_parser("lookup", help="find rule units by id, number or Russian words")
    lk.add_argument("query", nargs="+")
    lk.add_argument("--json", action="store_true", help="the same as data: units, scenarios and their play-outs")
    lk.add_argument("--no-play", action="store_true", help="only the text and the scenario names (no play-outs)")
    lk.add_argument("--top", type=int, default=LOOKUP_TOP, metavar="N",
                    help=f"for words: the best N units (default {LOOKUP_TOP}), those matching every word if any; "
                         "0: every unit that matches a word, ranked")
    lk.set_defaults(func=cmd_lookup)
