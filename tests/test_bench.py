"""`berserk-rules bench`: the shape of its figures (table and JSON), never their values — no test fails
because a machine is slow. The long figures (whole pytest run, check, check over the protocol) are left to
the command itself; here they are replaced or skipped."""

from __future__ import annotations

import json

import pytest

from harness.cli import bench as cmd_bench
from harness.cli import main
from harness.quality import bench

KEYS = {"name", "label", "value", "unit", "target", "better", "note", "available", "extra", "meets"}


def test_orderings_figure_checks_real_orders_of_seven_triggers() -> None:
    f = bench.bench_orderings(limit=12, replay_sample=3)
    assert f.name == "orderings" and f.unit == "/s" and f.better == "higher" and f.target == 5000
    assert f.extra["orders"] == 12 and f.extra["failing"] == 0 and f.value > 0
    assert f.extra["states"] > 12 and f.extra["replay_per_s"] > 0
    assert isinstance(f.meets, bool)


def test_the_eight_trigger_figure_is_a_time_with_its_target() -> None:
    f = bench.bench_orderings(8, limit=5, replay_sample=0)
    assert (f.name, f.unit, f.target, f.better) == ("orderings-8", "s", 5, "lower")
    assert f.extra["orders"] == 5 and f.extra["failing"] == 0
    # why a transposition table cannot pay on this board: a look-up's cost against an engine call's
    assert f.extra["lookup_us"] > 0 and f.extra["engine_call_us"] > 0
    assert "a memo look-up costs" in f.note


def test_the_growth_figure_compares_a_generated_suite_with_one_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    runs = {1: {"seconds": 2.0, "scenarios": 10, "steps": 50, "calls": {"act": 100}},
            10: {"seconds": 21.0, "scenarios": 100, "steps": 500, "calls": {"act": 1000}}}
    monkeypatch.setattr(bench, "run_generated_suite", lambda copies, **kw: runs[copies])
    f = bench.bench_growth()
    assert (f.name, f.value, f.unit, f.target, f.meets) == ("growth", 10.5, "×", 12, True)
    assert f.extra["per_scenario_ms"] == 210.0 and f.extra["per_step_us"] == 42000.0 and f.extra["work_ratio"] == 10


def test_the_work_of_check_grows_linearly_with_the_scenarios() -> None:
    """A generated suite of 3 copies of every scenario (of classic 113.2 in the classic 113 feature file, to
    stay quick: only that file is copied) runs exactly 3 times the scenarios, the steps and the engine calls of
    one copy — «в любом порядке» forks included: nothing in the harness costs more per scenario as the suite
    grows. (Counts of work, not times: the times are `berserk-rules bench`'s growth figure, over every feature
    file.)"""
    feature = ["classic/113-срабатывающая-особенность.feature"]
    one = bench.run_generated_suite(1, ["--unit", "classic:113.2"], only=feature)
    three = bench.run_generated_suite(3, ["--unit", "classic:113.2"], only=feature)
    # N/A: the counterparts of the readings the reference engine does not hold by default
    assert one["code"] == three["code"] == 0 and one["statuses"] == three["statuses"] == ["N/A", "PASS"]
    assert one["scenarios"] >= 5 and one["calls"]["answer"] > 0
    assert three["scenarios"] == 3 * one["scenarios"] and three["steps"] == 3 * one["steps"]
    assert three["calls"] == {k: 3 * v for k, v in one["calls"].items()}


def test_roundtrip_figure_has_median_and_p95() -> None:
    f = bench.bench_roundtrip(requests=30)
    assert f.available, f.note
    assert f.unit == "µs" and f.target == 200
    assert 0 < f.extra["median_us"] <= f.extra["p95_us"] and f.extra["requests"] == 30 and f.extra["reply_bytes"] > 0


def test_a_missing_protocol_adapter_is_reported_not_failed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "protocol_missing", lambda: "the protocol adapter is not there yet (test)")
    for f in (bench.bench_protocol(None), bench.bench_roundtrip()):
        assert not f.available and f.value is None and f.meets is None
        assert f.note == "not available: the protocol adapter is not there yet (test)"
        assert cmd_bench._value(f) == "n/a"


def test_the_protocol_ratio_needs_an_in_process_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "_check", lambda cmd, timeout: (3.0, None, {"results": [{"status": "PASS"}]}))
    check = bench.Figure("check", "check", 1.5, "s", 15, extra={"seconds": 1.5})
    f = bench.bench_protocol(check)
    assert (f.value, f.unit, f.target, f.meets) == (2.0, "×", 1.5, False)      # issue 15: ≤ 1.5×
    check = bench.Figure("check", "check", 2.5, "s", 15, extra={"seconds": 2.5})
    assert bench.bench_protocol(check).meets is True
    assert bench.bench_protocol(None).available is False


