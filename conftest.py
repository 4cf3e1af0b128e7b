"""pytest wiring: the kit's plugin (options, tags, fixtures, expectations, results) and its closed step
vocabulary. Nothing else belongs here: rules logic lives in engine/, everything else in harness/."""

pytest_plugins = ["harness.locale_check", "harness.pytest_plugin", "harness.steps"]
