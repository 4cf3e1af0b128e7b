"""Tests of the Gherkin feature scanner (harness/suite/features.py), on small temporary feature files."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.common.errors import InputError
from harness.quality.lint import lint_paths
from harness.suite.features import ScenarioInfo, is_unit_tag, scan_features, scenarios_by_unit

TRIGGERS = """\
# language: ru
@classic @раздел-113
Функция: Срабатывающая особенность

  Предыстория:
    Дано пустой стол

  @classic:113.2 @asm:stack-lifo
  Правило: 113.2 Условие срабатывающей особенности

    Предыстория:
      Дано у игрока есть Мститель

    @classic:113.2.ex1
    Сценарий: [1] Мститель срабатывает после гибели Невтиды
      Когда Невтида погибает
      Тогда объявляется особенность Мстителя

    Структура сценария: [2-<n>] урон <n>
      Когда наносится <n> урона
      Тогда у карты <n> ран

      @asm:dice
      Примеры:
        | n |
        | 1 |
        | 2 |

  @classic:113.3
  Правило: 113.3

    Сценарий: [3] после оплаты
      * особенность оплачена
      И она срабатывает
"""

HEROES = """\
# language: ru
Функция: Герои

  @heroes:113.6.ex1 @heroes:113.6
  Сценарий: [1] Талитха выбирает точку
    Дано Талитха в отряде
    Тогда выбор есть

  Сценарий: [2] без тегов
    Дано ничего
"""

DUPLICATES = """\
# language: ru
Функция: Дубли

  Сценарий: одно и то же
    Дано a

  Правило: r
    Сценарий: одно и то же
      Дано b

    Сценарий: другое
      Дано c

    Структура сценария: одно и то же
      Дано <x>
      Примеры:
        | x |
        | 1 |
"""

BROKEN = """\
# language: ru
Функция: Сломано

  Сценарий: один
    Дано a
  Это не ключевое слово
    | a |
