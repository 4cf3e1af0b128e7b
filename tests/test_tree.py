"""The kit runs the tree you are in (harness/common/paths.py): like git, it finds the suite by walking up from
the current folder; `--root DIR` and `$BERSERK_RULES_ROOT` name it; reports go under that root's `reports/`; the
first line of a verb names the root. Two copies of the suite share this one virtual environment (the kit is
installed from neither), as two clones or a clone and a worktree do: each runs its own scenarios and writes its
own reports, and nothing is written into the other."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.common import paths

SUITE = ("rules", "features", "scenarios", "catalog", "expectations")
FEATURE = Path("features") / "classic" / "113-срабатывающая-особенность.feature"
TITLE = "[113.1-1]"
UNIT = "classic:113.1"


def _copy(dest: Path, renamed: str | None = None) -> Path:
    """A copy of the kit's suite folders (what a clone or a worktree has of them); `renamed`: the title of
    scenario [113.1-1] is changed to it."""
    dest.mkdir()
    for folder in SUITE:
        shutil.copytree(paths.ROOT / folder, dest / folder)
    if renamed:
        feature = dest / FEATURE
        text = feature.read_text(encoding="utf-8")
        start = text.index(f"Сценарий: {TITLE}") + len("Сценарий: ")
        end = text.index("\n", start)
        feature.write_text(text[:start] + f"{TITLE} {renamed}" + text[end:], encoding="utf-8")
    return dest


def _run(cwd: Path, *args: str, env_root: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("BERSERK_RULES_ROOT", "BERSERK_RULES_DIR")}
    if env_root is not None:
        env["BERSERK_RULES_ROOT"] = str(env_root)
    return subprocess.run([sys.executable, "-X", "utf8", "-m", "harness.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=300)


def _title(root: Path) -> str:
    results = json.loads((root / "reports" / "results.json").read_text(encoding="utf-8"))
    return next(r["name"] for r in results["results"] if r["name"].startswith(TITLE))


@pytest.fixture(scope="module")
def trees(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    base = tmp_path_factory.mktemp("trees")
    outside = base / "outside"
    outside.mkdir()
    return _copy(base / "a", "в копии А"), _copy(base / "b", "в копии Б"), outside


def test_each_copy_runs_its_own_suite_and_writes_its_own_reports(trees: tuple[Path, Path, Path]) -> None:
    a, b, _ = trees
    run = _run(b / "features" / "classic", "check", "--unit", UNIT)      # from a folder inside copy Б
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr.splitlines()[0] == f"berserk-rules check: suite: {b.resolve()} (found from the current folder)"
    assert _title(b).endswith("в копии Б")
    assert not (a / "reports").exists() and not (b / "features" / "classic" / "reports").exists()
    run = _run(a, "check", "--unit", UNIT)
    assert run.returncode == 0 and _title(a).endswith("в копии А") and _title(b).endswith("в копии Б")


def test_a_named_root_writes_into_that_root_only(trees: tuple[Path, Path, Path]) -> None:
    a, b, outside = trees
    for where in (a, b):
        shutil.rmtree(where / "reports", ignore_errors=True)
    run = _run(b, "--root", str(a), "check", "--unit", UNIT)            # from copy Б, copy А named
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr.splitlines()[0] == f"berserk-rules check: suite: {a.resolve()} (--root)"
    assert _title(a).endswith("в копии А") and not (b / "reports").exists()
    shutil.rmtree(a / "reports")
    run = _run(outside, "check", "--unit", UNIT, env_root=a)              # $BERSERK_RULES_ROOT from outside
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stderr.splitlines()[0] == f"berserk-rules check: suite: {a.resolve()} ($BERSERK_RULES_ROOT)"
    assert _title(a).endswith("в копии А") and not (outside / "reports").exists()


def test_the_site_default_is_under_the_named_root(trees: tuple[Path, Path, Path]) -> None:
    """`site`'s --out default follows the root as check's --report-dir does (checked without building: an
    unwritable reports/ of the named root is the error, named with that root's path)."""
    a, _, outside = trees
    (a / "reports").mkdir(exist_ok=True)
    (a / "reports" / "site").write_text("a file where the site would go", encoding="utf-8")
    run = _run(outside, "--root", str(a), "site")
    assert run.returncode == 2 and str(a.resolve() / "reports" / "site") in run.stderr, run.stderr[-1000:]
    (a / "reports" / "site").unlink()


def test_outside_any_kit_the_installed_kit_is_named(trees: tuple[Path, Path, Path]) -> None:
    _, _, outside = trees
    run = _run(outside, "units", "--unit", UNIT, "--json")
    assert run.returncode == 0, run.stderr[-1000:]
    assert run.stderr.splitlines()[0].startswith("berserk-rules units: suite: ") and "outside any kit" in run.stderr
    assert json.loads(run.stdout)                                        # stdout stays data


def test_a_verb_run_in_process_leaves_the_layout_as_it_was(tmp_path: Path) -> None:
    """`main(["--rules", copy, …])` or `--root` from a test or a tool points the kit at the copy for that call
    only: the next lint in the same process reads the kit's own rules and lock (a leak here once made the whole
    suite «need review» in a CI worker that had run an approve on an edited copy)."""
    from harness.cli import main

    shutil.copytree(paths.ROOT / "rules", tmp_path / "rules")
    before = (paths.ROOT, paths.RULES, paths.ASSUMPTIONS, paths.REPORTS, os.environ.get("BERSERK_RULES_DIR"),
              os.environ.get("BERSERK_RULES_ROOT"))
    assert main(["--rules", str(tmp_path / "rules"), "approve"]) == 0
    assert main(["--root", str(tmp_path), "approve"]) == 0          # a rules-only checkout: --root sets the env too
    after = (paths.ROOT, paths.RULES, paths.ASSUMPTIONS, paths.REPORTS, os.environ.get("BERSERK_RULES_DIR"),
             os.environ.get("BERSERK_RULES_ROOT"))
    assert after == before and paths.RULES != tmp_path / "rules"


def test_a_git_worktree_runs_its_own_suite(tmp_path: Path) -> None:
    """A real `git worktree` of the kit's repository (not a copy): run from a folder inside it, the kit finds the
    worktree's root, names it on the first line, plays its scenarios (an edited title there is reported as
    edited) and writes its reports there, none into the main checkout."""
    if subprocess.run(["git", "-C", str(paths.ROOT), "rev-parse", "--is-inside-work-tree"],
                      capture_output=True, text=True).stdout.strip() != "true":
        pytest.skip("the kit is not a git checkout here (an installed kit): no worktree to make")
    tree = tmp_path / "wt"
    subprocess.run(["git", "-C", str(paths.ROOT), "worktree", "add", "--detach", "--quiet", str(tree), "HEAD"],
                   check=True, capture_output=True, text=True)
    try:
        feature = tree / FEATURE
        text = feature.read_text(encoding="utf-8")
        feature.write_text(text.replace(f"Сценарий: {TITLE}", f"Сценарий: {TITLE} в рабочем дереве", 1),
                           encoding="utf-8")
        before = (paths.ROOT / "reports" / "results.json").stat().st_mtime_ns \
            if (paths.ROOT / "reports" / "results.json").is_file() else None
        run = _run(tree / "features", "check", "--unit", UNIT)
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.stderr.splitlines()[0] == f"berserk-rules check: suite: {tree.resolve()} (found from the current folder)"
        assert _title(tree).startswith(f"{TITLE} в рабочем дереве")
        after = (paths.ROOT / "reports" / "results.json").stat().st_mtime_ns \
            if (paths.ROOT / "reports" / "results.json").is_file() else None
        assert after == before                                  # the main checkout's reports are untouched
    finally:
        subprocess.run(["git", "-C", str(paths.ROOT), "worktree", "remove", "--force", str(tree)],
                       capture_output=True, text=True)
