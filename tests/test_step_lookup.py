"""The memoised look-up of a step's definitions (harness/run/step_lookup.py) finds, for every step of a real run,
exactly what pytest-bdd's own look-up finds, in the same order (pytest-bdd takes the last one)."""

from __future__ import annotations

from typing import Any

import pytest

from harness.run.runner import run_scenarios


def test_the_memoised_lookup_finds_what_pytest_bdd_finds() -> None:
    checked: list[str] = []
    differences: list[str] = []

    class Compare:
        @pytest.hookimpl
        def pytest_bdd_before_step(self, request: Any, feature: Any, scenario: Any, step: Any, step_func: Any) -> None:
            import importlib

            lookup = importlib.import_module("pytest_bdd.scenario").find_fixturedefs_for_step
            manager, node = request._fixturemanager, request.node
            theirs = tuple(lookup.original(step=step, fixturemanager=manager, node=node))
            if lookup(step, manager, node) != theirs:
                differences.append(step.name)
            checked.append(step.name)

    code, results = run_scenarios(None, ["classic:113"], [], None, None, quiet=True, plugins=[Compare()])
    assert results is not None and results.ok, code
    assert len(checked) > 300 and not differences, differences[:5]


def test_a_kept_signature_is_the_one_inspect_computes_and_an_own_one_stays() -> None:
    """`_keep_signature` (pytest-bdd asks a step's signature twice per step): the signature kept is what
    `inspect.signature` computes without it — names, kinds, defaults, annotations —, and a function that
    declares a signature of its own keeps that one."""
    import inspect

    from harness.run.step_lookup import _keep_signature

    def step(world: object, player: str, n: int = 2, *, table: list | None = None) -> None:
        """a step"""

    fresh = inspect.signature(step)
    _keep_signature(step)
    assert step.__signature__ == fresh and inspect.signature(step) is step.__signature__
    assert list(inspect.signature(step).parameters) == ["world", "player", "n", "table"]

    def declared(world: object) -> None:
        """a step with a signature of its own"""

    own = inspect.Signature([inspect.Parameter("other", inspect.Parameter.POSITIONAL_OR_KEYWORD)])
    declared.__signature__ = own
    _keep_signature(declared)
    assert inspect.signature(declared) is own
