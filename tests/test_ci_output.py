"""Output made for logs and CI: plain lines off a terminal, GitHub annotations, the bare command line,
`--version`, examples in `--help`, progress on stderr (harness/common/console.py, harness/output/annotations.py,
harness/cli/help.py)."""

from __future__ import annotations

import functools
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from harness.common import console, paths
from harness.output import annotations
from harness.quality.mutation import KILLS
from harness.run.results import RunResults

ROOT = paths.ROOT
CLI = [sys.executable, "-m", "harness.cli"]
MUTANT = f"{sys.executable} -m harness.quality.mutants stack-fifo"
ANSI = re.compile(r"\x1b\[")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "GITHUB_WORKSPACE", "FORCE_COLOR", "NO_COLOR")}
    env.update({"COLUMNS": "40", "BERSERK_RULES_PROGRESS_EVERY": "0"}, **extra)  # a narrow "terminal"
    return env


def _cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], cwd=ROOT, capture_output=True, text=True, encoding="utf-8",
                          env=_env(**env), timeout=600)


@functools.cache
def _killing_units() -> list[str]:
    """`--unit` filters that select every scenario of KILLS["stack-fifo"] and few others (harness.quality.mutation's
    declared units: 38 of the 146 classic scenarios today, in the sections classic 113 and classic 503)."""
    from harness.quality.mutation import declared_units
    from harness.suite.features import scan_features

    units = declared_units(list(KILLS["stack-fifo"]), scan_features(paths.FEATURES, root=paths.ROOT))
    return [arg for unit in units for arg in ("--unit", unit)]


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path, Path]:
    """`check` against a mutant engine (the scenarios of KILLS["stack-fifo"] fail), piped, as in GitHub Actions.
    Only the units of those scenarios are run (`_killing_units`): the output of a run with failures is what the
    tests read, not every scenario of the suite."""
    out = tmp_path_factory.mktemp("failing")
    summary = out / "step-summary.md"
    proc = _cli("check", "--engine-cmd", MUTANT, "--edition", "classic", *_killing_units(),
                "--report-dir", str(out / "reports"),
                GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(summary), GITHUB_WORKSPACE=str(ROOT))
    return proc, out / "reports" / "results.json", summary


def test_piped_check_breaks_no_line_inside_a_word_or_an_id(failing_run) -> None:
    proc, results_file, _ = failing_run
    assert proc.returncode == 1, proc.stderr
    results = RunResults.load(results_file)
    out = proc.stdout
    assert not ANSI.search(out), "no colour off a terminal"
    lines = out.splitlines()
    # every unexpected result on one line, file:line first, its whole scenario id on it
    unexpected = results.unexpected
    assert len(unexpected) == len(KILLS["stack-fifo"])
    for r in unexpected:
        assert f"{r.feature}:{r.line}: {r.status} (expected {r.expected}): {r.scenario}" in lines
    # every section of the summary on one line (COLUMNS=40 does not wrap them)
    for section, counts in results.by_section():
        assert any(ln.strip().startswith(f"{section}: ") and ln.endswith(f"{counts['unexpected']} unexpected")
                   for ln in lines), section
    # and the reports' paths whole
    assert any(ln.startswith("reports: ") and ln.rstrip().endswith("index.html") for ln in lines)
    # nothing depends on the width: the same run at 40 and at 400 columns prints the same lines
    wide = _cli("check", "--engine-cmd", MUTANT, "--edition", "classic", *_killing_units(), "--report-dir",
                str(results_file.parent), COLUMNS="400")

    def norm(text: str) -> list[str]:
        return [re.sub(r"\d+\.\d+s\b", "N", ln) for ln in text.splitlines() if not ln.startswith("::")]
    assert norm(wide.stdout) == norm(out)
    # and the old hard wrap is gone: the longest line is longer than the 40 columns we gave
    assert max(len(ln) for ln in lines) > 100


def test_github_actions_get_one_error_per_unexpected_result_on_its_line(failing_run) -> None:
    proc, results_file, summary = failing_run
    results = RunResults.load(results_file)
    errors = [ln for ln in proc.stdout.splitlines() if ln.startswith("::error ")]
    assert len(errors) == len(results.unexpected) == len(KILLS["stack-fifo"])
    for r, cmd in zip(results.unexpected, errors, strict=True):
        props = dict(p.split("=", 1) for p in cmd[len("::error "):].split("::", 1)[0].split(","))
        assert props["file"] == r.feature and props["file"].startswith("features/classic/")
        assert props["line"] == str(r.line)
        feature_line = (ROOT / r.feature).read_text(encoding="utf-8").splitlines()[r.line - 1]
        assert r.name in feature_line and "Сценари" in feature_line  # the scenario's own line
        message = cmd.split("::", 2)[2]
        assert "\n" not in message and "%0A" in message and r.scenario in message
        assert "%3A" in props["title"] or ":" not in props["title"]  # escaped as a property
    text = summary.read_text(encoding="utf-8")
    counts = dict(results.by_section())["classic 113"]
    assert (f"| classic 113 | {counts['PASS']} | {counts['PARTIAL']} | {counts['FAIL']} |" in text and counts["FAIL"] > 0
            and f"| {counts['total']} | {counts['unexpected']} |" in text)
    for r in results.unexpected:
        assert r.scenario in text and f"`{r.units[0]}`" in text


