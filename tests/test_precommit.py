"""pre-commit guards the repository it runs in (issue 27): real `pre-commit` (the `test` extra) in a temporary
git repository holding a copy of the suite, with the kit's two hooks (`.pre-commit-hooks.yaml`) as local hooks.

The hooks run the `berserk-rules` of this environment — an installation whose own suite is the kit's, unchanged —
so a hook that read the installed suite instead of the repository being committed would let the reversal
through. A meaning-reversing commit (heroes 113.3 «оплата … до её выполнения» → «после») is refused; an
editorial one (ё, a comma) is refused until `approve` records it in one step, then passes; the reversal approved
unseen (`approve --all`, the heading made to follow) is refused (V006) until its scenarios are approved by name.

One end-to-end test (marked `e2e`), marked `precommit`, holding a file lock: it never runs twice at the same time (two pytest-xdist workers,
or two pytest runs on one machine), since each run starts git and pre-commit processes of its own.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from harness.common import paths

ROOT = paths.ROOT
pytestmark = [pytest.mark.precommit, pytest.mark.e2e]

REVERSAL = ("Оплата активируемой способности происходит до её выполнения.",
            "Оплата активируемой способности происходит после её выполнения.")
HEADING = "heroes:113.3.dup2 — оплата активируемой способности происходит до её выполнения"
REVERSED_SCENARIOS = ["heroes:113.3.dup2-1", "heroes:115.1-3", "heroes:115.1-6"]


@contextlib.contextmanager
def _alone() -> Iterator[None]:
    with open(Path(tempfile.gettempdir()) / "berserk-rules-precommit.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _run(cmd: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300)


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_pre_commit_refuses_a_reversal_and_passes_an_approved_editorial_change(tmp_path: Path) -> None:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pre_commit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or shutil.which("pre-commit")
    if pre_commit is None:
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")
    repo = tmp_path / "repo"
    for folder in ("rules", "features", "scenarios", "catalog", "expectations"):
        shutil.copytree(ROOT / folder, repo / folder)
    # the kit's hooks, as local hooks run by this environment's berserk-rules (no install from a clone)
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    local = [{k: v for k, v in h.items() if k != "description"} | {"language": "system"} for h in hooks]
    (repo / ".pre-commit-config.yaml").write_text(
        yaml.safe_dump({"repos": [{"repo": "local", "hooks": local}]}, allow_unicode=True), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BERSERK_RULES_", "GIT_", "FORCE_COLOR"))}
    env |= {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}", "PYTHONUTF8": "1",
            "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "HOME": str(tmp_path),
            "GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org",
            "GIT_COMMITTER_NAME": "Editor", "GIT_COMMITTER_EMAIL": "editor@example.org"}

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return _run(["git", *args], repo, env)

    with _alone():
        assert git("init", "-q", "-b", "main").returncode == 0
        assert git("add", "-A").returncode == 0
        assert git("commit", "-q", "-m", "the suite").returncode == 0, "first commit"
        installed = _run([pre_commit, "install"], repo, env)
        assert installed.returncode == 0, installed.stdout + installed.stderr
        rules = repo / "rules" / "heroes-113-115.txt"

        # 1. the reversal: refused, by both hooks, naming the scenarios that need review and the stale heading
        _replace(rules, *REVERSAL)
        git("add", "-A")
        refused = git("commit", "-m", "113.3: после")
        out = refused.stdout + refused.stderr
        assert refused.returncode != 0, out
        assert re.search(r"berserk-rules lint\.+Failed", out), out                      # the whole repository
        assert re.search(r"berserk-rules lint \(changed files\)\.+Failed", out), out  # the files of the commit
        assert "needs review: heroes:113.3.dup2 changed wording" in out
        f114 = "features/heroes/114-активируемая-способность.feature"
        heading = next(n for n, line in enumerate((ROOT / f114).read_text(encoding="utf-8").splitlines(), 1)
                       if "Правило: heroes:113.3.dup2 —" in line)   # the stale heading (its line moves with edits)
        assert "S032 heading-stale" in out and f"{f114}:{heading}" in out
        assert git("rev-list", "--count", "HEAD").stdout.strip() == "1"          # nothing committed
        assert git("reset", "-q", "--hard").returncode == 0

        # 2. an editorial change: refused while it needs review, then approved in one step, then it passes
        _replace(repo / "rules" / "classic-113.txt", "с определенным условием", "с определённым условием")
        _replace(rules, "способности выполнены и в тексте", "способности выполнены, и в тексте")
        git("add", "-A")
        waiting = git("commit", "-m", "ё and a comma")
        assert waiting.returncode != 0 and "needs review" in waiting.stdout + waiting.stderr
        approve = _run(["berserk-rules", "--root", ".", "approve", "--editorial"], repo, env)
        assert approve.returncode == 0, approve.stdout + approve.stderr
        assert "2 editorial change(s)" in approve.stdout
        git("add", "rules/review.lock")
        passed = git("commit", "-m", "ё and a comma")
        assert passed.returncode == 0, passed.stdout + passed.stderr
        assert re.search(r"berserk-rules lint\.+Passed", passed.stdout + passed.stderr)
        assert git("status", "--porcelain").stdout == ""
        assert "определённым" in git("show", "HEAD:rules/classic-113.txt").stdout

        # 3. the reversal again, its heading now following the text, approved unseen (`approve --all`): the hooks
        #    refuse it (V006) until each scenario is approved by name, as a review
        _replace(rules, *REVERSAL)
        _replace(repo / f114, HEADING, HEADING.replace("до её", "после её"))
        unseen = _run(["berserk-rules", "--root", ".", "approve", "--all"], repo, env)
        assert unseen.returncode == 0, unseen.stdout + unseen.stderr
        git("add", "-A")
        refused = git("commit", "-m", "113.3: после, approved unseen")
        out = refused.stdout + refused.stderr
        assert refused.returncode != 0 and "V006" in out and "approved unseen" in out, out
        assert git("rev-list", "--count", "HEAD").stdout.strip() == "2"          # nothing committed
        reviewed = _run(["berserk-rules", "--root", ".", "approve", *REVERSED_SCENARIOS], repo, env)
        assert reviewed.returncode == 0, reviewed.stdout + reviewed.stderr
        git("add", "-A")
        passed = git("commit", "-m", "113.3: после, reviewed")
        assert passed.returncode == 0, passed.stdout + passed.stderr
