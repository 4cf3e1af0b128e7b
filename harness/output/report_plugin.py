"""pytest plugin of the output layer (listed in conftest.py): when a run is over and --report-dir was given,
write results.json, junit.xml and index.html from the results the kit's plugin hands over in memory
(`pytest_berserk_results`, see `harness.run.pytest_plugin`). The run layer never imports the output layer:
this plugin listens to it."""

from __future__ import annotations

from typing import Any


def pytest_berserk_results(config: Any, results: Any, traces: dict[str, dict[str, Any]]) -> str | None:
    report_dir = config.getoption("--report-dir")
    if report_dir is None:
        return None
    from harness.common.errors import InputError
    from harness.output.reports import write_reports  # jinja2 and the corpus: only when reports are asked for

    try:
        write_reports(results, report_dir)
    except (InputError, OSError) as exc:        # a read-only folder, a full disk: said, never a traceback
        return f"the reports could not be written to {report_dir}: {exc}"
    return None
