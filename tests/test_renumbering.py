"""Renumbering said once (harness/rules/renumbering.py): heroes' second «113.3» made «114.2», its text unchanged.
`diff`, `approve` and `lint` agree that it is renumbered (not new), name the places to update, and
`approve --retag` rewrites them and moves the approvals, after which nothing needs review."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from verbs import copy_suite, run_verb

from harness.common import paths
from harness.rules.review import load_lock


def _cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The verb on the suite at ``cwd``, run from there, in this process (`tests/verbs.py`)."""
    return run_verb(*args, root=cwd, cwd=cwd)


def test_a_renumbered_unit_is_said_renumbered_everywhere_and_retagged(tmp_path: Path) -> None:
    kit = copy_suite(paths.ROOT, tmp_path / "kit")
    text = kit / "rules" / "heroes-113-115.txt"
    lines = text.read_text(encoding="utf-8").split("\n")
    [i] = [n for n, line in enumerate(lines) if line.startswith("113.3. Оплата активируемой способности")]
    lines[i] = "114.2." + lines[i][len("113.3."):]
    text.write_text("\n".join(lines), encoding="utf-8")
    old_hash = load_lock(kit / "rules" / "review.lock").entries["heroes:113.3.dup2"]

    diff = json.loads(_cli(kit, "diff", str(paths.ROOT / "rules"), "rules", "--json").stdout)
    assert {(c["kind"], c["old"]["id"], c["new"]["id"]) for c in diff["changes"]} == \
        {("renumbered", "heroes:113.3.dup2", "heroes:114.2"), ("renumbered", "heroes:113.3.dup2.p1", "heroes:114.2.p1")}
    approve = _cli(kit, "approve")
    assert approve.returncode == 1
    assert "heroes:114.2: RENUMBERED from heroes:113.3.dup2, text unchanged" in approve.stdout
    assert "a new unit" not in approve.stdout
    assert "features/heroes/114-активируемая-способность.feature:" in approve.stdout   # the places to update
    lint = json.loads(_cli(kit, "lint", "--json").stdout)["findings"]
    s003 = [f["message"] for f in lint if f["code"] == "S003"]
    assert s003 and all("renumbered heroes:114.2" in m for m in s003)
    assert _cli(kit, "approve", "--all").returncode == 1            # --all does not approve it as a new unit
    assert "heroes:113.3.dup2" in load_lock(kit / "rules" / "review.lock").entries

    retag = _cli(kit, "approve", "--retag")
    assert retag.returncode == 0, retag.stdout[-2000:]
    lock = load_lock(kit / "rules" / "review.lock")
    assert lock.entries.get("heroes:114.2") == old_hash and "heroes:113.3.dup2" not in lock.entries
    assert lock.scenarios["heroes:113.3.dup2-1"].units == {"heroes:114.2": old_hash}   # the scenario's id stays
    after = json.loads(_cli(kit, "lint", "--json").stdout)["findings"]
    assert [f for f in after if f["severity"] == "error"] == []
    feature = (kit / "features" / "heroes" / "114-активируемая-способность.feature").read_text(encoding="utf-8")
    assert "@heroes:114.2 " in feature and "@heroes:114.2.p1 " in feature and "@heroes:113.3.dup2" not in feature
