"""pytest wiring: the kit's plugin (options, tags, fixtures, expectations, results), its closed step
vocabulary, and the report writer of the output layer (--report-dir). Nothing else belongs here: rules logic lives in engine/, everything else in harness/."""

pytest_plugins = ["harness.run.pytest_plugin", "harness.suite.steps", "harness.output.report_plugin"]
