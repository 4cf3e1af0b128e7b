"""The one way to run scenarios from Python: `run` plays them in this process with pytest-bdd and the kit's
plugin, and hands back the results — and, when asked, every scenario's trace — in memory.

    outcome = run(units=["classic:113.2"], traces=True)
    outcome.results            # harness.run.results.RunResults (None when pytest could not run at all)
    outcome.traces             # scenario id → trace: its steps with the canonical state after each

How the data comes back: `run` passes a `_Collector` to `pytest.main(plugins=[...])`; at the end of the session
the kit's plugin (`harness.run.pytest_plugin`) calls the `pytest_berserk_results` hook with the results and
the traces it recorded, and the collector keeps them. Nothing is written unless asked: with ``report_dir``,
the output layer's plugin (`harness.output.report_plugin`, listed in conftest.py) writes results.json,
junit.xml and index.html from the same objects; nobody reads them back.

pytest can run many times in one process (check, then play-outs; every mutant of a pool worker): pytest-bdd
keeps no state between sessions but the test module that binds the feature files (tests/test_scenarios.py),
which binds them when it is imported. `run` therefore forgets the test modules it imported (as pytest's own
`pytester` does), so the next run reads the feature files as they are on disk then; a module that was
already imported before (a run from inside a pytest session) is left alone.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.run.results import RunResults

__all__ = ["Outcome", "run", "run_scenarios", "scenario_pytest_args"]


def scenario_pytest_args(report_dir: Path | None, units: Sequence[str] = (), editions: Sequence[str] = (),
                         expectations: str | None = None, engine_cmd: str | None = None) -> list[str]:
    """The arguments that make pytest run the kit's scenarios with its plugin (the one place that knows)."""
    # no:unraisableexception: at its end that plugin runs five full garbage collections (pytest 9), a fifth of the
    # time of a whole run against a mutant; the scenarios report their own errors
    args = [str(paths.SCENARIO_TESTS), "--rootdir", str(paths.ROOT), "-c", str(paths.pytest_config()),
            "-p", "no:cacheprovider", "-p", "no:unraisableexception",
            # the tests' guard against a hung test (pyproject.toml: pytest-timeout ends the worker, faulthandler
            # dumps its stacks) is not the run's: a scenario has its own time limit and ends as TIMEOUT, reported
            "-p", "no:timeout", "-o", "faulthandler_timeout=0"]
    if paths.SCENARIO_TESTS.parent == Path(__file__).resolve().parent:  # an installed kit: no conftest.py
        args += ["-p", "harness.run.locale_check", "-p", "harness.run.pytest_plugin", "-p", "harness.suite.steps",
                 "-p", "harness.output.report_plugin"]                  # wires the plugins: name them here
    if report_dir is not None:
        args += ["--report-dir", str(report_dir)]
    for u in units:
        args += ["--unit", u]
    for e in editions:
        args += ["--edition", e]
    if expectations:
        args += ["--expectations", expectations]
    if engine_cmd:
        args += ["--engine-cmd", engine_cmd]
    return args


@dataclass
class Outcome:
    """What a run gives: pytest's exit code, the results (None if pytest could not run) and the traces."""

    code: int
    results: RunResults | None
    traces: dict[str, dict[str, Any]] = field(default_factory=dict)
    reports_failed: bool = False    # the scenarios ran, but their reports could not be written (a full disk…)


class _Collector:
    """A plugin object for one `pytest.main`: receives the run's results and traces from the kit's plugin."""

    def __init__(self, traces: bool) -> None:
        self.want_traces = traces
        self.results: RunResults | None = None
        self.traces: dict[str, dict[str, Any]] = {}
        self.reports_failed = False

    def pytest_configure(self, config: Any) -> None:
        if self.want_traces:
            config.option.berserk_keep_traces = True

    def pytest_berserk_results(self, results: RunResults, traces: dict[str, dict[str, Any]]) -> None:
        self.results = results
        self.traces = dict(traces)

    def pytest_unconfigure(self, config: Any) -> None:
        from harness.run.pytest_plugin import REPORTS_FAILED

        self.reports_failed = bool(config.stash.get(REPORTS_FAILED, None))


def run(units: Sequence[str] = (), editions: Sequence[str] = (), expectations: str | None = None,
        engine_cmd: str | None = None, *, report_dir: Path | None = None, traces: bool = False,
        quiet: bool = False, extra: Sequence[str] = (), plugins: Sequence[Any] = (), partial: bool = False) -> Outcome:
    """Play the scenarios (those naming ``units`` or a unit under them, of ``editions``; all by default) in
    this process; see the module docstring. ``quiet`` silences pytest's terminal output; ``plugins`` are
    further pytest plugin objects (e.g. the progress display of `check`). An interrupted run (a signal, or an
    engine that cannot be started) gives results (marked `interrupted`, or `stopped`) only when ``partial``;
    else None, as a run that could not be made."""
    import pytest  # here, not at the top: the CLI's other verbs do not need pytest loaded

    args = scenario_pytest_args(report_dir, units, editions, expectations, engine_cmd)
    if quiet:  # without the terminal plugin its options (--tb, -q, --no-header) do not exist
        args += ["-p", "no:terminal"]
    else:
        args += ["--tb=no", "-q", "--no-header"]
    args += list(extra)
    collector = _Collector(traces)
    before = set(sys.modules)
    try:
        code = int(pytest.main(args, plugins=[collector, *plugins]))
    finally:
        # the binding module and the suite's test modules are imported afresh by the next run: it may be on another
        # root (`--root DIR` in-process), whose features the binding module must bind (an installed kit's
        # harness/run/suite_tests.py binds `paths.FEATURES` as it is when imported)
        tests = str(paths.ROOT / "tests")
        binding = str(paths.SCENARIO_TESTS)
        for name in set(sys.modules) - before:
            file = getattr(sys.modules[name], "__file__", None) or ""
            if file.startswith(tests) or file == binding:
                del sys.modules[name]
    if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR):
        return Outcome(code, None, reports_failed=collector.reports_failed)
    if code == pytest.ExitCode.INTERRUPTED and (collector.results is None or not partial):
        return Outcome(code, None)        # interrupted: the results only to a caller that reports them as such
    return Outcome(code, collector.results, collector.traces)


def run_scenarios(report_dir: Path | None, units: Sequence[str], editions: Sequence[str],
                  expectations: str | None, engine_cmd: str | None, quiet: bool = False,
                  extra: Sequence[str] | None = None, plugins: Sequence[Any] = (),
                  partial: bool = False) -> tuple[int, RunResults | None]:
    """`run` as (pytest exit code, results): the form `check`, `coverage`, `diff --run` and `mutants` use.
    ``report_dir`` None: no report is written."""
    outcome = run(units, editions, expectations, engine_cmd, report_dir=report_dir, quiet=quiet,
                  extra=extra or (), plugins=plugins, partial=partial)
    return outcome.code, outcome.results
