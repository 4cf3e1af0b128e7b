"""Tests of the results model (harness.run.results) and its renderers (harness.output.reports)."""

from __future__ import annotations

import copy
import html
import io
import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from rich.console import Console

from harness.common.errors import InputError
from harness.output import reports
from harness.run.results import (
    SCHEMA_PATH,
    STATUSES,
    RunInfo,
    RunResults,
    ScenarioResult,
    StepRecord,
    section_of,
    utc_now,
    validate_results_json,
)

FEATURE_113 = "features/classic/113-срабатывающая-особенность.feature"
FEATURE_536 = "features/classic/536-генерируемые-действия.feature"
FEATURE_H113 = "features/heroes/113-срабатывающие-особенности.feature"


def _steps(failed_at: int | None = None, n: int = 3) -> list[StepRecord]:
    keywords = ["Дано", "Когда", "Тогда", "И"]
    steps = []
    for i in range(n):
        if failed_at is None or i < failed_at:
            status = "passed"
        elif i == failed_at:
            status = "failed"
        else:
            status = "skipped"
        steps.append(StepRecord(keywords[i % 4], f"шаг номер {i + 1}", 10 + i, status))
    return steps


def _result(
    name: str,
    status: str = "PASS",
    expected: str = "PASS",
    *,
    feature: str = FEATURE_113,
    units: list[str] | None = None,
    reason: str = "",
    message: str | None = None,
    line: int = 5,
    assumptions: list[str] | None = None,
    steps: list[StepRecord] | None = None,
) -> ScenarioResult:
    if message is None:
        message = "" if status == "PASS" else f"{status.lower()} in {name}"
    if steps is None:
        steps = _steps(1) if status in ("FAIL", "ERROR", "CRASH", "TIMEOUT") else _steps()
    stem = feature.rsplit("/", 1)[-1].removesuffix(".feature")
    return ScenarioResult(
        scenario=f"{feature.split('/')[1]}/{stem}::{name}",
        name=name,
        feature=feature,
        line=line,
        units=["classic:113.2", "classic:113.2.ex1"] if units is None else units,
        assumptions=assumptions or [],
        status=status,
        expected=expected,
        reason=reason,
        message=message,
        duration_s=0.0125,
        steps=steps,
    )


def _run_info(**overrides) -> RunInfo:
    info = RunInfo(
        engine="berserk-reference",
        engine_version="0.1.0",
        protocol_version="1.0.0",
        suite_version="0.1.0",
        seed=12345,
        started="2025-01-31T12:00:00Z",
        duration_s=1.5,
        edition_filter=["classic"],
        unit_filter=[],
    )
    for key, value in overrides.items():
        setattr(info, key, value)
    return info


@pytest.fixture
def sample() -> RunResults:
    return RunResults(
        run=_run_info(),
        results=[
            _result("[1] Мститель срабатывает", "PASS", assumptions=["stack-lifo"]),
            _result("[2] Ошибка проверки", "FAIL", line=20),
            _result("[3] Известный провал", "FAIL", "FAIL", reason="issue #12: стек", line=30),
            _result("[4] Неожиданный успех", "PASS", "FAIL", reason="issue #13", line=40),
            _result("[5] Падение движка", "CRASH", feature=FEATURE_536, units=["classic:536.2.a"]),
            _result("[6] Зависание", "TIMEOUT", feature=FEATURE_536, units=["classic:536.2.b"], line=9),
            _result(
                "[7] Мусор в ответе",
                "ERROR",
                "FAIL",
                reason="known",
                feature=FEATURE_536,
                units=["classic:536.3"],
                line=13,
            ),
            _result(
                "[8] Нет возможности",
                "SKIP",
                feature=FEATURE_H113,
                units=["heroes:113.6.ex1"],
                message="engine lacks capability inline-cards",
                steps=[],
            ),
            _result(
                "[9] Ошибка ожидаемая",
                "ERROR",
                "ERROR",
                reason="protocol gap",
                feature=FEATURE_H113,
                units=["heroes:113.4.p1"],
                line=50,
            ),
        ],
        stale_expectations=["classic/999-нет::[1] пропал"],
    )


