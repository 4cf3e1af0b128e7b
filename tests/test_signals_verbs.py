"""SIGTERM ends every verb like Ctrl-C (harness/cli: the handlers of harness.engines.process for the whole
command): `mutants` stops starting mutant runs and leaves no worker process, `compare` stops its engine; both
exit with 130 and say «interrupted», never a traceback. (`check` under a signal: tests/test_runs_hostile.py.)

`mutants` is interrupted in a `--declared` run: the same pool of worker processes and the same handling of the
signal as a run against the whole suite, with runs of a fraction of a second instead of a whole suite each, so
the workers left running at the signal end at once (about 100 runs: the signal comes long before the last)."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fake_engines.suite import CLI, FAULTY, REPO

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")


def _descendants(pid: int) -> set[int]:
    """Every living process below `pid` (from /proc/*/stat's parent field)."""
    parents: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(name)] = int(fields[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _terminate_when(proc: subprocess.Popen, ready: Callable[[], bool], what: str) -> tuple[str, str, set[int], float]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not ready():
        time.sleep(0.1)
    children = _descendants(proc.pid)
    assert children, f"{what}: no child process to watch"
    started = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        _kill(children | {proc.pid})
        pytest.fail(f"{what} did not end within 60 s of SIGTERM")
    return out, err, children, time.monotonic() - started


def _kill(pids: set[int]) -> None:
    """End what a failed run left behind (its children hold its pipes open: waiting on them would hang)."""
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _gone(pids: set[int]) -> bool:
    end = time.monotonic() + 10
    while any(_alive(p) for p in pids) and time.monotonic() < end:
        time.sleep(0.05)
    return not any(_alive(p) for p in pids)


def test_sigterm_stops_mutants_without_running_the_rest_and_leaves_no_worker(tmp_path: Path) -> None:
    err_file = tmp_path / "err"
    with err_file.open("w", encoding="utf-8") as err_out:
        proc = subprocess.Popen([*CLI, "mutants", "--declared"], cwd=REPO, stdout=subprocess.PIPE, stderr=err_out, text=True,
                                env=dict(os.environ, BERSERK_RULES_PROGRESS_EVERY="0"))
        out, _, workers, took = _terminate_when(
            proc, lambda: "mutants: 3/" in err_file.read_text("utf-8"), "berserk-rules mutants")
    err = err_file.read_text("utf-8")
    try:
        assert proc.returncode == 130, out + err
        assert "interrupted" in err and "Traceback" not in err, err
        assert "killed by «Тогда» checks" not in out                  # no report claims a whole run
        done = [line for line in err.splitlines() if line.startswith("mutants: ")]
        assert done and "100%" not in done[-1], done[-3:]
        assert took < 30, f"mutants took {took:.1f} s to end after SIGTERM"
        assert _gone(workers), "a mutant worker process was left running"
    finally:
        _kill(workers)                   # whatever a failing run left behind


def test_sigterm_stops_compare_and_its_engine(tmp_path: Path) -> None:
    log = tmp_path / "pids"
    env = dict(os.environ, FAKE_ENGINE_DELAY="0.2", FAKE_ENGINE_LOG=str(log))
    engine = f"{shlex.quote(sys.executable)} {shlex.quote(str(FAULTY))} slow"
    proc = subprocess.Popen([*CLI, "compare", "--engine-cmd", engine, "--examples", "50"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    out, err, children, took = _terminate_when(proc, lambda: log.is_file() and log.read_text().strip() != "",
                                               "berserk-rules compare")
    engines = {int(p) for p in log.read_text().split()}
    try:
        # 130, or ended by SIGINT, which a shell reports as the same 130: Python ends that way when an interrupt
        # that a library swallowed (hypothesis's garbage-collector callback) is marked unhandled at its exit
        assert proc.returncode in (130, -signal.SIGINT), out + err
        assert "interrupted" in err and "Traceback" not in err, err
        assert "no difference found" not in out
        assert engines and _gone(engines | children), "the engine was left running"
        assert took < 30, f"compare took {took:.1f} s to end after SIGTERM"
    finally:
        _kill(engines | children)        # whatever a failing run left behind


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_bench_killed_hard_leaves_no_child_running(tmp_path: Path) -> None:
    """SIGKILL runs no handler: bench's children (here the whole pytest run it measures) are ended by the kernel
    when bench dies (harness.engines.process.die_with_parent), not left running."""
    proc = subprocess.Popen([*CLI, "bench", "--only", "pytest"], cwd=REPO, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    children: set[int] = set()
    while time.monotonic() < deadline and not children:
        time.sleep(0.2)
        children = _descendants(proc.pid)
    try:
        assert children, "bench started no child to watch"
        time.sleep(1.0)                               # the child's own children (if any) start too
        children = _descendants(proc.pid)
        proc.kill()
        proc.wait(timeout=10)
        assert _gone(children), "a child of bench was left running after bench was killed"
    finally:
        _kill(children | _descendants(proc.pid))
