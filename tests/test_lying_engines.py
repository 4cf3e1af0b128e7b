"""Capabilities that cannot lie, and ids that never rot (issue 25): a request inside what an engine declares,
answered `unsupported`, is a FAIL; an expectations file stays valid when a scenario's title changes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from fake_engines.suite import Sc, engine_cmd, make_root, run_check

from harness.common import paths
from harness.suite.session import load_expectations

LIAR = f"{sys.executable} -m tests.fake_engines.liars"


@pytest.mark.parametrize("mode", ["refuse-moves", "refuse-later-setups"])
def test_a_lying_engine_fails(mode: str, tmp_path: Path) -> None:
    run = run_check(paths.ROOT, "--engine-cmd", f"{LIAR} {mode}", "--unit", "classic:503.1.b2",
                    "--unit", "classic:503.1.b18", report_dir=tmp_path / "r")
    assert run.code == 1, run.out + run.err
    statuses = [r["status"] for r in run.results["results"]]
    assert "SKIP" not in statuses and statuses.count("FAIL") >= len(statuses) - 1, statuses
    failed = [r for r in run.results["results"] if r["status"] == "FAIL"]
    assert all("declared, refused" in r["message"] for r in failed)
    line = next(ln for ln in run.out.splitlines() if " scenarios: " in ln)
    assert f"{len(failed)} FAIL" in line and "OK" not in line


def test_renaming_a_title_keeps_the_expectations_valid(tmp_path: Path) -> None:
    root = make_root(tmp_path, [Sc("a"), Sc("b")])
    mine = root / "mine.yaml"
    mine.write_text("expectations:\n  'classic:fx-1': {status: FAIL, reason: https://example.org/1}\n"
                    "  'classic:fx-2': {status: FAIL, reason: https://example.org/2}\n", "utf-8")
    feature = root / "features" / "classic" / "900-fixture.feature"
    feature.write_text(feature.read_text("utf-8").replace("[fx-1] a", "[fx-1] a title edited")
                       .replace("[fx-2] b", "[fx-2] quite another title"), "utf-8")
    run = run_check(root, "--engine-cmd", engine_cmd("refuse"), "--expectations", str(mine))
    assert run.code == 0, run.out + run.err
    assert run.results["stale_expectations"] == []
    assert {r["scenario"]: (r["status"], r["expected"]) for r in run.results["results"]} == \
        {"classic:fx-1": ("FAIL", "FAIL"), "classic:fx-2": ("FAIL", "FAIL")}


def test_an_old_expectations_file_is_read_by_title_and_rewritten_with_ids(tmp_path: Path) -> None:
    root = make_root(tmp_path, [Sc("a"), Sc("b")])
    mine = root / "mine.yaml"
    mine.write_text("expectations:\n  'classic/900-fixture::[fx-1] a': {status: FAIL, reason: https://example.org/1}\n"
                    "  'classic/900-fixture::[fx-2] b': {status: FAIL, reason: https://example.org/2}\n", "utf-8")
    run = run_check(root, "--engine-cmd", engine_cmd("refuse"), "--expectations", str(mine))
    assert run.code == 0, run.out + run.err
    assert run.results["stale_expectations"] == []
    again = run_check(root, "--engine-cmd", engine_cmd("refuse"), "--update-expectations", str(mine))
    assert again.code == 0, again.out + again.err
    assert load_expectations(mine) == {"classic:fx-1": {"status": "FAIL", "reason": "https://example.org/1"},
                                       "classic:fx-2": {"status": "FAIL", "reason": "https://example.org/2"}}
