"""Expectations files: known failures pass, new failures and unexpected passes fail (strict), stale entries
are reported, SKIP is never a failure, and `--update-expectations` writes a file that makes the run green."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from fake_engines.suite import Run, Sc, engine_cmd, make_root, run_check, run_many, scenario_id, stable

from engine.serve import FEATURES
from harness.cli.expectations import expectations_from, write_expectations
from harness.common.errors import InputError
from harness.run.results import RunInfo, RunResults, ScenarioResult
from harness.suite.session import load_expectations

A, B = Sc("a"), Sc("b", inline=True)
ID_A, ID_B = scenario_id(1, A), scenario_id(2, B)
STALE = "classic/900-fixture::[fx-99] a scenario that is gone"
# one run with a by-board fake engine: each scenario's board picks what the engine does with it
MIXED = [Sc("refuse"), Sc("refuse"), Sc("reference"), Sc("refuse"), Sc("reference"), Sc("unsupported"),
         Sc("reference-inline", inline=True)]
M = [scenario_id(i, sc) for i, sc in enumerate(MIXED, 1)]
MIXED_EXPECTATIONS = {
    M[0]: ("FAIL", "refuses"),               # a known failure
    # M[1] not listed: a new failure
    M[2]: ("FAIL", "was broken"),            # an unexpected pass
    M[3]: ("CRASH", "used to crash"),        # fails, but not as expected
    M[4]: ("SKIP", "did not declare it"),    # an expected SKIP that passes
    # M[5] not listed: SKIP (unsupported), never a failure
    # M[6] not listed: SKIP (the engine declares no inline_cards), never a failure
    STALE: ("FAIL", "long gone"),
}


def expectations(entries: dict[str, tuple[str, str]]) -> str:
    return yaml.safe_dump({"expectations": {k: {"status": s, "reason": r} for k, (s, r) in entries.items()}},
                          allow_unicode=True)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    base = tmp_path_factory.mktemp("exp")
    mixed = make_root(base / "mixed", MIXED)
    (mixed / "mine.yaml").write_text(expectations(MIXED_EXPECTATIONS), "utf-8")
    # the built-in engine's expectations (expectations/reference.yaml) must not apply to another engine
    update = make_root(base / "update", [A, B], reference_expectations=expectations({ID_A: ("SKIP", "built-in")}))
    (update / "mine.yaml").write_text(expectations({ID_A: ("FAIL", "https://example.org/issues/1"),
                                                    STALE: ("FAIL", "gone")}), "utf-8")
    return run_many({
        "mixed": (mixed, ["--engine-cmd", engine_cmd("by-board"), "--expectations", str(mixed / "mine.yaml")],
                  {"FAKE_ENGINE_FEATURES": ",".join(f for f in FEATURES if f != "inline_cards")}),
        "update": (update, ["--engine-cmd", engine_cmd("refuse"), "--update-expectations",
                            str(update / "mine.yaml")], None),
    })


def test_each_result_is_judged_against_its_expectation(runs: dict[str, Run]) -> None:
    run = runs["mixed"]
    assert run.code == 1                                        # new failure, unexpected passes
    got = {r["scenario"]: (r["status"], r["expected"]) for r in run.results["results"]}
    # the file is of the old form (<feature>::<title>): its entries are matched by title
    assert got == {stable(M[0]): ("FAIL", "FAIL"), stable(M[1]): ("FAIL", "PASS"), stable(M[2]): ("PASS", "FAIL"),
                   stable(M[3]): ("FAIL", "CRASH"), stable(M[4]): ("PASS", "SKIP"),
                   stable(M[5]): ("FAIL", "PASS"),     # the engine declares what the board needs, refuses it: FAIL
                   stable(M[6]): ("SKIP", "PASS")}
    assert run.results["summary"]["unexpected"] == 5            # M[1], M[2], M[3], M[4], M[5]
    assert run.result(M[0])["reason"] == "refuses"
    assert "unexpected pass" in run.out and "1 known failure(s)" in run.out


def test_stale_entries_are_reported(runs: dict[str, Run]) -> None:
    run = runs["mixed"]
    assert run.results["stale_expectations"] == [STALE]
    assert "Stale expectations" in run.out and STALE in run.out


def test_skip_by_capability_is_reported_not_failed(runs: dict[str, Run]) -> None:
    run = runs["mixed"]
    assert "declared, refused" in run.result(M[5])["message"]                         # a board it declares
    assert "implements no card yet" in run.result(M[5])["message"]
    assert "feature 'inline_cards'" in run.result(M[6])["message"]                 # undeclared feature
    junit = (run.report_dir / "junit.xml").read_text("utf-8")
    assert junit.count("<skipped") >= 1


def test_update_expectations_writes_a_file_that_makes_the_run_green(runs: dict[str, Run]) -> None:
    run = runs["update"]
    assert run.code == 0, run.out + run.err
    assert "wrote 2 entries" in run.out
    root = run.report_dir.parent
    assert run.result(ID_A)["expected"] == "PASS"       # expectations/reference.yaml was not applied
    written = load_expectations(root / "mine.yaml")
    assert set(written) == {stable(ID_A), stable(ID_B)}        # the stale entry is gone, the ids are stable
    assert written[stable(ID_A)] == {"status": "FAIL", "reason": "https://example.org/issues/1"}   # kept
    assert written[stable(ID_B)]["status"] == "FAIL" and "illegal_action" in written[stable(ID_B)]["reason"]
    assert [p.name for p in root.iterdir() if p.name.startswith(".mine.yaml")] == []        # no temp file left
    # known failures and a stale entry: a green run
    with (root / "mine.yaml").open("a", encoding="utf-8") as f:
        f.write(f"  '{STALE}': {{status: FAIL, reason: gone}}\n")
    again = run_check(root, "--engine-cmd", engine_cmd("refuse"), "--expectations", str(root / "mine.yaml"))
    assert again.code == 0, again.out
    assert "2 known failure(s)" in again.out and STALE in again.out


def test_expectations_verb_writes_from_a_results_file(runs: dict[str, Run], tmp_path: Path) -> None:
    from harness.cli import main

    out = tmp_path / "from-results.yaml"
    assert main(["expectations", "--results", str(runs["mixed"].report_dir / "results.json"),
                 "--out", str(out)]) == 0
    assert {k: v["status"] for k, v in load_expectations(out).items()} == \
        {stable(M[0]): "FAIL", stable(M[1]): "FAIL", stable(M[3]): "FAIL", stable(M[5]): "FAIL"}   # never a SKIP


# ------------------------------------------------------------------------------------------ units
def _results(statuses: dict[str, str], units: list[str] | None = None) -> RunResults:
    run = RunInfo(engine="e", engine_version="1", protocol_version="0.1.0", suite_version="0.1.0", seed=0,
                  started="2025-01-01T00:00:00Z", duration_s=1.0, unit_filter=units or [])
    return RunResults(run=run, results=[
        ScenarioResult(scenario=sid, name=sid, feature="features/classic/900-x.feature", line=1, units=[],
                       assumptions=[], status=st, message="" if st == "PASS" else f"{st} because\nsecond line")
        for sid, st in statuses.items()])


def test_reasons_are_the_first_line_of_the_message() -> None:
    entries = expectations_from(_results({"x::1": "FAIL", "x::2": "PASS", "x::3": "SKIP"}))
    assert entries == {"x::1": {"status": "FAIL", "reason": "FAIL because"}}     # a SKIP is no failure


def test_a_filtered_run_keeps_the_entries_it_did_not_run() -> None:
    previous = {"x::9": {"status": "CRASH", "reason": "not run this time"},
                "x::1": {"status": "CRASH", "reason": "old status"}}
    entries = expectations_from(_results({"x::1": "FAIL"}, units=["classic:113.2"]), previous)
    assert entries == {"x::1": {"status": "FAIL", "reason": "FAIL because"}, "x::9": previous["x::9"]}
    assert "x::9" not in expectations_from(_results({"x::1": "FAIL"}), previous)    # unfiltered: stale


def test_write_is_atomic_and_readable(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "e.yaml"
    write_expectations(path, {"x::«Мститель»": {"status": "TIMEOUT", "reason": "multi: colon\nand line"}})
    assert load_expectations(path) == {"x::«Мститель»": {"status": "TIMEOUT", "reason": "multi: colon\nand line"}}
    assert "Мститель" in path.read_text("utf-8")               # readable, not escaped
    assert sorted(p.name for p in path.parent.iterdir()) == ["e.yaml"]


def test_a_broken_expectations_file_is_not_overwritten(tmp_path: Path) -> None:
    from harness.cli.expectations import update_expectations

    path = tmp_path / "e.yaml"
    path.write_text("expectations: [not, a, mapping]\n", "utf-8")
    with pytest.raises(InputError):
        update_expectations(_results({"x::1": "FAIL"}), path)
    assert path.read_text("utf-8") == "expectations: [not, a, mapping]\n"