def test_workflow_command_escaping() -> None:
    cmd = annotations.workflow_command("error", "50% done\r\nnext", file="a:b,c.feature", line=3, title="x: y, z")
    assert cmd == "::error file=a%3Ab%2Cc.feature,line=3,title=x%3A y%2C z::50%25 done%0D%0Anext"
    assert annotations.escape_data("a:b,c") == "a:b,c"  # the message keeps ':' and ','
    assert not annotations.in_github_actions({"GITHUB_ACTIONS": "false"})


def test_annotation_path_is_relative_to_the_workspace(tmp_path: Path) -> None:
    feature = "features/classic/x.feature"
    assert annotations.annotation_path(feature, {"GITHUB_WORKSPACE": str(ROOT.parent)}) == \
        f"{ROOT.name}/{feature}"
    assert annotations.annotation_path(feature, {"GITHUB_WORKSPACE": str(tmp_path)}) == feature
    assert annotations.annotation_path(feature, {}) == feature


def test_no_annotations_outside_github(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = SimpleNamespace(unexpected=[object()])
    assert annotations.emit_github(results, {"GITHUB_STEP_SUMMARY": str(tmp_path / "s")}) == 0
    assert capsys.readouterr().out == "" and not (tmp_path / "s").exists()


# ------------------------------------------------------------------------------------------ console
def _console_output(monkeypatch: pytest.MonkeyPatch, tty: bool, **env: str) -> str:
    for k in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(k, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return tty

    buffer = Stream()
    c = console.make_console(file=buffer)
    c.print("[red]красный[/red] " + "слово " * 30)
    return buffer.getvalue()


def test_console_is_plain_off_a_terminal_and_honours_no_color_and_force_color(monkeypatch) -> None:
    plain = _console_output(monkeypatch, tty=False)
    assert not ANSI.search(plain) and plain.count("\n") == 1  # no colour, no wrapping
    assert ANSI.search(_console_output(monkeypatch, tty=True))
    assert not ANSI.search(_console_output(monkeypatch, tty=True, NO_COLOR="1"))
    forced = _console_output(monkeypatch, tty=False, FORCE_COLOR="1")
    assert ANSI.search(forced)
    assert not ANSI.search(_console_output(monkeypatch, tty=False, FORCE_COLOR="1", NO_COLOR="1"))


def test_plain_progress_goes_to_stderr(monkeypatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("BERSERK_RULES_PROGRESS_EVERY", "0")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    with console.progress(3, "work") as bar:
        for name in ("a", "b", "c"):
            bar.advance(1, note=name)
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert lines[0].startswith("work: 0/3 (0%)")
    assert lines[-1].startswith("work: 3/3 (100%)") and lines[-1].endswith("— c")
    assert len(lines) == 4


def test_bench_json_stdout_stays_clean_with_progress() -> None:
    proc = _cli("bench", "--only", "orderings", "--orders", "20", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [f["name"] for f in data["figures"]] == ["orderings"]
    assert "bench:" in proc.stderr and "orderings" in proc.stderr


# ------------------------------------------------------------------------------------------ command line
def test_bare_command_lists_every_verb() -> None:
    from harness.cli import build_parser

    proc = _cli()
    assert proc.returncode == 0, proc.stderr
    verbs = [a for a in build_parser()._actions if a.__class__.__name__ == "_SubParsersAction"][0].choices
    listed = {ln.split()[0] for ln in proc.stdout.splitlines() if ln.startswith("  ") and ln.strip()}
    assert listed == set(verbs) and len(listed) >= 14
    assert "run every scenario against an engine" in proc.stdout


def test_version_names_kit_protocol_and_suite() -> None:
    from harness.engines.protocol import PROTOCOL_VERSION

    proc = _cli("--version")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("berserk-rules ") and lines[0].split()[1][0].isdigit()
    assert lines[1] == f"protocol {PROTOCOL_VERSION}"
    assert re.match(r"suite \S+ \(content [0-9a-f]{12}: ", lines[2])


def test_suite_hash_changes_with_a_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from harness.cli import help as cli_help

    for name in ("rules", "features", "scenarios"):
        (tmp_path / name).mkdir()
    (tmp_path / "scenarios" / "a.yaml").write_text("edition: classic\n", encoding="utf-8")
    monkeypatch.setattr(paths, "RULES", tmp_path / "rules")
    monkeypatch.setattr(paths, "FEATURES", tmp_path / "features")
    monkeypatch.setattr(paths, "SCENARIOS", tmp_path / "scenarios")
    before = cli_help.suite_hash()
    (tmp_path / "scenarios" / "a.yaml").write_text("edition: heroes\n", encoding="utf-8")
    assert cli_help.suite_hash() != before


def test_every_verb_help_has_an_example() -> None:
    from harness.cli import build_parser

    parser = build_parser()
    verbs = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"][0].choices
    for name, verb in verbs.items():
        epilog = verb.format_help().split("\nexample", 1)
        assert len(epilog) == 2, f"{name}: no examples in --help"
        assert re.search(rf"^  berserk-rules (--rules \S+ )?{name}\b", epilog[1], re.M), name


# ------------------------------------------------------------------------------------------ locale
def _locale_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONUTF8", "PYTHONIOENCODING", "LANG", "LC_CTYPE")}
    return {**env, "LC_ALL": "C", **extra}


def test_scenarios_and_check_work_under_the_c_locale_without_pythonutf8(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "test_scenarios.py"), "--unit", "classic:113.2",
                           "--report-dir", str(tmp_path / "a")],
                          cwd=ROOT, capture_output=True, env=_locale_env(), timeout=600)
    assert proc.returncode == 0, proc.stdout.decode("utf-8", "replace")[-2000:]
    check = subprocess.run([*CLI, "check", "--unit", "classic:113.2", "--report-dir", str(tmp_path / "b")],
                           cwd=ROOT, capture_output=True, env=_locale_env(), timeout=600)
    assert check.returncode == 0, check.stderr.decode("utf-8", "replace")
    out = check.stdout.decode("utf-8")  # UTF-8 on a C locale, not mojibake or \\u escapes
    assert "classic 113: " in out and "OK, every result as expected" in out


def test_an_ascii_locale_gets_a_clear_error_not_a_crash(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(ROOT / "tests" / "test_scenarios.py"), "--report-dir", str(tmp_path)],
                          cwd=ROOT, capture_output=True, env=_locale_env(PYTHONUTF8="0"), timeout=600)
    err = (proc.stdout + proc.stderr).decode("ascii", "replace")
    assert proc.returncode == 4, err[-2000:]  # pytest's usage error
    assert "file-system encoding 'ascii'" in err and "PYTHONUTF8=1" in err
    assert "INTERNALERROR" not in err


def test_plain_review_list_is_one_file_line_per_scenario() -> None:
    buffer = io.StringIO()
    c = console.make_console(file=buffer)
    pending = [SimpleNamespace(feature="features/classic/a.feature", line=7, review_units=["classic:113.2"],
                               scenario="classic/a::[113.2-1] Имя сценария")]
    annotations.print_plain_review(pending, c)
    lines = buffer.getvalue().splitlines()
    assert "features/classic/a.feature:7: needs review (changed: classic:113.2): classic/a::[113.2-1] Имя сценария" \
        in lines
    assert lines[-1] == ("Review them against the new wording: berserk-rules approve classic:113.2 (on a terminal "
                         "it shows each change with the scenarios' checks and asks per scenario; editorial changes "
                         "alone: berserk-rules approve --editorial)")


def test_lint_findings_become_annotations(capsys: pytest.CaptureFixture[str]) -> None:
    findings = [SimpleNamespace(severity="error", code="S006", name="board-invalid", file="scenarios/a.yaml",
                                line=3, message="cards[0].cell: expected a cell a1–e6"),
                SimpleNamespace(severity="warning", code="R001", name="numbering-gap", file="rules/x.txt", line=9,
                                message="115.2 is missing"),
                SimpleNamespace(severity="info", code="R010", name="unnumbered-paragraph", file="rules/x.txt",
                                line=1, message="…")]
    env = {"GITHUB_ACTIONS": "true"}
    assert annotations.emit_lint_annotations(findings, env) == 2          # info is left to the log
    out = capsys.readouterr().out.splitlines()
    assert out[0] == ("::error file=scenarios/a.yaml,line=3,title=S006 board-invalid::"
                      "S006 board-invalid: cards[0].cell: expected a cell a1–e6")
    assert out[1].startswith("::warning file=rules/x.txt,line=9,")
    assert annotations.emit_lint_annotations(findings, {}) == 0
