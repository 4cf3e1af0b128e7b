"""Many engines, one page: the matrix of rule units × engines shows each engine's status per scenario, its
SKIP reasons and its expectations."""

from __future__ import annotations

from harness.output.matrix import matrix_html, matrix_rows
from harness.run.results import RunInfo, RunResults, ScenarioResult


def _run(engine: str, statuses: dict[str, tuple[str, str, str]]) -> RunResults:
    info = RunInfo(engine=engine, engine_version="1", protocol_version="1.0.0", suite_version="0.1.0", seed=0,
                   started="2025-01-01T00:00:00Z", duration_s=1.0)
    return RunResults(run=info, results=[
        ScenarioResult(scenario=sid, name=sid.split("::")[1], feature="features/classic/113.feature", line=1,
                       units=["classic:113.2"], assumptions=[], status=st, expected=exp,
                       reason="issue 12" if exp != "PASS" else "", message="" if st == "PASS" else msg)
        for sid, (st, exp, msg) in statuses.items()])


def test_units_by_engines() -> None:
    a = _run("reference", {"f::one": ("PASS", "PASS", ""), "f::two": ("PASS", "PASS", "")})
    b = _run("mine", {"f::one": ("SKIP", "PASS", "the engine does not declare the feature 'targets'"),
                      "f::two": ("FAIL", "FAIL", "a check failed")})
    rows = matrix_rows([a, b])
    row = next(r for r in rows if r["unit"] == "classic:113.2")
    assert row["cells"] == [{"pass": 2, "played": 2, "total": 2}, {"pass": 0, "played": 1, "total": 2}]
    page = matrix_html([a, b])
    assert "<code>reference 1</code>" in page and "<code>mine 1</code>" in page
    # what the harness or an expectations file said is shown verbatim; the page's own words are Russian
    assert "<code>the engine does not declare the feature &#x27;targets&#x27;</code>" in page
    assert "ожидалось: провален — <code>issue 12</code>" in page and "сыграно 1" in page
    assert "data-status='SKIP' style='color:#6e7781'>пропущен</span>" in page and "<h1>Движки × единицы правил</h1>" in page