def _ok_run() -> RunResults:
    return RunResults(
        run=_run_info(),
        results=[
            _result("[1] a"),
            _result("[2] b", "FAIL", "FAIL", reason="known"),
            _result("[3] c", "SKIP", message="needs capability x", steps=[]),
        ],
    )


# --- model ------------------------------------------------------------------------------------------


def test_round_trip_to_json_from_json(sample: RunResults) -> None:
    data = sample.to_json()
    text = json.dumps(data, ensure_ascii=False)
    back = RunResults.from_json(json.loads(text))
    assert back == sample
    assert back.to_json() == data


def test_round_trip_through_written_file(sample: RunResults, tmp_path: Path) -> None:
    path = reports.write_results_json(sample, tmp_path / "results.json")
    assert RunResults.load(path) == sample
    assert "Мститель" in path.read_text(encoding="utf-8")  # not \u-escaped


def test_to_json_keys(sample: RunResults) -> None:
    data = sample.to_json()
    assert list(data) == ["run", "results", "summary", "stale_expectations", "interrupted", "not_run"]
    assert set(data["run"]) == {
        "engine",
        "engine_version",
        "protocol_version",
        "suite_version",
        "seed",
        "started",
        "duration_s",
        "edition_filter",
        "unit_filter",
    }
    assert set(data["results"][0]) == {
        "scenario",
        "name",
        "feature",
        "line",
        "units",
        "assumptions",
        "status",
        "expected",
        "reason",
        "message",
        "duration_s",
        "steps",
    }
    assert set(data["results"][0]["steps"][0]) == {"keyword", "text", "line", "status"}


def test_schema_is_valid_draft_2020_12() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_to_json_validates_against_schema(sample: RunResults) -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(sample.to_json())
    assert validate_results_json(sample.to_json()) == []
    empty = RunResults(run=_run_info(started=utc_now()), results=[])
    assert validate_results_json(empty.to_json()) == []


@pytest.mark.parametrize(
    "mutate, field",
    [
        (lambda d: d.update(extra=1), "(document)"),
        (lambda d: d["run"].update(colour="red"), "run"),
        (lambda d: d["run"].pop("seed"), "run"),
        (lambda d: d["run"].update(started="31.01.2025 12:00"), "run.started"),
        (lambda d: d["run"].update(protocol_version="one"), "run.protocol_version"),
        (lambda d: d["results"][1].update(status="BROKEN"), "results[1].status"),
        (lambda d: d["results"][1].update(expected="xfail"), "results[1].expected"),
        (lambda d: d["results"][0].update(extra=True), "results[0]"),
        (lambda d: d["results"][0].update(units=["113.2"]), "results[0].units[0]"),
        (lambda d: d["results"][0].update(line=0), "results[0].line"),
        (lambda d: d["results"][0].update(feature="x.txt"), "results[0].feature"),
        (lambda d: d["results"][0].update(message="passed with a message"), "results[0].message"),
        (lambda d: d["results"][0].update(reason="reason without expectation"), "results[0].reason"),
        (lambda d: d["results"][1]["steps"][0].update(status="ok"), "results[1].steps[0].status"),
        (lambda d: d["results"][1].update(duration_s=-1), "results[1].duration_s"),
        (lambda d: d["summary"].pop("ok"), "summary"),
    ],
)
def test_schema_rejects_invalid_documents(sample: RunResults, mutate, field: str) -> None:
    data = copy.deepcopy(sample.to_json())
    mutate(data)
    problems = validate_results_json(data, "r.json")
    assert problems, "expected a schema problem"
    assert any(p.field == field for p in problems), [str(p) for p in problems]
    assert all(p.file == "r.json" for p in problems)
    with pytest.raises(InputError):
        RunResults.from_json(data)


