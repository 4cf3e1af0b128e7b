"""Tests of the lint (harness/quality/lint.py): every check on small synthetic texts and trees, the findings it
makes on the real corpus, and the `berserk-rules lint` command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness.cli import main
from harness.common import paths
from harness.quality.lint import (
    CHECKS,
    EDITION_TERMS,
    Finding,
    Project,
    Term,
    exit_code,
    lint_corpus,
    lint_paths,
    lint_project,
    lint_rules_text,
    step_definitions,
    unbalanced,
)
from harness.rules.corpus import load_corpus

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / "tests" / "data" / "editors" / "tree"


def codes(findings: list[Finding]) -> list[str]:
    return [f.code for f in findings]


def only(findings: list[Finding], code: str) -> list[Finding]:
    return [f for f in findings if f.code == code]


# ============================================================================== the rules text: synthetic

CLEAN = """\
900. Проверочный раздел.

900.1. Особенность срабатывает при атаке.

900.2. Особенность кладётся в стек.
"""


def test_a_clean_text_has_no_finding() -> None:
    assert lint_rules_text(CLEAN, "classic-900.txt") == []


def test_numbering_gap_is_found_at_the_clause_after_it() -> None:
    text = "900.1. Раз.\n\n900.2. Два.\n\n900.5. Пять.\n\n900.6. Шесть.\n"
    gaps = only(lint_rules_text(text, "classic-900.txt"), "R001")
    assert [(f.line, f.message) for f in gaps] == [(5, "900.3–900.4 are missing: 900.2 is followed by 900.5")]
    assert gaps[0].severity == "warning" and gaps[0].unit == "classic:900.5"


def test_a_section_that_does_not_start_at_one_and_sub_clauses() -> None:
    text = "900.2. Два.\n\n900.2.2. Два-два.\n"
    messages = [f.message for f in only(lint_rules_text(text, "classic-900.txt"), "R001")]
    assert messages == ["900.1 is missing: 900 starts at 900.2", "900.2.1 is missing: 900.2 starts at 900.2.2"]


def test_duplicate_out_of_order_and_outside_its_section() -> None:
    text = ("Первый раздел.\n\n900.1. Раз.\n\n900.2. Два.\n\nВторой раздел.\n\n901.1. Один.\n\n"
            "900.2. Снова два.\n\n901.2. Ещё.\n")
    found = lint_rules_text(text, "heroes-900.txt")
    at = {(f.code, f.line) for f in found}
    assert ("R002", 11) in at  # duplicate 900.2
    assert ("R003", 11) in at  # 900.2 after 901.1
    assert ("R006", 11) in at  # under the heading of section 901
    r006 = only(found, "R006")[0]
    assert "section 901" in r006.message and "Второй раздел." in r006.message
    assert ("R003", 13) not in at  # 901.2 after 901.1 is in order


def test_item_letters_skipped_and_out_of_order() -> None:
    text = "900.1. Список:\na. раз\nb. два\nd. четыре\nc. три\n"
    found = lint_rules_text(text, "classic-900.txt")
    assert [(f.code, f.line) for f in found if f.code in ("R001", "R003")] == [("R001", 4), ("R003", 5)]
    assert "«c.» of classic:900.1 is missing" in only(found, "R001")[0].message


@pytest.mark.parametrize(
    "examples, code, line",
    [
        (["ПРИМЕР 1: один."], "R004", 3),                       # «ПРИМЕР 1» alone
        (["ПРИМЕР 1: один.", "ПРИМЕР 3: три."], "R004", 5),     # 1, 3
        (["ПРИМЕР 2: два.", "ПРИМЕР 1: один."], "R004", 3),     # out of order
        (["ПРИМЕР: один.", "ПРИМЕР 2: два."], "R004", 5),       # mixed
        (["ПРИМЕР. один.", "ПРИМЕР. два."], "R005", 5),         # two, none numbered (info)
        (["ПРИМЕР 1: один.", "ПРИМЕР 2: два."], None, None),    # fine
        (["ПРИМЕР. один."], None, None),                        # fine
    ],
)
def test_example_numbering(examples: list[str], code: str | None, line: int | None) -> None:
    text = "900.1. Правило.\n\n" + "\n\n".join(examples) + "\n"
    found = [f for f in lint_rules_text(text, "classic-900.txt") if f.code in ("R004", "R005")]
    if code is None:
        assert found == []
    else:
        assert [(f.code, f.line) for f in found] == [(code, line)]
        assert found[0].severity == ("info" if code == "R005" else "warning")


def test_numbered_examples_are_counted_per_clause() -> None:
    text = "900.1. Раз.\n\nПРИМЕР 1: а.\n\n900.2. Два.\n\nПРИМЕР 2: б.\n"
    assert len(only(lint_rules_text(text, "classic-900.txt"), "R004")) == 2


@pytest.mark.parametrize(
    "text, problems",
    [
        ("обычный (текст) и [скобки] и {фигурные}", []),
        ("«ёлочки» и “лапки” и „немецкие“ и \"прямые\"", []),
        ("вложенные “внешние “внутренние” внешние”", []),
        ("незакрытая (скобка", ["'(' is never closed"]),
        ("лишняя) скобка", ["')' closes nothing"]),
        ("«не та» » кавычка", ["'»' closes nothing"]),
        ("скобка (и «кавычка) внутри", ["'«' is never closed (closed '(' first)"]),
        ("прямая \"одна", ['\'"\' is never closed']),
        ("a) пункт списка; b) ещё один", []),
        ("к 1 (если меньше 1) и к 6 (если больше 6)", []),
    ],
)
def test_unbalanced(text: str, problems: list[str]) -> None:
    assert [m for _, m in unbalanced(text)] == problems


def test_unbalanced_is_reported_per_unit_with_an_excerpt() -> None:
    text = "900.1. Правило (без конца.\n\nПРИМЕР. Всё “хорошо”.\n"
    found = only(lint_rules_text(text, "classic-900.txt"), "R007")
    assert [(f.line, f.unit) for f in found] == [(1, "classic:900.1")]
    assert "'(' is never closed" in found[0].message and "Правило (без" in found[0].message


def test_parser_warnings_become_findings() -> None:
    text = "900.1. Правило\nразорванное по строкам.\n900.2. Дальше.\n"
    found = lint_rules_text(text, "classic-900.txt")
    assert [(f.code, f.line) for f in only(found, "R008")] == [("R008", 1)]


def test_unnumbered_paragraph_is_info() -> None:
    text = "900.1. Правило.\n\nЕщё один абзац, без номера, с запятой.\n"
    found = only(lint_rules_text(text, "classic-900.txt"), "R010")
    assert [(f.severity, f.line, f.unit) for f in found] == [("info", 3, "classic:900.1.p1")]


# --------------------------------------------------------------------------- cross-references

def test_cross_references() -> None:
    text = (
        "900. Проверочный раздел.\n\n"
        "900.1. Смотрите (800. Порядок применения эффектов.) и 800.7.\n\n"
        "900.2. Смотрите также (см. 800. Порядок наложения эффектов.)\n\n"
        "900.3. Раздел 900. Проверочная глава. описан выше, а 900.9 нет; 900.1 есть.\n"
    )
    found = lint_rules_text(text, "classic-900.txt")
    r011 = only(found, "R011")
    assert [(f.line, f.unit) for f in r011] == [(5, "classic:900.2")]
    assert "«Порядок наложения эффектов»" in r011[0].message and "classic:900.1" in r011[0].message
    assert "[-применения-]{+наложения+}" in r011[0].message
    r012 = only(found, "R012")
    assert [f.line for f in r012] == [7] and "«Проверочный раздел.»" in r012[0].message
    r013 = only(found, "R013")  # 800 is outside the corpus: info, once per reference
    assert {f.line for f in r013} == {3, 5} and all(f.severity == "info" for f in r013)
    assert any("800.7" in f.message for f in r013)
    r014 = only(found, "R014")
    assert [f.line for f in r014] == [7] and "900.9" in r014[0].message


def test_a_reference_matching_the_heading_is_fine() -> None:
    text = "900. Проверочный раздел.\n\n900.1. См. 900. Проверочный раздел. и 900.1.\n"
    assert [f for f in lint_rules_text(text, "classic-900.txt") if f.code.startswith("R01") and
            f.code in ("R011", "R012", "R013", "R014")] == []


# --------------------------------------------------------------------------- terminology

def test_words_of_the_other_edition() -> None:
    heroes = "900.1. Способность кладётся в Очередь. Такой особенности нет в стеке.\n"
    found = only(lint_rules_text(heroes, "heroes-900.txt"), "R015")
    assert len(found) == 2 and all(f.severity == "warning" for f in found)
    assert any("«особенности»" in f.message and "classic word for ability" in f.message for f in found)
    assert any("«стеке»" in f.message for f in found)
    classic = "900.1. Особенность идёт в стек, [Способность 1] — это шаблон; очередь эффектов не Очередь.\n"
    found = only(lint_rules_text(classic, "classic-900.txt"), "R015")
    # the placeholder is info; «очередь эффектов» is an ordinary word, «Очередь» the heroes term
    assert sorted((f.severity, "Очередь" in f.message) for f in found) == [("info", False), ("warning", True)]


def test_term_pairs_are_data() -> None:
    assert {p.meaning for p in EDITION_TERMS} >= {"ability", "the stack"}
    assert Term("особенность", stem="особенност").matches("особенностями")
    assert not Term("особенность", stem="особенност").matches("особенно")
    assert Term("стек").matches("стеке") and not Term("стек").matches("стекло")
    assert Term("Очередь", case_sensitive=True).matches("Очереди")
    assert not Term("Очередь", case_sensitive=True).matches("очереди")


def test_spelling_variants() -> None:
    text = ("900.1. В определённых случаях карта-источник атакует.\n\n"
            "900.2. В определенным случае карта источник атакует.\n\n"
            "900.3. Эффект замещён; эффект замещено; на Шаге оплаты и на шаге замещения.\n")
    found = lint_rules_text(text, "classic-900.txt")
    r016 = only(found, "R016")
    assert len(r016) == 2
    assert any("«определенным»" in f.message and "«ё»" in f.message for f in r016)
    assert any("hyphen" in f.message and "карта-источник" in f.message for f in r016)
    r017 = only(found, "R017")  # «Шаге» / «шаге»; «замещён» / «замещено» is not a variant
    assert len(r017) == 1 and "«Шаге»" in r017[0].message and "«шаге»" in r017[0].message


def test_words_at_the_start_of_a_sentence_or_quote_are_not_capitalisation_variants() -> None:
    text = '900.1. Атака идёт. Атака «Атака» и "Атака" — атака.\n'
    assert only(lint_rules_text(text, "classic-900.txt"), "R017") == []


def test_unreadable_text() -> None:
    assert codes(lint_rules_text("   \n", "classic-900.txt")) == ["R000"]


# ============================================================================== the real corpus


@pytest.fixture(scope="module")
def real() -> list[Finding]:
    return lint_corpus(load_corpus(ROOT / "rules", root=ROOT))


HEROES, C536, C113, C503 = ("rules/heroes-113-115.txt", "rules/classic-536-538.txt", "rules/classic-113.txt",
                            "rules/classic-503.txt")


@pytest.mark.parametrize(
    "code, file, line, words",
    [
        ("R001", HEROES, 15, "113.5 is missing"),
        ("R001", HEROES, 39, "115.2 is missing"),
        ("R002", HEROES, 29, "113.3 is used twice"),
        ("R003", HEROES, 29, "113.3 comes after 114.1"),
        ("R006", HEROES, 29, "stands in section 114"),
        ("R004", C536, 38, "«ПРИМЕР 1» in classic:538.3 with no «ПРИМЕР 2»"),
        ("R005", C113, 13, "classic:113.2 has 2 examples"),
        ("R007", C536, 11, "classic:536.4.ex1: '(' is never closed"),
        ("R008", C536, 11, "broken over lines 11–13"),
        ("R010", HEROES, 13, "heroes:113.4.p1"),
        ("R011", C536, 34, "section 511 as «Порядок наложения эффектов»"),
        ("R013", C536, 3, "534"),
        ("R013", C536, 29, "120"),
        ("R013", C536, 24, "122"),
        ("R015", HEROES, 25, "«особенности»"),
        ("R015", C536, 6, "«способностью»"),
        ("R016", C113, 11, "«определенным»"),
        ("R017", C536, 33, "«шаге»"),
    ],
)
def test_findings_on_the_real_corpus(real: list[Finding], code: str, file: str, line: int, words: str) -> None:
    assert any(f.code == code and f.file == file and f.line == line and words in f.message for f in real), \
        [str(f) for f in real if f.file == file and f.line == line]


def test_no_false_bracket_in_classic_503(real: list[Finding]) -> None:
    assert not [f for f in real if f.code == "R007" and f.file == C503]


def test_the_real_corpus_has_no_error(real: list[Finding]) -> None:
    assert [f for f in real if f.severity == "error"] == []
    assert exit_code(real) == 0 and exit_code(real, "warning") == 1


def test_every_code_is_documented() -> None:
    import harness.quality.lint as lint

    for code, check in CHECKS.items():
        assert code in (lint.__doc__ or ""), code
        assert check.severity in ("error", "warning", "info")


# ============================================================================== the suite


@pytest.fixture
def tree(tmp_path: Path) -> Project:
    shutil.copytree(TREE, tmp_path / "tree")
    return Project(root=tmp_path / "tree")


def test_suite_checks_on_a_synthetic_tree(tree: Project) -> None:
    found = lint_project(tree)
    at = {(f.code, f.file, f.line) for f in found}
    feature = "features/classic/900-тест.feature"
    assert ("S002", feature, 13) in at                     # duplicate scenario name
    assert ("S004", feature, 12) in at                     # @asm:no-such-assumption
    assert ("S009", feature, 15) in at                     # «Когда гоблин танцует»
    assert ("S009", feature, 16) in at                     # a «Тогда» step used as a «Когда» one
    assert {f.message.split()[0] for f in only(found, "S003")} == {"@900.2", "@classic:900"}
    assert ("S007", feature, 26) in at                     # missing board
    assert {f.line for f in only(found, "S006")} == {3, 5}  # every problem of the bad board
    assert [f.file for f in only(found, "S008")] == ["scenarios/classic/unused.yaml"]
    assert [f.unit for f in only(found, "S005")] == ["classic:900.1.ex1"]
    assert ["unused-one" in f.message for f in only(found, "S010")] == [True]
    assert ["classic:900.7" in f.message for f in only(found, "S011")] == [True]
    assert codes(only(found, "V004")) == ["V004"]          # no lock yet: info
    assert "@asm:used-one" not in " ".join(f.message for f in found)
    assert exit_code(found) == 1


def test_the_unit_tag_hint(tree: Project) -> None:
    messages = " ".join(f.message for f in only(lint_project(tree), "S003"))
    assert "add the edition (@classic:900.2)" in messages
    assert "is a section, not a unit" in messages


def test_a_clean_tree_is_green(tree: Project) -> None:
    root = tree.root
    feature = root / "features" / "classic" / "900-тест.feature"
    feature.write_text(
        "# language: ru\nФункция: Тест\n\n  Правило: classic:900.1\n\n"
        "    @classic:900.1 @classic:900.1.ex1 @classic:900.2 @asm:used-one @asm:unused-one\n"
        "    Сценарий: [900.1-1] Гоблин на поле\n"
        "      Дано расклад \"classic/900.1-goblin.yaml\"\n"
        "      Тогда \"Гоблин\" на поле боя\n", encoding="utf-8")
    (root / "scenarios" / "classic" / "900.2-bad.yaml").unlink()
    (root / "scenarios" / "classic" / "unused.yaml").unlink()
    found = lint_project(tree)
    assert [f for f in found if f.severity == "error"] == [], [str(f) for f in found]


def test_step_definitions_are_read_from_the_registered_fixtures() -> None:
    defs = step_definitions()
    assert len(defs) >= 10
    board = [d for d in defs if d.matches('расклад "classic/x.yaml"')]
    assert board and board[0].type == "given"
    assert not any(d.matches("гоблин танцует") for d in defs)
    assert all(d.type in ("given", "when", "then", None) for d in defs)


def test_outline_steps_are_matched_after_substitution(tree: Project) -> None:
    feature = tree.root / "features" / "classic" / "900-тест.feature"
    feature.write_text(
        "# language: ru\nФункция: Тест\n\n  @classic:900.1\n  Структура сценария: [900.1-1] <карта>\n"
        "    Дано расклад \"classic/900.1-goblin.yaml\"\n    Тогда \"<карта>\" на <где>\n\n"
        "    Примеры:\n      | карта  | где      |\n      | Гоблин | поле боя |\n      | Гоблин | луне     |\n",
        encoding="utf-8")
    found = only(lint_paths([feature], project=tree), "S009")
    assert len(found) == 1 and "на луне" in found[0].message


def test_unparsable_feature(tree: Project) -> None:
    bad = tree.root / "features" / "classic" / "901-плохой.feature"
    bad.write_text("# language: ru\nДано шаг до функции\nФункция: Плохой\n", encoding="utf-8")
    found = only(lint_project(tree), "S001")
    assert [(f.file, f.line, f.severity) for f in found] == [("features/classic/901-плохой.feature", 2, "error")]


def test_lint_paths_by_kind(tree: Project) -> None:
    root = tree.root
    rules_only = lint_paths([root / "rules" / "classic-900.txt"], project=tree)
    assert {f.file for f in rules_only} == {"rules/classic-900.txt"}
    assert codes(rules_only) == ["R014"]
    board_only = lint_paths([root / "scenarios" / "classic" / "900.2-bad.yaml"], project=tree)
    assert set(codes(board_only)) - {"S013"} == {"S006"}  # S013: the synthetic board names no schema
    feature_only = lint_paths([root / "features" / "classic" / "900-тест.feature"], project=tree)
    assert {"S002", "S003", "S004", "S007", "S009"} <= set(codes(feature_only))
    assert "S005" not in codes(feature_only) and "S008" not in codes(feature_only)
    missing = lint_paths([root / "nothing.feature"], project=tree)
    assert [f.severity for f in missing] == ["error"]


# ============================================================================== review findings


def test_needs_review_is_an_error_and_approve_clears_it(tree: Project) -> None:
    from harness.rules.review import approve

    rules = tree.root / "rules"
    approve(rules, [], all_units=True, root=tree.root)
    assert not [f for f in lint_project(tree) if f.code.startswith("V")]
    text = (rules / "classic-900.txt").read_text(encoding="utf-8")
    (rules / "classic-900.txt").write_text(text.replace("при атаке", "при ударе") + "\n900.3. Новое.\n",
                                           encoding="utf-8")
    found = lint_project(tree)
    v001 = only(found, "V001")
    assert {f.line for f in v001} == {8, 13}  # both scenarios naming classic:900.1
    assert all("classic:900.1 changed wording" in f.message and f.severity == "error" for f in v001)
    assert [f.unit for f in only(found, "V002")] == ["classic:900.3"]  # new, named by no scenario
    approve(rules, ["classic:900.1", "classic:900.3"], root=tree.root)
    assert not [f for f in lint_project(tree) if f.code.startswith("V")]


def test_stale_and_malformed_lock(tree: Project) -> None:
    from harness.rules.review import approve, lock_path

    rules = tree.root / "rules"
    approve(rules, [], all_units=True, root=tree.root)
    lock = lock_path(rules)
    lock.write_text(lock.read_text(encoding="utf-8").replace("units:\n", 'units:\n  "classic:900.8": "0123456789abcdef"\n', 1),
                    encoding="utf-8")
    assert ["classic:900.8" in f.message for f in only(lint_project(tree), "V003")] == [True]
    lock.write_text("version: 1\nunits:\n  classic:900.1: 12\n", encoding="utf-8")
    bad = only(lint_project(tree), "V005")
    assert bad and bad[0].line == 3 and bad[0].severity == "error"


# ============================================================================== the command


def test_cli_lint_json_and_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    good = tmp_path / "classic-900.txt"
    good.write_text("900.1. Правило (без конца.\n", encoding="utf-8")
    assert main(["lint", str(good), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["exit_code"] == 0 and data["counts"]["warning"] == 1
    assert data["findings"][0]["code"] == "R007" and data["findings"][0]["check"] == "unbalanced"
    assert main(["lint", str(good), "--fail-on", "warning"]) == 1
    out = capsys.readouterr().out
    assert "warning R007 unbalanced" in out and "1 finding(s)" in out


def test_cli_lint_an_unknown_step_is_an_error(capsys: pytest.CaptureFixture[str], tree: Project,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(paths, "ROOT", tree.root)
    monkeypatch.setattr(paths, "RULES", tree.root / "rules")
    monkeypatch.setattr(paths, "FEATURES", tree.root / "features")
    monkeypatch.delenv("BERSERK_RULES_DIR", raising=False)
    feature = tree.root / "features" / "classic" / "900-тест.feature"
    assert main(["lint", str(feature)]) == 1
    assert "S009 step-undefined" in capsys.readouterr().out


def test_cli_lint_the_real_rules_folder(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["lint", str(ROOT / "rules"), "--json"])
    data = json.loads(capsys.readouterr().out)
    found = {(f["code"], f["file"], f["line"]) for f in data["findings"]}
    assert ("R001", HEROES, 15) in found and ("R011", C536, 34) in found
    assert code == data["exit_code"]


def test_one_id_per_scenario_across_the_suite(tree: Project) -> None:
    """S023: the id (edition and bracket tag) of two scenarios in two files; S024: a name without a tag."""
    other = tree.root / "features" / "classic" / "901-другой.feature"
    other.write_text("# language: ru\nФункция: Другой\n\n  @classic:900.1\n  Сценарий: [900.1-1] тот же тег\n"
                     "    Дано расклад \"classic/900.1-goblin.yaml\"\n    Тогда \"Гоблин\" на поле боя\n\n"
                     "  @classic:900.1\n  Сценарий: без тега\n"
                     "    Дано расклад \"classic/900.1-goblin.yaml\"\n    Тогда \"Гоблин\" на поле боя\n",
                     encoding="utf-8")
    found = lint_project(tree)
    dup = only(found, "S023")
    assert [(f.file, f.line) for f in dup] == [("features/classic/901-другой.feature", 5)]
    assert "classic:900.1-1" in dup[0].message and dup[0].severity == "error"
    assert [(f.file, f.line) for f in only(found, "S024")] == [("features/classic/901-другой.feature", 10)]


def test_a_catalog_card_with_invented_facts_needs_its_tag(tree: Project) -> None:
    """S030: a scenario whose board uses a catalog card with invented stats or text carries
    @asm:card-stats-unknown; the real suite has none without it."""
    from harness.quality.lint import _invented_catalog_cards

    board = ROOT / "scenarios" / "classic" / "113.1-невтида.yaml"
    assert _invented_catalog_cards(board, Project()) == ["«Невтида»"]
    vanilla = ROOT / "scenarios" / "classic" / "113.2-в-начале-хода-оба.yaml"     # pool cards only
    assert _invented_catalog_cards(vanilla, Project()) == []
    assert [f for f in lint_project(Project()) if f.code == "S030"] == []


UNORDERED = """# language: ru
Функция: Порядок

  @classic:900.1
  Сценарий: [900.1-1] две гибели в одном применении поставлены в порядок
    Дано расклад "classic/900.1-goblin.yaml"
    Тогда сработавшие эффекты правил игры идут в таком порядке:
      | эффект | карта  |
      | гибель | Гоблин |
      | гибель | Тролль |

  @classic:900.1
  Сценарий: [900.1-2] в истории боя две гибели подряд
    Дано расклад "classic/900.1-goblin.yaml"
    Тогда игродействия в истории боя идут в таком порядке:
      | действие | карта  |
      | удар     | Гоблин |
      | гибель   | Гоблин |
      | гибель   | Тролль |

  @classic:900.1
  Сценарий: [900.1-3] без порядка, или разные эффекты по порядку
    Дано расклад "classic/900.1-goblin.yaml"
    Тогда сработали эффекты правил игры, порядок не задан:
      | эффект | карта  |
      | гибель | Гоблин |
      | гибель | Тролль |
    И сработавшие эффекты правил игры идут в таком порядке:
      | эффект                                   | карта  |
      | наложение эффекта постоянной особенности | Гоблин |
      | снятие эффекта постоянной особенности    | Гоблин |

  @classic:900.1 @asm:used-one
  Сценарий: [900.1-4] порядок назван допущением, которое упорядочивает эффекты правил
    Дано расклад "classic/900.1-goblin.yaml"
    Тогда сработавшие эффекты правил игры идут в таком порядке:
      | эффект | карта  |
      | гибель | Гоблин |
      | гибель | Тролль |

  @classic:900.1 @asm:unused-one
  Сценарий: [900.1-5] допущение, которое ничего не упорядочивает, не оправдывает порядок
    Дано расклад "classic/900.1-goblin.yaml"
    Тогда сработавшие эффекты правил игры идут в таком порядке:
      | эффект | карта  |
      | гибель | Гоблин |
      | гибель | Тролль |
"""


def test_an_exact_order_the_text_does_not_give_is_flagged(tree: Project) -> None:
    """S031: an exact-order table (rule effects, or the battle history) with two rows in a row naming the same
    rule effect — simultaneous instances the text does not order — is an error, unless the scenario names a
    reading or an assumption whose entry says it orders rule effects (orders: rule-effects); different rule
    effects in order, and the order-free step, are not flagged. The real suite has none."""
    register = tree.root / "rules" / "assumptions.yaml"
    register.write_text(register.read_text(encoding="utf-8").replace(
        "    units: [classic:900.1]\n", "    units: [classic:900.1]\n    orders: rule-effects\n", 1), encoding="utf-8")
    feature = tree.root / "features" / "classic" / "902-порядок.feature"
    feature.write_text(UNORDERED, encoding="utf-8")
    flagged = only(lint_project(tree), "S031")
    shown = "features/classic/902-порядок.feature"
    assert [(f.file, f.line) for f in flagged] == [(shown, 7), (shown, 15), (shown, 44)]
    assert all(f.severity == "error" and "«гибель»" in f.message for f in flagged)
    assert [f for f in lint_project(Project()) if f.code == "S031"] == []
