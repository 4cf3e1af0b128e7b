"""What every verb of the command line shares: exit codes, the console, the corpus and the scenarios in use."""

from __future__ import annotations

from rich.console import Console

from harness.common import paths
from harness.common.console import make_console as _make_console
from harness.rules.corpus import Corpus, load_corpus
from harness.suite.features import ScenarioInfo, scan_features

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
EXIT_ENGINE = 3            # check: the engine could not be started (one error, not one per scenario)
EXIT_INTERRUPTED = 130     # as a shell reports a run ended by SIGINT
EXIT_BROKEN_PIPE = 141     # the reader of stdout went away (128 + SIGPIPE, what a shell reports for git)


def make_console(soft_wrap: bool = False) -> Console:
    return _make_console(soft_wrap=soft_wrap)  # rich on a terminal, plain (no wrapping, no colour) in a log


def load_rules() -> Corpus:
    """The corpus in use (rules/, or --rules / $BERSERK_RULES_DIR)."""
    return load_corpus(paths.RULES, root=paths.ROOT)


def load_scenarios() -> list[ScenarioInfo]:
    """The suite's scenarios; a feature file pytest-bdd cannot collect is reported with its file and line."""
    return scan_features(paths.FEATURES, root=paths.ROOT)
