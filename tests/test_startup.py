"""An engine that cannot start fails fast (harness/engines/startup.py): after two consecutive failed starts the run
stops starting it and every remaining scenario ends at once, with one status and reason. Counts, not times."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from harness.common import paths

SILENT = "import sys, os, time\nopen(sys.argv[1], 'a').write(f'{os.getpid()}\\n')\ntime.sleep(3600)\n"


def test_a_never_answering_engine_is_started_twice_and_every_scenario_ends(tmp_path: Path) -> None:
    engine = tmp_path / "silent.py"
    engine.write_text(SILENT, encoding="utf-8")
    pids = tmp_path / "pids"
    cmd = f"{sys.executable} {engine} {pids}"
    out = subprocess.run([sys.executable, "-m", "harness.cli", "check", "--engine-cmd", cmd, "--start-timeout", "0.5",
                          "--report-dir", str(tmp_path / "r")], capture_output=True, text=True, cwd=paths.ROOT,
                         encoding="utf-8", env={**__import__("os").environ, "PYTHONUTF8": "1"})
    assert out.returncode == 1, out.stdout + out.stderr
    results = json.loads((tmp_path / "r" / "results.json").read_text(encoding="utf-8"))["results"]
    assert len(results) > 50
    assert {r["status"] for r in results} == {"TIMEOUT"}
    assert len(pids.read_text().split()) == 2                # started twice, never again
    assert sum("not started: the engine failed to start 2 times in a row" in r["message"] for r in results) \
        == len(results)
