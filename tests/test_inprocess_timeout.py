"""A scenario against an engine in this process (the reference engine, a mutant) has the --scenario-timeout
limit too: an engine that never returns is interrupted, the scenario ends as TIMEOUT, and the run goes on
(harness/run/pytest_plugin.py pytest_runtest_call, harness/common/timelimit.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest

import engine
from harness.common.timelimit import time_limit, usable
from harness.engines.adapters import InProcessAdapter
from harness.run.runner import run

UNIT = "classic:503.1.b10"          # scenarios that pass priority and at least one that only plays a card


class _Hangs(engine.Game):
    """An engine that never returns from a pass."""

    def _pass(self, player: str, action: dict) -> None:
        while True:
            pass


class _HangingEngine:
    """A plugin object: the kit's plugin takes its in-process adapter (as for a mutant)."""

    def berserk_rules_adapter(self) -> Any:
        return InProcessAdapter(_Hangs, "hangs on a pass")


def test_an_in_process_engine_that_never_returns_ends_its_scenario_as_timeout_and_the_run_goes_on() -> None:
    if not usable():            # not the main thread, or no setitimer: the engine below would never be stopped
        pytest.skip("no time limit can be set here (timelimit.usable)")
    reference = run(units=[UNIT], quiet=True).results
    assert reference is not None and {r.status for r in reference.results} == {"PASS"}
    started = time.monotonic()
    # a watchdog of the test's own, so that a kit whose limit does not work fails here instead of hanging (the
    # kit's limit, set inside, takes over while a scenario runs)
    with time_limit(60, lambda: AssertionError("the run did not end: the in-process time limit did not act")):
        outcome = run(units=[UNIT], quiet=True, extra=["--scenario-timeout", "1"], plugins=[_HangingEngine()])
    assert time.monotonic() - started < 30                      # the run ended, it did not hang
    results = {r.name: r for r in outcome.results.results}
    assert len(results) == len(reference.results) >= 2
    passing = [r for r in results.values() if "пасу" not in " ".join(s.text for s in r.steps)]
    hanging = [r for r in results.values() if r not in passing]
    assert passing and hanging                                  # the unit has both kinds (else pick another)
    assert {r.status for r in passing} == {"PASS"}              # the other scenarios still ran, and passed
    assert {r.status for r in hanging} == {"TIMEOUT"}
    assert all("time limit of 1 s ran out (--scenario-timeout)" in r.message for r in hanging)
    assert outcome.code != 0                                    # never green


def test_the_limit_interrupts_a_loop_and_puts_back_what_was_there() -> None:
    if not usable():
        pytest.skip("no time limit can be set here (timelimit.usable)")
    import signal

    def mine(signum: int, frame: Any) -> None:
        raise AssertionError("not mine to call")

    previous = signal.signal(signal.SIGALRM, mine)
    try:
        started = time.monotonic()
        try:
            with time_limit(0.2, lambda: TimeoutError("out of time")):
                while True:
                    pass
        except TimeoutError as exc:
            assert str(exc) == "out of time"
        else:
            raise AssertionError("the loop was not interrupted")
        assert time.monotonic() - started < 10
        assert signal.getsignal(signal.SIGALRM) is mine and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        with time_limit(0, lambda: TimeoutError("never")):     # 0: no limit, no alarm set
            assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        signal.signal(signal.SIGALRM, previous)