def test_load_reports_bad_json_with_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text('{"run":\n  nope}', encoding="utf-8")
    with pytest.raises(InputError) as info:
        RunResults.load(path)
    assert str(info.value).startswith(f"{path}:2:")


def test_status_values_are_checked() -> None:
    with pytest.raises(ValueError):
        _result("x", "BROKEN")
    with pytest.raises(ValueError):
        _result("x", "FAIL", "XFAIL")
    with pytest.raises(ValueError):
        StepRecord("Дано", "x", 1, "done")
    with pytest.raises(ValueError):
        _result("x", "PASS", message="a pass has no message")
    with pytest.raises(ValueError):
        _result("x", "FAIL", "PASS", reason="a reason needs an expectation")


@pytest.mark.parametrize(
    "status, expected, as_expected",
    [
        ("PASS", "PASS", True),
        ("FAIL", "FAIL", True),  # known failure
        ("PASS", "FAIL", False),  # unexpected pass
        ("ERROR", "FAIL", False),  # a different failure than the known one
        ("FAIL", "PASS", False),  # new failure
        ("CRASH", "CRASH", True),
        ("TIMEOUT", "PASS", False),
        ("FAIL", "ERROR", False),
        ("SKIP", "PASS", True),  # missing capability: SKIP with the reason, not a failure
    ],
)
def test_as_expected_and_ok(status: str, expected: str, as_expected: bool) -> None:
    result = _result("x", status, expected, reason="" if expected == "PASS" else "known")
    assert result.as_expected is as_expected
    run = RunResults(run=_run_info(), results=[_result("[0] ok"), result])
    summary = run.summary()
    assert summary["ok"] is as_expected
    assert run.ok is as_expected
    assert summary["unexpected"] == (0 if as_expected else 1)


def test_summary_counts(sample: RunResults) -> None:
    summary = sample.summary()
    assert summary["N/A"] == 0 and summary.pop("conformance")["all"] == {"pass": 2, "played": 4, "total": 9}
    assert summary["checks"]["total"] == sum(len(r.checks) for r in sample.results if r.status != "SKIP")
    assert summary.pop("implement_next") == [] and summary.pop("checks")
    assert summary == {
        "total": 9,
        "PASS": 2,
        "PARTIAL": 0,
        "FAIL": 2,
        "ERROR": 2,
        "CRASH": 1,
        "TIMEOUT": 1,
        "SKIP": 1,
        "N/A": 0,
        "unexpected": 5,
        "ok": False,
        "played": 4,
    }
    assert sum(summary[s] for s in STATUSES) == summary["total"]
    assert [r.name for r in sample.unexpected] == [
        "[2] Ошибка проверки",
        "[4] Неожиданный успех",
        "[5] Падение движка",
        "[6] Зависание",
        "[7] Мусор в ответе",
    ]
    assert _ok_run().summary()["ok"] is True
    assert RunResults(run=_run_info(), results=[]).summary()["ok"] is True


def test_stale_expectations_do_not_fail_the_run() -> None:
    run = _ok_run()
    run.stale_expectations = ["classic/1::gone"]
    assert run.summary()["ok"] is True


def test_by_section(sample: RunResults) -> None:
    sections = dict(sample.by_section())
    assert [key for key, _ in sample.by_section()] == ["classic 113", "classic 536", "heroes 113"]
    assert sections["classic 113"]["total"] == 4
    assert sections["classic 113"]["PASS"] == 2
    assert sections["classic 113"]["FAIL"] == 2
    assert sections["classic 113"]["unexpected"] == 2
    assert sections["classic 536"] == {
        "total": 3,
        "PASS": 0,
        "PARTIAL": 0,
        "FAIL": 0,
        "ERROR": 1,
        "CRASH": 1,
        "TIMEOUT": 1,
        "SKIP": 0,
        "N/A": 0,
        "unexpected": 3,
    }
    assert sections["heroes 113"]["SKIP"] == 1 and sections["heroes 113"]["ERROR"] == 1


