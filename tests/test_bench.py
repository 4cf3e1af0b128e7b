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
    f = bench.bench_orderings(limit=12)
    assert f.name == "orderings" and f.unit == "/s" and f.better == "higher" and f.target == 2000
    assert f.extra["orders"] == 12 and f.extra["failing"] == 0 and f.value > 0
    assert isinstance(f.meets, bool)


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
    assert (f.value, f.unit, f.meets) == (2.0, "×", True)
    assert bench.bench_protocol(None).available is False


def test_json_and_table(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    fake = {name: bench.Figure(name, name, 1.0, "s", 2.0) for name in ("pytest", "pytest-n", "check", "protocol")}
    monkeypatch.setattr(bench, "bench_pytest", lambda parallel=False: fake["pytest-n" if parallel else "pytest"])
    monkeypatch.setattr(bench, "bench_check", lambda: fake["check"])
    monkeypatch.setattr(bench, "bench_protocol", lambda check: fake["protocol"])
    monkeypatch.setattr(bench, "bench_roundtrip", lambda: bench.unavailable("roundtrip", "rt", "µs", "test", 200))
    assert main(["bench", "--json", "--orders", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"machine", "figures"} and data["machine"]["cpus"]
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
    assert "trigger orderings checked" in table and "peak memory" in table and "≥ 2,000 /s" in table


def test_skip_and_only() -> None:
    assert [f.name for f in bench.run_bench(["memory"])] == ["memory"]
    assert bench.run_bench([]) == []
