"""Where the kit's folders are, found as git finds a repository.

The suite a verb uses (its root: `rules/`, `features/`, `scenarios/`, `catalog/`, `expectations/`) is, in order:
the folder named by `--root DIR` (`use_root`), else by `$BERSERK_RULES_ROOT`, else the first kit root found by
walking up from the current folder (a folder with both `rules/` and `features/`: a clone, a worktree, a copy),
and only outside any kit the installed suite: the copy the wheel carries (the data package
`berserk_rules_suite`), or, for an editable install, the checkout it was installed from.

Reports go under the root's own `reports/` when the root is a checkout (found or named), and under `./reports`
when it is the installed suite (a wheel's site-packages is nobody's to write in); `--report-dir` overrides both.
Nothing is written into another tree: the defaults of `--report-dir` and `--out` are resolved only once the root
is known (`UnderReports`). Every verb that reads the suite names its root on its first line (`describe`)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

CHECKOUT, INSTALLED = "checkout", "installed"
MARKERS = ("rules", "features")          # what makes a folder a kit root


def is_kit_root(folder: Path) -> bool:
    return all((folder / m).is_dir() for m in MARKERS)


def find_kit_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` that is a kit root (None when there is none)."""
    try:
        here = start.resolve()
    except OSError:
        return None
    for folder in (here, *here.parents):
        if is_kit_root(folder):
            return folder
    return None


def _root() -> tuple[Path, str, str]:
    """The kit's root, how it was found (words for users), and its kind (`CHECKOUT` or `INSTALLED`)."""
    if os.environ.get("BERSERK_RULES_ROOT"):
        return Path(os.environ["BERSERK_RULES_ROOT"]).resolve(), "$BERSERK_RULES_ROOT", CHECKOUT
    try:
        found = find_kit_root(Path.cwd())
    except OSError:                      # the current folder was removed
        found = None
    if found is not None:
        return found, "found from the current folder", CHECKOUT
    checkout = Path(__file__).resolve().parents[2]
    if is_kit_root(checkout):
        return checkout, "outside any kit: the installed kit's checkout", CHECKOUT
    try:
        import berserk_rules_suite

        return (Path(list(berserk_rules_suite.__path__)[0]).resolve(), "outside any kit: the installed suite",
                INSTALLED)
    except (ImportError, IndexError):
        return checkout, "outside any kit: the installed kit's checkout", CHECKOUT


def _layout(root: Path, found_by: str, kind: str) -> None:
    """Set every folder of the kit from its root."""
    global ROOT, FOUND_BY, KIND, RULES, FEATURES, SCENARIOS, CATALOG, EXPECTATIONS, REFERENCE_EXPECTATIONS
    global ASSUMPTIONS, SCENARIO_TESTS, REPORTS
    ROOT, FOUND_BY, KIND = root, found_by, kind
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
    REPORTS = ROOT / "reports" if KIND == CHECKOUT else Path("reports")


ROOT, FOUND_BY, KIND = _root()
_layout(ROOT, FOUND_BY, KIND)


_LAYOUT = ("ROOT", "FOUND_BY", "KIND", "RULES", "FEATURES", "SCENARIOS", "CATALOG", "EXPECTATIONS",
           "REFERENCE_EXPECTATIONS", "ASSUMPTIONS", "SCENARIO_TESTS", "REPORTS")
_LAYOUT_ENV = ("BERSERK_RULES_ROOT", "BERSERK_RULES_DIR")


@contextlib.contextmanager
def kept_layout() -> Iterator[None]:
    """The layout (every folder above) and the environment variables that carry it, as they are now, back as
    they were after the block: a verb run in-process (`harness.cli.main` from a test or a tool) with `--root`
    or `--rules` points the kit at another tree for that run only, never for what the same process does next."""
    module = globals()
    saved = {name: module[name] for name in _LAYOUT}
    saved_env = {name: os.environ.get(name) for name in _LAYOUT_ENV}
    try:
        yield
    finally:
        module.update(saved)
        for name, value in saved_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def pytest_config() -> Path:
    """The pytest configuration the scenarios run with: the root's `pyproject.toml`, or, for a root that has none
    (a copy of the suite's folders alone), the installed kit's own (its markers are the kit's, not the suite's)."""
    own = ROOT / "pyproject.toml"
    if own.is_file():
        return own
    checkout = Path(__file__).resolve().parents[2] / "pyproject.toml"
    if checkout.is_file():
        return checkout
    try:
        import berserk_rules_suite

        return Path(list(berserk_rules_suite.__path__)[0]) / "pyproject.toml"
    except (ImportError, IndexError):
        return own


def describe() -> str:
    """The line naming the suite a verb uses: its root and how it was found."""
    return f"suite: {ROOT} ({FOUND_BY})"


class UnderReports:
    """The default of an output option (`--report-dir`, `--out`): a path under the reports folder, resolved
    once the root is known (`resolve`), so `--root DIR check` writes into DIR's reports, never the kit's."""

    def __init__(self, relative: str = "") -> None:
        self.relative = relative

    def resolve(self) -> str:
        return str(REPORTS / self.relative) if self.relative else str(REPORTS)

    def __str__(self) -> str:                    # argparse's %(default)s in a help text
        return f"reports/{self.relative}" if self.relative else "reports/"


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
        _layout(root, "--root", CHECKOUT)
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
