"""pytest plugin of the output layer (listed in conftest.py): when a run is over and --report-dir was given,
write results.json, junit.xml and index.html from the results the kit's plugin hands over in memory
(`pytest_berserk_results`, see `harness.run.pytest_plugin`). The run layer never imports the output layer:
this plugin listens to it."""

from __future__ import annotations

from typing import Any


def pytest_berserk_results(config: Any, results: Any, traces: dict[str, dict[str, Any]]) -> None:
    report_dir = config.getoption("--report-dir")
    if report_dir is not None:
        from harness.output.reports import (
            write_reports,  # jinja2 and the corpus: only when reports are asked for
        )

        write_reports(results, report_dir)
