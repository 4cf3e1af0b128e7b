"""Tests of finding rule units by id, number and Russian words (harness/rules/lookup.py, harness/rules/search.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.rules.corpus import Corpus, load_corpus, parse_rules_text
from harness.rules.lookup import Index, find, stems, words

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus(ROOT / "rules")


def ids(corpus: Corpus, query: str) -> list[str]:
    return [u.id for u in find(corpus, query)]


def test_words_and_stems() -> None:
    assert words("Шаман-Душегрыз, «гипноз» 4 ЁЖ_x") == ["шаман", "душегрыз", "гипноз", "4", "еж", "x"]
    assert stems("Мститель") == stems("Мстителя") == stems("мстителем") == {"мстител"}
    assert stems("срабатывающие") == stems("срабатывающая")
    assert stems("") == set()
    assert stems("…, – !") == set()


def test_exact_id(corpus: Corpus) -> None:
    assert ids(corpus, "heroes:113.6.ex1") == ["heroes:113.6.ex1"]
    assert ids(corpus, "heroes:113.6") == ["heroes:113.6"]
    assert ids(corpus, "  classic:503.1.b3 ") == ["classic:503.1.b3"]
    assert ids(corpus, "Heroes:113.3.dup2") == ["heroes:113.3.dup2"]


def test_bare_number_gives_the_clause_of_every_edition(corpus: Corpus) -> None:
    assert ids(corpus, "113.2") == ["classic:113.2", "heroes:113.2"]
    assert ids(corpus, "503.1") == ["classic:503.1"]
    assert ids(corpus, "113.6") == ["heroes:113.6"]
    assert ids(corpus, "113.2.") == ["classic:113.2", "heroes:113.2"]


def test_bare_number_includes_duplicates(corpus: Corpus) -> None:
    assert ids(corpus, "113.3") == ["classic:113.3", "heroes:113.3", "heroes:113.3.dup2"]


def test_number_with_edition(corpus: Corpus) -> None:
    assert ids(corpus, "classic:113.2") == ["classic:113.2"]
    assert ids(corpus, "heroes:503.1") == []


def test_number_path_to_item(corpus: Corpus) -> None:
    assert ids(corpus, "536.2.a") == ["classic:536.2.a"]
    assert ids(corpus, "113.2.ex1") == ["classic:113.2.ex1", "heroes:113.2.ex1"]


def test_section_number_gives_its_clauses(corpus: Corpus) -> None:
    assert ids(corpus, "537") == ["classic:537.1", "classic:537.2", "classic:537.3", "classic:537.4"]
    assert ids(corpus, "heroes:115") == ["heroes:115.1", "heroes:115.3", "heroes:115.4"]


def test_unknown_number_gives_nothing(corpus: Corpus) -> None:
    assert ids(corpus, "113.5") == []
    assert ids(corpus, "999") == []


def top(corpus: Corpus, query: str, n: int = 3) -> list[str]:
    return ids(corpus, query)[:n]


def test_word_forms(corpus: Corpus) -> None:
    assert top(corpus, "Мститель", 1) == top(corpus, "мстителю", 1) == ["classic:113.2.ex1"]
    assert set(top(corpus, "Талитха", 2)) == {"heroes:113.6.ex1", "heroes:113.7.ex1"}
    assert top(corpus, "Талитхой", 2) == top(corpus, "Талитха", 2)
    assert set(top(corpus, "Ореос", 2)) == {"classic:113.2.p2", "classic:113.2.ex2"}


@pytest.mark.parametrize(("one", "other"), [("точка", "точек"), ("порядок", "порядке"), ("один", "одного"),
                                             ("брать", "берёт"), ("взять", "берет"), ("ёж", "еж")])
def test_forms_where_the_stem_changes_meet_at_one_lemma(one: str, other: str) -> None:
    from harness.rules.search import analyzer

    assert analyzer().token(one).term == analyzer().token(other).term


def test_word_forms_in_both_editions(corpus: Corpus) -> None:
    found = find(corpus, "срабатывающие")
    assert {u.edition for u in found} == {"classic", "heroes"}
    assert "classic:113.1" in {u.id for u in found} and "heroes:113.1" in {u.id for u in found}


def test_kin_words_match_through_their_stems(corpus: Corpus) -> None:
    found = ids(corpus, "контроль")
    assert "classic:113.2.ex1" in found  # «под контроль», «контроля»
    assert "classic:536.3" in found  # «контролирующий»
    assert "classic:537.1.e" in found  # «контролировал»
    assert found.index("classic:113.2.ex1") < found.index("classic:537.1.e")  # the lemma weighs more


def test_partial_matches_come_after_full_ones(corpus: Corpus) -> None:
    index = Index(corpus)
    hits = index.search("Невтида контроль")
    assert hits[0].unit.id == "classic:113.2.ex1" and hits[0].full
    assert all(not h.full for h in hits[1:])
    hits = index.search("Невтида Талитха")  # no unit has both: the units of each, none empty-handed
    assert {h.unit.id for h in hits[:3]} >= {"classic:113.2.ex1"} and not any(h.full for h in hits)
    assert {"heroes:113.6.ex1", "heroes:113.7.ex1"} <= {h.unit.id for h in hits}


def test_ranking_is_by_score_alone(corpus: Corpus) -> None:
    for query in ("эффект порождённой атаки", "берется ли под контроль существо которое бьёт порождённой атакой",
                  "Невтида Талитха", "история боя"):
        hits = Index(corpus).search(query)
        scores = [round(h.score, 6) for h in hits]
        assert scores == sorted(scores, reverse=True) and scores[0] > 0, query


def test_full_matches_are_preferred_inside_the_score() -> None:
    from harness.rules.search import COVERAGE_FLOOR, coverage

    assert coverage(3, 3) == 1.0 and coverage(0, 0) == 1.0
    assert coverage(1, 3) < coverage(2, 3) < coverage(3, 3)
    assert coverage(0, 4) == COVERAGE_FLOOR
    # two units with the same words, one of them also holding the second query word: it comes first
    rf = parse_rules_text("900.1. Альфа бета.\n900.2. Альфа бета гамма.", "x.txt", "classic")
    hits = Index(Corpus([rf])).search("бета гамма")
    assert [h.unit.id for h in hits] == ["classic:900.2", "classic:900.1"] and hits[0].full and not hits[1].full


def test_words_with_edition_prefix(corpus: Corpus) -> None:
    assert set(top(corpus, "heroes:Талитха", 2)) == {"heroes:113.6.ex1", "heroes:113.7.ex1"}
    assert ids(corpus, "classic:Талитха") == []
    assert all(u.edition == "classic" for u in find(corpus, "classic: срабатывающие"))


@pytest.mark.parametrize("query", ["", "   ", "qwzxv", "Абракадабра", "!!!", "foo:бар"])
def test_no_match_gives_empty_list(corpus: Corpus, query: str) -> None:
    assert find(corpus, query) == []


def test_extra_searchable_names() -> None:
    rf = parse_rules_text("900.1. Пункт о картах.\n900.2. Другой пункт.", "x.txt", "classic")
    small = Corpus([rf])
    assert Index(small).find("Гномы") == []
    index = Index(small, extra={"classic:900.2": ["Гном-поджигатель"]})
    assert [u.id for u in index.find("гномов")] == ["classic:900.2"]
    assert [u.id for u in index.find("пункт")] == ["classic:900.1", "classic:900.2"]  # equal scores: corpus order


def test_find_uses_the_given_corpus() -> None:
    a = Corpus([parse_rules_text("900.1. Альфа.", "a.txt", "classic")])
    b = Corpus([parse_rules_text("900.1. Бета.", "b.txt", "heroes")])
    assert [u.id for u in find(a, "альфа")] == ["classic:900.1"]
    assert [u.id for u in find(b, "альфа")] == []
    assert [u.id for u in find(b, "900.1")] == ["heroes:900.1"]


def test_cli_lookup_prints_the_ranking_with_reasons(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from harness.cli import main

    assert main(["lookup", "--no-play", "--json", "точек", "срабатывания"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data[0]["id"] == "heroes:113.6" and data[0]["rank"] == 1 and data[0]["full"] is True
    assert [e["rank"] for e in data] == list(range(1, len(data) + 1)) and len(data) <= 5
    assert data[0]["score"] >= data[-1]["score"] > 0
    assert "точек → точка (текст единицы" in data[0]["reason"]
    assert [e["score"] for e in data] == sorted((e["score"] for e in data), reverse=True)  # by score alone
    assert "<mark>" not in data[0]["snippet"] and [data[0]["snippet"][a:b] for a, b in data[0]["marks"]]
    assert main(["lookup", "--no-play", "--json", "--top", "0", "точек", "срабатывания"]) == 0
    everything = json.loads(capsys.readouterr().out)
    assert len(everything) > len(data) and not everything[-1]["full"]
    monkeypatch.setenv("COLUMNS", "300")
    assert main(["lookup", "--no-play", "порядок", "появления"]) == 0
    out = capsys.readouterr().out
    assert "heroes:115.4" in out and "№1, оценка" in out and "появления → появление (текст единицы)" in out
    assert main(["lookup", "--no-play", "--json", "113.2"]) == 0  # numbers: as before, no score
    assert [(e["id"], "score" in e) for e in json.loads(capsys.readouterr().out)] == [("classic:113.2", False),
                                                                                    ("heroes:113.2", False)]
