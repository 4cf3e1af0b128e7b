"""Coverage of the rule units: per unit, the scenarios naming it, how many passed on a run, and its review
state (`berserk-rules coverage`, and the coverage part of the run report)."""

from __future__ import annotations

from typing import Any

from harness.common import paths
from harness.rules.axes import axes_path, load_axes
from harness.rules.corpus import load_corpus
from harness.rules.review import load_lock, lock_path, review_state
from harness.suite.features import scan_features, scenarios_by_unit


def coverage_data(results: Any) -> dict[str, Any]:
    """Per unit: the scenarios naming it and how many of them passed on the given run (`RunResults`, or None)."""
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    by_unit = scenarios_by_unit(scan_features(paths.FEATURES, root=paths.ROOT))
    review = review_state(corpus, load_lock(lock_path(paths.RULES), paths.ROOT))
    status = {r.scenario: r.status for r in results.results} if results else {}
    axes = load_axes(axes_path(paths.RULES), paths.ROOT)
    units = []
    for u in corpus.units:
        named = [i for s in by_unit.get(u.id, []) for i in s.ids]     # an outline: its example rows
        passing = [s for s in named if status.get(s) == "PASS"]
        units.append({"id": u.id, "kind": u.kind, "scenarios": len(named), "passing": len(passing),
                      "covered": bool(passing), **_review_of(review, u.id, named),
                      "axes": _axes_of(axes, u.id, set(named), set(passing) if results else None)})
    covered = sum(1 for u in units if u["covered"])
    editions: dict[str, dict[str, int]] = {}
    for u in units:
        ed = editions.setdefault(u["id"].split(":", 1)[0], {"axes": 0, "axes_played": 0, "values": 0,
                                                              "values_played": 0, "values_passing": 0,
                                                              "values_justified": 0})
        for key in ed:
            ed[key] += u["axes"][key]
    return {"units_total": len(units), "units_covered": covered, "axes_file": axes.file if axes.exists else None,
            "axes_by_edition": editions,
            "units_named": sum(1 for u in units if u["scenarios"]), "units": units,
            "review_tracked": review is not None and review.tracked,
            "units_needing_review": sum(1 for u in units if u["review"] in ("changed", "new")),
            "scenarios_needing_review": sorted({s for u in units if u["review"] in ("changed", "new")
                                                for s in u["review_scenarios"]})}


def _axes_of(axes: Any, unit: str, named: set[str], passing: set[str] | None) -> dict[str, Any]:
    """A unit's axes for coverage: axes and values in all, those played (a scenario naming the unit plays
    them), those played by a passing scenario, and the values no scenario plays (``axis=value``)."""
    played = axes.figures(unit, named)
    out = {**played, "values_passing": axes.figures(unit, passing)["values_played"] if passing is not None
           else played["values_played"],
           "unplayed": [f"{a.id}={v.id}" for a in axes.of(unit) for v in a.values
                        if not v.justified and not any(s in named for s in v.plays)],
           "justified": [f"{a.id}={v.id}" for a in axes.of(unit) for v in a.values if v.justified]}
    return out


def _review_of(review: Any, unit_id: str, named: list[str]) -> dict[str, Any]:
    """A unit's review state for coverage: ok | changed | new | untracked, and the scenarios to review."""
    if review is None or not review.tracked:
        return {"review": "untracked", "review_scenarios": []}
    pending = review.pending.get(unit_id)
    return {"review": pending.state if pending else "ok", "review_scenarios": named if pending else []}
