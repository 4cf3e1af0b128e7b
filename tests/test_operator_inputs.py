"""Hostile inputs of operators and editors (issue 36): each is one located error line with the right exit code,
nothing replaced, no traceback. (The corpus of bad files is tests/bad_inputs/; these are the command-line ones.)"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml

from harness import cli
from harness.common import paths


def test_a_huge_unit_value_is_refused_without_echoing_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["check", "--unit", "x" * 100_000])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "a value of 100,000 characters" in err and len(err) < 2_000


def test_a_reading_given_twice_is_one_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["check", "--reading", "heroes-queue=lifo", "--reading", "heroes-queue=fifo"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == \
        "--reading: heroes-queue: given 2 times (lifo, fifo): a run plays one reading of a group; give it once"


def test_update_expectations_drops_entries_naming_no_scenario(tmp_path: Path) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text(yaml.safe_dump({"expectations": {
        "classic:999.9-1": {"status": "FAIL", "reason": "a scenario that is gone"},
        "heroes:113.1-1": {"status": "FAIL", "reason": "outside the filter, kept"}}}), encoding="utf-8")
    code = cli.main(["check", "--unit", "classic:113.1", "--expectations", str(f), "--update-expectations", str(f),
                     "--report-dir", str(tmp_path / "r")])
    kept = yaml.safe_load(f.read_text(encoding="utf-8"))["expectations"]
    assert code == 0 and "classic:999.9-1" not in kept and kept["heroes:113.1-1"]["reason"] == "outside the filter, kept"


def test_approve_with_stdin_closed_ends_as_at_the_end_of_input(tmp_path: Path) -> None:
    import shutil

    for folder in ("features", "scenarios", "catalog", "expectations"):     # read only: links will do
        (tmp_path / folder).symlink_to(paths.ROOT / folder)
    shutil.copytree(paths.ROOT / "rules", tmp_path / "rules")              # its review.lock may be written
    text = (tmp_path / "rules" / "classic-113.txt").read_text(encoding="utf-8")
    (tmp_path / "rules" / "classic-113.txt").write_text(text.replace("4 или менее", "5 или менее"), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("BERSERK_RULES_")}
    proc = subprocess.run(f"{sys.executable} -X utf8 -m harness.cli --root {tmp_path} approve --ask <&-", shell=True,
                          capture_output=True, text=True, encoding="utf-8", env=env, timeout=300)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert "left to review" in proc.stdout


def test_approve_into_a_folder_that_cannot_be_written_is_one_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """A read-only rules folder (root writes anyway, so the refusal is made where the file system makes it)."""
    import shutil

    shutil.copytree(paths.ROOT / "rules", tmp_path / "rules")
    lock = tmp_path / "rules" / "review.lock"
    before = lock.read_bytes()
    (tmp_path / "rules" / "classic-113.txt").write_text(
        (tmp_path / "rules" / "classic-113.txt").read_text(encoding="utf-8").replace("определенным", "определённым"),
        encoding="utf-8")

    def read_only(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    assert cli.main(["--rules", str(tmp_path / "rules"), "approve", "--all"]) == 2
    err = capsys.readouterr().err
    assert "cannot write the review lock: Read-only file system" in err and "Traceback" not in err
    assert lock.read_bytes() == before


def test_the_site_server_serves_regular_files_inside_its_folder_only(tmp_path: Path) -> None:
    import threading
    import urllib.error
    import urllib.request

    from harness.output.sandbox_site import server

    site = tmp_path / "site"
    (site / "u").mkdir(parents=True)
    (site / "index.html").write_text("<p>site</p>", encoding="utf-8")
    (site / "u" / "a.html").write_text("<p>a</p>", encoding="utf-8")
    (site / "empty").mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("outside", encoding="utf-8")
    (site / "leak.txt").symlink_to(secret)
    (site / "inner.html").symlink_to(site / "u" / "a.html")           # a link that stays inside is fine
    httpd = server(site)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    host, port = httpd.server_address[:2]

    def status(path: str) -> int:
        try:
            with urllib.request.urlopen(f"http://{host}:{port}{path}", timeout=10) as reply:
                return reply.status
        except urllib.error.HTTPError as exc:
            return exc.code

    try:
        assert [status(p) for p in ("/", "/u/a.html", "/inner.html")] == [200, 200, 200]
        assert [status(p) for p in ("/leak.txt", "/empty/", "/../secret.txt", "/nothing")] == [404] * 4
        assert status("/index.html%00.txt") == 400
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_link_loop_in_features_is_named_once(tmp_path: Path) -> None:
    from harness.common.errors import InputError
    from harness.suite.features import feature_files, scan_features

    features = tmp_path / "features"
    (features / "classic").mkdir(parents=True)
    (features / "classic" / "a.feature").write_text(
        (paths.ROOT / "tests" / "bad_inputs" / "features" / "when-first.feature").read_text(encoding="utf-8"),
        encoding="utf-8")
    (features / "classic" / "loop").symlink_to("..")
    (features / "again").symlink_to("classic")
    files, problems = feature_files(features, tmp_path)
    assert [p.relative_to(features).as_posix() for p in files] == ["classic/a.feature"]
    assert sorted(str(p) for p in problems) == [
        "features/again: leads to features/classic, already read as features/classic: its features would be read "
        "twice; remove the link",
        "features/classic/loop: a symbolic link loop: it leads back to features, a folder it stands in; remove the link"]
    with pytest.raises(InputError) as exc:
        scan_features(features, tmp_path)
    assert len(exc.value.problems) == 2


def test_a_signal_during_the_sites_runs_ends_the_site_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """pytest catches the signal and ends its run early: the site build ends too (130, «interrupted»), no page
    made of half a run (was: the whole site written, exit 0; or «could not be run», exit 2)."""
    from harness.output import playout
    from harness.run.results import RunInfo, RunResults
    from harness.run.runner import Outcome

    def interrupted(*args: object, **kwargs: object) -> Outcome:
        results = RunResults(run=RunInfo.__new__(RunInfo), results=[], interrupted=True, interrupted_by="SIGTERM")
        return Outcome(2, results)

    monkeypatch.setattr(playout, "run", interrupted)
    assert cli.main(["site", "--out", str(tmp_path / "site")]) == 130
    assert "interrupted by SIGTERM" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()
    monkeypatch.setattr(playout, "run", lambda *a, **k: Outcome(2, None))    # before any result: not a signal
    with pytest.raises(Exception, match="could not be run"):
        playout.run_playouts()


def test_bench_draws_no_box_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    from harness.cli.bench import print_comparison, print_table
    from harness.quality.bench import Figure, compare

    figures = [Figure("check", "check, run time", 1.5, "s", 2.0), Figure("orderings", "orderings", 4000.0, "/s", 5000.0,
                                                                        better="higher")]
    print_table(figures)
    print_comparison(compare(figures, {"check": {"value": 2.0}, "orderings": {"value": 3000.0}}), "saved.json")
    out = capsys.readouterr().out
    assert not set("┏┃━│─┗") & set(out) and "[green]" not in out and "[red]" not in out
    assert "check, run time · 1.5 s · ≤ 2 s · meets" in out and "orderings · 4,000 /s · ≥ 5,000 /s · MISSES" in out
    assert "orderings · 3,000 /s · 4,000 /s · 1.33× · better by 25 %" in out


def test_the_sandbox_refuses_a_tag_no_file_system_can_name() -> None:
    from harness.output.sandbox import Sandbox, SandboxError

    box = Sandbox.__new__(Sandbox)
    box.board, box.origin, box.moves, box.pos = {"edition": "classic"}, {"units": ["classic:113.2"]}, [], 0
    with pytest.raises(SandboxError, match="не длиннее 60 знаков"):
        box.export("classic:113.2", "x" * 100_000)


def test_a_huge_feature_list_with_one_duplicate_names_the_duplicate_only() -> None:
    from harness.engines.protocol import problems

    hello = {"id": 1, "ok": True, "protocol": "1.0.0", "engine": {"name": "x", "version": "1"},
             "capabilities": {"editions": ["classic"], "features": [f"f{i}" for i in range(200_000)] + ["f5"]}}
    found = problems("hello-response", hello)
    assert found == ['capabilities.features: items must be unique; given more than once: "f5" (in a list of 200,001)']
