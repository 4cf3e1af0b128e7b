"""Play-outs: the scenarios of some rule units played on the reference engine, step by step, as data.

`run_playouts(units)` plays the scenarios that name the given units (or a unit under them) in this process
with the kit's runner (`harness.run.runner.run`, traces kept in memory: nothing is written to disk or read
back) and returns a `PlayoutRun`: the run's results (status and expected status per scenario) and one
play-out per scenario.

A play-out (`playout_view`) is plain JSON-able data::

    {"scenario", "name", "feature", "line", "units", "status", "message", "edition", "stack_name",
     "players": [player names],
     "steps": [{"keyword", "text", "line", "status",          # passed | failed | skipped (not reached)
                "state": {...},         # canonical state after the step, without "history" (None if not reached)
                "changed": bool,        # anything observable changed (state or history)
                "board_changed": bool,  # cards or continuous effects changed
                "events": [...],        # history entries appended during the step
                "rule_effects": [...],  # those of kind "rule_effect"
                "priority": "А" | None, "stack": [...], "pending": {...} | None,
                "answer": {"decision": {...}, "step": "..."} | None}],  # the pending decision this step answered
     "outcome": {"status", "message", "state": {...}, "history": [...]}}

The state *before* a step is the state after the previous one (``None`` before the first step).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.run.runner import run
from harness.suite.features import scan_features

__all__ = ["PlayoutRun", "playout_view", "run_playouts", "load_traces"]

DEFAULT_TIMEOUT_S = 600.0


@dataclass
class PlayoutRun:
    """What `run_playouts` gives: the run's results (None if pytest could not run) and the play-outs."""

    results: Any  # harness.run.results.RunResults | None
    playouts: list[dict[str, Any]] = field(default_factory=list)
    exit_code: int = 0
    output: str = ""

    def by_scenario(self) -> dict[str, dict[str, Any]]:
        return {p["scenario"]: p for p in self.playouts}


def run_playouts(units: Sequence[str] = (), editions: Sequence[str] = (), expectations: str | None = None,
                 timeout_s: float = DEFAULT_TIMEOUT_S) -> PlayoutRun:
    """Run the scenarios naming ``units`` (all scenarios when empty) with traces; see the module docstring.
    (``timeout_s`` is kept for callers of the former child-process run; an in-process run has no limit.)

    Raises `InputError` when pytest cannot run at all (a usage error, a crash of the harness).
    """
    outcome = run(units, editions, expectations, traces=True, quiet=True)
    _end_if_interrupted(outcome)
    if outcome.results is None:
        raise InputError(Problem(paths.display(paths.SCENARIO_TESTS), None, None,
                                 f"the scenarios could not be run (pytest exit code {outcome.code})"))
    infos = {i: s for s in scan_features(paths.FEATURES, root=paths.ROOT) for i in s.ids}  # outline: each row
    traces = dict(outcome.traces)
    traces.update(_other_readings(outcome.results, units, editions, expectations))
    views = [playout_view(t, infos.get(sid)) for sid, t in traces.items()]
    order = {r.scenario: i for i, r in enumerate(outcome.results.results)}
    views.sort(key=lambda v: (order.get(v["scenario"], len(order)), v["feature"], v["line"]))
    return PlayoutRun(results=outcome.results, playouts=views, exit_code=outcome.code)


def _end_if_interrupted(outcome: Any) -> None:
    """A signal (Ctrl-C, SIGTERM, SIGHUP) during a run ends the whole verb, as it does anywhere else: pytest caught
    it and ended the run early (its results, if any, say so), so no page is made of half a run."""
    from harness.engines.process import signalled

    interrupted = outcome.results.interrupted if outcome.results is not None else outcome.code == 2 and signalled()
    if interrupted:
        raise KeyboardInterrupt(*(["signal " + outcome.results.interrupted_by]
                                  if outcome.results is not None and outcome.results.interrupted_by else []))


def _other_readings(results: Any, units: Sequence[str], editions: Sequence[str],
                    expectations: str | None) -> dict[str, dict[str, Any]]:
    """The play-outs of the scenarios that are N/A under the readings the reference engine holds by default: each
    played again under the readings it rests on (the first of each group it names), so a judge sees every
    reading's outcome played out. Scenario id → trace, its status and message those of that run."""
    wanted: dict[tuple[str, ...], set[str]] = {}
    for r in results.results:
        if r.status == "N/A":
            first: dict[str, str] = {}
            for reading in r.readings:
                group, _, value = reading.partition("=")
                first.setdefault(group, value)
            wanted.setdefault(tuple(sorted(f"{g}={v}" for g, v in first.items())), set()).add(r.scenario)
    out: dict[str, dict[str, Any]] = {}
    by_id = {r.scenario: r for r in results.results}
    for readings, ids in sorted(wanted.items()):
        extra = [arg for reading in readings for arg in ("--reading", reading)]
        # only those scenarios again (their own units, or assumptions for one naming none), not the whole run
        filters = sorted({f for sid in ids for f in (by_id[sid].units or [f"asm:{a}" for a in by_id[sid].assumptions])})
        again = run(filters, editions, expectations, traces=True, quiet=True, extra=extra)
        _end_if_interrupted(again)
        for sid in ids & set(again.traces):
            trace = dict(again.traces[sid])
            trace["reading"] = ", ".join(readings)
            out[sid] = trace
    return out


