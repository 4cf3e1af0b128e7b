"""The speed figures of the kit (`berserk-rules bench`), each against its target.

| figure | how | target |
|---|---|---|
| `pytest` | wall time of the whole `pytest` run of the repository (a subprocess) | ≤ 60 s |
| `pytest-n` | the same with `-n auto` (pytest-xdist), when it is installed | ≤ 40 s |
| `check` | wall time of `berserk-rules check` against the built-in engine, in-process (a subprocess of the CLI) | ≤ 15 s |
| `protocol` | the same run with `--engine-cmd "<python> -m engine.serve"`, as a ratio to `check` | ≤ 1.5× |
| `roundtrip` | median and 95th percentile of one `state` request to `python -m engine.serve`, after a `setup` | ≤ 200 µs median |
| `orderings` | trigger orderings checked per second by the «в любом порядке» machinery (harness/suite/orderings.py, the search route of the in-process engine): a board with 7 simultaneous triggers, all 5,040 orders checked; the note gives the states visited, the memo's look-ups and hits, and the rate of the replay route on the first orders | ≥ 5,000 /s (1 s) |
| `orderings-8` | the same with 8 triggers: all 40,320 orders, exhaustively, by the search; the note gives the engine alone's time per order on the same tree (`engine_floor`) and the least time it allows on the cores used, and what a memo look-up (a fingerprint) costs against one engine call (`lookup_cost`) | ≤ 5 s |
| `engine` | the engine's profile figure: CPU µs per order of the engine alone on the 8-trigger bench board (`engine_floor`: the tree of declarations walked with the engine's own API, clone at each branch, no step, state or memo), and in the note and the JSON µs per action (`act`/`answer` call) and the actions per order | ≤ 280 µs |
| `mutants` | wall time of `berserk-rules mutants` (every mutant against the whole suite, in-process, 2 jobs); the note gives the number of mutants and how many «Тогда» checks killed | ≤ 60 s (for ≥ 60 mutants) |
| `growth` | `check` (in-process) of a generated suite of 10 copies of every scenario, as a ratio to one copy; the note gives the time per scenario and per step | ≤ 12× |
| `big-inputs` | reading a 200,000-entry expectations file (`load_expectations`), with a tenth of it for comparison; the note gives both times per entry (linear: the same) and the scan of a 10,000-scenario feature against a 1,000-scenario one | ≤ 30 s |
| `search` | search recall@3: the share of the judge's queries of `tests/data/search_queries.yaml` whose expected unit is among the first three that `lookup` finds by words (harness/rules/search.py); the note gives the index build time and the time per query | ≥ 97 % |
| `site-page` | the largest unit page of the site (`berserk-rules site`, built into a temporary folder) on first load: its HTML, stylesheet and scripts, not the play-outs of collapsed scenarios (loaded when opened); the note names it and the largest page of all (the home and search pages carry the search index) | ≤ 300 KB |
| `site-size` | the whole built site: every file, in MB; the note gives the number of files and pages and the build time | — |
| `sandbox-start` | the site's sandbox (sandbox.html, the engine in Pyodide) in headless Chromium over localhost, a fresh profile: from the page's start to the first legal actions shown on a scenario's board, measured by the page itself (`performance.now()`, read from the DOM); not available without Chromium or Pyodide | ≤ 3 s |
| `sandbox-warm` | the same page opened again in the same browser once its service worker has kept the engine's and Pyodide's files in Cache Storage and the page its memory snapshot of Python with the engine set up (the next visit): page start → first legal actions | ≤ 1.5 s |
| `sandbox-action` | the same page: one action (a legal action played, the view rebuilt and drawn), the median of 7 | — |
| `memory` | the peak resident memory of the bench process (after the in-process figures) and of its largest child (the `big-inputs` child holds the YAML node tree of 200,000 entries, some 800 MiB) | — |

The report gives the machine (CPUs) and its load average (1 minute) before and after the run: a figure
measured on a busy machine says so. The short figures that a moment's other work of the machine swings by
a tenth or more (`check`, `protocol`, `orderings`: 1–3 s each) are the best of `REPEATS` runs, as `timeit`
reports the least of its repeats: the least time is what the code costs, the rest was the machine's; their
notes give every run. The runs of `check` in-process and over the protocol alternate, so that a slow moment
of the machine meets both sides of the ratio alike. The long figures are measured once. The `pytest` figures
give the run's CPU time (pytest and every process it started: `children_cpu`), and so the least wall time any
sharing-out of the tests allows on the machine's cores, and the modules that take the most time (pytest's
`--durations=0`). Search recall is a quality figure, not a speed one; it is here because a maintainer watches
it the same way. Nothing here is a test (no test fails because a machine is slow).
A figure that cannot be measured (e.g. no protocol adapter) is reported as not available, with the reason.

`compare(figures, load_baseline(OLD))` (`bench --compare OLD.json`) sets each figure beside a saved one (the JSON
of an earlier `bench --json`, or the baseline of the repository, docs/bench-baseline.json) with the ratio new /
saved, and flags a slowdown beyond `SLOWDOWN` (15 %), in the figure's own direction: a time or a size slowed
when it grew by more than 15 % (ratio > 1.15), a rate or a share when it fell by as much (saved / new > 1.15).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import platform
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from harness.common import paths
from harness.common.facts import DEFAULT_PLAYERS
from harness.engines.adapters import InProcessAdapter
from harness.engines.process import die_with_parent
from harness.suite.orderings import _run, usable_cores
from harness.suite.session import load_scenario_board
from harness.suite.world import World

NAMES = ("pytest", "pytest-n", "check", "protocol", "roundtrip", "orderings", "orderings-8", "engine", "growth",
         "mutants", "mechanical", "big-inputs", "search", "site-page", "site-size", "sandbox-start", "sandbox-warm", "sandbox-action",
         "memory")
SEARCH_QUERIES = paths.ROOT / "tests" / "data" / "search_queries.yaml"
REPEATS = 3          # runs of each short figure (check, protocol, orderings); the best one is the figure
SLOWDOWN = 1.15      # bench --compare: a figure this much worse than the saved one is flagged (exit code 1)
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
    # a child (a whole pytest run, `check`, `mutants`) ends with bench, even when bench is killed hard
    proc = subprocess.run(argv, cwd=paths.ROOT, capture_output=True, text=True, encoding="utf-8", env=_env(),
                          timeout=timeout, preexec_fn=die_with_parent)
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
    argv += ["--durations=0", "--durations-min=0.05"]
    cpu_before = children_cpu()
    seconds, proc = _timed(argv, timeout)
    cpu = children_cpu() - cpu_before
    summary = _last_line(proc.stdout)
    if proc.returncode not in (0, 1):
        return unavailable(name, label, "s", f"pytest exited with code {proc.returncode}: {summary}", 60)
    modules, slow = slowest_modules(proc.stdout)
    cores = usable_cores()
    note = summary + ("" if proc.returncode == 0 else " (some tests failed)")
    note += (f"; CPU time {cpu:.1f} s (pytest and every process it started), so at least {cpu / cores:.1f} s "
             f"on this machine's {cores} core(s) however the tests are shared out")
    if modules:
        note += ("; the slowest modules: " + ", ".join(f"{m} {t:.1f} s" for m, t in modules[:5])
                 + f"; the {slow[0]} tests of ≥ 1 s take {slow[1]:.1f} s")
    return Figure(name, label, round(seconds, 1), "s", 40 if parallel else 60, note=note,
                  extra={"cpu_seconds": round(cpu, 1), "cores": cores,
                         "modules": [{"module": m, "seconds": round(t, 2)} for m, t in modules[:15]],
                         "tests_of_1s_or_more": slow[0], "their_seconds": round(slow[1], 1)})


def children_cpu() -> float:
    """CPU seconds (user + system) of the ended child processes of this one, and of theirs that they waited
    for: around a subprocess, what that run cost on every core together."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


