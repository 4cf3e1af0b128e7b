"""The CI recipes of docs/CI.md work: their commands, taken from the document's code blocks, run in a
temporary folder against a fake engine (a mutant engine with the known failures KILLS declares for it, and the
reference engine's own, expectations/reference.yaml), with the kit installed
from a wheel built once per test session.

What is not run, and why: the engine's build (`make`), the checkout/clone of the kit (the repository under
test is the checkout: `BERSERK_RULES_ROOT` points at it) and the recipe's own install commands (they build
the same wheel again and install its dependencies from the network; the session's wheel is installed with
`--no-deps` into a fresh virtual environment that borrows this one's dependencies). The test checks that
those install commands build and install a wheel of the kit's checkout.
"""

from __future__ import annotations

import os
import re
import site
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

from harness.common import paths
from harness.quality.mutation import KILLS, short_name
from harness.suite.session import load_expectations

pytestmark = pytest.mark.e2e          # the recipes' commands, in bash, with the kit installed from its wheel

ROOT = paths.ROOT
DOC = ROOT / "docs" / "CI.md"
ENGINE = f"{sys.executable} -m harness.quality.mutants stack-fifo"


def _known_failures() -> set[str]:
    """What the mutant engine fails: the scenarios that kill it (KILLS) and the reference engine's own known
    failures (expectations/reference.yaml: a mutant is the reference engine with one mistake more)."""
    return set(KILLS["stack-fifo"]) | {short_name(sid) for sid in load_expectations(paths.REFERENCE_EXPECTATIONS)}


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"^```{lang}\n(.*?)^```", DOC.read_text(encoding="utf-8"), re.S | re.M)


def _recipe(first_line: str) -> dict:
    block = next(b for b in _blocks("yaml") if b.startswith(first_line))
    return yaml.safe_load(block)


