"""An engine that cannot start fails fast (harness/engines/startup.py): after two consecutive failed starts the run
stops, with one error naming the command and the engine's stderr, exit code 3, one annotation and one line in
the job summary; no scenario gets a result of its own, every one is «not run». Counts, not times."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from harness.common import paths

SILENT = "import sys, os, time\nopen(sys.argv[1], 'a').write(f'{os.getpid()}\\n')\ntime.sleep(3600)\n"


def test_a_never_answering_engine_is_started_twice_and_the_run_ends_with_one_error(tmp_path: Path) -> None:
    engine = tmp_path / "silent.py"
    engine.write_text(SILENT, encoding="utf-8")
    pids = tmp_path / "pids"
    summary = tmp_path / "summary.md"
    cmd = f"{sys.executable} {engine} {pids}"
    env = {**os.environ, "PYTHONUTF8": "1", "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)}
    out = subprocess.run([sys.executable, "-m", "harness.cli", "check", "--engine-cmd", cmd, "--start-timeout", "0.5",
                          "--report-dir", str(tmp_path / "r"), "--unit", "classic:113.2"], capture_output=True,
                         text=True, cwd=paths.ROOT, encoding="utf-8", env=env)
    assert out.returncode == 3, out.stdout + out.stderr
    assert "Traceback" not in out.stderr
    data = json.loads((tmp_path / "r" / "results.json").read_text(encoding="utf-8"))
    assert data["results"] == [] and len(data["not_run"]) > 2 and data["summary"]["ok"] is False
    assert data["stopped"].startswith(f"the engine could not be started: `{cmd}` failed to start 2 times in a row; "
                                      "the last attempt: the engine did not answer `hello` within 0.5 s")
    assert len(pids.read_text().split()) == 2                # started twice, never again
    errors = [line for line in out.stderr.splitlines() if line.startswith("error: ")]
    assert errors == [f"error: {data['stopped'].splitlines()[0]}"], out.stderr
    annotations = [line for line in out.stdout.splitlines() if line.startswith("::error")]
    assert len(annotations) == 1 and "title=the engine could not be started::" in annotations[0], out.stdout
    assert summary.read_text("utf-8").count("\n") == 1 and "could not be started" in summary.read_text("utf-8")
    junit = ET.parse(tmp_path / "r" / "junit.xml").getroot()
    assert junit.get("errors") == "1" and junit.get("tests") == "1"
    assert [e.get("type") for e in junit.iter("error")] == ["ENGINE"]
    assert "could not be started" in (tmp_path / "r" / "index.html").read_text("utf-8")
