"""The step definitions of a step, found once per step text: pytest-bdd's own look-up, memoised.

pytest-bdd (8, 9) finds the definitions that can parse a step by asking pytest, for every fixture name of the
session, which of its definitions the item sees (`pytest_bdd.scenario.find_fixturedefs_for_step`): about a
hundred names per step, for each of the ~2,800 steps of `check` — measured with cProfile, 29 % of the whole
run, more than every step's own work together. Its answer depends only on the step (its type and text) and on
where the item stands (fixtures are visible by module, class and folder: the item's parent node), never on the
item itself, so it is kept per (type, text, parent) for the session.

Most step texts of the suite are met once (each names its cards and numbers), so the memo alone saves little:
the part that does not depend on the text — which step definitions the parent node sees, pytest's visibility
rules applied to every fixture name — is kept per parent too, and a new text is only matched against those
definitions' parsers, as pytest-bdd matches them. That part uses pytest-bdd's own helpers
(`pytest_bdd.compat.get_fixture_names`, `getfixturedefs`, `pytest_bdd.steps.step_function_context_registry`);
where one of them is not there (another version), only the memo of whole answers is used, and where the look-up
function itself is not there, nothing is changed.
"""

from __future__ import annotations

from typing import Any

_memo: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_visible: dict[tuple[int, str], tuple[tuple[Any, Any], ...]] = {}   # (manager, parent) → (fixturedef, context)


def _visible_step_definitions(fixturemanager: Any, node: Any, place: str, helpers: tuple[Any, Any, Any]) -> \
        tuple[tuple[Any, Any], ...]:
    """Every step definition (its fixturedef and pytest-bdd's context of it) the node sees, once per place."""
    key = (id(fixturemanager), place)
    found = _visible.get(key)
    if found is None:
        get_fixture_names, getfixturedefs, contexts = helpers
        pairs = []
        for name in get_fixture_names(fixturemanager=fixturemanager):
            for fixturedef in getfixturedefs(fixturemanager, name, node) or []:
                context = contexts.get(fixturedef.func)
                if context is not None:
                    _keep_signature(context.step_func)
                    pairs.append((fixturedef, context))
        found = _visible[key] = tuple(pairs)
    return found


def _keep_signature(func: Any) -> None:
    """pytest-bdd asks `inspect.signature` of a step's function twice per step (the arguments it parses, the
    fixtures it requests): some 9 µs each, 5 % of `check` (py-spy). A function's `__signature__`, which
    `inspect.signature` returns as it is, is set once to the signature it would compute: the same answer."""
    import inspect

    if getattr(func, "__signature__", None) is None and inspect.isfunction(func):
        func.__signature__ = inspect.signature(func)


def memoise_step_lookup() -> None:
    """Install the memo around pytest-bdd's look-up (once per process; the memo is emptied per session)."""
    import importlib

    # the module itself: the package's attribute `pytest_bdd.scenario` is its function scenario()
    bdd = importlib.import_module("pytest_bdd.scenario")
    original = getattr(bdd, "find_fixturedefs_for_step", None)
    if original is None or getattr(original, "memoised", False):
        return
    helpers = _helpers()

    def find_fixturedefs_for_step(step: Any, fixturemanager: Any, node: Any) -> tuple[Any, ...]:
        parent = getattr(node, "parent", None)
        place = parent.nodeid if parent is not None else node.nodeid
        key = (step.type, step.name, id(fixturemanager), place)
        found = _memo.get(key)
        if found is None:
            if helpers is None:
                found = tuple(original(step=step, fixturemanager=fixturemanager, node=node))
            else:           # as pytest-bdd decides: the step's type (if the definition names one) and its parser
                found = tuple(fixturedef for fixturedef, context
                              in _visible_step_definitions(fixturemanager, node, place, helpers)
                              if (context.type is None or context.type == step.type)
                              and context.parser.is_matching(step.name))
            _memo[key] = found
        return found

    find_fixturedefs_for_step.memoised = True  # type: ignore[attr-defined]
    find_fixturedefs_for_step.original = original  # type: ignore[attr-defined]   (tests/test_step_lookup.py)
    bdd.find_fixturedefs_for_step = find_fixturedefs_for_step


def _helpers() -> tuple[Any, Any, Any] | None:
    try:
        from pytest_bdd.compat import get_fixture_names, getfixturedefs
        from pytest_bdd.steps import step_function_context_registry
    except ImportError:
        return None
    return get_fixture_names, getfixturedefs, step_function_context_registry


def forget() -> None:
    """A new session: its fixtures are its own."""
    _memo.clear()
    _visible.clear()