@pytest.fixture(scope="session")
def wheel_venv(kit_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment with the kit installed from its wheel (tests/conftest.py `kit_wheel`, built once per
    session), its dependencies borrowed."""
    base = tmp_path_factory.mktemp("wheel")
    wheel = kit_wheel
    venv = base / "venv"
    # no pip in the venv (ensurepip is the slowest part of creating one): this interpreter's pip installs into it
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=300)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True, timeout=300)
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    (Path(purelib) / "zz-borrowed-deps.pth").write_text("\n".join(site.getsitepackages()) + "\n", encoding="utf-8")
    where = subprocess.run([str(py), "-c", "import harness; print(harness.__file__)"], capture_output=True,
                           text=True, cwd=base, check=True).stdout.strip()
    assert where.startswith(str(venv)), f"the kit must come from the wheel, not the checkout: {where}"
    return venv


def _env(venv: Path, work: Path, extra: dict[str, str]) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("GITHUB_", "CI_", "BERSERK_", "VIRTUAL_ENV", "PYTHON", "FORCE_COLOR", "NO_COLOR"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["BERSERK_RULES_PROGRESS_EVERY"] = "60"
    return {**env, **extra}


def _run(script: str, work: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=work, env=env, capture_output=True,
                          text=True, encoding="utf-8", timeout=600)


@pytest.fixture(scope="session")
def started_expectations(wheel_venv: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The once-only command the document gives before the recipes run (run once, its file shared)."""
    text = DOC.read_text(encoding="utf-8")
    once = re.search(r"`(berserk-rules check --engine-cmd \"\$ENGINE_CMD\" --update-expectations [^`]+)`", text)
    assert once, "docs/CI.md names the command that starts the expectations file"
    work = tmp_path_factory.mktemp("start")
    proc = _run(once.group(1), work, _env(wheel_venv, work, {"BERSERK_RULES_ROOT": str(ROOT), "ENGINE_CMD": ENGINE}))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return (work / "berserk-rules-expectations.yaml").read_text(encoding="utf-8")


def _start_expectations(work: Path, text: str) -> None:
    (work / "berserk-rules-expectations.yaml").write_text(text, encoding="utf-8")


def _install_is_a_wheel(commands: str) -> None:
    assert re.search(r"pip wheel --no-deps --wheel-dir \S+ \"\$BERSERK_RULES_ROOT\"", commands)
    assert re.search(r"pip install \S*/dist/berserk_rules-\*\.whl", commands)
    assert "-e " not in commands and "--editable" not in commands


def _check_outcome(proc: subprocess.CompletedProcess[str], work: Path) -> ET.Element:
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    assert re.search(r"^berserk-rules \d", proc.stdout, re.M)               # --version
    assert f"{len(_known_failures())} known failure(s) listed in the expectations file" in proc.stdout
    junit = ET.parse(work / "reports" / "junit.xml").getroot()
    assert int(junit.get("tests", "0")) >= 100
    return junit


def test_github_actions_recipe(wheel_venv: Path, started_expectations: str, tmp_path: Path) -> None:
    recipe = _recipe("# .github/workflows/")
    job = recipe["jobs"]["berserk-rules"]
    steps = {s.get("name", s.get("uses", "")): s for s in job["steps"]}
    _install_is_a_wheel(steps["install the kit"]["run"])
    assert steps["build the engine"]["run"].strip() == "make"          # the engine's own build: not run here
    work = tmp_path / "engine-repo"
    work.mkdir()
    summary = tmp_path / "summary.md"
    env = _env(wheel_venv, work, {"BERSERK_RULES_ROOT": str(ROOT), "ENGINE_CMD": ENGINE})
    _start_expectations(work, started_expectations)
    gh = {**env, "GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": str(work), "GITHUB_STEP_SUMMARY": str(summary)}
    proc = _run(steps["berserk-rules check"]["run"], work, gh)
    _check_outcome(proc, work)
    assert "::error" not in proc.stdout                                 # known failures are not annotated
    assert "every result as expected" in summary.read_text(encoding="utf-8")
    assert steps["actions/upload-artifact@v4"]["with"]["path"] == "reports"
    # a new failure (an entry removed from the expectations file): the step fails with one annotation
    exp = work / "berserk-rules-expectations.yaml"
    data = yaml.safe_load(exp.read_text(encoding="utf-8"))
    dropped = sorted(data["expectations"])[0]
    del data["expectations"][dropped]
    exp.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    again = _run(steps["berserk-rules check"]["run"], work, gh)
    assert again.returncode == 1
    errors = [ln for ln in again.stdout.splitlines() if ln.startswith("::error ")]
    assert len(errors) == 1 and "file=features/classic/" in errors[0] and ",line=" in errors[0]
    assert dropped in again.stdout


def test_gitlab_recipe(wheel_venv: Path, started_expectations: str, tmp_path: Path) -> None:
    recipe = _recipe("# .gitlab-ci.yml")["berserk-rules"]
    assert recipe["before_script"] == ["make"]                          # the engine's own build: not run here
    assert recipe["artifacts"]["reports"]["junit"] == "reports/junit.xml"
    script = recipe["script"]
    clone = [c for c in script if c.startswith("git clone")]
    install = [c for c in script if "pip " in c]
    assert len(clone) == 1 and "$BERSERK_RULES_ROOT" in clone[0]
    _install_is_a_wheel("\n".join(install))
    rest = [c for c in script if c not in clone and c not in install]
    work = tmp_path / "engine-repo"
    work.mkdir()
    variables = {k: str(v).replace("$CI_PROJECT_DIR", str(work)) for k, v in recipe["variables"].items()}
    assert variables["BERSERK_RULES_ROOT"] == f"{work}/.berserk-rules"
    # the clone's place is the checkout: here a link to the repository under test
    (work / ".berserk-rules").symlink_to(ROOT, target_is_directory=True)
    env = _env(wheel_venv, work, {**variables, "ENGINE_CMD": ENGINE, "CI_PROJECT_DIR": str(work)})
    _start_expectations(work, started_expectations)
    proc = _run("\n".join(rest), work, env)
    junit = _check_outcome(proc, work)
    assert junit.tag == "testsuites"
    assert not [ln for ln in proc.stdout.splitlines() if ln.startswith("::")]  # no GitHub commands elsewhere
