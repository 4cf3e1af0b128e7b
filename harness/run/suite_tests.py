"""Binds every feature file of the suite to pytest (pytest-bdd) in an installed kit (a checkout uses
tests/test_scenarios.py): `berserk-rules check` passes this file to pytest."""

from pytest_bdd import scenarios

from harness.common import paths

scenarios(str(paths.FEATURES))
