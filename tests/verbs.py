"""A verb of the command line run in the test's own process, with what a subprocess would give back: its exit
code, its standard output and its standard error, off a terminal (plain output, as in a log).

A subprocess pays the interpreter's start and the kit's loading again (about a second a call), and re-reads
every feature and board; in-process, the kit's caches (keyed by the bytes of each file) serve a verb run again
on an unchanged file. `harness.cli.main` keeps the layout it was given for the call only (`--root DIR`,
`paths.kept_layout`), so a test can point a verb at its own copy of the kit. A test that checks what only a
process shows (its exit by a signal, the environment it inherits, the C locale) keeps its subprocess.
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

SUITE_FOLDERS = ("rules", "features", "scenarios", "catalog", "expectations")


def copy_suite(root: Path, to: Path) -> Path:
    """A copy of the suite's folders of the kit at ``root`` (rules with their lock, features, boards, catalog,
    expectations) in ``to``, to modify; file times kept."""
    for folder in SUITE_FOLDERS:
        shutil.copytree(root / folder, to / folder)
    return to


class _Input(io.StringIO):
    """Standard input from a string, never a terminal (as a pipe is)."""

    def isatty(self) -> bool:
        return False


class _Output(io.StringIO):
    encoding = "utf-8"

    def isatty(self) -> bool:
        return False


def run_verb(*args: str, root: Path | None = None, input: str | None = None,
             cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`berserk-rules [--root ROOT] ARGS…` in this process, stdin from ``input`` (an empty one when None), in the
    folder ``cwd`` when given (relative paths among ``args`` are read from there; the working folder is back as it
    was after the call)."""
    from harness.cli import main

    argv = ([f"--root={root}"] if root is not None else []) + list(args)
    out, err = _Output(), _Output()
    saved_in = sys.stdin
    saved_env = {k: os.environ.pop(k, None) for k in ("FORCE_COLOR", "BERSERK_RULES_DIR")}
    sys.stdin = _Input(input or "")
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:           # argparse's own exits (a usage error, --help)
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    finally:
        os.chdir(here)
        sys.stdin = saved_in
        for key, value in saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return subprocess.CompletedProcess(["berserk-rules", *argv], code, out.getvalue(), err.getvalue())
