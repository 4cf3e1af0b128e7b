"""The suite names only what exists (the lint's suite checks find no error), the assumptions register is
well formed, and the generated documents are up to date."""

from harness.common import paths
from harness.suite.features import scan_features
from harness.suite.session import load_assumptions

SCENARIOS = scan_features(paths.FEATURES, root=paths.ROOT)


def test_there_are_scenarios_in_both_editions():
    editions = {u.split(":")[0] for s in SCENARIOS for u in s.units}
    assert editions == {"classic", "heroes"}


def test_the_lint_of_the_project_finds_no_error():
    """Tags naming no unit or assumption, duplicate scenario names, boards that do not load or are unused,
    steps matching no definition, scenarios needing review: the lint's suite checks (harness/quality/lint.py)."""
    from harness.quality.lint import lint_project

    errors = [f for f in lint_project() if f.severity == "error"]
    assert not errors, "\n".join(str(f) for f in errors)


def test_every_scenario_names_a_unit():
    """Or, when it checks a choice the kit makes where the corpus is silent and no text of a unit, its assumption
    alone: it then names no unit, depends on an assumption, and stands under a «Правило: допущение …»."""
    for s in SCENARIOS:
        assert s.units or (s.assumptions and (s.rule or "").startswith("допущение ")), s.id


def test_the_assumptions_register_is_well_formed():
    entries = load_assumptions()
    ids = [a["id"] for a in entries]
    assert len(ids) == len(set(ids))
    for a in entries:
        assert {"id", "editions", "question", "choice", "reason", "units"} <= set(a), a["id"]


def test_the_step_documentation_is_up_to_date():
    from harness.cli.steps import steps_markdown

    doc = (paths.ROOT / "docs" / "STEPS.md").read_text(encoding="utf-8")
    assert doc.strip() == steps_markdown().strip(), "run: berserk-rules steps > docs/STEPS.md"


def test_the_vocabulary_documentation_is_up_to_date():
    from harness.cli.vocabulary import vocabulary_markdown

    doc = (paths.ROOT / "docs" / "VOCABULARY.md").read_text(encoding="utf-8")
    assert doc.strip() == vocabulary_markdown().strip(), "run: berserk-rules vocabulary > docs/VOCABULARY.md"


def test_every_key_of_the_canonical_state_is_documented():
    import engine
    from harness.suite.session import load_scenario_board

    board = load_scenario_board("classic/536-538/538-червь.yaml")
    s = engine.state(engine.new_game(board.data, board.definitions))
    doc = (paths.ROOT / "docs" / "STATE.md").read_text(encoding="utf-8")
    keys = set(s) | set(s["cards"][0]) | set(s["history"][0]) | {"stack", "pending", "effects"}
    missing = sorted(k for k in keys if f"`{k}`" not in doc)
    assert not missing, f"docs/STATE.md does not describe: {missing}"
