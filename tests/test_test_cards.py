"""The test-card pool (issue 25): one name, one card, boards that never define a card, cards as capabilities an
engine declares, the generated docs/TEST-CARDS.md, and an engine without a battle-history log playing the suite."""

from __future__ import annotations

import sys

from fake_engines.suite import run_check

from harness.common import paths
from harness.common.yamldoc import load_yaml
from harness.suite.capabilities import lacking, missing, need_met


def test_no_board_of_the_suite_defines_a_card() -> None:
    boards = sorted(paths.SCENARIOS.rglob("*.yaml"))
    assert len(boards) >= 100
    inline = [b.name for b in boards if "test_cards" in (load_yaml(b, root=paths.ROOT).data or {})]
    assert inline == []


def test_lint_refuses_an_inline_card(tmp_path) -> None:
    from harness.quality.lint import Project, _board_findings

    board = paths.SCENARIOS / "classic" / "113.2-в-начале-хода-оба.yaml"
    text = board.read_text("utf-8").replace("cards:\n", "test_cards:\n  - {name: Новичок, edition: classic, type: "
                                            "creature, lives: 2, strike: [1, 1, 1], source: test}\ncards:\n", 1)
    copy = tmp_path / board.name
    copy.write_text(text, "utf-8")
    findings = [f for f in _board_findings([copy], Project()) if f.code == "S022"]
    assert len(findings) == 1 and "catalog/test-cards/classic.yaml" in findings[0].message
    assert [f for f in _board_findings([board], Project()) if f.code == "S022"] == []


def test_a_card_is_a_capability() -> None:
    needs = {"card:Мститель": "its board", "vanilla:Гоблин": "its board", "triggered_abilities": "its board"}
    bare = {"editions": ["classic"], "features": ["triggered_abilities"]}
    assert lacking(needs, bare) == ["card:Мститель", "vanilla:Гоблин"]
    assert "the card 'Мститель'" in missing(needs, bare)[0]
    assert lacking(needs, bare | {"cards": ["Мститель", "Гоблин"]}) == []
    assert lacking(needs, {"editions": ["classic"], "features": ["triggered_abilities", "inline_cards"]}) == \
        ["card:Мститель"]
    assert need_met("card:Мститель", {"features": ["card_definitions"]})
    # the vocabulary is read only from an engine that builds cards from their definitions
    assert need_met("vocabulary:effect.wound", {"features": [], "vocabulary": []})
    assert not need_met("vocabulary:effect.wound", {"features": ["card_definitions"], "vocabulary": []})


def test_the_test_cards_doc_is_generated() -> None:
    from harness.cli.test_cards import test_cards_markdown

    doc = (paths.ROOT / "docs" / "TEST-CARDS.md").read_text("utf-8")
    assert doc == test_cards_markdown(), "regenerate: berserk-rules test-cards > docs/TEST-CARDS.md"
    assert "| 1 | «Мститель»" in doc and "### Горный тролль (classic)" in doc


def test_an_engine_without_the_log_plays_nine_in_ten(tmp_path) -> None:
    """The reference engine with `history` removed from every reply and the log's features from its hello: its
    observable checks run, its log checks are NOT RUN, and it plays ≥ 90 % of the scenarios (PASS, PARTIAL)."""
    run = run_check(paths.ROOT, "--engine-cmd", f"{sys.executable} -m tests.fake_engines.no_history",
                    report_dir=tmp_path / "r")
    assert run.code == 0, run.out + run.err
    summary = run.results["summary"]
    assert summary["played"] >= 0.9 * summary["total"] and summary["FAIL"] == 0 and summary["PASS"] > 0
    assert summary["PARTIAL"] > 0 and summary["checks"]["notrun"] > 0 and summary["checks"]["failed"] == 0
    partial = next(r for r in run.results["results"] if r["status"] == "PARTIAL")
    checks = [s for s in partial["steps"] if "check" in s]
    assert {s["status"] for s in checks} == {"passed", "notrun"}
    assert all("declare" in s["message"] or "history" in s["message"] for s in checks if s["status"] == "notrun")
    assert "PARTIAL" in run.out.splitlines()[-4] or "PARTIAL" in run.out
