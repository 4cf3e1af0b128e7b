"""Many engines, one page: a wpt.fyi-style matrix of rule units × engines from several runs (results.json
files). Each cell gives an engine's result on the unit's scenarios (PASS count of those it played), and each
scenario row its status per engine, the SKIP reason and the expectation (expected status and reason).

`berserk-rules matrix --results A.json --results B.json [--out matrix.html]` writes the page on its own;
`berserk-rules site --results A.json --results B.json` adds it to the site as `matrix.html`."""

from __future__ import annotations

import html
from typing import Any

from harness.common import paths
from harness.common.vocabulary import status_label
from harness.run.results import PLAYED

_COLOURS = {"PASS": "#1a7f37", "PARTIAL": "#7d8590", "N/A": "#8c959f", "FAIL": "#cf222e", "ERROR": "#9a6700",
            "CRASH": "#8250df", "TIMEOUT": "#bc4c00", "SKIP": "#6e7781"}


def matrix_rows(runs: list[Any]) -> list[dict[str, Any]]:
    """Per rule unit (in corpus order; units no run names are left out): its scenarios, and per engine the
    results of them."""
    from harness.rules.corpus import load_corpus

    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    by_run = [{r.scenario: r for r in run.results} for run in runs]
    scenario_units: dict[str, list[str]] = {}
    names: dict[str, str] = {}
    for results in by_run:
        for sid, r in results.items():
            scenario_units.setdefault(sid, list(r.units))
            names.setdefault(sid, r.name)
    rows = []
    for u in corpus.units:
        sids = [sid for sid, units in scenario_units.items() if u.id in units]
        if not sids:
            continue
        cells = []
        for results in by_run:
            mine = [results[s] for s in sids if s in results]
            cells.append({"pass": sum(r.status == "PASS" for r in mine),
                          "played": sum(r.status in PLAYED for r in mine), "total": len(mine)})
        rows.append({"unit": u.id, "text": u.text, "cells": cells,
                     "scenarios": [{"id": sid, "name": names[sid],
                                    "results": [results.get(sid) for results in by_run]} for sid in sids]})
    return rows


def matrix_html(runs: list[Any], labels: list[str] | None = None) -> str:
    """The page, in Russian (a judge reads it on the site): a header per engine (name, version, protocol,
    counts, played), then the matrix. Engine names, ids and what an engine or an expectations file said are
    shown verbatim, in <code>."""
    labels = labels or [f"{r.run.engine} {r.run.engine_version}" for r in runs]
    e = html.escape
    out = ['<!doctype html><html lang="ru"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>berserk-rules: движки × единицы правил</title><style>",
           "body{font:14px system-ui,sans-serif;margin:1em}table{border-collapse:collapse}",
           "td,th{border:1px solid #d0d7de;padding:2px 6px;vertical-align:top}th{background:#f6f8fa}",
           ".unit{font-weight:600}.sc td:first-child{padding-left:1.5em}.why{color:#57606a;font-size:12px}",
           ".st{font-weight:600}</style></head><body>",
           "<h1>Движки × единицы правил</h1>",
           "<p class='why'>В клетке единицы — сколько её сценариев движок прошёл из тех, что есть в его прогоне; "
           "в строке сценария — его статус у каждого движка.</p>",
           "<table><thead><tr><th>единица правил / сценарий</th>"]
    for label, run in zip(labels, runs, strict=True):
        s = run.summary()
        out.append(f"<th><code>{e(label)}</code><div class='why'>протокол <code>{e(run.run.protocol_version)}</code> · "
                   f"{status_label('PASS')}: {s['PASS']}, {status_label('PARTIAL')}: {s['PARTIAL']} из {s['total']} · "
                   f"сыграно {s['played']} · не как ожидалось: {s['unexpected']} · проверок выполнено "
                   f"{s['checks']['run']} из {s['checks']['total']} (успешно {s['checks']['passed']}), "
                   f"не выполнено {s['checks']['notrun']}</div></th>")
    out.append("</tr></thead><tbody>")
    for row in matrix_rows(runs):
        out.append(f"<tr class='unit'><td><code>{e(row['unit'])}</code><div class='why'>{e(row['text'][:120])}</div></td>")
        for cell in row["cells"]:
            colour = "#1a7f37" if cell["total"] and cell["pass"] == cell["total"] else \
                "#6e7781" if not cell["played"] else "#cf222e"
            out.append(f"<td style='color:{colour}'>{cell['pass']} / {cell['total']}</td>")
        out.append("</tr>")
        for sc in row["scenarios"]:
            out.append(f"<tr class='sc'><td>{e(sc['name'])}</td>")
            for r in sc["results"]:
                if r is None:
                    out.append("<td>—</td>")
                    continue
                text = f"<span class='st' data-status='{e(r.status)}' style='color:{_COLOURS[r.status]}'>" \
                       f"{e(status_label(r.status))}</span>"
                if r.status == "SKIP" and r.message:
                    text += f"<div class='why'><code>{e(r.message.splitlines()[0])}</code></div>"
                if r.expected != "PASS":
                    text += f"<div class='why'>ожидалось: {e(status_label(r.expected))} — <code>{e(r.reason)}</code></div>"
                elif r.status not in ("PASS", "SKIP") and r.message:
                    text += f"<div class='why'><code>{e(r.message.splitlines()[0][:200])}</code></div>"
                out.append(f"<td>{text}</td>")
            out.append("</tr>")
    out.append("</tbody></table></body></html>\n")
    return "".join(out)
