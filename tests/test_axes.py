"""The axes of the rule units (rules/axes.yaml, harness/rules/axes.py): the file, its checks in lint (S025–S027)
and its figures in coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.common import paths
from harness.common.errors import InputError
from harness.output.coverage import coverage_data
from harness.quality.lint import CHECKS, lint_project
from harness.rules.axes import axes_path, check_axes, load_axes
from harness.rules.corpus import load_corpus
from harness.suite.features import scan_features

GOOD = """units:
  classic:113.2.ex2:
    - axis: healed
      what: "фактически излечилось на 2 или более раны"
      values:
        "2": {case: "ровно 2 — метание", plays: [classic:113.2.ex2-4]}
        "1": {case: "1 — метания нет", plays: []}
  classic:999.9:
    - axis: x
      what: "нет такого пункта"
      values:
        a: {case: "a", plays: []}
"""


def _scenario_units() -> dict[str, tuple[str, ...]]:
    return {s.id: s.units for s in scan_features(paths.FEATURES, root=paths.ROOT)}


def test_the_kit_gives_every_unit_axes_and_every_listed_scenario_names_its_unit() -> None:
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    axes = load_axes(axes_path(), paths.ROOT)
    problems = check_axes(axes, [u.id for u in corpus.units], _scenario_units())
    assert [p for p in problems if p.kind != "unplayed"] == []
    assert set(axes.units) == {u.id for u in corpus.units}


@pytest.mark.parametrize("unit, axis, value, scenarios", [
    ("classic:113.2.ex2", "healed", "2", {"classic:113.2.ex2-4", "classic:113.2.ex2-5"}),
    ("classic:113.2.ex2", "healed", "1", {"classic:113.2.ex2-1"}),
    ("classic:113.2.p2", "illegal-at-declaration", "legal-later", {"classic:113.2.p2-16", "classic:113.2.p2-17"}),
    ("classic:113.3", "word", "esli", {"classic:113.3-6", "classic:113.3-7"}),
    ("classic:503.1.b8", "leaves-to", "hand", {"classic:503.1.b8-3"}),
    ("classic:503.1.b8", "leaves-to", "deck", {"classic:503.1.b8-4"}),
    ("classic:503.1.b8", "leaves-to", "additional-zone", {"classic:503.1.b8-5"}),
    ("classic:503.1.b9", "kind", "symbiote", {"classic:503.1.b9-2"}),
    ("classic:503.1.b7", "kind", "symbiote", {"classic:503.1.b7-3"}),
])
def test_the_weak_units_of_113_and_503_are_played(unit: str, axis: str, value: str, scenarios: set[str]) -> None:
    axes = load_axes(axes_path(), paths.ROOT)
    found = next(v for a in axes.of(unit) if a.id == axis for v in a.values if v.id == value)
    assert scenarios <= set(found.plays)


def test_check_axes_reports_each_kind_of_problem(tmp_path: Path) -> None:
    f = tmp_path / "axes.yaml"
    f.write_text(GOOD.replace("[classic:113.2.ex2-4]", "[classic:113.2.ex2-4, classic:113.1-1, classic:nope-1]"),
                 encoding="utf-8")
    axes = load_axes(f, tmp_path)
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    found = {(p.kind, p.unit) for p in check_axes(axes, [u.id for u in corpus.units], _scenario_units())}
    assert ("unknown-unit", "classic:999.9") in found
    assert ("unknown-scenario", "classic:113.2.ex2") in found
    assert ("scenario-not-of-unit", "classic:113.2.ex2") in found          # 113.1-1 does not name 113.2.ex2
    assert ("unplayed", "classic:113.2.ex2") in found                      # the value "1"
    assert ("unit-without-axes", "classic:113.1") in found
    lines = {p.kind: p.line for p in check_axes(axes, [u.id for u in corpus.units], _scenario_units())}
    assert lines["unplayed"] == 7


def test_figures_count_axes_and_values_played() -> None:
    axes = load_axes(axes_path(), paths.ROOT)
    unit = "classic:113.2.ex2"
    all_named = axes.figures(unit)
    assert all_named["values"] == sum(len(a.values) for a in axes.of(unit))
    assert axes.figures(unit, set())["values_played"] == 0
    assert axes.figures(unit, {"classic:113.2.ex2-4"})["values_played"] == 2     # healed=2, actual=limited-by-wounds


@pytest.mark.parametrize("text, field", [
    ("units: []\n", "units"),
    ("units:\n  classic:113.1: []\n", "classic:113.1"),
    ("units:\n  classic:113.1:\n    - {axis: Bad Id, what: x, values: {a: {case: c}}}\n", "classic:113.1[0].axis"),
    ("units:\n  classic:113.1:\n    - {axis: a, what: x, values: {a: {case: c, plays: [x], extra: 1}}}\n",
     "classic:113.1.a=a"),
    ("units:\n  classic:113.1:\n    - {axis: a, what: x, values: {}}\n", "classic:113.1.a.values"),
    ("units:\n  classic:113.1:\n    - {axis: a, what: x, values: {a: {case: c}}}\n"
     "    - {axis: a, what: x, values: {a: {case: c}}}\n", "classic:113.1.axis"),
])
def test_a_malformed_file_is_reported_with_its_line_and_field(tmp_path: Path, text: str, field: str) -> None:
    f = tmp_path / "axes.yaml"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as exc:
        load_axes(f, tmp_path)
    assert any(p.field == field and p.line for p in exc.value.problems), exc.value.problems


def test_a_missing_file_means_no_axes(tmp_path: Path) -> None:
    axes = load_axes(tmp_path / "axes.yaml", tmp_path)
    assert not axes.exists and check_axes(axes, ["classic:113.1"], {}) == []


def test_lint_reports_unplayed_values_as_warnings_and_nothing_invalid() -> None:
    assert (CHECKS["S025"].severity, CHECKS["S026"].severity, CHECKS["S027"].severity) == ("warning", "error", "warning")
    findings = lint_project()
    assert not [f for f in findings if f.code in ("S026", "S027")]
    # issue 26 part 4: every value of every unit is played, or says why no scenario can play it (justified)
    assert [f.message for f in findings if f.code == "S025"] == []


def test_coverage_gives_the_axes_per_unit_and_per_edition() -> None:
    data = coverage_data(None)
    axes = load_axes(axes_path(), paths.ROOT)
    by_id = {u["id"]: u for u in data["units"]}
    ex2 = by_id["classic:113.2.ex2"]["axes"]
    assert (ex2["axes"], ex2["values"]) == (len(axes.of("classic:113.2.ex2")),
                                            sum(len(a.values) for a in axes.of("classic:113.2.ex2")))
    assert by_id["classic:113.2.ex1"]["axes"]["unplayed"] == []
    assert by_id["heroes:115.3"]["axes"]["justified"] == ["relevant=cancel"]
    assert by_id["heroes:115.3"]["axes"]["values_justified"] == 1
    total = sum(len(a.values) for unit in axes.units.values() for a in unit)
    assert sum(e["values"] for e in data["axes_by_edition"].values()) == total
    assert set(data["axes_by_edition"]) == {"classic", "heroes"}


def test_a_justified_value_is_not_unplayed_and_a_justification_is_checked(tmp_path: Path) -> None:
    f = tmp_path / "axes.yaml"
    f.write_text(GOOD.replace('"1": {case: "1 — метания нет", plays: []}',
                              '"1": {case: "1 — метания нет", justified: "no scenario can: a reason"}'), encoding="utf-8")
    axes = load_axes(f, tmp_path)
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    found = {(p.kind, p.unit) for p in check_axes(axes, [u.id for u in corpus.units], _scenario_units())}
    assert ("unplayed", "classic:113.2.ex2") not in found
    assert axes.figures("classic:113.2.ex2")["values_justified"] == 1
    for bad, why in (('{case: "1", justified: ""}', "why no scenario"),
                     ('{case: "1", justified: "x", plays: [classic:113.2.ex2-1]}', "drop its justification")):
        f.write_text(GOOD.replace('{case: "1 — метания нет", plays: []}', bad), encoding="utf-8")
        with pytest.raises(InputError) as exc:
            load_axes(f, tmp_path)
        assert any(why in p.message and p.field == "classic:113.2.ex2.healed=1.justified"
                   for p in exc.value.problems), exc.value.problems
