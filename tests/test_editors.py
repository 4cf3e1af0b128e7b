"""Issue 27, rules editors: a change of meaning cannot slip through, a typo costs nothing.

Selecting a section (`--unit classic:113`), plain `units`/`coverage` in a log, lint for people, change
classes in `diff`, approval per scenario against the unit's hash, the `Правило:` heading that must follow
its unit (S032), and pre-commit guarding the repository it runs in (tests/test_precommit.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from harness.common import paths
from harness.rules.corpus import load_corpus
from harness.suite.features import scan_features

ROOT = paths.ROOT
CLI = [sys.executable, "-m", "harness.cli"]


def _cli(*args: str, cwd: Path = ROOT, input: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """The command line off a terminal (plain output), as in a log."""
    environ = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "BERSERK_RULES_DIR")}
    return subprocess.run([*CLI, *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8", input=input,
                          env=dict(environ, PYTHONUTF8="1", **env), timeout=300)


# ------------------------------------------------------------------------------------------ 5. sections
def test_a_section_a_clause_and_an_edition_section_select_every_unit_under_them() -> None:
    corpus = load_corpus(paths.RULES, root=ROOT)
    section = [u.id for u in corpus.under("classic:113")]
    assert section == [u.id for u in corpus.units if u.edition == "classic" and u.section == "113"]
    bullets = [u.id for u in corpus.under("classic:503.1")]
    assert bullets[0] == "classic:503.1" and len([b for b in bullets if ".b" in b]) == 19
    assert "classic:503.10" not in bullets and all(b == "classic:503.1" or b.startswith("classic:503.1.") for b in bullets)
    heroes = [u.id for u in corpus.under("heroes:113")]
    assert "heroes:113.3.dup2" in heroes and not any(h.startswith("heroes:114") for h in heroes)
    assert corpus.selector_problem("classic:113") is None
    assert "unknown prefix «cl:»" in (corpus.selector_problem("cl:113") or "")
    assert "did you mean classic:113.2 or heroes:113.2" in (corpus.selector_problem("113.2") or "")
    assert "sections of classic: 113, 503, 536, 537, 538" in (corpus.selector_problem("classic:999") or "")


def test_check_unit_classic_113_runs_section_113(tmp_path: Path) -> None:
    proc = _cli("check", "--unit", "classic:113", "--report-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))["results"]
    wanted = {s.id for s in scan_features(paths.FEATURES, root=ROOT)
              if any(u == "classic:113" or u.startswith("classic:113.") for u in s.units)}
    assert {r["scenario"] for r in ran} == wanted and len(wanted) > 20
    assert all(any(u.startswith("classic:113.") for u in r["units"]) for r in ran)


def test_an_unknown_prefix_is_a_clear_error_in_every_verb_with_unit() -> None:
    for verb in (["check"], ["units"]):
        proc = _cli(*verb, "--unit", "clasic:113")
        assert proc.returncode == 2
        assert proc.stderr.strip() == "--unit: clasic:113: unknown prefix «clasic:» (expected classic:, heroes: or asm:)"
    assert _cli("check", "--unit", "asm:nothing-like-it").stderr.strip() == \
        "--unit: asm:nothing-like-it names no assumption of rules/assumptions.yaml"


def test_units_takes_a_section_too() -> None:
    proc = _cli("units", "--unit", "classic:503.1", "--json")
    ids = [u["id"] for u in json.loads(proc.stdout)]
    assert ids[0] == "classic:503.1" and [i for i in ids if ".b" in i] == [f"classic:503.1.b{n}" for n in range(1, 20)]


# ------------------------------------------------------------------------------------------ 6. logs
BOX = set("─│┌┐└┘├┤┬┴┼━┃┏┓┗┛╭╮╯╰╇╈┡┩")


def test_units_and_coverage_print_plain_lines_in_a_log(tmp_path: Path) -> None:
    units = _cli("units")
    assert units.returncode == 0 and not BOX & set(units.stdout)
    first = units.stdout.splitlines()[0]
    assert first.startswith("rules/classic-113.txt:") and " classic:113.1 clause, " in first
    assert units.stdout.splitlines()[-1] == f"{len(load_corpus(paths.RULES, root=ROOT).units)} rule units"
    check = _cli("check", "--unit", "classic:113.2.ex1", "--report-dir", str(tmp_path))
    assert check.returncode == 0
    coverage = _cli("coverage", "--results", str(tmp_path / "results.json"))
    assert coverage.returncode == 0 and not BOX & set(coverage.stdout)
    assert any(line.startswith("classic:113.2.ex1 example: ") and "passing" in line
               for line in coverage.stdout.splitlines())
    # on a terminal (FORCE_COLOR) the table keeps its borders
    assert BOX & set(_cli("units", "--unit", "classic:113.1", FORCE_COLOR="1").stdout)