def test_sections_sort_numerically_and_fall_back_to_the_feature_path() -> None:
    run = RunResults(
        run=_run_info(),
        results=[
            _result("a", units=["classic:503.1.b3"]),
            _result("b", units=["classic:99.1"]),
            _result("c", units=[], feature="features/heroes/115-статические.feature"),
            _result("d", units=[], feature="features/misc.feature"),
            _result("e", units=["classic:113.2.ex1"]),
        ],
    )
    assert [key for key, _ in run.by_section()] == [
        "classic 99",
        "classic 113",
        "classic 503",
        "heroes 115",
        "other",
    ]
    assert section_of(["heroes:113.4.p1"]) == "heroes 113"
    assert section_of(["classic:536.2.a"]) == "classic 536"


# --- junit.xml --------------------------------------------------------------------------------------


def _junit(results: RunResults, tmp_path: Path) -> ET.Element:
    path = reports.write_junit(results, tmp_path / "junit.xml")
    return ET.parse(path).getroot()


def _cases(root: ET.Element) -> dict[str, ET.Element]:
    return {case.get("name"): case for case in root.iter("testcase")}


def _props(case: ET.Element) -> list[tuple[str, str]]:
    """A testcase's `key: value` lines (its <system-out>: the Jenkins schema allows it no <properties>)."""
    return reports.case_fields(case)


def test_junit_suites_and_counts(sample: RunResults, tmp_path: Path) -> None:
    root = _junit(sample, tmp_path)
    assert root.tag == "testsuites"
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert set(suites) == {FEATURE_113, FEATURE_536, FEATURE_H113}
    s113 = suites[FEATURE_113]
    # [1] pass, [2] failure, [3] known failure -> skipped, [4] unexpected pass -> failure
    assert (s113.get("tests"), s113.get("failures"), s113.get("errors"), s113.get("skipped")) == (
        "4",
        "2",
        "0",
        "1",
    )
    s536 = suites[FEATURE_536]
    # CRASH, TIMEOUT -> error; ERROR when FAIL expected -> error
    assert (s536.get("tests"), s536.get("failures"), s536.get("errors"), s536.get("skipped")) == (
        "3",
        "0",
        "3",
        "0",
    )
    h113 = suites[FEATURE_H113]
    # SKIP -> skipped; ERROR as expected -> skipped
    assert (h113.get("tests"), h113.get("failures"), h113.get("errors"), h113.get("skipped")) == (
        "2",
        "0",
        "0",
        "2",
    )
    assert (root.get("tests"), root.get("failures"), root.get("errors")) == ("9", "2", "3")
    assert root.get("skipped") is None      # the schema has none at the top: each testsuite counts its own
    assert sum(int(s.get("skipped")) for s in suites.values()) == 3
    for suite in suites.values():
        cases = suite.findall("testcase")
        assert int(suite.get("tests")) == len(cases)
        assert int(suite.get("failures")) == sum(1 for c in cases if c.find("failure") is not None)
        assert int(suite.get("errors")) == sum(1 for c in cases if c.find("error") is not None)
        assert int(suite.get("skipped")) == sum(1 for c in cases if c.find("skipped") is not None)


def test_junit_testcase_attributes_and_properties(sample: RunResults, tmp_path: Path) -> None:
    cases = _cases(_junit(sample, tmp_path))
    case = cases["[1] Мститель срабатывает"]
    assert case.get("classname") == "features.classic.113-срабатывающая-особенность"
    assert case.get("file") is None and case.get("line") is None     # not in the schema: in <system-out>
    assert float(case.get("time")) == pytest.approx(0.0125, abs=1e-3)
    props = _props(case)
    assert ("unit", "classic:113.2") in props and ("unit", "classic:113.2.ex1") in props
    assert [v for n, v in props if n == "unit"] == ["classic:113.2", "classic:113.2.ex1"]
    assert ("scenario_id", sample.results[0].scenario) in props
    assert ("expected", "PASS") in props
    assert ("assumption", "stack-lifo") in props
    assert ("file", f"{FEATURE_113}:5") in props
    assert [child.tag for child in case] == ["system-out"]  # a plain pass has no outcome element