"""


def _write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    _write(tmp_path, "features/classic/113-срабатывающая-особенность.feature", TRIGGERS)
    _write(tmp_path, "features/heroes/113-срабатывающая-способность.feature", HEROES)
    return tmp_path


def _by_name(scenarios: list[ScenarioInfo]) -> dict[str, ScenarioInfo]:
    return {s.name: s for s in scenarios}


def test_scan_finds_every_scenario_sorted(project: Path) -> None:
    scenarios = scan_features(project / "features", project)
    assert [(s.feature, s.line) for s in scenarios] == [
        ("features/classic/113-срабатывающая-особенность.feature", 15),
        ("features/classic/113-срабатывающая-особенность.feature", 19),
        ("features/classic/113-срабатывающая-особенность.feature", 32),
        ("features/heroes/113-срабатывающая-способность.feature", 5),
        ("features/heroes/113-срабатывающая-способность.feature", 9),
    ]


def test_scenario_ids(project: Path) -> None:
    scenarios = scan_features(project / "features", project)
    assert scenarios[0].id == "classic:1"          # the edition and the tag in brackets, whatever the title
    assert scenarios[3].id == "heroes:1"
    assert len({s.id for s in scenarios}) == len(scenarios)


def test_tags_are_inherited_from_rule_and_feature(project: Path) -> None:
    s = _by_name(scan_features(project / "features", project))[
        "[1] Мститель срабатывает после гибели Невтиды"
    ]
    assert s.tags == ("asm:stack-lifo", "classic", "classic:113.2", "classic:113.2.ex1", "раздел-113")
    assert s.units == ("classic:113.2", "classic:113.2.ex1")
    assert s.assumptions == ("stack-lifo",)
    assert s.rule == "113.2 Условие срабатывающей особенности"
    assert s.outline is False


def test_tags_do_not_leak_between_rules(project: Path) -> None:
    s = _by_name(scan_features(project / "features", project))["[3] после оплаты"]
    assert s.units == ("classic:113.3",)
    assert s.assumptions == ()
    assert s.rule == "113.3"


def test_steps_include_backgrounds(project: Path) -> None:
    by = _by_name(scan_features(project / "features", project))
    assert by["[1] Мститель срабатывает после гибели Невтиды"].steps == (
        ("Дано", "пустой стол", 6),
        ("Дано", "у игрока есть Мститель", 12),
        ("Когда", "Невтида погибает", 16),
        ("Тогда", "объявляется особенность Мстителя", 17),
    )
    # A rule's background does not apply to the next rule; "*" and "И" keywords are kept.
    assert by["[3] после оплаты"].steps == (
        ("Дано", "пустой стол", 6),
        ("*", "особенность оплачена", 33),
        ("И", "она срабатывает", 34),
    )


def test_outline_is_one_scenario_with_examples_tags(project: Path) -> None:
    scenarios = scan_features(project / "features", project)
    outlines = [s for s in scenarios if s.outline]
    assert len(outlines) == 1
    (o,) = outlines
    assert o.name == "[2-<n>] урон <n>" and o.line == 19
    assert o.assumptions == ("dice", "stack-lifo")
    assert o.steps[-1] == ("Тогда", "у карты <n> ран", 21)
    # the rows run under names of their own, and results name them so
    assert o.examples == ("[2-1] урон 1", "[2-2] урон 2")
    assert o.ids == ("classic:2-1", "classic:2-2")       # the parameter in the bracket tag: an id per row
    assert all(s.ids == (s.id,) for s in scenarios if not s.outline)


def test_scenario_without_rule_or_tags(project: Path) -> None:
    s = _by_name(scan_features(project / "features", project))["[2] без тегов"]
    assert (s.tags, s.units, s.assumptions, s.rule) == ((), (), (), None)
    assert s.steps == (("Дано", "ничего", 10),)


def test_scenarios_by_unit(project: Path) -> None:
    scenarios = scan_features(project / "features", project)
    index = scenarios_by_unit(scenarios)
    assert sorted(index) == [
        "classic:113.2",
        "classic:113.2.ex1",
        "classic:113.3",
        "heroes:113.6",
        "heroes:113.6.ex1",
    ]
    assert [s.name for s in index["classic:113.2"]] == [
        "[1] Мститель срабатывает после гибели Невтиды",
        "[2-<n>] урон <n>",
    ]
    assert [s.name for s in index["heroes:113.6.ex1"]] == ["[1] Талитха выбирает точку"]


def test_root_defaults_to_parent_of_features_dir(project: Path) -> None:
    scenarios = scan_features(project / "features")
    assert scenarios[0].feature == "features/classic/113-срабатывающая-особенность.feature"


def test_missing_features_dir_gives_nothing(tmp_path: Path) -> None:
    assert scan_features(tmp_path / "features", tmp_path) == []


def test_a_feature_file_without_a_feature_is_an_error(tmp_path: Path) -> None:
    # pytest-bdd cannot collect such a file (KeyError 'feature'): the scanner names it instead
    _write(tmp_path, "features/empty.feature", "")
    _write(tmp_path, "features/comment.feature", "# только комментарий\n")
    with pytest.raises(InputError) as err:
        scan_features(tmp_path / "features", tmp_path)
    assert {p.file for p in err.value.problems} == {"features/empty.feature", "features/comment.feature"}
    assert all("Функция" in str(p) for p in err.value.problems)


def test_language_header_without_feature_is_an_error(tmp_path: Path) -> None:
    _write(tmp_path, "features/header.feature", "# language: ru\n")
    with pytest.raises(InputError, match="features/header.feature:2:"):
        scan_features(tmp_path / "features", tmp_path)


def test_duplicate_names_are_the_lints_s002(tmp_path: Path) -> None:
    _write(tmp_path, "features/classic/dups.feature", DUPLICATES)
    _write(
        tmp_path,
        "features/heroes/other.feature",
        DUPLICATES.replace("Дубли", "Другие").replace("\n  Сценарий: одно и то же\n    Дано a\n", "\n"),
    )
    problems = [f for f in lint_paths([tmp_path / "features"]) if f.code == "S002"]
    # the outline's clash is at its example row (line 18 here), whose name is the outline's own
    assert [(Path(f.file).name, f.line) for f in problems] == [("dups.feature", 8), ("dups.feature", 18),
                                                               ("other.feature", 16)]
    assert "«одно и то же» also at line 4" in problems[0].message
    assert "as line 4 does" in problems[1].message and "<parameter>" in problems[1].message
    # Same name in two different files is fine; scan_features still reports both copies.
    assert len(scan_features(tmp_path / "features", tmp_path)) == 7


def test_syntax_error_is_an_input_error_with_file_and_line(tmp_path: Path) -> None:
    _write(tmp_path, "features/classic/ok.feature", HEROES)
    _write(tmp_path, "features/classic/broken.feature", BROKEN)
    with pytest.raises(InputError) as err:
        scan_features(tmp_path / "features", tmp_path)
    problems = err.value.problems
    assert problems and all(p.file == "features/classic/broken.feature" for p in problems)
    assert problems[0].line == 6
    assert "Это не ключевое слово" in problems[0].message
    assert str(err.value).startswith("features/classic/broken.feature:6:")


def test_errors_of_every_file_are_reported(tmp_path: Path) -> None:
    _write(tmp_path, "features/a.feature", BROKEN)
    _write(tmp_path, "features/b.feature", '# language: ru\nФункция: x\n  Сценарий: y\n    Дано z\n    """\n')
    (tmp_path / "features" / "c.feature").write_bytes(b"# language: ru\n\xff\n")
    with pytest.raises(InputError) as err:
        scan_features(tmp_path / "features", tmp_path)
    files = {p.file for p in err.value.problems}
    assert files == {"features/a.feature", "features/b.feature", "features/c.feature"}
    (utf,) = [p for p in err.value.problems if p.file == "features/c.feature"]
    assert utf.line == 2 and "UTF-8" in utf.message