_DURATION = re.compile(r"^(\d+(?:\.\d+)?)s (?:setup|call|teardown) +(\S+?)::(\S.*)$", re.M)


def slowest_modules(stdout: str) -> tuple[list[tuple[str, float]], tuple[int, float]]:
    """From pytest's `--durations=0` lines: the modules by the time of their tests (setup, call and teardown;
    per worker's time under -n), most first; and (how many tests took ≥ 1 s, their time together)."""
    modules: dict[str, float] = {}
    tests: dict[str, float] = {}
    for m in _DURATION.finditer(stdout):
        seconds, module, test = float(m.group(1)), m.group(2), m.group(3)
        modules[module] = modules.get(module, 0.0) + seconds
        tests[f"{module}::{test}"] = tests.get(f"{module}::{test}", 0.0) + seconds
    slow = [t for t in tests.values() if t >= 1.0]
    return sorted(modules.items(), key=lambda kv: -kv[1]), (len(slow), sum(slow))


def bench_mutants(timeout: float = 1800) -> Figure:
    """`berserk-rules mutants --json` as a subprocess: its wall time, with what it found."""
    label = "berserk-rules mutants (every mutant, whole suite)"
    seconds, proc = _timed([sys.executable, "-X", "utf8", "-m", "harness.cli", "mutants", "--json"], timeout)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return unavailable("mutants", label, "s", f"no report (exit code {proc.returncode}): "
                           f"{_last_line(proc.stderr or proc.stdout)}", 60)
    note = (f"{data['mutants']} mutants: {data['killed']} killed, {data['killed_by_checks']} by «Тогда» checks, "
            f"{data['killed_by_two_checks']} by those of ≥ 2 scenarios")
    return Figure("mutants", label, round(seconds, 1), "s", 60, note=note,
                  extra={k: data[k] for k in ("mutants", "killed", "killed_by_checks", "killed_by_two_checks")})


MECHANICAL_SAMPLE = "strike"      # the fixed sample of the mechanical-mutants figure: every mutant of one module


def bench_mechanical(timeout: float = 1800) -> Figure:
    """`berserk-rules mutants --mechanical --module strike --json` as a subprocess: mechanical mutants played per
    second (the mutants' own time, after the control run), with the whole run's time."""
    label = f"mechanical mutants per second (every mutant of engine/{MECHANICAL_SAMPLE}.py)"
    seconds, proc = _timed([sys.executable, "-X", "utf8", "-m", "harness.cli", "mutants", "--mechanical", "--module",
                            MECHANICAL_SAMPLE, "--json"], timeout)
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return unavailable("mechanical", label, "mutants/s", f"no report (exit code {proc.returncode}): "
                           f"{_last_line(proc.stderr or proc.stdout)}", 1.0, "higher")
    played = sum(o["seconds"] for o in data["outcomes"])
    n = data["totals"]["mutants"]
    rate = n / played if played else None
    note = (f"{n} mutants in {played:.1f} s of play ({sum(o['scenarios'] for o in data['outcomes'])} scenario runs), "
            f"the control run and line coverage {data['coverage_s']:.1f} s, the whole command {seconds:.1f} s; "
            f"score {data['totals']['score']:.0%}")
    return Figure("mechanical", label, round(rate, 2) if rate else None, "mutants/s", 1.0, "higher", note=note,
                  extra={"mutants": n, "play_s": round(played, 2), "command_s": round(seconds, 1)})


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


