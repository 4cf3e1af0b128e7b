"""The rules as properties (harness/quality/properties.py): every property names a sentence of the corpus, the
reference engine holds them all (but the violation declared with its reason), each has a killer among the mutant
engines, and they are checked over the protocol as in this process. Derandomized and bounded."""

from __future__ import annotations

import sys

import pytest

from harness.engines.adapters import InProcessAdapter
from harness.engines.protocol import SubprocessAdapter
from harness.quality.differential import scenario_boards
from harness.quality.properties import (
    PROPERTIES,
    REFERENCE_EXPECTED,
    Context,
    Step,
    find_violations,
    replay_line,
    report_text,
    sentence_problems,
    unexpected,
)
from harness.quality.random_kills import kill_boards, kit_mutants

BOARDS = scenario_boards()

# property → (a mutant that violates it, the board of its shortest violation when played on the boards of the
# scenarios that kill it, `random_kills.kill_boards`): each property kills at least one mutant
KILLERS: dict[str, tuple[str, str]] = {
    "no-priority-during-rule-effects": ("priority-during-rule-effects", "classic/503/b1-вскрытие-цель.yaml"),
    "rule-effects-sourceless": ("rule-effect-targets", "classic/113.2-до.yaml"),
    "lethal-wounds-destroy": ("lethal-above", "classic/113.2-до-цель-погибла.yaml"),
    "rule-effects-at-once": ("reveal-at-resolution", "classic/503/b1-вскрытие.yaml"),
    "lives-cancel": ("no-lives-cancel", "classic/503/b6-дополнительных-больше.yaml"),
    "hostless-destroyed": ("hostless-stays", "classic/503/b7-симбиот-без-хозяина.yaml"),
    "host-left-destroyed": ("host-left-stays", "classic/503/b8-симбиот-в-руку.yaml"),
    "moves-with-host": ("equipment-stays-behind", "classic/503/b7-экипировка.yaml"),
    "opens-at-turn-start": ("opens-every-card", "classic/113.1-невтида-лучник.yaml"),
    "movement-restored-for-active": ("movement-every-turn", "classic/113.1-невтида-лучник.yaml"),
    "excess-extra-lives-removed": ("no-excess-lives", "classic/503/b6-жизни.yaml"),
    "player-without-creatures-loses": ("nobody-loses", "classic/536-538/538.1.b2-вестник-изгоняющий.yaml"),
    "classic-paid-after-execution": ("classic-pay-before", "classic/113.1-невтида-лучник.yaml"),
    "triggers-after-rule-effects": ("triggers-before-rule-effects", "classic/536-538/538-червь.yaml"),
    "no-defender-for-generated": ("generated-attack-defender", "classic/536-538/536-шаман.yaml"),
    "generated-not-paid": ("generated-attack-paid", "classic/536-538/536-шаман.yaml"),
    "history-append-only": ("history-of-the-turn", "classic/113.1-невтида-лучник.yaml"),
    "departures-remembered": ("history-forgets-rule-effects", "classic/503/b8-симбиот-в-руку.yaml"),
    "history-ids-unique": ("action-id-of-card", "classic/113.1-ведун.yaml"),
    "trigger-declaration-has-parent": ("trigger-declaration-no-parent", "classic/113.2-до.yaml"),
    "trigger-once-per-turn": ("heroes-trigger-twice-a-turn", "heroes/113.3-обязательная.yaml"),
    "activated-once-per-turn": ("heroes-activate-twice-a-turn", "heroes/114-целитель.yaml"),
    "heroes-paid-before-execution": ("heroes-pay-after", "heroes/115.1-трубач.yaml"),
    "mandatory-trigger-declared": ("heroes-mandatory-declinable", "heroes/113.2-в-начале-хода.yaml"),
    "optional-trigger-declinable": ("optional-as-mandatory", "heroes/113.2-в-начале-хода-оба.yaml"),
    "declined-trigger-lost": ("optional-trigger-kept", "heroes/113.4-может.yaml"),
}


def test_there_are_at_least_15_properties_each_naming_a_sentence_of_the_corpus() -> None:
    assert len(PROPERTIES) >= 15
    assert sentence_problems() == []
    assert all(p.doc and p.editions for p in PROPERTIES.values())


def test_the_reference_engine_holds_every_property() -> None:
    report = find_violations(lambda: InProcessAdapter(), BOARDS, examples=150)
    assert unexpected(report, REFERENCE_EXPECTED) == [], report_text(report)
    assert report.tally.lines >= 150
    checked = {n for n, k in report.tally.checked.items() if k}
    assert checked == set(PROPERTIES)
    assert set(REFERENCE_EXPECTED) <= set(PROPERTIES)
    assert set(REFERENCE_EXPECTED) <= set(report.violations), "a declared defect no longer shows: drop its entry"


def test_every_property_has_a_killer_in_the_table() -> None:
    assert sorted(KILLERS) == sorted(PROPERTIES)
    mutants = kit_mutants()
    assert all(mutant in mutants for mutant, _ in KILLERS.values())


@pytest.mark.parametrize("prop", sorted(KILLERS))
def test_each_property_kills_its_mutant(prop: str) -> None:
    """Its killer, on the boards of the scenarios that kill it (else the board of its shortest violation),
    violates it; the reference engine on the same line does not."""
    mutant, board = KILLERS[prop]
    names = kill_boards(mutant) or [board]
    boards = {b: BOARDS[b] for b in names if b in BOARDS}
    cls = kit_mutants()[mutant]
    found = find_violations(lambda: InProcessAdapter(cls, mutant), boards, examples=100, names=[prop],
                            generated=not boards)
    assert prop in found.violations, f"{mutant} did not violate {prop} on {board}"
    v = found.violations[prop]
    assert v.sentence == PROPERTIES[prop].sentence and v.message
    assert replay_line(InProcessAdapter(), v) is None, f"the reference violates {prop} on the same line"


def test_properties_are_checked_over_the_protocol_too() -> None:
    served = SubprocessAdapter([sys.executable, "-m", "engine.serve"], request_timeout=10, reuse=True)
    try:
        boards = {k: v for k, v in BOARDS.items() if k.startswith("classic/113.2.ex1")}
        report = find_violations(lambda: served, boards, examples=20, generated=False, engine="served")
    finally:
        served.shutdown()
    assert report.violations == {}
    assert report.tally.steps > 0 and report.tally.checked["rule-effects-sourceless"] > 0


def test_a_violation_names_its_sentence_and_the_step() -> None:
    before = {"priority": "А", "pending": None, "players": [{"name": "А", "lost": False}], "cards": [],
              "stack": [], "history": []}
    after = dict(before, history=[{"id": "h1", "kind": "priority", "controller": "Б"},
                                  {"id": "h2", "kind": "rule_effect", "source": "x", "targets": ["y"],
                                   "info": {"effect": "death"}}])
    step = Step(before, None, after, Context("classic", {}))
    assert "priority" in PROPERTIES["no-priority-during-rule-effects"].check(step)
    assert "source 'x'" in PROPERTIES["rule-effects-sourceless"].check(step)
    assert PROPERTIES["history-append-only"].check(step) is None
