"""Test-suite wiring for `pytest -n N` (pytest-xdist) only: the tests of one module go to one worker (xdist's
«loadscope»; those of the modules of `PER_TEST` one by one), unless `--dist` is given, so a module's costly
fixture (a whole run of the suite, a wheel and its virtual environment) is built once, not once per worker. Not in pyproject's addopts: the kit's own scenario
runs read that file, also where pytest-xdist is not installed.

The modules go out to the workers longest first: the few modules that wait on whole runs in other processes
(`LONG_FIRST`) lead, the rest follow in their collection order. xdist's own order (most tests first) sent these
one- to three-test modules, the longest of all, last, and one worker ran them alone while the other had
finished.

The costly set-up that several modules need is made once per test session, also under `-n auto`
(`built_once`: the first worker to need it builds it under a file lock in the session's folder, the others
reuse it): the kit's wheel (`kit_wheel`), the rules site (`rules_site`), and one headless Chromium per
process (`browser`). The end-to-end tests (the rules site and a browser, a wheel in a fresh virtual environment,
real pre-commit, the CI recipes, whole `pytest` runs in other processes) are marked `e2e` (pyproject.toml): `.ci/run` runs them in a step of
their own; plain `pytest` and `pytest -n auto` run everything."""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# the longest modules (6–60 s each in one process, measured), longest first; the tests of test_readings.py go
# out one by one (PER_TEST), right after these
LONG_FIRST = ("test_mutants.py", "test_ci_recipes.py", "test_site.py", "test_install.py", "test_editors.py",
              "test_faults.py", "test_xdist.py", "test_runs_hostile.py", "test_render.py", "test_protocol.py",
              "test_ci_output.py", "test_signals_verbs.py", "test_differential.py", "test_readings.py")


# modules whose tests each make a whole run of their own and share no costly module fixture (the suite under
# each reading): their tests go out to the workers one by one, not as one module, and spread over every worker
PER_TEST = ("test_readings.py",)


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


