"""Nothing lies, even when cancelled (issue 28): the hostile cases of interrupted runs, piped and closed output,
read-only output places, an engine that cannot start, and the messages and checks that were unclear. (The
bad files of these cases — a NEL line break, `true:`/`1:` keys, a missing or foreign `# language:` header,
an expectations reason given as a list — are in tests/bad_inputs/ with their exact lines.)

Signals: `check` runs as a process against a slow fake engine (each reply 0.3 s), and gets SIGINT, SIGTERM or
SIGHUP about 1 s after its start (still loading), about 3 s after it (pytest starting, the engine starting)
and mid-run (after its first scenario ended: deterministic, read from its progress lines). Whatever the
moment, the report folder holds the previous complete set untouched, or a set marked interrupted in
results.json, junit.xml and index.html with that previous set kept in `last-complete/`; no traceback; exit
130 (as a shell sees it). The nine runs are independent processes, started side by side.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fake_engines.suite import CLI, REPO, Sc, engine_cmd, make_root, run_check

from harness import cli

HOSTILE = REPO / "tests" / "fake_engines" / "hostile.py"
PY = shlex.quote(sys.executable)
RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
PREVIOUS = {"results.json": json.dumps({"previous": True, "results": [], "interrupted": False}),
            "junit.xml": "<testsuites name='previous'/>", "index.html": "<p>previous complete run</p>"}
linux = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc (Linux)")


# ------------------------------------------------------------------------------------------ signals
def _signalled_run(base: Path, sig: signal.Signals, when: str) -> dict[str, Any]:
    root = make_root(base, [Sc(f"s{i}") for i in range(6)])
    reports = root / "reports"
    reports.mkdir()
    for name, text in PREVIOUS.items():
        (reports / name).write_text(text, "utf-8")
    err_file = base / "stderr"
    env = dict(os.environ, BERSERK_RULES_ROOT=str(root), PYTHONUTF8="1", FAKE_ENGINE_DELAY="0.3",
               BERSERK_RULES_PROGRESS_EVERY="0")
    with err_file.open("w", encoding="utf-8") as err:
        proc = subprocess.Popen([*CLI, "check", "--report-dir", str(reports), "--engine-cmd", engine_cmd("slow")],
                                cwd=root, env=env, stdout=subprocess.PIPE, stderr=err, text=True, encoding="utf-8",
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        started = time.monotonic()
        if when == "mid-run":              # after the first scenario ended, long before the sixth
            while time.monotonic() - started < 90 and proc.poll() is None \
                    and not re.search(r"check: scenarios: [1-4]/6", err_file.read_text("utf-8")):
                time.sleep(0.05)
        else:
            time.sleep(float(when.rstrip("s")))
        proc.send_signal(sig)
        try:
            out, _ = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, _ = proc.communicate()
    return {"code": proc.returncode, "out": out, "err": err_file.read_text("utf-8"), "reports": reports}


@pytest.fixture(scope="module")
def signalled(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict[str, Any]]:
    base = tmp_path_factory.mktemp("signals")
    jobs = {(sig.name, when): (sig, when) for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
            for when in ("1s", "3s", "mid-run")}
    with ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = {key: pool.submit(_signalled_run, base / f"{key[0]}-{key[1]}", *job) for key, job in jobs.items()}
        return {key: f.result() for key, f in futures.items()}


@linux
@pytest.mark.parametrize("sig", ["SIGINT", "SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("when", ["1s", "3s", "mid-run"])
def test_a_signal_leaves_the_previous_complete_reports_or_a_set_marked_interrupted(
        signalled: dict[tuple[str, str], dict[str, Any]], sig: str, when: str) -> None:
    run = signalled[(sig, when)]
    reports: Path = run["reports"]
    assert "Traceback" not in run["err"] + run["out"], run["err"]
    # 130, or ended by SIGINT, which a shell reports as the same 130: Python ends that way when an interrupt
    # that a library swallowed (hypothesis's garbage-collector callback) is marked unhandled at its exit
    # (as in tests/test_signals_verbs.py); SIGTERM and SIGHUP are raised as the same interrupt
    # (harness.engines.process._interrupt), so they can end that way too (seen once for SIGHUP at 1 s)
    assert run["code"] in (130, -signal.SIGINT), \
        (run["code"], run["err"][-2000:])
    assert f"interrupted by {sig}" in run["err"], run["err"][-2000:]
    assert "OK, every result as expected" not in run["out"]
    data = json.loads((reports / "results.json").read_text("utf-8"))
    if data.get("previous"):                                   # untouched: all three files as they were
        assert {name: (reports / name).read_text("utf-8") for name in PREVIOUS} == PREVIOUS
        assert not (reports / "last-complete").exists()
        assert when != "mid-run", "a scenario had ended: its result must be reported, marked interrupted"
        return
    assert data["interrupted"] is True and data["interrupted_by"] == sig and data["summary"]["ok"] is False
    ran = {r["scenario"] for r in data["results"]}
    assert ran and data["not_run"] and not ran & set(data["not_run"]) and len(ran) + len(data["not_run"]) == 6
    junit = ET.parse(reports / "junit.xml").getroot()
    errors = [e for e in junit.iter("error") if e.get("type") == "INTERRUPTED"]
    assert len(errors) == 1 and f"interrupted by {sig}" in errors[0].get("message", "")
    assert all(sid in (errors[0].text or "") for sid in data["not_run"])
    html = (reports / "index.html").read_text("utf-8")
    assert "INTERRUPTED" in html and html.index("INTERRUPTED") < html.index("<section")
    kept = reports / "last-complete"                           # the previous complete set, beside it
    assert {name: (kept / name).read_text("utf-8") for name in PREVIOUS} == PREVIOUS


def test_a_complete_run_after_an_interrupted_one_drops_the_kept_set(tmp_path: Path) -> None:
    from harness.output.reports import write_reports
    from harness.run.results import RunInfo, RunResults, ScenarioResult

    run = RunInfo("engine", "1", "1.0.0", "0.1.0", 0, "2026-01-01T00:00:00Z", 1.0)
    done = ScenarioResult("classic:a-1", "[a-1] x", "features/classic/a.feature", 3, [], [], "PASS")
    extra = {"units": [], "coverage": None, "assumptions": []}
    write_reports(RunResults(run, [done]), tmp_path, extra)
    write_reports(RunResults(run, [done], interrupted=True, not_run=["classic:a-2"]), tmp_path, extra)
    assert json.loads((tmp_path / "last-complete" / "results.json").read_text("utf-8"))["interrupted"] is False
    assert json.loads((tmp_path / "results.json").read_text("utf-8"))["not_run"] == ["classic:a-2"]
    write_reports(RunResults(run, [done], interrupted=True, not_run=["classic:a-2"]), tmp_path, extra)
    assert json.loads((tmp_path / "last-complete" / "results.json").read_text("utf-8"))["interrupted"] is False
    write_reports(RunResults(run, [done]), tmp_path, extra)
    assert not (tmp_path / "last-complete").exists()
    assert json.loads((tmp_path / "results.json").read_text("utf-8"))["interrupted"] is False


# ------------------------------------------------------------------------------------------ output
def test_engine_text_in_piped_output_carries_no_raw_control_byte(tmp_path: Path) -> None:
    """An engine whose name and messages hold ESC, OSC, NUL, C1 and bidi controls; stdout and stderr into one
    pipe (`2>&1 | tee log`), GitHub annotations on: every byte shown is escaped, the reports keep the text."""
    root = make_root(tmp_path, [Sc("a")])
    env = dict(os.environ, BERSERK_RULES_ROOT=str(root), PYTHONUTF8="1", GITHUB_ACTIONS="true")
    proc = subprocess.run([*CLI, "check", "--report-dir", str(root / "reports"), "--engine-cmd",
                           f"{PY} {shlex.quote(str(HOSTILE))} escapes"], cwd=root, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    shown = proc.stdout.decode("utf-8")
    assert proc.returncode == 1, shown
    assert RAW_CONTROL.findall(shown) == [], shown
    assert "hostile-escapes\\x1b]0;pwned" in shown                       # the header line, escaped
    assert "refused \\x1b]0;pwned" in shown and "\\x00" in shown          # the message, escaped
    data = json.loads((root / "reports" / "results.json").read_text("utf-8"))
    assert data["run"]["engine"].startswith("hostile-escapes\x1b]0;pwned")   # the data keeps the real text


def test_json_piped_through_the_guard_stays_json_with_the_same_values() -> None:
    from harness.common.console import GuardedStream

    value = {"name": "a\x85b\u202ec\x1bd\x7f", "n": [1, 2]}
    out = io.StringIO()
    GuardedStream(out, "stdout").write(json.dumps(value, ensure_ascii=False))
    assert RAW_CONTROL.findall(out.getvalue()) == [] and json.loads(out.getvalue()) == value


def test_a_closed_pipe_ends_quietly_as_git_does() -> None:
    proc = subprocess.Popen([*CLI, "contract"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()                                  # the reader is gone before the first line
    err = proc.stderr.read().decode("utf-8")
    proc.wait(timeout=60)
    assert (proc.returncode, err) == (141, "")


def test_a_full_disk_and_a_closed_stdout_are_errors() -> None:
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([*CLI, "contract"], cwd=REPO, stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=60)
    assert (proc.returncode, proc.stderr) == (2, "berserk-rules: cannot write to stdout: No space left on device\n")
    closed = subprocess.run([*CLI, "contract"], cwd=REPO, stderr=subprocess.PIPE, text=True, timeout=60,
                            preexec_fn=lambda: os.close(1))
    assert closed.returncode == 2
    assert closed.stderr == ("berserk-rules: the standard output is closed (`>&-`): nothing could be written; "
                             "send it to a file, a pipe or /dev/null\n")


def test_in_process_a_closed_pipe_and_a_full_disk_are_caught(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    class Broken(io.StringIO):
        def __init__(self, error: OSError) -> None:
            super().__init__()
            self.error = error

        def write(self, text: str) -> int:
            raise self.error

    monkeypatch.setattr(sys, "stdout", Broken(BrokenPipeError(32, "Broken pipe")))
    assert cli.main(["steps"]) == 141
    monkeypatch.setattr(sys, "stdout", Broken(OSError(28, "No space left on device")))
    assert cli.main(["steps"]) == 2
    assert capsys.readouterr().err == "berserk-rules: cannot write to stdout: No space left on device\n"


@linux
def test_a_read_only_output_place_is_refused_in_one_line_before_any_work(tmp_path: Path) -> None:
    place = tmp_path / "read-only"
    place.mkdir()
    mounted = False
    if os.geteuid() == 0:                # root writes through mode bits: a read-only file system instead
        mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro", "tmpfs", str(place)],
                                 capture_output=True).returncode == 0
        if not mounted:
            pytest.skip("running as root without a way to make a read-only place")
    else:
        place.chmod(0o555)
    try:
        for argv, option in ((["site", "--out", str(place / "site")], "--out"),
                             (["check", "--report-dir", str(place / "r"), "--unit", "classic:113.2"], "--report-dir")):
            started = time.monotonic()
            proc = subprocess.run([*CLI, *argv], cwd=REPO, capture_output=True, text=True, timeout=60)
            assert proc.returncode == 2 and "Traceback" not in proc.stderr
            last = proc.stderr.strip().splitlines()[-1]
            assert last.startswith(f"berserk-rules {argv[0]}: error: argument {option}: {place / argv[2][len(str(place)) + 1:]}: "
                                   f"the folder {place} is not writable (")
            assert time.monotonic() - started < 30            # refused before any work (a site build is ~20 s)
    finally:
        if mounted:
            subprocess.run(["umount", str(place)], check=False)
        else:
            place.chmod(0o755)


# ------------------------------------------------------------------------------------------ engines
def test_an_engine_that_cannot_start_is_one_error_naming_its_command_and_stderr(tmp_path: Path) -> None:
    root = make_root(tmp_path, [Sc(f"s{i}") for i in range(4)])
    summary = tmp_path / "summary.md"
    run = run_check(root, "--engine-cmd", engine_cmd("crash-start"),
                    env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)})
    assert run.code == 3, run.out + run.err
    assert "Traceback" not in run.err
    errors = [line for line in run.err.splitlines() if line.startswith("error: ")]
    assert errors == [f"error: the engine could not be started: `{engine_cmd('crash-start')}` failed to start 2 "
                      "times in a row; the last attempt: the engine exited with code 3 while the harness waited for "
                      "its reply to `hello`"], run.err
    assert "fake engine: cannot load the card database" in run.err         # its stderr
    assert len([line for line in run.out.splitlines() if line.startswith("::error")]) == 1
    assert len(summary.read_text("utf-8").splitlines()) == 1
    assert run.results is not None and run.results["results"] == [] and len(run.results["not_run"]) == 4


def test_an_engine_that_closes_its_stdin_is_told_from_one_that_closes_its_stdout() -> None:
    from test_hostile import BOARD, DEFS

    from harness.engines.adapters import EngineFault
    from harness.engines.protocol import SubprocessAdapter

    adapter = SubprocessAdapter(f"{PY} {shlex.quote(str(HOSTILE))} close-stdin", request_timeout=10,
                                start_timeout=10)
    try:
        with pytest.raises(EngineFault) as info:
            adapter.setup(BOARD, DEFS)
    finally:
        adapter.shutdown()
    assert info.value.status == "CRASH"
    assert str(info.value).startswith("the engine closed its stdin (it reads no requests any more): the `setup` "
                                      "request could not be sent")


def test_a_protocol_version_with_a_trailing_newline_is_refused() -> None:
    from test_hostile import BOARD, DEFS

    from harness.engines.adapters import EngineFault
    from harness.engines.protocol import SubprocessAdapter

    adapter = SubprocessAdapter(f"{PY} {shlex.quote(str(HOSTILE))} version-nl", request_timeout=10, start_timeout=10)
    try:
        with pytest.raises(EngineFault) as info:
            adapter.setup(BOARD, DEFS)
    finally:
        adapter.shutdown()
    assert info.value.status == "ERROR" and info.value.at_start
    assert "the engine's reply to `hello` does not follow the protocol (schema hello-response): protocol: " \
           "'1.0.0\\n' does not match" in str(info.value)


def test_every_schema_pattern_ends_at_the_end_of_the_string() -> None:
    """ECMA-262's `$`, not Python's (which also matches before a final newline), in every validator."""
    from harness.common.jsonschemas import ecma_pattern
    from harness.run.results import RunInfo, RunResults, validate_results_json

    assert ecma_pattern("^a$").search("a") and not ecma_pattern("^a$").search("a\n")
    data = RunResults(RunInfo("e", "1", "1.0.0", "0.1.0", 0, "2026-01-01T00:00:00Z", 1.0), []).to_json()
    assert validate_results_json(data) == []
    data["run"]["protocol_version"] += "\n"
    assert [p.field for p in validate_results_json(data)] == ["run.protocol_version"]


# ------------------------------------------------------------------------------------------ messages
def test_a_name_twice_in_a_file_is_named_once_in_a_short_message(tmp_path: Path) -> None:
    from harness.suite.features import ScenarioInfo, duplicate_names

    def info(feature: str, name: str, line: int) -> ScenarioInfo:
        return ScenarioInfo(id=f"{feature}:{line}", name=name, feature=feature, line=line, tags=(), units=(),
                            assumptions=(), rule=None, steps=())

    many = [info(f"features/classic/{i}.feature", f"[s{i}-1] сценарий", 3) for i in range(300_000)]
    many.append(info("features/classic/7.feature", "[s7-1] сценарий", 9))
    problems = duplicate_names(many)
    assert [str(p) for p in problems] == [
        "features/classic/7.feature:9: scenario: the name «[s7-1] сценарий» is also at line 3 of this file: "
        "pytest-bdd would run only one of them; give each scenario its own name (lint S002)"]
    root = make_root(tmp_path, [Sc("a"), Sc("b")])
    feature = root / "features" / "classic" / "900-fixture.feature"
    feature.write_text(feature.read_text("utf-8").replace("[fx-2] b", "[fx-1] a"), "utf-8")
    run = run_check(root)            # pytest-bdd would have kept one: the run refuses the file instead
    assert run.code == 2 and run.err.splitlines()[0].startswith("berserk-rules check: suite: ")  # the root, then:
    assert "\n".join(run.err.splitlines()[1:]) == (
        "features/classic/900-fixture.feature:9: scenario: the name «[fx-1] a» is also at line 4 of this file: "
        "pytest-bdd would run only one of them; give each scenario its own name (lint S002)")


def test_a_feature_without_its_language_header_is_one_error(tmp_path: Path) -> None:
    from harness.common.errors import InputError
    from harness.suite.features import scan_features

    (tmp_path / "features").mkdir()
    text = (REPO / "tests" / "bad_inputs" / "features" / "no-steps.feature").read_text("utf-8")
    (tmp_path / "features" / "a.feature").write_text(text.replace("# language: ru\n", ""), "utf-8")
    with pytest.raises(InputError) as info:
        scan_features(tmp_path / "features", root=tmp_path)
    assert [str(p) for p in info.value.problems] == [
        "features/a.feature:1: gherkin: the feature has no «# language: ru» header, so Gherkin reads it as English "
        "and none of its Russian keywords (Функция, Сценарий, Дано…); put «# language: ru» on its first line"]


def test_lines_after_a_nel_are_counted_as_an_editor_counts_them() -> None:
    from harness.common.yamldoc import parse_yaml

    doc = parse_yaml('a: "с NEL\x85здесь"\nb:\n  c: 2\n', "x.yaml")
    assert doc.line_of(("b", "c")) == 3 and doc.line_of(("b",)) == 2


def test_the_two_large_inputs_load(tmp_path: Path) -> None:
    """A big expectations file (`berserk-rules bench --only big-inputs` times 200,000 entries): every entry
    read, none lost, and the line of a bad entry still found."""
    from harness.common.errors import InputError
    from harness.suite.session import load_expectations

    n = 20_000
    path = tmp_path / "big.yaml"
    path.write_text("expectations:\n" + "".join(f"  classic:x-{i}:\n    status: FAIL\n    reason: r{i}\n"
                                                 for i in range(n)), "utf-8")
    loaded = load_expectations(path)
    assert len(loaded) == n and loaded[f"classic:x-{n - 1}"] == {"status": "FAIL", "reason": f"r{n - 1}"}
    with path.open("a", encoding="utf-8") as f:
        f.write("  classic:bad:\n    status: PASS\n    reason: r\n")
    with pytest.raises(InputError, match=rf"big.yaml:{3 * n + 2}: expectations.classic:bad.status"):
        load_expectations(path)


def test_junit_files_are_relative_to_the_workspace_as_the_annotations(monkeypatch: pytest.MonkeyPatch) -> None:
    from harness.common import paths
    from harness.output.annotations import annotation_path
    from harness.output.reports import render_junit
    from harness.run.results import RunInfo, RunResults, ScenarioResult

    monkeypatch.setenv("GITHUB_WORKSPACE", str(paths.ROOT.parent))
    run = RunInfo("engine", "1", "1.0.0", "0.1.0", 0, "2026-01-01T00:00:00Z", 1.0)
    feature = "features/classic/113-x.feature"
    junit = ET.fromstring(render_junit(RunResults(run, [ScenarioResult("classic:a-1", "[a-1] x", feature, 3, [], [],
                                                                       "FAIL", message="no")])))
    expected = f"{paths.ROOT.resolve().name}/{feature}"
    assert annotation_path(feature) == expected
    assert {e.get("file") for e in junit.iter() if e.get("file")} == {expected}


def test_temporary_probe_files_are_never_left_behind() -> None:
    from harness.common.argtypes import output_dir

    with tempfile.TemporaryDirectory() as folder:
        output_dir(folder)
        assert os.listdir(folder) == []


def test_a_collection_error_leaves_the_previous_reports_and_says_the_run_could_not_be_run(tmp_path: Path) -> None:
    """pytest ends a collection error as INTERRUPTED, with no signal: nothing ran, so it is neither a complete
    (empty) run that replaces the reports nor an interrupted one — `check` says so and exits 2."""
    root = make_root(tmp_path, [Sc("a")])
    first = run_check(root)
    assert first.code == 0 and first.results is not None and len(first.results["results"]) == 1, first.out
    with (root / "tests" / "test_scenarios.py").open("a", encoding="utf-8") as fh:
        fh.write("\nimport a_module_that_does_not_exist  # noqa\n")
    broken = run_check(root)
    assert broken.code == 2, broken.out + broken.err
    assert "could not be run (pytest exit code 2)" in broken.out + broken.err
    assert broken.results == first.results                       # the complete set of before, untouched
    assert not (broken.report_dir / "last-complete").exists()


def test_reports_on_a_full_disk_say_so_not_that_nothing_ran(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A full disk while the reports are written: the reason in one line, then that the scenarios ran and the old
    reports were left as they were (never «the scenarios could not be run»); exit 2; the old reports intact."""
    from harness.common import safeio

    report_dir = tmp_path / "r"
    report_dir.mkdir()
    (report_dir / "results.json").write_text('{"old": true}', encoding="utf-8")

    def full(files: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safeio, "atomic_write_many", full)
    assert cli.main(["check", "--unit", "classic:113.1", "--report-dir", str(report_dir)]) == 2
    err = capsys.readouterr().err
    assert f"the reports could not be written to {report_dir}: [Errno 28] No space left on device" in err
    assert "the scenarios ran, but their reports could not be written" in err and "could not be run" not in err
    assert "Traceback" not in err
    assert (report_dir / "results.json").read_text(encoding="utf-8") == '{"old": true}'
