"""Where the kit's folders are. The kit runs from its checkout (installed editable, `pip install -e .`)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(os.environ.get("BERSERK_RULES_ROOT", Path(__file__).resolve().parents[2]))
RULES = ROOT / "rules"
FEATURES = ROOT / "features"
SCENARIOS = ROOT / "scenarios"
CATALOG = ROOT / "catalog"
EXPECTATIONS = ROOT / "expectations"
REFERENCE_EXPECTATIONS = EXPECTATIONS / "reference.yaml"
ASSUMPTIONS = RULES / "assumptions.yaml"
SCENARIO_TESTS = ROOT / "tests" / "test_scenarios.py"
REPORTS = ROOT / "reports"


def display(path: Path) -> str:
    """A path as shown to users: relative to the kit's root when inside it."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def use_rules_dir(folder: str | None) -> None:
    """Point the tools at another rules folder (`--rules DIR`, else $BERSERK_RULES_DIR): the corpus, its
    review.lock and, when the folder has one, its assumptions.yaml."""
    global RULES, ASSUMPTIONS
    folder = folder or os.environ.get("BERSERK_RULES_DIR")
    if not folder:
        return
    RULES = Path(folder)
    if (RULES / "assumptions.yaml").is_file():
        ASSUMPTIONS = RULES / "assumptions.yaml"