def check_runs(in_process: bool = True, protocol: bool = True, repeats: int = REPEATS,
               timeout: float = 900) -> dict[str, list[tuple]]:
    """`check` in-process and over the protocol (each when asked for), `repeats` times each, in turn (in-process,
    over the protocol, in-process, …): a slow moment of the machine meets both alike. {"in-process": runs,
    "protocol": runs}, each run (seconds, the process, its results or None); a route stops at its first run
    without results."""
    routes: dict[str, str | None] = {"in-process": None} if in_process else {}
    if protocol and not protocol_missing():
        routes["protocol"] = serve_cmd()
    runs: dict[str, list[tuple]] = {route: [] for route in routes}
    for _ in range(max(repeats, 1)):
        for route, cmd in routes.items():
            if not runs[route] or runs[route][-1][2] is not None:
                runs[route].append(_check(cmd, timeout))
    return runs


def _best(runs: list[tuple]) -> tuple[list[float], Any, dict | None]:
    """(the seconds of each run, the last process, the results of the fastest), or for a run that gave no
    results (its seconds alone, its process, None)."""
    failed = next((run for run in runs if run[2] is None), None)
    if failed is not None:
        return [failed[0]], failed[1], None
    best = min(runs, key=lambda run: run[0])
    return [run[0] for run in runs], runs[-1][1], best[2]


def _runs_note(runs: list[float]) -> str:
    return "" if len(runs) < 2 else f" (best of {len(runs)} runs: {', '.join(f'{r:.2f}' for r in runs)} s)"


def bench_check(runs: list[tuple] | None = None) -> Figure:
    """The best of the in-process runs of `check` (`check_runs`; made here when not given)."""
    runs, proc, data = _best(runs if runs is not None else check_runs(protocol=False)["in-process"])
    if data is None:
        return unavailable("check", "berserk-rules check (in-process engine)", "s",
                           f"no results.json (exit code {proc.returncode}): {_last_line(proc.stderr or proc.stdout)}",
                           15)
    seconds = min(runs)
    return Figure("check", "berserk-rules check (in-process engine)", round(seconds, 2), "s", 15,
                  note=_scenario_note(data) + _runs_note(runs), extra={"seconds": seconds, "runs": runs})


def protocol_missing() -> str | None:
    """Why the suite cannot be run over the protocol here, or None."""
    try:
        import engine.serve  # noqa: F401
        from harness.engines.protocol import SubprocessAdapter  # noqa: F401
    except ImportError as exc:
        return f"the protocol adapter is not there yet ({exc})"
    return None


def serve_cmd() -> str:
    return f"{shlex.quote(sys.executable)} -m engine.serve"


def bench_protocol(check: Figure | None, runs: list[tuple] | None = None) -> Figure:
    """The best of the runs over the protocol (`check_runs`; made here when not given), as a ratio to the best
    in-process run (`check`)."""
    label = "check over the protocol (python -m engine.serve)"
    missing = protocol_missing()
    if missing:
        return unavailable("protocol", label, "×", missing, 1.5)
    runs, proc, data = _best(runs if runs is not None else check_runs(in_process=False)["protocol"])
    seconds = min(runs)
    if data is None:
        return unavailable("protocol", label, "×", f"no results.json (exit code {proc.returncode}): "
                           f"{_last_line(proc.stderr or proc.stdout)}", 1.5)
    base = check.extra.get("seconds") if check is not None and check.available else None
    if not base:
        return unavailable("protocol", label, "×", f"no in-process run to compare with ({seconds:.2f} s over the "
                           "protocol)", 1.5)
    return Figure("protocol", label, round(seconds / base, 2), "×", 1.5,
                  note=f"{seconds:.2f} s vs {base:.2f} s in-process; {_scenario_note(data)}{_runs_note(runs)}",
                  extra={"seconds": seconds, "runs": runs})


# ------------------------------------------------------------------------------------------ round trip
def bench_roundtrip(requests: int = 2000) -> Figure:
    """`state` requests to `python -m engine.serve` after a `setup`: the time from writing a request line to
    reading its reply line."""
    label = "protocol round trip (state request)"
    missing = protocol_missing()
    if missing:
        return unavailable("roundtrip", label, "µs", missing, 200)

    board = load_scenario_board(ROUNDTRIP_BOARD)
    proc = subprocess.Popen([sys.executable, "-X", "utf8", "-m", "engine.serve"], cwd=paths.ROOT, env=_env(),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            preexec_fn=die_with_parent)
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def ask(rid: int, kind: str, **fields: Any) -> bytes:
        stdin.write(json.dumps({"id": rid, "request": kind, **fields}, ensure_ascii=False).encode() + b"\n")
        stdin.flush()
        return stdout.readline()

    try:
        from harness.engines.protocol import PROTOCOL_VERSION

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
    board = {"edition": "classic", "turn": 1, "active": "Б", "players": list(DEFAULT_PLAYERS),
             "cards": [{"id": "leader", "card": "Вожак", "owner": "А", "cell": "c2"},
                       {"id": "rival", "card": "Соперник", "owner": "Б", "cell": "c5"}], "effects": []}
    return board, {"Вожак": leader, "Соперник": rival}


def _order_fork(n_triggers: int) -> tuple[Any, Any]:
    """The world at the fork of the bench board, with the remaining steps: pass until the stack empties, then
    check the strike (1 + n for every order)."""
    from harness.suite.steps import when_declare_any_order, when_pass_until_empty

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

    fork.post_steps += [("Когда", "игроки пасуют, пока стек не опустеет", when_pass_until_empty, {"world": world}),
                        ("Тогда", f"удар {1 + n_triggers}", strike_is, {"expected": 1 + n_triggers})]
    return world, fork


def _replay_rate(n_triggers: int, orders: int) -> float:
    """Orders per second of the replay route (from the fork for every order) on the first `orders` orders."""

    world, fork = _order_fork(n_triggers)
    started = time.perf_counter()
    for order in itertools.islice(itertools.permutations(fork.items), orders):
        _run(world, fork, list(order), fork.post_steps)
    return orders / (time.perf_counter() - started)


