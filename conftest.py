"""pytest wiring: a locale check (a clear error under a locale that cannot hold Cyrillic), the kit's plugin
(options, tags, fixtures, expectations, results), its closed step vocabulary, and the report writer of the
output layer (--report-dir). Nothing else belongs here: rules logic lives in engine/, everything else in
harness/."""

pytest_plugins = ["harness.run.locale_check", "harness.run.pytest_plugin", "harness.suite.steps",
                  "harness.output.report_plugin"]
