"""`pytest -n N` (pytest-xdist): the scenarios give the same results as in one process, and the reports of the
workers merge into one results.json, junit.xml, index.html (and one trace folder) on the controller."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from harness.run.pytest_plugin import scenario_id

pytest.importorskip("xdist", reason="pytest-xdist is in the test extra: pip install -e '.[test]'")
pytestmark = pytest.mark.e2e          # whole pytest runs of the scenarios in other processes, one of them on 2 workers
REPO = Path(__file__).resolve().parents[1]
STALE = "classic/999-нет-такого::[999-1] сценария нет"


@functools.cache
def _first_scenario() -> str:
    """The id of the suite's first scenario (scanned once: a scan of every feature file is not free)."""
    from harness.common import paths
    from harness.suite.features import scan_features

    first = scan_features(paths.FEATURES, root=paths.ROOT)[0]
    return scenario_id(str(paths.ROOT / first.feature), first.name)


def _run(tmp: Path, name: str, *extra: str) -> tuple[int, Path]:
    out = tmp / name
    proc = subprocess.run(
        [sys.executable, "-X", "utf8", "-m", "pytest", "tests/test_scenarios.py", "-q", "-p", "no:cacheprovider",
         "--report-dir", str(out / "reports"), "--trace-dir", str(out / "traces"),
         "--expectations", str(tmp / "expectations.yaml"), *extra],
        cwd=REPO, capture_output=True, text=True, encoding="utf-8", env=dict(os.environ, PYTHONUTF8="1"), timeout=600)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    return proc.returncode, out


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, Path]]:
    tmp = tmp_path_factory.mktemp("xdist")
    (tmp / "expectations.yaml").write_text(
        "expectations:\n"
        f"  {json.dumps(_first_scenario(), ensure_ascii=False)}: {{status: FAIL, reason: \"a known failure that passes\"}}\n"
        f"  {json.dumps(STALE, ensure_ascii=False)}: {{status: FAIL, reason: \"names no scenario\"}}\n", "utf-8")
    # two independent processes, side by side; the scenarios of the parallel run spread over both workers
    # (`--dist load`: the tests' default, loadscope (tests/conftest.py), would keep one module on one worker)
    with ThreadPoolExecutor(max_workers=2) as pool:
        serial, parallel = pool.submit(_run, tmp, "serial"), pool.submit(_run, tmp, "parallel", "-n", "2", "--dist", "load")
        return {"serial": serial.result(), "parallel": parallel.result()}


def _results(out: Path) -> dict:
    return json.loads((out / "reports" / "results.json").read_text("utf-8"))


def test_the_same_results_in_the_same_order(runs: dict[str, tuple[int, Path]]) -> None:
    (code_s, serial), (code_p, parallel) = runs["serial"], runs["parallel"]
    assert code_s == code_p == 1            # the known failure passed: unexpected, in both runs
    a, b = _results(serial), _results(parallel)

    def comparable(r: dict) -> dict:
        return {k: v for k, v in r.items() if k != "duration_s"}

    assert len(a["results"]) > 50
    assert [comparable(r) for r in b["results"]] == [comparable(r) for r in a["results"]]
    assert b["summary"] == a["summary"]
    assert a["stale_expectations"] == b["stale_expectations"] == [STALE]
    first = next(r for r in b["results"] if r["scenario"] == _first_scenario())
    assert (first["status"], first["expected"]) == ("PASS", "FAIL")


def test_one_junit_and_one_html_report(runs: dict[str, tuple[int, Path]]) -> None:
    for _, out in runs.values():
        assert (out / "reports" / "index.html").is_file()
    cases = {name: sorted(tc.get("name", "") for tc in ET.parse(out / "reports" / "junit.xml").iter("testcase"))
             for name, (_, out) in runs.items()}
    assert cases["parallel"] == cases["serial"] and len(cases["serial"]) == len(_results(runs["serial"][1])["results"])


def test_the_traces_of_every_worker_land_in_one_folder(runs: dict[str, tuple[int, Path]]) -> None:
    serial, parallel = runs["serial"][1] / "traces", runs["parallel"][1] / "traces"
    names = sorted(p.name for p in serial.iterdir())
    assert names and sorted(p.name for p in parallel.iterdir()) == names
    for name in names:
        assert json.loads((parallel / name).read_text("utf-8")) == json.loads((serial / name).read_text("utf-8"))