def test_junit_outcomes(sample: RunResults, tmp_path: Path) -> None:
    cases = _cases(_junit(sample, tmp_path))

    failure = cases["[2] Ошибка проверки"].find("failure")
    assert failure.get("message") == "fail in [2] Ошибка проверки"
    assert "Дано шаг номер 1" in failure.text and "[FAILED]" in failure.text
    assert "Когда шаг номер 2" in failure.text
    assert "шаг номер 3" not in failure.text  # not reached

    known = cases["[3] Известный провал"]
    assert known.find("failure") is None
    assert known.find("skipped").get("message") == "expected FAIL: issue #12: стек"
    assert ("expected", "FAIL") in _props(known)

    upass = cases["[4] Неожиданный успех"].find("failure")
    assert upass.get("message") == "unexpected pass (expected FAIL: issue #13)"

    for name, kind in [
        ("[5] Падение движка", "CRASH"),
        ("[6] Зависание", "TIMEOUT"),
        ("[7] Мусор в ответе", "ERROR"),
    ]:
        error = cases[name].find("error")
        assert error is not None and error.get("type") == kind
    assert "expected FAIL: known" in cases["[7] Мусор в ответе"].find("error").get("message")

    skipped = cases["[8] Нет возможности"].find("skipped")
    assert skipped.get("message") == "engine lacks capability inline-cards"
    assert cases["[9] Ошибка ожидаемая"].find("skipped").get("message") == "expected ERROR: protocol gap"


def test_junit_survives_control_characters_in_engine_output(tmp_path: Path) -> None:
    run = RunResults(
        run=_run_info(),
        results=[_result("[1] мусор", "ERROR", message="garbage \x00\x1b[31m <&> ]]>")],
    )
    root = _junit(run, tmp_path)
    error = root.find(".//error")
    assert "<&> ]]>" in error.get("message")
    assert "\x00" not in error.get("message")


# --- index.html -------------------------------------------------------------------------------------


def test_html_contains_run_scenarios_and_sections(sample: RunResults, tmp_path: Path) -> None:
    path = reports.write_html(sample, tmp_path / "index.html")
    html = path.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert "overflow-x: auto" in html
    for result in sample.results:
        assert result.name in html
    assert "berserk-reference" in html and "12345" in html and "2025-01-31T12:00:00Z" in html
    for section in ("classic 113", "classic 536", "heroes 113"):
        assert section in html
    assert f"{FEATURE_536}:13" in html
    assert "classic:536.2.a" in html
    assert "classic/999-нет::[1] пропал" in html  # stale expectation listed
    # no network: nothing is fetched from elsewhere
    assert "http://" not in html and "https://" not in html
    assert "<script" not in html and "<link" not in html


def test_html_unexpected_results_show_message_and_marked_steps(sample: RunResults) -> None:
    html = reports.render_html(sample)
    unexpected = html.split('id="unexpected"', 1)[1].split('id="scenarios"', 1)[0]
    assert "fail in [2] Ошибка проверки" in unexpected
    assert 'class="failed"' in unexpected and "failed here" in unexpected
    assert "not reached" in unexpected
    assert "unexpected pass (expected FAIL: issue #13)" in unexpected
    assert "Известный провал" not in unexpected  # a known failure is as expected
    assert "Нет возможности" not in unexpected


def test_html_escapes_markup() -> None:
    evil = "<script>alert('x')</script>"
    run = RunResults(
        run=_run_info(engine=evil),
        results=[
            _result(
                f"[1] {evil}", "FAIL", message=f"got {evil}", steps=[StepRecord("Тогда", evil, 3, "failed")]
            )
        ],
        stale_expectations=[evil],
    )
    html = reports.render_html(
        run, {"assumptions": [{"id": "x", "question": evil}], "coverage": {"note": evil}}
    )
    assert "<script>" not in html
    assert "&lt;script&gt;" in html


