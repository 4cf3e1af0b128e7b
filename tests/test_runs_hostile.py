"""Hostile inputs that need a whole `berserk-rules check` run: features and boards that must end as ERROR
without emptying the run, engines that leave children behind or reply what no report can hold, a corrupt
review lock, and real signals (SIGINT, SIGTERM) in the middle of a run.

The runs are independent processes started side by side (one module fixture), each under a time limit.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_engines.suite import CLI, FAULTY, REPO, Run, Sc, make_root, run_many

HERE = Path(__file__).resolve().parent
HOSTILE = HERE / "fake_engines" / "hostile.py"
PY = shlex.quote(sys.executable)
FEATURE = "features/classic/901-hostile.feature"

GOOD_STEPS = ['    Дано расклад "fixture/ok.yaml"', "    Когда игрок А пасует", "    Тогда приоритет у игрока Б"]

# scenario name → (its lines after the name, the expected status, the expected message)
RUN_CASES: dict[str, tuple[list[str], str, str]] = {
    "[h-1] хороший": (GOOD_STEPS, "PASS", ""),
    "[h-2] с простым тегом": (GOOD_STEPS, "ERROR", f"{FEATURE}:LINE: @wip: a plain tag names neither a rule unit "
                              "(@classic:113.2) nor an assumption (@asm:<id>); the kit knows no other tags: remove it"),
    "[h-3] без шагов": ([], "ERROR", f"{FEATURE}:LINE: steps: the scenario has no steps: it would pass without "
                        "checking anything; give it a «Дано» and a «Тогда»"),
    "[h-4] Тогда до Дано": (["    Тогда приоритет у игрока А", *GOOD_STEPS], "ERROR",
                            f"{FEATURE}:LINE+1: steps: the scenario starts with «Тогда приоритет у игрока А»: a "
                            "scenario starts with «Дано» (the board), then «Когда», then «Тогда»"),
    "[h-5] расклад вне scenarios": (['    Дано расклад "../../../../../../../../etc/passwd"', *GOOD_STEPS[1:]], "ERROR",
                                    "../../../../../../../../etc/passwd: the board is outside scenarios/"),
    "[h-6] абсолютный путь": (['    Дано расклад "/etc/passwd"', *GOOD_STEPS[1:]], "ERROR",
                              "/etc/passwd: the board is outside scenarios/"),
    "[h-7] ссылка наружу": (['    Дано расклад "fixture/link.yaml"', *GOOD_STEPS[1:]], "ERROR",
                            "fixture/link.yaml: the board is outside scenarios/"),
    "[h-8] не расклад": (['    Дано расклад "fixture"', *GOOD_STEPS[1:]], "ERROR",
                         "scenarios/fixture: no such board file under scenarios/"),
    "[h-9] отказ без класса": ([GOOD_STEPS[0], '    Тогда игрок А не может применить способность "x: y"'], "ERROR",
                               f'{FEATURE}:LINE+2: steps: «Тогда игрок А не может применить способность "x: y"» '
                               "expects a refusal without naming its class: a refusal counts only with its reason; "
                               "end the step with the class in brackets, one of: (нет приоритета), (не сейчас), "
                               "(ждёт решения), (один раз за ход), (нет цели), (чужая карта), (карта закрыта), "
                               "(нечем платить), (условие не выполнено), (нет запаса движения), "
                               "(не соседняя клетка), (игра окончена), (по правилам)"),
}


def _hostile_kit(base: Path) -> Path:
    root = make_root(base, [Sc("ok")])
    (root / "scenarios" / "fixture" / "link.yaml").symlink_to("/etc/passwd")
    lines = ["# language: ru", "Функция: Враждебные сценарии", ""]
    for name, (steps, _, _) in RUN_CASES.items():
        if "тегом" in name:
            lines.append("  @wip")
        lines += [f"  Сценарий: {name}", *steps, ""]
    (root / FEATURE).write_text("\n".join(lines), "utf-8")
    bom = ["\ufeff# language: ru", "Функция: С меткой порядка байтов", "",
           "  Сценарий: [bom-1] файл с BOM читается", *GOOD_STEPS, ""]
    (root / "features" / "classic" / "902-bom.feature").write_text("\n".join(bom), "utf-8")
    outside = base / "outside.feature"
    outside.write_text("\n".join(["# language: ru", "Функция: Снаружи", "",
                                  "  Сценарий: [out-1] снаружи", *GOOD_STEPS, ""]), "utf-8")
    (root / "features" / "classic" / "903-ссылка.feature").symlink_to(outside)
    return root


def _line_of(root: Path, name: str) -> int:
    lines = (root / FEATURE).read_text("utf-8").splitlines()
    return next(i for i, ln in enumerate(lines, 1) if ln.endswith(name))


def _alive(mark: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if mark.encode() in Path(f"/proc/{name}/cmdline").read_bytes() and \
                        Path(f"/proc/{name}/stat").read_text().split(")")[1].split()[0] != "Z":
                    found.append(int(name))
            except OSError:
                continue
    return found


MARK = f"{os.getpid() % 997}.{time.time_ns() % 10**5}"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Run]:
    base = tmp_path_factory.mktemp("hostile-runs")
    two = [Sc("a"), Sc("b")]
    rules = base / "rules-corrupt-lock"
    shutil.copytree(REPO / "rules", rules)
    (rules / "review.lock").write_text("version: 1\nunits: [this, is, not, a, mapping\n", "utf-8")
    jobs = {
        "suite": (_hostile_kit(base / "suite"), [], None),
        "orphan-sh": (make_root(base / "orphan-sh", two),
                      ["--engine-cmd", f"sh -c 'sleep {MARK}1 & exec {PY} -m engine.serve'"], None),
        "orphan-crash": (make_root(base / "orphan-crash", two),
                         ["--engine-cmd", f"{PY} {HOSTILE} orphan crash", "--request-timeout", "2"],
                         {"HOSTILE_MARK": f"{MARK}2"}),
        "surrogate": (make_root(base / "surrogate", two), ["--engine-cmd", f"{PY} {HOSTILE} surrogate"], None),
        "corrupt-lock": (make_root(base / "corrupt-lock", two), ["--rules", str(rules)], None),
        "reports-blocked": (make_root(base / "reports-blocked", two), [], None),
    }
    blocked = base / "blocked-reports"
    (blocked / "results.json").mkdir(parents=True)        # what a read-only or odd report folder gives
    return run_many(jobs, report_dirs={"reports-blocked": blocked})


@pytest.mark.parametrize("name", sorted(RUN_CASES))
def test_a_bad_scenario_is_an_error_and_the_others_still_run(runs: dict[str, Run], name: str) -> None:
    run = runs["suite"]
    assert "Traceback" not in run.out + run.err, run.out + run.err
    assert run.code == 1, run.out + run.err
    _, status, message = RUN_CASES[name]
    result = run.result(f"classic/901-hostile::{name}")
    root = run.report_dir.parent
    line = _line_of(root, name)
    expected = message.replace("LINE+2", str(line + 2)).replace("LINE+1", str(line + 1)).replace("LINE", str(line))
    assert result["status"] == status
    assert result["message"].endswith(expected) if expected else result["message"] == "", result["message"]


def test_nothing_outside_scenarios_reaches_the_reports(runs: dict[str, Run]) -> None:
    run = runs["suite"]
    for name in ("results.json", "junit.xml", "index.html"):
        assert "root:x:0:0" not in (run.report_dir / name).read_text("utf-8")
    assert "root:x:0:0" not in run.out + run.err
    assert "OK, every result as expected" not in run.out


def test_a_feature_with_a_bom_runs_and_a_feature_linked_from_outside_is_an_error(runs: dict[str, Run]) -> None:
    run = runs["suite"]
    assert run.status("classic/902-bom::[bom-1] файл с BOM читается") == "PASS"
    linked = [r for r in run.results["results"] if r["name"] == "[out-1] снаружи"]
    assert [r["status"] for r in linked] == ["ERROR"]
    assert "is a link to" in linked[0]["message"] and "outside features/" in linked[0]["message"]


def test_a_child_left_by_the_engine_neither_hangs_check_nor_survives_it(runs: dict[str, Run]) -> None:
    run = runs["orphan-sh"]
    assert run.code == 0, run.out + run.err
    assert set(run.statuses().values()) == {"PASS"}
    assert _alive(f"{MARK}1") == []


def test_an_engine_crashing_with_a_child_in_its_own_session_ends_and_leaves_nothing(runs: dict[str, Run]) -> None:
    run = runs["orphan-crash"]
    assert run.code == 1, run.out + run.err
    assert set(run.statuses().values()) == {"CRASH"}
    assert _alive(f"{MARK}2") == []


def test_a_lone_surrogate_in_a_reply_is_an_error_and_every_report_is_written(runs: dict[str, Run]) -> None:
    run = runs["surrogate"]
    assert "Traceback" not in run.out + run.err, run.err
    assert run.code == 1
    assert set(run.statuses().values()) == {"ERROR"}
    assert all("a lone surrogate" in r["message"] for r in run.results["results"])
    for name in ("junit.xml", "index.html"):
        assert (run.report_dir / name).is_file()


def test_a_corrupt_review_lock_is_an_error_not_untracked_review(runs: dict[str, Run]) -> None:
    run = runs["corrupt-lock"]
    assert run.code == 2, run.out + run.err
    assert "Traceback" not in run.out + run.err
    assert "review.lock:3: YAML syntax error" in run.err
    assert run.results is None


# ------------------------------------------------------------------------------------------ signals
def _start(root: Path, report_dir: Path, log: Path, mark: str) -> subprocess.Popen:
    """`check` against a slow engine that, like many wrappers, leaves a helper process running beside it."""
    env = dict(os.environ, BERSERK_RULES_ROOT=str(root), PYTHONUTF8="1", FAKE_ENGINE_DELAY="0.2",
               FAKE_ENGINE_LOG=str(log))
    engine = f"sh -c 'sleep {mark} & exec {PY} {shlex.quote(str(FAULTY))} slow'"
    return subprocess.Popen([*CLI, "check", "--report-dir", str(report_dir), "--engine-cmd", engine],
                            cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def _pid_alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_mid_run_leaves_complete_reports_marked_interrupted_and_no_engine(
        sig: signal.Signals, tmp_path: Path) -> None:
    root = make_root(tmp_path, [Sc(f"s{i}") for i in range(12)])
    report_dir, log = tmp_path / "reports", tmp_path / "pids"
    report_dir.mkdir()
    (report_dir / "results.json").write_text('{"previous": true}', "utf-8")    # a previous run's report
    mark = f"{MARK}{int(sig)}"
    proc = _start(root, report_dir, log, mark)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (log.is_file() and log.read_text().strip()):
        time.sleep(0.1)
    time.sleep(1.0)                            # a scenario or two done (0.2 s per request), most not
    proc.send_signal(sig)
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail("check did not end after the signal")
    assert proc.returncode != 0, out + err
    assert "OK, every result as expected" not in out
    assert "Traceback" not in err, err
    data = json.loads((report_dir / "results.json").read_text("utf-8"))
    assert data.get("previous") or data["interrupted"] is True, data
    if not data.get("previous"):
        assert data["summary"]["ok"] is False
        ran = {r["scenario"] for r in data["results"]}
        assert data["not_run"] and not ran & set(data["not_run"])
        assert len(ran) + len(data["not_run"]) == 12
        assert (report_dir / "junit.xml").is_file() and (report_dir / "index.html").is_file()
    pids = [int(p) for p in log.read_text().split()]
    end = time.monotonic() + 5
    while any(_pid_alive(p) for p in pids) and time.monotonic() < end:
        time.sleep(0.05)
    assert not any(_pid_alive(p) for p in pids), "an engine process was left running"
    assert _alive(mark) == [], "the engine's helper process was left running"


def test_reports_that_cannot_be_written_are_an_error_not_a_traceback(runs: dict[str, Run]) -> None:
    run = runs["reports-blocked"]
    assert run.code == 2, run.out + run.err
    assert "Traceback" not in run.out + run.err
    assert "the reports could not be written to" in run.err and "results.json: is a folder" in run.err
    assert (run.report_dir / "results.json").is_dir() and not list(run.report_dir.glob(".*.tmp"))