def engine_walk(n_triggers: int, orders: int = 1440) -> tuple[float, int, int]:
    """The engine alone on the bench board: the same tree of declarations walked with the engine's own API
    (clone at each branch, answer the declaration, then pass until the stack is empty), with no step, no
    canonical state and no memo, over the first `orders` orders. (CPU seconds, orders, actions: act/answer
    calls.)"""
    world, fork = _order_fork(n_triggers)
    from harness.suite.orderings import back_to_fork

    back_to_fork(world, fork)
    done = actions = 0

    def walk(game: Any, remaining: list[str]) -> None:
        nonlocal done, actions
        if not remaining:
            while game.stack:
                game.act(game.priority, {"type": "pass"})
                actions += 1
            done += 1
            return
        for i, item in enumerate(remaining):
            if done >= orders:
                return
            child = game if i == len(remaining) - 1 else game.clone()
            child.answer(child.pending["player"], item)
            actions += 1
            walk(child, [r for r in remaining if r != item])

    started = time.process_time()
    walk(world.adapter._game.clone(), list(fork.items))
    return time.process_time() - started, done, actions


def engine_floor(n_triggers: int, orders: int = 1440) -> float:
    """CPU µs per order of the engine alone on the bench board (`engine_walk`) — what no search over this engine
    can go below, per core."""
    seconds, done, _ = engine_walk(n_triggers, orders)
    return seconds / done * 1e6


def bench_engine(n_triggers: int = 8, orders: int = 1440, repeats: int = REPEATS) -> Figure:
    """The engine's profile figure: CPU µs per order of the engine alone (`engine_walk`), the best of `repeats`
    walks, with µs per action (an act or answer call: a clone at each branch included) in the note."""
    engine_walk(n_triggers, 50)                                      # warm-up: imports, caches
    runs = [engine_walk(n_triggers, orders) for _ in range(max(repeats, 1))]
    seconds, done, actions = min(runs, key=lambda run: run[0])
    per_order, per_action = seconds / done * 1e6, seconds / actions * 1e6
    note = (f"{done:,} orders of {n_triggers} triggers, {actions / done:.1f} actions per order: "
            f"{per_action:.1f} µs per action (a clone at each branch included); CPU time, the best of "
            f"{len(runs)} walks: " + ", ".join(f"{run[0] / run[1] * 1e6:.0f}" for run in runs) + " µs per order")
    return Figure("engine", f"the engine alone, per order ({n_triggers} triggers)", round(per_order), "µs", 280,
                  note=note, extra={"per_order_us": round(per_order, 1), "per_action_us": round(per_action, 2),
                                    "actions_per_order": round(actions / done, 2), "orders": done,
                                    "runs_s": [round(run[0], 3) for run in runs]})


def lookup_cost(n_triggers: int, samples: int = 200) -> tuple[float, float]:
    """(CPU µs of one memo look-up's fingerprint, CPU µs of one engine call) on the bench board with every
    trigger declared: a look-up pays for itself only where a hit saves more engine calls than their ratio."""
    from engine.fingerprint import Fingerprints
    from harness.suite.orderings import back_to_fork

    world, fork = _order_fork(n_triggers)
    back_to_fork(world, fork)
    declared = world.adapter._game.clone()
    for item in fork.items:
        declared.answer(declared.pending["player"], item)
    games = [declared.clone() for _ in range(samples)]
    prints = Fingerprints()
    started = time.process_time()
    for game in games:
        prints.of(game, ("in", 0, 1))
    lookup = (time.process_time() - started) / samples * 1e6
    calls = 0
    started = time.process_time()
    for game in games:
        while game.stack:
            game.act(game.priority, {"type": "pass"})
            calls += 1
    return lookup, (time.process_time() - started) / max(calls, 1) * 1e6


def _search_once(n_triggers: int, limit: int | None) -> tuple[float, Any, int, int]:
    """One search of every order (or the first `limit`) on a fresh fork: (seconds, the fork, failing, processes)."""
    from harness.suite.orderings import Search, default_workers, explore

    world, fork = _order_fork(n_triggers)
    workers = default_workers(fork) if limit is None else 1
    started = time.perf_counter()
    failed = 0
    try:
        if limit is None:
            explore(world, fork, route="search", limit=n_triggers)
        else:
            Search(world, fork, budget=limit).run()
    except AssertionError:
        failed = 1
    return time.perf_counter() - started, fork, failed, workers


def bench_orderings(n_triggers: int = 7, limit: int | None = None, replay_sample: int = 200,
                    repeats: int = 1) -> Figure:
    """Check every order of the `n_triggers` declarations (7! = 5,040; 8! = 40,320) with the search route of
    «в любом порядке» (harness.suite.orderings.explore on the in-process engine), `repeats` times (the best run
    is the figure); `limit` checks the first orders only. The replay route is timed on its first
    `replay_sample` orders, for comparison."""
    runs = [_search_once(n_triggers, limit) for _ in range(max(repeats, 1))]
    seconds, fork, failed, workers = min(runs, key=lambda run: run[0])
    failed = max(run[2] for run in runs)
    checked = fork.explored
    rate = checked / seconds if seconds else 0.0
    replay = _replay_rate(n_triggers, min(replay_sample, checked)) if replay_sample and checked else None
    note = (f"{checked:,} orders in {seconds:.2f} s, {fork.states:,} states visited ({fork.lookups:,} looked up in "
            f"the memo: {fork.memo_hits} hits), {failed} failing"
            + (f"; the replay route: {replay:,.0f} /s" if replay else ""))
    extra = {"orders": checked, "seconds": seconds, "failing": failed, "states": fork.states,
             "lookups": fork.lookups, "memo_hits": fork.memo_hits, "replay_per_s": round(replay) if replay else None}
    note += f"; {workers} process" + ("es" if workers > 1 else "") + _runs_note([run[0] for run in runs])
    extra.update(workers=workers, runs=[run[0] for run in runs])
    if n_triggers == 7:
        return Figure("orderings", f"trigger orderings checked ({n_triggers} triggers)", round(rate), "/s", 5000,
                      better="higher", note=note, extra=extra)
    floor = engine_floor(n_triggers)
    lookup, call = lookup_cost(n_triggers)
    extra.update(engine_alone_us=round(floor), lookup_us=round(lookup, 1), engine_call_us=round(call, 1))
    note += (f" ({rate:,.0f} /s); the engine alone: {floor:,.0f} µs per order, so at least "
             f"{floor * math.factorial(n_triggers) / 1e6 / max(workers, 1):.1f} s on {max(workers, 1)} core(s) "
             f"for a search that plays every order, as one must where no two orders meet ({fork.memo_hits} of "
             f"{fork.lookups:,} look-ups hit); a memo look-up costs {lookup:.0f} µs, an engine call {call:.0f} µs")
    return Figure("orderings-8", f"every order of {n_triggers} triggers (search)", round(seconds, 2), "s", 5,
                  note=note, extra=extra)