def test_the_short_figures_are_the_best_of_their_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """check and check over the protocol: REPEATS runs each; the figure is the least time (the ratio is of the two
    least), every run is in the note and in extra; a run without results makes the figure not available."""
    times = iter([2.4, 3.1, 1.9, 2.6, 2.2, 2.8])                   # in turn: in-process, over the protocol, …
    routes = []

    def check_once(cmd, timeout):
        routes.append("protocol" if cmd else "in-process")
        return next(times), None, {"results": [{"status": "PASS"}]}

    monkeypatch.setattr(bench, "_check", check_once)
    runs = bench.check_runs()
    assert routes == ["in-process", "protocol"] * 3
    check = bench.bench_check(runs["in-process"])
    assert (check.value, check.extra["runs"]) == (1.9, [2.4, 1.9, 2.2])
    assert check.note == "1 scenarios: 1 PASS (best of 3 runs: 2.40, 1.90, 2.20 s)"
    protocol = bench.bench_protocol(check, runs["protocol"])
    assert (protocol.value, protocol.extra["runs"], protocol.meets) == (round(2.6 / 1.9, 2), [3.1, 2.6, 2.8], True)
    import subprocess

    monkeypatch.setattr(bench, "_check", lambda cmd, timeout: (
        0.5, subprocess.CompletedProcess([], 2, "", "check: boom"), None))
    assert bench.bench_check().available is False
    assert bench.bench_protocol(check).note == "not available: no results.json (exit code 2): check: boom"


def test_the_orderings_figure_is_its_best_run() -> None:
    f = bench.bench_orderings(limit=4, replay_sample=0, repeats=2)
    assert len(f.extra["runs"]) == 2 and f.extra["seconds"] == min(f.extra["runs"])
    assert f.extra["orders"] == 4 and "best of 2 runs" in f.note


def test_the_pytest_figures_name_the_slowest_modules() -> None:
    out = """
============================= slowest durations =============================
7.35s call     tests/test_install.py::test_the_wheel_runs_check_from_an_empty_folder
2.00s setup    tests/test_site.py::test_a[390,844]
0.50s call     tests/test_site.py::test_a[390,844]
0.80s call     tests/test_site.py::test_b
0.06s teardown tests/test_lint.py::test_c
1626 passed, 1 skipped in 131.09s (0:02:11)
"""
    modules, slow = bench.slowest_modules(out)
    assert modules == [("tests/test_install.py", 7.35), ("tests/test_site.py", 3.3), ("tests/test_lint.py", 0.06)]
    assert slow == (2, 7.35 + 2.5)        # a test's setup and call together: test_a took 2.5 s
    assert bench.slowest_modules("1 passed in 0.1s") == ([], (0, 0))


def test_the_pytest_figure_gives_the_cpu_time_and_the_least_wall_time_it_allows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    out = "4.00s call     tests/test_install.py::test_x\n1626 passed, 1 skipped in 131.09s (0:02:11)\n"
    monkeypatch.setattr(bench, "_timed", lambda argv, timeout: (131.1, subprocess.CompletedProcess(argv, 0, out, "")))
    cpu = iter([10.0, 130.0])
    monkeypatch.setattr(bench, "children_cpu", lambda: next(cpu))
    monkeypatch.setattr(bench, "usable_cores", lambda: 2)
    f = bench.bench_pytest()
    assert (f.value, f.target, f.meets, f.extra["cpu_seconds"], f.extra["cores"]) == (131.1, 60, False, 120.0, 2)
    assert f.note == ("1626 passed, 1 skipped in 131.09s (0:02:11); CPU time 120.0 s (pytest and every process it "
                      "started), so at least 60.0 s on this machine's 2 core(s) however the tests are shared out; "
                      "the slowest modules: tests/test_install.py 4.0 s; the 1 tests of ≥ 1 s take 4.0 s")
    assert f.extra["modules"] == [{"module": "tests/test_install.py", "seconds": 4.0}]


