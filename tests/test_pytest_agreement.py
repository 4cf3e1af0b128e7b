"""The kit's summary and pytest's own agree on what failed (issue 14): pytest's *failed* are the unexpected
results, its *passed* the expected PASSes, its *skipped* the SKIPs and the known failures
(`harness.output.reports.played_line`). Checked on a real run with failures: a mutant engine over the
protocol, pytest's own closing line against the kit's line computed from the same run. The run is of one
section (classic 113: failures, passes and SKIPs alike, 5 s instead of the whole edition's 18), so the scenarios it
deselects are counted by neither line."""

from __future__ import annotations

import re
import subprocess
import sys

from harness.common import paths
from harness.output.reports import played_line
from harness.run.results import RunResults

MUTANT = f"{sys.executable} -m harness.quality.mutants stack-fifo"


def test_the_kits_counts_are_pytests_counts(tmp_path) -> None:
    out = subprocess.run([sys.executable, "-m", "pytest", str(paths.SCENARIO_TESTS), "-p", "no:xdist", "-q",
                          "--engine-cmd", MUTANT, "--edition", "classic", "--unit", "classic:113",
                          "--report-dir", str(tmp_path),
                          "-p", "no:cacheprovider"],
                         cwd=paths.ROOT, capture_output=True, text=True, encoding="utf-8", timeout=600)
    closing = out.stdout.strip().splitlines()[-1]
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (failed|passed|skipped)", closing)}
    assert counts.get("failed", 0) > 0, closing          # the mutant must fail something, or this checks nothing
    assert counts.get("skipped", 0) > 0 and counts.get("passed", 0) > 0, closing   # every kind of count is compared
    results = RunResults.load(tmp_path / "results.json")
    kit = dict((word, int(n)) for n, word in re.findall(r"(\d+) (failed|passed|skipped)", played_line(results)))
    assert kit == {w: counts.get(w, 0) for w in ("failed", "passed", "skipped")}, (closing, played_line(results))