def test_html_extra_assumptions_and_coverage() -> None:
    extra = {
        "coverage": {"total": 40, "covered": 30, "uncovered": ["classic:113.5", "heroes:113.7"]},
        "assumptions": [
            {
                "id": "stack-lifo",
                "question": "В каком порядке разрешается стек?",
                "choice": "последним пришёл — первым ушёл",
                "reason": "правила молчат",
            },
        ],
    }
    html = reports.render_html(_ok_run(), extra)
    assert "Assumptions — questions for the rules editors" in html
    assert "stack-lifo" in html and "В каком порядке разрешается стек?" in html
    assert "последним пришёл — первым ушёл" in html and "правила молчат" in html
    assert "30</strong> of <strong>40</strong> units covered (75.0%)" in html
    assert "classic:113.5" in html
    assert "OK — every result as expected" in html
    plain = reports.render_html(_ok_run())
    assert "Assumptions — questions" not in plain and 'id="coverage"' not in plain


# --- write_reports and atomicity --------------------------------------------------------------------


def test_write_reports_writes_all_three(sample: RunResults, tmp_path: Path) -> None:
    out = tmp_path / "deep" / "reports"
    paths = reports.write_reports(sample, out, {"coverage": {"total": 1, "covered": 1}})
    assert set(paths) == {"json", "junit", "html"}
    assert paths["json"] == out / "results.json"
    assert paths["junit"] == out / "junit.xml"
    assert paths["html"] == out / "index.html"
    assert all(p.is_file() for p in paths.values())
    assert RunResults.load(paths["json"]) == sample
    ET.parse(paths["junit"])
    assert sorted(p.name for p in out.iterdir()) == ["index.html", "junit.xml", "results.json"]


