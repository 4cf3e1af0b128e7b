"""Where the kit's folders are. A checkout (`pip install -e .`, or the source tree) uses its own folders; an
installed kit (`pip install berserk-rules-….whl`) uses the copy of the suite the wheel carries (the data
package `berserk_rules_suite`); `$BERSERK_RULES_ROOT` points at another copy."""

from __future__ import annotations

import os
from pathlib import Path


def _root() -> tuple[Path, str]:
    """The kit's root and how it was found."""
    if os.environ.get("BERSERK_RULES_ROOT"):
        return Path(os.environ["BERSERK_RULES_ROOT"]), "$BERSERK_RULES_ROOT"
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "features").is_dir() and (checkout / "rules").is_dir():
        return checkout, "the checkout of the kit"
    try:
        import berserk_rules_suite

        return Path(list(berserk_rules_suite.__path__)[0]).resolve(), "the installed suite (berserk_rules_suite)"
    except (ImportError, IndexError):
        return checkout, "the checkout of the kit"


def _layout(root: Path, found_by: str) -> None:
    """Set every folder of the kit from its root."""
    global ROOT, FOUND_BY, RULES, FEATURES, SCENARIOS, CATALOG, EXPECTATIONS, REFERENCE_EXPECTATIONS, ASSUMPTIONS
    global SCENARIO_TESTS, REPORTS
    ROOT, FOUND_BY = root, found_by
    RULES = ROOT / "rules"
    FEATURES = ROOT / "features"
    SCENARIOS = ROOT / "scenarios"
    CATALOG = ROOT / "catalog"
    EXPECTATIONS = ROOT / "expectations"
    REFERENCE_EXPECTATIONS = EXPECTATIONS / "reference.yaml"
    ASSUMPTIONS = RULES / "assumptions.yaml"
    SCENARIO_TESTS = ROOT / "tests" / "test_scenarios.py"
    if not SCENARIO_TESTS.is_file():             # an installed kit: the binding module ships in harness/
        SCENARIO_TESTS = Path(__file__).resolve().parents[1] / "run" / "suite_tests.py"
    REPORTS = ROOT / "reports" if FOUND_BY == "the checkout of the kit" else Path("reports")


ROOT, FOUND_BY = _root()
_layout(ROOT, FOUND_BY)


def use_root(folder: str) -> None:
    """Use the suite of the checkout at ``folder`` (`--root DIR`; a pre-commit hook gives ``.``, the repository
    being committed), never the kit's own: its ``rules/``, ``features/``, ``scenarios/``, ``catalog/`` and
    ``expectations/``; a repository that keeps only a ``rules/`` folder gets the kit's suite with its rules.
    The environment carries the choice to the kit's own subprocesses. Raises `InputError` when ``folder`` holds
    no ``rules/``."""
    from harness.common.errors import InputError, Problem

    root = Path(folder).resolve()
    if not (root / "rules").is_dir():
        raise InputError(Problem(str(folder), None, "--root", f"no rules/ folder in {root}: expected the checkout of a "
                                 "rules repository (rules/, and features/, scenarios/… for a whole suite)"))
    if (root / "features").is_dir():
        os.environ["BERSERK_RULES_ROOT"] = str(root)
        _layout(root, "--root")
    else:
        use_rules_dir(str(root / "rules"))
        os.environ["BERSERK_RULES_DIR"] = str(root / "rules")


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


def where(folder: Path, what: str, option: str = "") -> str:
    """The message for a missing folder: where the kit looked, how it chose that place, what changes it."""
    change = f"{option}, or " if option else ""
    return (f"{what} folder not found at {folder} (the kit's root {ROOT} is {FOUND_BY}); point the kit at a copy "
            f"of the suite with {change}$BERSERK_RULES_ROOT")
