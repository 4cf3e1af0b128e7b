"""A collected scenario played again inside a running pytest session, for the tools that run many engines on
the same scenarios (`berserk-rules mutants`, `mutants --mechanical`): collection, the feature files and the
step registry are paid once per session, not once per engine. The verdict is the one `check` would give
(`ScenarioResult.as_expected`); the recorder keeps nothing between plays, so a long loop holds no results."""

from __future__ import annotations

from typing import Any

from harness.run.pytest_plugin import RECORDER, SCENARIO, SCENARIO_ID, Scenario, unit_selected


def play_again(item: Any, nextitem: Any) -> tuple[bool, str, Scenario | None]:
    """Run ``item`` once more (``nextitem``: any other item, so pytest tears its fixtures down after it):
    (as expected?, status, the kit's record of it; None when it did not even start)."""
    from _pytest.runner import runtestprotocol

    if SCENARIO in item.stash:
        del item.stash[SCENARIO]
    runtestprotocol(item, log=False, nextitem=nextitem)
    sc = item.stash.get(SCENARIO, None)
    rec = item.config.stash[RECORDER]
    rec.order.clear()
    rec.scenarios.clear()
    if sc is None:
        return False, "ERROR", None
    expected = rec.expectation(sc.id, sc.name)["status"]
    status = sc.status or "ERROR"
    ok = status == expected or status in ("SKIP", "N/A") or (status == "PARTIAL" and expected == "PASS")
    return ok, status, sc


def spares(items: list[Any]) -> dict[str, Any]:
    """For each item, another one to name as its ``nextitem``."""
    if len(items) < 2:
        raise RuntimeError("fewer than two scenarios collected")
    return {items[0].nodeid: items[1], **{it.nodeid: items[0] for it in items[1:]}}


def scenario_items(items: list[Any], units: list[str]) -> list[Any]:
    """The scenario items (not the other tests of the module) that `--unit` filters ``units`` (unit ids,
    sections, ``asm:<id>``) select, read off their tags as `check` reads them; all of them with no filter."""
    return [it for it in items if SCENARIO_ID in it.stash
            and unit_selected([m.args[0] for m in it.iter_markers("unit")], units, [], None,
                              [m.args[0] for m in it.iter_markers("assumption")])]