def test_json_and_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fake = {name: bench.Figure(name, name, 1.0, "s", 2.0) for name in ("pytest", "pytest-n", "check", "protocol")}
    monkeypatch.setattr(bench, "bench_pytest", lambda parallel=False: fake["pytest-n" if parallel else "pytest"])
    monkeypatch.setattr(bench, "check_runs", lambda **kw: {"in-process": [], "protocol": []})
    monkeypatch.setattr(bench, "bench_check", lambda runs: fake["check"])
    monkeypatch.setattr(bench, "bench_protocol", lambda check, runs: fake["protocol"])
    monkeypatch.setattr(bench, "bench_roundtrip", lambda: bench.unavailable("roundtrip", "rt", "µs", "test", 200))
    monkeypatch.setattr(bench, "bench_growth", lambda: bench.Figure("growth", "growth", 10.0, "×", 12))
    monkeypatch.setattr(bench, "bench_mutants", lambda: bench.Figure("mutants", "mutants", 30.0, "s", 60))
    monkeypatch.setattr(bench, "bench_mechanical", lambda: bench.Figure("mechanical", "m", 2.0, "mutants/s", 1.0, "higher"))
    monkeypatch.setattr(bench, "bench_big_inputs", lambda: bench.Figure("big-inputs", "big", 10.0, "s", 30))
    monkeypatch.setattr(bench, "bench_site", lambda: (bench.Figure("site-page", "p", 100.0, "KB", 300),
                                                      bench.Figure("site-size", "s", 7.0, "MB")))
    # the sandbox's figures start Chromium and Pyodide twice (12 s): the browser test of the sandbox measures the same (tests/test_sandbox.py)
    monkeypatch.setattr(bench, "bench_sandbox", lambda: {
        n: bench.Figure(n, n, 1000.0, "ms", 3000) for n in ("sandbox-start", "sandbox-warm", "sandbox-action")})
    assert main(["bench", "--json", "--orders", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"machine", "figures"} and data["machine"]["cpus"]
    assert {"load_before", "load_after"} <= set(data["machine"])          # the load the figures were measured under
    assert [f["name"] for f in data["figures"]] == list(bench.NAMES)
    for f in data["figures"]:
        assert set(f) == KEYS
    by_name = {f["name"]: f for f in data["figures"]}
    assert by_name["roundtrip"]["available"] is False and by_name["roundtrip"]["meets"] is None
    assert by_name["orderings"]["extra"]["orders"] == 5
    assert by_name["memory"]["unit"] == "MiB" and by_name["memory"]["value"] > 0
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["bench", "--only", "orderings", "--only", "memory", "--orders", "3"]) == 0
    table = capsys.readouterr().out
    assert "trigger orderings checked" in table and "peak memory" in table and "≥ 5,000 /s" in table


def test_the_mutants_figure_reads_the_report_of_the_command(monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    report = {"mutants": 61, "killed": 61, "killed_by_checks": 60, "killed_by_two_checks": 50}
    monkeypatch.setattr(bench, "_timed", lambda argv, timeout: (
        42.0, subprocess.CompletedProcess(argv, 0, json.dumps(report), "")))
    f = bench.bench_mutants()
    assert (f.value, f.target, f.meets) == (42.0, 60, True)
    assert f.note == "61 mutants: 61 killed, 60 by «Тогда» checks, 50 by those of ≥ 2 scenarios"
    monkeypatch.setattr(bench, "_timed", lambda argv, timeout: (
        1.0, subprocess.CompletedProcess(argv, 2, "", "mutants: boom")))
    f = bench.bench_mutants()
    assert not f.available and f.note == "not available: no report (exit code 2): mutants: boom"


def test_skip_and_only() -> None:
    assert [f.name for f in bench.run_bench(["memory"])] == ["memory"]
    assert bench.run_bench([]) == []


def test_the_big_inputs_figure_times_both_sizes_of_both_inputs() -> None:
    f = bench.bench_big_inputs(entries=2_000, scenarios=100)
    assert (f.name, f.unit, f.target) == ("big-inputs", "s", 30)
    assert set(f.extra["expectations_s"]) == {"200", "2000"} and set(f.extra["feature_scan_s"]) == {"10", "100"}
    # (the figure is the time to 0.01 s, the extra to 0.001 s: rounded twice, 0.045 may go either way)
    assert f.value == pytest.approx(f.extra["expectations_s"]["2000"], abs=0.006) and "µs per entry" in f.note


def test_the_site_figures_weigh_a_built_site(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    """The largest unit page on first load (target 300 KB) and the total size, from a real build (without
    playing the scenarios, to stay quick: the weights of a full build are the command's)."""
    from harness.output import site
    from harness.output.playout import PlayoutRun

    real = site.build_site
    monkeypatch.setattr(site, "build_site", lambda out: real(out, run=PlayoutRun(results=None, playouts=[])))
    page, size = bench.bench_site(tmp_path / "site")
    assert (page.name, page.unit, page.target, page.better) == ("site-page", "KB", 300, "lower")
    assert page.extra["largest_unit_page"].startswith("u/") and page.value == round(
        page.extra["largest_unit_page_bytes"] / 1000, 1) and page.meets is True
    assert page.extra["largest_page"] in page.note and "search index" in page.note
    files = [p for p in (tmp_path / "site").rglob("*") if p.is_file() and p.name != site.MARKER]
    assert size.name == "site-size" and size.unit == "MB" and size.target is None
    assert size.extra["total_bytes"] == sum(p.stat().st_size for p in files) and size.extra["files"] == len(files)
    assert f"{len(files)} files" in size.note
