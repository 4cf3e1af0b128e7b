"""Test-suite wiring for `pytest -n N` (pytest-xdist) only: the tests of one module go to one worker (xdist's
«loadscope»), unless `--dist` is given, so a module's costly fixture (a whole run of the suite, a wheel and its
virtual environment) is built once, not once per worker. Not in pyproject's addopts: the kit's own scenario
runs read that file, also where pytest-xdist is not installed."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.hookimpl(optionalhook=True)         # a hook of pytest-xdist: unknown where it is not loaded
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if any(arg in ("-d", "--dist", "--distload") or arg.startswith("--dist=") for arg in config.invocation_params.args):
        return None                                  # a distribution asked for: xdist's own choice
    from xdist.scheduler import LoadScopeScheduling

    return LoadScopeScheduling(config, log)
