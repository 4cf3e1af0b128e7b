"""`berserk-rules lookup QUERY`: the answer first — rule units by id, number or Russian words, their text, their
examples and one line per scenario; play-outs with ``--play`` (or for a scenario id)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from harness.cli.shared import EXIT_FAILED, EXIT_OK, load_rules, load_scenarios, make_console
from harness.cli.units import _unit_json
from harness.common import paths
from harness.common.errors import InputError
from harness.common.vocabulary import status_label
from harness.output.playout import run_playouts
from harness.output.render import print_playout
from harness.rules.lookup import search
from harness.rules.search import Hit, board_cards
from harness.suite.features import scenarios_by_unit

LOOKUP_TOP = 5
"""How many units `lookup` shows for a query by words."""


def lookup_data(query: str, play: bool = False, top: int = LOOKUP_TOP, run: bool = True) -> list[dict[str, Any]]:
    """The units for a query (an id, a number or Russian words, see `harness.rules.lookup`; or a scenario id:
    the unit it names most specifically, with that scenario alone played out), each with its text, its
    children (items, paragraphs, examples), the scenarios naming it or a child (`all_scenarios`), one line of
    data per scenario (`scenario_lines`: id, name, file, line, units and, with ``run``, the reference engine's
    `status` and `expected` status; a scenario N/A under the default readings: its status under the `reading`
    it rests on) and, with ``play``, those scenarios played out (`playouts`, see
    `harness.output.playout`; only the scenarios of the found units run). A run that cannot start gives
    `playout_error`. Words give the best ``top`` units (0: all) by score, each with its `rank`, `score`, `full`
    (every word matched), a one-line `reason`, its `matches` and its `snippet` (the matched sentence(s); the
    matched words at `marks`, see `harness.rules.search`)."""
    corpus = load_rules()
    scenarios = load_scenarios()
    by_unit = scenarios_by_unit(scenarios)
    by_id = {i: (s, name) for s in scenarios for i, name in zip(s.ids, s.examples or (s.name,), strict=True)}
    only: str | None = None
    if query.strip() in by_id:  # a scenario id: its unit, that scenario played
        only = query.strip()
        units = [u for u in (corpus.get(x) for x in by_id[only][0].units) if u is not None]
        hits = [Hit(max(units, key=lambda u: u.id.count(".")), 0.0, True)] if units else []
        play = True
    else:
        hits = search(corpus, query, scenarios, lambda: board_cards(scenarios, paths.SCENARIOS))
        if top and any(h.matches for h in hits):
            hits = hits[:top]
    out = []
    for rank, hit in enumerate(hits, 1):
        u = hit.unit
        children = corpus.children(u.id)
        named = [s for x in [u, *children] for s in by_unit.get(x.id, [])]
        ids = [only] if only else list(dict.fromkeys(i for s in named for i in s.ids))
        parent = corpus.get(u.parent) if u.parent else None
        out.append({
            **_unit_json(u, by_unit),
            "parent_unit": {"id": parent.id, "label": parent.label, "text": parent.text} if parent else None,
            "children": [_unit_json(c, by_unit) for c in children],
            "examples": [c.id for c in children if c.kind == "example"],
            "all_scenarios": ids,
            "scenario_lines": [{"id": i, "name": by_id[i][1], "file": by_id[i][0].feature, "line": by_id[i][0].line,
                                "units": list(by_id[i][0].units)} for i in ids if i in by_id],
            **({"rank": rank, **{k: v for k, v in hit.to_json().items() if k != "id"}} if hit.matches else {}),
        })
    if (play or run) and any(e["all_scenarios"] for e in out):
        try:
            ran = run_playouts([e["id"] for e in out if e["all_scenarios"]])  # a scenario id: its unit's
            played, error = ran.by_scenario(), None
            results = {r.scenario: r for r in ran.results.results} if ran.results else {}
        except InputError as exc:
            played, results, error = {}, {}, str(exc)
        for e in out:
            for line in e["scenario_lines"]:
                r, view = results.get(line["id"]), played.get(line["id"]) or {}
                line.update({"status": r.status, "expected": r.expected} if r else {"status": None, "expected": None})
                if view.get("reading"):  # N/A under the default readings: its verdict under the reading it rests on
                    line.update({"status": view.get("status"), "expected": view.get("status"),
                                 "reading": view["reading"]})
            if play:
                e["playouts"] = [played[s] for s in e["all_scenarios"] if s in played]
            if error and e["all_scenarios"]:
                e["playout_error"] = error
    return out


def _snippet_text(entry: dict[str, Any], color: bool) -> Any:
    """The snippet with its matched words marked: highlighted on a terminal, *between stars* in plain output."""
    from rich.text import Text

    text, marks = entry["snippet"], entry.get("marks", [])
    if not color:
        out, pos = [], 0
        for a, b in marks:
            out += [text[pos:a], "*", text[a:b], "*"]
            pos = b
        return Text("".join(out) + text[pos:])
    shown = Text(text)
    for a, b in marks:
        shown.stylize("bold black on yellow", a, b)
    return shown


def _scenario_line(line: dict[str, Any]) -> str:
    status = line.get("status")
    verdict = "" if status is None else status_label(status) if status == line.get("expected") else \
        f"{status_label(status)} (ожидался: {status_label(line.get('expected') or '—')})"
    if line.get("reading"):
        verdict += f" при прочтении {line['reading']}"
    return f"    • {line['name']} — {verdict or 'не запускался'} — {line['file']}:{line['line']}"


SCENARIO_LINES = 40
"""How many scenario lines of a unit `lookup` prints (the answer fits one screen of 80 lines)."""


def print_entry(u: dict[str, Any], console: Any, whole: bool) -> None:
    """One found unit: in ``whole`` its text, examples and scenario lines; else its snippet and how to see it."""
    color = console.color_system is not None
    console.rule(f"[bold]{u['id']}[/bold]  ({KIND_WORDS.get(u['kind'], u['kind'])}, {u['file']}:{u['line']})")
    if u.get("reason"):
        score = f"{u['score']:.2f}".replace(".", ",")
        console.print(f"№{u['rank']}, оценка {score}: {u['reason']}", markup=False, style="dim")
    if not whole:
        if u.get("snippet"):
            console.print(_snippet_text(u, color))
        more = f"; сценариев: {len(u['all_scenarios'])}" if u["all_scenarios"] else ""
        console.print(f"  (единица целиком: berserk-rules lookup {u['id']}{more})", markup=False, style="dim")
        return
    if u.get("parent_unit"):
        p = u["parent_unit"]
        console.print(f"[{p['id']}] {p['label']} {p['text']}\n", markup=False, style="dim")
    if u.get("snippet") and u.get("marks"):
        console.print(_snippet_text(u, color), style="dim")
        console.print()
    console.print(f"{u['label']} {u['text']}".strip(), markup=False)
    examples = [c for c in u["children"] if c["kind"] == "example"]
    for c in examples:
        console.print(f"\n  [{c['id']}] {c['label']} {c['text']}".rstrip(), markup=False)
    # the scenarios of the unit and its examples one line each; those of its items and paragraphs counted per item
    own_ids = {u["id"], *(c["id"] for c in examples)}
    rest = [c for c in u["children"] if c["kind"] != "example"]
    by_child: dict[str, list[dict[str, Any]]] = {c["id"]: [] for c in rest}
    own = []
    for line in u["scenario_lines"]:
        child = None if own_ids & set(line["units"]) else next((c for c in line["units"] if c in by_child), None)
        (by_child[child] if child else own).append(line)
    if own:
        console.print(f"\n  сценарии ({len(own)}; розыгрыш по шагам: --play):", markup=False)
        for line in own[:SCENARIO_LINES]:
            console.print(_scenario_line(line), markup=False)
        if len(own) > SCENARIO_LINES:       # the answer stays one screen; --json lists every one
            console.print(f"    … и ещё {len(own) - SCENARIO_LINES} (все перечислит berserk-rules lookup {u['id']} "
                          "--json)", markup=False)
    if rest:
        console.print(f"\n  ещё в этом пункте ({len(rest)}; berserk-rules lookup <единица>):", markup=False)
        for c in rest:
            lines = by_child[c["id"]]
            statuses = sorted({status_label(str(x["status"])) if x.get("status") else "не запускался" for x in lines})
            played = f"{_scenarios_counted(len(lines))}, {'/'.join(statuses)}" if lines else "сценариев нет"
            text = c["text"] if len(c["text"]) <= 60 else c["text"][:59].rstrip() + "…"
            console.print(f"    {c['id']} — {played} — {c['label']} {text}".rstrip(), markup=False)
    if u.get("playout_error"):
        console.print(f"\n  сценарии не удалось разыграть: {u['playout_error']}", markup=False)
    for view in u.get("playouts", []):
        console.print()
        print_playout(view, console)
    console.print()


#: a unit's kind (harness.rules.corpus.KINDS) as a judge reads it; `--json` keeps the kind
KIND_WORDS = {"clause": "пункт", "item": "подпункт", "bullet": "строка перечня", "paragraph": "абзац",
              "example": "пример"}


def _scenarios_counted(n: int) -> str:
    """«1 сценарий», «3 сценария», «5 сценариев»."""
    tens, units = n % 100, n % 10
    word = "сценариев" if 11 <= tens <= 14 else "сценарий" if units == 1 else "сценария" if 2 <= units <= 4 \
        else "сценариев"
    return f"{n} {word}"


ASSUMPTIONS_TOP = 3
"""How many entries of the assumptions register `lookup` shows for a query by words."""


def assumption_hits(query: str) -> list[dict[str, Any]]:
    """The register's entries for ``query`` (`harness.rules.search.find_assumptions`): an id (``stack-lifo``,
    ``asm:stack-lifo``, a reading group) alone, else the best `ASSUMPTIONS_TOP` by words, each with the
    scenarios resting on it."""
    from harness.cli.assumptions import entry_data
    from harness.rules.search import find_assumptions
    from harness.suite.session import load_assumptions

    hits = find_assumptions(load_assumptions(), query)
    scenarios = load_scenarios()
    return [{**entry_data(dict(h.entry), scenarios), "kind": "assumption", "exact": h.exact,
             "matched": list(h.matched)} for h in hits[:ASSUMPTIONS_TOP]]


def cmd_lookup(ns: argparse.Namespace) -> int:
    query = " ".join(ns.query)
    assumptions = assumption_hits(query)
    exact = [a for a in assumptions if a["exact"]]
    found = [] if exact else lookup_data(query, play=ns.play and not ns.no_play, top=ns.top, run=not ns.no_play)
    if ns.json:      # the units (an assumption's id: its entry; `berserk-rules assumptions --json` has them all)
        print(json.dumps(found or exact, ensure_ascii=False, indent=2))
        return EXIT_OK if found or exact else EXIT_FAILED
    console = make_console()
    if exact:
        from harness.cli.assumptions import print_entry as print_assumption

        for a in exact:
            print_assumption(a, console, english=False)
        return EXIT_OK
    if not found and not assumptions:
        console.print(f"ничего не найдено по запросу «{query}»", markup=False)
        return EXIT_FAILED
    # by words: the best unit whole, the others as their snippets; by id or number: every unit whole
    by_words = any(u.get("reason") for u in found)
    for i, u in enumerate(found):
        print_entry(u, console, whole=not by_words or i == 0 or bool(u.get("playouts")))
    if assumptions:      # where the text is silent: the kit's declared choices the words also find
        console.rule("[bold]допущения[/bold] (где текст молчит: rules/assumptions.yaml)")
        for a in assumptions:
            console.print(f"  asm:{a['id']} — {a.get('question', '')} — {_scenarios_counted(len(a['scenarios']))} "
                          f"(целиком: berserk-rules lookup {a['id']})", markup=False)
    return EXIT_OK


def register(sub: Any) -> None:
    lk = sub.add_parser("lookup", help="find rule units by id, number or Russian words: the answer first")
    lk.add_argument("query", nargs="+", help="a unit id, a clause number, Russian words, or a scenario id "
                                             "(that scenario played out)")
    lk.add_argument("--json", action="store_true", help="the same as data: units, scenario lines (and play-outs)")
    lk.add_argument("--play", action="store_true", help="also every scenario played out step by step")
    lk.add_argument("--no-play", action="store_true",
                    help="do not run the scenarios at all (no verdicts, no play-outs): the text alone")
    lk.add_argument("--top", type=int, default=LOOKUP_TOP, metavar="N",
                    help=f"for words: the best N units by score (default {LOOKUP_TOP}); "
                         "0: every unit that matches a word, ranked")
    lk.set_defaults(func=cmd_lookup)
