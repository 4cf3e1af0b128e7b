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
    entries = load_assumptions()       # checked against harness/schemas/assumptions.schema.json
    ids = [a["id"] for a in entries]
    assert len(ids) == len(set(ids))
    for a in entries:
        assert {"id", "editions", "question", "choice", "reason", "units"} <= set(a), a["id"]
        # the rules site shows the Russian of every entry and every reading (tests/test_site.py reads it)
        assert a["ru"]["choice"].strip() and a["ru"]["reason"].strip(), a["id"]
        assert all(r["wording"].strip() and r["ru"]["reason"].strip() for r in a.get("readings") or []), a["id"]


def test_a_register_without_its_russian_is_refused_with_located_problems():
    from harness.common.yamldoc import parse_yaml
    from harness.suite.session import assumption_problems

    text = """assumptions:
  - id: one
    editions: [classic]
    question: "Вопрос?"
    choice: "A choice."
    reason: "A reason."
    units: []
  - id: one
    editions: [classic]
    question: "Вопрос?"
    choice: "A choice."
    reason: "A reason."
    ru: {choice: "Выбор.", reason: "The reason, left in English."}
    units: []
    default: b
    readings:
      - {id: a, wording: "Прочтение а.", reason: "Why.", ru: {reason: "Почему."}}
      - {id: c, wording: "Reading c.", reason: "Why."}
"""
    problems = [str(p) for p in assumption_problems(parse_yaml(text, "rules/assumptions.yaml"))]
    assert problems == [
        "rules/assumptions.yaml:2: assumptions[0].ru: missing required field 'ru' (the fields are described at the "
        "top of rules/assumptions.yaml)",
        "rules/assumptions.yaml:8: assumptions[1].id: «one» is used twice (first at line 2)",
        "rules/assumptions.yaml:13: assumptions[1].ru.reason: expected a Russian text, got 'The reason, left in "
        "English.'",
        "rules/assumptions.yaml:15: assumptions[1].default: expected one of the entry's readings (a, c), got 'b'",
        "rules/assumptions.yaml:18: assumptions[1].readings[1].ru: missing required field 'ru' (a reading has an id, "
        "a Russian wording, an English reason and its Russian in ru: {reason: …})",
        "rules/assumptions.yaml:18: assumptions[1].readings[1].wording: expected a Russian text, got 'Reading c.'",
    ], problems


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
