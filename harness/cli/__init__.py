"""`berserk-rules`: the kit's one command line (see the table in README.md): the parser and `main` (layer 8).

Every verb lives in its own module of this package (`VERB_MODULES`), with `register(subparsers)` that adds
its parser and sets `func` (a function of the parsed namespace returning the exit code). `--rules DIR`
(before or after the verb) points every verb at another rules folder, see `harness.common.paths.use_rules_dir`.
Each user error is printed as `file:line: field: message` and gives exit code 2; `check` exits 0 only when
every scenario ended as expected (scenarios needing review are listed, not failed).

Every verb, the same way (`main`): SIGINT, SIGTERM and SIGHUP end it with exit 130 and one line, also while
the verbs are still loading; its output is escaped where it is not a terminal and a write that fails ends it
cleanly (harness.common.console): a closed pipe quietly with 141 (128 + SIGPIPE, what a shell reports for git
in `git log | head`), a full disk or a closed stdout with one line and exit 2.
"""

from __future__ import annotations

# A signal while this package is still being imported (before `main` can handle it) ends the command with one
# line and 130, never with a traceback; the handlers of before are back at the end of the imports.
import os as _os
import signal as _signal


def _startup_signal(signum: int, frame: object) -> None:
    try:
        _os.write(2, f"berserk-rules: interrupted by {_signal.Signals(signum).name} while starting\n".encode())
    finally:
        _os._exit(130)


_STARTUP: dict[int, object] = {}
for _sig in (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP):
    try:
        _STARTUP[_sig] = _signal.signal(_sig, _startup_signal)
    except (ValueError, OSError):        # not the main thread: nothing to guard
        break

import argparse  # noqa: E402
import importlib  # noqa: E402
import locale  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

from harness.cli.help import bare, decorate  # noqa: E402
from harness.cli.shared import (  # noqa: E402
    EXIT_BROKEN_PIPE,
    EXIT_ENGINE,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
)
from harness.common import argtypes, paths  # noqa: E402
from harness.common.console import OutputError, guard_streams, silence  # noqa: E402
from harness.common.errors import InputError, Problem  # noqa: E402
from harness.common.paths import use_root, use_rules_dir  # noqa: E402
from harness.common.sanitize import terminal  # noqa: E402

for _sig, _handler in _STARTUP.items():
    _signal.signal(_sig, _handler)  # type: ignore[arg-type]

__all__ = ["main", "build_parser", "use_rules_dir", "VERB_MODULES", "EXIT_OK", "EXIT_FAILED", "EXIT_USAGE",
           "EXIT_ENGINE", "EXIT_BROKEN_PIPE"]

# The verbs, in the order `berserk-rules --help` lists them: one module each.
VERB_MODULES: list[str] = [
    "harness.cli.check",
    "harness.cli.merge",
    "harness.cli.units",
    "harness.cli.coverage",
    "harness.cli.lookup",
    "harness.cli.steps",
    "harness.cli.vocabulary",
    "harness.cli.expectations",
    "harness.cli.compare",
    "harness.cli.properties",
    "harness.cli.lint",
    "harness.cli.diff",
    "harness.cli.approve",
    "harness.cli.site",
    "harness.cli.mutants",
    "harness.cli.bench",
    "harness.cli.contract",
    "harness.cli.test_cards",
    "harness.cli.matrix",
    "harness.cli.assumptions",
]


# The verbs that read the suite: their first line (on stderr, so that --json stays data) names its root and how it
# was found (harness/common/paths.py), so nobody runs another tree's suite unknowingly.
SUITE_VERBS = frozenset({"check", "units", "coverage", "lookup", "expectations", "compare", "lint", "diff", "approve",
                         "site", "mutants", "test-cards", "matrix", "merge", "assumptions"})


def _resolve_output_defaults(parser: argparse.ArgumentParser, ns: argparse.Namespace) -> None:
    """An output option left at its default (`paths.UnderReports`) gets its path now that the root is known,
    checked by the option's own type as a given value is."""
    verb = getattr(parser, "verb_parsers", {}).get(ns.command)
    for action in (verb._actions if verb is not None else []):
        value = getattr(ns, action.dest, None)
        if isinstance(value, paths.UnderReports):
            text = value.resolve()
            try:
                setattr(ns, action.dest, action.type(text) if callable(action.type) else text)
            except argtypes.Error as exc:
                raise InputError(Problem(text, None, action.option_strings[0], str(exc))) from None


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
    p.verb_parsers = sub.choices  # type: ignore[attr-defined]  # verb → its parser (_resolve_output_defaults)
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
    """One verb; `--root`/`--rules` hold for this call only, so an in-process caller (a test, a tool) goes on
    with the layout it had (`paths.kept_layout`)."""
    with paths.kept_layout():
        return _main(argv)


def _main(argv: list[str] | None) -> int:
    from harness.engines.process import install_signal_handlers, restore_signal_handlers, signal_name

    # SIGTERM and SIGHUP end every verb like Ctrl-C, from the first moment (loading the verbs takes most of a
    # second): its `finally` blocks run (engines stopped, pools cancelled), and it exits with EXIT_INTERRUPTED
    # (check marks its reports interrupted: pytest_plugin, harness.output.reports)
    previous = install_signal_handlers()
    if sys.stdout is None:        # `>&-`: Python has no stdout at all; print() would write nothing and exit 0
        print("berserk-rules: the standard output is closed (`>&-`): nothing could be written; send it to a "
              "file, a pipe or /dev/null", file=sys.stderr)
        restore_signal_handlers(previous)
        return EXIT_USAGE
    unguard = guard_streams()     # escaped where not a terminal; a failed write is an OutputError
    verb = ""
    try:
        argv = list(sys.argv[1:] if argv is None else argv)
        _ensure_utf8(argv)
        parser = build_parser()
        if bare(argv, parser):  # `berserk-rules` alone: every verb with one line
            sys.stdout.flush()
            return EXIT_OK
        ns = parser.parse_args(argv)
        verb = getattr(ns, "command", "") or ""
        if ns.root:
            use_root(ns.root)
        use_rules_dir(getattr(ns, "rules", None))
        _resolve_output_defaults(parser, ns)
        if verb in SUITE_VERBS:
            print(f"berserk-rules {verb}: {paths.describe()}", file=sys.stderr)
        code = ns.func(ns)
        sys.stdout.flush()        # a full disk is found here, not by Python's last flush at exit
        return code
    except InputError as exc:
        print(terminal(str(exc)), file=sys.stderr)     # control characters escaped
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        print(f"berserk-rules{' ' + verb if verb else ''}: interrupted by {signal_name(exc)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OutputError as exc:
        return _output_failed(exc)
    except SystemExit:            # argparse: --help, --version, a usage error; flushed here, not at exit
        try:
            sys.stdout.flush()
        except OutputError as exc:
            return _output_failed(exc)
        raise
    finally:
        unguard()
        restore_signal_handlers(previous)


def _output_failed(exc: OutputError) -> int:
    """A write to stdout or stderr failed. The reader went away (`| head`): end quietly, as git does. Else (a
    full disk, an I/O error): one line on stderr, exit 2."""
    silence(sys.stdout)
    if exc.stream == "stderr":
        silence(sys.stderr)
    if exc.broken_pipe:
        return EXIT_BROKEN_PIPE
    if exc.stream == "stdout":
        try:
            print(f"berserk-rules: {exc}", file=sys.stderr)
        except (OSError, OutputError):
            pass
    return EXIT_USAGE

if __name__ == "__main__":
    sys.exit(main())
