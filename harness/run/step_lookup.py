"""The step definitions of a step, found once per step text: pytest-bdd's own look-up, memoised.

pytest-bdd (8, 9) finds the definitions that can parse a step by asking pytest, for every fixture name of the
session, which of its definitions the item sees (`pytest_bdd.scenario.find_fixturedefs_for_step`): about a
hundred names per step, for each of the ~2,800 steps of `check` — measured with cProfile, 29 % of the whole
run, more than every step's own work together. Its answer depends only on the step (its type and text) and on
where the item stands (fixtures are visible by module, class and folder: the item's parent node), never on the
item itself, so it is kept per (type, text, parent) for the session. The look-up itself stays pytest-bdd's;
where its function is not there (another version), nothing is changed.
"""

from __future__ import annotations

from typing import Any

_memo: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def memoise_step_lookup() -> None:
    """Install the memo around pytest-bdd's look-up (once per process; the memo is emptied per session)."""
    import importlib

    # the module itself: the package's attribute `pytest_bdd.scenario` is its function scenario()
    bdd = importlib.import_module("pytest_bdd.scenario")
    original = getattr(bdd, "find_fixturedefs_for_step", None)
    if original is None or getattr(original, "memoised", False):
        return

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> tuple[Any, ...]:
        parent = getattr(node, "parent", None)
        key = (step.type, step.name, id(fixturemanager), parent.nodeid if parent is not None else node.nodeid)
        found = _memo.get(key)
        if found is None:
            found = _memo[key] = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
        return found

    find_fixturedefs_for_step.memoised = True  # type: ignore[attr-defined]
    bdd.find_fixturedefs_for_step = find_fixturedefs_for_step


def forget() -> None:
    """A new session: its fixtures are its own."""
    _memo.clear()
