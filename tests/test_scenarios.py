"""Binds every feature file under features/ to pytest (pytest-bdd). The scenarios themselves are the
rules' executable specification; their steps are in harness/suite/steps.py."""

from pytest_bdd import scenarios

from harness.common import paths

scenarios(str(paths.FEATURES))