# ------------------------------------------------------------------------------------------ growth
GROWTH_RUNNER = r"""
import json, re, shutil, sys
from pathlib import Path
from harness.common import paths
features, copies, out, only = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])
for f in sorted(paths.FEATURES.rglob("*.feature")):
    rel = f.relative_to(paths.FEATURES)
    if only and rel.as_posix() not in only:
        continue
    for i in range(copies):
        target = features / rel.parent / f"{rel.stem}-{i}.feature"
        target.parent.mkdir(parents=True, exist_ok=True)
        # each copy's scenarios get ids of their own: the tag in brackets carries the copy's number
        text = re.sub(r"((?:Сценарий|Структура сценария):\s*\[)", r"\g<1>c%d-" % i, f.read_text("utf-8"))
        target.write_text(text, "utf-8")
(features / "test_generated.py").write_text(
    "from pytest_bdd import scenarios\nscenarios(" + repr(str(features)) + ")\n", "utf-8")
(features / "conftest.py").write_text('pytest_plugins = ["harness.run.pytest_plugin", "harness.suite.steps", "harness.output.report_plugin"]\n', "utf-8")
paths.FEATURES = features                    # scenario ids are relative to the generated folder
from harness.engines import adapters
calls = {"setup": 0, "act": 0, "answer": 0}
for name in calls:
    method = getattr(adapters.InProcessAdapter, name)
    def counted(self, *a, _m=method, _n=name, **kw):
        calls[_n] += 1
        return _m(self, *a, **kw)
    setattr(adapters.InProcessAdapter, name, counted)
import pytest
argv = [str(features / "test_generated.py"), "--rootdir", str(paths.ROOT), "-c", str(paths.ROOT / "pyproject.toml"),
        "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:timeout", "-o", "faulthandler_timeout=0", "-q", "--report-dir", str(features / "reports"), "--expectations", str(features / "none.yaml")] + sys.argv[5:]
(features / "none.yaml").write_text("expectations: {}\n", "utf-8")
code = pytest.main(argv)
results = json.loads((features / "reports" / "results.json").read_text("utf-8"))["results"]
steps = sum(1 for r in results for s in r["steps"] if s["status"] == "passed")
statuses = sorted({r["status"] for r in results})
Path(out).write_text(json.dumps({"code": int(code), "scenarios": len(results), "steps": steps,
                                 "statuses": statuses, "calls": calls}), "utf-8")
"""


def run_generated_suite(copies: int, extra: list[str] | None = None, timeout: float = 1800,
                        only: Sequence[str] = ()) -> dict[str, Any]:
    """Run, in a child process with the in-process engine, a generated suite holding `copies` copies of every
    feature file (of those of `only` where given: paths under features/, e.g. "classic/113-….feature"): its
    wall time, scenarios, steps executed, statuses and engine calls (setup/act/answer); `extra`: pytest
    arguments (e.g. --unit)."""
    with tempfile.TemporaryDirectory(prefix="berserk-growth-") as tmp:
        out = Path(tmp) / "growth.json"
        argv = [sys.executable, "-X", "utf8", "-c", GROWTH_RUNNER, str(Path(tmp) / "features"), str(copies),
                str(out), json.dumps(list(only)), *(extra or [])]
        seconds, proc = _timed(argv, timeout)
        if not out.is_file():
            raise RuntimeError(f"the generated suite did not run (exit code {proc.returncode}): "
                               f"{_last_line(proc.stderr or proc.stdout)}")
        data = json.loads(out.read_text("utf-8"))
    data["seconds"] = seconds
    return data


def bench_growth(factor: int = 10) -> Figure:
    label = f"check of a {factor}× suite, as a ratio to 1×"
    try:
        one = run_generated_suite(1)
        many = run_generated_suite(factor)
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        return unavailable("growth", label, "×", str(exc), 12)
    ratio = many["seconds"] / one["seconds"]
    per_scenario = many["seconds"] / max(1, many["scenarios"])
    per_step = many["seconds"] / max(1, many["steps"])
    work = sum(many["calls"].values()) / max(1, sum(one["calls"].values()))
    note = (f"{one['scenarios']} → {many['scenarios']} scenarios: {one['seconds']:.2f} s → {many['seconds']:.2f} s; "
            f"{per_scenario * 1000:.1f} ms per scenario, {per_step * 1e6:.0f} µs per step "
            f"(process start and collection included); engine calls ×{work:.2f}")
    return Figure("growth", label, round(ratio, 2), "×", 12, note=note,
                  extra={"one": one, "many": many, "per_scenario_ms": round(per_scenario * 1000, 2),
                         "per_step_us": round(per_step * 1e6, 1), "work_ratio": round(work, 3)})


