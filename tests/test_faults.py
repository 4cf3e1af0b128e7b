"""Every way a foreign engine can misbehave becomes the right status with a helpful message, the engine is
restarted, the run goes on and writes its reports. Fake engines: tests/fake_engines/faulty.py."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest
from fake_engines.suite import FAULTY, Run, Sc, engine_cmd, make_root, run_many, scenario_id

from harness.engines.adapters import EngineFault, EngineRefused, EngineUnsupported
from harness.engines.protocol import SubprocessAdapter

BOARD = {"edition": "classic", "turn": 1, "active": "А", "players": ["А", "Б"], "step": "main",
         "cards": [{"id": "g", "card": "Гоблин", "owner": "А", "cell": "c3"},
                   {"id": "o", "card": "Орк", "owner": "Б", "cell": "c4"}], "effects": []}
DEFS = {"Гоблин": {"name": "Гоблин", "edition": "classic", "type": "creature", "lives": 4, "strike": [1, 2, 3]},
        "Орк": {"name": "Орк", "edition": "classic", "type": "creature", "lives": 5, "strike": [2, 3, 4]}}


def adapter(mode: str, timeout: float = 0.5, **kw) -> SubprocessAdapter:
    return SubprocessAdapter([sys.executable, str(FAULTY), mode], request_timeout=timeout, **kw)


def drive(a: SubprocessAdapter) -> None:
    """What a scenario does: setup, then an action."""
    a.setup(BOARD, DEFS)
    a.act("А", {"type": "pass"})


# ------------------------------------------------------------------------------------------ the adapter
# mode → (status, fragments the message must contain)
FAULTS = {
    "crash-start": ("CRASH", ["exited with code 3", "`hello`", "cannot load the card database"]),
    "crash-mid": ("CRASH", ["exited with code 70", "`act`", "RuntimeError: boom in act"]),
    "hang": ("TIMEOUT", ["did not answer `act` within 0.5 s", "--request-timeout", "got act"]),
    "garbage": ("ERROR", ["reply to `setup` is not JSON", "'this is not json'", "got setup"]),
    "wrong-schema": ("ERROR", ["does not follow the protocol", "state.cards: 'nope' is not of type 'array'"]),
    "wrong-version": ("ERROR", ["protocol 2.0.0", "the harness 1.0.0", "major versions must match"]),
    "noise": ("ERROR", ["not JSON", "debug: setting up the board", "stdout carries protocol replies only"]),
    "huge": ("ERROR", ["reply to `setup` is longer than the limit"]),
    "wrong-id": ("ERROR", ["carries id", "must echo their request's id"]),
    "internal": ("ERROR", ["failed internally", "internal_error", "KeyError"]),
}


@pytest.mark.parametrize("mode", sorted(FAULTS))
def test_fault_becomes_status_with_message(mode: str) -> None:
    status, fragments = FAULTS[mode]
    a = adapter(mode)
    try:
        with pytest.raises(EngineFault) as info:
            drive(a)
        assert info.value.status == status
        message = str(info.value)
        for fragment in fragments:
            assert fragment in message, f"{fragment!r} not in:\n{message}"
        # the scenario is over: further requests repeat the fault, they do not talk to a dead engine
        with pytest.raises(EngineFault):
            a.state()
    finally:
        a.shutdown()


def test_stderr_tail_is_in_the_message() -> None:
    a = adapter("crash-mid")
    with pytest.raises(EngineFault) as info:
        drive(a)
    assert "engine stderr (last lines):" in str(info.value)
    assert "fake engine (crash-mid): got act" in str(info.value)


@pytest.mark.parametrize("mode", ["crash-mid", "hang", "garbage", "huge", "noise", "wrong-schema"])
def test_engine_is_restarted_for_the_next_scenario(mode: str, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("FAKE_ENGINE_ONCE", str(tmp_path / "faulted"))
    a = adapter(mode, reuse=True)
    try:
        with pytest.raises(EngineFault):
            drive(a)
        a.close()
        drive(a)                                   # the next scenario: a fresh process, no fault
        assert a.state()["priority"] == "Б"
        assert a.starts == 2
    finally:
        a.shutdown()


def test_refusals_are_fail_not_faults() -> None:
    a = adapter("refuse")
    try:
        with pytest.raises(EngineRefused) as info:
            drive(a)
        assert info.value.code == "illegal_action"
        assert "refuses everything" in info.value.message
    finally:
        a.shutdown()


def test_unsupported_board_and_undeclared_capabilities_skip() -> None:
    for mode, needle in (("unsupported", "implements no card yet"), ("no-editions", "edition 'classic'")):
        a = adapter(mode)
        try:
            with pytest.raises(EngineUnsupported, match=needle):
                drive(a)
        finally:
            a.shutdown()
    a = adapter("no-inline")
    try:
        with pytest.raises(EngineUnsupported, match="inline_cards"):
            a.setup({**BOARD, "test_cards": [DEFS["Гоблин"]]}, DEFS)
        drive(a)                                   # a board without test cards runs
    finally:
        a.shutdown()


def test_scenario_timeout(monkeypatch) -> None:
    """The scenario's clock runs from `setup` to `close()`; the margins (0.5 s either side) keep a loaded
    machine from deciding the outcome."""
    monkeypatch.setenv("FAKE_ENGINE_DELAY", "1.0")
    a = adapter("slow", timeout=10.0, scenario_timeout=1.5, reuse=True)
    try:
        a.hello()                                  # the engine is up before the scenario starts
        started = time.monotonic()
        with pytest.raises(EngineFault) as info:
            a.setup(BOARD, DEFS)                   # 1.0 s: within the scenario's 1.5 s
            a.state()                              # would end at 2.0 s
        assert info.value.status == "TIMEOUT"
        assert "--scenario-timeout" in str(info.value)
        assert time.monotonic() - started < 4.0    # the scenario's limit, not the request's 10 s
        a.close()
        a.setup(BOARD, DEFS)                       # a restarted engine; the next scenario has its own time
    finally:
        a.shutdown()


def test_start_up_has_its_own_time_limit(monkeypatch) -> None:
    """`hello` waits --start-timeout, and a restart is not charged to the scenario's clock."""
    monkeypatch.setenv("FAKE_ENGINE_DELAY", "1.0")
    slow = SubprocessAdapter([sys.executable, str(FAULTY), "slow-start"], request_timeout=10.0, start_timeout=0.3)
    with pytest.raises(EngineFault) as info:
        slow.setup(BOARD, DEFS)
    assert info.value.status == "TIMEOUT"
    assert "did not answer `hello` within 0.3 s (--start-timeout)" in str(info.value)
    patient = SubprocessAdapter([sys.executable, str(FAULTY), "slow-start"], request_timeout=10.0,
                                start_timeout=10.0, scenario_timeout=0.5)
    try:
        state = patient.setup(BOARD, DEFS)         # start-up 1.0 s > the scenario's 0.5 s: not charged
        assert state["turn"] == BOARD["turn"]
    finally:
        patient.shutdown()