@contextlib.contextmanager
def _file_lock(path: Path) -> Iterator[None]:
    import fcntl

    with open(path, "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


@contextlib.contextmanager
def built_once(config: pytest.Config, tmp_path_factory: pytest.TempPathFactory, name: str,
               build: Callable[[Path], None]) -> Iterator[Path]:
    """A folder that `build(folder)` fills, once per test session: for a session-scoped fixture that several
    modules share. In one process the fixture runs once anyway: a folder of its own (tempfile), removed at the
    end. Under pytest-xdist every worker runs its session fixtures, so the folder is the session's, shared by
    its workers (pytest-xdist's documented pattern: `getbasetemp().parent`, a file lock): the first worker to
    need it builds it while the others wait, then they all use it; it goes with the session's temporary
    folders. A build that fails or skips leaves no folder behind: the next worker tries again (and fails or
    skips for itself)."""
    if not hasattr(config, "workerinput"):
        folder = Path(tempfile.mkdtemp(prefix=f"berserk-rules-{name}-"))
        try:
            build(folder)
            yield folder
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        return
    shared = tmp_path_factory.getbasetemp().parent
    folder, done = shared / name, shared / f"{name}.done"
    with _file_lock(shared / f"{name}.lock"):
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            try:
                build(folder)
            except BaseException:
                shutil.rmtree(folder, ignore_errors=True)
                raise
            done.touch()
    yield folder


@pytest.fixture(scope="session")
def kit_wheel(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The wheel of the kit's checkout (`pip wheel --no-deps`, with pip's build isolation), built once per session
    (`built_once`: one build for every xdist worker) for the tests that install it: tests/test_install.py and
    tests/test_ci_recipes.py. Skips the test (with pip's reason) where it cannot be built."""
    from harness.common import paths

    if not (paths.ROOT / "pyproject.toml").is_file() or paths.KIND != paths.CHECKOUT:
        pytest.skip("needs the kit's checkout to build the wheel")
    with built_once(pytestconfig, tmp_path_factory, "kit-wheel", _build_wheel) as base:
        yield next((base / "dist").glob("berserk_rules-*.whl"))


def _build_wheel(base: Path) -> None:
    """`pip wheel` of a copy of the checkout into base/dist."""
    from harness.common import paths

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


@pytest.fixture(scope="session")
def reference_check(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """`berserk-rules check` of the kit's suite against the built-in reference engine, in a child process, with the
    kit's expectations file and `--trace-dir`, once per session (`built_once`) for the tests that read a whole
    reference run: its reports (tests/test_reports.py, tests/test_junit.py), its traces (the in-process half of
    tests/test_protocol.py). A `fake_engines.suite.Run` (exit code, what it printed, results.json, the report
    folder); its traces are in the report folder's sibling `traces`."""
    import json

    with built_once(pytestconfig, tmp_path_factory, "reference-check", _reference_check) as base:
        saved = json.loads((base / "process.json").read_text("utf-8"))
        results = base / "reports" / "results.json"
        from tests.fake_engines.suite import Run

        yield Run(saved["code"], saved["out"], saved["err"],
                  json.loads(results.read_text("utf-8")) if results.is_file() else None, base / "reports")


def _reference_check(base: Path) -> None:
    import json

    from tests.fake_engines.suite import REPO, run_check

    run = run_check(REPO, "--expectations", str(REPO / "expectations" / "reference.yaml"),
                    "--trace-dir", str(base / "traces"), report_dir=base / "reports", timeout=600)
    (base / "process.json").write_text(json.dumps({"code": run.code, "out": run.out, "err": run.err}), "utf-8")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium (harness/quality/browser.py, over the DevTools pipe) for the session's browser tests
    (tests/test_site.py, tests/test_sandbox.py): each opens its own tabs (`Browser.open(url, window=(w, h))`)
    instead of starting a browser of its own. One per process (an xdist worker's tests share it). Skips where
    Chromium is not installed."""
    from harness.quality.browser import Browser, chromium

    if chromium() is None:
        pytest.skip("headless Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it as root)")
    with Browser() as b:
        yield b


@pytest.fixture(scope="session")
def rules_site(pytestconfig: pytest.Config, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The rules site as a judge builds it, `berserk-rules site --out DIR --results OTHER`, built once per session
    (`built_once`) for tests/test_site.py and tests/test_sandbox.py: DIR is the returned folder, OTHER
    (`other_results_file`) another engine's results.json in which the suite's first scenario failed («boom»)
    and its second passed."""
    with built_once(pytestconfig, tmp_path_factory, "rules-site", _build_rules_site) as base:
        yield base / "site"


def other_results_file(site: Path) -> Path:
    """The other engine's results.json given to `rules_site`."""
    return site.parent / "other" / "results.json"


def _build_rules_site(base: Path) -> None:
    import json
    import os

    from harness.common import paths
    from harness.run.results import RunInfo, RunResults, ScenarioResult, utc_now
    from harness.suite.features import scan_features

    picked = scan_features(paths.FEATURES, root=paths.ROOT)[:2]
    results = RunResults(
        run=RunInfo(engine="other-engine", engine_version="9.9", protocol_version="0.1.0", suite_version="0.1.0",
                    seed=0, started=utc_now(), duration_s=1.0, edition_filter=[], unit_filter=[]),
        results=[ScenarioResult(scenario=s.id, name=s.name, feature=s.feature, line=s.line, units=list(s.units),
                                assumptions=list(s.assumptions), status=st, message="boom" if st == "FAIL" else "")
                 for s, st in zip(picked, ["FAIL", "PASS"], strict=False)])
    other = other_results_file(base / "site")
    other.parent.mkdir()
    other.write_text(json.dumps(results.to_json(), ensure_ascii=False), encoding="utf-8")
    # in a process of its own, as a judge runs it: the play-outs of the whole suite (every trace kept) took about
    # 4× longer inside a test process (tests/test_render.py's in-process play-outs, measured) than in a new one
    env = dict(os.environ, PYTHONUTF8="1")
    proc = subprocess.run([sys.executable, "-X", "utf8", "-m", "harness.cli", "site", "--out", str(base / "site"),
                           "--results", str(other)], cwd=paths.ROOT, env=env, capture_output=True, text=True,
                          encoding="utf-8", timeout=1800)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "files" in proc.stdout and "built in" in proc.stdout, proc.stdout


def _rank(item: pytest.Item) -> int:
    name = item.path.name
    return LONG_FIRST.index(name) if name in LONG_FIRST else len(LONG_FIRST)


@pytest.hookimpl(optionalhook=True)         # a hook of pytest-xdist: unknown where it is not loaded
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if any(arg in ("-d", "--dist", "--distload") or arg.startswith("--dist=") for arg in config.invocation_params.args):
        return None                                  # a distribution asked for: xdist's own choice
    from xdist.scheduler import LoadScopeScheduling

    class Scheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if nodeid.split("::", 1)[0].rsplit("/", 1)[-1] in PER_TEST:
                return nodeid                        # a scope of its own: the test goes out alone
            return super()._split_scope(nodeid)

    config.option.loadscopereorder = False           # the workers' collection order (below), not "most tests"
    return Scheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):               # an xdist worker: every worker sorts alike (stable sort)
        items.sort(key=_rank)
