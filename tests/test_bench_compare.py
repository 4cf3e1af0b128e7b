"""`berserk-rules bench --compare OLD.json`: each figure beside the saved one, the ratio, a flag (and exit code 1)
on a figure worse by more than 15 % in its own direction, a located error for a bad OLD file; and the baseline
the repository keeps (docs/bench-baseline.json). In-process, on made-up figures: no test depends on timings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli import bench as cmd_bench
from harness.cli import main
from harness.common import paths
from harness.common.errors import InputError
from harness.quality import bench


def _figures() -> list[bench.Figure]:
    """Now: the 7-trigger rate up (better), the 8-trigger time up by 40 % (worse), memory up by 10 % (worse, within
    15 %), the engine figure with no saved value."""
    return [bench.Figure("orderings", "orderings", 5200, "/s", 5000, better="higher"),
            bench.Figure("orderings-8", "every order of 8", 14.0, "s", 5),
            bench.Figure("memory", "peak memory", 110, "MiB"),
            bench.Figure("engine", "the engine alone", 250, "µs", 280)]


def _saved(tmp_path: Path, figures: list[dict]) -> Path:
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"figures": figures}, indent=2), "utf-8")
    return old


OLD = [{"name": "orderings", "value": 3137, "unit": "/s", "better": "higher"},
       {"name": "orderings-8", "value": 10.0, "unit": "s"},
       {"name": "memory", "value": 100, "unit": "MiB"}]


def test_an_improved_and_a_slowed_figure(tmp_path: Path) -> None:
    by_name = {c.name: c for c in bench.compare(_figures(), bench.load_baseline(_saved(tmp_path, OLD)))}
    rate, eight, memory, engine = (by_name[n] for n in ("orderings", "orderings-8", "memory", "engine"))
    assert rate.ratio == pytest.approx(5200 / 3137) and rate.improved and not rate.slowed
    assert eight.ratio == pytest.approx(1.4) and eight.slowed and not eight.improved
    assert memory.slowdown == pytest.approx(1.1) and not memory.slowed and not memory.improved
    assert engine.saved is None and engine.ratio is None and not engine.slowed


def test_a_rate_that_fell_is_a_slowdown(tmp_path: Path) -> None:
    old = bench.load_baseline(_saved(tmp_path, [{"name": "orderings", "value": 6000, "better": "higher"}]))
    [c] = bench.compare([bench.Figure("orderings", "o", 5400, "/s", better="higher")], old)
    # 6,000 → 5,400 /s: each order takes 11 % longer, within 15 %
    assert c.ratio == pytest.approx(0.9) and c.slowdown == pytest.approx(6000 / 5400) and not c.slowed
    [c] = bench.compare([bench.Figure("orderings", "o", 5000, "/s", better="higher")], old)
    assert c.slowdown == pytest.approx(1.2) and c.slowed    # 6,000 → 5,000 /s: each order takes 20 % longer


def _run(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    monkeypatch.setattr(cmd_bench, "run_bench", lambda only, **kw: [f for f in _figures() if f.name in only])
    return main(["bench", *argv])


def test_compare_prints_each_figure_beside_the_saved_one_and_fails_on_a_slowdown(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    old = _saved(tmp_path, OLD)
    assert _run(monkeypatch, ["--compare", str(old)]) == 1
    out = capsys.readouterr().out
    assert "SLOWER by 40 %" in out and "better by" in out and "1.40×" in out and "no saved figure" in out
    assert "1 figure(s) slower than saved by more than 15 %: orderings-8" in out
    assert _run(monkeypatch, ["--compare", str(old), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    rows = {r["name"]: r for r in data["compare"]["figures"]}
    assert rows["orderings-8"]["slowed"] and rows["orderings"]["improved"] and rows["orderings-8"]["saved"] == 10.0
    # only the improved figure measured: exit code 0
    assert _run(monkeypatch, ["--compare", str(old), "--only", "orderings"]) == 0


def test_a_missing_or_malformed_old_file_is_refused_located(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        _run(monkeypatch, ["--compare", str(tmp_path / "none.json")])
    assert exc.value.code == 2 and "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"figures": [\n  {"name": "check", "value": 4.0},\n  {"name": "check" "value": 1}\n]}\n', "utf-8")
    assert _run(monkeypatch, ["--compare", str(bad)]) == 2
    assert "bad.json:3: not valid JSON: Expecting ','" in capsys.readouterr().err
    bad.write_text('{"figures": [\n  {"name": "check",\n   "value": "fast"}\n]}\n', "utf-8")
    with pytest.raises(InputError, match=r"bad\.json:2: figures\[0\]\.value: expected a number ≥ 0 or null, got "
                                         r"\"fast\""):
        bench.load_baseline(bad)
    bad.write_text('[1, 2]', "utf-8")
    with pytest.raises(InputError, match="expected an object with a list 'figures'"):
        bench.load_baseline(bad)


def test_the_saved_baseline_is_the_issues_figures_under_benchs_names() -> None:
    saved = bench.load_baseline(paths.ROOT / "docs" / "bench-baseline.json")
    assert set(saved) <= set(bench.NAMES)
    assert {n: s["value"] for n, s in saved.items()} == {
        "orderings": 3137, "orderings-8": 13.86, "engine": 439, "roundtrip": 146, "check": 4.0, "mutants": 152,
        "pytest": 477, "pytest-n": 301.6, "memory": 862}
    assert saved["orderings"]["better"] == "higher" and saved["memory"]["better"] == "lower"


def test_the_engine_figure_gives_per_order_and_per_action() -> None:
    f = bench.bench_engine(orders=12, repeats=1)
    assert (f.name, f.unit, f.target, f.better) == ("engine", "µs", 280, "lower")
    assert f.extra["orders"] == 12 and f.value > 0 and f.extra["per_action_us"] > 0
    # 8 declarations and the passes that resolve 8 entries: more than 8 actions an order
    assert f.extra["actions_per_order"] > 8 and "µs per action" in f.note