def test_engine_that_cannot_be_started() -> None:
    a = SubprocessAdapter(["/nonexistent/engine"], request_timeout=1.0)
    with pytest.raises(EngineFault) as info:
        a.setup(BOARD, DEFS)
    assert info.value.status == "CRASH" and "could not be started" in str(info.value)
    assert a.name == "/nonexistent/engine" and a.version == "unknown"


def test_stray_output_between_replies_is_an_error() -> None:
    """Output nobody asked for, noticed before the next request is sent."""
    code = ("import sys, json\n"
            "for line in sys.stdin:\n"
            "    r = json.loads(line)\n"
            "    if r['request'] == 'hello':\n"
            "        print(json.dumps({'id': r['id'], 'ok': True, 'protocol': '1.0.0', "
            "'engine': {'name': 'x', 'version': '1'}, 'capabilities': {'editions': ['classic'], 'features': []}}))\n"
            "        print('oops, a second line')\n"
            "    sys.stdout.flush()\n")
    a = SubprocessAdapter([sys.executable, "-c", code], request_timeout=1.0)
    try:
        a.capabilities()
        time.sleep(0.2)
        with pytest.raises(EngineFault) as info:
            a.setup(BOARD, DEFS)
        assert info.value.status == "ERROR"
        assert "without being asked: 'oops, a second line'" in str(info.value)
    finally:
        a.shutdown()