def test_failed_rendering_leaves_previous_reports_intact(
    sample: RunResults, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reports.write_reports(_ok_run(), tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def boom(*args, **kwargs):
        raise RuntimeError("template exploded")

    monkeypatch.setattr(reports, "render_html", boom)
    with pytest.raises(RuntimeError, match="template exploded"):
        reports.write_reports(sample, tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_failed_write_removes_temporaries(
    sample: RunResults, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reports.write_reports(_ok_run(), tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    real_fdopen = os.fdopen
    calls = []

    def fdopen_failing_on_third(fd, *args, **kwargs):
        calls.append(fd)
        if len(calls) == 3:
            os.close(fd)
            raise OSError("disk full")
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", fdopen_failing_on_third)
    with pytest.raises(InputError, match="disk full"):     # harness/common/safeio.py: the path and what happened
        reports.write_reports(sample, tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_unserialisable_duration_leaves_previous_json_intact(tmp_path: Path) -> None:
    path = reports.write_results_json(_ok_run(), tmp_path / "results.json")
    before = path.read_bytes()
    bad = _ok_run()
    bad.run.duration_s = float("nan")
    with pytest.raises(ValueError):
        reports.write_results_json(bad, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["results.json"]


# --- terminal ---------------------------------------------------------------------------------------


def _terminal(results: RunResults) -> str:
    buffer = io.StringIO()
    reports.print_summary(results, Console(file=buffer, width=100))
    return buffer.getvalue()


def test_print_summary(sample: RunResults) -> None:
    out = _terminal(sample)
    for section in ("classic 113", "classic 536", "heroes 113"):
        assert section in out
    assert "9 scenarios" in out and "5 unexpected" in out
    assert "fail in [2] Ошибка проверки" in out
    assert "at step: Когда шаг номер 2 (line 11)" in out
    assert "unexpected pass (expected FAIL: issue #13)" in out
    assert f"{FEATURE_536}:13" in out
    assert "Известный провал" not in out  # known failures are counted, not listed
    assert "2 known failure" in out
    assert "classic/999-нет::[1] пропал" in out
    assert "\x1b[" not in out  # a StringIO console gets no colour codes


def test_print_summary_ok_and_markup_is_not_interpreted() -> None:
    assert "OK, every result as expected" in _terminal(_ok_run())
    run = RunResults(
        run=_run_info(),
        results=[_result("[1] [bold]x[/bold]", "FAIL", message="expected [red]3[/red] wounds, got 2")],
    )
    out = _terminal(run)
    assert "expected [red]3[/red] wounds, got 2" in out
    assert "[1] [bold]x[/bold]" in out


def test_print_summary_on_a_dumb_terminal(sample: RunResults) -> None:
    buffer = io.StringIO()
    console = Console(file=buffer, width=100, no_color=True, force_terminal=False, color_system=None)
    reports.print_summary(sample, console)
    assert "5 unexpected" in buffer.getvalue()


# --- the units of the corpus, and a real run ----------------------------------------------------------


def test_units_table_lists_every_unit_of_the_corpus(sample: RunResults) -> None:
    from harness.common import paths
    from harness.rules.corpus import load_corpus

    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    sections = reports.units_table(sample)
    order = {u.id: i for i, u in enumerate(corpus.units)}
    listed = [u["id"] for s in sections for u in s["units"]]
    assert sorted(listed) == sorted(order)  # every unit once, those without a scenario included
    for s in sections:  # by section number (a duplicated number stays in its section), in corpus order
        ids = [u["id"] for u in s["units"]]
        assert ids == sorted(ids, key=order.get)
        assert all(i.split(":")[0] + " " + i.split(":")[1].split(".")[0] == s["key"] for i in ids)
    assert {s["key"] for s in sections} >= {"classic 113", "classic 503", "heroes 113"}
    unit = next(u for s in sections for u in s["units"] if u["id"] == "classic:113.2.ex1")
    # [1] PASS, [2] FAIL, [3] known FAIL, [4] unexpected PASS name it in the sample: the worst status shows
    assert unit["status"] == "FAIL" and len(unit["scenarios"]) == 4
    lonely = next(u for s in sections for u in s["units"] if u["id"] == "classic:537.3")
    assert lonely["scenarios"] == [] and lonely["status"] is None


def test_html_units_table_and_known_failures(sample: RunResults) -> None:
    html = reports.render_html(sample, {"units": reports.units_table(sample)})
    units = html.split('id="units"', 1)[1].split("</section>", 1)[0]
    assert "<code>classic:537.3</code>" in units and "no scenario" in units
    assert 'href="#r2-row"' in units  # a unit's scenarios link to their rows
    known = html.split('id="known"', 1)[1].split("</section>", 1)[0]
    assert "[3] Известный провал" in known and "fail in [3] Известный провал" in known
    assert "<script" not in html


def test_default_extra_survives_a_broken_part(sample: RunResults, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(results):
        raise InputError([])

    monkeypatch.setattr(reports, "units_table", broken)
    extra = reports.default_extra(sample)
    assert "units" not in extra and "coverage" in extra and "assumptions" in extra
    assert extra["notes"][0].startswith("units: not available")
    assert "units: not available" in reports.render_html(sample, extra)


@pytest.fixture(scope="module")
def real_run(reference_check) -> Path:
    """`berserk-rules check --report-dir DIR` on the kit itself, in a child process (the session's
    `reference_check`): its report folder."""
    proc = reference_check
    assert proc.code in (0, 1), proc.out + proc.err  # 1: some result not as expected
    assert "Results by section" in proc.out
    # the plugin's modules are imported by pytest itself, so its assertion rewriting works
    assert "Warning" not in proc.out + proc.err, proc.out + proc.err
    return proc.report_dir


def _scanned():
    from harness.common import paths
    from harness.suite.features import scan_features

    # an outline runs as one scenario per example row, each with an id of its own
    return {i: s for s in scan_features(paths.FEATURES, root=paths.ROOT) for i in s.ids}


def test_real_run_results_json_validates(real_run: Path) -> None:
    data = json.loads((real_run / "results.json").read_text(encoding="utf-8"))
    assert validate_results_json(data, "results.json") == []
    jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))).validate(data)
    scanned = _scanned()
    assert data["results"] and {r["scenario"] for r in data["results"]} <= set(scanned)
    for r in data["results"]:
        s = scanned[r["scenario"]]
        assert (r["feature"], r["line"], r["units"]) == (s.feature, s.line, list(s.units))
    loaded = RunResults.load(real_run / "results.json")
    assert loaded.summary()["total"] == len(data["results"])


def test_real_run_reports_what_every_fork_covered(real_run: Path) -> None:
    """Issue 15: each «в любом порядке» / «с любой точкой срабатывания» fork reports the alternatives covered, the
    states visited, the memo's look-ups and hits — in results.json, as a JUnit property and in the HTML report;
    scenarios without a fork carry none."""
    import math

    from harness.suite.world import fork_summary

    data = json.loads((real_run / "results.json").read_text(encoding="utf-8"))
    scanned = _scanned()
    with_fork = {sid for sid, s in scanned.items()
                 if any("в любом порядке" in text or "с любой точкой срабатывания" in text for _, text, _ in s.steps)}
    forks = {r["scenario"]: r["fork"] for r in data["results"] if "fork" in r}
    assert len(forks) >= 6 and set(forks) == with_fork & {r["scenario"] for r in data["results"]}
    cases = {dict(_props(case))["scenario_id"]: dict(_props(case)) for case in
             ET.parse(real_run / "junit.xml").getroot().iter("testcase")}
    page = (real_run / "index.html").read_text(encoding="utf-8")
    for sid, fork in forks.items():
        expected = math.factorial(fork["items"]) if fork["kind"] == "order" else fork["items"]
        assert fork["route"] == "search" and fork["orders"] == expected, (sid, fork)
        assert fork["states"] >= fork["orders"] and 0 <= fork["memo_hits"] <= fork["lookups"] <= fork["states"]
        assert cases[sid]["fork"] == fork_summary(fork)
        assert html.escape(fork_summary(fork)) in page
    assert all("fork" not in props for sid, props in cases.items() if sid not in forks)


def test_real_run_junit_cases_carry_feature_line_and_units(real_run: Path) -> None:
    from harness.common import paths
    from harness.suite.features import scan_features

    scanned = {(s.feature, name): (sid, s) for s in scan_features(paths.FEATURES, root=paths.ROOT)
               for sid, name in zip(s.ids, s.examples or (s.name,), strict=True)}
    root = ET.parse(real_run / "junit.xml").getroot()
    cases = list(root.iter("testcase"))
    assert cases and int(root.get("tests")) == len(cases)
    for case in cases:
        file, _, line = dict(_props(case))["file"].rpartition(":")
        sid, s = scanned[(file, case.get("name"))]
        assert file.startswith("features/") and file.endswith(".feature")
        assert int(line) == s.line
        assert [v for n, v in _props(case) if n == "unit"] == list(s.units)
        assert ("scenario_id", sid) in _props(case)


def test_real_run_index_html_is_one_offline_page(real_run: Path) -> None:
    import re

    from harness.common import paths
    from harness.rules.corpus import load_corpus
    from harness.suite.session import load_assumptions

    html = (real_run / "index.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "</html>" in html
    assert "<script" not in html and "<link" not in html
    assert not re.findall(r'(?:src|href)="(?:[a-z]+:)?//', html)
    units = html.split('id="units"', 1)[1].split('<section id="', 1)[0]
    for u in load_corpus(paths.RULES, root=paths.ROOT).units:
        assert f"<code>{u.id}</code>" in units, u.id
    assert 'id="coverage"' in html and "units covered" in html
    assert "Assumptions — questions for the rules editors" in html
    for a in load_assumptions():
        assert a["id"] in html
    assert "Results by section" not in html and "By section" in html
