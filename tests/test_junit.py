"""junit.xml as CI systems read it (harness/output/reports.py `render_junit`): valid against the JUnit schema of
the Jenkins xUnit plugin (tests/data/junit-jenkins.xsd, validated with `xmlschema`), an N/A a `<skipped>` with the
reading it rests on, and counts that agree with the summary line — for a real run of the reference engine and
for a faulty engine over the protocol."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import xmlschema

from harness.output.reports import case_fields
from harness.suite.capabilities import FEATURES
from tests.fake_engines.suite import Sc, engine_cmd, make_root, run_check, scenario_id

XSD = Path(__file__).parent / "data" / "junit-jenkins.xsd"
PLAYED = re.compile(r"as pytest and junit\.xml count them: (?P<failed>\d+) failed \((?P<failures>\d+) failures, "
                    r"(?P<errors>\d+) errors\), (?P<passed>\d+) passed, (?P<skipped>\d+) skipped")


@pytest.fixture(scope="module")
def schema() -> xmlschema.XMLSchema:
    return xmlschema.XMLSchema(str(XSD))


def _counts(path: Path) -> dict[str, int]:
    """The counts of a junit.xml: the root's tests, failures, errors; the skipped of its testsuites (the schema
    gives the root none); and the outcome elements actually present."""
    root = ET.parse(path).getroot()
    cases = list(root.iter("testcase"))
    return {"tests": int(root.get("tests")), "failures": int(root.get("failures")),
            "errors": int(root.get("errors")),
            "skipped": sum(int(s.get("skipped", "0")) for s in root.iter("testsuite")),
            "cases": len(cases),
            "failure_elements": sum(1 for c in cases if c.find("failure") is not None),
            "error_elements": sum(1 for c in cases if c.find("error") is not None),
            "skipped_elements": sum(1 for c in cases if c.find("skipped") is not None)}


@pytest.fixture(scope="module")
def reference_run(reference_check) -> tuple[object, Path]:
    """The whole suite against the reference engine (`berserk-rules check`, the session's `reference_check`): its
    results as the harness reads them back from results.json, and its junit.xml."""
    from harness.run.results import RunResults

    assert reference_check.results is not None, reference_check.out + reference_check.err
    return RunResults.load(reference_check.report_dir / "results.json"), reference_check.report_dir / "junit.xml"


def test_reference_run_is_green_in_junit_and_valid(reference_run: tuple[object, Path], schema) -> None:
    results, path = reference_run
    schema.validate(str(path))                        # raises, naming the element and the rule, when invalid
    counts = _counts(path)
    summary = results.summary()
    # every N/A (a scenario resting on a reading the reference does not hold by default): 18 since the mechanical
    # mutants' scenarios, 25 since those of exchange-choice=weaker-allowed; the count itself comes from the
    # register's tags, the file must agree with it
    na = sum(1 for r in results.results if r.readings and r.status == "N/A")
    assert summary["ok"] and summary["N/A"] == na >= 17
    assert (counts["failures"], counts["errors"], counts["skipped"]) == (0, 0, summary["N/A"])
    assert counts["tests"] == counts["cases"] == summary["total"]
    assert counts["skipped_elements"] == counts["skipped"]


def test_an_na_is_skipped_with_the_reading_it_rests_on(reference_run: tuple[object, Path]) -> None:
    results, path = reference_run
    na = {r.name: r for r in results.results if r.status == "N/A"}
    cases = {c.get("name"): c for c in ET.parse(path).getroot().iter("testcase") if c.get("name") in na}
    assert set(cases) == set(na)
    for name, case in cases.items():
        skipped = case.find("skipped")
        assert skipped is not None and case.find("error") is None
        assert skipped.get("type") == "N/A"
        assert skipped.get("message") == f"N/A: {na[name].message}"
        assert "the engine holds the reading" in skipped.get("message")
        fields = case_fields(case)
        assert ("status", "N/A") in fields and ("scenario_id", na[name].scenario) in fields
        assert [v for k, v in fields if k == "reading"] == na[name].readings


@pytest.fixture(scope="module")
def faulty_run(tmp_path_factory: pytest.TempPathFactory):
    """A fixture suite against a fake engine over the protocol: a PASS, a FAIL (a refusal), an ERROR (garbage), a
    CRASH, a known failure and an unexpected pass (the expectations file), a SKIP (a board defining cards inline,
    not declared)."""
    tmp = tmp_path_factory.mktemp("junit-faulty")
    scenarios = [Sc("reference"), Sc("refuse"), Sc("garbage"), Sc("crash-mid"), Sc("internal"), Sc("reference"),
                 Sc("unsupported", inline=True)]
    root = make_root(tmp, scenarios)
    expectations = tmp / "expectations.yaml"
    from tests.fake_engines.suite import stable

    known, stale_pass = stable(scenario_id(5, scenarios[4])), stable(scenario_id(6, scenarios[5]))
    expectations.write_text(f'expectations:\n  "{known}": {{status: ERROR, reason: "known"}}\n'
                            f'  "{stale_pass}": {{status: FAIL, reason: "fixed since"}}\n', "utf-8")
    run = run_check(root, "--engine-cmd", engine_cmd("by-board"), "--expectations", str(expectations),
                    "--request-timeout", "5",
                    env={"FAKE_ENGINE_FEATURES": ",".join(f for f in FEATURES if f != "inline_cards")})
    return run


def test_faulty_engine_summary_and_junit_agree(faulty_run, schema) -> None:
    run = faulty_run
    assert run.code == 1, run.err
    path = run.report_dir / "junit.xml"
    schema.validate(str(path))
    statuses = sorted(r["status"] for r in run.results["results"])
    assert statuses == ["CRASH", "ERROR", "ERROR", "FAIL", "PASS", "PASS", "SKIP"], statuses
    line = PLAYED.search(run.out)
    assert line, run.out
    said = {k: int(v) for k, v in line.groupdict().items()}
    counts = _counts(path)
    # FAIL and the unexpected pass are failures; ERROR (garbage) and CRASH errors; the known ERROR and the SKIP skipped
    assert (counts["failures"], counts["errors"], counts["skipped"]) == (2, 2, 2)
    assert (said["failures"], said["errors"], said["skipped"]) == (counts["failures"], counts["errors"],
                                                                    counts["skipped"])
    assert said["failed"] == counts["failures"] + counts["errors"] == run.results["summary"]["unexpected"]
    assert said["passed"] == counts["tests"] - counts["failures"] - counts["errors"] - counts["skipped"] == 1
    assert (counts["failure_elements"], counts["error_elements"], counts["skipped_elements"]) == (2, 2, 2)
    cases = {c.get("name"): c for c in ET.parse(path).getroot().iter("testcase")}
    upass = next(c for name, c in cases.items() if "[fx-6]" in name).find("failure")
    assert upass.get("type") == "UNEXPECTED_PASS"


def test_an_incomplete_run_is_valid_too(schema, tmp_path: Path) -> None:
    """An interrupted or stopped run's junit.xml (its first testsuite: one error naming why) follows the schema."""
    from harness.output.reports import write_junit
    from harness.run.results import RunInfo, RunResults, ScenarioResult

    run = RunInfo("engine", "1", "1.0.0", "0.1.0", 0, "2026-01-01T00:00:00Z", 1.0)
    done = ScenarioResult("classic:a-1", "[a-1] x", "features/classic/113-x.feature", 3, ["classic:113.2"], [], "PASS")
    for kind in ({"interrupted": True, "not_run": ["classic:a-2"]}, {"stopped": "no hello", "not_run": ["classic:a-2"]}):
        path = write_junit(RunResults(run, [done], **kind), tmp_path / "junit.xml")
        schema.validate(str(path))
        root = ET.parse(path).getroot()
        assert (root.get("tests"), root.get("errors")) == ("2", "1")
