"""The suite names only what exists: unit tags are unit ids, @asm: tags are register entries, scenario
names are unique per feature file, every board under scenarios/ loads, and the step doc is up to date."""

import re

import pytest

from harness import paths
from harness.corpus import load_corpus
from harness.features import duplicate_names, scan_features
from harness.session import load_assumptions, load_scenario_board

SCENARIOS = scan_features(paths.FEATURES, root=paths.ROOT)
CORPUS = load_corpus(paths.RULES, root=paths.ROOT)


def test_there_are_scenarios_in_both_editions():
    editions = {u.split(":")[0] for s in SCENARIOS for u in s.units}
    assert editions == {"classic", "heroes"}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_every_tag_names_a_unit_or_an_assumption(scenario):
    register = {a["id"] for a in load_assumptions()}
    assert scenario.units, "a scenario names at least one rule unit"
    for unit in scenario.units:
        assert CORPUS.get(unit) is not None, f"tag @{unit} names no rule unit"
    for asm in scenario.assumptions:
        assert asm in register, f"tag @asm:{asm} names no entry of rules/assumptions.yaml"


def test_scenario_names_are_unique_per_feature_file():
    assert duplicate_names(paths.FEATURES, root=paths.ROOT) == []


def test_every_board_loads_and_is_used():
    used = set()
    for s in SCENARIOS:
        for _, text, _ in s.steps:
            m = re.fullmatch(r'расклад "([^"]+)"', text)
            if m:
                used.add(m.group(1))
    boards = {p.relative_to(paths.SCENARIOS).as_posix() for p in paths.SCENARIOS.rglob("*.yaml")}
    assert used <= boards, f"scenarios name missing boards: {sorted(used - boards)}"
    assert boards <= used, f"boards no scenario uses: {sorted(boards - used)}"
    for name in sorted(boards):
        load_scenario_board(name)


def test_the_assumptions_register_is_well_formed():
    entries = load_assumptions()
    ids = [a["id"] for a in entries]
    assert len(ids) == len(set(ids))
    for a in entries:
        assert {"id", "editions", "question", "choice", "reason", "units"} <= set(a), a["id"]
        for unit in a["units"]:
            assert CORPUS.get(unit) is not None, f"{a['id']} names no unit {unit}"


def test_the_step_documentation_is_up_to_date():
    from harness.cli import steps_markdown

    doc = (paths.ROOT / "docs" / "STEPS.md").read_text(encoding="utf-8")
    assert doc.strip() == steps_markdown().strip(), "run: berserk-rules steps > docs/STEPS.md"


def test_the_vocabulary_documentation_is_up_to_date():
    from harness.cli import vocabulary_markdown

    doc = (paths.ROOT / "docs" / "VOCABULARY.md").read_text(encoding="utf-8")
    assert doc.strip() == vocabulary_markdown().strip(), "run: berserk-rules vocabulary > docs/VOCABULARY.md"


def test_every_key_of_the_canonical_state_is_documented():
    import engine
    from harness.session import load_scenario_board

    board = load_scenario_board("classic/536-538/538-червь.yaml")
    s = engine.state(engine.new_game(board.data, board.definitions))
    doc = (paths.ROOT / "docs" / "STATE.md").read_text(encoding="utf-8")
    keys = set(s) | set(s["cards"][0]) | set(s["history"][0]) | {"stack", "pending", "effects"}
    missing = sorted(k for k in keys if f"`{k}`" not in doc)
    assert not missing, f"docs/STATE.md does not describe: {missing}"
