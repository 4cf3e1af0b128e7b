"""`berserk-rules`: the kit's one command line (see the table in README.md): the parser and `main` (layer 8).

Every verb lives in its own module of this package (`VERB_MODULES`), with `register(subparsers)` that adds
its parser and sets `func` (a function of the parsed namespace returning the exit code). `--rules DIR`
(before or after the verb) points every verb at another rules folder, see `harness.common.paths.use_rules_dir`.
Each user error is printed as `file:line: field: message` and gives exit code 2; `check` exits 0 only when
every scenario ended as expected (scenarios needing review are listed, not failed).
"""

from __future__ import annotations

import argparse
import importlib
import locale
import os
import sys

from harness.cli.help import bare, decorate
from harness.cli.shared import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
from harness.common.errors import InputError
from harness.common.paths import use_root, use_rules_dir
from harness.common.sanitize import terminal

__all__ = ["main", "build_parser", "use_rules_dir", "VERB_MODULES", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE"]

# The verbs, in the order `berserk-rules --help` lists them: one module each.
VERB_MODULES: list[str] = [
    "harness.cli.check",
    "harness.cli.units",
    "harness.cli.coverage",
    "harness.cli.lookup",
    "harness.cli.steps",
    "harness.cli.vocabulary",
    "harness.cli.expectations",
    "harness.cli.compare",
    "harness.cli.lint",
    "harness.cli.diff",
    "harness.cli.approve",
    "harness.cli.site",
    "harness.cli.mutants",
    "harness.cli.bench",
    "harness.cli.contract",
    "harness.cli.test_cards",
    "harness.cli.matrix",
]


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="berserk-rules", description="Conformance kit for the rules of «Берсерк».")
    p.add_argument("--rules", metavar="DIR", help="use this rules folder (a copy of the corpus, with its "
                                                  "review.lock) instead of rules/; also $BERSERK_RULES_DIR")
    p.add_argument("--root", metavar="DIR", help="use the suite of the checkout at DIR (its rules/, features/, "
                                                 "scenarios/…; a repository with only rules/ gets the kit's suite), "
                                                 "not the kit's own; also $BERSERK_RULES_ROOT. Pre-commit hooks give .")
    sub = p.add_subparsers(dest="command", required=True, metavar="VERB")
    for module_name in VERB_MODULES:
        importlib.import_module(module_name).register(sub)
    decorate(p, sub)  # --version, and examples in every verb's --help
    for verb in sub.choices.values():  # `--rules DIR` is accepted after the verb too
        if not any("--rules" in a.option_strings for a in verb._actions):
            verb.add_argument("--rules", metavar="DIR", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    return p


def _ensure_utf8(argv: list[str]) -> None:
    """pytest-bdd with Cyrillic names fails under a C locale: re-run in UTF-8 mode when needed."""
    if sys.flags.utf8_mode or locale.getpreferredencoding(False).lower().replace("-", "") == "utf8":
        return
    if os.environ.get("BERSERK_RULES_REEXEC"):
        return
    env = dict(os.environ, PYTHONUTF8="1", BERSERK_RULES_REEXEC="1")
    os.execve(sys.executable, [sys.executable, "-X", "utf8", "-m", "harness.cli", *argv], env)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _ensure_utf8(argv)
    parser = build_parser()
    if bare(argv, parser):  # `berserk-rules` alone: every verb with one line
        return EXIT_OK
    ns = parser.parse_args(argv)
    from harness.engines.process import install_signal_handlers, restore_signal_handlers

    # SIGTERM and SIGHUP end every verb like Ctrl-C: its `finally` blocks run (engines stopped, pools
    # cancelled), and it exits with EXIT_INTERRUPTED (check marks its reports interrupted: pytest_plugin)
    previous = install_signal_handlers()
    try:
        if ns.root:
            use_root(ns.root)
        use_rules_dir(getattr(ns, "rules", None))
        return ns.func(ns)
    except InputError as exc:
        print(terminal(str(exc)), file=sys.stderr)     # control characters escaped
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        restore_signal_handlers(previous)


if __name__ == "__main__":
    sys.exit(main())
