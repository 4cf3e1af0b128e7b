"""The sentences of a rule unit (harness/rules/sentences.py): how the text is split and how a sentence is named."""

from __future__ import annotations

import pytest

from harness.common import paths
from harness.rules.corpus import load_corpus
from harness.rules.sentences import parse_ref, sentence_ref, split_sentences


@pytest.mark.parametrize(("text", "expected"), [
    ("Одно предложение.", ["Одно предложение."]),
    ("Первое. Второе!", ["Первое.", "Второе!"]),
    # a section number with its title and an abbreviation do not end a sentence
    ("На Шаге (511. Порядок применения эффектов.) в стек. После п. 511.7 это.", ["На Шаге (511. Порядок "
     "применения эффектов.) в стек.", "После п. 511.7 это."]),
    ("См. 534. Эффект замещения. Дальше", ["См. 534. Эффект замещения.", "Дальше"]),
    # «и т. д.» before a capital ends one; a short number before a capital too
    ("атака и т. д. Такие особенности", ["атака и т. д.", "Такие особенности"]),
    ("к описании Способности 2. Такая конструкция", ["к описании Способности 2.", "Такая конструкция"]),
    # inside quotes nothing ends
    ("Текст «Один. Два» и всё. Конец", ["Текст «Один. Два» и всё.", "Конец"]),
    ("нет конца", ["нет конца"]),
])
def test_split(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


def test_references() -> None:
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    assert parse_ref("classic:537.2#2") == ("classic:537.2", 2)
    assert sentence_ref("classic:537.2#2", corpus).startswith("Игроки для удобства могут отмечать")
    assert sentence_ref("classic:503.1.p1#1", corpus) == "Эффекты правил игры выполняются вне стека."
    for bad in ("classic:537.2", "classic:537.2#0", "537.2#1"):
        with pytest.raises(ValueError, match="sentence reference"):
            parse_ref(bad)
    with pytest.raises(ValueError, match="has 2 sentence"):
        sentence_ref("classic:537.2#3", corpus)
    with pytest.raises(ValueError, match="no rule unit"):
        sentence_ref("classic:999.9#1", corpus)
