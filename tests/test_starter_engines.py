"""The starter engines of examples/engines/ (written as outside authors would, importing nothing of the kit)
play the first-contact scenarios of docs/PROTOCOL.md for real: PASS, not SKIP; everything else is SKIP with a
reason, never FAIL."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.common import paths
from harness.engines.contract import FIRST_CONTACT
from harness.suite.features import scan_features

ENGINES = {"python": f"{sys.executable} examples/engines/starter.py", "node": "node examples/engines/starter.js"}


@pytest.mark.parametrize("language", sorted(ENGINES))
def test_starter_engine_passes_the_first_contact_scenarios(language: str, tmp_path: Path) -> None:
    if language == "node" and shutil.which("node") is None:
        pytest.skip("node is not installed (.ci/run installs nodejs when it can)")
    out = subprocess.run([sys.executable, "-m", "harness.cli", "check", "--engine-cmd", ENGINES[language],
                          "--report-dir", str(tmp_path)], capture_output=True, text=True, encoding="utf-8",
                         cwd=paths.ROOT, env={**os.environ, "PYTHONUTF8": "1"})
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    results = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["results"]
    passed = {r["scenario"] for r in results if r["status"] == "PASS"}
    assert passed == set(FIRST_CONTACT)
    # SKIP before N/A: the other readings' counterparts need what a starter engine lacks, so they are SKIP too — but
    # for those of exchange-choice=weaker-allowed, which need vanilla creatures only: a starter engine could play
    # them and holds the default reading none (it declares no readings), so they are N/A
    assert {r["status"] for r in results} == {"PASS", "SKIP", "N/A"}
    weaker = {i for s in scan_features(paths.FEATURES, root=paths.ROOT)
              if "reading:exchange-choice=weaker-allowed" in s.tags for i in s.ids}
    assert {r["scenario"] for r in results if r["status"] == "N/A"} == weaker
    assert all(r["message"].startswith("the engine does not declare") for r in results if r["status"] == "SKIP")
    assert f"played: {len(FIRST_CONTACT)} of {len(results)}" in out.stdout
    # the kit's summary says the run in pytest's words (check runs pytest without its terminal output; the
    # agreement with pytest's own counts is tested in tests/test_reports.py)
    n = len(FIRST_CONTACT)
    assert f"0 failed (0 failures, 0 errors), {n} passed, {len(results) - n} skipped" in out.stdout   # N/A too


def test_the_first_contact_scenarios_play_every_row_of_the_strike_table() -> None:
    """The strike table (ASM strike-table) is played by engines with vanilla creatures only: every example row of
    the strike-table outlines of classic 503.1.b13 is a first-contact scenario, so the starters above must PASS
    each (every difference band, the closed-target rolls, the answer strike, lethal wounds) — and the rows of
    ASM exchange-choice under its default reading none or under either reading (no choice asked); those of the
    reading weaker-allowed are N/A for a starter engine, which holds none."""
    rows = {i for s in scan_features(paths.FEATURES, root=paths.ROOT)
            if s.outline and "classic:503.1.b13" in s.units and "strike-table" in s.assumptions
            and "reading:exchange-choice=weaker-allowed" not in s.tags for i in s.ids}
    assert len(rows) == 30
    assert rows <= set(FIRST_CONTACT)
