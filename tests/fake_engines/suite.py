"""A tiny throw-away copy of the kit for end-to-end runs of `berserk-rules check` against fake engines.

`make_root(tmp, scenarios)` writes a kit root (BERSERK_RULES_ROOT) whose features/ holds only the given
scenarios, each on its own board (rules/ and catalog/ are the real ones, linked), so that the harness's
own tests do not depend on the size or the state of the real suite. `run_check(root, …)` runs
`berserk-rules check` there in a subprocess and returns the process and the parsed results.json;
`check_in_process(…)` runs it on the kit's own suite in the test's process.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
FAULTY = Path(__file__).with_name("faulty.py")
MUTANTS = ("-m", "harness.quality.mutants")   # the mutant engines, served: python -m harness.quality.mutants NAME
PY = shlex.quote(sys.executable)
CLI = [sys.executable, "-X", "utf8", "-m", "harness.cli"]


def engine_cmd(mode: str) -> str:
    """The command line of the fake engine in this mode (see faulty.py)."""
    return f"{PY} {shlex.quote(str(FAULTY))} {mode}"


REFERENCE_CMD = f"{PY} -m engine.serve"


@dataclass
class Sc:
    """A fixture scenario: its board's first card id (`by-board` fakes read their fault from it) and
    whether the board uses inline test cards."""

    key: str
    inline: bool = False


def board_yaml(sc: Sc) -> str:
    if sc.inline:
        return f"""edition: classic
active: А
test_cards:
  - {{name: Гоблин, edition: classic, type: creature, lives: 4, strike: [1, 2, 3], source: "test card"}}
  - {{name: Тролль, edition: classic, type: creature, lives: 5, strike: [2, 2, 3], source: "test card"}}
cards:
  - {{id: x-{sc.key}, card: Гоблин, owner: А, cell: c3}}
  - {{id: troll, card: Тролль, owner: Б, cell: c4}}
"""
    return f"""edition: classic
active: А
cards:
  - {{id: x-{sc.key}, card: Мститель, owner: А, cell: b4}}
  - {{id: nevtida, card: Невтида, owner: Б, cell: c4}}
"""


def scenario_name(i: int, sc: Sc) -> str:
    return f"[fx-{i}] {sc.key}"


def scenario_id(i: int, sc: Sc) -> str:
    return f"classic/900-fixture::{scenario_name(i, sc)}"


def make_root(tmp: Path, scenarios: list[Sc], reference_expectations: str | None = None) -> Path:
    root = tmp / "kit"
    (root / "tests").mkdir(parents=True)
    (root / "features" / "classic").mkdir(parents=True)
    (root / "scenarios" / "fixture").mkdir(parents=True)
    for name in ("pyproject.toml", "conftest.py"):
        shutil.copy(REPO / name, root / name)
    shutil.copy(REPO / "tests" / "test_scenarios.py", root / "tests" / "test_scenarios.py")
    for name in ("rules", "catalog"):
        (root / name).symlink_to(REPO / name, target_is_directory=True)
    lines = ["# language: ru", "Функция: Фикстура для проверки протокола", ""]
    for i, sc in enumerate(scenarios, 1):
        (root / "scenarios" / "fixture" / f"{sc.key}.yaml").write_text(board_yaml(sc), "utf-8")
        lines += [f"  Сценарий: {scenario_name(i, sc)}",
                  f'    Дано расклад "fixture/{sc.key}.yaml"',
                  "    Когда игрок А пасует",
                  "    Тогда приоритет у игрока Б", ""]
    (root / "features" / "classic" / "900-fixture.feature").write_text("\n".join(lines), "utf-8")
    if reference_expectations is not None:
        (root / "expectations").mkdir()
        (root / "expectations" / "reference.yaml").write_text(reference_expectations, "utf-8")
    return root


def stable(sid: str) -> str:
    """A test's scenario id written the old way (``classic/900-fixture::[fx-1] …``) as the run reports it
    (``classic:fx-1``)."""
    from harness.suite.features import stable_id

    feature, sep, name = sid.partition("::")
    return stable_id(feature, name) if sep else sid


@dataclass
class Run:
    code: int
    out: str
    err: str
    results: dict[str, Any] | None
    report_dir: Path

    def status(self, sid: str) -> str:
        assert self.results is not None, f"no results.json\n{self.out}\n{self.err}"
        return self.result(sid)["status"]

    def result(self, sid: str) -> dict[str, Any]:
        assert self.results is not None, f"no results.json\n{self.out}\n{self.err}"
        found = [r for r in self.results["results"] if r["scenario"] in (sid, stable(sid))]
        assert found, f"no result for {sid}: {[r['scenario'] for r in self.results['results']]}"
        return found[0]

    def statuses(self) -> dict[str, str]:
        assert self.results is not None, f"no results.json\n{self.out}\n{self.err}"
        return _ByEitherId({r["scenario"]: r["status"] for r in self.results["results"]})


class _ByEitherId(dict):
    """Statuses by the stable id, also found by the old form of a test's id."""

    def __getitem__(self, sid: str) -> str:
        return super().__getitem__(stable(sid))

    def get(self, sid: str, default: object = None) -> object:  # type: ignore[override]
        return super().get(stable(sid), default)

    def __contains__(self, sid: object) -> bool:
        return super().__contains__(stable(sid) if isinstance(sid, str) else sid)


def run_check(root: Path, *args: str, env: dict[str, str] | None = None, timeout: float = 300,
              report_dir: Path | None = None) -> Run:
    report_dir = report_dir or root / "reports"
    full_env = dict(os.environ, BERSERK_RULES_ROOT=str(root), PYTHONUTF8="1", **(env or {}))
    proc = subprocess.run([*CLI, "check", "--report-dir", str(report_dir), *args], cwd=root,
                          capture_output=True, text=True, encoding="utf-8", env=full_env, timeout=timeout)
    results_file = report_dir / "results.json"
    results = json.loads(results_file.read_text("utf-8")) if results_file.is_file() else None
    return Run(proc.returncode, proc.stdout, proc.stderr, results, report_dir)


def check_in_process(*args: str, report_dir: Path) -> Run:
    """`berserk-rules check --report-dir DIR ARGS…` on the kit's own suite, in this process (`harness.cli.main`):
    the same `Run` as `run_check` — exit code, what it printed, results.json — for a test that reads those and not
    the process (a signal, the C locale, an encoding: tests that check those use `run_check`)."""
    import contextlib
    import io

    from harness.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", "--report-dir", str(report_dir), *args])
    results_file = report_dir / "results.json"
    results = json.loads(results_file.read_text("utf-8")) if results_file.is_file() else None
    return Run(code, out.getvalue(), err.getvalue(), results, report_dir)


def run_many(jobs: dict[str, tuple[Path, list[str], dict[str, str] | None]],
             report_dirs: dict[str, Path] | None = None) -> dict[str, Run]:
    """Several `run_check` at once (they are independent processes): name → (root, args, env)."""
    from concurrent.futures import ThreadPoolExecutor

    dirs = report_dirs or {}
    with ThreadPoolExecutor(max_workers=max(2, min(len(jobs), (os.cpu_count() or 2) + 1))) as pool:
        futures = {name: pool.submit(run_check, root, *args, env=env, report_dir=dirs.get(name))
                   for name, (root, args, env) in jobs.items()}
        return {name: f.result() for name, f in futures.items()}
