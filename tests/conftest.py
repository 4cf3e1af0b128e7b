"""Test-suite wiring for `pytest -n N` (pytest-xdist) only: the tests of one module go to one worker (xdist's
«loadscope»), unless `--dist` is given, so a module's costly fixture (a whole run of the suite, a wheel and its
virtual environment) is built once, not once per worker. Not in pyproject's addopts: the kit's own scenario
runs read that file, also where pytest-xdist is not installed.

The modules go out to the workers longest first: the few modules that wait on whole runs in other processes
(`LONG_FIRST`) lead, the rest follow in their collection order. xdist's own order (most tests first) sent these
one- to three-test modules, the longest of all, last, and one worker ran them alone while the other had
finished."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# the longest modules (6–15 s each in one process, measured), longest first
LONG_FIRST = ("test_mutants.py", "test_ci_recipes.py", "test_site.py", "test_install.py", "test_faults.py",
              "test_xdist.py", "test_runs_hostile.py", "test_protocol.py", "test_ci_output.py",
              "test_signals_verbs.py", "test_differential.py")


def wheel_sources(root: Path) -> set[str]:
    """The top-level files and folders of a checkout that the wheel is built from, as pyproject.toml names them:
    the readme, the packages (their first part), and for the suite's data package, whose folder is the checkout
    itself, its modules (the top-level *.py, which setuptools packs with it) and the first part of every
    package-data pattern."""
    import tomllib

    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    tools = project["tool"]["setuptools"]
    top = {"pyproject.toml", project["project"]["readme"]}
    top |= {package.split(".")[0] for package in tools["packages"] if tools.get("package-dir", {}).get(package) != "."}
    for package, patterns in tools.get("package-data", {}).items():
        if tools.get("package-dir", {}).get(package) == ".":
            top |= {pattern.split("/")[0] for pattern in patterns} | {f.name for f in root.glob("*.py")}
    return top


@pytest.fixture(scope="session")
def kit_wheel() -> Iterator[Path]:
    """The wheel of the kit's checkout (`pip wheel --no-deps`, with pip's build isolation), built once per session
    (once per xdist worker) for the tests that install it: tests/test_install.py and tests/test_ci_recipes.py.
    In a folder of its own, removed at the end: pytest's numbered tmp folders may be pruned by another pytest run
    meanwhile. Skips the test (with pip's reason) where it cannot be built."""
    from harness.common import paths

    if not (paths.ROOT / "pyproject.toml").is_file() or paths.KIND != paths.CHECKOUT:
        pytest.skip("needs the kit's checkout to build the wheel")
    base = Path(tempfile.mkdtemp(prefix="berserk-rules-wheel-"))
    try:
        # built from a copy of the checkout: setuptools builds in the source folder (build/), and two xdist
        # workers building there at once would race
        src = base / "src"
        # (only what the wheel is made of: not the folders other tests write in meanwhile, reports/, .hypothesis/)
        sources = wheel_sources(paths.ROOT)

        def leave_out(folder: str, names: list[str]) -> set[str]:
            top = Path(folder) == paths.ROOT
            return {n for n in names if n == "__pycache__" or n.endswith(".egg-info") or (top and n not in sources)}

        shutil.copytree(paths.ROOT, src, symlinks=True, ignore=leave_out)
        build = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(base / "dist"),
                                str(src)], capture_output=True, text=True, timeout=600)
        if build.returncode != 0:
            pytest.skip(f"the wheel could not be built here (pip needs setuptools from an index): "
                        f"{build.stderr.strip().splitlines()[-1:]}")
        yield next((base / "dist").glob("berserk_rules-*.whl"))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _rank(item: pytest.Item) -> int:
    name = item.path.name
    return LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)


@pytest.hookimpl(optionalhook=True)         # a hook of pytest-xdist: unknown where it is not loaded
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if any(arg in ("-d", "--dist", "--distload") or arg.startswith("--dist=") for arg in config.invocation_params.args):
        return None                                  # a distribution asked for: xdist's own choice
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False           # the workers' collection order (below), not "most tests"
    return LoadScopeScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):               # an xdist worker: every worker sorts alike (stable sort)
        items.sort(key=_rank)
