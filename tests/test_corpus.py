"""Tests of the rules parser (harness/rules/corpus.py) on the real corpus and on small synthetic texts."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest

from harness.common.errors import InputError
from harness.rules.corpus import (
    EDITIONS,
    Corpus,
    load_corpus,
    load_rules_file,
    normalise,
    parse_rules_text,
    text_hash,
)

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus(RULES)


def _file(corpus: Corpus, name: str):
    return next(f for f in corpus.files if f.path == f"rules/{name}")


# --------------------------------------------------------------------------- counts


EXPECTED_KINDS = {
    "classic-113.txt": {"clause": 3, "example": 2, "paragraph": 2},
    "classic-503.txt": {"clause": 1, "bullet": 19, "paragraph": 2, "example": 1},
    "classic-536-538.txt": {"clause": 13, "item": 11, "example": 5, "bullet": 4},
    "heroes-113-115.txt": {"clause": 11, "example": 3, "paragraph": 4},
}
EXPECTED_TOTALS = {
    "classic-113.txt": 7,
    "classic-503.txt": 23,
    "classic-536-538.txt": 33,
    "heroes-113-115.txt": 18,
}


def test_files_are_loaded_in_name_order(corpus: Corpus) -> None:
    assert [f.path for f in corpus.files] == [f"rules/{n}" for n in sorted(EXPECTED_TOTALS)]
    assert [f.edition for f in corpus.files] == ["classic", "classic", "classic", "heroes"]
    assert corpus.editions == list(EDITIONS)


@pytest.mark.parametrize("name", sorted(EXPECTED_TOTALS))
def test_unit_count_per_file(corpus: Corpus, name: str) -> None:
    assert len(_file(corpus, name).units) == EXPECTED_TOTALS[name]


@pytest.mark.parametrize("name", sorted(EXPECTED_KINDS))
def test_unit_count_per_kind(corpus: Corpus, name: str) -> None:
    assert dict(Counter(u.kind for u in _file(corpus, name).units)) == EXPECTED_KINDS[name]


def test_total_units(corpus: Corpus) -> None:
    assert len(corpus.units) == len(corpus) == 81
    assert len(corpus.by_id) == 81


def test_classic_113_ids_in_order(corpus: Corpus) -> None:
    assert [u.id for u in _file(corpus, "classic-113.txt").units] == [
        "classic:113.1",
        "classic:113.2",
        "classic:113.2.ex1",
        "classic:113.2.p1",
        "classic:113.2.p2",
        "classic:113.2.ex2",
        "classic:113.3",
    ]


def test_classic_503_ids_in_order(corpus: Corpus) -> None:
    ids = [u.id for u in _file(corpus, "classic-503.txt").units]
    assert ids == (
        ["classic:503.1"]
        + [f"classic:503.1.b{i}" for i in range(1, 20)]
        + ["classic:503.1.p1", "classic:503.1.p2", "classic:503.1.ex1"]
    )


def test_classic_536_538_ids_in_order(corpus: Corpus) -> None:
    assert [u.id for u in _file(corpus, "classic-536-538.txt").units] == [
        "classic:536.1",
        "classic:536.1.1",
        "classic:536.2",
        "classic:536.2.a",
        "classic:536.2.b",
        "classic:536.2.c",
        "classic:536.2.d",
        "classic:536.3",
        "classic:536.4",
        "classic:536.4.ex1",
        "classic:536.5",
        "classic:537.1",
        *[f"classic:537.1.{c}" for c in "abcdefg"],
        "classic:537.2",
        "classic:537.2.ex1",
        "classic:537.2.ex2",
        "classic:537.3",
        "classic:537.3.ex1",
        "classic:537.4",
        "classic:538.1",
        *[f"classic:538.1.b{i}" for i in range(1, 5)],
        "classic:538.2",
        "classic:538.3",
        "classic:538.3.ex1",
    ]


def test_heroes_ids_in_order(corpus: Corpus) -> None:
    assert [u.id for u in _file(corpus, "heroes-113-115.txt").units] == [
        "heroes:113.1",
        "heroes:113.2",
        "heroes:113.2.ex1",
        "heroes:113.3",
        "heroes:113.4",
        "heroes:113.4.p1",
        "heroes:113.6",
        "heroes:113.6.ex1",
        "heroes:113.7",
        "heroes:113.7.ex1",
        "heroes:114.1",
        "heroes:114.1.p1",
        "heroes:113.3.dup2",
        "heroes:113.3.dup2.p1",
        "heroes:115.1",
        "heroes:115.1.p1",
        "heroes:115.3",
        "heroes:115.4",
    ]


# --------------------------------------------------------------------------- fields


def test_ids_are_ascii_unique_and_carry_the_edition(corpus: Corpus) -> None:
    ids = [u.id for u in corpus.units]
    assert len(ids) == len(set(ids))
    for u in corpus.units:
        assert u.id.isascii()
        assert u.id.startswith(f"{u.edition}:")
        assert u.file.startswith("rules/")


def test_parents_are_clauses_of_the_same_number(corpus: Corpus) -> None:
    for u in corpus.units:
        if u.kind == "clause":
            assert u.parent is None
            assert u.id.split(":", 1)[1].startswith(u.number)
        else:
            parent = corpus.get(u.parent or "")
            assert parent is not None and parent.kind == "clause"
            assert parent.number == u.number
            assert u.id.startswith(parent.id + ".")


def test_clause_fields(corpus: Corpus) -> None:
    u = corpus.get("classic:113.2")
    assert u is not None
    assert (u.kind, u.number, u.label, u.line, u.parent) == ("clause", "113.2", "113.2.", 5, None)
    assert (u.section, u.section_title) == ("113", "Срабатывающая особенность")
    assert u.file == "rules/classic-113.txt"
    assert u.text.startswith("Условие срабатывающей особенности начинается со слов:")
    sub = corpus.get("classic:536.1.1")
    assert sub is not None and (sub.number, sub.label, sub.line) == ("536.1.1", "536.1.1.", 3)


def test_examples_of_113_2(corpus: Corpus) -> None:
    ex1, ex2 = corpus.examples_of("classic:113.2")
    assert ex1.id == "classic:113.2.ex1" and ex2.id == "classic:113.2.ex2"
    assert ex1.label == ex2.label == "ПРИМЕР."
    assert "Невтида берёт Мстителя под контроль." in ex1.text and "(Мститель)" in ex1.text
    assert ex2.text == (
        "Ореос может объявить метание, только если ваше существо фактически излечилось на 2 или более раны."
    )
    assert (ex1.line, ex2.line) == (7, 13)
    assert [u.id for u in corpus.children("classic:113.2")] == [
        "classic:113.2.ex1",
        "classic:113.2.p1",
        "classic:113.2.p2",
        "classic:113.2.ex2",
    ]


def test_paragraph_with_naprimer_is_not_an_example(corpus: Corpus) -> None:
    u = corpus.get("heroes:115.3")
    assert u is not None and u.kind == "clause" and "Например," in u.text
    assert corpus.examples_of("heroes:115.3") == []


def test_numbered_examples_counted_in_order(corpus: Corpus) -> None:
    assert [(u.id, u.label) for u in corpus.examples_of("classic:537.2")] == [
        ("classic:537.2.ex1", "ПРИМЕР 1:"),
        ("classic:537.2.ex2", "ПРИМЕР 2:"),
    ]
    ex = corpus.get("classic:538.3.ex1")
    assert ex is not None and ex.label == "ПРИМЕР 1:" and ex.text.startswith("Скелетный червь")


def test_bullets(corpus: Corpus) -> None:
    b1 = corpus.get("classic:503.1.b1")
    b19 = corpus.get("classic:503.1.b19")
    assert b1 is not None and b19 is not None
    assert (b1.label, b1.text, b1.line) == ("·", "вскрытие карты;", 5)
    assert (b19.text, b19.line) == ("замещение особенности другой особенностью.", 41)
    b14 = corpus.get("classic:503.1.b14")
    assert (
        b14 is not None
        and b14.text == 'наложение эффекта от особенностей вида " начинает бой с [текст]" при вскрытии карты;'
    )
    b = corpus.get("classic:538.1.b4")
    assert b is not None and b.label == "●" and b.text.startswith("Если же эффект от [Способность 2]")


def test_lettered_items(corpus: Corpus) -> None:
    a = corpus.get("classic:536.2.a")
    g = corpus.get("classic:537.1.g")
    assert a is not None and (a.kind, a.label, a.parent, a.line) == ("item", "a.", "classic:536.2", 5)
    assert g is not None and (g.label, g.text, g.line) == ("g.", "прочую дополнительную информацию", 23)


def test_unnumbered_paragraphs(corpus: Corpus) -> None:
    p = corpus.get("heroes:113.4.p1")
    assert p is not None
    assert (p.kind, p.label, p.line) == ("paragraph", "", 13)
    assert p.text == "Каждую срабатывающую способность можно заявить не более одного раза за ход."
    p1 = corpus.get("classic:503.1.p1")
    assert p1 is not None and p1.text.startswith("Эффекты правил игры выполняются вне стека.")


def test_broken_example_is_one_unit(corpus: Corpus) -> None:
    ex = corpus.get("classic:536.4.ex1")
    assert ex is not None
    assert (ex.kind, ex.label, ex.line, ex.parent) == ("example", "ПРИМЕР:", 11, "classic:536.4")
    assert ex.text.startswith("Шаман-Душегрыз имеет текст “ :Заклинание “гипноз” – Открытое существо")
    assert "наносит по стоящей рядом карте и закрывается”." in ex.text
    assert ex.text.endswith("Шаман закроется после полного выполнения своей особенности.")
    assert "\n" not in ex.text
    nxt = corpus.get("classic:536.5")
    assert nxt is not None and nxt.line == 14
    warnings = [str(w) for w in _file(corpus, "classic-536-538.txt").warnings]
    assert warnings == [
        "rules/classic-536-538.txt:11: paragraph broken over lines 11–13; joined as one paragraph"
    ]


def test_duplicate_clause_number(corpus: Corpus) -> None:
    first = corpus.get("heroes:113.3")
    dup = corpus.get("heroes:113.3.dup2")
    assert first is not None and dup is not None
    assert (first.line, dup.line) == (9, 29)
    assert (dup.kind, dup.number, dup.label, dup.parent, dup.section) == (
        "clause",
        "113.3",
        "113.3.",
        None,
        "113",
    )
    assert dup.text == "Оплата активируемой способности происходит до её выполнения."
    child = corpus.get("heroes:113.3.dup2.p1")
    assert child is not None and child.parent == "heroes:113.3.dup2" and child.number == "113.3"
    assert [c.id for c in corpus.children("heroes:113.3")] == []
    warnings = _file(corpus, "heroes-113-115.txt").warnings
    assert len(warnings) == 1
    w = warnings[0]
    assert (w.file, w.line, w.message) == (
        "rules/heroes-113-115.txt",
        29,
        "clause number 113.3 also at line 9",
    )


def test_headings_are_not_units(corpus: Corpus) -> None:
    texts = {normalise(u.label + " " + u.text) for u in corpus.units} | {u.text for u in corpus.units}
    assert _file(corpus, "classic-113.txt").headings == [(1, "Срабатывающая особенность")]
    assert _file(corpus, "classic-503.txt").headings == [(1, "Эффекты правил игры.")]
    assert _file(corpus, "classic-536-538.txt").headings == [
        (1, "536. Эффекты, порождающие игродействия."),
        (15, "537. История боя."),
        (30, "538. Деепричастный оборот в текстах особенностей."),
    ]
    assert _file(corpus, "heroes-113-115.txt").headings == [
        (1, "Срабатывающая способность."),
        (23, "Активируемая способность."),
        (33, "Постоянная способность."),
    ]
    for f in corpus.files:
        for _, heading in f.headings:
            assert heading not in texts
        assert not any(u.line in {line for line, _ in f.headings} for u in f.units)
    assert corpus.get("classic:536") is None and corpus.get("classic:537") is None


def test_section_titles(corpus: Corpus) -> None:
    def title(uid: str) -> str:
        u = corpus.get(uid)
        assert u is not None
        return u.section_title

    assert title("classic:536.2.a") == "Эффекты, порождающие игродействия."
    assert title("classic:537.1") == "История боя."
    assert title("classic:503.1.b3") == "Эффекты правил игры."
    assert title("heroes:114.1.p1") == "Активируемая способность."
    assert title("heroes:115.4") == "Постоянная способность."
    # The duplicate 113.3 belongs by number to section 113, though it is printed under 114's heading.
    assert title("heroes:113.3.dup2") == "Срабатывающая способность."


def test_no_warnings_except_known_defects(corpus: Corpus) -> None:
    assert len(corpus.warnings) == 2
    assert _file(corpus, "classic-113.txt").warnings == []
    assert _file(corpus, "classic-503.txt").warnings == []


# --------------------------------------------------------------------------- hashes


def test_hash_is_sha256_of_normalised_text(corpus: Corpus) -> None:
    for u in corpus.units:
        assert u.hash == hashlib.sha256(normalise(u.text).encode("utf-8")).hexdigest()[:16]
        assert len(u.hash) == 16
    u = corpus.get("classic:113.1")
    assert u is not None and u.hash == "6128a04c99823af0"


def test_normalise() -> None:
    assert normalise("  a \t b\n\nc  ") == "a b c"
    assert normalise("e\u0301") == "\u00e9"  # NFC
    assert normalise("a\u00a0b") == "a b"  # no-break space is whitespace
    assert text_hash("a  b") == text_hash("a b\n") == text_hash("a\nb")
    assert text_hash("a b") != text_hash("a c")


def test_hashes_do_not_depend_on_whitespace_or_reflow() -> None:
    original = (RULES / "classic-113.txt").read_text(encoding="utf-8")
    reflowed = original.replace(", ", ",  ").replace(" – ", "\n– ").replace("\n\n", "\n  \n\n")
    a = parse_rules_text(original, "a.txt", "classic")
    b = parse_rules_text(reflowed, "a.txt", "classic")
    assert [(u.id, u.hash) for u in a.units] == [(u.id, u.hash) for u in b.units]
    assert [u.text for u in a.units] != [u.text for u in b.units]


def test_hash_changes_with_wording(corpus: Corpus) -> None:
    original = (RULES / "heroes-113-115.txt").read_text(encoding="utf-8")
    changed = parse_rules_text(
        original.replace("не более одного раза", "не более двух раз", 1), "h.txt", "heroes"
    )
    before = {u.id: u.hash for u in _file(corpus, "heroes-113-115.txt").units}
    after = {u.id: u.hash for u in changed.units}
    assert before.keys() == after.keys()
    assert [i for i in before if before[i] != after[i]] == ["heroes:113.4.p1"]


def test_crlf_and_bom_give_the_same_units(corpus: Corpus) -> None:
    original = (RULES / "classic-536-538.txt").read_text(encoding="utf-8")
    crlf = parse_rules_text("\ufeff" + original.replace("\n", "\r\n"), "rules/classic-536-538.txt", "classic")
    assert crlf.units == _file(corpus, "classic-536-538.txt").units


# --------------------------------------------------------------------------- synthetic texts


def test_one_paragraph_per_line_and_continuations() -> None:
    text = "\n".join(
        [
            "900. Раздел.",
            "900.1. Первый пункт",
            "продолжается строчной буквой.",
            "Второй абзац заканчивается пробелом ",
            "И продолжается здесь.",
            "Третий абзац «",
            "Цитата» закрыта.",
            "ПРИМЕР: пример",
            ": с двоеточием.",
            "Четвёртый абзац.",
        ]
    )
    f = parse_rules_text(text, "x.txt", "classic")
    assert [(u.id, u.line, u.text) for u in f.units] == [
        ("classic:900.1", 2, "Первый пункт продолжается строчной буквой."),
        ("classic:900.1.p1", 4, "Второй абзац заканчивается пробелом И продолжается здесь."),
        ("classic:900.1.p2", 6, "Третий абзац « Цитата» закрыта."),
        ("classic:900.1.ex1", 8, "пример : с двоеточием."),
        ("classic:900.1.p3", 10, "Четвёртый абзац."),
    ]
    assert f.headings == [(1, "900. Раздел.")]
    assert len(f.warnings) == 4  # four paragraphs broken over lines


def test_markers_always_start_a_new_paragraph() -> None:
    text = "900.1. Текст, который кончается пробелом \na. пункт\nb. пункт\n- тире-пункт\n• точка\nПРИМЕР 3. x"
    f = parse_rules_text(text, "x.txt", "classic")
    assert [(u.id, u.label) for u in f.units] == [
        ("classic:900.1", "900.1."),
        ("classic:900.1.a", "a."),
        ("classic:900.1.b", "b."),
        ("classic:900.1.b1", "-"),
        ("classic:900.1.b2", "•"),
        ("classic:900.1.ex1", "ПРИМЕР 3."),
    ]


def test_blank_line_separated_paragraphs_join_wrapped_lines() -> None:
    text = (
        "900.1. Пункт, перенесённый\nна вторую строку.\nИ на третью.\n\n"
        "Абзац.\n\nПРИМЕР. Пример\nв две строки."
    )
    f = parse_rules_text(text, "x.txt", "heroes")
    assert [(u.id, u.line, u.text) for u in f.units] == [
        ("heroes:900.1", 1, "Пункт, перенесённый на вторую строку. И на третью."),
        ("heroes:900.1.p1", 5, "Абзац."),
        ("heroes:900.1.ex1", 7, "Пример в две строки."),
    ]
    assert f.warnings == []


def test_unnumbered_heading_detection() -> None:
    text = "\n\n".join(
        [
            "Заголовок раздела",
            "900.1. Пункт.",
            "Короткий абзац.",
            "Не заголовок, запятая",
            "900.2. Пункт.",
            "Тоже абзац.",
            "Заголовок 901",
            "901.1. Пункт.",
        ]
    )
    f = parse_rules_text(text, "x.txt", "classic")
    assert f.headings == [(1, "Заголовок раздела"), (13, "Заголовок 901")]
    assert [u.id for u in f.units] == [
        "classic:900.1",
        "classic:900.1.p1",
        "classic:900.1.p2",
        "classic:900.2",
        "classic:900.2.p1",
        "classic:901.1",
    ]
    assert f.section_titles == {"900": "Заголовок раздела", "901": "Заголовок 901"}
    long = "Очень длинная строка из семи разных слов\n\n900.1. Пункт."
    g = parse_rules_text(long, "x.txt", "classic")
    assert g.headings == [] and g.units[0].id == "classic:900.p1"


def test_paragraph_before_first_clause_is_a_unit_with_a_warning() -> None:
    f = parse_rules_text(
        "900. Раздел.\nВступление, без номера.\n900.1. Пункт.", "rules/classic-900.txt", "classic"
    )
    intro = f.units[0]
    assert (intro.id, intro.kind, intro.parent, intro.number, intro.section) == (
        "classic:900.p1",
        "paragraph",
        None,
        "900",
        "900",
    )
    assert intro.section_title == "Раздел."
    assert [str(w) for w in f.warnings] == [
        "rules/classic-900.txt:2: paragraph before the first clause of section 900"
    ]
    g = parse_rules_text("Вступление, без номера.\n\n900.1. Пункт.", "x.txt", "classic")
    assert g.units[0].id == "classic:900.p1" and len(g.warnings) == 1


def test_third_duplicate_and_duplicate_items() -> None:
    text = "900.1. A.\n900.1. B.\na. x\na. y\n900.1. C.\nАбзац."
    f = parse_rules_text(text, "x.txt", "classic")
    assert [u.id for u in f.units] == [
        "classic:900.1",
        "classic:900.1.dup2",
        "classic:900.1.dup2.a",
        "classic:900.1.dup2.a.dup2",
        "classic:900.1.dup3",
        "classic:900.1.dup3.p1",
    ]
    messages = [(w.line, w.message) for w in f.warnings]
    assert (2, "clause number 900.1 also at line 1") in messages
    assert (5, "clause number 900.1 also at line 1") in messages
    assert (4, "unit id classic:900.1.dup2.a also at line 3") in messages


def test_cyrillic_item_letters_get_ascii_ids() -> None:
    f = parse_rules_text("900.1. Пункт:\n\nа. один\n\nб. два\n\nв. три\n\nя. последний", "x.txt", "heroes")
    assert [(u.id, u.label) for u in f.units[1:]] == [
        ("heroes:900.1.a", "а."),
        ("heroes:900.1.b", "б."),
        ("heroes:900.1.c", "в."),
        ("heroes:900.1.ag", "я."),
    ]
    assert len(f.warnings) == 4 and "Cyrillic" in f.warnings[0].message
    assert all(u.id.isascii() for u in f.units)


def test_example_markers() -> None:
    text = (
        "900.1. П.\n\nПРИМЕР. a\n\nПРИМЕР: b\n\nПРИМЕР 2: c\n\nПРИМЕР 10. d\n\nПримерно так.\n\nНапример, e."
    )
    f = parse_rules_text(text, "x.txt", "classic")
    assert [(u.kind, u.label, u.text) for u in f.units[1:]] == [
        ("example", "ПРИМЕР.", "a"),
        ("example", "ПРИМЕР:", "b"),
        ("example", "ПРИМЕР 2:", "c"),
        ("example", "ПРИМЕР 10.", "d"),
        ("paragraph", "", "Примерно так."),
        ("paragraph", "", "Например, e."),
    ]


# --------------------------------------------------------------------------- errors


def test_non_utf8_file_is_an_input_error(tmp_path: Path) -> None:
    p = tmp_path / "rules" / "classic-900.txt"
    p.parent.mkdir()
    p.write_bytes("900.1. Пункт.\n".encode() + b"900.2. \xff\xfe\n")
    with pytest.raises(InputError) as err:
        load_rules_file(p, tmp_path)
    (problem,) = err.value.problems
    assert problem.file == "rules/classic-900.txt" and problem.line == 2
    assert "UTF-8" in problem.message
    assert str(err.value).startswith("rules/classic-900.txt:2:")


@pytest.mark.parametrize("content", [b"", b"\n \n\t\n"])
def test_empty_file_is_an_input_error(tmp_path: Path, content: bytes) -> None:
    p = tmp_path / "heroes-1.txt"
    p.write_bytes(content)
    with pytest.raises(InputError) as err:
        load_rules_file(p, tmp_path)
    assert "heroes-1.txt" in str(err.value) and "empty" in str(err.value)


def test_unknown_edition_prefix_is_an_input_error(tmp_path: Path) -> None:
    p = tmp_path / "modern-113.txt"
    p.write_text("113.1. Пункт.", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_rules_file(p, tmp_path)
    (problem,) = err.value.problems
    assert problem.file == "modern-113.txt" and problem.field == "edition"
    assert "classic" in problem.message and "'modern'" in problem.message
    with pytest.raises(InputError):
        parse_rules_text("113.1. Пункт.", "x.txt", "modern")


def test_file_path_outside_root_is_kept_as_given(tmp_path: Path) -> None:
    p = tmp_path / "classic-900.txt"
    p.write_text("900.1. Пункт.", encoding="utf-8")
    f = load_rules_file(p, tmp_path / "elsewhere")
    assert f.path == p.as_posix() and f.units[0].file == p.as_posix()


def test_duplicate_ids_across_files_are_an_input_error(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    data = (RULES / "classic-113.txt").read_bytes()
    (rules / "classic-113.txt").write_bytes(data)
    (rules / "classic-113-copy.txt").write_bytes(data)
    with pytest.raises(InputError) as err:
        load_corpus(rules)
    assert len(err.value.problems) == 7
    first = err.value.problems[0]
    assert first.file == "rules/classic-113.txt" and first.line == 3
    assert "classic:113.1 also in rules/classic-113-copy.txt:3" in first.message


def test_load_corpus_reports_every_bad_file(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "classic-1.txt").write_bytes(b"")
    (rules / "other-2.txt").write_text("1.1. x", encoding="utf-8")
    (rules / "heroes-3.txt").write_text("3.1. x", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_corpus(rules)
    assert [p.file for p in err.value.problems] == ["rules/classic-1.txt", "rules/other-2.txt"]


def test_missing_or_empty_rules_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="not found"):
        load_corpus(tmp_path / "nope")
    with pytest.raises(InputError, match="no \\*.txt"):
        load_corpus(tmp_path)
