"""A kit an engine's CI installs: the wheel carries the whole suite, and `berserk-rules check` runs from an
empty folder in a clean virtual environment (dependencies installed by pip from the wheel's metadata).
Marked `install` and `e2e`: it runs in CI (`.ci/run`'s end-to-end step, `pytest -n auto -m e2e`), `-m "not install"`
leaves it out locally."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

import pytest

from harness.common import paths
from harness.suite.session import load_expectations

pytestmark = [pytest.mark.install, pytest.mark.e2e]


def test_the_wheel_runs_check_from_an_empty_folder(kit_wheel: Path) -> None:
    """The wheel of the checkout (tests/conftest.py `kit_wheel`, built once per session) installed with its
    dependencies into a new virtual environment, then `check` from an empty folder."""
    # a folder of its own: pytest's numbered tmp folders may be pruned by another pytest run meanwhile
    with tempfile.TemporaryDirectory(prefix="berserk-rules-install-") as tmp:
        _install_and_check(Path(tmp), kit_wheel)


def _install_and_check(tmp_path: Path, wheel: Path) -> None:
    env_dir = tmp_path / "venv"
    # the venv gets no pip of its own (ensurepip is the slowest part of creating one): this interpreter's pip
    # installs into it (`pip --python`), the wheel with the dependencies its metadata names
    venv.create(env_dir, with_pip=False)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    install = subprocess.run([sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "-q",
                              "--no-compile", str(wheel)], capture_output=True, text=True)
    if install.returncode != 0:
        pytest.skip(f"the dependencies could not be installed (no package index?): {install.stderr[-500:]}")
    empty = tmp_path / "empty"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("BERSERK_RULES_ROOT", "PYTHONPATH")}
    env["PYTHONUTF8"] = "1"
    # the reference engine over the protocol has the reference engine's known failures (none, or some: a rule
    # it does not carry out yet is declared there, strict): the run is given that file, and exactly those fail
    known = {sid: e for sid, e in load_expectations(paths.REFERENCE_EXPECTATIONS).items() if sid.startswith("heroes")}
    run = subprocess.run([str(bin_dir / "berserk-rules"), "check", "--engine-cmd",
                          f"{bin_dir / 'python'} -m engine.serve", "--edition", "heroes", "--report-dir", "r",
                          "--expectations", str(paths.REFERENCE_EXPECTATIONS)],
                         cwd=empty, capture_output=True, text=True, encoding="utf-8", env=env)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    # outside any kit the installed suite is used, and the first line says so
    assert run.stderr.splitlines()[0].startswith("berserk-rules check: suite: ") and \
        "outside any kit: the installed suite" in run.stderr.splitlines()[0], run.stderr[:500]
    # the summary names the known failures when there are some, and says nothing of them otherwise
    assert (f"{len(known)} known failure(s) listed in the expectations file" in run.stdout) == bool(known)
    results = json.loads((empty / "r" / "results.json").read_text(encoding="utf-8"))
    na = results["summary"]["N/A"]       # scenarios of the readings the reference engine does not hold by default
    assert results["summary"]["PASS"] == results["summary"]["total"] - len(known) - na > 20 and na > 0
    assert {r["scenario"]: r["status"] for r in results["results"] if r["status"] not in ("PASS", "N/A")} == \
        {sid: e["status"] for sid, e in known.items()}
    # the installed suite writes ./reports by default (a wheel's site-packages is nobody's to write in)
    default = subprocess.run([str(bin_dir / "berserk-rules"), "check", "--unit", "classic:113.1"], cwd=empty,
                             capture_output=True, text=True, encoding="utf-8", env=env)
    assert default.returncode == 0 and (empty / "reports" / "results.json").is_file(), default.stderr[-1000:]
    # inside a kit (this checkout), the installed kit runs that kit's suite, found from the current folder
    inside = subprocess.run([str(bin_dir / "berserk-rules"), "units", "--unit", "classic:113.1", "--json"],
                            cwd=paths.ROOT / "features", capture_output=True, text=True, encoding="utf-8", env=env)
    assert inside.returncode == 0 and inside.stderr.splitlines()[0] == \
        f"berserk-rules units: suite: {paths.ROOT.resolve()} (found from the current folder)", inside.stderr[:500]
    missing = subprocess.run([str(bin_dir / "berserk-rules"), "--rules", str(empty / "nowhere"), "units"],
                             cwd=empty, capture_output=True, text=True, encoding="utf-8", env=env)
    assert missing.returncode == 2
    assert "rules folder not found at" in missing.stderr and "--rules DIR" in missing.stderr
    # lint of the installed suite: its boards, catalog and expectations name their schema as the checkout laid
    # them out (the wheel moves the suite one level down): no S013 there, and the same findings as the checkout
    lint = subprocess.run([str(bin_dir / "berserk-rules"), "lint", "--json"], cwd=empty, capture_output=True,
                          text=True, encoding="utf-8", env=env)
    found = json.loads(lint.stdout)["findings"]
    assert [f for f in found if f["code"] == "S013"] == [], lint.stdout[-2000:]
    assert {f["code"] for f in found if f["severity"] == "error"} == set(), lint.stdout[-2000:]
