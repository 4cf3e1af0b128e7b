"""Readings (issue 26): where the text admits more than one defensible reading, the register lists them, the
reference engine plays each, the suite says what holds under each, and an engine holding another reading gets
N/A — never PASS, FAIL or SKIP — where the suite has no outcome for it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from fake_engines.suite import CLI, check_in_process

import engine
from harness.common import paths
from harness.suite.session import load_assumptions

ALTERNATIVES = [(group, value) for group, values in engine.READINGS.items() for value in values[1:]]


def test_the_register_lists_what_the_engine_plays() -> None:
    groups = {a["reading"]: a for a in load_assumptions() if a.get("reading")}
    assert set(groups) == set(engine.READINGS)
    for group, entry in groups.items():
        listed = [r["id"] for r in entry["readings"]]
        assert tuple(listed) == engine.READINGS[group], group
        assert entry["default"] == listed[0] == engine.default_readings()[group]
        assert all(r.get("wording") and r.get("reason") for r in entry["readings"]), group


def test_every_reading_has_an_outcome_in_the_suite() -> None:
    """Each reading of each group is checked, not excused: some scenario rests on it (a counterpart for each
    reading the default does not share)."""
    tags = set(re.findall(r"@reading:(\S+)", "\n".join(
        p.read_text(encoding="utf-8") for p in sorted(paths.FEATURES.rglob("*.feature")))))
    missing = [f"{group}={value}" for group, values in engine.READINGS.items() for value in values
               if f"{group}={value}" not in tags]
    assert not missing, f"readings no scenario rests on: {missing}"


def test_an_entry_with_readings_is_played_or_says_they_agree() -> None:
    """A register entry that lists readings either names a reading group the engine plays, or says that the
    readings give one outcome in every case the kit can play (`same_outcome: true`: no engine option)."""
    entries = load_assumptions()
    played = {e["reading"] for e in entries if e.get("readings") and e.get("reading")}
    assert played == set(engine.READINGS), played ^ set(engine.READINGS)    # every group has its entry, no other
    unplayed = [e for e in entries if e.get("readings") and not e.get("reading")]
    assert unplayed, "no entry says its readings agree: the check below would check nothing (drop it then)"
    for entry in unplayed:
        assert entry.get("same_outcome") is True, entry["id"]
        assert len(entry["readings"]) >= 2 and entry.get("default") == entry["readings"][0]["id"], entry["id"]


@pytest.mark.parametrize(("group", "value"), ALTERNATIVES)
def test_the_reference_engine_passes_the_suite_under_every_reading(group: str, value: str, tmp_path: Path) -> None:
    run = check_in_process("--reading", f"{group}={value}", report_dir=tmp_path / "r")
    assert run.code == 0, run.out + run.err
    results = run.results["results"]
    mine = [r for r in results if any(x.startswith(group + "=") for x in r.get("readings", []))]
    # every scenario resting on this group either holds under the reading played (PASS) or is N/A
    assert {r["status"] for r in mine} == {"PASS", "N/A"}
    assert all(f"{group}={value}" in r["readings"] for r in mine if r["status"] == "PASS")
    assert all(f"{group}={value}" not in r["readings"] for r in mine if r["status"] == "N/A")
    assert run.results["run"]["readings"][group] == value
    assert "N/A" in run.out and "conformance: to the text alone" in run.out


def test_an_engine_holding_another_reading_gets_na_over_the_protocol(tmp_path: Path) -> None:
    run = check_in_process("--engine-cmd", f"{sys.executable} -m engine.serve --reading heroes-queue=fifo",
                           "--edition", "heroes", report_dir=tmp_path / "r")
    assert run.code == 0, run.out + run.err
    by_id = {r["scenario"]: r["status"] for r in run.results["results"]}
    assert by_id["heroes:113.2-3"] == "N/A" and by_id["heroes:113.2-3.fifo"] == "PASS"
    assert by_id["heroes:113.2-8"] == "N/A"       # «До»: no outcome under fifo
    summary = run.results["summary"]
    assert summary["N/A"] >= 6 and summary["FAIL"] == 0 and summary["SKIP"] == 0
    assert summary["conformance"]["text"]["pass"] == summary["conformance"]["text"]["total"] > 0


def test_a_reading_the_engine_cannot_play_is_refused() -> None:
    proc = subprocess.run([*CLI, "check", "--reading", "heroes-queue=stack"], capture_output=True, text=True,
                          encoding="utf-8")
    assert proc.returncode == 2 and "'stack' is not one of lifo, fifo" in proc.stderr
    served = subprocess.run([sys.executable, "-m", "engine.serve", "--reading", "nope=x"], capture_output=True,
                            text=True, input="")
    assert served.returncode == 2 and "no such reading group" in served.stderr


def test_a_game_plays_the_reading_it_is_given() -> None:
    with pytest.raises(engine.SetupError, match="heroes-queue"):
        engine.new_game({"edition": "heroes", "cards": []}, {}, {"heroes-queue": "stack"})
    game = engine.new_game({"edition": "heroes", "cards": []}, {}, {"heroes-queue": "fifo"})
    assert game.readings == engine.default_readings() | {"heroes-queue": "fifo"}
