"""Tests of the review lock (harness/rules/review.py), its traces in results, and the whole editor's loop:
change a word in a copy of the corpus, `diff` names the unit and its scenarios, `check`, `coverage` and
`lint` report them as needing review, `approve` clears it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.cli import main
from harness.common import paths
from harness.common.errors import InputError
from harness.rules.corpus import load_corpus
from harness.rules.review import (
    LOCK_NAME,
    RULES_DIR_ENV,
    approve,
    current_state,
    load_lock,
    lock_path,
    render_lock,
    review_state,
    rules_dir,
    write_lock,
)
from harness.run.results import RunResults, ScenarioResult, validate_results_json
from harness.suite.features import scan_features

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"
UNIT = "classic:113.2.ex1"


# --------------------------------------------------------------------------- the committed lock


def test_the_committed_lock_matches_the_present_corpus() -> None:
    state = current_state(RULES, root=ROOT)
    assert state.tracked
    assert state.pending == {} and state.stale == []
    assert len(state.lock.entries) == len(load_corpus(RULES, root=ROOT).units)


# --------------------------------------------------------------------------- the file


def test_lock_round_trip_keeps_corpus_order_and_quotes_hashes(tmp_path: Path) -> None:
    entries = {"classic:1.2": "1234567890123456", "classic:1.1": "00000000000000e5"}
    path = tmp_path / LOCK_NAME
    write_lock(path, entries, order=["classic:1.1", "classic:1.2"])
    text = path.read_text(encoding="utf-8")
    assert text.index("classic:1.1") < text.index("classic:1.2")
    assert '"00000000000000e5"' in text  # quoted: never read as a number
    assert load_lock(path, tmp_path).entries == entries
    assert [p.name for p in tmp_path.iterdir()] == [LOCK_NAME]  # no temporary file left


def test_a_failed_write_leaves_the_old_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / LOCK_NAME
    write_lock(path, {"classic:1.1": "0" * 16})
    before = path.read_bytes()

    def boom(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("harness.rules.review.os.replace", boom)
    with pytest.raises(InputError, match="cannot write the review lock: disk full; it was left as it was"):
        write_lock(path, {"classic:1.1": "1" * 16})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [LOCK_NAME]


def test_missing_and_malformed_locks(tmp_path: Path) -> None:
    missing = load_lock(tmp_path / LOCK_NAME)
    assert not missing.exists and missing.entries == {}
    bad = tmp_path / LOCK_NAME
    bad.write_text('version: 3\nunits:\n  "classic:1.1": 1234\n  "classic:1.2": "xyz"\nextra: 1\n', encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_lock(bad, tmp_path)
    fields = {(p.field, p.line) for p in exc.value.problems}
    assert fields == {("version", 1), ("units.classic:1.1", 3), ("units.classic:1.2", 4), ("extra", 5)}
    assert "\nunits: {}\nscenarios: {}\n" in render_lock({})


# --------------------------------------------------------------------------- state and approve


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    shutil.copytree(RULES, tmp_path / "rules")
    return tmp_path / "rules"


def _edit(folder: Path, old: str = "4 или менее", new: str = "3 или менее") -> None:
    f = folder / "classic-113.txt"
    text = f.read_text(encoding="utf-8")
    assert text.count(old) == 1
    f.write_text(text.replace(old, new), encoding="utf-8")


def test_changed_new_and_stale_units(copy: Path) -> None:
    _edit(copy)
    lock = load_lock(lock_path(copy), copy.parent)
    del lock.entries["classic:113.3"]
    lock.entries["classic:999.1"] = "0" * 16
    state = review_state(load_corpus(copy, root=copy.parent), lock)
    assert {u: r.state for u, r in state.pending.items()} == {UNIT: "changed", "classic:113.3": "new"}
    assert state.stale == ["classic:999.1"]
    assert state.scenario_review(["classic:113.2", UNIT]) == ("needs_review", [UNIT])
    assert state.scenario_review(["classic:113.2"]) == ("ok", [])


def test_without_a_lock_nothing_is_tracked(copy: Path) -> None:
    (copy / LOCK_NAME).unlink()
    state = current_state(copy, root=copy.parent)
    assert not state.tracked
    assert state.scenario_review([UNIT]) == (None, [])


def test_approve_records_drops_and_refuses_unknown_ids(copy: Path) -> None:
    _edit(copy)
    lock = lock_path(copy)
    lock.write_text(lock.read_text(encoding="utf-8").replace("units:\n", 'units:\n  "classic:999.1": "0000000000000000"\n', 1),
                    encoding="utf-8")
    before = lock.read_bytes()
    with pytest.raises(InputError, match="classic:nope"):
        approve(copy, [UNIT, "classic:nope"], root=copy.parent)
    assert lock.read_bytes() == before  # nothing written
    done = approve(copy, [UNIT, "classic:999.1"], root=copy.parent)
    assert [u for u, _, _ in done.recorded] == [UNIT] and done.dropped == ["classic:999.1"]
    state = current_state(copy, root=copy.parent)
    assert state.pending == {} and state.stale == []
    assert approve(copy, [UNIT], root=copy.parent).unchanged == [UNIT]


def test_approve_all_creates_the_lock(copy: Path) -> None:
    (copy / LOCK_NAME).unlink()
    done = approve(copy, [], all_units=True, root=copy.parent)
    assert len(done.recorded) == len(load_corpus(copy, root=copy.parent).units)
    assert current_state(copy, root=copy.parent).pending == {}


def test_rules_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(RULES_DIR_ENV, raising=False)
    assert rules_dir() == paths.RULES
    monkeypatch.setenv(RULES_DIR_ENV, str(tmp_path))
    assert rules_dir() == tmp_path


# --------------------------------------------------------------------------- results


def _result(review: str | None = None, units: list[str] | None = None) -> ScenarioResult:
    return ScenarioResult(scenario="classic/113-x::[1] a", name="[1] a", feature="features/classic/113-x.feature",
                          line=5, units=[UNIT], assumptions=[], status="PASS", review=review,
                          review_units=units or [])


def test_results_carry_the_review_state() -> None:
    from harness.run.results import RunInfo

    run = RunInfo(engine="e", engine_version="1", protocol_version="0.1.0", suite_version="0.1.0", seed=0,
                  started="2025-01-31T12:00:00Z", duration_s=0.1)
    tracked = RunResults(run=run, results=[_result("needs_review", [UNIT]), _result("ok")])
    data = tracked.to_json()
    assert data["results"][0]["review"] == {"state": "needs_review", "units": [UNIT]}
    assert data["summary"]["needs_review"] == 1 and data["summary"]["ok"] is True
    assert validate_results_json(data) == []
    assert RunResults.from_json(data) == tracked
    untracked = RunResults(run=run, results=[_result()])
    old = untracked.to_json()
    assert "review" not in old["results"][0] and "needs_review" not in old["summary"]
    assert RunResults.from_json(old).results[0].review is None  # older results load as before
    bad = json.loads(json.dumps(data))
    bad["results"][0]["review"]["state"] = "maybe"
    assert validate_results_json(bad)
    with pytest.raises(ValueError):
        _result("maybe")


def test_the_plugin_fills_review_fields(copy: Path) -> None:
    from harness.run.pytest_plugin import _review_fields

    _edit(copy)
    state = current_state(copy, root=copy.parent)
    assert _review_fields(state, [UNIT, "classic:113.2"]) == {"review": "needs_review", "review_units": [UNIT]}
    assert _review_fields(state, ["classic:113.2"]) == {"review": "ok", "review_units": []}
    assert _review_fields(None, [UNIT]) == {}


# --------------------------------------------------------------------------- the whole loop


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != RULES_DIR_ENV} | {"PYTHONUTF8": "1"}
    return subprocess.run([sys.executable, "-m", "harness.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=600)


def test_the_editors_loop(copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(paths, "RULES", paths.RULES)  # `--rules` repoints it in-process: restore after
    monkeypatch.setattr(paths, "ASSUMPTIONS", paths.ASSUMPTIONS)
    monkeypatch.delenv(RULES_DIR_ENV, raising=False)
    named = sorted(s.id for s in scan_features(ROOT / "features", root=ROOT) if UNIT in s.units)
    assert named, f"no scenario names {UNIT}"
    # a number of the example that no catalog card quotes («4 или менее» is Невтида's, and approving its change
    # waits for the catalog to follow: tests/test_quotes.py)
    _edit(copy, "у неё становится 0 жизней", "у неё становится 1 жизнь")

    # 1. diff: one command names the unit and the scenarios to review
    assert main(["diff", str(RULES), str(copy), "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert [c["old"]["id"] for c in diff["changes"]] == [UNIT]
    assert sorted(diff["scenarios"]) == named

    # 2. check against the copy: the scenarios are reported as needing review, not as failures
    report = tmp_path / "report"
    proc = _cli("--rules", str(copy), "check", "--unit", UNIT, "--report-dir", str(report))
    results = RunResults.load(report / "results.json")
    assert proc.returncode == (0 if results.ok else 1), proc.stderr
    assert sorted(r.scenario for r in results.needs_review) == named
    assert all(r.review_units == [UNIT] for r in results.needs_review)
    assert results.summary()["needs_review"] == len(named)
    assert "Needs review" in proc.stdout and f"berserk-rules approve {UNIT}" in proc.stdout

    # 3. coverage and lint say the same
    assert main(["--rules", str(copy), "coverage", "--json", "--results", str(report / "results.json")]) == 0
    coverage = json.loads(capsys.readouterr().out)
    assert coverage["units_needing_review"] == 1 and coverage["scenarios_needing_review"] == named
    assert next(u for u in coverage["units"] if u["id"] == UNIT)["review"] == "changed"
    assert main(["lint", str(copy), "--json"]) == 1
    lint = json.loads(capsys.readouterr().out)
    v001 = [f for f in lint["findings"] if f["code"] == "V001"]
    assert len(v001) == len(named) and all(UNIT in f["message"] and f["severity"] == "error" for f in v001)

    # 4. approve: a substantive change («0» → «1») needs a decision per scenario; off a terminal, naming them
    assert main(["--rules", str(copy), "approve", UNIT]) == 1
    out = capsys.readouterr().out
    assert "SUBSTANTIVE: number or comparison «0» → «1»" in out and "a decision per scenario" in out
    assert current_state(copy, root=copy.parent).pending.keys() == {UNIT}       # nothing recorded
    assert main(["--rules", str(copy), "approve", *named]) == 0
    assert "approved classic:113.2.ex1" in capsys.readouterr().out
    lock = load_lock(lock_path(copy), copy.parent)
    assert {sid: lock.scenarios[sid].how for sid in named} == {sid: "reviewed" for sid in named}
    assert main(["lint", str(copy), "--json"]) in (0, 1)
    assert not [f for f in json.loads(capsys.readouterr().out)["findings"] if f["code"].startswith("V")]
    assert main(["coverage", "--rules", str(copy), "--json", "--results", str(report / "results.json")]) == 0
    assert json.loads(capsys.readouterr().out)["units_needing_review"] == 0
    assert current_state(copy, root=copy.parent).pending == {}
    assert current_state(RULES, root=ROOT).pending == {}  # the real lock is untouched


def test_approve_with_nothing_changed_says_so(copy: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "RULES", paths.RULES)
    monkeypatch.setattr(paths, "ASSUMPTIONS", paths.ASSUMPTIONS)
    before = (copy / LOCK_NAME).read_bytes()
    assert main(["--rules", str(copy), "approve"]) == 0
    assert "nothing to approve" in capsys.readouterr().out
    assert (copy / LOCK_NAME).read_bytes() == before


def test_an_unknown_unit_is_a_usage_error(copy: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "RULES", paths.RULES)
    monkeypatch.setattr(paths, "ASSUMPTIONS", paths.ASSUMPTIONS)
    assert main(["--rules", str(copy), "approve", "classic:999.9"]) == 2
    assert "classic:999.9" in capsys.readouterr().err