def load_traces(trace_dir: Path) -> list[dict[str, Any]]:
    """Every trace file of a folder, as the pytest plugin writes them with ``--trace-dir``."""
    if not trace_dir.is_dir():
        return []
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(trace_dir.glob("*.json"))]


# ------------------------------------------------------------------------------------------ views
def _without_history(state: dict[str, Any] | None) -> dict[str, Any] | None:
    if not state:
        return None
    return {k: v for k, v in state.items() if k != "history"}


def _board_part(state: dict[str, Any] | None) -> Any:
    if not state:
        return None
    return {"cards": state.get("cards"), "effects": state.get("effects"), "cells": state.get("cells")}


def playout_view(trace: dict[str, Any], info: Any = None) -> dict[str, Any]:
    """The play-out of one scenario from its trace (and its `ScenarioInfo`, for the steps not reached)."""
    traced = list(trace.get("steps") or [])
    steps_out: list[dict[str, Any]] = []
    prev: dict[str, Any] | None = None
    first_state = next((s["state"] for s in traced if s.get("state")), None) or {}
    for s in traced:
        state = s.get("state") or None
        history = (state or {}).get("history") or []
        before = (prev or {}).get("history") or []
        events = history[len(before):] if state else []
        pending_before = (prev or {}).get("pending")
        pending = (state or {}).get("pending")
        answer = None
        if pending_before and state is not None and pending != pending_before:
            answer = {"decision": pending_before, "step": f"{s['keyword']} {s['text']}"}
        steps_out.append({
            "keyword": s["keyword"], "text": s["text"], "line": s["line"], "status": s.get("status", "passed"),
            "state": _without_history(state),
            "changed": state is not None and (_without_history(state) != _without_history(prev) or bool(events)),
            "board_changed": state is not None and _board_part(state) != _board_part(prev),
            "events": events,
            "rule_effects": [e for e in events if e.get("kind") == "rule_effect"],
            "priority": (state or {}).get("priority"),
            "stack": list((state or {}).get("stack") or []),
            "pending": pending,
            "answer": answer,
        })
        if state is not None:
            prev = state
    # steps never reached (after a failure): from the feature file
    if info is not None:
        reached = {s["line"] for s in steps_out}
        for keyword, text, line in info.steps:
            if line not in reached and (not steps_out or line > steps_out[-1]["line"]):
                steps_out.append({"keyword": keyword, "text": text, "line": line, "status": "skipped",
                                  "state": None, "changed": False, "board_changed": False, "events": [],
                                  "rule_effects": [], "priority": None, "stack": [], "pending": None,
                                  "answer": None})
    final = prev or {}
    return {
        "scenario": trace["scenario"], "name": trace.get("name", ""), "feature": trace.get("feature", ""),
        "line": trace.get("line", 0), "units": list(trace.get("units") or []),
        "status": trace.get("status") or "ERROR", "message": trace.get("message") or "",
        "reading": trace.get("reading", ""),      # played under these readings (a scenario N/A by default)
        "edition": final.get("edition") or first_state.get("edition") or _edition_of(trace),
        "stack_name": final.get("stack_name") or first_state.get("stack_name") or "стек",
        "players": [p["name"] for p in (final.get("players") or first_state.get("players") or [])],
        "steps": steps_out,
        "outcome": {"status": trace.get("status") or "ERROR", "message": trace.get("message") or "",
                    "state": _without_history(final) if final else None,
                    "history": list(final.get("history") or [])},
    }


def _edition_of(trace: dict[str, Any]) -> str:
    units = trace.get("units") or []
    return units[0].split(":", 1)[0] if units else ""


def states_before_after(view: dict[str, Any]) -> list[tuple[dict[str, Any], dict | None, dict | None]]:
    """``(step, state before, state after)`` for every step of a play-out."""
    out = []
    prev = None
    for step in view["steps"]:
        out.append((step, prev, step["state"]))
        if step["state"] is not None:
            prev = step["state"]
    return out
