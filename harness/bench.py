"""The speed figures of the kit (`berserk-rules bench`), each against its target.

| figure | how | target |
|---|---|---|
| `pytest` | wall time of the whole `pytest` run of the repository (a subprocess) | ≤ 60 s |
| `pytest-n` | the same with `-n auto` (pytest-xdist), when it is installed | ≤ 60 s |
| `check` | wall time of `berserk-rules check` against the built-in engine, in-process (a subprocess of the CLI) | ≤ 15 s |
| `protocol` | the same run with `--engine-cmd "<python> -m engine.serve"`, as a ratio to `check` | ≤ 2× |
| `roundtrip` | median and 95th percentile of one `state` request to `python -m engine.serve`, after a `setup` | ≤ 200 µs median |
| `orderings` | trigger orderings checked per second by the «в любом порядке» machinery (harness/orderings.py): a board with 7 simultaneous triggers, all 5,040 orders replayed and checked | ≥ 2,000 /s |
| `memory` | the peak resident memory of the bench process (after the in-process figures) and of its largest child | — |

Each figure is measured once per run; nothing here is a test (no test fails because a machine is slow).
A figure that cannot be measured (e.g. no protocol adapter) is reported as not available, with the reason.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from . import paths

NAMES = ("pytest", "pytest-n", "check", "protocol", "roundtrip", "orderings", "memory")
ROUNDTRIP_BOARD = "classic/113.2.ex1-невтида-мститель.yaml"


@dataclass
class Figure:
    """One measured figure: `value` in `unit`, its `target` (a bound, with `better` "lower"/"higher")."""

    name: str
    label: str
    value: float | None
    unit: str
    target: float | None = None
    better: str = "lower"
    note: str = ""
    available: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def meets(self) -> bool | None:
        if not self.available or self.value is None or self.target is None:
            return None
        return self.value <= self.target if self.better == "lower" else self.value >= self.target

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "meets": self.meets}


def unavailable(name: str, label: str, unit: str, reason: str, target: float | None = None,
                better: str = "lower") -> Figure:
    return Figure(name, label, None, unit, target, better, note=f"not available: {reason}", available=False)


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONUTF8="1")


def _timed(argv: list[str], timeout: float) -> tuple[float, subprocess.CompletedProcess]:
    started = time.perf_counter()
    proc = subprocess.run(argv, cwd=paths.ROOT, capture_output=True, text=True, encoding="utf-8", env=_env(),
                          timeout=timeout)
    return time.perf_counter() - started, proc


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


# ------------------------------------------------------------------------------------------ whole runs
def bench_pytest(parallel: bool = False, timeout: float = 1800) -> Figure:
    name, label = ("pytest-n", "whole pytest run, -n auto") if parallel else ("pytest", "whole pytest run")
    argv = [sys.executable, "-X", "utf8", "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    if parallel:
        try:
            import xdist  # noqa: F401
        except ImportError:
            return unavailable(name, label, "s", "pytest-xdist is not installed (pip install -e '.[test]')", 60)
        argv += ["-n", "auto"]
    seconds, proc = _timed(argv, timeout)
    summary = _last_line(proc.stdout)
    if proc.returncode not in (0, 1):
        return unavailable(name, label, "s", f"pytest exited with code {proc.returncode}: {summary}", 60)
    note = summary + ("" if proc.returncode == 0 else " (some tests failed)")
    return Figure(name, label, round(seconds, 1), "s", 60, note=note)


def _check(engine_cmd: str | None, timeout: float) -> tuple[float, subprocess.CompletedProcess, dict | None]:
    with tempfile.TemporaryDirectory() as tmp:
        argv = [sys.executable, "-X", "utf8", "-m", "harness.cli", "check", "--report-dir", tmp]
        if engine_cmd:
            argv += ["--engine-cmd", engine_cmd]
        seconds, proc = _timed(argv, timeout)
        results = Path(tmp) / "results.json"
        data = json.loads(results.read_text("utf-8")) if results.is_file() else None
    return seconds, proc, data


def _scenario_note(data: dict) -> str:
    statuses: dict[str, int] = {}
    for r in data["results"]:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1
    return f"{len(data['results'])} scenarios: " + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))


def bench_check(timeout: float = 600) -> Figure:
    seconds, proc, data = _check(None, timeout)
    if data is None:
        return unavailable("check", "berserk-rules check (in-process engine)", "s",
                           f"no results.json (exit code {proc.returncode}): {_last_line(proc.stderr or proc.stdout)}",
                           15)
    return Figure("check", "berserk-rules check (in-process engine)", round(seconds, 2), "s", 15,
                  note=_scenario_note(data), extra={"seconds": seconds})


def protocol_missing() -> str | None:
    """Why the suite cannot be run over the protocol here, or None."""
    try:
        import engine.serve  # noqa: F401
        from harness.protocol import SubprocessAdapter  # noqa: F401
    except ImportError as exc:
        return f"the protocol adapter is not there yet ({exc})"
    return None


def serve_cmd() -> str:
    return f"{shlex.quote(sys.executable)} -m engine.serve"


def bench_protocol(check: Figure | None, timeout: float = 900) -> Figure:
    label = "check over the protocol (python -m engine.serve)"
    missing = protocol_missing()
    if missing:
        return unavailable("protocol", label, "×", missing, 2)
    seconds, proc, data = _check(serve_cmd(), timeout)
    if data is None:
        return unavailable("protocol", label, "×", f"no results.json (exit code {proc.returncode}): "
                           f"{_last_line(proc.stderr or proc.stdout)}", 2)
    base = check.extra.get("seconds") if check is not None and check.available else None
    if not base:
        return unavailable("protocol", label, "×", f"no in-process run to compare with ({seconds:.2f} s over the "
                           "protocol)", 2)
    return Figure("protocol", label, round(seconds / base, 2), "×", 2,
                  note=f"{seconds:.2f} s vs {base:.2f} s in-process; {_scenario_note(data)}",
                  extra={"seconds": seconds})


# ------------------------------------------------------------------------------------------ round trip
def bench_roundtrip(requests: int = 2000) -> Figure:
    """`state` requests to `python -m engine.serve` after a `setup`: the time from writing a request line to
    reading its reply line."""
    label = "protocol round trip (state request)"
    missing = protocol_missing()
    if missing:
        return unavailable("roundtrip", label, "µs", missing, 200)
    from .session import load_scenario_board

    board = load_scenario_board(ROUNDTRIP_BOARD)
    proc = subprocess.Popen([sys.executable, "-X", "utf8", "-m", "engine.serve"], cwd=paths.ROOT, env=_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def ask(rid: int, kind: str, **fields: Any) -> bytes:
        stdin.write(json.dumps({"id": rid, "request": kind, **fields}, ensure_ascii=False).encode() + b"\n")
        stdin.flush()
        return stdout.readline()

    try:
        from .protocol import PROTOCOL_VERSION

        ask(1, "hello", protocol=PROTOCOL_VERSION)
        reply = json.loads(ask(2, "setup", board=board.data, definitions=board.definitions))
        if not reply.get("ok"):
            return unavailable("roundtrip", label, "µs", f"setup refused: {reply.get('error')}", 200)
        for i in range(50):                                  # warm-up
            ask(3 + i, "state")
        times = []
        size = 0
        for i in range(requests):
            line = json.dumps({"id": 100 + i, "request": "state"}).encode() + b"\n"
            started = time.perf_counter_ns()
            stdin.write(line)
            stdin.flush()
            answer = stdout.readline()
            times.append((time.perf_counter_ns() - started) / 1000)
            size = len(answer)
        ask(100 + requests, "quit")
    finally:
        proc.kill()
        proc.wait()
    times.sort()
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return Figure("roundtrip", label, round(median, 1), "µs", 200,
                  note=f"median of {requests}; p95 {p95:.1f} µs; reply {size} bytes ({ROUNDTRIP_BOARD})",
                  extra={"median_us": round(median, 1), "p95_us": round(p95, 1), "requests": requests,
                         "reply_bytes": size})


# ------------------------------------------------------------------------------------------ orderings
def order_board(n_triggers: int = 7) -> tuple[dict, dict]:
    """A board where `n_triggers` triggered abilities of one card fire at once (at the start of its
    controller's turn), each «+1 к удару до конца хода»: the outcome (the stack empties, the strike is
    1 + n) is the same for every order."""
    start = {"word": "В начале хода", "event": "turn_start", "in_your_turn": True}
    abilities = [{"key": f"плюс{i}", "kind": "triggered", "trigger": start,
                  "effects": [{"do": "strike_bonus", "amount": 1, "until": "end_of_turn"}]}
                 for i in range(1, n_triggers + 1)]
    leader = {"name": "Вожак", "edition": "classic", "type": "creature", "lives": 5, "strike": [1, 1, 1],
              "abilities": abilities}
    rival = {"name": "Соперник", "edition": "classic", "type": "creature", "lives": 5, "strike": [1, 1, 1]}
    board = {"edition": "classic", "turn": 1, "active": "Б", "players": ["А", "Б"],
             "cards": [{"id": "leader", "card": "Вожак", "owner": "А", "cell": "c2"},
                       {"id": "rival", "card": "Соперник", "owner": "Б", "cell": "c5"}], "effects": []}
    return board, {"Вожак": leader, "Соперник": rival}


def bench_orderings(n_triggers: int = 7, limit: int | None = None) -> Figure:
    """Replay the scenario up to the fork and check every order of the 7 declarations (all 7! = 5,040 of
    them; `limit` checks fewer) through `harness.orderings._run`, the machinery behind «в любом порядке»."""
    from .adapters import InProcessAdapter
    from .orderings import _run
    from .steps import when_declare_any_order, when_pass_until_empty
    from .world import World

    world = World(adapter=InProcessAdapter())
    board, definitions = order_board(n_triggers)
    world.setup(board, definitions)
    world.act("Б", {"type": "end_turn"})
    when_declare_any_order(world, "А")
    fork = world.fork
    assert fork is not None and len(fork.items) == n_triggers

    def strike_is(expected: int) -> None:
        value = world.card("leader")["strike"]["value"]
        assert value == [expected] * 3, f"strike {value}"

    steps = [("Когда", "игроки пасуют, пока стек не опустеет", when_pass_until_empty, {"world": world}),
             ("Тогда", f"удар {1 + n_triggers}", strike_is, {"expected": 1 + n_triggers})]
    orders: Iterable[tuple[str, ...]] = itertools.permutations(fork.items)
    if limit is not None:
        orders = itertools.islice(orders, limit)
    checked = failed = 0
    started = time.perf_counter()
    for order in orders:
        checked += 1
        failed += _run(world, fork, list(order), steps) is not None
    seconds = time.perf_counter() - started
    rate = checked / seconds if seconds else 0.0
    return Figure("orderings", f"trigger orderings checked ({n_triggers} triggers)", round(rate), "/s", 2000,
                  better="higher", note=f"{checked} orders in {seconds:.2f} s, {failed} failing",
                  extra={"orders": checked, "seconds": seconds, "failing": failed})


# ------------------------------------------------------------------------------------------ memory
def bench_memory() -> Figure:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    note = f"largest child process: {children:.0f} MiB" if children else "no child process measured"
    return Figure("memory", "peak memory (bench process)", round(own), "MiB", None, note=note,
                  extra={"self_mib": round(own, 1), "largest_child_mib": round(children, 1)})


# ------------------------------------------------------------------------------------------ the run
def run_bench(only: Iterable[str] = NAMES, orderings_limit: int | None = None,
              progress: Callable[[str], None] | None = None) -> list[Figure]:
    """Measure the chosen figures (in-process ones first, so the memory figure is the bench's own)."""
    wanted = [n for n in NAMES if n in set(only)]
    say = progress or (lambda _msg: None)
    figures: dict[str, Figure] = {}
    if "orderings" in wanted:
        say("orderings: every order of 7 simultaneous triggers…")
        figures["orderings"] = bench_orderings(limit=orderings_limit)
    if "roundtrip" in wanted:
        say("round trip: state requests to python -m engine.serve…")
        figures["roundtrip"] = bench_roundtrip()
    if "check" in wanted or "protocol" in wanted:
        say("check: the suite against the in-process engine…")
        figures["check"] = bench_check()
    if "protocol" in wanted:
        say("protocol: the suite over python -m engine.serve…")
        figures["protocol"] = bench_protocol(figures.get("check"))
    if "pytest" in wanted:
        say("pytest: the whole test run…")
        figures["pytest"] = bench_pytest()
    if "pytest-n" in wanted:
        say("pytest -n auto: the whole test run on every core…")
        figures["pytest-n"] = bench_pytest(parallel=True)
    if "memory" in wanted:
        figures["memory"] = bench_memory()
    return [figures[n] for n in NAMES if n in figures and n in wanted]


def machine() -> dict[str, Any]:
    import platform

    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count()}


def as_json(figures: list[Figure]) -> dict[str, Any]:
    return {"machine": machine(), "figures": [f.as_json() for f in figures]}