# ------------------------------------------------------------------------------------------ big inputs
def _timed_call(call: Callable[[], Any]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def big_inputs_times(entries: int, scenarios: int) -> dict[str, Any]:
    """The times of `bench_big_inputs`, measured in this process: {"expectations": {n: s}, "feature": {n: s}}, and
    this process's peak resident memory (MiB)."""
    from harness.suite.features import scan_features
    from harness.suite.session import load_expectations

    with tempfile.TemporaryDirectory(prefix="berserk-big-") as tmp:
        base = Path(tmp)
        times: dict[str, dict[int, float]] = {"expectations": {}, "feature": {}}
        for n in (entries // 10, entries):
            path = base / f"expectations-{n}.yaml"
            path.write_text("expectations:\n" + "".join(f"  classic:big-{i}:\n    status: FAIL\n    reason: known "
                                                        f"failure {i}\n" for i in range(n)), encoding="utf-8")
            times["expectations"][n] = _timed_call(lambda path=path: load_expectations(path))
        for n in (scenarios // 10, scenarios):
            folder = base / f"features-{n}" / "classic"
            folder.mkdir(parents=True)
            lines = ["# language: ru", "Функция: большая", ""]
            for i in range(n):
                lines += [f"  Сценарий: [big-{i}] сценарий {i}", '    Дано расклад "fixture/a.yaml"',
                          "    Когда игрок А пасует", "    Тогда приоритет у игрока Б", ""]
            (folder / "900-big.feature").write_text("\n".join(lines), encoding="utf-8")
            times["feature"][n] = _timed_call(lambda folder=folder: scan_features(folder.parent, root=folder.parent))
    return {**times, "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def bench_big_inputs(entries: int = 200_000, scenarios: int = 10_000, timeout: float = 1800) -> Figure:
    """The two large inputs of the hostile corpus: an expectations file of `entries` entries and a feature of
    `scenarios` scenarios, each beside one a tenth its size (what grows faster than the input shows). Measured in a
    child process, whose peak memory is its own: PyYAML composes the whole node tree of a document before
    anything is built from it (the located errors read their lines from it), about 34 objects and 2 KiB per
    entry — some 700 MiB at 200,000 entries (tracemalloc), which the bench's own peak would otherwise be."""
    label = f"read a {entries:,}-entry expectations file"
    code = ("import json, sys; from harness.quality.bench import big_inputs_times; "
            f"print(json.dumps(big_inputs_times({int(entries)}, {int(scenarios)})))")
    try:
        _, proc = _timed([sys.executable, "-X", "utf8", "-c", code], timeout)
        data = json.loads(_last_line(proc.stdout))
    except (subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
        return unavailable("big-inputs", label, "s", f"the child process gave no times: {exc}", 30)
    small, big = entries // 10, entries
    exp = {int(k): v for k, v in data["expectations"].items()}
    feat = {int(k): v for k, v in data["feature"].items()}
    note = (f"{small:,} entries {exp[small]:.2f} s, {big:,} {exp[big]:.2f} s: {exp[small] / small * 1e6:.0f} → "
            f"{exp[big] / big * 1e6:.0f} µs per entry; a feature of {scenarios // 10:,} scenarios scanned in "
            f"{feat[scenarios // 10]:.2f} s, of {scenarios:,} in {feat[scenarios]:.2f} s; in a child process whose "
            f"peak memory was {data['peak_mib']:.0f} MiB (the YAML node tree of the big file)")
    return Figure("big-inputs", label, round(exp[big], 2), "s", 30, note=note,
                  extra={"expectations_s": {str(k): round(v, 3) for k, v in exp.items()},
                         "feature_scan_s": {str(k): round(v, 3) for k, v in feat.items()},
                         "peak_mib": round(data["peak_mib"], 1)})


# ------------------------------------------------------------------------------------------ search
def bench_search(queries: Path = SEARCH_QUERIES, k: int = 3) -> Figure:
    """Search recall@k over a query set, with the index build time and the time per query."""
    label = f"search recall@{k} (lookup by words)"
    if not Path(queries).is_file():
        return unavailable("search", label, "%", f"no query set at {paths.display(Path(queries))}", 97, "higher")
    from harness.rules.corpus import load_corpus
    from harness.rules.lookup import Index
    from harness.rules.search import analyzer, board_cards, load_queries, recall_at
    from harness.suite.features import scan_features

    cases = load_queries(Path(queries))
    started = time.perf_counter()
    analyzer()
    loaded = time.perf_counter() - started
    scenarios = scan_features(paths.FEATURES, root=paths.ROOT)
    index = Index(load_corpus(paths.RULES, root=paths.ROOT), scenarios=scenarios,
                  cards=board_cards(scenarios, paths.SCENARIOS))
    index.words  # noqa: B018 - build it now, to time it apart from the queries
    built = time.perf_counter() - started
    started = time.perf_counter()
    ranked = {c.query: [u.id for u in index.find(c.query)] for c in cases}
    per_query = (time.perf_counter() - started) / max(len(cases), 1)
    recall, misses = recall_at(cases, ranked, k)
    note = (f"{len(cases) - len(misses)} of {len(cases)} queries; analyser loaded in {loaded:.2f} s, index built in "
            f"{built:.2f} s, {per_query * 1000:.1f} ms per query")
    return Figure("search", label, round(recall * 100, 1), "%", 97, better="higher", note=note,
                  extra={"queries": len(cases), "misses": [{"query": c.query, "expect": list(c.expect), "got": ids}
                                                           for c, ids in misses],
                         "analyser_seconds": round(loaded, 3), "index_seconds": round(built, 3),
                         "query_ms": round(per_query * 1000, 2)})


# ------------------------------------------------------------------------------------------ site
def bench_site(out: Path | None = None) -> tuple[Figure, Figure]:
    """Build the site (into ``out``, or a temporary folder removed after) and weigh it: the largest unit page on
    first load, and the total size (`harness.output.site.size_figures`)."""
    from harness.output.site import build_site, size_figures

    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        folder = Path(out) if out is not None else Path(tmp) / "site"
        summary = build_site(folder)
        sizes = size_figures(folder)
    page_kb, any_kb = sizes["largest_unit_page_bytes"] / 1000, sizes["largest_page_bytes"] / 1000
    page = Figure("site-page", "site: largest unit page on first load", round(page_kb, 1), "KB", 300,
                  note=f"{sizes['largest_unit_page']}; the largest page of all: {sizes['largest_page']} "
                       f"{any_kb:.0f} KB (with the search index)", extra=sizes)
    size = Figure("site-size", "site: total size", round(sizes["total_bytes"] / 1e6, 2), "MB", None,
                  note=f"{sizes['files']} files, {sizes['pages']} pages, built in {summary.seconds:.1f} s",
                  extra={**sizes, "build_seconds": round(summary.seconds, 2)})
    return page, size


# ------------------------------------------------------------------------------------------ memory
def bench_memory() -> Figure:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    note = f"largest child process: {children:.0f} MiB" if children else "no child process measured"
    return Figure("memory", "peak memory (bench process)", round(own), "MiB", None, note=note,
                  extra={"self_mib": round(own, 1), "largest_child_mib": round(children, 1)})


# ------------------------------------------------------------------------------------------ the run
SANDBOX_SCENARIO = "classic:113.2.ex1-1"      # its board: four creatures, a control effect, four legal actions


def bench_sandbox() -> dict[str, Figure]:
    """`sandbox-start`, `sandbox-warm` and `sandbox-action` (see the module docstring)."""
    import shutil
    import threading
    import urllib.parse

    from harness.output.playout import PlayoutRun
    from harness.output.sandbox_site import find_pyodide, install_hint, server
    from harness.output.site import build_site
    from harness.quality.browser import Browser, BrowserError, chromium

    labels = {"sandbox-start": "sandbox: cold start to the first legal actions",
              "sandbox-warm": "sandbox: warm start (the next visit, from Cache Storage) to the first legal actions",
              "sandbox-action": "sandbox: one action in the browser"}

    def missing(why: str) -> dict[str, Figure]:
        return {n: Figure(n, labels[n], None, "ms", note=why, available=False) for n in labels}

    if chromium() is None:
        return missing("headless Chromium is not installed (apt-get install chromium)")
    if find_pyodide() is None:
        return missing("Pyodide is not installed: " + install_hint())
    tmp = Path(tempfile.mkdtemp(prefix="berserk-bench-site-"))
    httpd = None
    try:
        build_site(tmp / "site", run=PlayoutRun(results=None, playouts=[]))
        httpd = server(tmp / "site")
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = (f"http://127.0.0.1:{httpd.server_address[1]}/sandbox.html#"
               + urllib.parse.urlencode({"scenario": SANDBOX_SCENARIO, "bench": "1"}))
        with Browser() as b:
            page = b.open(url)
            ready = b.wait(page, "document.body.dataset.ready", timeout=300)
            if ready != "1":
                return missing("the sandbox did not start: "
                               + str(b.evaluate(page, "document.getElementById('sb-status').textContent")))
            timing = b.evaluate(page, "JSON.stringify(document.getElementById('sb-timing').dataset)")
            cached = b.wait(page, "document.body.dataset.cached", timeout=120)
            kept = b.wait(page, "document.body.dataset.snapshot", timeout=120)     # the memory snapshot stored
            b.close_page(page)
            page = b.open(url)                  # the next visit: the same profile, its Cache Storage filled
            warm = None
            if b.wait(page, "document.body.dataset.ready", timeout=300) == "1":
                warm = json.loads(b.evaluate(page, "JSON.stringify(document.getElementById('sb-timing').dataset)"))
    except BrowserError as exc:
        return missing(f"the browser failed: {exc}")
    finally:
        if httpd is not None:
            httpd.shutdown()
            httpd.server_close()
        shutil.rmtree(tmp, ignore_errors=True)
    data = json.loads(timing)
    note = f"Pyodide {data.get('pyodide', '?')}, scenario {SANDBOX_SCENARIO}'s board, served on localhost"
    return {"sandbox-start": Figure("sandbox-start", labels["sandbox-start"], float(data["coldMs"]), "ms", target=3000,
                                    note=note + "; a fresh browser profile (nothing cached)"),
            "sandbox-warm": Figure("sandbox-warm", labels["sandbox-warm"],
                                   float(warm["coldMs"]) if warm else None, "ms", target=1500,
                                   available=warm is not None,
                                   note=note + ("; the same browser again, the files from Cache Storage"
                                                if cached == "1" else "; the service worker did not cache the files")
                                   + ("; Python and the engine restored from the first visit's memory snapshot"
                                      if warm and warm.get("snapshot") == "restored"
                                      else f"; no memory snapshot restored (stored: {kept})")),
            "sandbox-action": Figure("sandbox-action", labels["sandbox-action"], float(data["actionMs"]), "ms",
                                     note=note + "; the median of 7 actions (play, then undo)")}


def run_bench(only: Iterable[str] = NAMES, orderings_limit: int | None = None,
              progress: Callable[[str], None] | None = None) -> list[Figure]:
    """Measure the chosen figures (in-process ones first, so the memory figure is the bench's own)."""
    wanted = [n for n in NAMES if n in set(only)]
    say = progress or (lambda _msg: None)
    figures: dict[str, Figure] = {}
    if "orderings" in wanted:
        say("orderings: every order of 7 simultaneous triggers…")
        figures["orderings"] = bench_orderings(limit=orderings_limit, repeats=REPEATS)
    if "orderings-8" in wanted:
        say("orderings: every order of 8 simultaneous triggers…")
        figures["orderings-8"] = bench_orderings(8, limit=orderings_limit)
    if "engine" in wanted:
        say("engine: the engine alone, per order of 8 triggers…")
        figures["engine"] = bench_engine()
    if "search" in wanted:
        say("search: recall@3 of the judge's queries…")
        figures["search"] = bench_search()
    if "roundtrip" in wanted:
        say("round trip: state requests to python -m engine.serve…")
        figures["roundtrip"] = bench_roundtrip()
    if "check" in wanted or "protocol" in wanted:
        say("check: the suite in-process and over python -m engine.serve, in turn…")
        runs = check_runs(protocol="protocol" in wanted)
        figures["check"] = bench_check(runs["in-process"])
        if "protocol" in wanted:
            figures["protocol"] = bench_protocol(figures["check"], runs.get("protocol"))
    if "growth" in wanted:
        say("growth: check of a generated suite, 1× and 10×…")
        figures["growth"] = bench_growth()
    if "big-inputs" in wanted:
        say("big inputs: 200,000 expectations, a feature of 10,000 scenarios…")
        figures["big-inputs"] = bench_big_inputs()
    if "mutants" in wanted:
        say("mutants: every mutant engine against the whole suite…")
        figures["mutants"] = bench_mutants()
    if "mechanical" in wanted:
        say("mechanical: the mechanical mutants of one engine module…")
        figures["mechanical"] = bench_mechanical()
    if {"sandbox-start", "sandbox-warm", "sandbox-action"} & set(wanted):
        say("sandbox: the engine in the browser (Pyodide, headless Chromium)…")
        figures.update(bench_sandbox())
    if "pytest" in wanted:
        say("pytest: the whole test run…")
        figures["pytest"] = bench_pytest()
    if "pytest-n" in wanted:
        say("pytest -n auto: the whole test run on every core…")
        figures["pytest-n"] = bench_pytest(parallel=True)
    if "site-page" in wanted or "site-size" in wanted:
        say("site: building the site and weighing its pages…")
        figures["site-page"], figures["site-size"] = bench_site()
    if "memory" in wanted:
        figures["memory"] = bench_memory()
    return [figures[n] for n in NAMES if n in figures and n in wanted]


def load() -> float | None:
    """The 1-minute load average (None where the system does not tell)."""
    try:
        return round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        return None


def machine(load_before: float | None = None) -> dict[str, Any]:
    return {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count(),
            "load_before": load_before, "load_after": load()}


def as_json(figures: list[Figure], load_before: float | None = None) -> dict[str, Any]:
    return {"machine": machine(load_before), "figures": [f.as_json() for f in figures]}


# ------------------------------------------------------------------------------------------ compare
@dataclass
class Comparison:
    """One figure beside its saved value: `ratio` is new / saved; `slowdown` how much worse it is in the figure's
    own direction (new / saved for a time or a size, saved / new for a rate or a share: > 1 is worse)."""

    name: str
    label: str
    unit: str
    saved: float | None
    value: float | None
    ratio: float | None
    slowdown: float | None

    @property
    def slowed(self) -> bool:
        return self.slowdown is not None and self.slowdown > SLOWDOWN

    @property
    def improved(self) -> bool:
        return self.slowdown is not None and self.slowdown < 1

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "slowed": self.slowed, "improved": self.improved}


def load_baseline(path: Path) -> dict[str, dict[str, Any]]:
    """The saved figures of `bench --json` (or of the repository's docs/bench-baseline.json): name → {value, unit,
    better}. Raises InputError, located (file:line: field: message), for a file that is not such JSON."""
    from harness.common.errors import InputError, Problem

    path = Path(path)
    file = paths.display(path)
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise InputError(Problem(file, None, None, "file not found: expected the JSON of `bench --json`")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(Problem(file, None, None, f"cannot read the file: {exc}")) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(Problem(file, exc.lineno, None, f"not valid JSON: {exc.msg} (column {exc.colno}); "
                                                         "expected the output of `bench --json`")) from None
    figures = data.get("figures") if isinstance(data, dict) else None
    if not isinstance(figures, list):
        raise InputError(Problem(file, 1, "figures", "expected an object with a list 'figures' (the output of "
                                                     "`bench --json`)"))

    def line_of(name: Any) -> int | None:
        at = text.find(f'"name": {json.dumps(name, ensure_ascii=False)}') if isinstance(name, str) else -1
        return text.count("\n", 0, at) + 1 if at >= 0 else None

    problems: list[Problem] = []
    saved: dict[str, dict[str, Any]] = {}
    for i, f in enumerate(figures):
        if not isinstance(f, dict) or not isinstance(f.get("name"), str):
            problems.append(Problem(file, None, f"figures[{i}].name", "expected an object with a figure's name"))
            continue
        name, where = f["name"], line_of(f["name"])
        value, better = f.get("value"), f.get("better", "lower")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | float)
                                  or not math.isfinite(value) or value < 0):
            problems.append(Problem(file, where, f"figures[{i}].value",
                                    f"expected a number ≥ 0 or null, got {json.dumps(value, ensure_ascii=False)}"))
            continue
        if better not in ("lower", "higher"):
            problems.append(Problem(file, where, f"figures[{i}].better", f"expected 'lower' or 'higher', got "
                                                                         f"{json.dumps(better, ensure_ascii=False)}"))
            continue
        if name in saved:
            problems.append(Problem(file, where, f"figures[{i}].name", f"the figure '{name}' is given twice"))
            continue
        saved[name] = {"value": value, "unit": f.get("unit", ""), "better": better}
    if problems:
        raise InputError(problems)
    return saved


def compare(figures: list[Figure], saved: dict[str, dict[str, Any]]) -> list[Comparison]:
    """Each measured figure beside its saved value (in the order of `figures`); a figure with no saved value, or
    not measured now, has no ratio."""
    out = []
    for f in figures:
        old = saved.get(f.name, {}).get("value")
        new = f.value if f.available else None
        ratio = slowdown = None
        if old is not None and new is not None:
            ratio = new / old if old else (1.0 if new == 0 else math.inf)
            if f.better == "higher":
                slowdown = old / new if new else (1.0 if old == 0 else math.inf)
            else:
                slowdown = ratio
        out.append(Comparison(f.name, f.label, f.unit, old, new, ratio, slowdown))
    return out