def test_is_unit_tag() -> None:
    assert is_unit_tag("classic:113.2")
    assert is_unit_tag("heroes:113.6.ex1")
    assert not is_unit_tag("asm:stack-lifo")
    assert not is_unit_tag("classic")
    assert not is_unit_tag("modern:1.1")


def test_pytest_bdd_reads_the_document_the_scan_parsed(tmp_path: Path) -> None:
    """One parse a file: pytest-bdd's reader (suitecheck.accept_bom_in_features) gets gherkin's document from the
    kit's scan, and builds from it the same document its own reader builds from the file."""
    import pytest_bdd.parser as bdd_parser

    from harness.suite import features
    from harness.suite.suitecheck import accept_bom_in_features

    path = tmp_path / "features" / "t.feature"
    path.parent.mkdir()
    path.write_text(TRIGGERS, encoding="utf-8")
    scan_features(tmp_path / "features")
    shared = features.gherkin_data(path)
    assert shared is not None and features.gherkin_data(path) is shared      # parsed once, then looked up
    from pytest_bdd.gherkin_parser import get_gherkin_document

    accept_bom_in_features()

    assert bdd_parser.get_gherkin_document(str(path)) == get_gherkin_document(str(path))


@pytest.mark.parametrize("text", [TRIGGERS.replace("\n", "\r\n"), TRIGGERS.replace("# language: ru", "# language: en")])
def test_a_file_pytest_bdd_would_read_otherwise_is_left_to_it(tmp_path: Path, text: str) -> None:
    """Carriage returns (pytest-bdd reads text mode: they become line ends) or another language: no shared
    document; pytest-bdd reads the file itself and reports its own errors."""
    from harness.suite import features

    path = tmp_path / "t.feature"
    path.write_bytes(text.encode("utf-8"))
    assert features.gherkin_data(path) is None
    assert features.gherkin_data(tmp_path / "missing.feature") is None
