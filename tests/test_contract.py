"""The observable contract (harness/engines/contract.py) is true: running the whole suite with a recording proxy over
every state, the paths each step reads are exactly those `STEP_READS` declares, every one of them is in the
contract, and docs/CONTRACT.md is the generated reference."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from harness.common import paths
from harness.engines import contract


def record_reads() -> dict[str, set[str]]:
    """Run every scenario in-process; step function name → the state paths it read."""
    from harness.engines.adapters import InProcessAdapter
    from harness.run.runner import scenario_pytest_args

    log: set[str] = set()
    reads: dict[str, set[str]] = {}
    current: list[str] = []
    original = InProcessAdapter.state

    def state(self, sections=None):
        return contract.recording(original(self, sections), log)

    class Plugin:
        def pytest_bdd_before_step_call(self, step_func, **_):
            log.clear()
            current[:] = [step_func.__name__]

        def pytest_bdd_after_step(self, step_func, **_):
            reads.setdefault(step_func.__name__, set()).update(log)

    InProcessAdapter.state = state
    try:
        with tempfile.TemporaryDirectory() as tmp:
            args = scenario_pytest_args(Path(tmp), expectations=None) + ["-p", "no:terminal", "-p", "no:xdist"]
            code = pytest.main(args, plugins=[Plugin()])
    finally:
        InProcessAdapter.state = original
    assert code == 0
    return reads


def _normal(path: str) -> str:
    # options of a decision are read as a whole (pending.options); their inner keys are the decision's
    if path.startswith("cells."):
        return "cells"
    return path.split(".options.")[0] + ".options" if ".options." in path else path


def test_steps_read_what_they_declare():
    reads = record_reads()
    assert reads, "no step ran"
    for step, seen in sorted(reads.items()):
        declared = set(contract.STEP_READS.get(step, ()))
        seen = {_normal(p) for p in seen}
        assert seen <= declared, f"{step} reads undeclared {sorted(seen - declared)} (harness/engines/contract.py STEP_READS)"


def test_required_keys_are_read_or_documented():
    read = set(contract.paths_read())
    for path in contract.required_paths():
        assert path in read or path.split(".")[0] in ("stack", "pending", "player", "card"), path


def test_contract_doc_is_generated():
    from harness.cli.contract import contract_markdown

    doc = paths.ROOT / "docs" / "CONTRACT.md"
    assert doc.read_text(encoding="utf-8").rstrip("\n") == contract_markdown().rstrip("\n"), "regenerate: berserk-rules contract > docs/CONTRACT.md"


def test_observable_keeps_only_the_contract():
    import engine
    from harness.suite.session import load_scenario_board

    board = load_scenario_board("classic/113.2.ex1-невтида-мститель.yaml")
    state = engine.state(engine.new_game(board.data, board.definitions))
    seen = contract.observable(state)
    assert "seed" not in seen or "seed" in contract.paths_read()
    assert "waiting_triggers" not in seen and "first_player" not in seen
    card = seen["cards"][0]
    assert "position" not in card and "printed_abilities" not in card and "zone" in card
    assert all(set(h) <= {"id", "turn", "kind", "source", "targets", "resources", "controller", "parent", "info"}
               for h in seen["history"])
