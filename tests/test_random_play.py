"""Differential random play as a measure that grows the suite (harness/quality/differential.py, drafts.py,
random_kills.py): lines from the suite's boards and the fuzzer's generated ones, the other engine's readings played
by the reference side, a difference written out as a scenario draft that fails the mutant and passes the
reference, and the mutants random play kills beside those the scenarios kill. Derandomized and bounded."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.engines.adapters import InProcessAdapter
from harness.engines.protocol import SubprocessAdapter
from harness.quality.differential import GENERATED, Engines, find_divergence, scenario_boards
from harness.quality.drafts import draft_text, write_draft
from harness.quality.mutation import KILLS
from harness.quality.random_kills import (
    Measure,
    Verdict,
    kill_boards,
    kit_mutants,
    measure,
    scenarios_killing,
)
from harness.suite.features import scan_features

REPO = Path(__file__).resolve().parents[1]
CONTROL_BOARDS = scenario_boards(lambda b: any(e.get("kind") == "control" for e in b.get("effects", [])))


def test_the_reference_agrees_with_itself_on_the_suites_boards_and_generated_ones() -> None:
    engines = Engines(InProcessAdapter(), InProcessAdapter(), ("reference", "reference again"))
    found = find_divergence(engines, scenario_boards(), max_examples=40, per_board=False, generated=True)
    assert found is None, found.report()
    assert engines.plays >= 40


def test_generated_boards_are_played_and_a_mutant_is_found_on_them_alone() -> None:
    """With no board of the suite, the fuzzer's boards alone tell the reference from a mutant that forgets the
    history of earlier turns."""
    engines = Engines(InProcessAdapter(), InProcessAdapter(kit_mutants()["history-of-the-turn"]))
    found = find_divergence(engines, {}, max_examples=60, max_moves=20, generated=True)
    assert found is not None and found.board == GENERATED
    assert found.setup is not None and found.setup[0]["edition"] in ("classic", "heroes")
    assert any(line.startswith("history") for line in found.diff), found.report()


@pytest.fixture(scope="module")
def control_forever_divergence():
    engines = Engines(InProcessAdapter(), InProcessAdapter(kit_mutants()["control-forever"]),
                      ("reference", "control-forever"))
    found = find_divergence(engines, CONTROL_BOARDS, max_examples=100)
    assert found is not None
    return found


def test_a_draft_names_the_board_and_states_the_references_values(control_forever_divergence) -> None:
    d = control_forever_divergence
    draft = draft_text(d.board, *d.setup, d.moves, d.diff)
    text = draft["feature"]
    assert text.startswith("# language: ru\n")
    assert f'Дано расклад "{draft["board_path"].removeprefix("scenarios/")}"' in text
    assert 'Тогда "Мститель" под контролем игрока А' in text      # the reference's value of the differing field
    assert "@classic:113.2.ex1" in text                           # the unit of the board it came from
    assert draft["board"] == (REPO / "scenarios" / d.board).read_text(encoding="utf-8")


def test_the_draft_parses_passes_the_reference_and_fails_the_mutant(control_forever_divergence,
                                                                     tmp_path: Path) -> None:
    """The draft dropped into a suite of its own (`--root`): the kit's feature scanner reads it, `check` passes it
    on the reference engine and fails it on the mutant over the protocol."""
    d = control_forever_divergence
    root = tmp_path / "suite"
    written = write_draft(root, d.board, *d.setup, d.moves, d.diff)
    assert [p.suffix for p in written] == [".feature", ".yaml"]
    for name in ("rules", "catalog"):
        (root / name).symlink_to(REPO / name)
    for name in ("pyproject.toml", "conftest.py"):
        shutil.copy(REPO / name, root / name)
    scenarios = scan_features(root / "features", root)
    assert len(scenarios) == 1 and scenarios[0].name.startswith("[черновик-")
    from harness.quality.mutation import engine_cmd

    def check(*extra: str) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k != "BERSERK_RULES_ROOT"}
        return subprocess.run([sys.executable, "-m", "harness.cli", "--root", str(root), "check", "--report-dir",
                               str(tmp_path / "r"), *extra], capture_output=True, text=True, env=env, timeout=300,
                              cwd=tmp_path)

    passed = check()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "1 PASS" in passed.stdout
    failed = check("--engine-cmd", engine_cmd("control-forever"))
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "под контролем игрока А" in failed.stdout


def test_the_reference_side_plays_the_readings_the_other_engine_declares() -> None:
    """An engine that declares heroes-queue=fifo is compared with the reference engine under that reading: no
    difference; the reference under its default reading differs from it."""
    from harness.cli.compare import declared_readings

    served = SubprocessAdapter([sys.executable, "-m", "engine.serve", "--reading", "heroes-queue=fifo"],
                               request_timeout=10, reuse=True)
    try:
        readings = declared_readings(served)
        assert readings == {"heroes-queue": "fifo"}
        boards = {k: v for k, v in scenario_boards().items()
                  if k in ("heroes/113.2-оба-игрока.yaml", "heroes/113.2-в-начале-хода-оба.yaml")}
        assert len(boards) == 2
        same = find_divergence(Engines(InProcessAdapter(readings=readings), served), boards, max_examples=40)
        assert same is None, same.report()
        other = find_divergence(Engines(InProcessAdapter(), served), boards, max_examples=40)
        assert other is not None
    finally:
        served.shutdown()


def test_random_play_and_the_scenarios_side_by_side() -> None:
    """A mutant of the table that both kill; one the table does not list gets the scenarios played against it."""
    mutants = kit_mutants()
    boards = {k: v for k, v in scenario_boards().items() if k in kill_boards("lethal-above")}
    result = measure({"lethal-above": mutants["lethal-above"]}, boards, examples=40, properties=False)
    verdict = result.verdicts[0]
    assert verdict.verdict == "both" and verdict.divergence is not None
    assert verdict.scenarios == KILLS["lethal-above"]
    assert result.summary()["both"] == ["lethal-above"]
    found = scenarios_killing("unlisted", mutants["lethal-above"], units=["classic:503.1.b5"])
    assert found and set(found) <= set(KILLS["lethal-above"])


def test_the_columns_say_who_killed_a_mutant() -> None:
    assert Verdict("m", "", ("classic [x-1]",)).verdict == "scenarios only"
    only_random = Verdict("m", "", (), violations={"history-append-only": None})  # type: ignore[dict-item]
    assert only_random.verdict == "random play only"
    assert Verdict("m", "", ()).verdict == "neither"
    text = Measure([only_random], 10).text()
    assert "killed by random play and by no scenario (a missing scenario each): m" in text
    assert "history-append-only: m" in text
