"""The readings an engine declares in its hello, checked against the register (harness/engines/protocol.py,
harness/engines/startup.py); the kit's defaults presumed for a group it does not name, said in the run's header
and in results.json; SKIP before N/A (harness/run/pytest_plugin.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.common.facts import READINGS
from harness.suite.capabilities import FEATURES
from tests.fake_engines.suite import Sc, engine_cmd, make_root, run_many


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Three runs at once: a fixture suite against an engine declaring an unknown reading, the same against one
    declaring none, and the real suite's scenarios of classic 113.1 (one of them N/A under the default
    `becomes-at-most=crossing`) against an engine without triggered abilities."""
    tmp = tmp_path_factory.mktemp("readings")
    root = make_root(tmp, [Sc("reference"), Sc("reference")])
    log = tmp / "starts.log"
    bad = {"FAKE_ENGINE_READINGS": json.dumps({"heroes-queue": "nosuch"}), "FAKE_ENGINE_LOG": str(log)}
    unknown_group = {"FAKE_ENGINE_READINGS": json.dumps({"no-such-group": "lifo"})}
    from harness.common import paths

    no_triggers = {"FAKE_ENGINE_FEATURES": ",".join(f for f in FEATURES if f != "triggered_abilities")}
    jobs = {
        "bad": (root, ["--engine-cmd", engine_cmd("reference")], bad),
        "group": (root, ["--engine-cmd", engine_cmd("reference")], unknown_group),
        "none": (root, ["--engine-cmd", engine_cmd("reference")], {"FAKE_ENGINE_READINGS": ""}),
        "full": (paths.ROOT, ["--engine-cmd", engine_cmd("reference"), "--unit", "classic:113.1"], {}),
        "lacking": (paths.ROOT, ["--engine-cmd", engine_cmd("reference"), "--unit", "classic:113.1"], no_triggers),
    }
    dirs = {name: tmp / f"r-{name}" for name in jobs}
    out = run_many(jobs, dirs)
    out["log"] = log
    return out


def test_an_unknown_reading_is_one_error_naming_it_and_the_known_ones(runs: dict) -> None:
    run = runs["bad"]
    assert run.code == 3, (run.out, run.err)
    errors = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, run.err
    assert "capabilities.readings.heroes-queue: 'nosuch' is not one of lifo, fifo" in errors[0]
    assert run.results["stopped"] and run.results["results"] == []
    assert len(Path(runs["log"]).read_text().split()) == 1       # not retried: the same hello every time
    group = runs["group"]
    assert group.code == 3
    assert f"no such reading group; known: {', '.join(READINGS)}" in group.results["stopped"]


def test_an_engine_declaring_no_readings_is_presumed_to_hold_the_defaults_and_told(runs: dict) -> None:
    run = runs["none"]
    assert run.code == 0, (run.out, run.err)
    meta = run.results["run"]
    assert meta["readings_presumed"] == sorted(READINGS)
    assert meta["readings"] == {group: values[0] for group, values in READINGS.items()}
    header = next(line for line in run.out.splitlines() if line.startswith("readings:"))
    assert "the engine's hello declares no reading: presumed the kit's defaults" in header
    assert "heroes-queue=lifo" in header
    # an engine declaring every reading is presumed nothing
    full = runs["full"].results["run"]
    assert "readings_presumed" not in full and full["readings"]


def test_skip_before_na(runs: dict) -> None:
    full = {r["scenario"]: r for r in runs["full"].results["results"]}
    lacking = {r["scenario"]: r for r in runs["lacking"].results["results"]}
    na = [sid for sid, r in full.items() if r["status"] == "N/A"]
    assert na, "classic 113.1 has a scenario resting on a reading other than the default"
    for sid in na:
        assert lacking[sid]["status"] == "SKIP", lacking[sid]
        assert "triggered_abilities" in lacking[sid]["missing"]
        assert "the feature 'triggered_abilities'" in lacking[sid]["message"]