# ------------------------------------------------------------------------------------------ whole runs
MATRIX = {  # fixture scenario (by-board fault) → status, fragment of the message
    "reference": ("PASS", ""),
    "crash-mid": ("CRASH", "exited with code 70"),
    "hang": ("TIMEOUT", "did not answer `act` within 1 s"),
    "garbage": ("ERROR", "is not JSON"),
    "wrong-schema": ("ERROR", "does not follow the protocol"),
    "noise": ("ERROR", "debug: setting up the board"),
    "huge": ("ERROR", "longer than the limit"),
    "wrong-id": ("ERROR", "must echo their request's id"),
    "internal": ("ERROR", "failed internally"),
    "refuse": ("FAIL", "the engine refused: illegal_action"),
    "unsupported": ("FAIL", "declared, refused"),     # a board inside what it declares: never a SKIP
    "reference2": ("PASS", ""),
}
MATRIX_SCENARIOS = [Sc(key) for key in MATRIX]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    """The whole-run cases, run side by side (each is a `berserk-rules check` process)."""
    base = tmp_path_factory.mktemp("runs")
    jobs = {}
    matrix_root = make_root(base / "matrix", MATRIX_SCENARIOS)
    jobs["matrix"] = (matrix_root, ["--engine-cmd", engine_cmd("by-board"), "--request-timeout", "1"],
                      {"FAKE_ENGINE_LOG": str(base / "matrix" / "pids")})
    jobs["crash-start"] = (make_root(base / "crash-start", [Sc("a"), Sc("b")]),
                           ["--engine-cmd", engine_cmd("crash-start"), "--request-timeout", "1"], None)
    return run_many(jobs)


def test_a_run_goes_on_after_every_fault(runs: dict[str, Run]) -> None:
    """One run of `berserk-rules check` meets every fault in turn: each scenario gets its status and
    message, the engine is restarted after each fault, the run completes and writes its reports."""
    run = runs["matrix"]
    assert run.code == 1, run.out + run.err
    for i, sc in enumerate(MATRIX_SCENARIOS, 1):
        status, fragment = MATRIX[sc.key]
        result = run.result(scenario_id(i, sc))
        assert result["status"] == status, result
        assert fragment in result["message"], result["message"]
    processes = len((run.report_dir.parent.parent / "pids").read_text().split())
    stopping = [k for k, (status, _) in MATRIX.items() if status in ("CRASH", "TIMEOUT", "ERROR") and k != "internal"]
    assert processes == 1 + len(stopping)          # a fresh engine after each fault that stopped one
    for name in ("results.json", "junit.xml", "index.html"):
        assert (run.report_dir / name).is_file()
    assert "TIMEOUT" in run.out and "CRASH" in run.out


def test_an_engine_that_never_starts_is_one_error_not_one_per_scenario(runs: dict[str, Run]) -> None:
    run = runs["crash-start"]
    assert run.code == 3                                                  # its own exit code (harness/cli)
    assert run.results["results"] == [] and run.results["not_run"]         # no scenario was played
    assert "cannot load the card database" in run.results["stopped"]       # the engine's stderr, once
    assert run.err.count("cannot load the card database") == 1
    assert run.results["run"]["engine"].endswith("crash-start")          # named by its command
    assert (run.report_dir / "index.html").is_file()
    assert "Traceback" not in run.out + run.err


def test_engine_cmd_is_split_like_a_shell(tmp_path: Path) -> None:
    a = SubprocessAdapter(f"{shlex.quote(sys.executable)} {shlex.quote(str(FAULTY))} reference")
    try:
        drive(a)
    finally:
        a.shutdown()
